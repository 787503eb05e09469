//! Hostile input: every text field with control characters, extreme numbers in every
//! numeric field and rules key, special files for every path argument, invalid UTF-8 in
//! every argument and file. Each case must exit 2 with a message, without a panic or a
//! hang, and leave the database exactly as it was.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::time::Duration;

use crate::common::Env;

/// One hostile command line, with what it feeds on stdin.
struct Case {
    what: String,
    args: Vec<OsString>,
    stdin: Vec<u8>,
}

fn case(what: impl Into<String>, args: &[&str]) -> Case {
    Case {
        what: what.into(),
        args: args.iter().map(OsString::from).collect(),
        stdin: Vec::new(),
    }
}

fn raw(what: &str, args: Vec<Vec<u8>>) -> Case {
    Case {
        what: what.into(),
        args: args.into_iter().map(OsString::from_vec).collect(),
        stdin: Vec::new(),
    }
}

const HOSTILE_TEXT: [&str; 8] = [
    "x\x1b]0;PWNED\x07\x1b[2J\r\nFAKE: bob wins",
    "bell\x07",
    "back\x08space",
    "del\x7f",
    "c1\u{9b}31m",
    "zero\u{200b}width",
    "\u{202e}override",
    "\u{feff}bom",
];

/// A rules file that extends classic and sets `line` (a TOML line, or a table).
fn rules_file(env: &Env, name: &str, body: &str) -> String {
    let path = env.write(name, &format!("extends = \"classic\"\n{body}\n"));
    path.to_str().unwrap().to_string()
}

fn sheet(env: &Env, name: &str, body: &str) -> String {
    env.write(name, body).to_str().unwrap().to_string()
}

const SHEET_HEAD: &str = "rules = \"classic\"\nplayers = [\"ann\", \"bob\"]\n";
const HOLE: &str = "[[hole]]\ngrids = { ann = \"5 K Q / 5 2 J\", bob = \"2 7 Q / 2 7 Q\" }\n";

