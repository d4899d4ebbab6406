//! A search's index.html, from searches run through the library: one
//! file that needs no network, every candidate with figures a point of its
//! chart, the front the strong points, labelled as front.csv numbers them
//! and listed in its order; with one goal, a ranked chart, and with two
//! levels, each level's figures in the front's table.

#[path = "common/scratch.rs"]
mod common_scratch;

use std::collections::BTreeSet;
use std::path::Path;

use ludus::plan::search_plan::SearchPlan;
use ludus::search::{Quiet, SearchSettings, search};

/// Tanto raced without exact values: 8 candidates, two goals.
const RACED: &str = r#"
name = "raced"
seed = 7
game = "tanto"
exact = false
options = { order = "fixed" }
budget = 20000
[space]
players = [2, 3]
rounds = [1, 3]
last_throw = ["cycle", "all"]
[goals]
balance = "max"
duration_turns = "min"
"#;

/// One goal at two levels: exact at `random` where exact play solves,
/// played under `mcts:2`.
const ONE_GOAL: &str = r#"
name = "one-goal"
seed = 2
game = "tanto"
options = { order = "fixed" }
budget = 4000
skill = ["random", "mcts:2"]
[space]
players = [2, 4]
rounds = [1, 7]
[goals]
balance = "max"
"#;

/// Runs the search `text` and gives its folder and page.
fn searched(text: &str, name: &str) -> (std::path::PathBuf, String) {
    let plan = SearchPlan::parse(text, "search.toml").unwrap();
    let dir = common_scratch::fresh("search_page", name);
    search(&plan, &SearchSettings::new(&dir), &mut Quiet).unwrap();
    let page = std::fs::read_to_string(dir.join("index.html")).unwrap();
    (dir, page)
}

fn xml_options<'a>() -> roxmltree::ParsingOptions<'a> {
    // `<!DOCTYPE html>` is a DTD to an XML parser; it declares nothing.
    roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    }
}

/// A CSV's rows as maps from its header's names to the cells.
fn csv_rows(path: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let head = r.headers().unwrap().clone();
    r.records()
        .map(|rec| {
            head.iter()
                .zip(rec.unwrap().iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// The `data-point` numbers of the chart's points whose class has `word`.
fn points(doc: &roxmltree::Document, word: &str) -> Vec<usize> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g"))
        .filter(|n| {
            let class = n.attribute("class").unwrap_or("");
            class.split(' ').any(|w| w == "point") && class.split(' ').any(|w| w == word)
        })
        .map(|n| n.attribute("data-point").unwrap().parse().unwrap())
        .collect()
}

/// Checks that nothing the page loads or links to is outside its folder.
fn self_contained(doc: &roxmltree::Document, dir: &Path) {
    let mut links = 0;
    for n in doc.descendants() {
        for a in n.attributes() {
            if a.name() == "src" || a.name() == "href" {
                let v = a.value();
                assert!(!v.contains("://") && !v.starts_with("//"), "{v}");
                assert!(dir.join(v).is_file(), "{v} is no file of the folder");
                links += 1;
            }
        }
        if n.has_tag_name("script") || n.has_tag_name("link") {
            panic!("the page loads {:?}", n.tag_name());
        }
    }
    assert!(links >= 3, "{links}");
}

#[test]
fn the_page_charts_every_candidate_and_the_front_strong_and_labelled() {
    let (dir, page) = searched(RACED, "raced");
    let doc = roxmltree::Document::parse_with_options(&page, xml_options()).unwrap();
    self_contained(&doc, &dir);
    let candidates = csv_rows(&dir.join("candidates.csv"));
    assert_eq!(candidates.len(), 8);
    let front: Vec<usize> = csv_rows(&dir.join("front.csv"))
        .iter()
        .map(|r| r["candidate"].parse().unwrap())
        .collect();
    assert!(!front.is_empty());
    // Every candidate played, so every one is a point, once.
    let all = points(&doc, "point");
    assert_eq!(all.len(), 8, "{all:?}");
    assert_eq!(all.iter().collect::<BTreeSet<_>>().len(), 8);
    let strong: BTreeSet<usize> = points(&doc, "strong").into_iter().collect();
    assert_eq!(strong, front.iter().copied().collect());
    // Faint: dropped; faded: racing off the front.
    let dropped: BTreeSet<usize> = candidates
        .iter()
        .filter(|r| !r["dropped_round"].is_empty())
        .map(|r| r["candidate"].parse().unwrap())
        .collect();
    assert_eq!(
        points(&doc, "faint").into_iter().collect::<BTreeSet<_>>(),
        dropped
    );
    assert_eq!(points(&doc, "faded").len(), 8 - front.len() - dropped.len());
    assert!(points(&doc, "exact").is_empty(), "nothing is solved");
    // The labels are the front's numbers, and only those.
    let labels: BTreeSet<usize> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("label"))
        .map(|n| n.text().unwrap().parse().unwrap())
        .collect();
    assert_eq!(labels, strong);
    // The table lists the front in front.csv's order, each setting in words.
    let section = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("front"))
        .unwrap();
    let rows: Vec<Vec<String>> = section
        .descendants()
        .filter(|n| n.has_tag_name("tr"))
        .skip(1)
        .map(|tr| {
            tr.children()
                .filter(|n| n.has_tag_name("td"))
                .map(|td| td.text().unwrap_or("").to_string())
                .collect()
        })
        .collect();
    let listed: Vec<usize> = rows.iter().map(|r| r[1].parse().unwrap()).collect();
    assert_eq!(listed, front);
    let first = &candidates[front[0]];
    assert_eq!(
        rows[0][2],
        format!(
            "players = {}, rounds = {}, last_throw = {}",
            first["players"], first["rounds"], first["last_throw"]
        )
    );
    assert_eq!(rows[0][3], "played");
    // A rate with its interval, a length with its.
    assert!(
        rows[0][5].contains('%') && rows[0][5].contains('['),
        "{rows:?}"
    );
    assert!(rows[0][6].contains('['), "{rows:?}");
    for words in [
        "<td>raced</td>",
        "<td>order = &quot;fixed&quot;</td>",
        "20,000 games",
    ] {
        assert!(page.contains(words), "{words}");
    }
}

#[test]
fn one_goal_is_ranked_and_each_level_has_its_figures() {
    let (dir, page) = searched(ONE_GOAL, "one-goal");
    let doc = roxmltree::Document::parse_with_options(&page, xml_options()).unwrap();
    self_contained(&doc, &dir);
    let candidates = csv_rows(&dir.join("candidates.csv"));
    let with_figures = candidates
        .iter()
        .filter(|r| !r["balance"].is_empty())
        .count();
    assert_eq!(points(&doc, "point").len(), with_figures);
    assert!(with_figures >= 2, "{with_figures}");
    assert!(page.contains("rank by balance (1 = best)"));
    assert!(page.contains("balance, worst level (max: higher is better)"));
    for column in ["games @ random", "games @ mcts:2", "balance @ mcts:2"] {
        assert!(page.contains(&format!("<th>{column}</th>")), "{column}");
    }
    // Exact play solves Tanto under `random`, not under MCTS.
    assert!(page.contains("exact at random, played at mcts:2"));
}
