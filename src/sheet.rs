//! The scoresheet format of `golf import` (CLI.md): a whole match in one TOML file, read
//! into a [`Match`] in memory with the same checks as `golf hole`, before anything is
//! recorded.
//!
//! ```toml
//! rules = "classic"                 # a variant or a rules file (relative to this file)
//! house = ["out-penalty-10"]        # optional
//! name = "Sunday at the lake"       # optional
//! holes = 9                         # optional: the variant's
//! target = 100                      # optional: play until a total reaches 100
//! date = "2026-11-01"               # optional: when it was played (else: now)
//! decks = 1                         # optional: the variant's for this many players
//! tiebreak = ["countback", "shared"]# optional: the variant's
//! players = ["ann", "bob", "cat"]   # seating order
//! finish = true                     # optional (default): finish once every hole is in
//!
//! [[hole]]
//! out = "bob"                       # optional: who went out (or knock = "bob")
//! playoff = false                   # optional: a sudden-death playoff hole
//! grids = { ann = "5 K Q / 5 2 J", bob = "2 7 Q / 2 7 Q", cat = "14" }
//!
//! [[penalty]]
//! player = "cat"
//! hole = 3
//! illegal_move = true               # or: late = 2   or: points = 5, reason = "…"
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::bounds::MAX_EXPORT_BYTES;
use crate::error::BadInput;
use crate::game::tournament::TournamentRecord;
use crate::game::{Ending, GameError, Match, PenaltyRequest, Setup, Typed};
use crate::player;

/// A scoresheet that cannot be recorded: where (the file and hole, penalty or key) and
/// what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{place}: {error}")]
pub struct SheetError {
    /// The file, and the hole or penalty.
    pub place: String,
    /// What is wrong.
    pub error: Box<dyn std::error::Error + Send + Sync>,
}

impl BadInput for SheetError {}

/// The largest scoresheet read, in bytes.
pub const MAX_BYTES: u64 = 1024 * 1024;