fn cases(env: &Env) -> Vec<Case> {
    let mut all = Vec::new();

    // ---- control and format characters in every text field -------------------------
    for (i, text) in HOSTILE_TEXT.iter().enumerate() {
        all.push(case(
            format!("player name {i}"),
            &["new", "--rules", "classic", text, "bob"],
        ));
        all.push(case(
            format!("match name {i}"),
            &["new", "--rules", "classic", "--name", text, "ann", "bob"],
        ));
        all.push(case(
            format!("penalty reason {i}"),
            &["penalty", "ann", "--points", "5", "--reason", text],
        ));
        all.push(case(
            format!("hole player {i}"),
            &[
                "hole",
                &format!("{text}=5 K Q / 5 2 J"),
                "bob=2 7 Q / 2 7 Q",
            ],
        ));
    }
    // ---- names that a spreadsheet runs or a command line takes for a flag -------------
    for text in ["=SUM(A1)", "+1", "-friday", "@club"] {
        all.push(case(
            format!("match name {text}"),
            &[
                "new",
                "--rules",
                "classic",
                &format!("--name={text}"),
                "ann",
                "bob",
            ],
        ));
        all.push(case(
            format!("tournament name {text}"),
            &[
                "tournament",
                "new",
                "--rules",
                "classic",
                "--",
                text,
                "ann",
                "bob",
                "cat",
            ],
        ));
    }
    let escaped = |t: &str| {
        t.chars()
            .map(|c| format!("\\u{:04X}", c as u32))
            .collect::<String>()
    };
    for (i, text) in HOSTILE_TEXT.iter().take(3).enumerate() {
        let t = escaped(text);
        for (key, body) in [
            ("title", format!("title = \"{t}\"")),
            ("summary", format!("summary = \"{t}\"")),
            ("source", format!("source = \"{t}\"")),
            ("play text", format!("[play.peek]\ntext = \"{t}\"")),
            ("play name", format!("[play.\"{t}\"]\ntext = \"peek\"")),
            (
                "ruling",
                format!("[rulings.r]\nquestion = \"q\"\nanswer = \"{t}\"\nsource = \"s\""),
            ),
            ("sources", format!("[sources]\n\"values.K\" = \"{t}\"")),
        ] {
            let file = rules_file(env, &format!("ctl-{key}-{i}.toml"), &body);
            all.push(case(format!("rules {key} {i}"), &["rules", "check", &file]));
        }
        let t = escaped(text);
        let s = sheet(
            env,
            &format!("ctl-sheet-{i}.toml"),
            &format!("rules = \"classic\"\nname = \"{t}\"\nplayers = [\"ann\", \"bob\"]\n{HOLE}"),
        );
        all.push(case(format!("sheet match name {i}"), &["import", &s]));
        let s = sheet(
            env,
            &format!("ctl-sheet-player-{i}.toml"),
            &format!("rules = \"classic\"\nplayers = [\"ann\", \"{t}\"]\n"),
        );
        all.push(case(format!("sheet player {i}"), &["import", &s]));
        let s = sheet(
            env,
            &format!("ctl-sheet-reason-{i}.toml"),
            &format!(
                "{SHEET_HEAD}{HOLE}[[penalty]]\nplayer = \"ann\"\npoints = 5\nreason = \"{t}\"\n"
            ),
        );
        all.push(case(format!("sheet penalty reason {i}"), &["import", &s]));
    }
    all.push(case(
        "grid with an escape",
        &["hole", "ann=5 K Q\x1b[2J / 5 2 J", "bob=2 7 Q / 2 7 Q"],
    ));
    all.push(case(
        "score grid with a bell",
        &["score", "--rules", "classic", "5 K Q / 5 2 J\x07"],
    ));

    // ---- extreme numbers in every numeric field ------------------------------------
    for points in [
        "-2147483648",
        "2147483647",
        "101",
        "-101",
        "0",
        "99999999999",
    ] {
        all.push(case(
            format!("penalty points {points}"),
            &["penalty", "ann", "--points", points, "--reason", "x"],
        ));
    }
    for late in ["0", "121", "4294967296", "-1"] {
        all.push(case(
            format!("late {late}"),
            &["penalty", "ann", "--late", late],
        ));
    }
    for hole in ["0", "10", "4294967295", "-1"] {
        all.push(case(
            format!("penalty hole {hole}"),
            &["penalty", "ann", "--illegal-move", "--hole", hole],
        ));
    }
    for score in [
        "-9223372036854775808",
        "9223372036854775807",
        "501",
        "-501",
        "99999999999999999999999",
    ] {
        all.push(case(
            format!("bare score {score}"),
            &["hole", &format!("ann={score}"), "bob=3"],
        ));
    }
    for holes in ["0", "37", "4294967296"] {
        all.push(case(
            format!("holes {holes}"),
            &["new", "--rules", "classic", "--holes", holes, "ann", "bob"],
        ));
    }
    for target in ["0", "10001", "4294967296", "-5"] {
        all.push(case(
            format!("target {target}"),
            &[
                "new", "--rules", "classic", "--target", target, "ann", "bob",
            ],
        ));
    }
    for decks in ["0", "9", "4294967296"] {
        all.push(case(
            format!("new decks {decks}"),
            &["new", "--rules", "classic", "--decks", decks, "ann", "bob"],
        ));
        all.push(case(
            format!("score decks {decks}"),
            &[
                "score",
                "--rules",
                "classic",
                "--decks",
                decks,
                "5 K Q / 5 2 J",
            ],
        ));
    }
    for hole in ["0", "4294967295", "99999999999"] {
        all.push(case(
            format!("amend hole {hole}"),
            &["amend", hole, "ann=3"],
        ));
    }
    for id in [
        "9223372036854775807",
        "-9223372036854775808",
        "99999999999999999999",
    ] {
        all.push(case(format!("card {id}"), &["card", id]));
        all.push(case(
            format!("--match {id}"),
            &["hole", "--match", id, "ann=3", "bob=4"],
        ));
    }
    all.push(case("history limit -1", &["history", "--limit", "-1"]));
    for (key, body) in [
        ("K", "[values]\nK = 2147483647"),
        ("A", "[values]\nA = -101"),
        ("Q", "[values]\nQ = 9223372036854775807"),
        ("suited", "[values]\nsuited = { \"Js\" = 1000 }"),
        ("same-rank", "[matching]\nsame_rank_columns = { 2 = 201 }"),
        ("bonus", "[going_out]\nbonus = 101"),
        ("add", "[going_out]\npenalty = \"add 2147483647\""),
        ("double-plus", "[going_out]\npenalty = \"double-plus 101\""),
        ("per-player", "[going_out]\npenalty = \"per-player -101\""),
        (
            "illegal-move",
            "[tournament]\nillegal_move = [\"2147483647\"]",
        ),
        ("late", "[tournament]\nlate_per_minute = 101"),
        ("decks", "[deck]\ndecks = 9"),
        ("jokers", "[deck]\njokers_per_deck = 9"),
        ("decks by players", "[deck]\ndecks_by_players = { 4 = 0 }"),
        ("holes", "[match]\nholes = 37"),
        ("rows", "[layout]\nrows = 5"),
        ("columns", "[layout]\ncolumns = -1"),
        ("times", "[going_out]\npenalty = \"times 2147483647\""),
        ("pack jokers", "[deck]\njokers = 9223372036854775807"),
        ("target", "[match]\ntarget = -1"),
        (
            "score map key",
            "[hole]\nscore_map = { \"-9223372036854775808\" = 0 }",
        ),
        (
            "score map value",
            "[hole]\nscore_map = { \"21\" = 2147483647 }",
        ),
        ("lowest bonus", "[hole]\nlowest_bonus = -2147483648"),
        ("tie penalty", "[hole]\ntie_penalty = 2147483647"),
        (
            "matched value",
            "[matching]\nmatched_values = { joker = -2147483648 }",
        ),
        (
            "rank table",
            "[matching]\nrank_columns = { J = { 2 = 2147483647 } }",
        ),
        (
            "pack copies",
            "[pack]\nfaces = [{ name = \"a\", tokens = [\"A\"], copies = 4294967296, value = 1 }]",
        ),
        (
            "pack value",
            "[pack]\nfaces = [{ name = \"a\", tokens = [\"A\"], copies = 1, value = 2147483647 }]",
        ),
    ] {
        let file = rules_file(env, &format!("num-{key}.toml"), body);
        all.push(case(format!("rules key {key}"), &["rules", "check", &file]));
        all.push(case(
            format!("score under rules key {key}"),
            &["score", "--rules", &file, "K Q 3 / 4 5 6"],
        ));
    }
    for (what, body) in [
        (
            "sheet bare score",
            format!("{SHEET_HEAD}[[hole]]\ngrids = {{ ann = 501, bob = 3 }}\n"),
        ),
        (
            "sheet i64::MIN score",
            format!("{SHEET_HEAD}[[hole]]\ngrids = {{ ann = -9223372036854775808, bob = 3 }}\n"),
        ),
        (
            "sheet penalty points",
            format!("{SHEET_HEAD}{HOLE}[[penalty]]\nplayer = \"ann\"\npoints = -2147483648\nreason = \"x\"\n"),
        ),
        (
            "sheet late",
            format!("{SHEET_HEAD}{HOLE}[[penalty]]\nplayer = \"ann\"\nlate = 121\n"),
        ),
        ("sheet holes", format!("{SHEET_HEAD}holes = 37\n")),
        ("sheet decks", format!("{SHEET_HEAD}decks = 9\n")),
        ("sheet target", format!("{SHEET_HEAD}target = 10001\n")),
    ] {
        let s = sheet(env, &format!("{}.toml", what.replace(' ', "-")), &body);
        all.push(case(what, &["import", &s]));
    }

    // ---- special files for every path argument --------------------------------------
    let fifo = env.path("fifo");
    let fifo = fifo.to_str().unwrap();
    let folder = env.dir.path().to_str().unwrap().to_string();
    for special in ["/dev/zero", fifo, &folder] {
        all.push(case(format!("import {special}"), &["import", special]));
        all.push(case(
            format!("rules check {special}"),
            &["rules", "check", special],
        ));
        all.push(case(
            format!("score --rules {special}"),
            &["score", "--rules", special, "5 K Q / 5 2 J"],
        ));
        all.push(case(
            format!("new --house {special}"),
            &[
                "new", "--rules", "classic", "--house", special, "ann", "bob",
            ],
        ));
        let file = rules_file(env, "extends-special.toml", "");
        std::fs::write(&file, format!("extends = \"{special}\"\n")).unwrap();
        all.push(case(
            format!("extends {special}"),
            &["rules", "check", &file],
        ));
        let s = sheet(
            env,
            "sheet-special.toml",
            &format!("rules = \"{special}\"\nplayers = [\"ann\", \"bob\"]\n"),
        );
        let copy = env.path(&format!("sheet-{}.toml", all.len()));
        std::fs::copy(&s, &copy).unwrap();
        all.push(case(
            format!("sheet rules {special}"),
            &["import", copy.to_str().unwrap()],
        ));
        all.push(case(
            format!("--db {special}"),
            &["--db", special, "new", "--rules", "classic", "ann", "bob"],
        ));
        let s = sheet(
            env,
            "sheet-house-special.toml",
            &format!(
                "rules = \"classic\"\nhouse = [\"{special}\"]\nplayers = [\"ann\", \"bob\"]\n"
            ),
        );
        let copy = env.path(&format!("sheet-{}.toml", all.len()));
        std::fs::copy(&s, &copy).unwrap();
        all.push(case(
            format!("sheet house {special}"),
            &["import", copy.to_str().unwrap()],
        ));
        all.push(case(
            format!("--db {special} read"),
            &["--db", special, "card"],
        ));
    }
    all.push(case("backup over /dev/null", &["backup", "/dev/null"]));
    all.push(case("backup over a folder", &["backup", &folder]));
    let mut big = case("1 MB rules on stdin", &["rules", "check", "/dev/stdin"]);
    big.stdin = vec![b'#'; 1 << 20];
    all.push(big);
    let mut big = case("1 MB scoresheet on stdin", &["import", "-"]);
    big.stdin = vec![b'#'; 2 << 20];
    all.push(big);
    let mut big = case("a long grid on stdin", &["score", "--rules", "classic"]);
    big.stdin = "5 ".repeat(10_000).into_bytes();
    all.push(big);

    // ---- invalid UTF-8 in every argument and file ------------------------------------
    let bad = |s: &str| {
        let mut v = s.as_bytes().to_vec();
        v.push(0xff);
        v
    };
    let b = |s: &str| s.as_bytes().to_vec();
    for (what, args) in [
        (
            "score grid",
            vec![b("score"), b("--rules"), b("classic"), bad("5 K Q / 5 2 J")],
        ),
        (
            "score rules",
            vec![b("score"), b("--rules"), bad("classic"), b("5")],
        ),
        (
            "score house",
            vec![
                b("score"),
                b("--rules"),
                b("classic"),
                b("--house"),
                bad("knock"),
                b("5"),
            ],
        ),
        (
            "new player",
            vec![b("new"), b("--rules"), b("classic"), bad("ann"), b("bob")],
        ),
        (
            "new name",
            vec![
                b("new"),
                b("--rules"),
                b("classic"),
                b("--name"),
                bad("x"),
                b("ann"),
                b("bob"),
            ],
        ),
        (
            "new tiebreak",
            vec![
                b("new"),
                b("--rules"),
                b("classic"),
                b("--tiebreak"),
                bad("shared"),
                b("ann"),
                b("bob"),
            ],
        ),
        ("hole entry", vec![b("hole"), bad("ann=3"), b("bob=4")]),
        (
            "hole out",
            vec![b("hole"), b("ann=3"), b("bob=4"), b("--out"), bad("ann")],
        ),
        ("amend entry", vec![b("amend"), b("1"), bad("ann=3")]),
        (
            "penalty player",
            vec![b("penalty"), bad("ann"), b("--illegal-move")],
        ),
        (
            "penalty reason",
            vec![
                b("penalty"),
                b("ann"),
                b("--points"),
                b("2"),
                b("--reason"),
                bad("x"),
            ],
        ),
        ("ruling query", vec![b("ruling"), bad("knock")]),
        (
            "history player",
            vec![b("history"), b("--player"), bad("ann")],
        ),
        ("rules show", vec![b("rules"), b("show"), bad("classic")]),
        (
            "rules diff",
            vec![b("rules"), b("diff"), b("classic"), bad("quick")],
        ),
        (
            "import path",
            vec![b("import"), bad(&format!("{folder}/missing"))],
        ),
        (
            "rules check path",
            vec![b("rules"), b("check"), bad(&format!("{folder}/missing"))],
        ),
        ("global json flag", vec![bad("--json"), b("card")]),
    ] {
        all.push(raw(what, args));
    }
    let file = env.path("latin1.toml");
    std::fs::write(&file, b"extends = \"classic\"\ntitle = \"caf\xe9\"\n").unwrap();
    all.push(case(
        "rules file not UTF-8",
        &["rules", "check", file.to_str().unwrap()],
    ));
    let file = env.path("latin1-sheet.toml");
    std::fs::write(
        &file,
        b"rules = \"classic\"\nname = \"caf\xe9\"\nplayers = [\"ann\", \"bob\"]\n",
    )
    .unwrap();
    all.push(case(
        "scoresheet not UTF-8",
        &["import", file.to_str().unwrap()],
    ));
    let mut stdin = case("score stdin not UTF-8", &["score", "--rules", "classic"]);
    stdin.stdin = b"5 K Q / 5 2 \xff".to_vec();
    all.push(stdin);
    all
}

