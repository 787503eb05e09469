//! The command line (CLI.md): clap-derive arguments, checked into domain values by each
//! command before anything runs.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

mod looks;
mod table;

pub use looks::*;
pub use table::*;

const EXAMPLES: &str = "\
Examples:
  golf score --rules classic \"5 K Q / 5 2 J\"
  golf new --rules classic --house out-penalty-10 ann bob
  golf hole ann=\"5 K Q / 5 2 J\" bob=\"2 7 Q / 2 7 Q\" --out bob
  golf card
  golf finish
  golf import examples/classic-9-holes.toml";

/// golf — scorekeeper and house-rules referee for the card game Golf.
///
/// Type each player's face-up grid at the end of a hole; golf scores it under the agreed
/// variant and house rules, refuses hands that cannot have been dealt, explains every point
/// with its source, and keeps matches, penalties and tiebreaks in SQLite.
#[derive(Debug, Parser)]
#[command(name = "golf", version, help_expected = true, after_help = EXAMPLES)]
pub struct Cli {
    /// The SQLite database file [default: the user's data directory, golf/golf.db].
    #[arg(long, env = "GOLF_DB", global = true, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Print one JSON document to stdout instead of tables.
    #[arg(long, global = true)]
    pub json: bool,
    /// When to use colour (NO_COLOR is honoured).
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
    /// Tables as wide as they need, with every column and full headers (by default they fit
    /// the terminal, or 80 columns when output is not a terminal).
    #[arg(long, global = true)]
    pub wide: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when stdout is a terminal and NO_COLOR is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Colour forced on (`always`) or off (`never`), or `None` (`auto`) for the output to
    /// decide from `NO_COLOR` and whether stdout is a terminal.
    pub fn forced(self) -> Option<bool> {
        match self {
            ColorChoice::Auto => None,
            ColorChoice::Always => Some(true),
            ColorChoice::Never => Some(false),
        }
    }
}

/// A subcommand's arguments, built only when that subcommand is the one run (clap's
/// `Command::defer`): each run builds the names and one-line help of every subcommand but
/// the arguments of one. Parses and reads exactly as `T`.
#[derive(Debug, Clone)]
pub struct Lazy<T>(pub T);

impl<T: clap::FromArgMatches> clap::FromArgMatches for Lazy<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Lazy)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
}

impl<T: Args> Args for Lazy<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(keeping_help::<T, false>)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(keeping_help::<T, true>)
    }
}

