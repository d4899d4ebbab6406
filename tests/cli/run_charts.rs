//! The charts and index.html that `ludus run` writes into every report
//! folder: every SVG and the page parse as XML, the page links exactly the
//! charts there are, its tables hold the CSVs' rows, and a run that stops
//! early, even before any cell finished, still gets a valid page.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support::{ludus, scratch, stderr, write};

/// Runs `exp` into `dir/name` and returns the report folder.
fn run(exp: &str, dir: &Path, name: &str, extra: &[&str]) -> (PathBuf, Output) {
    let out = dir.join(name);
    let mut args = vec!["run", exp, "--quiet", "--out", out.to_str().unwrap()];
    args.extend(extra);
    (out.clone(), ludus(&args))
}

/// Four entries: a dice sweep, a lone dice cell, a dice game with
/// decisions and named policies, and a Rithmomachy sweep of 50 games a cell.
const EXPERIMENT: &str = r#"
name = "charts"
seed = 5
games = 400
[[cells]]
game = "hazard"
options = { order = "fixed" }
sweep = { players = [2, 3, 4] }
[[cells]]
game = "mayor"
[[cells]]
game = "half-hazard"
seats = ["threshold:1", "threshold:3"]
[[cells]]
game = "rithmomachy"
games = 50
sweep = { rules = ["modern", "medieval"] }
"#;

const KINDS: [&str; 4] = ["win-rates", "metrics", "lengths", "endings"];

fn svg_files(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".svg"))
        .collect()
}

fn xml_options<'a>() -> roxmltree::ParsingOptions<'a> {
    // `<!DOCTYPE html>` is a DTD to an XML parser; it declares nothing.
    roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    }
}

/// The page as text, checked to be well-formed XHTML.
fn page(dir: &Path) -> String {
    let text = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>\n"), "{}", &text[..40]);
    let doc = roxmltree::Document::parse_with_options(&text, xml_options())
        .unwrap_or_else(|e| panic!("index.html is not well-formed XML: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "html");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/1999/xhtml")
    );
    text
}

