//! The arguments of the commands that keep matches and tournaments (CLI.md "Matches",
//! "Tournaments", "The table's screen"): new, hole, amend, penalty, card, odds, serve,
//! tournament, import, export, backup and match.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::{players, RulesName, SeasonArgs};

/// `golf new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// A bundled variant or the path of a rules file.
    #[arg(long, value_name = "NAME|FILE", value_parser = RulesName::Variant, hide_possible_values = true)]
    pub rules: Option<String>,
    /// A house rule to apply on top, in order (repeatable); `none` clears the config file's.
    #[arg(long = "house", value_name = "RULE", value_parser = RulesName::House, hide_possible_values = true)]
    pub house: Vec<String>,
    /// Holes to play, 1 to 36 [default: the variant's].
    #[arg(long, value_name = "N")]
    pub holes: Option<u32>,
    /// Play until a total reaches this many points; the match ends after that hole
    /// (with --holes as the most that may be played).
    #[arg(long, value_name = "POINTS")]
    pub target: Option<u32>,
    /// Decks in play [default: the variant's for this many players].
    #[arg(long, value_name = "N")]
    pub decks: Option<u32>,
    /// Tiebreak chain, comma-separated: countback, most-holes-won, card-matching, sudden-death, shared.
    #[arg(long, value_name = "M[,M...]", value_delimiter = ',')]
    pub tiebreak: Vec<String>,
    /// A name for the match.
    #[arg(long, value_name = "TEXT")]
    pub name: Option<String>,
    /// Players in seating order.
    #[arg(value_name = "PLAYER", required = true, add = players())]
    pub players: Vec<String>,
}

/// `[MATCH]` or `--match ID`.
#[derive(Debug, Args)]
pub struct MatchArg {
    /// The match [default: the most recent unfinished match].
    #[arg(value_name = "MATCH", conflicts_with = "match_id")]
    pub match_pos: Option<i64>,
    /// The match, as `--match ID`.
    #[arg(long = "match", value_name = "ID")]
    pub match_id: Option<i64>,
}

impl MatchArg {
    /// The match named, either way.
    pub fn id(&self) -> Option<i64> {
        self.match_pos.or(self.match_id)
    }
}

/// `golf serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The match [default: the most recent unfinished match, else the newest].
    #[arg(long = "match", value_name = "ID")]
    pub match_id: Option<i64>,
    /// The port to listen on (0: any free port).
    #[arg(long, value_name = "N", default_value_t = 7878)]
    pub port: u16,
    /// Listen on 127.0.0.1 only (this computer), not on the local network.
    #[arg(long)]
    pub local: bool,
    /// Make a new scorekeeper's key: every older link and QR code stops writing at once
    /// [default: the key kept in the database, so a restart keeps every link working].
    #[arg(long)]
    pub new_key: bool,
    /// Serve every table of a tournament's round in play: the board at /, the director's
    /// link, and each table at /table/N with a scorekeeper's key of its own [default NAME:
    /// the newest tournament].
    #[arg(
        long,
        value_name = "NAME",
        num_args = 0..=1,
        default_missing_value = "",
        conflicts_with = "match_id"
    )]
    pub tournament: Option<String>,
    /// With --tournament: a clock of MINUTES (1 to 1440) for each round, from when it is
    /// seated (a round already in play without one: from now). The board counts down the
    /// time left and marks each table still playing when it runs out. A round's clock is
    /// kept in the database, so a restart keeps the time left; another --clock counts from
    /// the next round seated.
    #[arg(
        long,
        value_name = "MINUTES",
        requires = "tournament",
        allow_negative_numbers = true
    )]
    pub clock: Option<i64>,
}

/// `golf delete` and `golf restore`.
#[derive(Debug, Args)]
pub struct DeleteArgs {
    /// The match (its id, as `golf history` lists it).
    #[arg(value_name = "MATCH")]
    pub id: i64,
}