/// `T`'s arguments added to `cmd`, whose own help (from the subcommand's doc comment,
/// set before) stays: added eagerly, `T`'s were added first and the subcommand's won.
fn keeping_help<T: Args, const UPDATE: bool>(cmd: clap::Command) -> clap::Command {
    let (about, long_about) = (cmd.get_about().cloned(), cmd.get_long_about().cloned());
    let mut cmd = match UPDATE {
        false => T::augment_args(cmd),
        true => T::augment_args_for_update(cmd),
    };
    if let Some(about) = about {
        cmd = cmd.about(about);
    }
    if let Some(long_about) = long_about {
        cmd = cmd.long_about(long_about);
    }
    cmd
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score one grid without a match: every matched set, card and bonus with its rule and source.
    #[command(
        after_help = "Examples:\n  golf score --rules classic \"5 K Q / 5 2 J\"\n  golf score --rules eight-card \"6 4 9 9 / A K 9 9\"\n  golf score --rules play-nine \"-5 8 8 3 / HIO 8 8 4\"\n  golf score --rules classic --house underdog --out ann \\
      ann=\"7 J 8 / 10 8 7\" bob=\"3 8 4 / A 8 4\"\n  golf score --rules classic --house horizontal-pairs 7 7 3 / 4 5 6\n  golf score --rules ./our-rules.toml --json \"Qs Qh 2 / K 3 JK\""
    )]
    Score(Lazy<ScoreArgs>),
    /// List, show, compare and check rules files.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// Show the rulings that answer a question in players' words, or list them all.
    #[command(
        after_help = "Examples:\n  golf ruling\n  golf ruling swap\n  golf ruling the discard pile is empty\n  golf ruling is a king zero\n  golf ruling --rules six-card what is a joker worth"
    )]
    Ruling(Lazy<RulingArgs>),
    /// Start a match: players in seating order (the deal rotates through them).
    #[command(
        after_help = "Examples:\n  golf new --rules classic ann bob cat\n  golf new --rules eight-card --holes 18 --tiebreak countback,shared \\
      --name \"Friday\" ann bob\n  golf new --rules six-card --house out-penalty-10 --decks 2 ann bob cat dan"
    )]
    New(Lazy<NewArgs>),
    /// Record the next hole: every player's grid (or a bare score), then show the standings.
    #[command(
        after_help = "Examples:\n  golf hole ann=\"5 K Q / 5 2 J\" bob=\"2 7 Q / 2 7 Q\" --out bob\n  golf hole ann=12 bob=\"2 7 Q / 2 7 Q\"     (a bare number is recorded unchecked)\n  golf hole                               (on a terminal: asks for each grid)\n  golf hole --playoff ann=\"K K 3 / K K 4\" bob=\"9 9 9 / 2 3 4\""
    )]
    Hole(Lazy<HoleArgs>),
    /// Correct a recorded hole; the old entry stays in the match's audit log.
    #[command(
        after_help = "Examples:\n  golf amend 3 bob=\"2 7 Q / 2 7 K\"\n  golf amend 3 --out ann"
    )]
    Amend(Lazy<AmendArgs>),
    /// Withdraw the last thing recorded, a hole or a penalty, whichever came last (kept in
    /// the audit log).
    #[command(
        after_help = "Withdraws the last hole or the last penalty, whichever was recorded last; run it again to go further back. `golf log` shows what was withdrawn.\n\nExample:\n  golf undo"
    )]
    Undo(Lazy<MatchArg>),
    /// Record a tournament penalty (Official §6.3).
    #[command(
        after_help = "Examples:\n  golf penalty bob --illegal-move\n  golf penalty cat --late 3\n  golf penalty ann --points 5 --reason \"looked at a face-down card\""
    )]
    Penalty(Lazy<PenaltyArgs>),
    /// Run a tournament (Official §6): several rounds, players seated at tables, each table
    /// an ordinary match, one standing over every round.
    #[command(subcommand)]
    Tournament(TournamentCommand),
    /// Show a match's scorecard, or write it as a picture to share (PNG or SVG).
    #[command(
        after_help = "Examples:\n  golf card\n  golf card 12 --json\n  golf card --png card.png\n  golf card 12 --svg card.svg"
    )]
    Card(Lazy<CardArgs>),
    /// Each player's chance to win the match in progress (the rest of the match played many
    /// times), with its ±, and what each needs to catch the leader.
    #[command(
        after_help = "Examples:\n  golf odds\n  golf odds --match 12 --samples 100000 --seed 7 --json\n  golf odds --check --rules classic"
    )]
    Odds(Lazy<OddsArgs>),
    /// Close a match after its last hole, breaking any tie by the match's tiebreak chain.
    #[command(after_help = "Example:\n  golf finish")]
    Finish(Lazy<MatchArg>),
    /// Past matches, newest first.
    #[command(after_help = "Examples:\n  golf history\n  golf history --player ann --limit 5")]
    History(Lazy<HistoryArgs>),
    /// A match's audit log: every amendment and every withdrawn hole or penalty, with when,
    /// what it was and what it became.
    #[command(after_help = "Examples:\n  golf log\n  golf log 12 --json")]
    Log(Lazy<MatchArg>),
    /// What a recorded match would have been under other rules: every hole re-scored from
    /// the grids as typed, old and new totals and winners side by side. Changes nothing.
    #[command(
        after_help = "Examples:\n  golf rescore 12 --house horizontal-pairs\n  golf rescore 12 --rules six-card --house out-penalty-10"
    )]
    Rescore(Lazy<RescoreArgs>),
    /// Per player over finished matches: matches, wins (shared apart), holes, mean and
    /// median hole, best and worst hole and match, holes ended and what it cost.
    #[command(
        after_help = "Examples:\n  golf stats\n  golf stats --player ann --rules classic --since 2026-01-01"
    )]
    Stats(Lazy<StatsArgs>),
    /// Every finished match two players both played: who finished lower, by how much,
    /// holes each won against the other, and the tally.
    #[command(after_help = "Example:\n  golf head-to-head ann bob")]
    HeadToHead(Lazy<HeadToHeadArgs>),
    /// The leaderboard by rating over finished matches (Weng–Lin or Plackett–Luce) with the
    /// change over the last night; --check, how well each method predicted this table.
    #[command(
        after_help = "Examples:\n  golf ratings\n  golf ratings --rules classic --holes 9 --since 2026-09-01\n  golf ratings --method plackett-luce\n  golf ratings --check\n  golf chart --ratings"
    )]
    Ratings(Lazy<RatingsArgs>),
    /// Running totals per player hole by hole, drawn in the terminal or written as SVG;
    /// with --player, a player's hole scores over their matches.
    #[command(
        after_help = "Examples:\n  golf chart\n  golf chart 12 --svg match-12.svg\n  golf chart --player ann\n  golf chart --ratings --method plackett-luce --svg ratings.svg\n  golf chart --odds-check --svg odds.svg"
    )]
    Chart(Lazy<ChartArgs>),
    /// Every match (or the ones named), lossless as JSON that `golf import` reads back, or
    /// as CSV for spreadsheets (a row per match, hole and player).
    #[command(
        after_help = "Examples:\n  golf export --output golf.json\n  golf export --format csv --match 12 > match-12.csv"
    )]
    Export(Lazy<ExportArgs>),
    /// Record a whole match from a scoresheet TOML file in one transaction.
    #[command(after_help = "Example:\n  golf import examples/classic-9-holes.toml")]
    Import(Lazy<ImportArgs>),
    /// Write a consistent, verified copy of the database.
    #[command(after_help = "Example:\n  golf backup ~/golf-backup.db")]
    Backup(Lazy<BackupArgs>),
    /// Check the database's integrity; print its path and schema version.
    #[command(after_help = "Example:\n  golf check")]
    Check,
    /// Serve the match in play to every phone at the table: a live scorecard page, and with
    /// the key the scorekeeper's page to record holes by tapping cards (Ctrl-C stops).
    ///
    /// With --tournament, every table of a tournament's round, each with a key of its own,
    /// and the tournament's board for a TV.
    #[command(
        after_help = "Examples:\n  golf serve\n  golf serve --match 12 --port 8080\n  golf serve --local --port 0 --json\n  golf serve --tournament \"Club night\""
    )]
    Serve(Lazy<ServeArgs>),
    /// Bots play whole matches under any rules; the figures with 95% intervals, and with
    /// --vs the paired differences of two rule sets played on the same shuffles.
    #[command(
        after_help = "Examples:\n  golf simulate --rules classic --matches 2000\n  golf simulate --rules classic --vs classic --vs-house out-penalty-10 \\
      --matches 5000\n  golf simulate --rules four-card --bots random,greedy,counting --players 3 \\
      --seed 7\n  golf simulate --rules classic --matches 2 --trace trace.jsonl \\
      --export sim.json\n  golf simulate --rules classic --vs classic --vs-house with-jokers"
    )]
    Simulate(Lazy<SimulateArgs>),
    /// Every legal move of a position as a player sees it, best first, with its expected hole
    /// score, what it gives away and its mark.
    #[command(
        after_help = "Examples:\n  golf advise --rules classic --grid \"5 ? Q / ?7 2 ?\" --discard 5\n  golf advise --rules classic --grid \"5 9 Q / K 2 ?\" --discard 4 \\\n      --drawn 9 --seen \"3 J\" --other bob=\"? 4 ? / ? 8 ?\"\n  golf advise --rules classic --grid \"5 9 ? / 5 2 J\" --discard 9 \\\n      --other bob=\"K K 3 / 4 A 2\" --ended --json"
    )]
    Advise(Lazy<AdviseArgs>),
    /// Change a match in play: its decks, a player's name (or a substitute), its holes.
    #[command(subcommand)]
    Match(MatchCommand),
    /// Abandon a match: it is kept and marked abandoned, takes no more holes, has no result.
    #[command(after_help = "Examples:\n  golf abandon\n  golf abandon 12")]
    Abandon(Lazy<MatchArg>),
    /// Delete a match (a test match, the README's example): it leaves history, stats and
    /// ratings, is listed in its audit log, and can be restored. A tournament's match
    /// cannot be deleted.
    #[command(after_help = "Examples:\n  golf delete 12\n  golf restore 12")]
    Delete(Lazy<DeleteArgs>),
    /// Restore a deleted match: back in history, stats and ratings as it was.
    #[command(after_help = "Example:\n  golf restore 12")]
    Restore(Lazy<DeleteArgs>),
    /// Show the defaults in force (rules, house rules, decks, tiebreak, database) and where
    /// each comes from: a flag, GOLF_DB, the config file, or golf's own; or write the file.
    #[command(
        after_help = "Examples:\n  golf config\n  golf config init\n  golf config set rules six-card\n  golf config set house out-penalty-10,underdog"
    )]
    Config(ConfigArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    #[command(
        after_help = "Examples:\n  golf completions bash > ~/.local/share/bash-completion/completions/golf\n  golf completions zsh > ~/.zfunc/_golf"
    )]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) of golf or of one subcommand, or write every page to a
    /// folder (golf.1, golf-hole.1, golf-rules-sheet.1…) to install.
    #[command(
        after_help = "Examples:\n  golf man | man -l -\n  golf man hole | man -l -\n  golf man rules sheet > golf-rules-sheet.1\n  golf man --dir /usr/local/share/man/man1"
    )]
    Man(ManArgs),
}

