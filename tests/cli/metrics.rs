//! metrics.csv: each metric on small cells whose values are known, and the
//! metrics that follow from summary.csv and endings.csv agreeing with them.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::support::{ludus, num, read_csv, scratch, stderr};

/// Runs `text` into a fresh folder and reads its metrics.csv, by cell.
fn metrics(name: &str, text: &str) -> (PathBuf, Vec<HashMap<String, String>>) {
    let dir = scratch(name);
    let exp = dir.join("exp.toml");
    std::fs::write(&exp, text).unwrap();
    let out = dir.join("out");
    let o = ludus(&[
        "run",
        exp.to_str().unwrap(),
        "-q",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = read_csv(&out.join("metrics.csv"));
    (out, rows)
}

#[test]
fn three_mens_first_decision_has_nine_options() {
    // Seed 004: the three men are placed on the nine empty points, one a
    // turn; stopped after one turn, every game is that one decision.
    let (_, rows) = metrics(
        "metrics-three",
        "name = \"t\"\nseed = 1\ngames = 50\nmax_plies = 1\n[[cells]]\ngame = \"three-men\"\n",
    );
    let r = &rows[0];
    for key in [
        "branching_factor",
        "branching_factor_median",
        "branching_factor_max",
        "decision_factor",
    ] {
        assert_eq!(num(r, key), 9.0, "{key}");
    }
    assert_eq!(num(r, "decision_moves"), 1.0);
    assert_eq!(num(r, "duration_decisions"), 1.0);
    assert_eq!(num(r, "branching_factor_se"), 0.0);
    // Every game was stopped by max_plies: a timeout, not a draw.
    assert_eq!(num(r, "timeouts"), 1.0);
    assert_eq!(num(r, "drawishness"), 0.0);
    assert_eq!(num(r, "completion"), 0.0);
}

#[test]
fn a_dice_game_without_decisions_has_no_choices() {
    let (_, rows) = metrics(
        "metrics-hazard",
        "name = \"h\"\nseed = 1\ngames = 400\n[[cells]]\ngame = \"hazard\"\n",
    );
    let r = &rows[0];
    assert_eq!(num(r, "decision_moves"), 0.0);
    assert_eq!(num(r, "duration_decisions"), 0.0);
    for key in [
        "branching_factor",
        "branching_factor_median",
        "decision_factor",
    ] {
        assert!(r[key].is_empty(), "{key}: {}", r[key]);
    }
    // Hazard always has a winner.
    assert_eq!(num(r, "completion"), 1.0);
    assert_eq!(num(r, "completion_high"), 1.0);
}

#[test]
fn seats_that_draw_lots_for_the_first_move_are_balanced_within_the_interval() {
    // Both seats random, the first mover drawn by lot: the seats are the
    // same player, and balance 1 lies in the interval.
    let (_, rows) = metrics(
        "metrics-balance",
        "name = \"b\"\nseed = 3\ngames = 2000\n[[cells]]\ngame = \"nine-men\"\n",
    );
    let r = &rows[0];
    assert!(num(r, "balance") < 1.0);
    assert_eq!(num(r, "balance_high"), 1.0);
    assert!(num(r, "balance_low") < num(r, "balance"));
    // Choices: placing is always a choice, so every game has some.
    assert!(num(r, "decision_moves") > 0.5);
    assert!(num(r, "decision_factor") >= num(r, "branching_factor"));
    assert!(num(r, "branching_factor_max") >= num(r, "branching_factor_median"));
}

const MIXED: &str = r#"
name = "mixed"
seed = 5
games = 600
[[cells]]
game = "rithmomachy"
games = 200
options = { cap = 60 }
[[cells]]
game = "half-hazard"
seats = ["threshold:1", "threshold:3"]
[[cells]]
game = "pair-ace"
options = { players = 3 }
[[cells]]
game = "three-men"
"#;

#[test]
fn outcome_metrics_agree_with_summary_and_endings() {
    let (out, rows) = metrics("metrics-agree", MIXED);
    let summary = read_csv(&out.join("summary.csv"));
    let endings = read_csv(&out.join("endings.csv"));
    assert_eq!(rows.len(), 4);
    for m in &rows {
        let cell = &m["cell"];
        let seats: Vec<_> = summary.iter().filter(|r| &r["cell"] == cell).collect();
        let games = num(seats[0], "games");
        assert_eq!(num(m, "games"), games);
        let rates: Vec<f64> = seats.iter().map(|r| num(r, "win_rate")).collect();
        let gap = rates.iter().cloned().fold(f64::MIN, f64::max)
            - rates.iter().cloned().fold(f64::MAX, f64::min);
        assert!(
            (num(m, "balance") - (1.0 - gap)).abs() < 2e-6,
            "cell {cell}"
        );
        assert!(num(m, "balance_low") <= num(m, "balance"));
        assert!(num(m, "balance") <= num(m, "balance_high"));
        let wins: f64 = seats.iter().map(|r| num(r, "wins")).sum();
        assert!(
            (num(m, "completion") - wins / games).abs() < 1e-6,
            "cell {cell}"
        );
        let share = |f: &dyn Fn(&HashMap<String, String>) -> bool| -> f64 {
            endings
                .iter()
                .filter(|e| &e["cell"] == cell && f(e))
                .map(|e| num(e, "count"))
                .sum::<f64>()
                / games
        };
        let timeout =
            |e: &HashMap<String, String>| e["reason"] == "cap" || e["reason"] == "max-plies";
        let timeouts = share(&timeout);
        let drawn = share(&|e| e["draw"] == "true" && !timeout(e));
        assert!((num(m, "timeouts") - timeouts).abs() < 1e-6, "cell {cell}");
        assert!((num(m, "drawishness") - drawn).abs() < 1e-6, "cell {cell}");
        // The game's length and decisions, as summary.csv gives them.
        let s = seats[0];
        assert_eq!(m["duration_turns"], s["mean_length"]);
        assert_eq!(m["duration_turns_sd"], s["sd_length"]);
        assert_eq!(m["duration_decisions"], s["mean_decisions"]);
        assert_eq!(m["duration_decisions_sd"], s["sd_decisions"]);
        // The first mover's score: its wins, and half of each drawn game
        // (every draw here is shared by all seats).
        let moved: f64 = seats.iter().map(|r| num(r, "moved_first")).sum();
        let first_wins: f64 = seats.iter().map(|r| num(r, "first_wins")).sum();
        let draws = share(&|e| e["draw"] == "true") * games;
        let score = (first_wins + draws / seats.len() as f64) / moved;
        assert!(
            (num(m, "advantage_first") - score).abs() < 1e-6,
            "cell {cell}"
        );
        for rate in ["advantage_first", "completion", "drawishness", "timeouts"] {
            let (low, x, high) = (
                num(m, &format!("{rate}_low")),
                num(m, rate),
                num(m, &format!("{rate}_high")),
            );
            assert!(
                low <= x && x <= high,
                "cell {cell} {rate}: {low} {x} {high}"
            );
        }
    }
    // Capped at 60 moves, some Rithmomachy games time out.
    assert!(num(&rows[0], "timeouts") > 0.0);
    // Rithmomachy draws its moves without counting them; the counts are
    // made for the metrics all the same, and there is real choice.
    assert!(num(&rows[0], "branching_factor") > 10.0);
    assert!(num(&rows[0], "decision_moves") > 0.9);
}

#[test]
fn the_report_page_puts_the_cells_side_by_side_and_marks_the_best() {
    // Three men's morris capped at 4 plies cannot end before the cap: the
    // uncapped cell is the decisive one.
    let (out, rows) = metrics(
        "metrics-page",
        "name = \"p\"\nseed = 2\ngames = 300\n[[cells]]\ngame = \"three-men\"\nsweep = { cap = [4, 200] }\n",
    );
    assert_eq!(num(&rows[0], "completion"), 0.0);
    assert!(num(&rows[1], "completion") > 0.9);
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    let at = page
        .find("Which settings make the better game")
        .expect("the designer's table");
    let table = &page[at..page[at..].find("</table>").unwrap() + at];
    // The cells are named by their swept values under the swept key.
    assert!(table.contains("<th>cap</th>"), "{table}");
    assert!(
        table.contains(">4</td>") && table.contains(">200</td>"),
        "{table}"
    );
    let decisive_row = table
        .split("<tr>")
        .find(|r| r.contains("most decisive"))
        .expect("a cell marked most decisive");
    assert!(decisive_row.contains(">200</td>"), "{decisive_row}");
    // The figures are metrics.csv's, as percentages rounded to what their
    // interval supports: the first significant digit of its half-width.
    let (balance, low, high) = (
        num(&rows[1], "balance"),
        num(&rows[1], "balance_low"),
        num(&rows[1], "balance_high"),
    );
    let half = 50.0 * (high - low);
    let decimals = ((-half.log10()).ceil().max(0.0) as usize).min(2);
    let shown = format!(
        "{:.*}% [{:.*},",
        decimals,
        100.0 * balance,
        decimals,
        100.0 * low
    );
    assert!(
        decisive_row.contains(&shown),
        "{shown} not in {decisive_row}"
    );
}

/// The decisions whose options a run counted, weighed as the sample
/// stands for the rest, and the decisions taken, as its partial.json
/// holds them.
fn counted_and_taken(out: &std::path::Path) -> (u64, u64) {
    let p: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("partial.json")).unwrap()).unwrap();
    let cell = &p["cells"][0];
    let counted = cell["metrics"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e[1].as_u64().unwrap())
        .sum();
    (counted, cell["decisions"].as_u64().unwrap())
}

