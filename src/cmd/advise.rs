//! `golf advise`: every legal move of a position as a player sees it, best first, weighed
//! by the expert's evaluation (CLI.md "Advice", RULES.md §18).

use super::Context;
use crate::bots::advice::{self, Sighting};
use crate::bots::rollout;
use crate::card::Card;
use crate::cli::AdviseArgs;
use crate::error::{input, Result};
use crate::game::setup::MAX_PLAYERS;
use crate::grid::{Grid, Seen};
use crate::rules::{self, Rules};
use crate::view::advise::Advice;

/// Runs `golf advise`.
pub fn run(ctx: &Context, args: AdviseArgs) -> Result<()> {
    let rules = rules::resolve(
        &ctx.rules(args.rules.clone())?,
        &ctx.house(args.house.clone()),
    )?;
    let others = args.other.len();
    let players = match args.players {
        None => others + 1,
        Some(n) if (1..=MAX_PLAYERS as u64).contains(&n) && n as usize > others => n as usize,
        Some(n) => {
            return input(format!(
            "--players {n}: expected 1 to {MAX_PLAYERS}, and more than the {others} --other grids"
        ))
        }
    };
    let (mut grids, mut names) = (Vec::with_capacity(others), Vec::with_capacity(others));
    for other in &args.other {
        let Some((name, text)) = other.split_once('=') else {
            return input(format!(
                "--other {}: expected PLAYER=GRID, e.g. bob=\"? 4 ? / ? 8 ?\"",
                crate::text::escape(other)
            ));
        };
        let flag = format!("--other {}", crate::text::escape(name));
        if names.contains(&flag) {
            return input(format!(
                "{flag}: given twice; expected one grid for each other player"
            ));
        }
        grids.push(grid(text, &flag, &rules)?);
        names.push(flag);
    }
    let mut seen = Vec::new();
    for token in args.seen.iter().flat_map(|s| s.split([' ', ','])) {
        if !token.trim().is_empty() {
            seen.push(card(token, "--seen", &rules)?);
        }
    }
    let sighting = Sighting {
        own: grid(&args.grid, "--grid", &rules)?,
        others: grids,
        players,
        seen,
        discard: card(&args.discard, "--discard", &rules)?,
        drawn: match &args.drawn {
            Some(drawn) => Some(card(drawn, "--drawn", &rules)?),
            None => None,
        },
        ended: args.ended,
    };
    let weighing = match args.deep {
        false => advice::advise(&rules, &sighting, &names)?,
        true => {
            let samples = args.samples.unwrap_or(u64::from(rollout::DEFAULT_SAMPLES));
            let Some(samples) = u32::try_from(samples)
                .ok()
                .filter(|n| (1..=rollout::MAX_SAMPLES).contains(n))
            else {
                return input(format!(
                    "--samples {samples}: expected 1 to {} play-outs of each move",
                    rollout::MAX_SAMPLES
                ));
            };
            let seed = args.seed.unwrap_or(0);
            let bar = Progress::new(u64::from(samples));
            let progress = || bar.tick();
            let deep = advice::advise_deep(&rules, &sighting, &names, samples, seed, &progress);
            bar.done();
            deep?
        }
    };
    if weighing.estimated {
        crate::view::say!(
            "golf: too many face-down cards to weigh every way they could be filled; the figures are the expert's estimates"
        );
    }
    ctx.out.show(&Advice::of(&rules, &weighing))
}

/// The play-outs' progress bar: drawn on stderr once they have taken a second, only where
/// both stdout and stderr are a terminal (indicatif).
struct Progress {
    bar: indicatif::ProgressBar,
    start: std::time::Instant,
    terminal: bool,
    shown: std::sync::atomic::AtomicBool,
}

impl Progress {
    fn new(len: u64) -> Progress {
        use std::io::IsTerminal;
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(len),
            indicatif::ProgressDrawTarget::hidden(),
        );
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("playing out {bar:40} {pos}/{len} samples")
        {
            bar.set_style(style);
        }
        Progress {
            bar,
            start: std::time::Instant::now(),
            terminal: std::io::stdout().is_terminal() && std::io::stderr().is_terminal(),
            shown: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// One sample more.
    fn tick(&self) {
        use std::sync::atomic::Ordering;
        self.bar.inc(1);
        if self.terminal
            && !self.shown.load(Ordering::Relaxed)
            && self.start.elapsed() >= std::time::Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
    }

    /// The bar cleared.
    fn done(&self) {
        self.bar.finish_and_clear();
    }
}

/// A grid typed as the player sees it (RULES.md §2: `?` face down, `?5` peeked), its
/// errors named by `flag`.
fn grid(text: &str, flag: &str, rules: &Rules) -> Result<Vec<Seen>> {
    match Grid::parse_seen(text, rules.expected()) {
        Ok(seen) => Ok(seen),
        Err(e) => input(format!("{flag}: {e}")),
    }
}

/// One card typed alone (RULES.md §2, [`crate::grid::card_for`]), its errors named by
/// `flag`.
fn card(token: &str, flag: &str, rules: &Rules) -> Result<Card> {
    match crate::grid::card_for(token, &rules.expected()) {
        Ok(card) => Ok(card),
        Err(why) => input(format!("{flag}: {}", crate::text::escape(&why))),
    }
}
