//! `ludus tournament FILE.toml`: every pair of policies plays (or, in a
//! gauntlet, one policy against each other), ratings are fitted, and the
//! tables, a chart and a page are written.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use ludus::runner::cell_job::CellJob;

use clap::Args;
use serde_json::json;

use crate::cli::Failure;
use crate::cli::batch_args::{BatchArgs, pool, shard_cannot_record};
use ludus::core::input::read_text;
use ludus::plan::tournament::{RankBy, Tournament};
use ludus::reports::charts;
use ludus::reports::charts::tournament_page::Played;
use ludus::reports::records;
use ludus::reports::replay_command::records_said;
use ludus::reports::report::csv_bytes;
use ludus::reports::standings::{
    PAIRINGS, STANDINGS, anchor, pairing_rows, standings, standings_rows,
};
use ludus::reports::tournament_records;
use ludus::reports::write_error::WriteError;
use ludus::runner::batch::{Ended, Unobserved};
use ludus::runner::checkpoint::CellState;
use ludus::runner::game_ranges::GameRanges;
use ludus::runner::on_bot_error::OnBotError;
use ludus::runner::sprt::{Sprt, Verdict};
use ludus::runner::tournament::{self, PairingResult};
use ludus::store::atomic::write_atomic;
use ludus::store::cell_record::CellRecord;
use ludus::store::folder::{check_tournament_folder, check_writable};
use ludus::store::identity::{self, script_hashes};
use ludus::store::partial::{self, Partial};
use ludus::store::partial_manifest::PartialManifest;

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
    #[command(flatten)]
    batch: BatchArgs,
    /// A match of two policies stops as soon as a sequential probability
    /// ratio test accepts H0 (Elo difference elo0) or H1 (elo1), with
    /// error rates alpha and beta (default 0.05 each), looking after every
    /// 100 games of each seating.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", conflicts_with = "shard")]
    sprt: Option<String>,
    /// What a failing policy does, replacing the file's `on_bot_error`:
    /// `stop` the tournament (exit code 3), or `forfeit` the game.
    #[arg(long, value_name = "stop|forfeit")]
    on_bot_error: Option<String>,
    /// With `forfeit`: the percentage of a pairing's games that may be
    /// forfeited; past it the tournament, its report written, exits 3 with
    /// the first forfeit's replay command.
    #[arg(long, value_name = "PERCENT", default_value_t = 5.0)]
    max_forfeits: f64,
    /// Plays only POLICY against each policy of the file's list (a
    /// gauntlet), replacing the file's `gauntlet`. A sharded gauntlet
    /// names its policy in the file, which its partials carry to `merge`.
    #[arg(long, value_name = "POLICY", conflicts_with = "shard")]
    gauntlet: Option<String>,
    /// No table.
    #[arg(long, short)]
    quiet: bool,
    /// Replace a report of other settings, or an experiment's, in the
    /// report folder.
    #[arg(long)]
    force: bool,
    /// Keep the first N games of each seating of each pairing whole (seed,
    /// seats, every decision and throw, the result) in records.jsonl,
    /// replacing the file's `record`; `ludus play --record` replays one.
    /// 0: none.
    #[arg(long, value_name = "N")]
    record: Option<u64>,
}