#[test]
fn rithmomachy_counts_a_sample_of_its_decisions_unless_all_are_asked_for() {
    let text = |level: &str| {
        format!(
            "name = \"r\"\nseed = 8\ngames = 60\n{level}[[cells]]\ngame = \"rithmomachy\"\noptions = {{ cap = 80 }}\n"
        )
    };
    let (sampled, rows) = metrics("metrics-sampled", &text(""));
    let (all, all_rows) = metrics("metrics-all", &text("metrics = \"all\"\n"));
    let (weighed, taken) = counted_and_taken(&sampled);
    // The first 4 decisions of a game and one in 61 after: some 315 of
    // 4,800 counted, each of the sample weighing 61, so that the weighed
    // count is an estimate of all of them (unweighed it would be 315).
    assert!(
        weighed * 10 > taken * 8 && weighed * 10 < taken * 12,
        "{weighed} weighed against {taken}"
    );
    let (counted, taken_all) = counted_and_taken(&all);
    assert_eq!(
        (counted, taken_all),
        (taken, taken),
        "the same games, all counted"
    );
    // The same games either way; the sample's estimate lies near the full count.
    for key in ["games", "completion", "duration_decisions"] {
        assert_eq!(rows[0][key], all_rows[0][key], "{key}");
    }
    let (b, se) = (
        num(&rows[0], "branching_factor"),
        num(&rows[0], "branching_factor_se"),
    );
    let exact = num(&all_rows[0], "branching_factor");
    assert!(
        (b - exact).abs() < 4.0 * se + 1.0,
        "{b} ± {se} against {exact}"
    );
}

