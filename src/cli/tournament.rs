//! `ludus tournament FILE.toml`: every pair of policies plays, ratings
//! are fitted, and the tables and a chart are written.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;
use serde_json::json;

use crate::cli::Failure;
use crate::cli::run::{MAX_THREADS, check_writable};
use ludus::core::input::read_text;
use ludus::reports::atomic::write_atomic;
use ludus::reports::charts;
use ludus::reports::report::csv_bytes;
use ludus::reports::standings::{
    PAIRINGS, STANDINGS, anchor, pairing_rows, standings, standings_rows,
};
use ludus::runner::batch::{Ended, Unobserved};
use ludus::runner::sprt::{Sprt, Verdict};
use ludus::runner::tournament::{self, Tournament};

/// The largest tournament file read.
const MAX_FILE: u64 = 1 << 20;

/// `ludus tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The tournament file (TOML), or an experiment file with a `[tournament]` table.
    file: String,
    /// Games per pairing, replacing the file's `games` (half with each seating).
    #[arg(long)]
    games: Option<u64>,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// The seed, replacing the file's.
    #[arg(long)]
    seed: Option<u64>,
    /// The report folder (default: reports/<tournament name>).
    #[arg(long)]
    out: Option<PathBuf>,
    /// A match of two policies stops as soon as a sequential probability
    /// ratio test accepts H0 (Elo difference elo0) or H1 (elo1), with
    /// error rates alpha and beta (default 0.05 each), looking after every
    /// 100 games of each seating.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]")]
    sprt: Option<String>,
    /// No table.
    #[arg(long, short)]
    quiet: bool,
}

/// Plays the tournament and writes its report.
pub fn tournament(args: TournamentArgs) -> Result<(), Failure> {
    let text = read_text(&args.file, MAX_FILE)
        .map_err(|e| Failure::Input(format!("{}: {e}", args.file)))?;
    let mut t = Tournament::parse(&text, &args.file).map_err(Failure::Input)?;
    if let Some(g) = args.games {
        if g == 0 || g > 1_000_000_000_000 {
            return Err(Failure::Input(format!(
                "--games must be 1 to 10^12, not {g}"
            )));
        }
        t.games_per_seating = g.div_ceil(2);
    }
    if let Some(s) = args.seed {
        t.seed = s;
    }
    let sprt = match &args.sprt {
        Some(s) => Some(Sprt::parse(s).map_err(Failure::Input)?),
        None => None,
    };
    if sprt.is_some() && t.policies.len() != 2 {
        return Err(Failure::Input(format!(
            "--sprt stops a match of two policies; {} lists {}",
            args.file,
            t.policies.len()
        )));
    }
    let threads = match args.threads {
        Some(n) if !(1..=MAX_THREADS).contains(&n) => {
            return Err(Failure::Input(format!(
                "--threads must be 1-{MAX_THREADS}, not {n}"
            )));
        }
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let dir = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join(&t.name));
    check_writable(&dir)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::Io(format!("cannot start {threads} threads: {e}")))?;
    let started = std::time::Instant::now();
    let outcome = tournament::play(
        &t,
        sprt,
        &pool,
        threads,
        &AtomicBool::new(false),
        &mut Unobserved,
    )
    .map_err(Failure::Input)?;
    let table = standings(&t, &outcome.pairings);
    let io = |e: std::io::Error| {
        Failure::Io(format!("cannot write the report to {}: {e}", dir.display()))
    };
    write_atomic(
        &dir.join("standings.csv"),
        &csv_bytes(STANDINGS, standings_rows(&t, &table)).map_err(io)?,
    )
    .map_err(io)?;
    write_atomic(
        &dir.join("pairings.csv"),
        &csv_bytes(PAIRINGS, pairing_rows(&t, &outcome.pairings)).map_err(io)?,
    )
    .map_err(io)?;
    let names: Vec<String> = t.policies.iter().map(|p| p.to_string()).collect();
    let title = format!("{}: {} ({})", t.name, t.game, t.options);
    let svg = charts::standings::svg(&title, &names, &table).map_err(io)?;
    write_atomic(&dir.join("standings.svg"), svg.as_bytes()).map_err(io)?;
    let games: u64 = outcome.pairings.iter().map(|r| r.games()).sum();
    let sprt_json = outcome.sprt.map(|(s, v, llr)| {
        let (low, high) = s.bounds();
        json!({"elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
               "llr": llr, "lower_bound": low, "upper_bound": high, "verdict": v.name(),
               "games": games})
    });
    let manifest = json!({
        "tournament": t.name,
        "source": args.file,
        "file_sha256": t.hash,
        "ludus_version": env!("CARGO_PKG_VERSION"),
        "game": t.game,
        "options": t.options.to_string(),
        "policies": names,
        "anchor": names[anchor(&t)],
        "seed": t.seed,
        "games_per_pairing": 2 * t.games_per_seating,
        "games_played": games,
        "threads": threads,
        "seconds": started.elapsed().as_secs_f64(),
        "complete": matches!(outcome.ended, Ended::Complete),
        "sprt": sprt_json,
    });
    let bytes = serde_json::to_vec_pretty(&manifest).map_err(|e| io(std::io::Error::other(e)))?;
    write_atomic(&dir.join("tournament.json"), &bytes).map_err(io)?;
    if !args.quiet {
        println!(
            "{title}: {games} games; Elo anchored on {}",
            names[anchor(&t)]
        );
        println!(
            "{:>4}  {:<40} {:>8} {:>9} {:>8}  95% interval",
            "rank", "policy", "games", "score", "elo"
        );
        for (rank, s) in table.iter().enumerate() {
            let score = (s.wins as f64 + s.draws as f64 / 2.0) / s.games.max(1) as f64;
            println!(
                "{:>4}  {:<40} {:>8} {:>8.1}% {:>8.1}  [{:.1}, {:.1}]",
                rank + 1,
                names[s.policy],
                s.games,
                100.0 * score,
                s.rating.elo,
                s.rating.low,
                s.rating.high
            );
        }
        if let Some((s, v, llr)) = outcome.sprt {
            let (low, high) = s.bounds();
            let what = match v {
                Verdict::H1 => format!(
                    "H1 accepted: {} leads by nearer {} Elo than {}",
                    names[0], s.elo1, s.elo0
                ),
                Verdict::H0 => format!(
                    "H0 accepted: {} leads by nearer {} Elo than {}",
                    names[0], s.elo0, s.elo1
                ),
                Verdict::Continue => "no hypothesis accepted within the games allowed".into(),
            };
            println!(
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.3} in ({low:.3}, {high:.3}) after {games} games: {what}",
                s.elo0, s.elo1, s.alpha, s.beta
            );
        }
        println!("report: {}", dir.display());
    }
    match outcome.ended {
        Ended::Complete => Ok(()),
        Ended::Failed(f) => Err(Failure::Bot(format!(
            "pairing {} game {} (seed {}): seat {} failed at ply {}: {} (the report holds the games played before)",
            f.cell,
            f.game_index,
            f.game_seed,
            f.seat + 1,
            f.ply,
            f.message
        ))),
        Ended::Interrupted => Err(Failure::Interrupted("stopped".into())),
        Ended::Observer(e) => Err(Failure::Io(e)),
    }
}