/// `golf hole`.
#[derive(Debug, Args)]
pub struct HoleArgs {
    /// The match [default: the most recent unfinished match].
    #[arg(long = "match", value_name = "ID")]
    pub match_id: Option<i64>,
    /// The player who went out.
    #[arg(long, value_name = "PLAYER", conflicts_with = "knock", add = players())]
    pub out: Option<String>,
    /// The player who ended the hole by knocking.
    #[arg(long, value_name = "PLAYER", add = players())]
    pub knock: Option<String>,
    /// A note kept with the hole ("misdeal, redealt").
    #[arg(long, value_name = "TEXT")]
    pub note: Option<String>,
    /// A playoff hole for a sudden-death tie.
    #[arg(long)]
    pub playoff: bool,
    /// The number of the hole these grids are for (of the playoff holes, with --playoff):
    /// refused, nothing written, when it is not the match's next, so a hole two people at
    /// one table both record is never recorded again as the next.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub hole: Option<u32>,
    /// Each player's grid, or a bare score recorded unchecked.
    #[arg(value_name = "PLAYER=GRID")]
    pub entries: Vec<String>,
    /// Leave out the line of each player's chance to win (config: `odds = false`).
    #[arg(long)]
    pub no_odds: bool,
}

/// `golf amend`.
#[derive(Debug, Args)]
pub struct AmendArgs {
    /// The match [default: the most recent unfinished match].
    #[arg(long = "match", value_name = "ID")]
    pub match_id: Option<i64>,
    /// The hole to correct.
    #[arg(value_name = "HOLE")]
    pub hole: u32,
    /// Who went out (or knocked) on that hole.
    #[arg(long, value_name = "PLAYER", add = players())]
    pub out: Option<String>,
    /// Corrected grids; players not named keep theirs.
    #[arg(value_name = "PLAYER=GRID")]
    pub entries: Vec<String>,
}

/// `golf penalty`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("kind").required(true).args(["points", "illegal_move", "late", "disqualify"])))]
pub struct PenaltyArgs {
    /// The match [default: the most recent unfinished match].
    #[arg(long = "match", value_name = "ID")]
    pub match_id: Option<i64>,
    /// The penalised player.
    #[arg(value_name = "PLAYER", add = players())]
    pub player: String,
    /// Penalty points (with --reason).
    #[arg(
        long,
        value_name = "N",
        requires = "reason",
        allow_negative_numbers = true
    )]
    pub points: Option<i32>,
    /// Why (with --points or --disqualify).
    #[arg(long, value_name = "TEXT")]
    pub reason: Option<String>,
    /// Disqualify at once (Official §6.3: cheating), with --reason.
    #[arg(long, requires = "reason")]
    pub disqualify: bool,
    /// With --disqualify: from the whole tournament the match is a table of, not only the
    /// match. Works between rounds too (no match in play): the player is seated no more.
    #[arg(long, requires = "disqualify")]
    pub tournament: bool,
    /// With --tournament: which tournament [default: the newest].
    #[arg(long, value_name = "NAME", requires = "tournament")]
    pub tournament_name: Option<String>,
    /// An illegal move, escalating as the match's rules say (`golf rules show` lists the
    /// steps; Official §6.3).
    #[arg(long)]
    pub illegal_move: bool,
    /// Minutes over the time limit, at the match's rules' points a minute (Official §6.3).
    #[arg(long, value_name = "MINUTES")]
    pub late: Option<u32>,
    /// The hole it belongs to [default: the hole in play].
    #[arg(long, value_name = "N")]
    pub hole: Option<u32>,
}

/// `golf tournament ...`.
#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Start a tournament and seat round 1: one match per table.
    #[command(
        after_help = "Examples:\n  golf tournament new \"Club night\" --rules classic --rounds 3 \\
      ann bob cat dan eve fay gus hal ivy jon\n  golf tournament new Open --rules six-card --seating swiss --seed 7 \\
      --table-size 4 ann bob cat dan eve"
    )]
    New(TournamentNewArgs),
    /// Seat the next round, once every table of the current round has finished.
    #[command(after_help = "Example:\n  golf tournament round \"Club night\"")]
    Round(TournamentName),
    /// Totals across rounds, places and disqualifications.
    #[command(
        after_help = "Examples:\n  golf tournament standings\n  golf tournament standings \"Club night\" --csv"
    )]
    Standings(TournamentStandingsArgs),
    /// Every tournament, newest first.
    List,
    /// The rounds: each table's match, players and totals, and who is still playing.
    #[command(after_help = "Example:\n  golf tournament show \"Club night\" --json")]
    Show(TournamentName),
    /// Players confirm their table's card up to its last hole; once every player has
    /// accepted the last hole, the table's match is finished.
    #[command(
        after_help = "Examples:\n  golf tournament accept ann bob cat dan\n  golf tournament accept ann --match 12"
    )]
    Accept(TournamentAcceptArgs),
    /// A late entrant, seated from the next round on (each round missed charged its mean
    /// match total, rounded up; `golf rules doc`).
    #[command(after_help = "Example:\n  golf tournament add zoe")]
    Add(TournamentPlayerArgs),
    /// A player leaving between rounds: kept for the rounds played, seated no more.
    #[command(after_help = "Example:\n  golf tournament withdraw bob")]
    Withdraw(TournamentPlayerArgs),
}

