//! What a match read from a file (a JSON export) must hold before anything else is
//! believed: the same bounds as a match made by `golf new` and `golf hole` — counts first,
//! so a hostile file costs no work, then names, texts and times.

use super::setup::{MAX_MATCH_NAME, MAX_PLAYERS};
use super::{Match, MAX_NOTE};
use crate::game::penalty::MAX_REASON;

/// The most holes one match may hold: every planned hole and as many playoff holes again
/// and more.
pub const MAX_HOLES_RECORDED: usize = 4 * crate::bounds::Holes::MAX as usize;
/// The most penalties one match may hold.
pub const MAX_PENALTIES: usize = 4096;
/// The most amendments and undos one match may hold.
pub const MAX_AUDIT: usize = 16_384;
/// The longest text of a rules set, in characters: what a rules file can hold.
const MAX_TEXT: usize = crate::rules::layers::MAX_FILE_BYTES as usize;
/// The longest audit entry (the replaced hole as JSON), in characters.
const MAX_DETAIL: usize = 1024 * 1024;

impl Match {
    /// Checks the bounds of a match read from a file: at most [`MAX_PLAYERS`] players,
    /// [`MAX_HOLES_RECORDED`] holes, [`MAX_PENALTIES`] penalties and [`MAX_AUDIT`] audit
    /// entries, a grid per player at most on each hole (all counted before anything else);
    /// players named as `golf new` would name them and told apart
    /// ([`crate::player::distinct`]); the match name, penalty reasons, hole notes and every
    /// text of its rules bounded and printable; every time RFC 3339 within
    /// [`crate::bounds::played`], and the end no earlier than the start.
    /// The message says which value is wrong.
    pub fn within_intake_bounds(&self) -> Result<(), String> {
        let count = |what: &str, n: usize, max: usize| match n > max {
            true => Err(format!("it has {n} {what}; at most {max}")),
            false => Ok(()),
        };
        count("players", self.players.len(), MAX_PLAYERS)?;
        count("holes", self.holes.len(), MAX_HOLES_RECORDED)?;
        count("penalties", self.penalties.len(), MAX_PENALTIES)?;
        count("audit entries", self.audit.len(), MAX_AUDIT)?;
        for h in &self.holes {
            count("grids on one hole", h.entries.len(), self.players.len())?;
        }
        for p in &self.players {
            let normal = crate::player::normalise(p).map_err(|e| e.to_string())?;
            if normal != *p {
                return Err(format!(
                    "the player name `{}` is not written as golf writes it (`{normal}`)",
                    crate::text::escape(p)
                ));
            }
        }
        crate::player::distinct(&self.players).map_err(|e| e.to_string())?;
        let stored = |what: &str, text: &str, max: usize| {
            crate::text::stored(what, text, max)
                .map(drop)
                .map_err(|e| e.to_string())
        };
        if let Some(name) = &self.name {
            crate::text::name("the match name", name, MAX_MATCH_NAME).map_err(|e| e.to_string())?;
        }
        for p in &self.penalties {
            stored("a penalty reason", &p.reason, MAX_REASON)?;
        }
        for h in &self.holes {
            if let Some(note) = &h.note {
                stored(&format!("the note of hole {}", h.number), note, MAX_NOTE)?;
            }
        }
        for a in &self.audit {
            stored("an audit entry's action", &a.action, 32)?;
            printable("an audit entry's detail", &a.detail, MAX_DETAIL)?;
        }
        self.rules_texts()?;
        self.times()
    }

    /// Every text of the rules (names, titles, sources, rulings) bounded and printable.
    fn rules_texts(&self) -> Result<(), String> {
        // matches read from one export share their rules ([`super::shared_rules`]): each
        // shared copy is checked once, not once a match (10,000 matches of an export)
        type Checked = Vec<std::sync::Arc<crate::rules::Rules>>;
        thread_local! {
            static CHECKED: std::cell::RefCell<Checked> = const { std::cell::RefCell::new(Vec::new()) };
        }
        let seen = |c: &Checked| c.iter().any(|r| std::sync::Arc::ptr_eq(r, &self.rules));
        if CHECKED.with_borrow(seen) {
            return Ok(());
        }
        self.rules_texts_checked()?;
        CHECKED.with_borrow_mut(|c| {
            if c.len() >= 64 {
                c.remove(0);
            }
            c.push(self.rules.clone());
        });
        Ok(())
    }

    fn rules_texts_checked(&self) -> Result<(), String> {
        let value = serde_json::to_value(&*self.rules).map_err(|e| e.to_string())?;
        let mut stack = vec![value];
        while let Some(v) = stack.pop() {
            match v {
                serde_json::Value::String(s) => printable("a text of the rules", &s, MAX_TEXT)?,
                serde_json::Value::Array(items) => stack.extend(items),
                serde_json::Value::Object(map) => {
                    for (k, v) in map {
                        printable("a key of the rules", &k, MAX_TEXT)?;
                        stack.push(v);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Every time of the match RFC 3339, within [`crate::bounds::played`]; the match
    /// finished or abandoned no earlier than it started.
    fn times(&self) -> Result<(), String> {
        let times = std::iter::once(("started_at", &self.started_at))
            .chain(self.finished_at.iter().map(|t| ("finished_at", t)))
            .chain(self.abandoned_at.iter().map(|t| ("abandoned_at", t)))
            .chain(
                self.holes
                    .iter()
                    .map(|h| ("a hole's recorded_at", &h.recorded_at)),
            )
            .chain(
                self.penalties
                    .iter()
                    .map(|p| ("a penalty's recorded_at", &p.recorded_at)),
            )
            .chain(self.audit.iter().map(|a| ("an audit entry's at", &a.at)));
        let now = chrono::Utc::now();
        for (what, t) in times {
            let Some(at) = crate::text::time(t) else {
                return Err(format!(
                    "`{}` is not a time in the years 0001 to 9999 (RFC 3339, such as 2026-11-01T19:30:00Z)",
                    crate::text::escape(&t.chars().take(40).collect::<String>())
                ));
            };
            crate::bounds::played(what, at, now)?;
        }
        let start = crate::text::time(&self.started_at);
        let ends = [
            ("finished", &self.finished_at),
            ("abandoned", &self.abandoned_at),
        ];
        for (what, end) in ends {
            let end = end.as_deref().and_then(crate::text::time);
            if let Some((start, end)) = start.zip(end).filter(|(s, e)| e < s) {
                return Err(format!(
                    "it {what} at {} before it started at {}; expected {what}_at no earlier than started_at",
                    end.format("%Y-%m-%d %H:%M UTC"),
                    start.format("%Y-%m-%d %H:%M UTC")
                ));
            }
        }
        Ok(())
    }
}

/// At most `max` characters, none unprintable (empty is fine).
fn printable(what: &str, text: &str, max: usize) -> Result<(), String> {
    let chars = text.chars().count();
    if chars > max {
        return Err(format!("{what} is {chars} characters long; at most {max}"));
    }
    match crate::text::first_unprintable(text) {
        Some(c) => Err(format!(
            "{what} `{}` contains {c}, a control or invisible formatting character; expected printable text",
            crate::text::escape(&text.chars().take(40).collect::<String>())
        )),
        None => Ok(()),
    }
}
