//! `ludus search` from the library: a search plan refuses what no search
//! can take, by key; racing finds the exact best of spaces that exact play
//! solves and never drops a candidate of the exact front; the tables and
//! the page are the same bytes on one and two threads, after a killed
//! search resumes, and with rounds played as shards by a round player.

#[path = "common/scratch.rs"]
mod common_scratch;

use std::sync::atomic::{AtomicBool, Ordering};

use ludus::plan::plan_error::PlanError;
use ludus::plan::search_plan::{Method, SearchPlan};
use ludus::run::RunError;
use ludus::runner::cell_progress::BatchProgress;
use ludus::search::contender::Known;
use ludus::search::race::Race;
use ludus::search::{Quiet, SearchError, SearchSettings, SearchWatch, search};

/// Tanto in seat order: 12 candidates that exact play solves.
const TANTO: &str = r#"
name = "tanto"
seed = 3
game = "tanto"
options = { order = "fixed" }
budget = 200000
[space]
players = [2, 3, 4]
rounds = [1, 3]
last_throw = ["cycle", "all"]
[goals]
balance = "max"
duration_turns = "min"
"#;

/// Triga's groups and players, aiming at a length.
const TRIGA: &str = r#"
name = "triga"
seed = 4
game = "triga"
budget = 150000
[space]
players = { min = 2, max = 5 }
group = ["low", "middle", "high"]
[goals]
completion = "max"
duration_turns = { target = 12 }
"#;

/// Pair and Ace's rounds and order.
const PAIR_ACE: &str = r#"
name = "pair-ace"
seed = 5
game = "pair-ace"
budget = 150000
[space]
rounds = [1, 2, 3]
order = ["highest", "fixed"]
[goals]
balance = "max"
"#;

fn plan(text: &str, exact: bool) -> SearchPlan {
    let text = format!("exact = {exact}\n{text}");
    SearchPlan::parse(&text, "search.toml").unwrap()
}

fn run(plan: &SearchPlan, name: &str, threads: usize) -> (Race, std::path::PathBuf) {
    let dir = common_scratch::fresh("rule_search", name);
    let mut settings = SearchSettings::new(&dir);
    settings.threads = threads;
    (search(plan, &settings, &mut Quiet).unwrap(), dir)
}

/// Each candidate's exact values, from a search that solves them all.
fn exact_values(plan: &SearchPlan, name: &str) -> Vec<Vec<f64>> {
    let (race, _) = run(plan, name, 1);
    assert_eq!(race.spent, 0, "every candidate is solved: none is played");
    race.contenders
        .iter()
        .map(|c| match &c.levels[0] {
            Known::Exact(values) => values.iter().map(|e| e.value).collect(),
            other => panic!("{other:?}"),
        })
        .collect()
}

/// The candidates that no other matches or beats on every goal, from
/// exact values turned into utilities (higher is better).
fn exact_front(utils: &[Vec<f64>]) -> Vec<usize> {
    (0..utils.len())
        .filter(|&a| {
            !utils.iter().any(|b| {
                b.iter().zip(&utils[a]).all(|(x, y)| x >= &(y - 1e-9))
                    && b.iter().zip(&utils[a]).any(|(x, y)| x > &(y + 1e-9))
            })
        })
        .collect()
}