/// `golf tournament accept`.
#[derive(Debug, Args)]
pub struct TournamentAcceptArgs {
    /// The players accepting their table's card (a unique prefix will do).
    #[arg(value_name = "NAME", required = true)]
    pub players: Vec<String>,
    /// The table's match [default: the first player's table in the newest tournament].
    #[arg(long = "match", value_name = "ID")]
    pub match_id: Option<i64>,
}

/// `golf tournament add` and `golf tournament withdraw`.
#[derive(Debug, Args)]
pub struct TournamentPlayerArgs {
    /// The player.
    #[arg(value_name = "NAME")]
    pub player: String,
    /// The tournament [default: the newest].
    #[arg(long = "tournament", value_name = "NAME")]
    pub tournament: Option<String>,
}

/// How a tournament fills its tables (golf's ruling; `golf rules doc`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SeatingChoice {
    /// Shuffled from the seed, avoiding repeat opponents where possible.
    Random,
    /// Round 1 random, then by standing: the leaders at table 1.
    Swiss,
}

/// `golf tournament new`.
#[derive(Debug, Args)]
pub struct TournamentNewArgs {
    /// The tournament's name.
    #[arg(value_name = "NAME")]
    pub name: String,
    /// A bundled variant or the path of a rules file.
    #[arg(long, value_name = "NAME|FILE", value_parser = RulesName::Variant, hide_possible_values = true)]
    pub rules: Option<String>,
    /// A house rule to apply on top, in order (repeatable); `none` clears the config file's.
    #[arg(long = "house", value_name = "RULE", value_parser = RulesName::House, hide_possible_values = true)]
    pub house: Vec<String>,
    /// Rounds, 1 to 20 [default: the rules' `tournament.rounds`, 3 in every bundled variant].
    #[arg(long, value_name = "N")]
    pub rounds: Option<u32>,
    /// Most players at a table, 2 to 16 [default: the rules' `tournament.table_size`, 4].
    #[arg(long, value_name = "N")]
    pub table_size: Option<usize>,
    /// How tables are filled.
    #[arg(long, value_enum, default_value_t = SeatingChoice::Random)]
    pub seating: SeatingChoice,
    /// The seed of random seating [default: from the clock, shown by `tournament show`].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Every player.
    #[arg(value_name = "PLAYER", required = true, add = players())]
    pub players: Vec<String>,
}

/// A tournament by name.
#[derive(Debug, Args)]
pub struct TournamentName {
    /// The tournament [default: the newest].
    #[arg(value_name = "NAME")]
    pub name: Option<String>,
}

/// `golf tournament standings`.
#[derive(Debug, Args)]
pub struct TournamentStandingsArgs {
    /// The tournament [default: the newest].
    #[arg(value_name = "NAME")]
    pub name: Option<String>,
    /// As CSV: one row per player.
    #[arg(long)]
    pub csv: bool,
}

/// `golf card`.
#[derive(Debug, Args)]
pub struct CardArgs {
    /// The match [default: the newest].
    #[arg(value_name = "MATCH", conflicts_with = "match_id")]
    pub match_pos: Option<i64>,
    /// The match, as the other commands name it.
    #[arg(long = "match", value_name = "ID")]
    pub match_id: Option<i64>,
    /// Show how one hole was scored: every player's grid explained, as `golf score` does.
    #[arg(long, value_name = "N")]
    pub hole: Option<u32>,
    /// Leave out the line of each player's chance to win (config: `odds = false`).
    #[arg(long)]
    pub no_odds: bool,
    /// Write the scorecard as a PNG picture to share (the rules, every hole, totals, the
    /// winner and how a tie was broken); `-` writes it to stdout.
    #[arg(long, value_name = "FILE", conflicts_with = "hole")]
    pub png: Option<PathBuf>,
    /// Write the same picture as an SVG document; `-` writes it to stdout.
    #[arg(long, value_name = "FILE", conflicts_with = "hole")]
    pub svg: Option<PathBuf>,
}

