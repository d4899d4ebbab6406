//! `ludus search FILE`: races the candidates of a search file and writes
//! which rule settings are best (docs/search.md).

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use ludus::core::plural::plural;
use ludus::plan::search_plan::SearchPlan;
use ludus::run::RunError;
use ludus::runner::cell_progress::BatchProgress;
use ludus::search::{SearchError, SearchSettings, SearchWatch, search};

use crate::cli::Failure;
use crate::cli::batch_args::MAX_THREADS;
use crate::cli::progress::human;
use crate::cli::slurm_search::{SearchSlurmArgs, Submission, submit};

/// Arguments of `ludus search`.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// The search file (TOML).
    file: String,
    /// The search's folder (default: reports/<the search's name>).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Finish a killed search: every round plays only what its checkpoint lacks.
    #[arg(long, conflicts_with = "force")]
    resume: bool,
    /// Write into a folder that holds another search's tables.
    #[arg(long)]
    force: bool,
    /// No progress.
    #[arg(long, short)]
    quiet: bool,
    /// On a Slurm cluster.
    #[command(flatten)]
    slurm: SearchSlurmArgs,
}

/// Says each round as it starts and ends, on stderr.
struct Rounds {
    quiet: bool,
}

impl SearchWatch for Rounds {
    fn round_started(&mut self, round: usize, left: usize, games: u64) {
        if !self.quiet {
            eprintln!(
                "round {round}: {} left, {} a level each",
                plural(left, "candidate"),
                plural(games as usize, "game")
            );
        }
    }

    fn progress(&mut self, _batch: &BatchProgress) {}

    fn round_finished(&mut self, round: usize, left: usize, spent: u64, budget: u64) {
        if !self.quiet {
            eprintln!(
                "round {round} done: {} left; {} of {} games spent",
                plural(left, "candidate"),
                human(spent as f64),
                human(budget as f64)
            );
        }
    }
}

/// `f`, its message prefixed with the stage that failed.
fn staged(stage: &str, f: Failure) -> Failure {
    match f {
        Failure::Input(m) => Failure::Input(format!("{stage}: {m}")),
        Failure::Bot(m) => Failure::Bot(format!("{stage}: {m}")),
        Failure::Io(m) => Failure::Io(format!("{stage}: {m}")),
        Failure::Interrupted(m) => Failure::Interrupted(m),
    }
}

/// Runs the search (or submits it to Slurm) and says where its tables are.
pub fn search_command(args: SearchArgs) -> Result<(), Failure> {
    let plan = SearchPlan::load(&args.file)?;
    let threads = match args.threads {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => {
            return Err(Failure::Input(format!(
                "--threads must be 1-{MAX_THREADS}, not {t}"
            )));
        }
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let dir = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join(&plan.name));
    if args.slurm.submit() {
        // Refused here rather than by the search job.
        if !args.resume {
            ludus::search::search_tables::check_folder(&plan, &dir, args.force)
                .map_err(|e| Failure::Input(e.to_string()))?;
        }
        let flags = [("--resume", args.resume), ("--force", args.force)];
        return submit(
            &args.slurm,
            Submission {
                file: &args.file,
                plan: &plan,
                dir: &dir,
                flags: flags.iter().filter(|f| f.1).map(|f| f.0).collect(),
            },
        );
    }
    let mut settings = SearchSettings::new(&dir);
    settings.threads = threads;
    settings.resume = args.resume;
    settings.force = args.force;
    settings.halt = &crate::cli::run::INTERRUPTED;
    if let Some(player) = args.slurm.round_player()? {
        settings.player = Some(Arc::new(player));
    }
    crate::cli::run::catch_interrupt();
    let interrupted = || {
        Failure::Interrupted(format!(
            "interrupted: the rounds played are in {}; --resume finishes the search",
            dir.display()
        ))
    };
    let race =
        search(&plan, &settings, &mut Rounds { quiet: args.quiet }).map_err(|e| match e {
            SearchError::Round { error, .. } if matches!(*error, RunError::Interrupted { .. }) => {
                interrupted()
            }
            SearchError::Elsewhere { stage, error } => match error.downcast::<Failure>() {
                Ok(f) if matches!(*f, Failure::Interrupted(_)) => interrupted(),
                Ok(f) => staged(&stage, *f),
                Err(other) => Failure::Io(format!("{stage}: {other}")),
            },
            SearchError::Round { stage, error } => staged(&stage, (*error).into()),
            SearchError::Plan(p) => p.into(),
            SearchError::OtherSearch { .. } => Failure::Input(e.to_string()),
            SearchError::Write(w) => w.into(),
        })?;
    if !args.quiet {
        println!(
            "{} of {} candidates left after {} ({} games); front and every candidate in {}",
            race.survivors(),
            race.contenders.len(),
            plural(race.rounds, "round"),
            race.spent,
            dir.display()
        );
    }
    Ok(())
}