/// `golf man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (`hole`, or `rules sheet`); none for golf's own.
    #[arg(value_name = "SUBCOMMAND")]
    pub names: Vec<String>,
    /// Write every page, one per command and subcommand, into this folder instead.
    #[arg(long, value_name = "DIR", conflicts_with = "names")]
    pub dir: Option<PathBuf>,
}

/// `golf score`.
#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// A bundled variant (`golf rules list`) or the path of a rules file.
    #[arg(long, value_name = "NAME|FILE", value_parser = RulesName::Variant, hide_possible_values = true)]
    pub rules: Option<String>,
    /// A house rule to apply on top, in order (repeatable); `none` clears the config file's.
    #[arg(long = "house", value_name = "RULE", value_parser = RulesName::House, hide_possible_values = true)]
    pub house: Vec<String>,
    /// Decks in play, for the deck check [default: the variant's].
    #[arg(long, value_name = "N")]
    pub decks: Option<u32>,
    /// Who went out, when scoring a whole hole.
    #[arg(long, value_name = "PLAYER", conflicts_with = "knock", add = players())]
    pub out: Option<String>,
    /// Who knocked, when scoring a whole hole.
    #[arg(long, value_name = "PLAYER", add = players())]
    pub knock: Option<String>,
    /// The grid: rows separated by `/`, cards by spaces (read from stdin when absent); or a
    /// whole hole as PLAYER=GRID for each player. A grid may begin with a negative card.
    #[arg(value_name = "GRID | PLAYER=GRID", allow_negative_numbers = true)]
    pub grid: Vec<String>,
}

