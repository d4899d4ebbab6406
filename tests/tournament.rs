//! `ludus tournament`: pairings on common random numbers, standings with
//! Bradley-Terry ratings anchored on random, the SPRT, and bad files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use ludus::reports::bradley_terry::{Pairing, fit};

fn ludus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .output()
        .unwrap()
}

#[path = "common/scratch.rs"]
mod common_scratch;

fn scratch(name: &str) -> PathBuf {
    common_scratch::fresh("tournament", name)
}

/// The rows of a CSV file as maps from column to field.
fn rows(path: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    r.records()
        .map(|rec| {
            header
                .iter()
                .cloned()
                .zip(rec.unwrap().iter().map(str::to_string))
                .collect()
        })
        .collect()
}

/// `ludus tournament FILE --out OUT` with `extra` arguments.
fn tournament(file: &str, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["tournament", file, "--out", out.to_str().unwrap()];
    args.extend(extra);
    ludus(&args)
}

fn write(dir: &Path, text: &str) -> String {
    let f = dir.join("t.toml");
    std::fs::write(&f, text).unwrap();
    f.to_str().unwrap().to_string()
}

const ROUND_ROBIN: &str = r#"
name = "rr"
seed = 5
game = "three-men"
options = { first = "seat1" }
policies = ["mcts:60", "random", "alphabeta:3", "mcts:1"]
games = 60
"#;

