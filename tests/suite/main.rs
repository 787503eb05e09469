//! The integration tests, one binary: a module per topic, each running the real `golf`
//! binary (or the library) against a temporary database. `common` is the test environment
//! and `served` a running `golf serve`, both shared with `tests/browser.rs` (and `served`
//! with `benches/serve.rs`) by path. One binary links the library and the dev-dependencies
//! once, not once per file; `cargo test --test suite cli_match::` runs one topic.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod served;

mod cli_advise;
mod cli_chart;
mod cli_corrections;
mod cli_details;
mod cli_docs;
mod cli_expert_match;
mod cli_fluency;
mod cli_history;
mod cli_house;
mod cli_match;
mod cli_odds;
mod cli_prompt;
mod cli_prose80;
mod cli_ratings;
mod cli_score;
mod cli_simulate;
mod cli_store;
mod cli_table;
mod cli_table80;
mod cli_tournament;
mod cli_track_record;
mod event_night;
mod event_night_clock;
mod event_night_desk;
mod event_night_export;
mod faults;
mod guards;
mod guards_one_writer;
mod hole_cases;
mod hostile;
mod once;
mod pictures;
mod robustness;
mod router;
mod scoring_cases;
mod serve;
mod serve_asked;
mod serve_bytes;
mod serve_entry;
mod serve_event;
mod serve_phones;
mod serve_scripts;
mod serve_store;
mod serve_tv;
