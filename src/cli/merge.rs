//! `ludus merge PARTIAL_DIRS... --out DIR`: sums the partials of a run's
//! shards and writes the report one `ludus run` of the experiment writes.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use ludus::core::plural::plural;
use ludus::plan::experiment::Experiment;
use ludus::reports::cell_result::{CellRef, CellResult};
use ludus::reports::manifest::{Manifest, MergeRecord};
use ludus::reports::report::ReportWriter;
use ludus::reports::table::summary_table;
use ludus::runner::metrics_level::MetricsLevel;
use ludus::runner::on_bot_error::OnBotError;
use ludus::store::atomic::write_atomic;
use ludus::store::cell_record::CellRecord;
use ludus::store::cell_timing::CellTiming;
use ludus::store::merge::merge as sum_partials;
use ludus::store::partial::{self, Partial};
use ludus::store::partial_manifest::PartialManifest;

use crate::cli::Failure;
use ludus::reports::write_error::WriteError;
use ludus::store::folder::{
    check_folder, check_out_is_no_input, check_tournament_folder, check_writable,
};

/// Arguments of `ludus merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The folders the shards wrote (each holding a partial.json), or
    /// partial.json files.
    #[arg(required = true, value_name = "PARTIAL_DIRS")]
    partials: Vec<PathBuf>,
    /// The report folder to write.
    #[arg(long)]
    out: PathBuf,
    /// Write the report even if games are missing (a shard not done): the
    /// cells hold the games there are, and manifest.json lists the rest.
    #[arg(long)]
    allow_partial: bool,
    /// Write into a report folder that holds another experiment's report.
    #[arg(long)]
    force: bool,
    /// No table.
    #[arg(long, short)]
    quiet: bool,
}

/// The partial.json a command-line argument names: a folder's, or the file.
fn partial_file(arg: &Path) -> PathBuf {
    if arg.is_dir() {
        arg.join(partial::FILE)
    } else {
        arg.to_path_buf()
    }
}

/// Reads, checks and sums the partials, then writes the report.
pub fn merge(args: MergeArgs) -> Result<(), Failure> {
    let started = Instant::now();
    let files: Vec<PathBuf> = args.partials.iter().map(|a| partial_file(a)).collect();
    check_out_is_no_input(&args.out, &files)?;
    let mut partials = Vec::new();
    for file in files {
        let name = file.display().to_string();
        let p = Partial::read(&file)?;
        partials.push((name, p));
    }
    let merged = sum_partials(&partials, env!("CARGO_PKG_VERSION"), args.allow_partial)?;
    let m = &merged.manifest;
    if m.kind == partial::TOURNAMENT {
        return merge_tournament(&args, &partials, &merged, started);
    }
    let first = &partials[0].0;
    let bad = |what: String| Failure::Input(format!("{first}: {what}"));
    let mut exp = Experiment::parse_played(&m.experiment_text, &m.source)
        .map_err(|e| bad(format!("its experiment does not read: {e}")))?;
    if exp.source_sha256 != m.experiment_sha256 || exp.cells.len() != m.cell_games.len() {
        return Err(bad(
            "its experiment's text does not match its hash or its cells".into(),
        ));
    }
    exp.set_seed(m.seed);
    exp.games = m.games_per_cell;
    exp.max_plies = m.max_plies;
    exp.set_on_bot_error(OnBotError::parse(&m.on_bot_error).map_err(|e| bad(e.to_string()))?);
    exp.set_metrics(MetricsLevel::parse(&m.metrics).map_err(|e| bad(e.to_string()))?);
    for (plan, &games) in exp.cells.iter_mut().zip(&m.cell_games) {
        plan.cell.games = games;
        plan.cell.max_plies = m.max_plies;
    }
    check_folder(&args.out, &exp, args.force)?;
    check_writable(&args.out)?;
    // A cell some games of which are missing holds the games there are.
    let results: Vec<CellResult> = exp
        .cells
        .iter()
        .zip(&merged.states)
        .filter(|(_, s)| s.tally.games > 0)
        .map(|(plan, s)| {
            let mut plan = plan.clone();
            plan.cell.games = s.tally.games;
            CellResult {
                plan,
                tally: s.tally.clone(),
                timing: CellTiming {
                    wall_seconds: s.wall_seconds,
                    thread_seconds: s.thread_seconds,
                },
            }
        })
        .collect();
    let games_missing = m.games_planned - m.games_played;
    let error = (games_missing > 0).then(|| {
        format!(
            "merged with --allow-partial: {} of {} missing (see `merged.missing`)",
            plural(games_missing as usize, "game"),
            m.games_planned
        )
    });
    let secs: f64 = results.iter().map(|r| r.timing.wall_seconds).sum();
    let mut report = Manifest::of_results(&exp, 0, secs, &results, false, error);
    report.complete = m.complete && results.len() == exp.cells.len();
    report.merged = Some(merge_record(&partials, m));
    let dir = &args.out;
    let cells: Vec<CellRef> = results.iter().map(CellResult::as_ref).collect();
    let io = |e| WriteError::report(dir, e);
    ReportWriter::new()
        .write(dir, &cells, &report)
        .map_err(io)?;
    ludus::reports::charts::write_charts(dir, &exp, &results).map_err(io)?;
    let records = exp
        .cells
        .iter()
        .zip(&merged.states)
        .map(|(plan, s)| CellRecord::new(plan.cell.index, plan.game.name(), s))
        .collect();
    let sum = Partial::new(m.clone(), records);
    write_atomic(&dir.join(partial::FILE), &sum.to_json()).map_err(io)?;
    if !args.quiet {
        print!("{}", summary_table(&results));
        println!(
            "{} games from {} merged in {:.2} s; report in {}",
            m.games_played,
            plural(partials.len(), "partial"),
            started.elapsed().as_secs_f64(),
            dir.display()
        );
    }
    warn_missing(m, "manifest.json");
    Ok(())
}

