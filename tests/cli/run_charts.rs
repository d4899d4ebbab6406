//! The charts and index.html that `ludus run` writes into every report
//! folder: every SVG and the page parse as XML, the page links exactly the
//! charts there are, its tables hold the CSVs' rows, and a run that stops
//! early, even before any cell finished, still gets a valid page.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support::{self, ludus, refused, scratch, stderr, write};

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

/// The rows of the page's tables whose header has `column`, in order,
/// keyed by their header's names.
fn page_rows(text: &str, column: &str) -> Vec<HashMap<String, String>> {
    let mut out = Vec::new();
    let doc = roxmltree::Document::parse_with_options(text, xml_options()).unwrap();
    for table in doc.descendants().filter(|n| n.has_tag_name("table")) {
        let trs: Vec<_> = table
            .descendants()
            .filter(|n| n.has_tag_name("tr"))
            .collect();
        let texts = |tr: roxmltree::Node, tag: &str| -> Vec<String> {
            tr.children()
                .filter(|c| c.has_tag_name(tag))
                .map(|c| c.text().unwrap_or("").to_string())
                .collect()
        };
        let Some(head) = trs.first().map(|tr| texts(*tr, "th")) else {
            continue;
        };
        if !head.iter().any(|c| c == column) {
            continue;
        }
        for tr in &trs[1..] {
            out.push(head.iter().cloned().zip(texts(*tr, "td")).collect());
        }
    }
    out
}

/// A percentage as the page writes it, `48.6% [45.2, 52.0]`: the rate,
/// the interval, and the decimals shown.
fn percent_parts(text: &str) -> (f64, f64, f64, usize) {
    let (rate, rest) = text.split_once("% [").unwrap_or_else(|| panic!("{text}"));
    let (low, high) = rest.trim_end_matches(']').split_once(",\u{a0}").unwrap();
    let decimals = rate.split_once('.').map_or(0, |(_, d)| d.len());
    let n = |x: &str| x.parse::<f64>().unwrap_or_else(|_| panic!("{text}"));
    (n(rate), n(low), n(high), decimals)
}

/// Whether `shown`, a percentage rounded to `decimals`, is `fraction`.
fn rounds_to(shown: f64, fraction: &str, decimals: usize) -> bool {
    let x: f64 = fraction.parse().unwrap();
    (100.0 * x - shown).abs() <= 0.5 * 10f64.powi(-(decimals as i32)) + 1e-9
}

