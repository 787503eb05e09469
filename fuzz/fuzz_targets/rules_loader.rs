//! The rules-file loader: never a panic on any text; what loads can be shown and scores.
#![no_main]

use golf::grid::Grid;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match golf::rules::resolve_text("fuzz.toml", text) {
        Ok(rules) => {
            let _ = rules.facts();
            let n = rules.layout.rows * rules.layout.columns;
            let cards = vec!["K"; n].join(" ");
            if let Ok(grid) = Grid::parse_for(&cards, rules.expected()) {
                let _ = golf::scoring::score(&grid, &rules);
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