#[test]
fn every_hostile_input_is_refused_with_exit_2_and_leaves_the_database_unchanged() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    let status = std::process::Command::new("mkfifo")
        .arg(env.path("fifo"))
        .status()
        .unwrap();
    assert!(status.success());
    let cases = cases(&env);
    assert!(cases.len() >= 100, "only {} cases", cases.len());
    eprintln!("{} hostile cases", cases.len());
    // the database file alone, written back after a failed case
    let before = std::fs::read(env.db()).unwrap();
    let mut failures = Vec::new();
    for c in &cases {
        let out = env
            .golf()
            .args(&c.args)
            .write_stdin(c.stdin.clone())
            .timeout(Duration::from_secs(30))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let problem = if out.status.code() != Some(2) {
            Some(format!("exit {:?}", out.status.code()))
        } else if stderr.trim().is_empty() {
            Some("no message".to_string())
        } else if stderr.contains("panicked") {
            Some("panicked".to_string())
        } else if stderr.contains('\x1b') || stdout.contains('\x1b') || stderr.contains('\x07') {
            Some("a control character reached the terminal".to_string())
        } else if std::fs::read(env.db()).unwrap() != before {
            Some("the database changed".to_string())
        } else {
            None
        };
        if let Some(p) = problem {
            failures.push(format!("{}: {p}: {}", c.what, stderr.trim()));
            // put the database back so each case is judged on its own
            std::fs::write(env.db(), &before).unwrap();
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    let card = env.ok(&["--json", "card"]);
    assert!(card.contains("\"ann\""), "{card}");
}

// ==== issue 32a: two writers at one table, drafts, man --dir, closed pipes, damaged files ====

/// `golf` with `args` and its standard output already closed by the reader (as `| true`
/// leaves it): its exit code and what it said on stderr.
fn with_stdout_closed(env: &Env, args: &[&str]) -> (Option<i32>, String) {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("golf"));
    cmd.env("GOLF_DB", env.db())
        .env("XDG_CONFIG_HOME", env.path("xdg-config"))
        .env("GOLF_CACHE_DIR", env.path("cache"))
        .env("NO_COLOR", "1")
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Issue 32.16: a reader that goes away is no error, whichever way the output is written:
/// `--output -`, `--trace -` and `--svg -` are as quiet as plain `golf export | head -1`.
#[test]
fn a_closed_pipe_is_quiet_everywhere() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    let mut failures = Vec::new();
    for args in [
        &["export"][..],
        &["export", "--output", "-"],
        &["export", "--format", "csv", "--output", "-"],
        &[
            "simulate",
            "--rules",
            "classic",
            "--matches",
            "20",
            "--trace",
            "-",
        ],
        &[
            "simulate",
            "--rules",
            "classic",
            "--matches",
            "20",
            "--export",
            "-",
        ],
        &["chart", "--svg", "-"],
        &["card"],
    ] {
        let (code, stderr) = with_stdout_closed(&env, args);
        if code != Some(0) || !stderr.trim().is_empty() {
            failures.push(format!("golf {args:?}: exit {code:?}, said {stderr:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Issue 32.2: `golf man --dir` writes its pages through the output-file guard: never the
/// database (named as a page, or behind a symbolic link), never through a link onto any
/// existing file, nothing written unless every page can be; a missing folder is an error
/// naming it, not made silently; every error names the path.
#[test]
fn man_pages_never_overwrite_the_database_or_follow_a_link() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let db = std::fs::read(env.db()).unwrap();
    let notes = env.write("notes.txt", "mine\n");
    let d1 = env.path("d1");
    std::fs::create_dir(&d1).unwrap();
    for (link, to) in [("golf-hole.1", env.db()), ("golf-card.1", notes.clone())] {
        let at = d1.join(link);
        std::os::unix::fs::symlink(&to, &at).unwrap();
        let err = env.bad(&["man", "--dir", d1.to_str().unwrap()]);
        assert!(err.contains(&at.display().to_string()), "{err}");
        std::fs::remove_file(&at).unwrap();
        assert_eq!(std::fs::read(env.db()).unwrap(), db);
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine\n");
        // refused before anything is written
        assert_eq!(std::fs::read_dir(&d1).unwrap().count(), 0, "{link}");
    }
    // the database itself named as a page: `golf --db ./golf.1 man --dir .`
    std::fs::copy(env.db(), env.path("golf.1")).unwrap();
    let out = env
        .golf()
        .current_dir(env.dir.path())
        .args(["--db", "./golf.1", "man", "--dir", "."])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("golf.1") && err.contains("the database"),
        "{err}"
    );
    assert_eq!(std::fs::read(env.path("golf.1")).unwrap(), db);
    // a missing folder is named, not made
    let missing = env.path("no-such-folder");
    let err = env.bad(&["man", "--dir", missing.to_str().unwrap()]);
    assert!(
        err.contains(&format!("there is no folder {}", missing.display())),
        "{err}"
    );
    assert!(!missing.exists());
    // an old page is replaced, and nothing is left aside
    std::fs::write(d1.join("golf-hole.1"), "old").unwrap();
    env.ok(&["man", "--dir", d1.to_str().unwrap()]);
    let page = std::fs::read_to_string(d1.join("golf-hole.1")).unwrap();
    assert!(page.contains(".TH"), "{page}");
    let hidden: Vec<_> = std::fs::read_dir(&d1)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(hidden.is_empty(), "{hidden:?}");
}

/// Two people at one table both record hole 1 (golf serve makes that normal): with
/// `--hole 1` the second is refused, exit 2, nothing written, instead of becoming hole 2
/// with the same grids; `--hole` a number the match cannot take next is refused too.
#[test]
fn a_hole_recorded_twice_is_refused_when_its_number_is_given() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let hole1 = [
        "hole",
        "--hole",
        "1",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
    ];
    env.ok(&hole1);
    let before = std::fs::read(env.db()).unwrap();
    let err = env.bad(&hole1);
    assert!(
        err.contains("match 1 has 1 hole recorded, so its next is hole 2, not hole 1"),
        "{err}"
    );
    let err = env.bad(&["hole", "--hole", "3", "ann=12", "bob=13"]);
    assert!(err.contains("its next is hole 2, not hole 3"), "{err}");
    env.bad(&["hole", "--hole", "0", "ann=12", "bob=13"]);
    assert_eq!(std::fs::read(env.db()).unwrap(), before);
    env.ok(&["hole", "--hole", "2", "ann=12", "bob=13"]);
    assert_eq!(env.json(&["card"])["holes_played"], 2);
}

// ---- issue 32b: config, dates, the one sanitiser, import, damaged databases, triggers ----

/// Runs golf with `args`, expecting success; returns stderr (what it said).
fn said(env: &Env, args: &[&str]) -> String {
    let out = env.golf().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "golf {args:?} failed: {stderr}");
    stderr
}

#[test]
fn config_set_refuses_what_loading_refuses_and_mends_a_file_that_fails_to_load() {
    let env = Env::new();
    // 65 house rules, each a good file: --house takes them, loading a config does not, so
    // set refuses them as loading would, and nothing is locked out
    let files: Vec<String> = (0..65)
        .map(|i| {
            let body = format!(
                "name = \"h{i}\"\n[going_out]\npenalty = \"add 1\"\npenalty_when = \"not-lowest\"\n"
            );
            env.write(&format!("h{i}.toml"), &body)
                .to_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let err = env.bad(&["config", "set", "house", &files.join(",")]);
    assert!(err.contains("65 entries; at most 64"), "{err}");
    env.ok(&["config"]);
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let err = env.bad(&[
        "config",
        "set",
        "house",
        &vec!["out-penalty-10"; 65].join(","),
    ]);
    assert!(err.contains("named twice"), "{err}");
    // a file broken by hand locks out the other commands, not set
    let too_many = vec!["\"underdog\""; 65].join(", ");
    let path = env.config(&format!("house = [{too_many}]\ndecks = 0\n"));
    let err = env.bad(&["card"]);
    assert!(err.contains("golf config set"), "{err}");
    let err = said(&env, &["config", "set", "house", "underdog"]);
    assert!(
        err.contains("still does not load") && err.contains("decks"),
        "{err}"
    );
    said(&env, &["config", "set", "decks", "2"]);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, "house = [\"underdog\"]\ndecks = 2\n");
    env.ok(&["config"]);
    // not TOML at all: set says so; init starts afresh and keeps the old file
    env.config("house = [\n");
    let err = env.bad(&["config", "set", "decks", "2"]);
    assert!(err.contains("golf config init"), "{err}");
    let err = said(&env, &["config", "init"]);
    assert!(err.contains("config.toml.broken"), "{err}");
    let kept = path.with_extension("toml.broken");
    assert_eq!(std::fs::read_to_string(kept).unwrap(), "house = [\n");
    env.ok(&["config", "set", "decks", "3"]);
    // a config that loads is never overwritten by init
    assert!(env.bad(&["config", "init"]).contains("exists already"));
}

#[test]
fn config_rules_files_are_found_from_any_folder() {
    let env = Env::new();
    let harbour = "extends = \"classic\"\nname = \"harbour\"\n";
    // written by hand beside the config: relative to the config file, as `db` is
    let config = env.config("rules = \"./harbour.toml\"\nhouse = [\"./lenient.toml\"]\n");
    let dir = config.parent().unwrap();
    std::fs::write(dir.join("harbour.toml"), harbour).unwrap();
    std::fs::write(
        dir.join("lenient.toml"),
        "name = \"lenient\"\n[going_out]\npenalty = \"add 5\"\npenalty_when = \"not-lowest\"\n",
    )
    .unwrap();
    for folder in ["a", "b"] {
        std::fs::create_dir_all(env.path(folder)).unwrap();
    }
    let run = |folder: &str, args: &[&str]| {
        let out = env
            .golf()
            .current_dir(env.path(folder))
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "golf {args:?} in {folder}: {err}");
        String::from_utf8(out.stdout).unwrap()
    };
    let doc: serde_json::Value =
        serde_json::from_str(&run("a", &["--json", "new", "ann", "bob"])).unwrap();
    assert_eq!(doc["rules"], "harbour", "{doc}");
    // set from one folder, used from another
    std::fs::write(env.path("a/mine.toml"), harbour.replace("harbour", "mine")).unwrap();
    run("a", &["config", "set", "rules", "./mine.toml"]);
    run("a", &["config", "set", "house", "none"]);
    let doc: serde_json::Value =
        serde_json::from_str(&run("b", &["--json", "new", "cat", "dan"])).unwrap();
    assert_eq!(doc["rules"], "mine", "{doc}");
}

#[test]
fn dates_are_from_1900_to_one_day_after_now_and_a_match_ends_after_it_starts() {
    let env = Env::new();
    for date in ["9999-12-31", "2199-01-01T20:00:00Z", "1899-12-31"] {
        let path = sheet(
            &env,
            "dated.toml",
            &format!("{SHEET_HEAD}date = \"{date}\"\n{HOLE}"),
        );
        let err = env.bad(&["import", &path]);
        assert!(err.contains("expected 1900-01-01 to "), "{date}: {err}");
    }
    // an export: started in 9999, or finished before it started
    env.ok(&[
        "import",
        crate::common::repo("examples/classic-9-holes.toml")
            .to_str()
            .unwrap(),
    ]);
    let doc = env.json(&["export"]);
    let write = |name: &str, key: &str, at: &str| {
        let mut doc = doc.clone();
        let m = &mut doc["matches"][0];
        m[key] = at.into();
        m["uuid"] = "6f1c2b7e-8d3a-4c5e-9f10-1a2b3c4d5e6f".into();
        env.write(name, &doc.to_string())
    };
    let late = write("late.json", "started_at", "9999-12-31T20:00:00.000Z");
    let err = env.bad(&["import", late.to_str().unwrap()]);
    assert!(err.contains("started_at 9999-12-31 20:00 UTC"), "{err}");
    let early = write("early.json", "finished_at", "1970-01-01T00:00:00.000Z");
    let err = env.bad(&["import", early.to_str().unwrap()]);
    assert!(
        err.contains("finished at 1970-01-01 00:00 UTC before it started"),
        "{err}"
    );
    env.ok(&["check"]);
}

/// Whether golf's output carries an escape sequence or a line a hostile text made.
fn leaks(out: &std::process::Output) -> Option<String> {
    let both = [&out.stdout, &out.stderr].map(|b| String::from_utf8_lossy(b).into_owned());
    both.iter()
        .find(|t| {
            t.contains('\x1b') || t.contains('\x07') || t.lines().any(|l| l.starts_with("FAKE"))
        })
        .cloned()
}

#[test]
fn no_escape_sequence_or_faked_line_reaches_the_terminal() {
    let env = Env::new();
    let red = "a\x1b[31mb";
    let fake = "a\nFAKE: ann wins";
    let example = crate::common::repo("examples/classic-9-holes.toml");
    let mut runs: Vec<(String, Vec<String>, Option<i32>)> = Vec::new();
    let mut run = |args: Vec<String>, code: Option<i32>| runs.push((args.join(" "), args, code));
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for hostile in [red, fake] {
        let file = env.path(&format!("sheet {hostile}.toml"));
        std::fs::copy(&example, &file).unwrap();
        let file = file.to_str().unwrap().to_string();
        let missing = env
            .path(&format!("missing{hostile}/x"))
            .to_str()
            .unwrap()
            .to_string();
        run(s(&["import", &file]), Some(0));
        run(s(&["import", &missing]), Some(2));
        run(s(&["--db", &missing, "card"]), Some(2));
        run(
            s(&["--db", &missing, "new", "--rules", "classic", "ann", "bob"]),
            None,
        );
        run(s(&["export", "--output", &missing]), None);
        run(
            s(&[
                "simulate",
                "--rules",
                "classic",
                "--bots",
                hostile,
                "--matches",
                "2",
            ]),
            Some(2),
        );
        run(s(&["new", "--rules", hostile, "ann", "bob"]), Some(2));
        run(
            s(&[
                "new", "--rules", "classic", "--house", hostile, "ann", "bob",
            ]),
            Some(2),
        );
        run(s(&["config", "set", "db", &missing]), Some(2));
        run(
            s(&["config", "set", "rules", &format!("{missing}.toml")]),
            Some(2),
        );
    }
    for (what, args, code) in runs {
        let out = env.golf().args(&args).output().unwrap();
        if let Some(code) = code {
            assert_eq!(
                out.status.code(),
                Some(code),
                "{what:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        assert_eq!(leaks(&out), None, "{what:?}");
    }
    // the config file was never written with them
    assert!(!env.path("xdg-config/golf/config.toml").exists());
    // a usage error quotes the argument: clap would style it raw on a terminal
    for args in [
        &[red][..],
        &["card", "--x", red],
        &["simulate", "--matches", red],
    ] {
        let out = env
            .golf()
            .env("CLICOLOR_FORCE", "1")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(leaks(&out), None, "{args:?}");
    }
    // names from a tampered database
    let conn = rusqlite::Connection::open(env.db()).unwrap();
    conn.execute_batch(
        "UPDATE seats SET player = 'b' || char(27) || '[31mob' || char(10) || 'FAKE: x' WHERE player = 'bob';
         UPDATE matches SET name = 'n' || char(27) || '[32m' || char(10) || 'FAKE';
         UPDATE rule_sets SET json = json_set(json, '$.name', 'c' || char(10) || 'FAKE: r');",
    )
    .unwrap();
    drop(conn);
    for args in [
        &["card"][..],
        &["history"],
        &["stats"],
        &["ratings"],
        &["log", "1"],
        &["export", "--format", "csv"],
    ] {
        let out = env.golf().args(args).output().unwrap();
        assert_eq!(leaks(&out), None, "{args:?}");
    }
}

#[test]
fn an_export_with_a_byte_order_mark_imports_and_no_error_echoes_a_long_line() {
    let env = Env::new();
    env.ok(&[
        "import",
        crate::common::repo("examples/classic-9-holes.toml")
            .to_str()
            .unwrap(),
    ]);
    let export = env.ok(&["--json", "export"]);
    let other = Env::new();
    let bom = other.write("bom.json", &format!("\u{feff}{export}"));
    let out = other.ok(&["import", bom.to_str().unwrap()]);
    assert!(out.contains("Imported"), "{out}");
    assert_eq!(other.json(&["history"]).as_array().unwrap().len(), 1);
    // a scoresheet with one is a scoresheet
    let text = std::fs::read_to_string(crate::common::sheet_copy(&other, 1)).unwrap();
    let sheet = other.write("bom.toml", &format!("\u{feff}{text}"));
    other.ok(&["import", sheet.to_str().unwrap()]);
    assert_eq!(other.json(&["history"]).as_array().unwrap().len(), 2);
    // one long line that is not an export: the error quotes a bounded part of it
    let long = other.write(
        "long.toml",
        &format!("players = [{}\n", "\"ann\", ".repeat(2000)),
    );
    let err = other.bad(&["import", long.to_str().unwrap()]);
    let widest = err.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(widest <= 1100, "a line of {widest} characters: {err}");
    assert!(err.contains("more characters"), "{err}");
}

#[test]
fn importing_a_scoresheet_again_says_so_in_json() {
    let env = Env::new();
    let sheet = crate::common::repo("examples/classic-9-holes.toml");
    let sheet = sheet.to_str().unwrap();
    let first = env.json(&["import", sheet]);
    assert_eq!(first["imported_before"], false, "{first}");
    assert_eq!(first["match"], 1);
    let again = env.json(&["import", sheet]);
    assert_eq!(again["imported_before"], true, "{again}");
    assert_eq!(again["match"], 1);
    assert_eq!(env.json(&["history"]).as_array().unwrap().len(), 1);
}

#[test]
fn small_things_a_user_meets() {
    let env = Env::new();
    // a house rule named twice is refused wherever house rules are named
    for args in [
        &[
            "new", "--rules", "classic", "--house", "underdog", "--house", "underdog", "ann", "bob",
        ][..],
        &[
            "score",
            "--rules",
            "classic",
            "--house",
            "knock",
            "--house",
            "knock",
            "5 K Q / 5 2 J",
        ],
        &[
            "rules", "show", "classic", "--house", "underdog", "--house", "underdog",
        ],
        &["config", "set", "house", "underdog,knock,underdog"],
    ] {
        let err = env.bad(args);
        assert!(err.contains("named twice"), "{args:?}: {err}");
    }
    // undo's help says it withdraws penalties too
    let help = env.ok(&["undo", "--help"]);
    assert!(help.contains("penalty"), "{help}");
    // a bad `decks` in the config names the file and the key
    let config = env.config("decks = 0\n");
    let err = env.bad(&["new", "--rules", "classic", "ann", "bob"]);
    assert!(
        err.contains(config.to_str().unwrap())
            && err.contains("`decks`")
            && !err.contains("--decks"),
        "{err}"
    );
    // XDG_CONFIG_HOME naming a file: the message names it
    let file = env.write("not-a-folder", "");
    for args in [&["config", "set", "decks", "2"][..], &["config", "init"]] {
        let out = env
            .golf()
            .env("XDG_CONFIG_HOME", &file)
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("{} is not a folder", file.display())),
            "{args:?}: {err}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Issue 30 / issue 32 items 4, 5, 6, 10 and 12: simulated exports, their temp files, rules
// files' names, bots and seats.
// ---------------------------------------------------------------------------------------

/// `golf simulate ARGS --export FILE` in `env`; returns the stable ids exported.
fn simulated_ids(env: &Env, file: &str, args: &[&str]) -> Vec<String> {
    let path = env.path(file).display().to_string();
    let mut all = vec!["simulate"];
    all.extend_from_slice(args);
    all.extend(["--export", &path]);
    env.ok(&all);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let matches = doc["matches"].as_array().unwrap();
    matches
        .iter()
        .map(|m| m["uuid"].as_str().unwrap().to_string())
        .collect()
}

/// Item 4: simulated matches of other rules, house rules or players never share a stable
/// id, so each export imports beside the others.
#[test]
fn simulated_matches_of_other_runs_have_ids_of_their_own() {
    let env = Env::new();
    let base = ["--rules", "classic", "--matches", "2", "--seed", "1"];
    let runs: [(&str, &[&str]); 4] = [
        ("plain.json", &["--players", "2"]),
        ("house.json", &["--players", "2", "--house", "blackjack"]),
        ("three.json", &["--players", "3"]),
        ("bots.json", &["--players", "2", "--bots", "counting"]),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for (file, extra) in runs {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        for id in simulated_ids(&env, file, &args) {
            assert!(seen.insert(id.clone()), "{file}: id {id} already exported");
        }
        env.ok(&["import", &env.path(file).display().to_string()]);
    }
    let listed = env.json(&["history", "--limit", "50"]);
    assert_eq!(listed.as_array().map(Vec::len), Some(8), "{listed}");
}

/// Item 5: an export `golf import` would refuse (over its 512 MiB) is refused before
/// anything runs, exit 2, nothing written.
#[test]
fn an_export_larger_than_import_reads_is_refused_before_it_runs() {
    let env = Env::new();
    let out = env.path("big.json");
    let args = [
        "simulate",
        "--rules",
        "classic",
        "--players",
        "8",
        "--holes",
        "36",
        "--matches",
        "7000",
    ];
    let run = env
        .golf()
        .args(args)
        .arg("--export")
        .arg(&out)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("golf import reads"), "{stderr}");
    assert!(!out.exists());
}

/// Item 12: more bots than seats is refused, naming both counts, where the extra bots were
/// silently dropped.
#[test]
fn more_bots_than_seats_is_refused() {
    let env = Env::new();
    let args = [
        "simulate",
        "--rules",
        "classic",
        "--players",
        "2",
        "--bots",
        "random,counting,greedy,greedy",
    ];
    let stderr = env.bad(&args);
    assert!(stderr.contains("4 bots given for 2 players"), "{stderr}");
    // as many as the seats, or fewer (the last repeated), still run
    env.ok(&[
        "simulate",
        "--rules",
        "classic",
        "--players",
        "2",
        "--matches",
        "2",
        "--bots",
        "random,counting",
    ]);
    env.ok(&[
        "simulate",
        "--rules",
        "classic",
        "--players",
        "3",
        "--matches",
        "2",
        "--bots",
        "random",
    ]);
}

/// Item 10: a rules file's name is refused as a player's would be — empty, 10,000
/// characters, a formula, a bundled name — by every command that reads the file, exit 2,
/// naming the file and the key.
#[test]
fn a_rules_files_name_is_refused_as_a_players_would_be() {
    let env = Env::new();
    let long = "x".repeat(10_000);
    let names = [
        ("empty", "".to_string(), "is empty"),
        ("spaces", "   ".to_string(), "is empty"),
        ("long", long, "10000 characters long"),
        ("formula", "=HYPERLINK(1)".to_string(), "begins with `=`"),
        ("flag", "-rf".to_string(), "begins with `-`"),
        ("variant", "Classic".to_string(), "bundled variant"),
        ("house", "knock".to_string(), "bundled house rule"),
        ("escape", "red\\u001b[31m".to_string(), "contains U+001B"),
    ];
    for (file, name, says) in names {
        let path = env.write(
            &format!("{file}.toml"),
            &format!("name = \"{name}\"\nextends = \"classic\"\n"),
        );
        let path = path.display().to_string();
        for args in [
            vec!["rules", "check", &path],
            vec!["simulate", "--rules", &path, "--matches", "1"],
            vec!["score", "--rules", &path, "5 K Q / 5 2 J"],
        ] {
            let stderr = env.bad(&args);
            assert!(stderr.contains(says), "{file}: golf {args:?}: {stderr}");
            assert!(stderr.contains("`name`"), "{file}: {stderr}");
        }
    }
    // a file named after a bundled variant, without a name of its own, is refused too
    let path = env.write("quick.toml", "extends = \"classic\"\n");
    let stderr = env.bad(&["rules", "check", &path.display().to_string()]);
    assert!(stderr.contains("bundled variant"), "{stderr}");
    // a name of its own is fine
    let path = env.write(
        "ours.toml",
        "name = \"harbour rules\"\nextends = \"classic\"\n",
    );
    env.ok(&["rules", "check", &path.display().to_string()]);
}

/// Item 10: `golf rules check` refuses what `golf simulate` refuses: six cards turned up
/// and six peeked at on a grid of six.
#[test]
fn rules_check_refuses_play_data_the_simulator_cannot_deal() {
    let env = Env::new();
    let path = env.write(
        "crowded.toml",
        "name = \"crowded\"\nextends = \"classic\"\n[play]\nface_up_at_start = 6\npeek_at_start = 6\n",
    );
    let path = path.display().to_string();
    let check = env.bad(&["rules", "check", &path]);
    let simulate = env.bad(&["simulate", "--rules", &path, "--matches", "1"]);
    assert!(check.contains("12 cards at the start"), "{check}");
    assert_eq!(check, simulate);
    // a 1×1 grid cannot take classic's two start cards: rules check says so, as simulate
    // does, but the rules still score a grid
    let tiny = crate::common::repo("tests/cases/rules/tiny.toml")
        .display()
        .to_string();
    let stderr = env.bad(&["rules", "check", &tiny]);
    assert!(stderr.contains("2 cards at the start"), "{stderr}");
    env.ok(&["score", "--rules", &tiny, "5"]);
}

/// The files aside for `name` in `dir` (`.NAME.golf-PID-N`).
fn asides_of(dir: &std::path::Path, name: &str) -> Vec<String> {
    let prefix = format!(".{name}.golf-");
    crate::common::files_in(dir)
        .into_iter()
        .filter(|f| f.starts_with(&prefix))
        .collect()
}

/// Item 6: a `simulate --trace` (or `--export`) ended by Ctrl-C, SIGTERM or SIGHUP leaves no
/// file aside; one a killed run left is swept by the next run once its process is gone.
#[test]
fn an_interrupted_trace_leaves_no_file_aside() {
    let env = Env::new();
    let dir = env.dir.path();
    for signal in ["INT", "TERM", "HUP"] {
        let trace = env.path("t.jsonl");
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("golf"))
            .env("GOLF_DB", env.db())
            .args([
                "simulate",
                "--rules",
                "classic",
                "--matches",
                "100000000",
                "--trace",
            ])
            .arg(&trace)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut waited = 0;
        while asides_of(dir, "t.jsonl").is_empty() && waited < 600 {
            std::thread::sleep(Duration::from_millis(50));
            waited += 1;
        }
        assert!(
            !asides_of(dir, "t.jsonl").is_empty(),
            "SIG{signal}: no trace started"
        );
        let killed = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        assert!(!status.success(), "SIG{signal}: {status}");
        assert_eq!(
            asides_of(dir, "t.jsonl"),
            Vec::<String>::new(),
            "SIG{signal}"
        );
        assert!(!trace.exists(), "SIG{signal}: half a trace in place");
    }
    // what a SIGKILL leaves (a process that is gone, a file an hour old) is swept
    let stale = env.path(".t.jsonl.golf-999999999-0");
    let f = std::fs::File::create(&stale).unwrap();
    f.set_modified(std::time::SystemTime::now() - Duration::from_secs(3600))
        .unwrap();
    drop(f);
    let trace = env.path("t.jsonl").display().to_string();
    env.ok(&[
        "simulate",
        "--rules",
        "classic",
        "--matches",
        "1",
        "--trace",
        &trace,
    ]);
    assert_eq!(asides_of(dir, "t.jsonl"), Vec::<String>::new());
}

/// `golf config set db` with a folder (the root, `.`, `..`, a path ending in `/`, a folder
/// that exists) is refused, exit 2, naming what was expected (a database file's path);
/// nothing is written to the config file.
#[test]
fn config_set_db_refuses_a_folder() {
    let env = Env::new();
    let path = env.config("decks = 2\n");
    let sub = env.path("sub");
    std::fs::create_dir(&sub).unwrap();
    let with_slash = format!("{}/", env.path("new-folder").display());
    for folder in ["/", ".", "..", sub.to_str().unwrap(), &with_slash, "sub/."] {
        let err = env
            .golf()
            .current_dir(env.dir.path())
            .args(["config", "set", "db", folder])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&err.stderr);
        assert_eq!(err.status.code(), Some(2), "{folder}: {stderr}");
        assert!(
            stderr.contains("is a folder")
                && stderr.contains("expected the path of a database file"),
            "{folder}: {stderr}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "decks = 2\n",
            "{folder}"
        );
    }
    // a file in a folder is still taken
    said(
        &env,
        &["config", "set", "db", sub.join("golf.db").to_str().unwrap()],
    );
    assert!(std::fs::read_to_string(&path).unwrap().contains("golf.db"));
}

/// `simulate --trace T --export E` interrupted (Ctrl-C or SIGTERM) once the trace is
/// written, while the export is being written, leaves neither in place nor aside: the
/// trace stays aside until the export is written too. The export goes to a named pipe
/// that is read no further than its first byte, so the run is caught exactly there.
#[test]
fn a_trace_and_export_interrupted_between_them_leave_neither() {
    let env = Env::new();
    let dir = env.dir.path();
    for signal in ["INT", "TERM"] {
        let trace = env.path("t.jsonl");
        let fifo = env.path(&format!("export-{signal}.fifo"));
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("golf"))
            .env("GOLF_DB", env.db())
            .env("GOLF_CACHE_DIR", env.path("cache"))
            .args(["simulate", "--rules", "classic", "--matches", "40"])
            .arg("--trace")
            .arg(&trace)
            .arg("--export")
            .arg(&fifo)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // the export's first byte: the trace is whole by then, the export blocked on the pipe
        let (tx, rx) = std::sync::mpsc::channel();
        let reader_fifo = fifo.clone();
        let reader = std::thread::spawn(move || {
            use std::io::Read;
            let mut f = std::fs::File::open(&reader_fifo).unwrap();
            let mut byte = [0u8; 1];
            let _ = f.read_exact(&mut byte);
            tx.send(()).unwrap();
            f // kept open, unread, until the test is done with it
        });
        let started = rx.recv_timeout(Duration::from_secs(120));
        if started.is_err() {
            // unblock the reader before failing
            let _ = std::fs::OpenOptions::new().write(true).open(&fifo);
            let _ = child.kill();
            panic!("SIG{signal}: the export never started");
        }
        let killed = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        drop(reader.join().unwrap());
        assert!(!status.success(), "SIG{signal}: {status}");
        assert!(
            !trace.exists(),
            "SIG{signal}: the trace is in place, its export not"
        );
        assert_eq!(
            asides_of(dir, "t.jsonl"),
            Vec::<String>::new(),
            "SIG{signal}"
        );
    }
}
