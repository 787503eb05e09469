//! Grid notation: never a panic; whatever parses prints back to the same grid, passes or
//! fails the deck check cleanly, and scores under every bundled variant of its shape.
#![no_main]

use std::sync::OnceLock;

use golf::grid::Grid;
use golf::rules::{self, Rules};
use libfuzzer_sys::fuzz_target;

fn all_rules() -> &'static Vec<Rules> {
    static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut all: Vec<Rules> = rules::bundled::variant_names()
            .into_iter()
            .filter_map(|n| rules::resolve(n, &[]).ok())
            .collect();
        if let Ok(r) = rules::resolve("classic", &["horizontal-pairs".into(), "four-of-a-kind-20".into()]) {
            all.push(r);
        }
        all
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let parsed = Grid::parse(text);
    for rules in all_rules() {
        let checked = Grid::parse_for(text, rules.expected());
        if let (Ok(grid), Ok(g)) = (&checked, &parsed) {
            assert_eq!(grid, g);
        }
        if let Ok(grid) = checked {
            let _ = golf::deck::check_hole(&[("p", &grid)], rules.deck.decks, rules);
            let b = golf::scoring::score(&grid, rules);
            let _ = b.lines();
        }
    }
    if let Ok(grid) = parsed {
        let again = Grid::parse(&grid.to_string()).expect("a printed grid parses");
        assert_eq!(again, grid);
    } else if let Err(e) = parsed {
        let _ = e.to_string();
    }
});
