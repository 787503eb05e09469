//! `golf import FILE`: record a whole match from a scoresheet in one transaction, with the
//! same checks as `golf hole` (CLI.md).
//!
//! ```toml
//! rules = "classic"                 # a variant or a rules file (relative to this file)
//! house = ["out-penalty-10"]        # optional
//! name = "Sunday at the lake"       # optional
//! holes = 9                         # optional: the variant's
//! decks = 1                         # optional: the variant's for this many players
//! tiebreak = ["countback", "shared"]# optional: the variant's
//! players = ["ann", "bob", "cat"]   # seating order
//! finish = true                     # optional (default): finish once every hole is in
//!
//! [[hole]]
//! out = "bob"                       # optional: who went out or knocked
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

use anyhow::Context as _;
use serde::Deserialize;

use super::{finish, hole, new, penalty, view::CardView, Context};
use crate::cli::ImportArgs;
use crate::error::{input, InputError};
use crate::player;
use crate::store;

/// The largest scoresheet read, in bytes.
const MAX_BYTES: u64 = 1024 * 1024;

/// A scoresheet file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sheet {
    rules: String,
    #[serde(default)]
    house: Vec<String>,
    name: Option<String>,
    holes: Option<u32>,
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

/// Runs `golf import`.
pub fn run(ctx: &Context, args: ImportArgs) -> anyhow::Result<()> {
    let path = &args.file;
    let shown = path.display().to_string();
    let text = crate::text::read_capped(path, MAX_BYTES)
        .map_err(|e| InputError::new(format!("cannot read scoresheet {shown}: {e}")))?;
    let sheet: Sheet = toml::from_str(&text)
        .map_err(|e| InputError::new(format!("{shown}: {}", e.to_string().trim_end())))?;
    // a rules file named in the sheet is found next to the sheet
    let near = |name: &str| -> String {
        let relative = Path::new(name);
        let looks_like_file = name.ends_with(".toml") || name.contains('/');
        match path.parent() {
            Some(dir) if looks_like_file && relative.is_relative() => {
                dir.join(relative).display().to_string()
            }
            _ => name.to_string(),
        }
    };
    let m = new::build(new::Spec {
        rules: near(&sheet.rules),
        house: sheet.house.iter().map(|h| near(h)).collect(),
        holes: sheet.holes,
        decks: sheet.decks,
        tiebreak: sheet.tiebreak.clone(),
        name: sheet.name.clone(),
        players: sheet.players.clone(),
    })
    .with_context(|| shown.clone())?;

    // every hole and penalty is checked on the match in memory first: a refusal names
    // the sheet's hole, never a match id that would only be rolled back
    let mut m = m;
    let mut playoffs = 0;
    for (i, h) in sheet.hole.iter().enumerate() {
        let label = if h.playoff {
            playoffs += 1;
            format!("{shown}: playoff hole {playoffs}")
        } else {
            format!("{shown}: hole {}", i + 1 - playoffs)
        };
        let mut entries = Vec::new();
        for (name, grid) in &h.grids {
            let seat = player::find(&m.players, name).with_context(|| label.clone())?;
            let text = match grid {
                GridOrScore::Grid(g) => g.clone(),
                GridOrScore::Score(n) => n.to_string(),
            };
            if entries.iter().any(|(s, _)| *s == seat) {
                return input(format!("{label}: {} is given twice", m.players[seat]));
            }
            entries.push((seat, text));
        }
        let out = h
            .out
            .as_deref()
            .map(|n| player::find(&m.players, n))
            .transpose()
            .with_context(|| label.clone())?;
        let built = hole::build(&m, &entries, out, h.playoff).with_context(|| label.clone())?;
        m.holes.push(built);
    }
    for (i, p) in sheet.penalty.iter().enumerate() {
        let label = format!("{shown}: penalty {}", i + 1);
        let seat = player::find(&m.players, &p.player).with_context(|| label.clone())?;
        let kind = match (p.points, &p.reason, p.illegal_move, p.late) {
            (Some(n), Some(r), false, None) => penalty::Kind::Points(n, r.clone()),
            (None, None, true, None) => penalty::Kind::IllegalMove,
            (None, None, false, Some(min)) => penalty::Kind::Late(min),
            _ => {
                return input(format!(
                "{label}: expected one of points + reason, illegal_move = true, or late = MINUTES"
            ))
            }
        };
        let record = penalty::build(&m, seat, kind, p.hole).with_context(|| label.clone())?;
        m.penalties.push(record);
    }

    let mut store = ctx.open_write()?;
    let (m, note) = store.write(|tx| {
        let mut m = m.clone();
        m.id = store::insert_match(tx, &m)?;
        for h in &m.holes {
            store::insert_hole(tx, m.id, h)?;
        }
        for p in &m.penalties {
            store::insert_penalty(tx, m.id, p)?;
        }
        let mut note = None;
        if sheet.finish && m.holes_played() == m.holes_planned {
            if m.outcome().playoff_needed.is_some() {
                note = Some("left unfinished: the sudden-death tie needs a playoff hole");
            } else {
                finish::finish(tx, &mut m)?;
            }
        }
        Ok((m, note))
    })?;
    let card = CardView::new(&m);
    if ctx.out.json {
        return crate::render::json(&card);
    }
    crate::outln!(
        "Imported {shown} as match {} into {}.",
        m.id,
        store.path().display()
    );
    if let Some(note) = note {
        crate::outln!("Match {} {note}.", m.id);
    }
    crate::outln!("{}", card.render(&ctx.out).trim_end());
    Ok(())
}