/// The page's tables of seats, endings and cells hold summary.csv's,
/// endings.csv's and cells.csv's rows, every one, in order, their rates
/// as percentages rounded from the CSVs' figures.
fn page_agrees_with_csvs(text: &str, out: &Path) {
    let summary = support::read_csv(&out.join("summary.csv"));
    let seats = page_rows(text, "wins");
    assert_eq!(
        seats.len(),
        summary.len(),
        "a page row per row of summary.csv"
    );
    for (page, csv) in seats.iter().zip(&summary) {
        assert_eq!(page["cell"], csv["cell"]);
        assert_eq!(page["policy"], csv["policy"]);
        assert!(page["seat"].starts_with(&csv["seat"]), "{page:?}");
        assert_eq!(page["games"].replace(',', ""), csv["games"]);
        let (rate, low, high, d) = percent_parts(&page["wins"]);
        assert!(rounds_to(rate, &csv["win_rate"], d), "{page:?} {csv:?}");
        assert!(rounds_to(low, &csv["wilson_low"], d), "{page:?} {csv:?}");
        assert!(rounds_to(high, &csv["wilson_high"], d), "{page:?} {csv:?}");
    }
    let endings = support::read_csv(&out.join("endings.csv"));
    let shown = page_rows(text, "ending");
    assert_eq!(
        shown.len(),
        endings.len(),
        "a page row per row of endings.csv"
    );
    for (page, csv) in shown.iter().zip(&endings) {
        assert_eq!(
            (&page["cell"], &page["ending"]),
            (&csv["cell"], &csv["reason"])
        );
        assert_eq!(page["games"].replace(',', ""), csv["count"]);
        let (share, _, _, d) = percent_parts(&page["share"]);
        assert!(rounds_to(share, &csv["share"], d), "{page:?} {csv:?}");
    }
    let cells = support::read_csv(&out.join("cells.csv"));
    let shown = page_rows(text, "first game's seed");
    assert_eq!(shown.len(), cells.len(), "a page row per row of cells.csv");
    for (page, csv) in shown.iter().zip(&cells) {
        assert_eq!(page["cell"], csv["cell"]);
        assert_eq!(page["seats"], csv["seats"]);
        assert_eq!(page["first game's seed"], csv["first_game_seed"]);
    }
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
    // Half Hazard's 102,741 states are solved: its exact values are drawn
    // and named; Rithmomachy has no exact analysis, so no diamonds.
    for chart in ["win-rates-2.svg", "payoffs-2.svg"] {
        let words = svg_text(&out, chart);
        assert!(
            words.contains("exact"),
            "{chart} names the exact values: {words}"
        );
    }
    assert!(!svg_text(&out, "win-rates-3.svg").contains("exact"));
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

    page_agrees_with_csvs(&text, &out);
    let (_, cells) = csv(&out, "cells.csv");
    assert_eq!(cells.len(), 7);
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
    refused(&o, 3, "seat 1 (lua:");
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
    refused(&o, 3, "seat 1 (lua:");
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
    page_agrees_with_csvs(&text, &out);
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

/// An entry's `label` names its section and charts, and cells.csv keeps
/// it; headings write out every setting in force, defaults included; a
/// length chart keeps its scale when most games stop at the cap.
#[test]
fn labels_and_every_setting_in_force_head_the_sections() {
    let dir = scratch("labels");
    let exp = write(
        &dir,
        "labels.toml",
        "name = \"labels\"\nseed = 2\ngames = 60\n[[cells]]\ngame = \"rithmomachy\"\n\
         label = \"Boardspace, capped early\"\noptions = { cap = 40 }\n\
         [[cells]]\ngame = \"hazard\"\n",
    );
    let (out, o) = run(&exp, &dir, "out", &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = page(&out);
    assert!(
        text.contains("<h2>Boardspace, capped early (Rithmomachy"),
        "the label heads its section"
    );
    // Headings name the settings off the defaults, not the defaults
    // (rules=boardspace is Rithmomachy's, players=2 Hazard's).
    let headings: Vec<&str> = text
        .split("<h2>")
        .skip(1)
        .map(|h| &h[..h.find("</h2>").unwrap()])
        .collect();
    assert!(
        headings.iter().any(|h| h.contains("cap=40")),
        "{headings:?}"
    );
    for default in ["rules=boardspace", "players=2", "order=highest"] {
        assert!(
            headings.iter().all(|h| !h.contains(default)),
            "{default}: {headings:?}"
        );
    }
    let chart = svg_text(&out, "win-rates-0.svg");
    for word in ["Boardspace,", "capped", "cap=40"] {
        assert!(
            chart.contains(word),
            "win-rates-0.svg lacks {word:?}: {chart}"
        );
    }
    assert!(!chart.contains("rules=boardspace"), "{chart}");
    let cells = support::read_csv(&out.join("cells.csv"));
    assert_eq!(cells[0]["label"], "Boardspace, capped early");
    assert_eq!(cells[1]["label"], "");
    // Most games stop at 40 plies: the spike is written, not drawn
    // to scale, so the shorter games stay readable.
    let lengths = svg_text(&out, "lengths-0.svg");
    assert!(lengths.contains("stopped at the cap"), "{lengths}");
    assert!(lengths.contains('↑'), "{lengths}");

    let bad = write(
        &dir,
        "bad.toml",
        "name = \"bad\"\nseed = 2\ngames = 6\n[[cells]]\ngame = \"hazard\"\nlabel = \" \"\n",
    );
    let (_, o) = run(&bad, &dir, "bad", &[]);
    refused(&o, 2, "cells[0].label");
}
