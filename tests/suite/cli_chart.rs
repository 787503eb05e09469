//! Charts worth looking at (issue 31): whole-number axes, the legend's colours the ones
//! drawn, the same player in the same colour in the terminal and the SVG, a palette for
//! colour-blind eyes that reads on white, names at line ends inside the SVG, a one-night
//! ratings chart as a table, and markers when colour is off. The SVG is read as XML.

use crate::common::{repo, Env};

fn example(env: &Env) {
    env.ok(&[
        "import",
        repo("examples/classic-9-holes.toml").to_str().unwrap(),
    ]);
}

fn svg(env: &Env, args: &[&str]) -> String {
    let path = env.path("chart.svg");
    let mut all = vec!["chart"];
    all.extend_from_slice(args);
    all.extend(["--svg", path.to_str().unwrap()]);
    env.ok(&all);
    std::fs::read_to_string(&path).unwrap()
}

/// The texts of the SVG's `<text>` elements with their x, trimmed.
fn texts(doc: &roxmltree::Document) -> Vec<(f64, String)> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            let x = n.attribute("x").and_then(|x| x.parse().ok()).unwrap_or(0.0);
            (x, n.text().unwrap_or("").trim().to_string())
        })
        .collect()
}

/// The stroke colours of the coloured lines (black is the frame and the legend's box), in
/// the order they are first drawn.
fn strokes(doc: &roxmltree::Document) -> Vec<(u8, u8, u8)> {
    let mut seen = Vec::new();
    for n in doc.descendants().filter(|n| n.has_tag_name("polyline")) {
        let Some(hex) = n.attribute("stroke").and_then(|s| s.strip_prefix('#')) else {
            continue;
        };
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
        let rgb = (byte(0), byte(2), byte(4));
        if rgb != (0, 0, 0) && !seen.contains(&rgb) {
            seen.push(rgb);
        }
    }
    seen
}

fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
    let lin = |c: u8| {
        let c = f64::from(c) / 255.0;
        match c <= 0.03928 {
            true => c / 12.92,
            false => ((c + 0.055) / 1.055).powf(2.4),
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// The hue angle of a colour, in degrees.
fn hue((r, g, b): (u8, u8, u8)) -> f64 {
    let (r, g, b) = (f64::from(r), f64::from(g), f64::from(b));
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    if max == min {
        return 0.0;
    }
    let h = if max == r {
        ((g - b) / (max - min)).rem_euclid(6.0)
    } else if max == g {
        (b - r) / (max - min) + 2.0
    } else {
        (r - g) / (max - min) + 4.0
    };
    h * 60.0
}

#[test]
fn svg_axes_count_in_whole_numbers() {
    let env = Env::new();
    example(&env);
    let doc_text = svg(&env, &["1"]);
    let doc = roxmltree::Document::parse(&doc_text).unwrap();
    let numbers: Vec<String> = texts(&doc)
        .into_iter()
        .map(|(_, t)| t)
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit() || c == '-'))
        .collect();
    assert!(numbers.len() >= 6, "{numbers:?}");
    for n in &numbers {
        assert!(n.parse::<i64>().is_ok(), "an axis label `{n}` is not whole");
    }
    // holes 0 to 9 are each labelled once
    for hole in 0..=9 {
        assert!(numbers.contains(&hole.to_string()), "{numbers:?}");
    }
    let terminal = env.ok(&["chart", "1"]);
    assert!(!terminal.contains(".0"), "{terminal}");
    assert!(
        terminal.lines().any(|l| l.trim_end().ends_with(" 150")),
        "{terminal}"
    );
}

#[test]
fn the_palette_reads_on_white_and_has_no_yellow() {
    let env = Env::new();
    example(&env);
    let doc_text = svg(&env, &["1"]);
    let doc = roxmltree::Document::parse(&doc_text).unwrap();
    let colours = strokes(&doc);
    assert_eq!(colours.len(), 3, "{colours:?}");
    for (i, c) in golf::view::chart::PALETTE.iter().enumerate() {
        let contrast = 1.05 / (luminance(c.rgb) + 0.05);
        assert!(contrast >= 3.0, "{} is {contrast:.2}:1 on white", c.name);
        let h = hue(c.rgb);
        assert!(
            !(45.0..=75.0).contains(&h),
            "{} is yellow ({h:.0}°)",
            c.name
        );
        if i < colours.len() {
            assert_eq!(
                colours[i], c.rgb,
                "line {i} is drawn in the palette's colour"
            );
        }
    }
}