/// Plays the tournament and writes its report.
pub fn tournament(args: TournamentArgs) -> Result<(), Failure> {
    let text = read_text(&args.file, MAX_FILE)
        .map_err(|e| Failure::Input(format!("{}: {e}", args.file)))?;
    let mut t = Tournament::parse(&text, &args.file).map_err(Failure::from)?;
    if let Some(g) = args.games {
        if g == 0 || g > 1_000_000_000_000 {
            return Err(Failure::Input(format!(
                "--games must be 1 to 10^12, not {g}"
            )));
        }
        if g % 2 == 1 {
            return Err(Failure::Input(format!(
                "--games must be {}",
                ludus::plan::tournament::even_games(g)
            )));
        }
        t.games_per_seating = g / 2;
    }
    if let Some(s) = args.batch.seed {
        t.seed = s;
    }
    if let Some(g) = &args.gauntlet {
        t.set_gauntlet(g)
            .map_err(|e| Failure::Input(format!("--gauntlet: {e} ({})", args.file)))?;
    }
    if let Some(on) = &args.on_bot_error {
        t.on_bot_error =
            OnBotError::parse(on).map_err(|e| Failure::Input(format!("--on-bot-error: {e}")))?;
    }
    if !(0.0..=100.0).contains(&args.max_forfeits) {
        return Err(Failure::Input(format!(
            "--max-forfeits takes a percentage, 0 to 100, not {}",
            args.max_forfeits
        )));
    }
    let sprt = match &args.sprt {
        Some(s) => Some(Sprt::parse(s)?),
        None => None,
    };
    if sprt.is_some() && t.policies.len() != 2 {
        return Err(Failure::Input(format!(
            "--sprt stops a match of two policies; {} lists {}",
            args.file,
            t.policies.len()
        )));
    }
    if let Some(n) = args.record {
        t.record = n;
    }
    let threads = args.batch.threads()?;
    let shard = args.batch.shard()?;
    if let Some(s) = shard
        && t.record > 0
    {
        return Err(shard_cannot_record(
            s,
            t.record,
            args.record.is_some(),
            &format!(
                "ludus tournament {} --record {} --games {}",
                crate::cli::shown(&args.file),
                t.record,
                2 * t.record
            ),
        ));
    }
    let dir = args.batch.dir(&t.name, shard);
    let scripts = script_hashes(t.script_paths())?;
    if shard.is_none() {
        check_tournament_folder(&dir, &identity(&t, &args.file), args.force)?;
    }
    check_writable(&dir)?;
    let pool = pool(threads)?;
    let started = std::time::Instant::now();
    let games = shard.map_or(0..t.games_per_seating, |s| s.games(t.games_per_seating));
    let seatings: Vec<Arc<dyn CellJob>> = t
        .seatings()
        .iter()
        .map(|p| p.job().map(Arc::from))
        .collect::<Result<_, _>>()?;
    let outcome = tournament::play(
        &t.pairings(),
        &seatings,
        sprt,
        games.clone(),
        &pool,
        threads,
        &AtomicBool::new(false),
        &mut Unobserved,
    )
    .map_err(Failure::from)?;
    if let Some(shard) = shard
        && matches!(outcome.ended, Ended::Complete)
    {
        let mut manifest = identity::of_tournament(&t, &text, &args.file, Some(shard), scripts);
        let cells = seating_states(&outcome.pairings, &games);
        manifest.games_played = cells.iter().map(|s| s.tally.games).sum();
        manifest.complete = true;
        let path = dir.join(partial::FILE);
        write_partial(&path, &t, manifest, &cells)?;
        if !args.quiet {
            println!(
                "shard {shard}: {} games in {:.1} s; partial in {}",
                cells.iter().map(|s| s.tally.games).sum::<u64>(),
                started.elapsed().as_secs_f64(),
                path.display()
            );
        }
    } else if shard.is_none() {
        // Records before the report: tournament.json says complete only
        // once every other file is on disk; the standings are written even
        // when the records could not be.
        let recorded = write_records(&dir, &t, &outcome.settled);
        write_report(
            &dir,
            &t,
            &outcome.pairings,
            outcome.sprt,
            &Made {
                source: &args.file,
                threads,
                seconds: started.elapsed().as_secs_f64(),
                complete: matches!(outcome.ended, Ended::Complete) && recorded.is_ok(),
                merged: None,
            },
            args.quiet,
        )?;
        let recorded = recorded?;
        if !args.quiet && recorded > 0 {
            println!("{}", records_said(recorded, &dir));
        }
    }
    let too_many = forfeits_said(&t, &outcome.pairings, args.max_forfeits / 100.0);
    match outcome.ended {
        Ended::Complete => too_many.map_or(Ok(()), |said| Err(Failure::Bot(said))),
        Ended::Failed(f) => {
            // Both seatings of a pairing share its number and its game
            // seeds: the failing policy's seat tells them apart.
            let seating = t.seatings().into_iter().find(|p| {
                p.cell.index == f.cell
                    && p.cell
                        .seats
                        .get(f.seat)
                        .is_some_and(|s| s.to_string() == f.policy)
            });
            let replay = seating.map_or(String::new(), |p| {
                format!(
                    "\n  replay: {}",
                    ludus::reports::replay_command::replay_command(&p, f.game_seed)
                )
            });
            Err(Failure::Bot(format!(
                "pairing {} game {} (seed {}): seat {} ({}) failed at ply {}: {}{replay}\n(the \
                 report holds the games played before)",
                f.cell,
                f.game_index,
                f.game_seed,
                f.seat + 1,
                f.policy,
                f.ply,
                f.message
            )))
        }
        Ended::Interrupted => Err(Failure::Interrupted("stopped".into())),
        Ended::Observer(e) => Err(Failure::Io(e)),
    }
}

