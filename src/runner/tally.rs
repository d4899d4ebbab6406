//! What a cell's games add up to, in integers only, so that the sum is the
//! same whatever blocks the games were split into and whatever the thread
//! count.

use crate::core::outcome::Outcome;
use crate::core::seat::MAX_SEATS;
use crate::runner::cell_run::GameFailure;

/// The results of many games of one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Seats in the cell's game.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// Sole wins per seat.
    pub wins: [u64; MAX_SEATS],
    /// Shared draws per seat.
    pub draws: [u64; MAX_SEATS],
    /// Sum of payoffs per seat.
    pub payoff_sum: [i64; MAX_SEATS],
    /// Sum of squared payoffs per seat.
    pub payoff_sq: [u128; MAX_SEATS],
    /// `lengths[n]` games had length `n`.
    pub lengths: Vec<u64>,
    /// How many games ended for each reason, in order of first appearance
    /// within a block; [`Tally::merge`] keeps them sorted by name.
    pub reasons: Vec<(&'static str, u64)>,
    /// With `--on-bot-error forfeit`: the forfeited game of lowest index,
    /// the same whatever the threads, for the run to report.
    pub first_forfeit: Option<FirstForfeit>,
}

/// The first game a failing policy forfeited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstForfeit {
    /// The game's index in the cell.
    pub game_index: u64,
    /// The game's seed.
    pub game_seed: u64,
    /// The failing seat.
    pub seat: usize,
    /// The game's length when it failed.
    pub ply: u32,
    /// What went wrong.
    pub message: String,
}

impl Tally {
    /// An empty tally for a game of `players` seats.
    pub fn new(players: usize) -> Tally {
        Tally {
            players,
            games: 0,
            wins: [0; MAX_SEATS],
            draws: [0; MAX_SEATS],
            payoff_sum: [0; MAX_SEATS],
            payoff_sq: [0; MAX_SEATS],
            lengths: Vec::new(),
            reasons: Vec::new(),
            first_forfeit: None,
        }
    }

    /// Remembers a forfeited game if it comes before the one remembered.
    pub fn note_forfeit(&mut self, f: GameFailure) {
        if self
            .first_forfeit
            .as_ref()
            .is_none_or(|k| f.game_index < k.game_index)
        {
            self.first_forfeit = Some(FirstForfeit {
                game_index: f.game_index,
                game_seed: f.game_seed,
                seat: f.seat,
                ply: f.ply,
                message: f.message,
            });
        }
    }

    /// Counts one game.
    #[inline]
    pub fn add(&mut self, outcome: &Outcome, length: u32, payoffs: impl Fn(usize) -> i64) {
        self.games += 1;
        if let Some(w) = outcome.sole_winner() {
            self.wins[w] += 1;
        } else {
            for s in outcome.winners.iter() {
                self.draws[s] += 1;
            }
        }
        for s in 0..self.players {
            let p = payoffs(s);
            self.payoff_sum[s] += p;
            self.payoff_sq[s] += (i128::from(p) * i128::from(p)) as u128;
        }
        let l = length as usize;
        if l >= self.lengths.len() {
            self.lengths.resize(l + 1, 0);
        }
        self.lengths[l] += 1;
        match self.reasons.iter_mut().find(|(r, _)| *r == outcome.reason) {
            Some((_, n)) => *n += 1,
            None => self.reasons.push((outcome.reason, 1)),
        }
    }

    /// Adds another tally of the same cell.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        for s in 0..MAX_SEATS {
            self.wins[s] += other.wins[s];
            self.draws[s] += other.draws[s];
            self.payoff_sum[s] += other.payoff_sum[s];
            self.payoff_sq[s] += other.payoff_sq[s];
        }
        if other.lengths.len() > self.lengths.len() {
            self.lengths.resize(other.lengths.len(), 0);
        }
        for (i, n) in other.lengths.iter().enumerate() {
            self.lengths[i] += n;
        }
        for (r, n) in other.reasons {
            match self.reasons.iter_mut().find(|(r2, _)| *r2 == r) {
                Some((_, m)) => *m += n,
                None => self.reasons.push((r, n)),
            }
        }
        self.reasons.sort_by(|a, b| a.0.cmp(b.0));
        if let Some(f) = other.first_forfeit
            && self
                .first_forfeit
                .as_ref()
                .is_none_or(|k| f.game_index < k.game_index)
        {
            self.first_forfeit = Some(f);
        }
        self
    }
}
