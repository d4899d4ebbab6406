//! A run driven from the library (`ludus::run::run`), as a search's rounds
//! and an in-process caller drive it: the folder it writes is the one
//! `ludus run` writes, it resumes after an interruption and its shards
//! merge, all in-process; bad settings are refused by variant.

#[path = "common/csvs.rs"]
mod common_csvs;
#[path = "common/scratch.rs"]
mod common_scratch;

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

use common_csvs::same_csvs;
use ludus::plan::experiment::Experiment;
use ludus::run::{RunError, RunOutcome, RunSettings, RunWatch, Silent, run};
use ludus::runner::cell_progress::BatchProgress;
use ludus::runner::shard::Shard;
use ludus::store::merge::merge;
use ludus::store::partial::{self, Partial};
use ludus::store::resume::Prior;

const EXPERIMENT: &str = r#"
name = "library"
seed = 11
games = 600
[[cells]]
game = "three-men"
games = 30000
[[cells]]
game = "hazard"
sweep = { players = [2, 3] }
[[cells]]
game = "rithmomachy"
games = 2500
"#;

fn experiment(dir: &Path) -> (Experiment, String) {
    let path = dir.join("library.toml");
    std::fs::write(&path, EXPERIMENT).unwrap();
    let path = path.to_str().unwrap().to_string();
    (Experiment::load(&path).unwrap(), path)
}

/// Every cell's games, as the outcome holds them.
fn games_of(outcome: &RunOutcome) -> Vec<u64> {
    outcome.cells.results().map(|r| r.tally.games).collect()
}

#[test]
fn a_run_from_the_library_writes_what_the_command_line_writes() {
    let dir = common_scratch::fresh("run_library", "same");
    let (exp, path) = experiment(&dir);
    let mut settings = RunSettings::new(dir.join("library"));
    settings.threads = 2;
    let outcome = run(&exp, &settings, &mut Silent).unwrap();
    assert_eq!(games_of(&outcome), [30000, 600, 600, 2500]);
    assert_eq!(outcome.played, 33700);
    assert_eq!(outcome.cells.count(), 4);
    let cli = dir.join("cli");
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["run", &path, "-q", "--threads", "1", "--out"])
        .arg(&cli)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    same_csvs(&dir.join("library"), &cli);
}