/// The `src` of every `<img>` of the page, each with its alt text.
fn images(text: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse_with_options(text, xml_options()).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("img"))
        .map(|n| {
            (
                n.attribute("src").unwrap_or("").to_string(),
                n.attribute("alt").unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The rows of every table of the page whose header passes `wanted`, in order.
fn html_rows_where(text: &str, wanted: impl Fn(&[String]) -> bool) -> Vec<Vec<String>> {
    let doc = roxmltree::Document::parse_with_options(text, xml_options()).unwrap();
    let cells = |tr: roxmltree::Node, tag: &str| -> Vec<String> {
        tr.children()
            .filter(|c| c.has_tag_name(tag))
            .map(|c| c.text().unwrap_or("").to_string())
            .collect()
    };
    let mut rows = Vec::new();
    for table in doc.descendants().filter(|n| n.has_tag_name("table")) {
        let trs: Vec<_> = table
            .descendants()
            .filter(|n| n.has_tag_name("tr"))
            .collect();
        if trs.first().is_some_and(|tr| wanted(&cells(*tr, "th"))) {
            rows.extend(trs[1..].iter().map(|tr| cells(*tr, "td")));
        }
    }
    rows
}

/// The rows of every table of the page whose header is `header`, in order.
fn html_rows(text: &str, header: &[String]) -> Vec<Vec<String>> {
    html_rows_where(text, |h| h == header)
}

/// A CSV's header and rows.
fn csv(dir: &Path, name: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::Reader::from_path(dir.join(name)).unwrap();
    let header = r.headers().unwrap().iter().map(str::to_string).collect();
    let rows = r
        .records()
        .map(|rec| rec.unwrap().iter().map(str::to_string).collect())
        .collect();
    (header, rows)
}

/// Every text of an SVG, joined by spaces.
fn svg_text(dir: &Path, name: &str) -> String {
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    assert!(text.len() < 1_000_000, "{name} is {} bytes", text.len());
    let doc = roxmltree::Document::parse(&text)
        .unwrap_or_else(|e| panic!("{name} is not well-formed XML: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{name}");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg"),
        "{name}"
    );
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .filter(|t| !t.trim().is_empty())
        .collect();
    assert!(texts.len() >= 8, "{name} has only {} texts", texts.len());
    texts.join(" ")
}

#[test]
fn every_chart_parses_and_the_page_shows_exactly_the_charts_and_rows_there_are() {
    let dir = scratch("full");
    let exp = write(&dir, "charts.toml", EXPERIMENT);
    let (out, o) = run(&exp, &dir, "out", &[]);
    assert!(o.status.success(), "{}", stderr(&o));

    // Entry 2 alone has money (Half Hazard): a payoff chart too.
    let expected: BTreeSet<String> = (0..4)
        .flat_map(|e| KINDS.map(|k| format!("{k}-{e}.svg")))
        .chain(["payoffs-2.svg".to_string()])
        .collect();
    assert_eq!(svg_files(&out), expected);
    let payoffs = svg_text(&out, "payoffs-2.svg");
    for word in ["Half Hazard", "payoff per game", "95%", "seat 2", "no gain"] {
        assert!(
            payoffs.contains(word),
            "payoffs-2.svg lacks {word:?}: {payoffs}"
        );
    }

    // Titles name the game and the entry; axes and legends are labelled.
    let hazard = svg_text(&out, "win-rates-0.svg");
    for word in [
        "Hazard",
        "entry 0",
        "order=fixed",
        "players",
        "seat 1",
        "seat 4",
        "95%",
    ] {
        assert!(
            hazard.contains(word),
            "win-rates-0.svg lacks {word:?}: {hazard}"
        );
    }
    let lengths = svg_text(&out, "lengths-3.svg");
    for word in [
        "Rithmomachy",
        "entry 3",
        "length (plies)",
        "rules=modern",
        "rules=medieval",
    ] {
        assert!(
            lengths.contains(word),
            "lengths-3.svg lacks {word:?}: {lengths}"
        );
    }
    let policies = svg_text(&out, "win-rates-2.svg");
    assert!(
        policies.contains("threshold:1") && policies.contains("draw"),
        "{policies}"
    );
    let metrics = svg_text(&out, "metrics-3.svg");
    for word in [
        "balance",
        "first mover",
        "decision moves",
        "medieval",
        "95%",
    ] {
        assert!(
            metrics.contains(word),
            "metrics-3.svg lacks {word:?}: {metrics}"
        );
    }
    let rith = svg_text(&out, "win-rates-3.svg");
    assert!(rith.contains("white") && rith.contains("black"), "{rith}");
    let endings = svg_text(&out, "endings-0.svg");
    assert!(
        endings.contains("hazard") && endings.contains("How games ended"),
        "{endings}"
    );
    for name in &expected {
        svg_text(&out, name);
    }

    let text = page(&out);
    let links: BTreeSet<String> = images(&text).iter().map(|(src, _)| src.clone()).collect();
    assert_eq!(links, expected, "the page links every chart and no other");
    for (src, alt) in images(&text) {
        assert!(alt.len() > 10, "{src} has alt text {alt:?}");
    }

    // The page's tables hold the CSVs' rows, every one, in order.
    for name in ["summary.csv", "endings.csv"] {
        let (header, rows) = csv(&out, name);
        assert!(!rows.is_empty());
        assert_eq!(html_rows(&text, &header), rows, "{name}");
    }
    // Each entry's cells table has the options of its own game only; the
    // columns before them are cells.csv's.
    let (_, cells) = csv(&out, "cells.csv");
    assert_eq!(cells.len(), 7);
    let first = ["cell", "entry", "game", "games", "first_game_seed", "seats"];
    let shown: Vec<Vec<String>> =
        html_rows_where(&text, |h| h.starts_with(&first.map(String::from)))
            .into_iter()
            .map(|r| r[..first.len()].to_vec())
            .collect();
    let csv_first: Vec<Vec<String>> = cells.iter().map(|r| r[..first.len()].to_vec()).collect();
    assert_eq!(
        shown, csv_first,
        "every cell's index, entry and game is on the page"
    );
    assert!(text.contains("7 of 7"), "the header counts the cells");
    assert!(
        text.contains("2,100 played of 2,100"),
        "the header counts the games"
    );
    assert!(
        text.contains(&exp.replace('&', "&amp;")),
        "the header names the source"
    );
}

#[test]
fn charts_and_page_do_not_depend_on_the_thread_count() {
    let dir = scratch("threads");
    let exp = write(&dir, "charts.toml", EXPERIMENT);
    let (a, o) = run(&exp, &dir, "t1", &["--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (b, o) = run(&exp, &dir, "t2", &["--threads", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let files = svg_files(&a);
    assert_eq!(files, svg_files(&b));
    for name in files.iter().map(String::as_str).chain(["index.html"]) {
        let x = std::fs::read(a.join(name)).unwrap();
        let y = std::fs::read(b.join(name)).unwrap();
        assert!(x == y, "{name} differs between 1 and 2 threads");
    }
}

/// A bot that fails at its first move.
const FAILING_BOT: &str = "function choose(game, moves)\n  error(\"no move for you\")\nend\n";

#[test]
fn a_run_with_no_finished_cell_gets_a_page_that_says_so_and_loses_old_charts() {
    let dir = scratch("none");
    let bot = write(&dir, "fail.lua", FAILING_BOT);
    let exp = write(
        &dir,
        "fail.toml",
        &format!(
            "name = \"fail\"\nseed = 1\ngames = 20\n[[cells]]\ngame = \"rithmomachy\"\n\
             seats = [\"lua:{bot}\", \"random\"]\n"
        ),
    );
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    // Left by an earlier run of another experiment: no longer this report's.
    std::fs::write(out.join("endings-4.svg"), "<svg/>").unwrap();
    let (out, o) = run(&exp, &dir, "out", &[]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(svg_files(&out).is_empty(), "{:?}", svg_files(&out));
    let text = page(&out);
    assert!(images(&text).is_empty());
    assert!(text.contains("No cell finished"), "{text}");
    assert!(text.contains("0 of 1"), "{text}");
    assert!(
        text.contains("cell 0 (rithmomachy)"),
        "the unfinished cell is listed"
    );
}

#[test]
fn a_run_stopped_by_a_failing_bot_shows_the_cells_it_finished() {
    let dir = scratch("partial");
    let bot = write(&dir, "fail.lua", FAILING_BOT);
    let exp = write(
        &dir,
        "partial.toml",
        &format!(
            "name = \"partial\"\nseed = 1\ngames = 200\n[[cells]]\ngame = \"mayor\"\n\
             sweep = {{ players = [2, 3] }}\n[[cells]]\ngame = \"rithmomachy\"\n\
             seats = [\"lua:{bot}\", \"random\"]\n"
        ),
    );
    let (out, o) = run(&exp, &dir, "out", &[]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let (_, cells) = csv(&out, "cells.csv");
    // Which dice cells finished before the failure stopped the run depends
    // on the scheduling; the page must agree with the CSVs either way.
    assert!(cells.len() <= 2);
    let text = page(&out);
    assert!(text.contains(&format!("{} of 3", cells.len())), "{text}");
    let expected: BTreeSet<String> = if cells.is_empty() {
        BTreeSet::new()
    } else {
        KINDS.map(|k| format!("{k}-0.svg")).into_iter().collect()
    };
    assert_eq!(svg_files(&out), expected);
    let links: BTreeSet<String> = images(&text).into_iter().map(|(src, _)| src).collect();
    assert_eq!(links, expected);
    for name in &expected {
        svg_text(&out, name);
    }
    let (header, rows) = csv(&out, "summary.csv");
    assert_eq!(html_rows(&text, &header), rows);
    assert!(
        text.contains("cell 2 (rithmomachy)"),
        "the failed cell is listed as unfinished"
    );
}

/// An experiment of more separate `[[cells]]` entries than are charted
/// (250 one-game cells): charts for the first 200 entries only, the page
/// says so for the others and still shows their tables.
#[test]
fn only_the_first_entries_are_charted() {
    let dir = scratch("charts-many");
    let mut text = String::from("name = \"many\"\nseed = 1\ngames = 1\n");
    for _ in 0..250 {
        text.push_str("[[cells]]\ngame = \"mayor\"\n");
    }
    let exp = write(&dir, "many.toml", &text);
    let (out, o) = run(&exp, &dir, "out", &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svgs = svg_files(&out);
    assert_eq!(svgs.len(), KINDS.len() * 200);
    assert!(svgs.contains("endings-199.svg") && !svgs.contains("endings-200.svg"));
    let html = page(&out);
    assert_eq!(
        html.matches("No charts: only the first 200 entries")
            .count(),
        50
    );
    assert_eq!(html.matches("<section id=\"entry-").count(), 250);
}
