//! Simulated matches recorded as the match engine records a played one (the `golf export`
//! format's [`Match`]): every hole's final grids typed as players would type them, scored
//! and adjusted by [`Match::play_hole`], so `golf import` and `golf check` can verify them.

use super::Watch;
use crate::card::Card;
use crate::game::{Ending, GameError, Match, Typed};
use crate::grid::Grid;
use crate::play::HoleInPlay;
use crate::rules::Rules;

/// The most matches one `--export` records: the recorder keeps every match, typed grids
/// and all (about 55 KB each), to write them as one document, so an export of 10,000
/// takes about 550 MB of memory while the figures alone stay flat (`--trace` streams).
pub const MAX_EXPORTED_MATCHES: u64 = 10_000;

/// About how many bytes the `--export` of `setup` writes, erring high: every match under
/// each rule set (twice the matches under `--vs`), its rules written out, every hole's
/// grids typed twice with their explanations, and a playoff hole. Measured against real
/// exports (classic, 8 players, 36 holes: 88 KB a match, estimated 110 KB), so
/// [`super::Trial::check_export`] can refuse an export `golf import` would refuse before
/// anything runs.
pub fn estimated_bytes(setup: &super::Trial) -> u64 {
    let players = setup.players as u64;
    let holes = setup.holes as u64 + 1;
    std::iter::once(&setup.rules)
        .chain(&setup.vs)
        .map(|rules| {
            let written = serde_json::to_string_pretty(rules).map_or(16_384, |j| j.len()) as u64;
            let cells = (rules.layout.rows * rules.layout.columns) as u64;
            let explained = match crate::scoring::adjusts_holes(rules) {
                true => 80,
                false => 0,
            };
            let entry = 230 + 8 * cells + explained;
            let hole = 250 + players * entry;
            let one = written + written / 5 + 2_048 + holes * hole;
            one.saturating_mul(setup.matches)
        })
        .fold(0u64, u64::saturating_add)
}

/// A [`Watch`] that records each simulated match as a [`Match`].
pub struct Recorder<'r> {
    rules: &'r Rules,
    names: Vec<String>,
    holes: usize,
    /// What every match of the run is made from, for its stable id: the resolved rules,
    /// the seats, the holes, the seed and the time stamped (see [`Recorder::new`]).
    made_of: uuid::Uuid,
    /// Added to each match's name and to what its stable id is made from: empty for the
    /// run's own rules, `under RULES` for the rules compared with.
    label: String,
    at: String,
    current: Option<Match>,
    matches: Vec<Match>,
    error: Option<GameError>,
}

impl<'r> Recorder<'r> {
    /// Records matches of `holes` holes under `rules` with seats named `names` (at least
    /// two), stamped `at` (RFC 3339). Each match's stable id is derived from everything
    /// that makes it: the resolved rules (variant, house rules and every value), the seats,
    /// the holes, `seed`, the time stamped, its number and `label` (see
    /// [`Recorder::compared`]): equal ids only for equal matches, so exports of other
    /// runs never collide on import, and the same run recorded at the same instant gives
    /// the same ids.
    pub fn new(
        rules: &'r Rules,
        names: Vec<String>,
        holes: usize,
        seed: u64,
        at: &str,
    ) -> Recorder<'r> {
        let rules_json = serde_json::to_string(rules).unwrap_or_default();
        let made_of = format!("{rules_json}\n{names:?}\n{holes}\n{seed}\n{at}");
        Recorder {
            rules,
            names,
            holes,
            made_of: uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_OID, made_of.as_bytes()),
            label: String::new(),
            at: at.to_string(),
            current: None,
            matches: Vec::new(),
            error: None,
        }
    }

    /// The same recorder for the rules a run compares with (`--vs`): each match is named
    /// "simulated match N under RULES" and has an id of its own.
    pub fn compared(mut self) -> Recorder<'r> {
        self.label = format!(" under {}", self.rules.display_name());
        self
    }

    /// The recorded matches, each finished when its result is decided; or the first error
    /// the match engine gave (never for a simulated hole).
    pub fn finish(mut self) -> Result<Vec<Match>, GameError> {
        self.close();
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.matches),
        }
    }

    fn close(&mut self) {
        if let Some(mut m) = self.current.take() {
            if m.over() && m.outcome().playoff_needed.is_none() {
                if let Err(e) = m.finish(&self.at) {
                    self.error.get_or_insert(e);
                }
            }
            self.matches.push(m);
        }
    }

    fn open(&mut self, game: u64) -> Result<(), GameError> {
        let setup = crate::game::Setup {
            rules: self.rules.name.clone(),
            house: self.rules.house.clone(),
            holes: Some(self.holes as u32),
            name: Some(format!("simulated match {}{}", game + 1, self.label)),
            players: self.names.clone(),
            ..Default::default()
        };
        let mut m = Match::with_rules(&setup, self.rules.clone(), &self.at)?;
        let id = format!("golf simulate {} {}{}", self.made_of, game, self.label);
        m.uuid = uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_OID, id.as_bytes()).to_string();
        self.current = Some(m);
        Ok(())
    }

    /// Records a hole played by `seats` (the hole's player `i` is seat `seats[i]`), a
    /// sudden-death playoff hole when `playoff`.
    fn record(&mut self, h: &HoleInPlay, seats: &[usize], playoff: bool) -> Result<(), GameError> {
        let Some(m) = self.current.as_mut() else {
            return Ok(());
        };
        let entries: Vec<(usize, Typed)> = h
            .grids()
            .iter()
            .zip(seats)
            .map(|(grid, seat): (&Grid, &usize)| {
                let text = self.rules.grid_text(grid);
                (
                    *seat,
                    Typed::Grid {
                        text,
                        grid: grid.clone(),
                    },
                )
            })
            .collect();
        let ended = h.ender().and_then(|e| {
            seats.get(e.player).map(|&seat| Ending {
                seat,
                knocked: e.knocked,
            })
        });
        let hole = m.play_hole(&entries, ended, playoff, &self.at)?;
        m.record(hole);
        Ok(())
    }
}