/// A scoresheet file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sheet {
    rules: String,
    #[serde(default)]
    house: Vec<String>,
    name: Option<String>,
    holes: Option<u32>,
    target: Option<u32>,
    date: Option<String>,
    decks: Option<u32>,
    #[serde(default)]
    tiebreak: Vec<String>,
    players: Vec<String>,
    #[serde(default = "yes")]
    finish: bool,
    #[serde(default)]
    hole: Vec<SheetHole>,
    #[serde(default)]
    penalty: Vec<SheetPenalty>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SheetHole {
    out: Option<String>,
    knock: Option<String>,
    #[serde(default)]
    playoff: bool,
    grids: BTreeMap<String, GridOrScore>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum GridOrScore {
    Grid(String),
    Score(i64),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SheetPenalty {
    player: String,
    hole: Option<u32>,
    points: Option<i32>,
    reason: Option<String>,
    #[serde(default)]
    illegal_move: bool,
    late: Option<u32>,
}

/// Reads the scoresheet `text` of the file `label` into a match played at its `date`, else
/// at `at`, checking every hole and penalty in order as `golf hole` and `golf penalty`
/// would: the match starts, its holes and penalties are recorded, at that time (so a past
/// season can be entered, RULES.md §16). Rules files it names are found next to it
/// (`dir`). Returns the match (id 0, not recorded) and whether it asks to be finished.
/// Errors name the file and the hole or penalty.
pub fn read(
    text: &str,
    label: &str,
    dir: Option<&Path>,
    at: &str,
) -> Result<(Match, bool), SheetError> {
    let fail = |place: String| {
        move |e: GameError| SheetError {
            place,
            error: Box::new(e),
        }
    };
    let sheet: Sheet = toml::from_str(text).map_err(|e| SheetError {
        place: label.to_string(),
        error: e.to_string().trim_end().into(),
    })?;
    let near = |name: &str| -> String {
        let looks_like_file = name.ends_with(".toml") || name.contains('/');
        match dir {
            Some(d) if looks_like_file && Path::new(name).is_relative() => {
                d.join(name).display().to_string()
            }
            _ => name.to_string(),
        }
    };
    let setup = Setup {
        rules: near(&sheet.rules),
        house: sheet.house.iter().map(|h| near(h)).collect(),
        holes: sheet.holes,
        target: sheet.target,
        decks: sheet.decks,
        tiebreak: sheet.tiebreak.clone(),
        name: sheet.name.clone(),
        players: sheet.players.clone(),
    };
    let started = match &sheet.date {
        Some(d) => played_on(d).map_err(|e| SheetError {
            place: format!("{label}: date"),
            error: e.into(),
        })?,
        None => at.to_string(),
    };
    counts(&sheet).map_err(|e| SheetError {
        place: label.to_string(),
        error: e.into(),
    })?;
    let at = started.as_str();
    let mut m = Match::new(&setup, at).map_err(fail(label.to_string()))?;
    // the same scoresheet is the same match: importing it again finds it instead of
    // recording it twice
    m.uuid = uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_OID, text.as_bytes()).to_string();
    let mut playoffs = 0;
    for (i, h) in sheet.hole.iter().enumerate() {
        let place = match h.playoff {
            true => {
                playoffs += 1;
                format!("{label}: playoff hole {playoffs}")
            }
            false => format!("{label}: hole {}", i + 1 - playoffs),
        };
        let hole = sheet_hole(&m, h, at).map_err(fail(place))?;
        m.record(hole);
    }
    for (i, p) in sheet.penalty.iter().enumerate() {
        let place = format!("{label}: penalty {}", i + 1);
        let record = sheet_penalty(&m, p, at).map_err(fail(place))?;
        m.penalties.push(record);
    }
    Ok((m, sheet.finish))
}

/// The sheet's counts, checked before any work: players, holes, grids on a hole,
/// penalties.
fn counts(sheet: &Sheet) -> Result<(), String> {
    let most = crate::game::setup::MAX_PLAYERS;
    let too_many = |n: usize, what: &str, max: usize| format!("it has {n} {what}; at most {max}");
    if sheet.players.len() > most {
        return Err(too_many(sheet.players.len(), "players", most));
    }
    if sheet.hole.len() > crate::game::MAX_HOLES_RECORDED {
        return Err(too_many(
            sheet.hole.len(),
            "holes",
            crate::game::MAX_HOLES_RECORDED,
        ));
    }
    if sheet.penalty.len() > crate::game::MAX_PENALTIES {
        return Err(too_many(
            sheet.penalty.len(),
            "penalties",
            crate::game::MAX_PENALTIES,
        ));
    }
    match sheet
        .hole
        .iter()
        .position(|h| h.grids.len() > sheet.players.len())
    {
        Some(i) => Err(format!(
            "hole {} has {} grids for {} players",
            i + 1,
            sheet.hole[i].grids.len(),
            sheet.players.len()
        )),
        None => Ok(()),
    }
}

fn sheet_hole(m: &Match, h: &SheetHole, at: &str) -> Result<crate::game::Hole, GameError> {
    let mut entries: Vec<(usize, Typed)> = Vec::new();
    for (name, grid) in &h.grids {
        let seat = player::find(&m.players, name)?;
        if entries.iter().any(|(s, _)| *s == seat) {
            return Err(GameError::GivenTwice(m.players[seat].clone()));
        }
        let who = &m.players[seat];
        let typed = match grid {
            GridOrScore::Grid(g) => Typed::parse(who, g, &m.rules)?,
            GridOrScore::Score(n) => Typed::score(who, *n)?,
        };
        entries.push((seat, typed));
    }
    let ended = match (&h.out, &h.knock) {
        (Some(n), None) => Some(Ending::out(player::find(&m.players, n)?)),
        (None, Some(n)) => Some(Ending {
            seat: player::find(&m.players, n)?,
            knocked: true,
        }),
        (None, None) => None,
        (Some(_), Some(_)) => {
            return Err(crate::text::TextError(
                "a hole is ended by going out or by knocking, not both; give `out` or `knock`"
                    .into(),
            )
            .into())
        }
    };
    m.play_hole(&entries, ended, h.playoff, at)
}

fn sheet_penalty(
    m: &Match,
    p: &SheetPenalty,
    at: &str,
) -> Result<crate::game::PenaltyRecord, GameError> {
    let seat = player::find(&m.players, &p.player)?;
    let kind = match (p.points, &p.reason, p.illegal_move, p.late) {
        (Some(n), Some(r), false, None) => PenaltyRequest::Points(n, r.clone()),
        (None, None, true, None) => PenaltyRequest::IllegalMove,
        (None, None, false, Some(min)) => PenaltyRequest::Late(min),
        _ => {
            return Err(crate::text::TextError(
                "expected one of points + reason, illegal_move = true, or late = MINUTES".into(),
            )
            .into())
        }
    };
    m.penalty(seat, kind, p.hole, at)
}

/// A scoresheet's `date` as the stored time: `2026-11-01` (midday UTC, so it falls on
/// that calendar day in nearly every time zone) or a full RFC 3339 time.
/// The date is within [`crate::bounds::played`].
fn played_on(date: &str) -> Result<String, String> {
    let at = match (crate::text::time(date), crate::text::day(date)) {
        (Some(t), _) => t,
        (None, Some(d)) => d.and_hms_opt(12, 0, 0).unwrap_or_default().and_utc(),
        (None, None) => {
            return Err(format!(
                "`{}` is not a date in the years 0001 to 9999; expected e.g. 2026-11-01 or 2026-11-01T19:30:00+01:00",
                crate::text::escape(date)
            ))
        }
    };
    crate::bounds::played("the day", at, chrono::Utc::now())?;
    Ok(at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
}

/// A match read from a file for `golf import`.
#[derive(Debug, Clone)]
pub struct Incoming {
    /// The file (and, for an export, the match's place in it), for messages.
    pub label: String,
    /// The match (id 0).
    pub m: Match,
    /// From a scoresheet (a new match, finished if every hole is in and it asks to be),
    /// rather than an export (recorded exactly as exported).
    pub from_sheet: bool,
    /// A scoresheet's `finish`.
    pub finish: bool,
}

/// Reads a scoresheet (TOML, one match) or a JSON export (any number of matches) at
/// `path`, checking every match before anything is written: a sheet's holes as `golf hole`
/// would; an export's matches for their bounds, their invariants and that every hole
/// scores as recorded under its rules. `at` is the time of a sheet's match.
pub fn read_file(path: &Path, at: &str) -> Result<Vec<Incoming>, SheetError> {
    Ok(read_file_whole(path, at)?.0)
}

/// [`read_file`], with the tournaments an export carries (none from a scoresheet), each
/// checked ([`TournamentRecord::check`]).
pub fn read_file_whole(
    path: &Path,
    at: &str,
) -> Result<(Vec<Incoming>, Vec<TournamentRecord>), SheetError> {
    let shown = crate::text::path(path);
    let text = crate::text::read_capped(path, MAX_EXPORT_BYTES).map_err(|e| SheetError {
        place: shown.clone(),
        error: format!("cannot read it: {e}").into(),
    })?;
    // a byte-order mark (an editor's, a spreadsheet's) says nothing of what the file is:
    // the content does, `{` for an export
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    if !text.trim_start().starts_with('{') {
        if text.len() as u64 > MAX_BYTES {
            return Err(SheetError {
                place: shown,
                error: format!(
                    "a scoresheet is larger than {MAX_BYTES} bytes, the most golf reads"
                )
                .into(),
            });
        }
        let (m, finish) = read(&text, &shown, path.parent(), at)?;
        let sheet = Incoming {
            label: shown,
            m,
            from_sheet: true,
            finish,
        };
        return Ok((vec![sheet], Vec::new()));
    }
    let export: crate::view::export::Export =
        serde_json::from_str(&text).map_err(|e| SheetError {
            place: shown.clone(),
            error: format!("not a golf export: {e}").into(),
        })?;
    if export.format != crate::view::export::FORMAT || export.version != 1 {
        return Err(SheetError {
            place: shown,
            error: "not a golf export of version 1".into(),
        });
    }
    for t in &export.tournaments {
        t.check().map_err(|why| SheetError {
            place: format!("{shown}: tournament {}", crate::text::escape(&t.name)),
            error: why.into(),
        })?;
    }
    let matches = export
        .matches
        .into_iter()
        .enumerate()
        .map(|(i, m)| {
            let label = format!("{shown}: match {} ({})", i + 1, m.uuid);
            match m.imported() {
                Ok(()) => Ok(Incoming {
                    label,
                    m,
                    from_sheet: false,
                    finish: false,
                }),
                Err(why) => Err(SheetError {
                    place: label,
                    error: why.into(),
                }),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((matches, export.tournaments))
}