/// `golf advise`.
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// A bundled variant (`golf rules list`) or the path of a rules file.
    #[arg(long, value_name = "NAME|FILE", value_parser = RulesName::Variant, hide_possible_values = true)]
    pub rules: Option<String>,
    /// A house rule to apply on top, in order (repeatable).
    #[arg(long = "house", value_name = "RULE", value_parser = RulesName::House, hide_possible_values = true)]
    pub house: Vec<String>,
    /// Players at the table, 1 to 16 [default: 1 + the --other grids].
    #[arg(long, value_name = "N")]
    pub players: Option<u64>,
    /// The player's grid: `?` a face-down card, `?5` one they have peeked at (a 5).
    #[arg(long, value_name = "GRID", allow_hyphen_values = true)]
    pub grid: String,
    /// The discard pile's top card.
    #[arg(long, value_name = "CARD", allow_hyphen_values = true)]
    pub discard: String,
    /// The card just drawn from the stock: the choices are then where to swap it or to
    /// discard it.
    #[arg(long, value_name = "CARD", allow_hyphen_values = true)]
    pub drawn: Option<String>,
    /// Every other card seen this hole (the discard pile beneath the top, cards others
    /// swapped away), space-separated.
    #[arg(long, value_name = "CARDS", allow_hyphen_values = true)]
    pub seen: Option<String>,
    /// Another player's grid as it lies (`?` face down), as PLAYER=GRID (repeatable).
    #[arg(long, value_name = "PLAYER=GRID", allow_hyphen_values = true)]
    pub other: Vec<String>,
    /// Another player has already ended the hole: this is the player's final turn.
    #[arg(long)]
    pub ended: bool,
    /// Also play out every move within 2 points of the best to the end of the hole, every
    /// seat played by the expert (rollouts), and order the moves by it.
    #[arg(long)]
    pub deep: bool,
    /// Play-outs of each move with --deep (1 to 100,000) [default: 1,000].
    #[arg(long, value_name = "N", requires = "deep")]
    pub samples: Option<u64>,
    /// The seed of the play-outs with --deep: the same seed, the same figures [default: 0].
    #[arg(long, value_name = "N", requires = "deep")]
    pub seed: Option<u64>,
}