/// Four policies: six pairings of 60 games, standings whose counts add up
/// to the pairings', random at 0 Elo, the stronger above, the same
/// reports whatever the threads.
#[test]
fn a_round_robin_rates_every_policy_against_random() {
    let dir = scratch("rr");
    let file = write(&dir, ROUND_ROBIN);
    let mut outs = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.join(format!("out{threads}"));
        let o = tournament(&file, &out, &["--threads", threads, "-q"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        outs.push(out);
    }
    for f in ["standings.csv", "pairings.csv"] {
        assert_eq!(
            std::fs::read(outs[0].join(f)).unwrap(),
            std::fs::read(outs[1].join(f)).unwrap(),
            "{f} depends on the threads"
        );
    }
    assert!(
        std::fs::read_to_string(outs[0].join("standings.svg"))
            .unwrap()
            .contains("<svg")
    );
    let pairings = rows(&outs[0].join("pairings.csv"));
    assert_eq!(pairings.len(), 6);
    let standings = rows(&outs[0].join("standings.csv"));
    assert_eq!(standings.len(), 4);
    for s in &standings {
        let p = &s["policy"];
        let (mut w, mut d, mut l) = (0u64, 0u64, 0u64);
        for r in &pairings {
            let n = |k: &str| r[k].parse::<u64>().unwrap();
            if &r["policy_a"] == p {
                (w, d, l) = (w + n("wins"), d + n("draws"), l + n("losses"));
            } else if &r["policy_b"] == p {
                (w, d, l) = (w + n("losses"), d + n("draws"), l + n("wins"));
            }
        }
        assert_eq!(s["games"], "180", "{p}");
        assert_eq!(
            (s["wins"].clone(), s["draws"].clone(), s["losses"].clone()),
            (w.to_string(), d.to_string(), l.to_string())
        );
    }
    let random = standings.iter().find(|s| s["policy"] == "random").unwrap();
    assert_eq!(
        (random["elo"].as_str(), random["anchor"].as_str()),
        ("0.0", "true")
    );
    assert_eq!(random["rank"], "4", "random is last");
    let elo = |name: &str| -> f64 {
        standings.iter().find(|s| s["policy"] == name).unwrap()["elo"]
            .parse()
            .unwrap()
    };
    assert!(elo("mcts:60") > elo("mcts:1") && elo("alphabeta:3") > elo("mcts:1"));
}

/// Both seatings of a pairing play the same game seeds: two policies that
/// choose alike (one playout of mcts is one random draw, whatever `c`)
/// win as seat 1 exactly as often in both seatings.
#[test]
fn both_seatings_share_the_game_seeds() {
    let dir = scratch("crn");
    let file = write(
        &dir,
        r#"
name = "crn"
seed = 9
game = "nine-men"
options = { first = "seat1" }
policies = ["mcts:1", "mcts:1,c=0.5"]
games = 200
"#,
    );
    let out = dir.join("out");
    let o = tournament(&file, &out, &["-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = &rows(&out.join("pairings.csv"))[0];
    // a's wins as seat 1 are seat 1's wins in one seating; a's losses as
    // seat 2 are seat 1's wins in the other.
    assert_eq!(r["wins_as_seat1"], r["losses_as_seat2"]);
    assert_eq!(r["losses_as_seat1"], r["wins_as_seat2"]);
    assert_eq!(r["wins"], r["losses"]);
}

/// `--sprt`: a lopsided match stops early accepting H1; two policies that
/// choose alike accept H0; the verdict is in tournament.json.
#[test]
fn the_sprt_stops_a_match_early() {
    let dir = scratch("sprt");
    let run = |policies: &str, name: &str, bound: &str| -> serde_json::Value {
        let file = write(
            &dir,
            &format!(
                "name = \"{name}\"\nseed = 2\ngame = \"three-men\"\noptions = {{ first = \"seat1\" }}\npolicies = {policies}\ngames = 100000\n"
            ),
        );
        let out = dir.join(name);
        let o = tournament(&file, &out, &["--sprt", "0,50"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        // Issue #33: the line says which bound the ratio crossed.
        let said = String::from_utf8_lossy(&o.stdout);
        assert!(
            said.contains(&format!("crossed the {bound} bound")),
            "{said}"
        );
        serde_json::from_slice(&std::fs::read(out.join("tournament.json")).unwrap()).unwrap()
    };
    let lopsided = run(r#"["mcts:50", "random"]"#, "lopsided", "upper");
    assert_eq!(lopsided["sprt"]["verdict"], "H1");
    assert!(lopsided["games_played"].as_u64().unwrap() < 100_000);
    let alike = run(r#"["mcts:1", "mcts:1,c=0.5"]"#, "alike", "lower");
    assert_eq!(alike["sprt"]["verdict"], "H0");
    assert!(
        alike["sprt"]["llr"].as_f64().unwrap() <= alike["sprt"]["lower_bound"].as_f64().unwrap()
    );
}

/// Bad tournaments exit 2 naming the key.
#[test]
fn bad_tournaments_name_the_key() {
    let dir = scratch("bad");
    for (text, needle) in [
        (
            "game = \"four-seasons\"\npolicies = [\"random\", \"mcts:5\"]\ngames = 4\n",
            "two seats",
        ),
        (
            "game = \"three-men\"\npolicies = [\"random\"]\ngames = 4\n",
            "`policies`: between 2",
        ),
        (
            "game = \"three-men\"\npolicies = [\"random\", \"nobody\"]\ngames = 4\n",
            "`policies[1]`",
        ),
        (
            "game = \"three-men\"\npolicies = [\"random\", \"random\"]\ngames = 4\n",
            "listed twice",
        ),
        (
            "game = \"chess\"\npolicies = [\"random\", \"mcts:5\"]\ngames = 4\n",
            "unknown game",
        ),
        (
            "[tournament]\ngame = \"hazard\"\npolicies = [\"random\", \"alphabeta:0\"]\ngames = 4\n",
            "`tournament.policies[1]`",
        ),
        // The name names the report folder, as an experiment's does.
        (
            "name = \"../../elsewhere\"\ngame = \"three-men\"\npolicies = [\"random\", \"mcts:2\"]\ngames = 4\n",
            "`name`: `../../elsewhere` must be letters, digits",
        ),
        // Settings `run` refuses (issue 55, defect 6): a cap of 0 plies
        // drew every game unplayed; an odd count was rounded up unsaid.
        (
            "game = \"three-men\"\npolicies = [\"random\", \"mcts:2\"]\ngames = 4\nmax_plies = 0\n",
            "`max_plies`: at least 1",
        ),
        (
            "game = \"three-men\"\npolicies = [\"random\", \"mcts:2\"]\ngames = 5\n",
            "`games`: an even number",
        ),
    ] {
        let file = write(&dir, text);
        let o = ludus(&[
            "tournament",
            &file,
            "--out",
            dir.join("o").to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(needle) && err.contains("t.toml"),
            "{text}: {err}"
        );
    }
    let file = write(&dir, ROUND_ROBIN);
    let o = ludus(&["tournament", &file, "--sprt", "0,10"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("two policies"));
    let two = write(
        &dir,
        "game = \"three-men\"\npolicies = [\"random\", \"mcts:2\"]\ngames = 4\n",
    );
    for (args, needle) in [
        (&["--sprt=-1e308,1e308"][..], "within ±1000"),
        (&["--sprt", "0,1001"][..], "within ±1000"),
        (&["--games", "7"][..], "--games must be an even number"),
    ] {
        let mut all = vec!["tournament", two.as_str(), "--out", "/nonexistent/never"];
        all.extend(args);
        let o = ludus(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// The fit recovers ratings from scores the logistic model expects.
#[test]
fn bradley_terry_recovers_known_ratings() {
    let truth = [0.0, 100.0, 250.0];
    let expect = |a: f64, b: f64| 1.0 / (1.0 + 10f64.powf((b - a) / 400.0));
    let mut pairings = Vec::new();
    for i in 0..3 {
        for j in i + 1..3 {
            let games = 1_000_000.0;
            pairings.push(Pairing {
                i,
                j,
                games,
                score_i: games * expect(truth[i], truth[j]),
            });
        }
    }
    let r = fit(3, &pairings, 0);
    for i in 0..3 {
        assert!((r[i].elo - truth[i]).abs() < 0.5, "{i}: {:?}", r[i]);
        assert!(r[i].high - r[i].low < 5.0 || i == 0);
    }
}

/// `ludus run` on a file that is only a tournament says which command
/// plays it (exit 2); beside cells, it plays the cells and says that the
/// tournament is left to `ludus tournament`.
#[test]
fn ludus_run_points_a_tournament_to_ludus_tournament() {
    let dir = scratch("run-tournament");
    let tournament = "[tournament]\nname = \"t\"\nseed = 1\ngame = \"three-men\"\npolicies = [\"random\", \"mcts:2\"]\ngames = 4\n";
    let file = write(&dir, tournament);
    let o = ludus(&["run", &file, "--out", dir.join("a").to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("ludus tournament"), "{err}");

    let both =
        format!("name = \"e\"\nseed = 1\ngames = 4\n[[cells]]\ngame = \"three-men\"\n{tournament}");
    let file = write(&dir, &both);
    let out = dir.join("b");
    let o = ludus(&["run", &file, "--out", out.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("not played by `ludus run`"), "{err}");
    assert_eq!(rows(&out.join("summary.csv")).len(), 2);
}

/// Issue #33: in Half Hazard `threshold:1` wins more games than
/// `threshold:3` yet loses money to it. Standings and pairings carry each
/// policy's mean payoff and its interval; `rank_by = "payoff"` orders by
/// it; the payoffs add up (a zero-sum game: what one takes the other pays).
#[test]
fn money_games_are_judged_by_money() {
    let dir = scratch("payoff");
    let text = "name = \"money\"\nseed = 1\ngame = \"half-hazard\"\n\
                policies = [\"threshold:1\", \"threshold:3\"]\ngames = 4000\n";
    let mut tables = Vec::new();
    for (name, extra) in [("elo", ""), ("payoff", "rank_by = \"payoff\"\n")] {
        let file = write(&dir, &format!("{text}{extra}"));
        let out = dir.join(name);
        let o = tournament(&file, &out, &["-q"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        tables.push((
            rows(&out.join("standings.csv")),
            rows(&out.join("pairings.csv")),
        ));
    }
    let num =
        |r: &std::collections::BTreeMap<String, String>, k: &str| -> f64 { r[k].parse().unwrap() };
    let (by_elo, pairings) = &tables[0];
    let p = &pairings[0];
    assert_eq!(
        (p["policy_a"].as_str(), p["policy_b"].as_str()),
        ("threshold:1", "threshold:3")
    );
    assert!(num(p, "score_rate") > 0.5, "threshold:1 wins more: {p:?}");
    assert!(
        num(p, "payoff_high") < 0.0,
        "and loses money, surely: {p:?}"
    );
    let half = (num(p, "payoff_high") - num(p, "payoff_low")) / 2.0;
    assert!((num(p, "mean_payoff") - num(p, "payoff_low") - half).abs() < 1e-5);
    assert_eq!(by_elo[0]["policy"], "threshold:1");
    let (by_payoff, _) = &tables[1];
    assert_eq!(by_payoff[0]["policy"], "threshold:3");
    assert_eq!(by_payoff[0]["rank"], "1");
    assert!(
        (num(&by_payoff[0], "mean_payoff") + num(&by_payoff[1], "mean_payoff")).abs() < 1e-5,
        "{by_payoff:?}"
    );
    assert!((num(&by_payoff[0], "mean_payoff") + num(p, "mean_payoff")).abs() < 1e-5);
    // The page shows the money beside the score.
    let page = std::fs::read_to_string(dir.join("payoff").join("index.html")).unwrap();
    assert!(
        page.contains("<th>payoff per game</th>")
            && page.contains("<th>A&#39;s payoff per game</th>"),
        "the page has no payoff column"
    );
    let bad = write(&dir, &format!("{text}rank_by = \"wins\"\n"));
    let o = ludus(&[
        "tournament",
        &bad,
        "-q",
        "--out",
        dir.join("bad").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("rank_by") && err.contains("`elo` or `payoff`"),
        "{err}"
    );
}

/// Issue #33: a tournament of a game the dice alone play (Hazard) rates
/// nothing; it is refused (exit 2) saying so and what to use instead.
#[test]
fn a_game_without_decisions_has_no_tournament() {
    let dir = scratch("no-decisions");
    let file = write(
        &dir,
        "name = \"h\"\nseed = 1\ngame = \"hazard\"\npolicies = [\"random\", \"mcts:10\"]\ngames = 10\n",
    );
    let o = ludus(&[
        "tournament",
        &file,
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("`game`")
            && err.contains("hazard has no decisions")
            && err.contains("ludus exact"),
        "{err}"
    );
    assert!(!dir.join("out").exists(), "nothing written");
}

const GAUNTLET: &str = r#"
name = "gauntlet"
seed = 5
game = "three-men"
options = { first = "seat1" }
gauntlet = "mcts:60"
policies = ["random", "alphabeta:3", "mcts:1"]
games = 60
"#;

/// A gauntlet plays its policy against each listed one and no other
/// pair: three pairings, not six, each naming it, the same whatever the
/// threads. Its pairing with the k-th listed policy plays the seeds of the
/// round robin's pairing of the same two (the round robin pairs the first
/// policy with the others first), so its rows are that round robin's.
#[test]
fn a_gauntlet_plays_one_policy_against_each_other() {
    let dir = scratch("gauntlet");
    let file = write(&dir, GAUNTLET);
    let mut outs = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.join(format!("out{threads}"));
        let o = tournament(&file, &out, &["--threads", threads, "-q"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        outs.push(out);
    }
    for f in ["standings.csv", "pairings.csv", "index.html"] {
        assert_eq!(
            std::fs::read(outs[0].join(f)).unwrap(),
            std::fs::read(outs[1].join(f)).unwrap(),
            "{f} depends on the threads"
        );
    }
    let pairings = rows(&outs[0].join("pairings.csv"));
    let b: Vec<&str> = pairings.iter().map(|r| r["policy_b"].as_str()).collect();
    assert_eq!(b, ["random", "alphabeta:3", "mcts:1"]);
    assert!(pairings.iter().all(|r| r["policy_a"] == "mcts:60"));
    let standings = rows(&outs[0].join("standings.csv"));
    assert_eq!(standings.len(), 4);
    for s in &standings {
        let games = if s["policy"] == "mcts:60" {
            "180"
        } else {
            "60"
        };
        assert_eq!(s["games"], games, "{}", s["policy"]);
    }
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(outs[0].join("tournament.json")).unwrap()).unwrap();
    assert_eq!(json["gauntlet"], "mcts:60");
    // The round robin of the same four, the gauntlet's policy first.
    let rr = write(&dir, ROUND_ROBIN);
    let out = dir.join("rr");
    let o = ludus(&["tournament", &rr, "--out", out.to_str().unwrap(), "-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let of_rr: Vec<_> = rows(&out.join("pairings.csv"))
        .into_iter()
        .filter(|r| r["policy_a"] == "mcts:60")
        .collect();
    assert_eq!(of_rr, pairings);
    // The flag does the same from the command line.
    let listed = write(
        &dir,
        &GAUNTLET
            .replace("gauntlet = \"mcts:60\"\n", "")
            .replace("name = \"gauntlet\"", "name = \"flag\""),
    );
    let out = dir.join("flag");
    let o = ludus(&[
        "tournament",
        &listed,
        "--gauntlet",
        "mcts:60",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(rows(&out.join("pairings.csv")), pairings);
}

/// A gauntlet's policy listed among its opponents, or a gauntlet without
/// opponents, exits 2 naming the key (or the flag).
#[test]
fn bad_gauntlets_name_the_key() {
    let dir = scratch("bad-gauntlet");
    for (text, needle) in [
        (
            "game = \"three-men\"\ngauntlet = \"random\"\npolicies = [\"mcts:5\", \"random\"]\ngames = 4\n",
            "`gauntlet`: `random` is also listed",
        ),
        (
            "game = \"three-men\"\ngauntlet = \"random\"\npolicies = []\ngames = 4\n",
            "`policies`: a gauntlet plays its policy against between 1",
        ),
        (
            "game = \"three-men\"\ngauntlet = \"nobody\"\npolicies = [\"random\"]\ngames = 4\n",
            "`gauntlet`",
        ),
    ] {
        let file = write(&dir, text);
        let o = ludus(&[
            "tournament",
            &file,
            "--out",
            dir.join("o").to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(needle) && err.contains("t.toml"),
            "{text}: {err}"
        );
    }
    let file = write(&dir, ROUND_ROBIN);
    let o = ludus(&[
        "tournament",
        &file,
        "--gauntlet",
        "random",
        "--out",
        dir.join("o").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--gauntlet: `random` is also listed"), "{err}");
}

fn xml_options<'a>() -> roxmltree::ParsingOptions<'a> {
    // `<!DOCTYPE html>` is a DTD to an XML parser; it declares nothing.
    roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    }
}

/// The rows of the page's table whose header has `column`, each as its
/// cells' texts keyed by the header's.
fn page_rows(
    doc: &roxmltree::Document,
    column: &str,
) -> Vec<std::collections::BTreeMap<String, String>> {
    let texts = |tr: roxmltree::Node, tag: &str| -> Vec<String> {
        tr.children()
            .filter(|c| c.has_tag_name(tag))
            .map(|c| c.text().unwrap_or("").to_string())
            .collect()
    };
    for table in doc.descendants().filter(|n| n.has_tag_name("table")) {
        let trs: Vec<_> = table
            .descendants()
            .filter(|n| n.has_tag_name("tr"))
            .collect();
        let head = trs.first().map(|tr| texts(*tr, "th")).unwrap_or_default();
        if head.iter().any(|c| c == column) {
            return trs[1..]
                .iter()
                .map(|tr| head.iter().cloned().zip(texts(*tr, "td")).collect())
                .collect();
        }
    }
    panic!("no table with a column {column}");
}

/// index.html beside standings.csv: well-formed XHTML that shows
/// standings.svg, links the CSVs and tournament.json, and whose tables
/// hold the rows of standings.csv and pairings.csv in their order (a
/// money game's tables add the payoff: `money_games_are_judged_by_money`).
#[test]
fn a_tournament_has_a_page() {
    let dir = scratch("page");
    let file = write(&dir, ROUND_ROBIN);
    let out = dir.join("out");
    let o = tournament(&file, &out, &["-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>\n"));
    let doc = roxmltree::Document::parse_with_options(&text, xml_options())
        .unwrap_or_else(|e| panic!("index.html is not well-formed XML: {e}"));
    assert_eq!(
        doc.root_element().tag_name().namespace(),
        Some("http://www.w3.org/1999/xhtml")
    );
    let attrs = |tag: &str, attr: &str| -> Vec<String> {
        doc.descendants()
            .filter(|n| n.has_tag_name(tag))
            .filter_map(|n| n.attribute(attr).map(str::to_string))
            .collect()
    };
    assert_eq!(attrs("img", "src"), ["standings.svg"]);
    let links = attrs("a", "href");
    for f in ["standings.csv", "pairings.csv", "tournament.json"] {
        assert!(links.iter().any(|l| l == f), "{f}: {links:?}");
        assert!(out.join(f).exists());
    }
    let header = page_rows(&doc, "rank");
    let csv = rows(&out.join("standings.csv"));
    assert_eq!(header.len(), csv.len());
    for (p, c) in header.iter().zip(&csv) {
        for k in ["rank", "policy", "games"] {
            assert_eq!(p[k], c[k], "{k}");
        }
        assert!(p["score"].contains("% ["), "{}", p["score"]);
    }
    let pairs = page_rows(&doc, "policy A");
    let csv = rows(&out.join("pairings.csv"));
    assert_eq!(pairs.len(), csv.len());
    for (p, c) in pairs.iter().zip(&csv) {
        assert_eq!(
            (&p["policy A"], &p["policy B"], &p["games"]),
            (&c["policy_a"], &c["policy_b"], &c["games"])
        );
        let seat1 = format!("{}–{}", c["wins_as_seat1"], c["losses_as_seat1"]);
        assert_eq!(p["A's wins–losses in seat 1"], seat1);
    }
    for tr in doc.descendants().filter(|n| n.has_tag_name("tr")) {
        let cells = tr.children().filter(|c| c.is_element()).count();
        assert!(cells <= 9, "a row of {cells} cells is too wide to read");
    }
    let cells_text = doc
        .descendants()
        .filter(|n| n.has_tag_name("td"))
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join("|");
    assert!(cells_text.contains("three-men") && cells_text.contains("first=seat1"));
}

/// The records file of a report folder, one JSON value a line.
fn records(out: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(out.join("records.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

const RECORDED: &str = r#"
name = "recorded"
seed = 7
game = "three-men"
policies = ["mcts:20", "random", "alphabeta:2"]
games = 10
"#;

/// tournament.json is written after the records: a tournament that cannot
/// write them (records.jsonl is a folder here) fails naming the file, and
/// keeps its standings under a tournament.json that says it is not complete.
#[test]
fn a_tournament_that_cannot_write_its_records_is_not_complete() {
    let dir = scratch("records_unwritable");
    let file = write(&dir, RECORDED);
    let out = dir.join("out");
    std::fs::create_dir_all(out.join("records.jsonl/kept")).unwrap();
    let o = tournament(&file, &out, &["--record", "1", "-q"]);
    let said = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(said.contains("records.jsonl"), "{said}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("tournament.json")).unwrap())
            .unwrap();
    assert_eq!(json["complete"], false, "{json}");
    assert!(out.join("standings.csv").exists());
}

/// `--record 2`: two games of each of the six seatings, in (seating,
/// index) order, each naming its seating (`cell`) and pairing, with the
/// pairing's policies in the seating's order; the same bytes whatever the
/// threads; the replay command printed, pasted, and every line replayed
/// by `ludus play --record` match their records.
#[test]
fn a_tournament_keeps_the_first_games_of_each_seating_and_they_replay() {
    let dir = scratch("records");
    let file = write(&dir, RECORDED);
    let mut outs = Vec::new();
    let mut said = String::new();
    for threads in ["1", "2"] {
        let out = dir.join(format!("out{threads}"));
        let o = tournament(&file, &out, &["--record", "2", "--threads", threads]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        said = String::from_utf8_lossy(&o.stdout).into_owned();
        outs.push(out);
    }
    assert_eq!(
        std::fs::read(outs[0].join("records.jsonl")).unwrap(),
        std::fs::read(outs[1].join("records.jsonl")).unwrap(),
        "records.jsonl depends on the threads"
    );
    let kept = records(&outs[1]);
    assert_eq!(kept.len(), 12);
    let policies = ["mcts:20", "random", "alphabeta:2"];
    let pairings = [(0, 1), (0, 2), (1, 2)];
    for (n, r) in kept.iter().enumerate() {
        let (seating, index) = (n / 2, n % 2);
        assert_eq!(r["cell"], seating, "line {n}");
        assert_eq!(r["pairing"], seating / 2, "line {n}");
        assert_eq!(r["index"], index, "line {n}");
        let (i, j) = pairings[seating / 2];
        let seats = if seating % 2 == 0 { [i, j] } else { [j, i] };
        assert_eq!(
            r["seats"],
            serde_json::json!([policies[seats[0]], policies[seats[1]]]),
            "line {n}"
        );
    }
    // Both seatings of a pairing play game k on its seed.
    assert_eq!(kept[0]["seed"], kept[2]["seed"]);
    let command = said
        .lines()
        .find_map(|l| l.split_once("replay one: ").map(|(_, c)| c.to_string()))
        .unwrap_or_else(|| panic!("no replay command: {said}"));
    assert!(said.contains("12 games kept whole in"), "{said}");
    let pasted = Command::new("sh")
        .arg("-c")
        .arg(command.replacen("ludus", "\"$LUDUS\"", 1))
        .env("LUDUS", env!("CARGO_BIN_EXE_ludus"))
        .output()
        .unwrap();
    assert!(
        pasted.status.success(),
        "{command}: {}",
        String::from_utf8_lossy(&pasted.stderr)
    );
    let record = outs[1].join("records.jsonl");
    for k in 0..kept.len() {
        let o = ludus(&[
            "play",
            "--record",
            record.to_str().unwrap(),
            "--game",
            &k.to_string(),
        ]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "line {k}: {out}");
        assert!(out.contains("the replay matches the record"), "{out}");
        assert!(
            out.contains(&format!(
                "line {k}, pairing {}, seating {}, game {}",
                k / 4,
                k / 2,
                k % 2
            )),
            "{out}"
        );
    }
}

/// A gauntlet records its policy's games against each opponent; an SPRT
/// that stops a match early records only the games played, however many
/// are asked for.
#[test]
fn a_gauntlet_and_an_sprt_record_only_what_they_play() {
    let dir = scratch("records_gauntlet");
    let file = write(&dir, RECORDED);
    let out = dir.join("gauntlet");
    let o = tournament(
        &file,
        &out,
        &["--gauntlet", "alphabeta:1", "--record", "1", "-q"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let kept = records(&out);
    assert_eq!(kept.len(), 6);
    for (n, r) in kept.iter().enumerate() {
        assert_eq!(r["cell"], n);
        assert_eq!(r["seats"][n % 2], "alphabeta:1", "line {n}");
    }
    let file = write(
        &dir,
        "name = \"sprt\"\nseed = 2\ngame = \"three-men\"\npolicies = [\"mcts:50\", \"random\"]\n\
         games = 100000\nrecord = 5000\n",
    );
    let out = dir.join("sprt");
    let o = tournament(&file, &out, &["--sprt", "0,50", "-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("tournament.json")).unwrap()).unwrap();
    let played = manifest["games_played"].as_u64().unwrap();
    assert!(played < 10_000, "{played}");
    let kept = records(&out);
    assert_eq!(kept.len() as u64, played);
    let last = kept.iter().filter(|r| r["cell"] == 1).count() as u64;
    assert_eq!(last, played / 2);
}

/// A policy that fails stops the tournament (exit 3); only the seatings
/// the batch finished before are recorded, never a game it did not play.
#[test]
fn a_failed_tournament_records_only_the_seatings_it_finished() {
    let dir = scratch("records_failed");
    let script = dir.join("fails.lua");
    std::fs::write(&script, "function choose(g, m) error(\"no\") end\n").unwrap();
    let file = write(
        &dir,
        &format!(
            "name = \"failed\"\ngame = \"three-men\"\npolicies = [\"random\", \"mcts:2\", \"lua:{}\"]\n\
             games = 4\nrecord = 3\n",
            script.to_str().unwrap()
        ),
    );
    let out = dir.join("out");
    let o = tournament(&file, &out, &["--threads", "1", "-q"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("failed at ply"), "{err}");
    let kept = records(&out);
    // Pairing 0 (random, mcts:2) plays first and has no failing seat;
    // every other seating has the script.
    assert_eq!(kept.len(), 4);
    assert!(kept.iter().all(|r| r["pairing"] == 0));
}

/// A shard refuses to record (exit 2), from the flag or the file; bad
/// values of `record` exit 2 naming the key; a tournament that records
/// nothing removes an older records.jsonl.
#[test]
fn records_are_refused_by_shards_and_bad_values_and_removed_by_none() {
    let dir = scratch("records_refused");
    let file = write(&dir, RECORDED);
    let out = dir.join("out");
    let o = tournament(&file, &out, &["--record", "2", "--shard", "1/2"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--shard 1/2: a shard cannot keep game records (--record 2)"),
        "{err}"
    );
    let in_file = write(&dir, &format!("{RECORDED}record = 1\n"));
    let o = ludus(&[
        "tournament",
        &in_file,
        "--shard",
        "2/2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("the file's `record = 1`"));
    let o = ludus(&[
        "tournament",
        &in_file,
        "--shard",
        "2/2",
        "--record",
        "0",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!out.join("records.jsonl").exists());
    for bad in ["-1", "\"x\""] {
        let file = write(&dir, &format!("{RECORDED}record = {bad}\n"));
        let o = tournament(&file, &out, &[]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("`record`") && err.contains("t.toml"),
            "{bad}: {err}"
        );
    }
    let plain = dir.join("plain");
    let file = write(&dir, RECORDED);
    for (record, lines) in [("1", Some(6)), ("0", None)] {
        let o = ludus(&[
            "tournament",
            &file,
            "--record",
            record,
            "--out",
            plain.to_str().unwrap(),
            "-q",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(
            plain
                .join("records.jsonl")
                .exists()
                .then(|| records(&plain).len()),
            lines
        );
    }
}

/// A game with its own notation (Rithmomachy, boardspace rules) keeps a
/// tournament's recorded games in it too, one file a seating's game,
/// which `ludus position --record` plays back.
#[test]
fn a_rithmomachy_tournament_writes_its_records_in_its_notation() {
    let dir = scratch("records_sgf");
    let file = write(
        &dir,
        "name = \"rm\"\ngame = \"rithmomachy\"\noptions = { rules = \"boardspace\" }\n\
         policies = [\"random\", \"mcts:1\"]\ngames = 4\nmax_plies = 60\nrecord = 1\n",
    );
    let out = dir.join("out");
    let o = tournament(&file, &out, &["-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(records(&out).len(), 2);
    for seating in 0..2 {
        let sgf = out.join(format!("records/cell-{seating}-game-0.sgf"));
        let text = std::fs::read_to_string(&sgf).unwrap();
        assert!(
            text.contains(&format!("pairing 0, seating {seating}, game 0")),
            "{text}"
        );
        let o = ludus(&["position", "rithmomachy", "--record", sgf.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
}

/// A policy that fails every game under `on_bot_error = "forfeit"` is
/// not hidden as a weak one (issue 55, defect 1): standings.csv,
/// pairings.csv, tournament.json and the page count its forfeits, a
/// warning names it with the replay of its first failure, and past
/// `--max-forfeits` (5% by default) the tournament exits 3, its report
/// written; allowed every forfeit, it exits 0 with the same counts.
#[test]
fn a_tournament_counts_forfeits_and_fails_past_max_forfeits() {
    let dir = scratch("forfeits");
    let script = dir.join("fails.lua");
    std::fs::write(&script, "function choose(g, m) error(\"no\") end\n").unwrap();
    let file = write(
        &dir,
        &format!(
            "name = \"forfeits\"\ngame = \"three-men\"\npolicies = [\"random\", \"lua:{}\", \"mcts:2\"]\n\
             games = 10\non_bot_error = \"forfeit\"\n",
            script.to_str().unwrap()
        ),
    );
    let lua = format!("lua:{}", script.to_str().unwrap());
    for (max, code) in [(None, 3), (Some("100"), 0)] {
        let out = dir.join(format!("out{code}"));
        let mut extra = vec!["--threads", "2", "-q"];
        if let Some(m) = max {
            extra.extend(["--max-forfeits", m]);
        }
        let o = tournament(&file, &out, &extra);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(code), "{err}");
        assert!(
            err.contains("pairing 0 (random vs lua:")
                && err.contains("10 of 10 games forfeited")
                && err.contains("replay: ludus play three-men"),
            "{err}"
        );
        if code == 3 {
            // Said once, as the error, not again as a warning.
            assert!(
                err.contains("error: pairing 0") && !err.contains("warning: pairing 0"),
                "{err}"
            );
            assert!(err.contains("more than --max-forfeits 5%"), "{err}");
            // The replay command, pasted, fails the same way.
            let line = err.lines().find(|l| l.contains("replay: ")).unwrap();
            let words: Vec<&str> = line.split("replay: ").nth(1).unwrap().split(' ').collect();
            assert_eq!(words[0], "ludus");
            let r = ludus(&words[1..]);
            assert_eq!(r.status.code(), Some(3));
            assert!(String::from_utf8_lossy(&r.stderr).contains("failed at length 0"));
        }
        let standings = rows(&out.join("standings.csv"));
        let forfeits =
            |p: &str| standings.iter().find(|s| s["policy"] == p).unwrap()["forfeits"].clone();
        assert_eq!(forfeits(&lua), "20");
        assert_eq!(
            (forfeits("random").as_str(), forfeits("mcts:2").as_str()),
            ("0", "0")
        );
        let pairings = rows(&out.join("pairings.csv"));
        let by: Vec<(&str, &str)> = pairings
            .iter()
            .map(|r| (r["forfeits_a"].as_str(), r["forfeits_b"].as_str()))
            .collect();
        assert_eq!(by, [("0", "10"), ("0", "0"), ("10", "0")]);
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join("tournament.json")).unwrap()).unwrap();
        assert_eq!(json["forfeits"][&lua], 20);
        assert_eq!(json["forfeits"]["random"], 0);
        let page = std::fs::read_to_string(out.join("index.html")).unwrap();
        assert!(page.contains("forfeited 20 of its 20 games"), "{page}");
    }
    let o = tournament(&file, &dir.join("bad"), &["--max-forfeits", "101"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--max-forfeits"), "{err}");
}