#[test]
fn an_unknown_metrics_level_is_refused_naming_the_key() {
    let dir = scratch("metrics-level");
    let exp = dir.join("exp.toml");
    std::fs::write(
        &exp,
        "name = \"x\"\nseed = 1\ngames = 2\nmetrics = \"most\"\n[[cells]]\ngame = \"hazard\"\n",
    )
    .unwrap();
    let o = ludus(&[
        "run",
        exp.to_str().unwrap(),
        "-q",
        "--out",
        dir.join("o").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("metrics") && err.contains("`basic` or `all`"),
        "{err}"
    );
}

#[test]
fn repetition_is_looked_up_under_all_and_only_where_positions_are_hashed() {
    let text = |level: &str| {
        format!(
            "name = \"rep\"\nseed = 6\ngames = 300\n{level}[[cells]]\ngame = \"three-men\"\n\
             [[cells]]\ngame = \"hazard\"\n"
        )
    };
    let (_, basic) = metrics("metrics-rep-basic", &text(""));
    let (_, all) = metrics("metrics-rep-all", &text("metrics = \"all\"\n"));
    assert!(basic.iter().all(|r| r["repetition"].is_empty()));
    // Three men moving on nine points come back to positions they left.
    let rep = num(&all[0], "repetition");
    assert!(rep > 0.0 && rep < 0.5, "{rep}");
    assert!(num(&all[0], "repetition_se") > 0.0);
    // Hazard has no decisions and no positions to look up.
    assert!(all[1]["repetition"].is_empty());
    // The same games either way.
    assert_eq!(basic[0]["duration_turns"], all[0]["duration_turns"]);
}