/// `golf simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// A bundled variant (`golf rules list`) or the path of a rules file.
    #[arg(long, value_name = "NAME|FILE", value_parser = RulesName::Variant, hide_possible_values = true)]
    pub rules: Option<String>,
    /// A house rule to apply on top, in order (repeatable).
    #[arg(long = "house", value_name = "RULE", value_parser = RulesName::House, hide_possible_values = true)]
    pub house: Vec<String>,
    /// Players at the table, 1 to 16.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub players: u64,
    /// Holes per match [default: the rules'].
    #[arg(long, value_name = "N")]
    pub holes: Option<u64>,
    /// Matches to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub matches: u64,
    /// The bot in each seat, comma-separated (random, greedy, counting, expert, expert-deep,
    /// expert-match); the last is repeated for the remaining seats.
    #[arg(
        long,
        value_name = "B[,B...]",
        value_delimiter = ',',
        default_value = "greedy"
    )]
    pub bots: Vec<String>,
    /// The run's seed: the same seed gives the same figures on any number of threads.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Threads to use [default: one per core].
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Judge every decision by the expert's evaluation: each seat's points given away per
    /// decision with a choice (plays the matches one after another).
    #[arg(long)]
    pub analyse: bool,
    /// Rules to compare with, played on the very same shuffles (a variant or a file).
    #[arg(long, value_name = "NAME|FILE", value_parser = RulesName::Variant, hide_possible_values = true)]
    pub vs: Option<String>,
    /// A house rule on top of the --vs rules, in order (repeatable).
    #[arg(long = "vs-house", value_name = "RULE", requires = "vs", value_parser = RulesName::House, hide_possible_values = true)]
    pub vs_house: Vec<String>,
    /// Write the simulated matches as a `golf export` JSON file (with --vs, the matches
    /// under both rule sets, the second ones named "… under RULES"); at most 10,000 matches.
    #[arg(long, value_name = "FILE")]
    pub export: Option<PathBuf>,
    /// Write every move of the matches under --rules as JSON lines.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
}

/// `golf rules …`.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// The bundled variants and house rules.
    #[command(after_help = "Example:\n  golf rules list")]
    List,
    /// The resolved rules, every key with its value and source.
    #[command(
        after_help = "Examples:\n  golf rules show classic\n  golf rules show six-card --house out-penalty-10\n  golf rules show --match 12"
    )]
    Show {
        /// A bundled variant or the path of a rules file.
        #[arg(value_name = "NAME|FILE", required_unless_present = "match_id", value_parser = RulesName::Variant, hide_possible_values = true)]
        name: Option<String>,
        /// House rules to apply on top, in order.
        #[arg(long = "house", value_name = "RULE", value_parser = RulesName::House, hide_possible_values = true)]
        house: Vec<String>,
        /// The rules a recorded match is played under, as stored when it began (even if
        /// the rules file has changed or gone since).
        #[arg(long = "match", value_name = "ID", conflicts_with_all = ["name", "house"])]
        match_id: Option<i64>,
    },
    /// One page to print for the table: a variant with the group's house rules (the config
    /// file's, unless --house is given), its sources, and how to type a hole.
    #[command(
        after_help = "Examples:\n  golf rules sheet classic\n  golf rules sheet six-card --house out-penalty-10 | lpr\n  golf rules sheet classic --tournament"
    )]
    Sheet {
        /// A bundled variant or the path of a rules file [default: the config file's rules].
        #[arg(value_name = "NAME|FILE", value_parser = RulesName::Variant, hide_possible_values = true)]
        name: Option<String>,
        /// House rules to apply on top, in order [default: the config file's].
        #[arg(long = "house", value_name = "RULE", value_parser = RulesName::House, hide_possible_values = true)]
        house: Vec<String>,
        /// Add the tournament penalties (illegal moves, lateness, rounds).
        #[arg(long)]
        tournament: bool,
    },
    /// The rulebook for players, in Markdown: every bundled variant and house rule with its
    /// rules and sources (docs/rules.md is this output).
    #[command(after_help = "Example:\n  golf rules doc > docs/rules.md")]
    Doc,
    /// What differs between two sets of rules, side by side.
    #[command(after_help = "Example:\n  golf rules diff classic six-card")]
    Diff {
        /// The first variant or file.
        #[arg(value_name = "A", add = players())]
        a: String,
        /// The second variant or file.
        #[arg(value_name = "B", add = players())]
        b: String,
    },
    /// Validate a group's own rules file (errors name the line and key).
    #[command(after_help = "Example:\n  golf rules check our-table.toml")]
    Check {
        /// The file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// `golf config [init | set KEY VALUE]`.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// Write the file; without one, show the defaults in force.
    #[command(subcommand)]
    pub action: Option<ConfigCommand>,
}