/// The legend's colour is the line's, in the terminal (the very escape code) and in the SVG
/// (the legend's swatch has the line's stroke), and a player has one colour in both.
#[test]
fn the_legend_colour_is_the_drawn_colour_everywhere() {
    let env = Env::new();
    example(&env);
    let series: Vec<String> = env.json(&["chart", "1"])["series"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    let doc_text = svg(&env, &["1"]);
    let doc = roxmltree::Document::parse(&doc_text).unwrap();
    let svg_colours = strokes(&doc);
    // each colour is drawn twice: the line and its legend swatch
    for (r, g, b) in &svg_colours {
        let hex = format!("#{r:02X}{g:02X}{b:02X}");
        assert_eq!(
            doc_text.matches(&format!("stroke=\"{hex}\"")).count(),
            2,
            "{hex}"
        );
    }
    for colorterm in ["truecolor", ""] {
        let out = env
            .golf()
            .env("COLORTERM", colorterm)
            .args(["chart", "1", "--color", "always"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let drawn: std::collections::BTreeSet<String> = text
            .lines()
            .filter(|l| {
                l.contains('\u{2800}') || l.contains(|c| ('\u{2801}'..='\u{28ff}').contains(&c))
            })
            .flat_map(|l| {
                l.split("\x1b[")
                    .skip(1)
                    .map(|c| c[..c.find('m').unwrap()].to_string())
            })
            .filter(|c| c != "0")
            .collect();
        assert_eq!(
            drawn.len(),
            3,
            "--color always draws three colours: {drawn:?}"
        );
        for (i, name) in series.iter().enumerate() {
            let legend = text
                .lines()
                .find(|l| l.contains(&format!(" {name}\x1b[0m")))
                .unwrap_or_else(|| panic!("no legend for {name}:\n{text}"));
            let code = &legend[legend.find("\x1b[").unwrap() + 2..legend.find('m').unwrap()];
            assert!(
                drawn.contains(code),
                "{name}'s legend {code} is not drawn: {drawn:?}"
            );
            if colorterm == "truecolor" {
                let (r, g, b) = svg_colours[i];
                assert_eq!(
                    code,
                    format!("38;2;{r};{g};{b}"),
                    "{name}: terminal and SVG"
                );
            }
        }
    }
}

#[test]
fn without_colour_the_legend_and_line_ends_carry_markers() {
    let env = Env::new();
    example(&env);
    let text = env.ok(&["chart", "1", "--color", "never"]);
    assert!(!text.contains('\x1b'), "{text}");
    let markers = ['●', '■', '▲'];
    for (marker, name) in markers.iter().zip(["ann", "bob", "cat"]) {
        let tagged = format!("{marker} {name}");
        assert_eq!(
            text.matches(&tagged).count(),
            2,
            "{tagged} in the legend and at its line's end:\n{text}"
        );
    }
}

/// A season with a long name over two nights (the ratings chart names each line at its end).
fn two_nights(env: &Env, long: &str) {
    for (day, grids) in [
        (
            "2026-10-01",
            format!("ann = \"12\", bob = \"20\", {long} = \"30\""),
        ),
        (
            "2026-10-08",
            format!("ann = \"25\", bob = \"10\", {long} = \"5\""),
        ),
    ] {
        let sheet = format!(
            "rules = \"classic\"\nholes = 1\ndate = \"{day}\"\nplayers = [\"ann\", \"bob\", \"{long}\"]\n\n[[hole]]\ngrids = {{ {grids} }}\n"
        );
        let path = env.write(&format!("{day}.toml"), &sheet);
        env.ok(&["import", path.to_str().unwrap()]);
    }
}

#[test]
fn the_svg_margin_fits_the_longest_name_at_a_line_end() {
    let env = Env::new();
    let long = "Maximilianbartholomew";
    two_nights(&env, long);
    let doc_text = svg(&env, &["--ratings"]);
    let doc = roxmltree::Document::parse(&doc_text).unwrap();
    let width: f64 = doc
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    let ends: Vec<f64> = texts(&doc)
        .into_iter()
        .filter(|(_, t)| t == long)
        .map(|(x, _)| x)
        .collect();
    assert_eq!(ends.len(), 2, "in the legend and at its line's end");
    for x in ends {
        // 14-pixel sans-serif: no wider than 9 pixels a character
        assert!(
            x + 9.0 * long.len() as f64 <= width,
            "{long} at x = {x} runs past {width}"
        );
    }
}

#[test]
fn a_ratings_chart_of_one_night_is_a_table() {
    let env = Env::new();
    example(&env);
    let text = env.ok(&["chart", "--ratings"]);
    assert!(text.contains("a line needs two nights"), "{text}");
    assert!(text.contains("one night ("), "{text}");
    assert!(!text.contains('\u{2800}'), "no empty drawing:\n{text}");
    for name in ["ann", "bob", "cat"] {
        assert!(
            text.lines().any(|l| l.contains(name) && l.contains('.')),
            "{text}"
        );
    }
    let path = env.path("r.svg");
    let err = env.bad(&["chart", "--ratings", "--svg", path.to_str().unwrap()]);
    assert!(err.contains("a line needs two nights"), "{err}");
    assert!(!path.exists());
}