/// Writes the standings of a tournament's merged partials.
fn merge_tournament(
    args: &MergeArgs,
    partials: &[(String, Partial)],
    merged: &ludus::store::merge::Merged,
    started: Instant,
) -> Result<(), Failure> {
    use ludus::plan::tournament::Tournament;
    use ludus::runner::tournament::PairingResult;
    let m = &merged.manifest;
    let first = &partials[0].0;
    let bad = |what: String| Failure::Input(format!("{first}: {what}"));
    let mut t = Tournament::parse_played(&m.experiment_text, &m.source)
        .map_err(|e| bad(format!("its tournament does not read: {e}")))?;
    t.seed = m.seed;
    t.games_per_seating = m.games_per_cell;
    t.max_plies = m.max_plies;
    t.on_bot_error = OnBotError::parse(&m.on_bot_error).map_err(|e| bad(e.to_string()))?;
    let pairings = t.pairings();
    if t.hash != m.experiment_sha256 || m.cell_games.len() != 2 * pairings.len() {
        return Err(bad(
            "its tournament's text does not match its hash or its seatings".into(),
        ));
    }
    let results: Vec<PairingResult> = pairings
        .iter()
        .enumerate()
        .map(|(k, &(i, j))| PairingResult {
            i,
            j,
            i_first: merged.states[2 * k].tally.clone(),
            j_first: merged.states[2 * k + 1].tally.clone(),
        })
        .collect();
    let dir = &args.out;
    let identity = crate::cli::tournament::identity(&t, &m.source);
    check_tournament_folder(dir, &identity, args.force)?;
    check_writable(dir)?;
    let record =
        serde_json::to_value(merge_record(partials, m)).expect("a merge record serializes");
    crate::cli::tournament::write_report(
        dir,
        &t,
        &results,
        None,
        &crate::cli::tournament::Made {
            source: &m.source,
            threads: 0,
            seconds: started.elapsed().as_secs_f64(),
            complete: m.complete,
            merged: Some(record),
        },
        args.quiet,
    )?;
    crate::cli::tournament::write_partial(&dir.join(partial::FILE), &t, m.clone(), &merged.states)?;
    warn_missing(m, "tournament.json");
    Ok(())
}

/// What a merged report records of its making: the partials, their
/// shards, the games none of them held.
fn merge_record(partials: &[(String, Partial)], m: &PartialManifest) -> MergeRecord {
    MergeRecord {
        partials: partials.iter().map(|(f, _)| f.clone()).collect(),
        shards: partials
            .iter()
            .filter_map(|(_, p)| p.manifest.shard.map(|s| format!("{}/{}", s.index, s.count)))
            .collect(),
        games_missing: m.games_planned - m.games_played,
        missing: m.missing.clone(),
    }
}

/// Warns of the games no partial held, which the file `listed_in` lists.
fn warn_missing(m: &PartialManifest, listed_in: &str) {
    let missing = m.games_planned - m.games_played;
    if missing > 0 {
        eprintln!(
            "warning: {} of {} missing; {listed_in} lists them",
            plural(missing as usize, "game"),
            m.games_planned
        );
    }
}