impl Watch for Recorder<'_> {
    fn start(
        &mut self,
        game: u64,
        hole: usize,
        _: &[usize],
        _: &HoleInPlay,
        _: &[Grid],
        _: &[Card],
    ) {
        if hole == 0 {
            self.close();
            if let Err(e) = self.open(game) {
                self.error.get_or_insert(e);
            }
        }
    }
    fn end(&mut self, _: u64, hole: usize, seats: &[usize], h: &HoleInPlay, _: &[i64]) {
        if let Err(e) = self.record(h, seats, hole >= self.holes) {
            self.error.get_or_insert(e);
        }
    }
}

/// The recorders of one run (`--export`): the matches under its rules and, with `--vs`,
/// those under the rules it compares with.
pub struct Recorders<'r> {
    base: Recorder<'r>,
    vs: Option<Recorder<'r>>,
    none: super::Unwatched,
}

impl<'r> Recorders<'r> {
    /// Recorders for the matches of `setup`, seats named `names`, stamped `at`.
    pub fn new(setup: &'r super::Trial, names: Vec<String>, at: &str) -> Recorders<'r> {
        let (holes, seed) = (setup.holes, setup.seed);
        let vs = (setup.vs.as_ref())
            .map(|vs| Recorder::new(vs, names.clone(), holes, seed, at).compared());
        Recorders {
            base: Recorder::new(&setup.rules, names, holes, seed, at),
            vs,
            none: super::Unwatched,
        }
    }

    /// The watchers for [`super::run_watched`]: the run's rules, and the compared rules.
    pub fn watches(&mut self) -> (&mut dyn Watch, &mut dyn Watch) {
        let vs: &mut dyn Watch = match self.vs.as_mut() {
            Some(vs) => vs,
            None => &mut self.none,
        };
        (&mut self.base, vs)
    }

    /// Every recorded match, the run's rules' first (see [`Recorder::finish`]).
    pub fn finish(self) -> Result<Vec<Match>, GameError> {
        let mut matches = self.base.finish()?;
        if let Some(vs) = self.vs {
            matches.extend(vs.finish()?);
        }
        Ok(matches)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::bots::Strategy;
    use crate::sim::{run_watched, Trial};

    /// The estimate an export is refused by errs high, but not by much: at most twice the
    /// bytes written, on small and large tables, with explanations and with `--vs`.
    #[test]
    fn an_exports_estimated_size_errs_high_within_twice() {
        let rules = |name: &str, house: &[&str]| {
            let house: Vec<String> = house.iter().map(|h| h.to_string()).collect();
            crate::rules::resolve(name, &house).unwrap()
        };
        let cases = [
            (rules("classic", &[]), None, 2, 1),
            (
                rules("classic", &["out-penalty-10", "tied-shame"]),
                None,
                6,
                18,
            ),
            (rules("play-nine", &[]), None, 4, 9),
            (rules("six-card", &[]), Some(rules("four-card", &[])), 3, 9),
        ];
        for (rules, vs, players, holes) in cases {
            let setup = Trial {
                rules,
                vs,
                players,
                holes,
                matches: 4,
                bots: vec![Strategy::Greedy],
                seed: 9,
            };
            let names = (1..=players).map(|i| format!("greedy-{i}")).collect();
            let mut recorders = Recorders::new(&setup, names, "2026-01-01T00:00:00.000Z");
            let (base, vs) = recorders.watches();
            run_watched(&setup, base, vs, &|_| {}).unwrap();
            let matches = recorders.finish().unwrap();
            let json = crate::view::export::Export::new(matches, Vec::new())
                .json()
                .unwrap();
            let (written, estimate) = (json.len() as u64, estimated_bytes(&setup));
            let what = setup.rules.display_name();
            assert!(estimate >= written, "{what}: {estimate} < {written}");
            assert!(
                estimate <= 2 * written,
                "{what}: {estimate} > 2 × {written}"
            );
        }
    }
}