#[test]
fn racing_never_drops_a_candidate_of_the_exact_front_and_finds_its_best() {
    let mut checked = 0;
    for (name, text, signs) in [
        ("tanto", TANTO, vec![Some(1.0), Some(-1.0)]),
        ("triga", TRIGA, vec![Some(1.0), None]),
        ("pair-ace", PAIR_ACE, vec![Some(1.0)]),
    ] {
        let exact = exact_values(&plan(text, true), &format!("{name}-exact"));
        // Utilities: max as is, min negated, a target of 12 by distance.
        let utils: Vec<Vec<f64>> = exact
            .iter()
            .map(|v| {
                v.iter()
                    .zip(&signs)
                    .map(|(x, s)| s.map_or(-(x - 12.0).abs(), |s| s * x))
                    .collect()
            })
            .collect();
        let front = exact_front(&utils);
        let (race, dir) = run(&plan(text, false), &format!("{name}-race"), 2);
        assert!(
            race.spent > 0 && race.spent <= 200_000,
            "{name}: {}",
            race.spent
        );
        for &f in &front {
            assert_eq!(
                race.contenders[f].dropped, None,
                "{name}: front candidate {f} dropped"
            );
            checked += 1;
        }
        // The race's best on the first goal is within 0.005 of the exact
        // best there (in the goal's own units, for these rates).
        let table = std::fs::read_to_string(dir.join("front.csv")).unwrap();
        let best: usize = table
            .lines()
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let top = utils.iter().map(|u| u[0]).fold(f64::MIN, f64::max);
        if signs[0].is_some() {
            assert!(
                top - utils[best][0] <= 0.005,
                "{name}: {best} is {} short",
                top - utils[best][0]
            );
        }
    }
    assert!(checked >= 3, "{checked}");
}

#[test]
fn the_tables_are_the_same_bytes_on_one_and_two_threads() {
    let plan = plan(TRIGA, false);
    let (_, one) = run(&plan, "one", 1);
    let (_, two) = run(&plan, "two", 2);
    for f in ["candidates.csv", "front.csv", "confirm.toml", "index.html"] {
        assert_eq!(
            std::fs::read(one.join(f)).unwrap(),
            std::fs::read(two.join(f)).unwrap(),
            "{f}"
        );
    }
}