/// Warns of every pairing with forfeited games, naming the failing
/// policies and the first such game with its replay command; returns the
/// message of the first pairing whose forfeits pass `max` (a share of its
/// games), which fails the tournament (exit 3) as `--max-forfeits` fails
/// a run.
fn forfeits_said(t: &Tournament, pairings: &[PairingResult], max: f64) -> Option<String> {
    let seatings = t.seatings();
    let mut too_many = None;
    for (k, r) in pairings.iter().enumerate() {
        let Some((f, second)) = r.first_forfeit() else {
            continue;
        };
        let [a, b] = r.forfeits();
        let (games, forfeits) = (r.games(), a + b);
        let seating = &seatings[2 * k + usize::from(second)];
        let policy = seating.cell.seats[f.seat].to_string();
        let said = format!(
            "pairing {k} ({} vs {}): {forfeits} of {games} games forfeited by a failing \
             policy ({:.1}%; {}: {a}, {}: {b}); the first, game {} (seed {}): seat {} ({policy}) \
             failed at ply {}: {}\n  replay: {}",
            t.policies[r.i],
            t.policies[r.j],
            100.0 * forfeits as f64 / games.max(1) as f64,
            t.policies[r.i],
            t.policies[r.j],
            f.game_index,
            f.game_seed,
            f.seat + 1,
            f.ply,
            f.message,
            ludus::reports::replay_command::replay_command(seating, f.game_seed)
        );
        if too_many.is_none() && forfeits as f64 > max * games as f64 {
            too_many = Some(format!(
                "{said}\n(more than --max-forfeits {}%; the report holds every game played)",
                100.0 * max
            ));
        } else {
            eprintln!("warning: {said}");
        }
    }
    too_many
}

/// Writes records.jsonl: the first games (`record`) of each seating that
/// the batch played for certain, played again from their seeds on this
/// thread, in (seating, index) order whatever the threads, each written as
/// it is played; without `record`, removes an older tournament's file.
/// Returns how many games it holds.
fn write_records(dir: &std::path::Path, t: &Tournament, settled: &[u64]) -> Result<usize, Failure> {
    let io = |e| WriteError::report(dir, e);
    if t.record == 0 {
        records::remove(dir).map_err(io)?;
        return Ok(0);
    }
    Ok(records::write(dir, tournament_records::of_tournament(t, settled)).map_err(io)?)
}

/// What tournament.json says of the games a report holds
/// (`store::folder::TOURNAMENT_IDENTITY`): a report is refused over one of other
/// settings.
pub(crate) fn identity(t: &Tournament, source: &str) -> serde_json::Value {
    let policies: Vec<String> = t.policies.iter().map(|p| p.to_string()).collect();
    json!({
        "tournament": t.name,
        "source": source,
        "file_sha256": t.hash,
        "ludus_version": env!("CARGO_PKG_VERSION"),
        "game": t.game.name(),
        "options": t.options.to_string(),
        "policies": policies,
        "seed": t.seed,
        "games_per_pairing": 2 * t.games_per_seating,
        "on_bot_error": t.on_bot_error.name(),
    })
}

