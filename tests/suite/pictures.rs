//! The scorecard as a picture to share (CLI.md "Pictures to share"): `golf card --png FILE`
//! and `--svg FILE` draw the rules, every hole, the totals, the winner and how a tie was
//! broken, from the same view `golf card --json` prints.

use crate::common::Env;

/// Classic with out-penalty-10, four players, nine holes of bare scores: ann and bob both
/// finish on 40, and ann's lowest hole (2) beats bob's (4), so countback gives ann the win.
const COUNTBACK: &str = r#"rules = "classic"
house = ["out-penalty-10"]
name = "Friday at the Harbour Inn"
players = ["ann", "bob", "cat", "dan"]

[[hole]]
out = "ann"
grids = { ann = "3", bob = "4", cat = "6", dan = "9" }
[[hole]]
out = "bob"
grids = { ann = "5", bob = "4", cat = "7", dan = "5" }
[[hole]]
grids = { ann = "2", bob = "4", cat = "5", dan = "6" }
[[hole]]
grids = { ann = "6", bob = "4", cat = "8", dan = "4" }
[[hole]]
out = "cat"
grids = { ann = "4", bob = "4", cat = "3", dan = "7" }
[[hole]]
grids = { ann = "5", bob = "4", cat = "6", dan = "5" }
[[hole]]
grids = { ann = "3", bob = "4", cat = "9", dan = "8" }
[[hole]]
grids = { ann = "7", bob = "4", cat = "4", dan = "6" }
[[hole]]
grids = { ann = "5", bob = "8", cat = "6", dan = "10" }
"#;

/// The countback match, imported (and so finished) as match 1.
fn countback_match(env: &Env) {
    let sheet = env.write("countback.toml", COUNTBACK);
    env.ok(&["import", sheet.to_str().unwrap()]);
}

/// Every piece of text in an SVG document, in order.
fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn the_png_is_a_picture_of_the_card_1200_pixels_wide() {
    let env = Env::new();
    countback_match(&env);
    let path = env.path("card.png");
    let out = env.ok(&["card", "--png", path.to_str().unwrap()]);
    assert!(out.contains("card.png"), "{out}");
    let bytes = std::fs::read(&path).unwrap();
    assert!(
        bytes.len() < 200_000,
        "a 4-player 9-hole card is {} bytes",
        bytes.len()
    );
    // `-` writes the same bytes to stdout, and says nothing else
    let out = env.golf().args(["card", "--png", "-"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, bytes);
    let mut reader = png::Decoder::new(std::io::Cursor::new(&bytes))
        .read_info()
        .unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(frame.width, 1200);
    assert!(
        (500..1400).contains(&frame.height),
        "9 holes drawn {} pixels tall",
        frame.height
    );
    let pixels = &pixels[..frame.buffer_size()];
    let step = frame.color_type.samples();
    let mut colours: Vec<&[u8]> = pixels.chunks_exact(step).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() > 10, "not blank: {} colours", colours.len());
}

#[test]
fn the_svg_has_every_name_total_the_winner_and_how_the_tie_was_broken() {
    let env = Env::new();
    countback_match(&env);
    let path = env.path("card.svg");
    env.ok(&["card", "1", "--svg", path.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&path).unwrap();
    let texts = texts(&svg);
    let all = texts.join("\n");
    for name in ["ann", "bob", "cat", "dan"] {
        assert!(texts.iter().any(|t| t == name), "{name} heads a column");
    }
    for total in ["40", "54", "60"] {
        assert!(texts.iter().any(|t| t == total), "the total {total}");
    }
    for words in [
        "Match 1 — Friday at the Harbour Inn",
        "classic + out-penalty-10",
        "Winner: ann",
        "ann and bob tied on 40",
        "broken by countback",
        "How the tie was broken",
        "countback: ann: 2 3 3 4 5 5 5 6 7; bob: 4 4 4 4 4 4 4 4 8 → ann",
        "1. ann 40",
        "2. bob 40",
    ] {
        assert!(all.contains(words), "{words:?} missing from:\n{all}");
    }
    // each hole's dealer, seat order from ann
    for dealer in ["ann", "bob", "cat", "dan"] {
        assert!(texts.iter().filter(|t| *t == dealer).count() >= 2);
    }
    // self-contained: nothing fetched, fonts by family
    for outside in ["href", "<image", "url(", "@import"] {
        assert!(!svg.contains(outside), "{outside} in the SVG");
    }
    assert!(svg.contains(r#"font-family="DejaVu Sans, sans-serif""#));
    // `-` writes the same document to stdout, and says nothing else
    assert_eq!(env.ok(&["card", "--svg", "-"]), svg);
}

#[test]
fn names_and_labels_are_escaped_in_the_svg() {
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--holes",
        "2",
        "--name",
        "Jo's <b>night</b> & day",
        "ann",
        "dan <&> co",
    ]);
    env.ok(&["hole", "ann=5", "dan <&> co=7"]);
    let svg = env.ok(&["card", "--svg", "-"]);
    assert!(svg.contains("dan &lt;&amp;&gt; co"), "{svg}");
    assert!(!svg.contains("<&>") && !svg.contains("<b>"));
    let texts = texts(&svg);
    assert!(texts.iter().any(|t| t == "dan <&> co"), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("Jo's <b>night</b> & day")));
    // in play: the leader, not a winner
    assert!(
        texts.iter().any(|t| t.starts_with("Leader: ann")),
        "{texts:?}"
    );
}

#[test]
fn a_picture_is_refused_into_a_folder_with_hole_or_twice_to_stdout() {
    let env = Env::new();
    countback_match(&env);
    let folder = env.path("pictures");
    std::fs::create_dir(&folder).unwrap();
    let err = env.bad(&["card", "--png", folder.to_str().unwrap()]);
    assert!(err.contains("folder"), "{err}");
    assert!(std::fs::read_dir(&folder).unwrap().next().is_none());
    let file = env.path("hole.png");
    env.bad(&["card", "--hole", "1", "--png", file.to_str().unwrap()]);
    env.bad(&["card", "--hole", "1", "--svg", file.to_str().unwrap()]);
    assert!(!file.exists());
    env.bad(&["card", "--png", "-", "--svg", "-"]);
    let missing = env.path("no/such/folder/card.png");
    env.bad(&["card", "--png", missing.to_str().unwrap()]);
}