/// Raises the halt flag once a round has played some games.
struct Killer(&'static AtomicBool, usize);

impl SearchWatch for Killer {
    fn round_started(&mut self, round: usize, _left: usize, _games: u64) {
        self.1 = round;
    }
    fn progress(&mut self, batch: &BatchProgress) {
        if self.1 == 1 && batch.done_games() > 0 {
            self.0.store(true, Ordering::SeqCst);
        }
    }
}

#[test]
fn a_killed_search_resumes_to_the_tables_of_one_search() {
    static HALT: AtomicBool = AtomicBool::new(false);
    let plan = plan(TANTO, false);
    let (whole, whole_dir) = run(&plan, "whole", 1);
    let dir = common_scratch::fresh("rule_search", "killed");
    let mut settings = SearchSettings::new(&dir);
    settings.halt = &HALT;
    let err = search(&plan, &settings, &mut Killer(&HALT, 0)).unwrap_err();
    assert!(
        matches!(&err, SearchError::Round { error, .. } if matches!(**error, RunError::Interrupted { .. })),
        "{err:?}"
    );
    HALT.store(false, Ordering::SeqCst);
    settings.resume = true;
    let resumed = search(&plan, &settings, &mut Quiet).unwrap();
    assert_eq!(resumed.spent, whole.spent);
    for f in ["candidates.csv", "front.csv"] {
        assert_eq!(
            std::fs::read(whole_dir.join(f)).unwrap(),
            std::fs::read(dir.join(f)).unwrap(),
            "{f}"
        );
    }
}

#[test]
fn a_plan_refuses_what_no_search_can_take_naming_the_key() {
    let refused = |text: &str, key: &str, phrase: &str| {
        let e = SearchPlan::parse(text, "s.toml").unwrap_err();
        match &e {
            PlanError::File {
                file,
                key: k,
                message,
            } => {
                assert_eq!(file, "s.toml");
                assert_eq!(k.as_deref(), Some(key).filter(|k| !k.is_empty()), "{e}");
                assert!(message.contains(phrase), "{e}");
            }
            other => panic!("{other:?}"),
        }
    };
    let base = "name = \"s\"\nseed = 1\ngame = \"tanto\"\nbudget = 100\n";
    let goals = "[goals]\nbalance = \"max\"\n";
    refused(
        &format!("{base}[space]\nbodies = [1, 2]\n{goals}"),
        "space.bodies",
        "is no option of tanto",
    );
    refused(
        &format!("{base}[space]\nplayers = [2, 3]\n[goals]\nbeauty = \"max\"\n"),
        "goals.beauty",
        "is no metric a search can aim at",
    );
    refused(
        &format!(
            "{base}skill = [\"random\"]\nseats = [\"random\", \"random\"]\n[space]\nplayers = [2]\n{goals}"
        ),
        "skill",
        "not both",
    );
    refused(
        &format!(
            "name = \"s\"\nseed = 1\ngame = \"tanto\"\nbudget = 100\noptions = {{ players = 2 }}\n[space]\nplayers = [2, 3]\n{goals}"
        ),
        "space.players",
        "held fixed",
    );
    refused(
        &format!("{base}[space]\nplayers = {{ min = 4, max = 2 }}\n{goals}"),
        "space.players",
        "lists no value",
    );
    refused(
        &format!("{base}[space]\nplayers = [2, 3]\n[goals]\nbalance = \"most\"\n"),
        "goals.balance",
        "takes \"max\", \"min\" or { target",
    );
    // A candidate that makes no game is named before anything is played.
    refused(
        &format!("{base}[space]\nplayers = [2, 9]\n{goals}"),
        "",
        "candidate players=9",
    );
    let stakes = "name = \"s\"\nseed = 1\ngame = \"hazard-stakes\"\nbudget = 100\n";
    let wide = "[space]\nplayers = { min = 2, max = 6 }\nfunds = { min = 1, max = 1000 }\nstake = { min = 1, max = 20 }\n";
    refused(
        &format!("{stakes}method = \"race\"\n{wide}{goals}"),
        "method",
        "a race takes at most 50000",
    );
    refused(
        &format!("{stakes}method = \"annealing\"\n{wide}{goals}"),
        "method",
        "takes \"race\" or \"ntbea\"",
    );
    // A space too large to list is checked value by value.
    refused(
        &format!(
            "{base}[space]\nplayers = {{ min = 1, max = 300 }}\nrounds = {{ min = 1, max = 1000 }}\n{goals}"
        ),
        "space.players",
        "1",
    );
    let huge: String = (0..5)
        .map(|k| format!("k{k} = {{ min = 1, max = 10000 }}\n"))
        .collect();
    let e = SearchPlan::parse(&format!("{base}[space]\n{huge}{goals}"), "s.toml").unwrap_err();
    assert!(e.to_string().contains("no option of tanto"), "{e}");
    // Beyond listing, NTBEA is taken without asking.
    let big = SearchPlan::parse(&format!("{stakes}{wide}{goals}"), "s.toml").unwrap();
    assert_eq!(big.method, Method::Ntbea);
    assert_eq!(big.candidate_count(), 5 * 1000 * 20);
}

/// Triga's players, groups and rounds: 45 candidates, more than NTBEA
/// races, every one solved by exact play.
const TRIGA_WIDE: &str = r#"
name = "triga-wide"
seed = 4
game = "triga"
budget = 150000
[space]
players = { min = 2, max = 6 }
group = ["low", "middle", "high"]
rounds = [1, 2, 3]
[goals]
completion = "max"
duration_turns = { target = 12 }
"#;

#[test]
fn ntbea_finds_a_setting_of_the_exact_front() {
    let exact = exact_values(&plan(TRIGA_WIDE, true), "wide-exact");
    let utils: Vec<Vec<f64>> = exact
        .iter()
        .map(|v| vec![v[0], -(v[1] - 12.0).abs()])
        .collect();
    let front = exact_front(&utils);
    let text = format!("method = \"ntbea\"\n{TRIGA_WIDE}");
    let (race, dir) = run(&plan(&text, false), "wide-ntbea", 2);
    let ntbea = race.ntbea.as_ref().expect("searched by NTBEA");
    assert!(ntbea.spent > 0 && ntbea.spent + race.spent <= 150_000);
    assert!(
        race.contenders.len() < exact.len(),
        "NTBEA raced a shortlist"
    );
    let table = std::fs::read_to_string(dir.join("front.csv")).unwrap();
    let best: usize = table
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    // The search's best is, by exact values, within 0.005 of a setting
    // of the exact front on every goal.
    assert!(
        front.iter().any(|&f| utils[f]
            .iter()
            .zip(&utils[best])
            .all(|(x, y)| x - y <= 0.005)),
        "{best}: {:?}, front {front:?}",
        utils[best]
    );
    let listed = std::fs::read_to_string(dir.join("ntbea.csv")).unwrap();
    assert_eq!(listed.lines().count() - 1, ntbea.points.len());
    assert_eq!(
        listed.lines().filter(|l| l.ends_with(",true")).count(),
        race.contenders.len()
    );
}

#[test]
fn an_ntbea_search_is_the_same_bytes_on_one_and_two_threads() {
    let text = format!(
        "method = \"ntbea\"\n{}",
        TRIGA_WIDE.replace("150000", "20000")
    );
    let plan = plan(&text, false);
    let (_, one) = run(&plan, "ntbea-one", 1);
    let (_, two) = run(&plan, "ntbea-two", 2);
    for f in ["ntbea.csv", "candidates.csv", "front.csv", "confirm.toml"] {
        assert_eq!(
            std::fs::read(one.join(f)).unwrap(),
            std::fs::read(two.join(f)).unwrap(),
            "{f}"
        );
    }
}

#[test]
fn the_shipped_searches_read() {
    let mut read = 0;
    for e in std::fs::read_dir("data/searches").unwrap() {
        let path = e.unwrap().path();
        let plan = SearchPlan::load(path.to_str().unwrap()).unwrap();
        assert!(plan.candidate_count() > 1, "{}", path.display());
        read += 1;
    }
    assert!(read >= 1);
}

#[test]
fn ntbea_passes_over_settings_whose_values_do_not_go_together() {
    let text = |space: &str| {
        format!(
            "name = \"stakes\"\nseed = 2\ngame = \"hazard-stakes\"\nbudget = 4000\nmethod = \"ntbea\"\n\
             [space]\n{space}[goals]\nduration_turns = \"min\"\n"
        )
    };
    let plan =
        SearchPlan::parse(&text("funds = [1, 2, 3]\nstake = [1, 2, 3]\n"), "s.toml").unwrap();
    let (race, _) = run(&plan, "stakes", 2);
    let ntbea = race.ntbea.unwrap();
    // funds 1 with stake 2 or 3, funds 2 with stake 3: drawn and passed over.
    assert!(
        ntbea.passed_over >= 1 && ntbea.passed_over <= 3,
        "{}",
        ntbea.passed_over
    );
    for p in &ntbea.points {
        let c = &p.contender.candidate;
        assert!(
            c[0] >= c[1],
            "funds {} below stake {} played",
            c[0] + 1,
            c[1] + 1
        );
    }
    // Every value is an option's, but no two go together.
    let plan = SearchPlan::parse(&text("funds = [1, 2]\nstake = [5, 6]\n"), "s.toml").unwrap();
    let dir = common_scratch::fresh("rule_search", "no-game");
    let e = search(&plan, &SearchSettings::new(&dir), &mut Quiet).unwrap_err();
    assert!(
        matches!(&e, SearchError::Plan(_)) && e.to_string().contains("none makes a game"),
        "{e}"
    );
}

/// Tanto's 24 settings in seat order, raced without exact values: the
/// cycle rule makes many exactly fair, so balance alone cannot part them.
const TANTO_FAIR: &str = r#"
name = "tanto-fair"
seed = 1
game = "tanto"
options = { order = "fixed" }
budget = 400000
exact = false
[space]
players = [2, 3, 4]
rounds = { min = 1, max = 7, step = 2 }
last_throw = ["cycle", "all"]
[goals]
balance = "max"
duration_turns = "min"
"#;

#[test]
fn a_tolerance_parts_candidates_that_no_interval_can() {
    let strict = SearchPlan::parse(TANTO_FAIR, "s.toml").unwrap();
    let (without, _) = run(&strict, "fair-strict", 2);
    let text = format!("{TANTO_FAIR}[tolerance]\nbalance = 0.03\nduration_turns = 1\n");
    let (with, dir) = run(&SearchPlan::parse(&text, "s.toml").unwrap(), "fair-tol", 2);
    assert!(
        with.survivors() < without.survivors(),
        "{} with a tolerance, {} without",
        with.survivors(),
        without.survivors()
    );
    // The exact answer (docs/search.md): two players, one round, the cycle
    // rule, first of the front.
    let front = std::fs::read_to_string(dir.join("front.csv")).unwrap();
    assert!(
        front.lines().nth(1).unwrap().starts_with("0,2,1,cycle,"),
        "{front}"
    );
    // Tolerances wider than any interval: the survivors are told apart
    // after one round, and the budget is not spent.
    let text = format!("{TANTO_FAIR}[tolerance]\nbalance = 1\nduration_turns = 1000\n");
    let (loose, _) = run(
        &SearchPlan::parse(&text, "s.toml").unwrap(),
        "fair-loose",
        2,
    );
    assert_eq!(loose.rounds, 1);
    assert!(loose.spent < 400_000 / 8, "{}", loose.spent);
    let e =
        SearchPlan::parse(&format!("{TANTO_FAIR}[tolerance]\nbeauty = 1\n"), "s.toml").unwrap_err();
    assert!(
        matches!(&e, PlanError::File { key: Some(k), .. } if k == "tolerance.beauty"),
        "{e}"
    );
}

/// Plays each round as three shards, in this process, summed into the
/// round's checkpoint: what the CLI's Slurm job arrays do, without Slurm.
#[derive(Debug)]
struct Shards;

impl ludus::search::round_player::RoundPlayer for Shards {
    fn play(
        &self,
        exp: &ludus::plan::experiment::Experiment,
        folder: &std::path::Path,
        _resume: bool,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        use ludus::store::cell_record::CellRecord;
        use ludus::store::partial::{self, Partial};
        let mut partials = Vec::new();
        for k in 1..=3 {
            let dir = folder.join(format!("shards/{k}"));
            let mut settings = ludus::run::RunSettings::new(&dir);
            settings.shard = Some(ludus::runner::shard::Shard::parse(&format!("{k}/3"))?);
            settings.prior = ludus::store::resume::Prior::Replace;
            ludus::run::run(exp, &settings, &mut ludus::run::Silent)?;
            let file = dir.join(partial::FILE);
            partials.push((file.display().to_string(), Partial::read(&file)?));
        }
        let merged = ludus::store::merge::merge(&partials, env!("CARGO_PKG_VERSION"), false)?;
        let records = exp
            .cells
            .iter()
            .zip(&merged.states)
            .map(|(plan, s)| CellRecord::new(plan.cell.index, plan.game.name(), s))
            .collect();
        let sum = Partial::new(merged.manifest, records);
        std::fs::write(folder.join(partial::FILE), sum.to_json())?;
        Ok(())
    }
}

/// Refuses every round.
#[derive(Debug)]
struct Refuses;

impl ludus::search::round_player::RoundPlayer for Refuses {
    fn play(
        &self,
        _exp: &ludus::plan::experiment::Experiment,
        _folder: &std::path::Path,
        _resume: bool,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        Err("no cluster today".into())
    }
}

#[test]
fn rounds_played_by_a_round_player_give_the_tables_of_a_local_search() {
    let plan = plan(TRIGA, false);
    let (local, local_dir) = run(&plan, "played-here", 1);
    let dir = common_scratch::fresh("rule_search", "played-as-shards");
    let mut settings = SearchSettings::new(&dir);
    settings.player = Some(std::sync::Arc::new(Shards));
    let sharded = search(&plan, &settings, &mut Quiet).unwrap();
    assert_eq!(sharded.spent, local.spent);
    assert!(dir.join("rounds/round-0/shards/3/partial.json").is_file());
    for f in ["candidates.csv", "front.csv", "confirm.toml"] {
        assert_eq!(
            std::fs::read(local_dir.join(f)).unwrap(),
            std::fs::read(dir.join(f)).unwrap(),
            "{f}"
        );
    }
    settings.player = Some(std::sync::Arc::new(Refuses));
    let err = search(&plan, &settings, &mut Quiet).unwrap_err();
    assert!(
        matches!(&err, SearchError::Elsewhere { stage, error } if stage == "round 0" && error.to_string() == "no cluster today"),
        "{err:?}"
    );
}