/// A rating as the table prints it: `-` where the policy has none yet (a
/// tournament a failure stopped before it played).
fn rated(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "-".into()
    }
}

/// How a tournament's report was made, for tournament.json.
pub(crate) struct Made<'a> {
    /// The tournament file as given.
    pub source: &'a str,
    /// Worker threads (0 for a merge).
    pub threads: usize,
    /// Seconds it took.
    pub seconds: f64,
    /// Whether every game was played.
    pub complete: bool,
    /// For a merge: the partials summed and the games missing.
    pub merged: Option<serde_json::Value>,
}

/// Writes standings.csv, pairings.csv, standings.svg, tournament.json and
/// index.html of `pairings` into `dir`, and prints the standings unless `quiet`.
pub(crate) fn write_report(
    dir: &std::path::Path,
    t: &Tournament,
    pairings: &[PairingResult],
    sprt: Option<(Sprt, Verdict, f64)>,
    made: &Made,
    quiet: bool,
) -> Result<(), Failure> {
    let table = standings(t, pairings);
    let io = |e| WriteError::report(dir, e);
    write_atomic(
        &dir.join("standings.csv"),
        &csv_bytes(STANDINGS, standings_rows(t, &table)).map_err(io)?,
    )
    .map_err(io)?;
    write_atomic(
        &dir.join("pairings.csv"),
        &csv_bytes(PAIRINGS, pairing_rows(t, pairings)).map_err(io)?,
    )
    .map_err(io)?;
    let names: Vec<String> = t.policies.iter().map(|p| p.to_string()).collect();
    let settings = t
        .options
        .changed_in_force(t.game.option_specs(), &t.in_force)
        .join(" ");
    let title = if settings.is_empty() {
        format!("{}: {}", t.name, t.game.title())
    } else {
        format!("{}: {} ({settings})", t.name, t.game.title())
    };
    let svg = charts::standings::svg(&title, &names, &table).map_err(io)?;
    write_atomic(&dir.join("standings.svg"), svg.as_bytes()).map_err(io)?;
    let games: u64 = pairings.iter().map(|r| r.games()).sum();
    let sprt_json = sprt.map(|(s, v, llr)| {
        let (low, high) = s.bounds();
        json!({"elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
               "llr": llr, "lower_bound": low, "upper_bound": high, "verdict": v.name(),
               "games": games})
    });
    let mut manifest = identity(t, made.source);
    let more = json!({
        "anchor": names[anchor(t)],
        "games_played": games,
        "threads": made.threads,
        "seconds": made.seconds,
        "complete": made.complete,
        "sprt": sprt_json,
        "forfeits": table
            .iter()
            .map(|s| (names[s.policy].clone(), json!(s.forfeits)))
            .collect::<serde_json::Map<_, _>>(),
    });
    if let (Some(m), serde_json::Value::Object(more)) = (manifest.as_object_mut(), more) {
        m.extend(more);
    }
    if t.gauntlet {
        manifest["gauntlet"] = json!(names[0]);
    }
    if let Some(m) = &made.merged {
        manifest["merged"] = m.clone();
    }
    let bytes = serde_json::to_vec_pretty(&manifest).map_err(|e| io(std::io::Error::other(e)))?;
    write_atomic(&dir.join("tournament.json"), &bytes).map_err(io)?;
    let page = charts::tournament_page::page(
        t,
        &table,
        pairings,
        &Played {
            source: made.source.to_string(),
            games,
            complete: made.complete,
            sprt,
        },
    );
    write_atomic(&dir.join("index.html"), page.as_bytes()).map_err(io)?;
    if !quiet {
        println!(
            "{title}: {games} games; Elo anchored on {}",
            names[anchor(t)]
        );
        if t.gauntlet {
            println!(
                "gauntlet: {} against each of the {} others, who are rated through it alone",
                names[0],
                names.len() - 1
            );
        }
        // A money game shows what each policy takes home beside its
        // wins, which may point the other way.
        let money = table.iter().any(|s| s.payoff_sq > 0);
        if t.rank_by == RankBy::Payoff {
            println!("ranked by mean payoff per game");
        }
        println!(
            "{:>4}  {:<40} {:>8} {:>9} {:>8}  {:<16}{}",
            "rank",
            "policy",
            "games",
            "score",
            "elo",
            "95% interval",
            if money {
                "  payoff/game, 95% interval"
            } else {
                ""
            }
        );
        for (rank, s) in table.iter().enumerate() {
            let score = (s.wins as f64 + s.draws as f64 / 2.0) / s.games.max(1) as f64;
            let payoff = if money {
                let p = s.payoff();
                let (_, high) = p.interval95();
                format!(
                    "  {} ± {:.3}",
                    ludus::core::signed::signed(p.mean, 3),
                    high - p.mean
                )
            } else {
                String::new()
            };
            println!(
                "{:>4}  {:<40} {:>8} {:>8.1}% {:>8}  {:<16}{payoff}",
                rank + 1,
                names[s.policy],
                s.games,
                100.0 * score,
                rated(s.rating.elo),
                format!("[{}, {}]", rated(s.rating.low), rated(s.rating.high)),
            );
        }
        if let Some((s, v, llr)) = sprt {
            let (low, high) = s.bounds();
            // The test weighs two hypotheses only: a verdict says which of
            // the two the games favour, not that the difference is near it.
            let what = match v {
                Verdict::H1 => format!(
                    "H1 accepted: the games favour {} being {} Elo better than {} over {} Elo",
                    names[0], s.elo1, names[1], s.elo0
                ),
                Verdict::H0 => format!(
                    "H0 accepted: the games favour {} being {} Elo better than {} over {} Elo",
                    names[0], s.elo0, names[1], s.elo1
                ),
                Verdict::Continue => "no hypothesis accepted within the games allowed".into(),
            };
            let against = if llr <= low {
                format!("crossed the lower bound {low:.3}")
            } else if llr >= high {
                format!("crossed the upper bound {high:.3}")
            } else {
                format!("within the bounds ({low:.3}, {high:.3})")
            };
            println!(
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.3} {against} after {games} games: {what}",
                s.elo0, s.elo1, s.alpha, s.beta
            );
        }
        println!("report: {}", dir.display());
    }
    Ok(())
}

/// Every seating's state (two per pairing, the first policy in seat 1
/// first), every game of `games` played. (A shard that did not finish
/// writes no partial: it has no checkpoint to resume and is played again.)
fn seating_states(pairings: &[PairingResult], games: &std::ops::Range<u64>) -> Vec<CellState> {
    pairings
        .iter()
        .flat_map(|r| [&r.i_first, &r.j_first])
        .map(|tally| CellState {
            done: GameRanges::from(games.clone()),
            tally: tally.clone(),
            thread_seconds: 0.0,
            wall_seconds: 0.0,
        })
        .collect()
}

/// Writes the partial of tournament `t` with the seatings' `cells`.
pub(crate) fn write_partial(
    path: &std::path::Path,
    t: &Tournament,
    manifest: PartialManifest,
    cells: &[CellState],
) -> Result<(), Failure> {
    let plans = t.seatings();
    let records = plans
        .iter()
        .zip(cells)
        .enumerate()
        .map(|(c, (plan, s))| CellRecord::new(c, plan.game.name(), s))
        .collect();
    write_atomic(path, &Partial::new(manifest, records).to_json()).map_err(|error| {
        WriteError::File {
            path: path.to_path_buf(),
            error,
        }
        .into()
    })
}
