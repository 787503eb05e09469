//! One writer (CLI.md "Exactly once, and exactly what was seen" → "One writer"; STYLE.md
//! "Where the next step goes" → "`table/` is the only writer"): every change to a match, a
//! tournament or the draft is one function of `src/table/` and one transaction. These
//! guards read the source: outside `src/table/` and `src/store/` nothing opens a write
//! (`store.write(`, `.write(|`) or calls one of the store's writing functions, found by
//! scanning `src/store/` for the functions that run `INSERT`, `UPDATE` or `DELETE` (or call
//! one that does). The behaviour the moved writes keep is tested in `cli_match`,
//! `cli_corrections`, `cli_tournament` and `cli_store`, and below.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::{repo, Env};

/// Writes allowed outside `src/table/`, by file and function: none.
const EXCEPTIONS: &[(&str, &str)] = &[];

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// `path` relative to the repository, with `/`.
fn relative(path: &Path) -> String {
    path.strip_prefix(repo(""))
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/")
}

/// The text of a file without its `#[cfg(test)]` module (written last, by the house's
/// rule) and without comment lines, so that a doc comment naming a function is no call.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines()
        .map(|l| {
            if l.trim_start().starts_with("//") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Where `needle` occurs in `hay` as a whole path (not preceded by a part of a name or
/// `.`, so `store::finish(` is a call and `m.finish(` or `xfinish(` are not).
fn calls(hay: &str, needle: &str) -> Vec<usize> {
    hay.match_indices(needle)
        .filter(|(at, _)| {
            hay[..*at]
                .chars()
                .next_back()
                .is_none_or(|c| !is_ident(c) && c != '.')
        })
        .map(|(at, _)| at)
        .collect()
}

/// The end of the block that opens at `open` (a `{`), skipping string and char literals.
fn block_end(text: &str, open: usize) -> usize {
    let bytes = text.as_bytes();
    let (mut depth, mut i) = (0usize, open);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\'' if bytes.get(i + 2) == Some(&b'\'') => i += 2,
            b'\'' if bytes.get(i + 1) == Some(&b'\\') => i += 3,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    text.len()
}

/// A function of the store: its name, whether public and a method, and its body.
struct Function {
    name: String,
    public: bool,
    method: bool,
    body: String,
}

/// The functions defined in `text`.
fn functions(text: &str) -> Vec<Function> {
    let mut found = Vec::new();
    for at in calls(text, "fn ") {
        let rest = &text[at + 3..];
        let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
        let Some(open) = rest.find('{') else { continue };
        if name.is_empty() || rest[..open].contains(';') {
            continue; // a `fn` type or a trait's declaration
        }
        let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
        let open = at + 3 + open;
        found.push(Function {
            public: text[line_start..at].contains("pub"),
            method: text[at..open].contains("self"),
            body: text[open..block_end(text, open)].to_string(),
            name,
        });
    }
    found
}

/// The path segment a caller names a function of `file` (under `src/store/`) by: the
/// innermost public module (a private one's items are re-exported by its parent).
fn segment(file: &Path) -> String {
    let rel = relative(file);
    let parts: Vec<&str> = rel.trim_end_matches(".rs").split('/').skip(1).collect();
    let mut segment = "store".to_string();
    let mut dir = repo("src/store");
    for part in &parts[1..] {
        if *part == "mod" {
            break;
        }
        let parent = std::fs::read_to_string(dir.join("mod.rs")).unwrap_or_default();
        let public = parent
            .lines()
            .any(|l| l.trim() == format!("pub mod {part};"));
        if !public {
            break;
        }
        segment = part.to_string();
        dir = dir.join(part);
    }
    segment
}

/// Whether a call whose path ends `before` names a function of the store: unqualified, or
/// qualified by one of the store's modules (not `std::process::id(`, say).
fn ours(before: &str) -> bool {
    let Some(path) = before.strip_suffix("::") else {
        return true;
    };
    let module: String = path.chars().rev().take_while(|&c| is_ident(c)).collect();
    let module: String = module.chars().rev().collect();
    let own = ["self", "super", "crate", "store", "matches", "load"];
    own.contains(&module.as_str()) || repo("src/store").join(format!("{module}.rs")).exists()
}

/// The store's writing functions, as `segment::name`: every function (not a method) of
/// `src/store/` whose body runs `INSERT`, `UPDATE` or `DELETE`, or calls one that does.
fn writers() -> BTreeSet<String> {
    let mut all: Vec<(String, Function)> = Vec::new();
    for file in sources(&repo("src/store")) {
        let segment = segment(&file);
        for f in functions(&code(&file)) {
            all.push((segment.clone(), f));
        }
    }
    let sql = ["INSERT", "UPDATE ", "DELETE ", "REPLACE INTO"];
    let mut writing: BTreeSet<String> = all
        .iter()
        .filter(|(_, f)| sql.iter().any(|v| f.body.contains(v)))
        .map(|(_, f)| f.name.clone())
        .collect();
    loop {
        let more: Vec<String> = all
            .iter()
            .filter(|(_, f)| !writing.contains(&f.name))
            .filter(|(_, f)| {
                writing.iter().any(|w| {
                    calls(&f.body, &format!("{w}("))
                        .into_iter()
                        .any(|at| ours(&f.body[..at]))
                })
            })
            .map(|(_, f)| f.name.clone())
            .collect();
        if more.is_empty() {
            break;
        }
        writing.extend(more);
    }
    all.iter()
        .filter(|(_, f)| f.public && !f.method && writing.contains(&f.name))
        .map(|(segment, f)| format!("{segment}::{}", f.name))
        .collect()
}

/// The function of `text` that holds byte `at`: the last `fn NAME` before it.
fn enclosing(text: &str, at: usize) -> String {
    calls(&text[..at], "fn ")
        .last()
        .map(|&f| text[f + 3..].chars().take_while(|&c| is_ident(c)).collect())
        .unwrap_or_default()
}

/// Where the `use` declarations of `text` begin.
fn uses(text: &str) -> Vec<usize> {
    let mut found = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let start = trimmed
            .strip_prefix("pub(crate) ")
            .or_else(|| trimmed.strip_prefix("pub "))
            .unwrap_or(trimmed);
        if start.starts_with("use ") {
            found.push(at + line.len() - trimmed.len());
        }
        at += line.len();
    }
    found
}

/// Every write outside `src/table/` and `src/store/`: `(file, function, what)`.
fn writes_outside(writers: &BTreeSet<String>) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    for file in sources(&repo("src")) {
        let rel = relative(&file);
        if rel.starts_with("src/table/") || rel.starts_with("src/store/") {
            continue;
        }
        let text = code(&file);
        let opens = ["store.write(", ".write(|", ".write(move |"];
        let mut hits: Vec<(usize, String)> = Vec::new();
        for open in opens {
            hits.extend(text.match_indices(open).map(|(at, s)| (at, s.to_string())));
        }
        for w in writers {
            hits.extend(
                calls(&text, &format!("{w}("))
                    .into_iter()
                    .map(|at| (at, w.clone())),
            );
            // imported by name: `use crate::store::{insert_match, …}`
            let name = w.rsplit("::").next().unwrap_or_default();
            for at in uses(&text) {
                let statement = &text[at..at + text[at..].find(';').unwrap_or(0)];
                let named = statement.contains("store")
                    && statement
                        .split(|c: char| !is_ident(c))
                        .any(|word| word == name);
                if named {
                    hits.push((at, format!("use of {w}")));
                }
            }
        }
        for (at, what) in hits {
            found.push((rel.clone(), enclosing(&text, at), what));
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The scan finds the store's writing functions (at least these, each of which runs SQL
/// that changes the database), so an empty list of writes outside means something.
#[test]
fn the_stores_writing_functions_are_found() {
    let writers = writers();
    for known in [
        "store::insert_match",
        "store::insert_hole",
        "store::insert_next_hole",
        "store::insert_audit",
        "store::update_match",
        "store::set_deleted",
        "store::finish",
        "store::insert_whole",
        "store::append_whole",
        "drafts::save",
        "drafts::remove",
        "serve_key::save",
        "tournaments::insert_tournament",
        "tournaments::insert_table",
        "tournaments::disqualify",
        "tournaments::import_record",
    ] {
        assert!(writers.contains(known), "{known} not found in {writers:?}");
    }
    for reader in ["store::load_match", "drafts::load", "tournaments::load"] {
        assert!(!writers.contains(reader), "{reader} is no writer");
    }
    println!("{} writing functions: {writers:?}", writers.len());
}

/// Outside `src/table/` and `src/store/`, nothing opens a write or calls the store's
/// writing functions; the one exception ([`EXCEPTIONS`]) still is one.
#[test]
fn table_is_the_only_writer() {
    let writers = writers();
    let found = writes_outside(&writers);
    let excepted = |(file, function, _): &&(String, String, String)| {
        EXCEPTIONS.contains(&(file.as_str(), function.as_str()))
    };
    let outside: Vec<String> = found
        .iter()
        .filter(|w| !excepted(w))
        .map(|(file, function, what)| format!("{file}: fn {function}: {what}"))
        .collect();
    assert!(
        outside.is_empty(),
        "writes outside src/table/ (make each a function of src/table/, one transaction):\n{}",
        outside.join("\n")
    );
    for (file, function) in EXCEPTIONS {
        assert!(
            found.iter().any(|(f, g, _)| f == file && g == function),
            "{file} fn {function} no longer writes: remove its exception from EXCEPTIONS"
        );
    }
    let files = sources(&repo("src")).len();
    println!(
        "{files} files scanned for {} writing functions",
        writers.len()
    );
}

/// `golf new` while another match is unfinished still says which, and where commands
/// without `--match` now go; the new match is recorded.
#[test]
fn new_while_another_is_unfinished_warns() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let out = env
        .golf()
        .args(["new", "--rules", "classic", "cat", "dan"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stderr)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        said.contains("match 1 is still unfinished; commands without --match now go to match 2"),
        "{said}"
    );
    let history = env.ok(&["history"]);
    assert!(
        history.contains("cat") && history.contains("ann"),
        "{history}"
    );
}

/// A tournament's match cannot be deleted: refused (exit 2) naming the tournament, with
/// nothing written.
#[test]
fn deleting_a_tournaments_match_is_refused_with_nothing_written() {
    let env = Env::new();
    env.ok(&[
        "tournament",
        "new",
        "spring",
        "--rules",
        "classic",
        "--seed",
        "1",
        "ann",
        "bob",
        "cat",
        "dan",
    ]);
    let before = env.snapshot();
    let stderr = env.bad(&["delete", "1"]);
    assert!(
        stderr.contains("match 1 is a table of the tournament spring")
            && stderr.contains("cannot be deleted"),
        "{stderr}"
    );
    assert_eq!(
        env.snapshot(),
        before,
        "a refused delete changed the database"
    );
}