/// What `golf config` writes.
#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Write a commented config file with every key (never overwrites one).
    #[command(after_help = "Example:\n  golf config init")]
    Init,
    /// Set one key, checked as its flag is (a refused value leaves the file as it was).
    #[command(
        after_help = "Keys: rules, house, decks, tiebreak, db (`golf config init` describes them).\n\nExamples:\n  golf config set rules six-card\n  golf config set house out-penalty-10,underdog\n  golf config set tiebreak countback,sudden-death"
    )]
    Set {
        /// The key (rules, house, decks, tiebreak, db).
        #[arg(value_name = "KEY")]
        key: String,
        /// Its value, as its flag takes it (lists comma-separated; `house none` for none).
        #[arg(value_name = "VALUE")]
        value: String,
    },
}

/// `golf ruling`.
#[derive(Debug, Args)]
pub struct RulingArgs {
    /// Words to look for, as players say them (whole words; none lists every ruling).
    #[arg(value_name = "WORDS")]
    pub query: Vec<String>,
    /// Search this variant's or file's rulings instead of every bundled one; a card's value
    /// is given under these rules [default: the config file's, else classic].
    #[arg(long, value_name = "NAME|FILE", value_parser = RulesName::Variant, hide_possible_values = true)]
    pub rules: Option<String>,
    /// A house rule in force, for a card's value and going out (repeatable).
    #[arg(long = "house", value_name = "RULE", value_parser = RulesName::House, hide_possible_values = true)]
    pub house: Vec<String>,
}

/// Moves every argument that is a grid beginning with a negative card (`"-5 3 7 7 / HIO 3 7
/// 7"`) behind a `--`, so the parser reads it as a grid rather than as flags (CLI.md: no
/// `--` is needed). Only a word that starts with `-` and a digit and holds a separator
/// (space, `/`, `|`, `,`) is moved; no option looks like that.
pub fn negative_grids_last(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let is_grid = |a: &std::ffi::OsString| {
        a.to_str().is_some_and(|s| {
            let mut chars = s.chars();
            chars.next() == Some('-')
                && chars.next().is_some_and(|c| c.is_ascii_digit())
                && s.contains([' ', '/', '|', ','])
        })
    };
    if !args.iter().any(is_grid) {
        return args;
    }
    let (grids, mut rest): (Vec<_>, Vec<_>) = args.into_iter().partition(is_grid);
    if !rest.iter().any(|a| a == "--") {
        rest.push("--".into());
    }
    rest.extend(grids);
    rest
}

/// A variant or house-rule name, or a rules file's path: any text is accepted (a path is a
/// path), and the bundled names are offered to shell completion.
#[derive(Debug, Clone, Copy)]
pub enum RulesName {
    /// `--rules`: the bundled variants.
    Variant,
    /// `--house`: the bundled house rules.
    House,
}

impl clap::builder::TypedValueParser for RulesName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let names = match self {
            RulesName::Variant => crate::rules::bundled::VARIANTS,
            RulesName::House => crate::rules::bundled::HOUSE_RULES,
        };
        // `--house none` clears the config file's house rules
        let none =
            matches!(self, RulesName::House).then(|| clap::builder::PossibleValue::new("none"));
        Some(Box::new(
            names
                .iter()
                .map(|b| clap::builder::PossibleValue::new(b.name))
                .chain(none),
        ))
    }
}

/// Shell completion of a PLAYER argument: the names recorded in the database (`GOLF_DB`,
/// else the config file's, else the default), read-only; none when there is no database.
fn players() -> clap_complete::ArgValueCompleter {
    clap_complete::ArgValueCompleter::new(|current: &std::ffi::OsStr| {
        let prefix = current.to_string_lossy();
        let path = std::env::var_os("GOLF_DB")
            .map(PathBuf::from)
            .or_else(|| {
                crate::config::load(crate::config::path().as_deref())
                    .ok()
                    .and_then(|c| c.db)
            })
            .or_else(|| crate::store::default_path().ok());
        let names = path
            .and_then(|p| crate::store::Store::open_read_only(&p).ok().flatten())
            .and_then(|s| crate::store::player_names(s.conn(), &prefix).ok())
            .unwrap_or_default();
        names
            .into_iter()
            .map(clap_complete::CompletionCandidate::new)
            .collect()
    })
}
