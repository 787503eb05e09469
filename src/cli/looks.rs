//! The arguments of the commands that look back (CLI.md "History"): stats, season,
//! ratings, head-to-head and chart.

use std::path::PathBuf;

use clap::Args;

use super::players;

/// `golf stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only this player.
    #[arg(long, value_name = "NAME", add = players())]
    pub player: Option<String>,
    /// Which matches: rules, length, days.
    #[command(flatten)]
    pub season: SeasonArgs,
    /// One night's table: the matches finished on DATE (YYYY-MM-DD) [default: the latest
    /// day with a finished match].
    #[arg(long, value_name = "DATE", num_args = 0..=1, default_missing_value = "latest",
          conflicts_with_all = ["since", "until"])]
    pub night: Option<String>,
}

/// Which finished matches count (RULES.md §16): a rule set, a match length, a season of
/// days. Shared by `stats`, `head-to-head`, `history` and `ratings`.
#[derive(Debug, Clone, Args)]
pub struct SeasonArgs {
    /// Only matches of this variant.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Only matches of this many holes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=36))]
    pub holes: Option<u32>,
    /// Only matches finished on or after this day (YYYY-MM-DD, local time).
    #[arg(long, value_name = "DATE")]
    pub since: Option<String>,
    /// Only matches finished on or before this day (YYYY-MM-DD, local time).
    #[arg(long, value_name = "DATE")]
    pub until: Option<String>,
}

/// `golf ratings`.
#[derive(Debug, Args)]
pub struct RatingsArgs {
    /// Show only this player's row (every match still counts).
    #[arg(long, value_name = "NAME", add = players())]
    pub player: Option<String>,
    /// Which matches: rules, length, days.
    #[command(flatten)]
    pub season: SeasonArgs,
    /// The rating method [default: the one `--check` finds best once the selection holds
    /// 30 finished matches, judged on the latest 1,000 to 1,249 of them alone, else
    /// weng-lin].
    #[arg(long, value_enum, value_name = "METHOD")]
    pub method: Option<crate::ratings::Method>,
    /// Instead of the leaderboard, each method's track record: every match predicted from
    /// the matches before it alone, scored against who won.
    #[arg(long, conflicts_with_all = ["player", "method"])]
    pub check: bool,
}

/// `golf head-to-head`.
#[derive(Debug, Args)]
pub struct HeadToHeadArgs {
    /// One player.
    #[arg(value_name = "A", add = players())]
    pub a: String,
    /// The other.
    #[arg(value_name = "B", add = players())]
    pub b: String,
    /// Which matches: rules, length, days.
    #[command(flatten)]
    pub season: SeasonArgs,
}

/// `golf chart`.
#[derive(Debug, Args)]
pub struct ChartArgs {
    /// The match [default: the newest].
    #[arg(value_name = "MATCH", conflicts_with_all = ["player", "ratings"])]
    pub match_id: Option<i64>,
    /// Every player's rating night by night instead (`golf ratings`).
    #[arg(long, conflicts_with = "player")]
    pub ratings: bool,
    /// With --ratings: the rating method [default: `golf ratings`'s, the one `golf ratings
    /// --check` finds best on the latest 1,000 to 1,249 matches once there are 30, else
    /// weng-lin].
    #[arg(long, value_enum, value_name = "METHOD", requires = "ratings")]
    pub method: Option<crate::ratings::Method>,
    /// The reliability of the odds instead (`golf odds --check`): chance predicted against
    /// how often it came true, tenth by tenth, with the diagonal of perfect odds.
    #[arg(long, conflicts_with_all = ["player", "ratings", "match_id"])]
    pub odds_check: bool,
    /// A player's hole scores over their matches instead.
    #[arg(long, value_name = "NAME", add = players())]
    pub player: Option<String>,
    /// Write an SVG file instead of drawing in the terminal.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}
