//! A tournament's matches played: every seating of every pairing on
//! common random numbers (see [`crate::plan::tournament`]), with an
//! optional SPRT that stops a match of two policies early.

use std::ops::Range;
use std::sync::Arc;

use crate::runner::batch::{self, Ended, Observer};
use crate::runner::cell_job::CellJob;
use crate::runner::drive::BOT_ERROR;
use crate::runner::game_ranges::GameRanges;
use crate::runner::run_setting_error::RunSettingError;
use crate::runner::selected_games::SelectedGames;
use crate::runner::sprt::{Sprt, Verdict};
use crate::runner::tally::{FirstForfeit, Tally};

/// What a pairing came to, from the first policy's side.
#[derive(Clone, Debug)]
pub struct PairingResult {
    /// The first policy's index.
    pub i: usize,
    /// The second policy's index.
    pub j: usize,
    /// The games with `i` in seat 1.
    pub i_first: Tally,
    /// The games with `j` in seat 1.
    pub j_first: Tally,
}

impl PairingResult {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.i_first.games + self.j_first.games
    }

    /// The first policy's wins.
    pub fn wins(&self) -> u64 {
        self.i_first.wins[0] + self.j_first.wins[1]
    }

    /// The first policy's losses.
    pub fn losses(&self) -> u64 {
        self.i_first.wins[1] + self.j_first.wins[0]
    }

    /// Games no one won.
    pub fn draws(&self) -> u64 {
        self.games() - self.wins() - self.losses()
    }

    /// The first policy's score: a win 1, a draw 1/2.
    pub fn score(&self) -> f64 {
        self.wins() as f64 + self.draws() as f64 / 2.0
    }

    /// Games forfeited by a failing policy, `[by i, by j]`. A game of two
    /// seats forfeited by one ends `bot-error` with the other the sole
    /// winner, so the endings say who failed.
    pub fn forfeits(&self) -> [u64; 2] {
        let by = |t: &Tally, seat: usize| {
            t.endings
                .iter()
                .filter(|e| e.reason == BOT_ERROR && e.winner == Some(1 - seat))
                .map(|e| e.count)
                .sum::<u64>()
        };
        [
            by(&self.i_first, 0) + by(&self.j_first, 1),
            by(&self.i_first, 1) + by(&self.j_first, 0),
        ]
    }

    /// The pairing's first forfeited game, of lowest index, and whether it
    /// was played with `j` in seat 1 (the second seating).
    pub fn first_forfeit(&self) -> Option<(&FirstForfeit, bool)> {
        let a = self.i_first.first_forfeit.as_ref().map(|f| (f, false));
        let b = self.j_first.first_forfeit.as_ref().map(|f| (f, true));
        match (a, b) {
            (Some(a), Some(b)) => Some(if b.0.game_index < a.0.game_index {
                b
            } else {
                a
            }),
            (a, b) => a.or(b),
        }
    }

    /// The sum of the payoffs of policy `i` (the first) or `j` over the
    /// pairing's games, and the sum of their squares.
    pub fn payoffs(&self, first: bool) -> (i64, u128) {
        let (a, b) = if first { (0, 1) } else { (1, 0) };
        (
            self.i_first.payoff_sum[a] + self.j_first.payoff_sum[b],
            self.i_first.payoff_sq[a] + self.j_first.payoff_sq[b],
        )
    }
}

/// How a tournament ended.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Every pairing's results so far.
    pub pairings: Vec<PairingResult>,
    /// The SPRT's verdict and log-likelihood ratio, if one ran.
    pub sprt: Option<(Sprt, Verdict, f64)>,
    /// How the batch ended (a failure stops it).
    pub ended: Ended,
    /// For each seating, how many of its games from the first asked are
    /// played for certain: every game of the blocks whose batch finished
    /// that seating. (A batch a failure stopped may have played others,
    /// but not in order, and which it did is not kept.)
    pub settled: Vec<u64>,
}

/// Game pairs per block of an SPRT match: the test looks after each.
pub const SPRT_BLOCK: u64 = 100;

/// Plays the games `games` of every seating (all of them, or a shard's)
/// of the `pairings` (the policies' indices, each pair once) on `threads`
/// workers of `pool`; `seatings` holds the jobs of two cells a pairing, in
/// its order, the first policy in seat 1 then in seat 2, their games on
/// the same seeds. With `sprt` (two policies only) the match is played in blocks
/// of [`SPRT_BLOCK`] games per seating and stops after the first block
/// whose results cross a bound; blocks are fixed, so where it stops does
/// not depend on the threads.
#[allow(clippy::too_many_arguments)]
pub fn play(
    pairings: &[(usize, usize)],
    seatings: &[Arc<dyn CellJob>],
    sprt: Option<Sprt>,
    games: Range<u64>,
    pool: &rayon::ThreadPool,
    threads: usize,
    halt: &std::sync::atomic::AtomicBool,
    observer: &mut dyn Observer,
) -> Result<Outcome, RunSettingError> {
    if sprt.is_some() && pairings.len() != 1 {
        return Err(RunSettingError {
            setting: "--sprt",
            message: format!(
                "--sprt stops a match of two policies; the tournament has {} pairings",
                pairings.len()
            ),
        });
    }
    if seatings.len() != 2 * pairings.len() {
        return Err(RunSettingError {
            setting: "seatings",
            message: format!(
                "{} seatings for {} pairings: two a pairing",
                seatings.len(),
                pairings.len()
            ),
        });
    }
    let mut results: Vec<PairingResult> = pairings
        .iter()
        .map(|&(i, j)| PairingResult {
            i,
            j,
            i_first: Tally::new(2),
            j_first: Tally::new(2),
        })
        .collect();
    let blocks: Vec<(u64, u64)> = match sprt {
        None => vec![(games.start, games.end - games.start)],
        Some(_) => games
            .clone()
            .step_by(SPRT_BLOCK as usize)
            .map(|s| (s, SPRT_BLOCK.min(games.end - s)))
            .collect(),
    };
    let mut verdict = None;
    let mut settled = vec![0; seatings.len()];
    for (start, len) in blocks {
        let mut jobs: Vec<Box<dyn CellJob>> = Vec::new();
        for seating in seatings {
            jobs.push(Box::new(SelectedGames::new(
                seating.clone(),
                GameRanges::from(start..start + len),
            )));
        }
        let (progress, ended) = batch::play(&jobs, pool, threads, halt, observer);
        for (s, cell) in settled.iter_mut().zip(&progress.cells) {
            if cell.finished() {
                *s += len;
            }
        }
        let mut cells = progress.cells.into_iter().map(|c| c.into_tally());
        for r in results.iter_mut() {
            let (a, b) = (cells.next(), cells.next());
            let take = |t: &mut Tally, x: Option<Tally>| {
                *t = std::mem::replace(t, Tally::new(2)).merge(x.expect("two cells a pairing"));
            };
            take(&mut r.i_first, a);
            take(&mut r.j_first, b);
        }
        if let Some(s) = sprt {
            let r = &results[0];
            let (w, d, l) = (r.wins(), r.draws(), r.losses());
            verdict = Some((s, s.verdict(w, d, l), s.llr(w, d, l)));
        }
        if !matches!(ended, Ended::Complete) {
            return Ok(Outcome {
                pairings: results,
                sprt: verdict,
                ended,
                settled,
            });
        }
        if verdict.is_some_and(|(_, v, _)| v != Verdict::Continue) {
            break;
        }
    }
    Ok(Outcome {
        pairings: results,
        sprt: verdict,
        ended: Ended::Complete,
        settled,
    })
}