/// Raises its halt flag once some games are played, as Ctrl-C would.
struct Interrupter(&'static AtomicBool);

impl RunWatch for Interrupter {
    fn progress(&mut self, batch: &BatchProgress) {
        if batch.done_games() > 0 {
            self.0.store(true, Ordering::SeqCst);
        }
    }
}

/// Notes what a resumed run says it held.
#[derive(Default)]
struct Resumed(Option<(u64, u64, u64)>);

impl RunWatch for Resumed {
    fn resumed(&mut self, resumed: u64, planned: u64, left: u64) {
        self.0 = Some((resumed, planned, left));
    }
}

#[test]
fn an_interrupted_run_resumes_in_process_to_the_report_of_one_run() {
    static HALT: AtomicBool = AtomicBool::new(false);
    let dir = common_scratch::fresh("run_library", "resume");
    let (exp, _) = experiment(&dir);
    let whole = dir.join("whole");
    run(&exp, &RunSettings::new(&whole), &mut Silent).unwrap();

    let stopped = dir.join("stopped");
    let mut settings = RunSettings::new(&stopped);
    settings.halt = &HALT;
    let err = run(&exp, &settings, &mut Interrupter(&HALT)).unwrap_err();
    assert!(matches!(err, RunError::Interrupted { .. }), "{err:?}");
    assert!(err.to_string().contains("--resume finishes it"), "{err}");
    assert!(stopped.join(partial::FILE).exists());

    // Without leave to resume, the unfinished checkpoint is refused.
    HALT.store(false, Ordering::SeqCst);
    let err = run(&exp, &settings, &mut Silent).unwrap_err();
    assert!(matches!(err, RunError::Checkpoint(_)), "{err:?}");

    settings.prior = Prior::Resume;
    let mut told = Resumed::default();
    let outcome = run(&exp, &settings, &mut told).unwrap();
    let (resumed, planned, left) = told.0.expect("the resumed run says what it held");
    assert_eq!(planned, 33700);
    assert!(
        resumed > 0 && left > 0 && resumed + left == planned,
        "{:?}",
        told.0
    );
    assert_eq!(outcome.played, left);
    same_csvs(&whole, &stopped);
}

#[test]
fn shards_played_in_process_merge_into_the_whole_run() {
    let dir = common_scratch::fresh("run_library", "shards");
    let (exp, _) = experiment(&dir);
    let whole = run(&exp, &RunSettings::new(dir.join("whole")), &mut Silent).unwrap();
    let mut partials = Vec::new();
    for k in 1..=3 {
        let mut settings = RunSettings::new(dir.join(format!("shard-{k}")));
        settings.shard = Some(Shard { index: k, count: 3 });
        let outcome = run(&exp, &settings, &mut Silent).unwrap();
        assert_eq!(outcome.shard, settings.shard);
        let file = settings.dir.join(partial::FILE);
        partials.push((file.display().to_string(), Partial::read(&file).unwrap()));
    }
    let merged = merge(&partials, env!("CARGO_PKG_VERSION"), false).unwrap();
    assert!(merged.manifest.complete);
    for (result, state) in whole.cells.results().zip(&merged.states) {
        assert_eq!(result.tally.games, state.tally.games);
        assert_eq!(result.tally.wins, state.tally.wins, "{}", result.plan.game);
    }
}

#[test]
fn settings_no_run_can_take_are_refused_by_variant() {
    let dir = common_scratch::fresh("run_library", "refused");
    let (mut exp, _) = experiment(&dir);
    let mut settings = RunSettings::new(dir.join("out"));
    settings.threads = 0;
    let err = run(&exp, &settings, &mut Silent).unwrap_err();
    assert!(
        matches!(err, RunError::Threads { threads: 0, .. }),
        "{err:?}"
    );

    settings.threads = 1;
    settings.max_forfeits = 5.0;
    let err = run(&exp, &settings, &mut Silent).unwrap_err();
    assert!(matches!(err, RunError::MaxForfeits(_)), "{err:?}");
    assert!(err.to_string().contains("0 to 1"), "{err}");

    settings.max_forfeits = 0.05;
    settings.shard = Some(Shard { index: 1, count: 2 });
    exp.set_record(3);
    let err = run(&exp, &settings, &mut Silent).unwrap_err();
    assert!(
        matches!(err, RunError::ShardRecords { record: 3, .. }),
        "{err:?}"
    );
    assert!(
        !settings.dir.exists(),
        "nothing is written for a refused run"
    );
}

#[test]
fn a_setting_whose_games_end_at_the_cap_is_never_marked_most_balanced() {
    // Three men's morris stopped at 4 plies: no game can end by the rules
    // (a mill needs five), so every game times out and balance over all
    // games is 1, because nobody wins; over decided games it has none.
    let text = r#"
name = "capped"
seed = 2
games = 2000
[[cells]]
game = "three-men"
options = { first = "seat1" }
[[cells]]
game = "three-men"
options = { first = "seat1", cap = 4 }
"#;
    let dir = common_scratch::fresh("run_library", "capped");
    let exp = Experiment::parse(text, "capped.toml").unwrap();
    let outcome = run(&exp, &RunSettings::new(dir.join("out")), &mut Silent).unwrap();
    let results: Vec<_> = outcome.cells.results().collect();
    let metrics = |c: usize, names: &[&str]| {
        ludus::reports::metrics::estimates(&results[c].plan, &results[c].tally, names)
    };
    let capped = metrics(1, &["balance", "timeouts", "balance_decided"]);
    assert_eq!(capped[0].map(|e| e.value), Some(1.0));
    assert_eq!(capped[1].map(|e| e.value), Some(1.0));
    assert_eq!(capped[2], None, "no game was decided");
    let played = metrics(0, &["balance", "balance_decided", "completion"]);
    let (all, decided, completion) = (
        played[0].unwrap().value,
        played[1].unwrap().value,
        played[2].unwrap().value,
    );
    assert!(all < 1.0 && decided < 1.0, "{all} {decided}");
    // The gap over decided games is the gap over all, over the share decided.
    assert!(((1.0 - decided) * completion - (1.0 - all)).abs() < 1e-5);
    let (header, rows) = ludus::reports::charts::designer_table::table(&results);
    let marked = header.iter().position(|h| h == "marked").unwrap();
    assert_eq!(rows[1][marked], "", "{rows:?}");
    assert!(rows[0][marked].contains("most balanced"), "{rows:?}");
}

/// Cells played to a precision (`games = { until_se, max }`): which games
/// they play is decided at block boundaries from those games alone. The
/// slow cell (Rithmomachy, some 10,000 games, above a second) is where an
/// interruption falls: progress is told every 200 ms, and a run shorter
/// than that finishes before it is told to stop.
const PRECISE: &str = r#"
name = "precise"
seed = 3
games = { until_se = 0.008, max = 30000 }
[[cells]]
game = "hazard"
[[cells]]
game = "three-men"
games = { until_se = 0.009, max = 30000 }
[[cells]]
game = "rithmomachy"
games = { until_se = 0.005, max = 20000 }
[[cells]]
game = "hazard"
options = { players = 3 }
"#;

#[test]
fn a_run_to_a_precision_interrupted_resumes_to_the_games_of_one_run() {
    static HALT: AtomicBool = AtomicBool::new(false);
    let dir = common_scratch::fresh("run_library", "precise");
    let path = dir.join("precise.toml");
    std::fs::write(&path, PRECISE).unwrap();
    let exp = Experiment::load(path.to_str().unwrap()).unwrap();
    let whole = dir.join("whole");
    let mut settings = RunSettings::new(&whole);
    settings.threads = 2;
    let games = games_of(&run(&exp, &settings, &mut Silent).unwrap());
    assert!(
        games.iter().all(|g| g.is_multiple_of(1000)) && games.iter().all(|&g| g < 30000),
        "{games:?}"
    );

    let stopped = dir.join("stopped");
    let mut settings = RunSettings::new(&stopped);
    settings.halt = &HALT;
    let err = run(&exp, &settings, &mut Interrupter(&HALT)).unwrap_err();
    assert!(matches!(err, RunError::Interrupted { .. }), "{err:?}");
    HALT.store(false, Ordering::SeqCst);
    settings.prior = Prior::Resume;
    settings.threads = 2;
    let outcome = run(&exp, &settings, &mut Silent).unwrap();
    assert_eq!(games_of(&outcome), games);
    same_csvs(&whole, &stopped);
    // Resumed again, the finished run plays nothing more.
    let again = run(&exp, &settings, &mut Silent).unwrap();
    assert_eq!((again.played, games_of(&again)), (0, games));
    same_csvs(&whole, &stopped);
}