/// `golf odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The match [default: the most recent unfinished match].
    #[arg(long = "match", value_name = "ID")]
    pub match_id: Option<i64>,
    /// How many times the rest of the match is played (1 to 1,000,000) [default: 10,000;
    /// with --check, 1,000 after each hole].
    #[arg(long, value_name = "N")]
    pub samples: Option<u32>,
    /// The seed of the samples [default: one derived from the match and its holes; with
    /// --check, 0].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Instead, judge the odds against what happened: every finished match replayed hole
    /// by hole, the chances shown after each hole but the last scored against who won.
    #[arg(long, conflicts_with = "match_id")]
    pub check: bool,
    /// With --check: only matches of this variant.
    #[arg(long, value_name = "NAME", requires = "check")]
    pub rules: Option<String>,
    /// Also say where each player's hole scores were drawn from: their own holes, the
    /// table's pool, simulated bots, with the counts, the shares and the level drawn around.
    #[arg(long, conflicts_with = "check")]
    pub explain: bool,
}

/// `golf history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// Only matches this player played.
    #[arg(long, value_name = "NAME", add = players())]
    pub player: Option<String>,
    /// Which matches: rules, length, days.
    #[command(flatten)]
    pub season: SeasonArgs,
    /// At most this many matches.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub limit: u32,
}

/// `golf import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// Scoresheet TOML files (one match each) or JSON exports (any number of matches).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// `golf export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// `json` (lossless, read back by `golf import`) or `csv`.
    #[arg(long, value_enum, default_value_t = ExportFormat::Json)]
    pub format: ExportFormat,
    /// Only these matches (repeatable) [default: every match].
    #[arg(long = "match", value_name = "ID")]
    pub matches: Vec<i64>,
    /// Write to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// What `golf export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// Lossless JSON.
    Json,
    /// One row per match, hole and player.
    Csv,
}

/// `golf backup`.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write the copy (must not exist).
    #[arg(value_name = "PATH")]
    pub path: PathBuf,
}

/// `golf match …`.
#[derive(Debug, Subcommand)]
pub enum MatchCommand {
    /// Change the decks in play, rename a player (a typo, or a substitute taking the
    /// seat), or extend the holes; every change is kept in the audit log.
    #[command(
        after_help = "Examples:\n  golf match edit --decks 2\n  golf match edit --rename ana=ann\n  golf match edit --match 12 --holes 18"
    )]
    Edit(MatchEditArgs),
}

/// `golf match edit`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("change").required(true).multiple(true).args(["decks", "rename", "holes"])))]
pub struct MatchEditArgs {
    /// The match [default: the most recent unfinished match].
    #[arg(long = "match", value_name = "ID")]
    pub match_id: Option<i64>,
    /// Decks in play from the next hole on.
    #[arg(long, value_name = "N")]
    pub decks: Option<u32>,
    /// A player's new name (repeatable).
    #[arg(long, value_name = "OLD=NEW")]
    pub rename: Vec<String>,
    /// Holes to play (at least those recorded), e.g. 18 to extend a 9-hole match.
    #[arg(long, value_name = "N")]
    pub holes: Option<u32>,
}

/// `golf rescore`.
#[derive(Debug, Args)]
pub struct RescoreArgs {
    /// The match.
    #[arg(value_name = "MATCH")]
    pub match_id: i64,
    /// Other rules [default: the match's own variant].
    #[arg(long, value_name = "NAME|FILE", value_parser = RulesName::Variant, hide_possible_values = true)]
    pub rules: Option<String>,
    /// House rules on top, in order (repeatable).
    #[arg(long = "house", value_name = "RULE", value_parser = RulesName::House, hide_possible_values = true)]
    pub house: Vec<String>,
}
