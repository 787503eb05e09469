//! The page's own files (`assets/`), embedded in the binary: its scripts, its style and its
//! icon, each sent as written less what only a reader of the source needs — the comments,
//! the indentation, the empty lines — and with its validator ([`super::tag`]), so a phone
//! that holds a file gets 304 and no body. Nothing is fetched from the internet.

use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::answer::error;
use super::tag::{etag_of, validated};

const STYLE: &str = include_str!("assets/golf.css");
pub(super) const ICON: &str = include_str!("assets/icon.svg");

/// The type of the page's scripts.
const JS: &str = "text/javascript; charset=utf-8";

/// The page's own files: the address, the type, the text as written. The scripts are small
/// ES modules (STYLE.md), each page naming those it runs (`page::head_with`); no build step.
pub(super) const ASSETS: [(&str, &str, &str); 13] = [
    ("/live.js", JS, include_str!("assets/live.js")),
    ("/api.js", JS, include_str!("assets/api.js")),
    ("/scorecard.js", JS, include_str!("assets/scorecard.js")),
    ("/entry.js", JS, include_str!("assets/entry.js")),
    ("/picker.js", JS, include_str!("assets/picker.js")),
    ("/form.js", JS, include_str!("assets/form.js")),
    ("/player.js", JS, include_str!("assets/player.js")),
    ("/record.js", JS, include_str!("assets/record.js")),
    ("/mend.js", JS, include_str!("assets/mend.js")),
    ("/accept.js", JS, include_str!("assets/accept.js")),
    ("/board.js", JS, include_str!("assets/board.js")),
    ("/golf.css", "text/css; charset=utf-8", STYLE),
    ("/icon.svg", "image/svg+xml", ICON),
];

/// The page's own files as sent, each made once: the text without the comments written
/// for whoever reads the source, and its validator.
fn sent_assets() -> &'static [(&'static str, &'static str, String, String)] {
    static SENT: std::sync::OnceLock<Vec<(&str, &str, String, String)>> =
        std::sync::OnceLock::new();
    SENT.get_or_init(|| {
        ASSETS
            .iter()
            .map(|&(path, kind, text)| {
                let sent = match kind {
                    JS => slim_script(text),
                    k if k.starts_with("text/css") => slim_style(text),
                    _ => text.to_string(),
                };
                let tag = etag_of(sent.as_bytes());
                (path, kind, sent, tag)
            })
            .collect()
    })
}

/// A script as sent: every line's indentation, every line that is a comment alone (`//`
/// first) and every empty line left out. Nothing else changes, so the script means the
/// same — provided no template literal spans lines (a unit test holds the files to that).
fn slim_script(text: &str) -> String {
    let mut sent = String::with_capacity(text.len());
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        sent.push_str(line);
        sent.push('\n');
    }
    sent
}

/// A style sheet as sent: its comments (`/* … */`), indentation and empty lines left out.
fn slim_style(text: &str) -> String {
    let mut bare = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("/*") {
        bare.push_str(&rest[..at]);
        rest = rest[at..]
            .find("*/")
            .map_or("", |end| &rest[at + end + 2..]);
    }
    bare.push_str(rest);
    let lines = bare.lines().map(str::trim).filter(|l| !l.is_empty());
    lines.collect::<Vec<_>>().join("\n")
}

/// One of the page's own files, with its validator: 304 and no body when the browser's
/// copy is current (checked on every use: `no-cache`).
pub(super) async fn asset(path: &'static str, headers: HeaderMap) -> Response {
    match sent_assets().iter().find(|(p, ..)| *p == path) {
        Some((_, kind, body, tag)) => validated(&headers, kind, tag, body.clone()),
        None => error(StatusCode::NOT_FOUND, "no such file"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_is_sent_without_its_comments_and_means_the_same() {
        let text = "// golf serve: the page\n'use strict';\n(function () {\n  // a comment alone\n\n  var a = 'x // y'; // kept: not alone\n})();\n";
        assert_eq!(
            slim_script(text),
            "'use strict';\n(function () {\nvar a = 'x // y'; // kept: not alone\n})();\n"
        );
        assert_eq!(
            slim_style("/* the page */\nbody {\n  color: red; /* red */\n}\n\n"),
            "body {\ncolor: red;\n}"
        );
        // a line's indentation matters inside a template literal alone: no script of the
        // page has one spanning lines, so leaving it out changes nothing
        for (path, kind, text) in ASSETS.iter().filter(|(_, kind, _)| *kind == JS) {
            for (n, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if !code.starts_with("//") {
                    assert_eq!(
                        code.matches('`').count() % 2,
                        0,
                        "{path}:{}: {line} ({kind})",
                        n + 1
                    );
                }
            }
        }
        // each file is smaller as sent, and its tag names what is sent
        for (path, _, sent, tag) in sent_assets() {
            let (_, _, text) = ASSETS.iter().find(|(p, ..)| p == path).unwrap();
            assert!(sent.len() <= text.len(), "{path}");
            assert_eq!(*tag, etag_of(sent.as_bytes()));
        }
    }
}
