//! What a cell's games add up to, in integers only, so that the sum is the
//! same whatever blocks the games were split into and whatever the thread
//! count.

use crate::core::outcome::Outcome;
use crate::core::seat::MAX_SEATS;
use crate::runner::decisions::Decisions;
use crate::runner::metric_sums::MetricSums;

/// The most bytes of a policy's failure message a run keeps (a script's
/// message is its own text).
pub const MESSAGE_BYTES: usize = 4 << 10;

/// A policy failed: which game, which seat, what happened.
#[derive(Clone, Debug)]
pub struct GameFailure {
    /// The cell.
    pub cell: usize,
    /// The game's index in the cell.
    pub game_index: u64,
    /// The game's seed (`ludus play --seed` replays it).
    pub game_seed: u64,
    /// The failing seat (or the seat whose decision the
    /// `metrics_evaluator` failed to judge).
    pub seat: usize,
    /// That seat's policy as written: which of a tournament pairing's two
    /// seatings, which share their game seeds, failed.
    pub policy: String,
    /// Whether the cell's `metrics_evaluator` failed, not the seat's policy.
    pub by_evaluator: bool,
    /// The game's length when it failed.
    pub ply: u32,
    /// The message.
    pub message: String,
}

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
    /// Each seat's share of its draws, in units of 1/[`DRAW_UNIT`]: a draw
    /// shared by `k` seats gives each `DRAW_UNIT / k`, a whole number for
    /// every `k` up to [`MAX_SEATS`], so scores stay exact integers.
    pub draw_shares: [u64; MAX_SEATS],
    /// `places[s][p - 1]` games put seat `s` in place `p` (see
    /// [`Outcome::place`]).
    pub places: [[u64; MAX_SEATS]; MAX_SEATS],
    /// Sum of payoffs per seat.
    pub payoff_sum: [i64; MAX_SEATS],
    /// Sum of squared payoffs per seat.
    pub payoff_sq: [u128; MAX_SEATS],
    /// `lengths[n]` games had length `n`.
    pub lengths: Vec<u64>,
    /// Decisions taken in all the games (a turn may hold several).
    pub decisions: u64,
    /// The sum over games of the square of each game's decisions.
    pub decisions_sq: u128,
    /// `first_moves[s]`: games in which seat `s` moved first (by lot,
    /// opening throws or the rules).
    pub first_moves: [u64; MAX_SEATS],
    /// `first_wins[s]`: games seat `s` moved first and won alone.
    pub first_wins: [u64; MAX_SEATS],
    /// The sums behind metrics.csv that the fields above do not give.
    pub metrics: MetricSums,
    /// How many games ended for each reason and winner (the sole winning
    /// seat, `None` for a draw), in order of first appearance within a
    /// chunk; [`Tally::merge`] keeps them sorted.
    pub endings: Vec<Ending>,
    /// With `--on-bot-error forfeit`: games in which a policy failed,
    /// whether the game ended there (`bot-error`) or played on without it.
    pub forfeits: u64,
    /// With `--on-bot-error forfeit`: the forfeited game of lowest index,
    /// the same whatever the threads, for the run to report.
    pub first_forfeit: Option<FirstForfeit>,
}

/// Whether two endings' reasons are the same rule: the same constant
/// (one comparison, where comparing the text called memcmp: a fourteenth
/// of Mayor's time) or the same text.
#[inline]
fn same_reason(a: &'static str, b: &'static str) -> bool {
    std::ptr::eq(a, b) || a == b
}

/// Games that ended by one rule with one winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ending {
    /// The rule that ended them.
    pub reason: &'static str,
    /// The sole winner, or `None` for a draw.
    pub winner: Option<usize>,
    /// How many.
    pub count: u64,
}

/// A seat's score in a game it drew with `k - 1` others is `DRAW_UNIT / k`
/// of this unit: 840 = lcm(1, ..., 8).
pub const DRAW_UNIT: u64 = 840;

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
            draw_shares: [0; MAX_SEATS],
            places: [[0; MAX_SEATS]; MAX_SEATS],
            payoff_sum: [0; MAX_SEATS],
            payoff_sq: [0; MAX_SEATS],
            lengths: Vec::new(),
            decisions: 0,
            decisions_sq: 0,
            first_moves: [0; MAX_SEATS],
            first_wins: [0; MAX_SEATS],
            metrics: MetricSums::default(),
            endings: Vec::new(),
            forfeits: 0,
            first_forfeit: None,
        }
    }

    /// Counts a game in which a policy failed (its first failure), and
    /// remembers it if it comes before the one remembered.
    pub fn note_forfeit(&mut self, f: GameFailure) {
        self.forfeits += 1;
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

    /// Counts one game: its outcome, length, decisions (with the seat that
    /// moved first and their options) and each seat's payoff. The options'
    /// histogram, [`MetricSums::options`], is the runner's to fill: it is
    /// kept across games in [`Decisions::seen`].
    #[inline]
    pub fn add(
        &mut self,
        outcome: &Outcome,
        length: u32,
        decisions: &Decisions,
        payoffs: impl Fn(usize) -> i64,
    ) {
        self.games += 1;
        let winner = outcome.sole_winner();
        let d = u64::from(decisions.game.count);
        self.decisions += d;
        self.decisions_sq += u128::from(d * d);
        if let Some(f) = decisions.game.first {
            self.first_moves[f] += 1;
            if winner == Some(f) {
                self.first_wins[f] += 1;
            }
        }
        let first_score = decisions.game.first.map(|f| {
            if winner == Some(f) {
                DRAW_UNIT
            } else if winner.is_none() && outcome.winners.contains(f) {
                DRAW_UNIT / outcome.winners.len() as u64
            } else {
                0
            }
        });
        self.metrics.add(decisions, first_score);
        if let Some(w) = winner {
            self.wins[w] += 1;
        } else {
            let share = DRAW_UNIT / outcome.winners.len().max(1) as u64;
            for s in outcome.winners.iter() {
                self.draws[s] += 1;
                self.draw_shares[s] += share;
            }
        }
        for s in 0..self.players {
            self.places[s][usize::from(outcome.place(s)) - 1] += 1;
            let p = payoffs(s);
            self.payoff_sum[s] += p;
            self.payoff_sq[s] += (i128::from(p) * i128::from(p)) as u128;
        }
        let l = length as usize;
        if l >= self.lengths.len() {
            self.lengths.resize(l + 1, 0);
        }
        self.lengths[l] += 1;
        let reason = outcome.reason;
        match self
            .endings
            .iter_mut()
            .find(|e| same_reason(e.reason, reason) && e.winner == winner)
        {
            Some(e) => e.count += 1,
            None => self.endings.push(Ending {
                reason,
                winner,
                count: 1,
            }),
        }
    }

    /// Games that ended by `reason`, whoever won.
    pub fn ended_by(&self, reason: &str) -> u64 {
        self.endings
            .iter()
            .filter(|e| e.reason == reason)
            .map(|e| e.count)
            .sum()
    }

    /// The seat's score: its wins plus its shares of draws (a two-seat
    /// draw is half a point each).
    pub fn score(&self, seat: usize) -> f64 {
        self.wins[seat] as f64 + self.draw_shares[seat] as f64 / DRAW_UNIT as f64
    }

    /// The seat's mean place over the games (1 is first), or `None`
    /// before any game.
    pub fn mean_place(&self, seat: usize) -> Option<f64> {
        let sum: u64 = (1..)
            .zip(self.places[seat])
            .map(|(place, count)| place * count)
            .sum();
        (self.games > 0).then(|| sum as f64 / self.games as f64)
    }

    /// Adds another tally of the same cell.
    ///
    /// # Panics
    ///
    /// If a count passes 2^64 (or a payoff sum `i64`), which the games of
    /// one run cannot; tallies read from files are added with
    /// [`Tally::checked_merge`].
    pub fn merge(self, other: Tally) -> Tally {
        self.checked_merge(&other)
            .expect("a run's own counts fit in 64 bits")
    }

    /// Adds another tally of the same cell, or `None` if a sum would
    /// overflow: partials read from files may hold any numbers.
    pub fn checked_merge(mut self, other: &Tally) -> Option<Tally> {
        self.players = self.players.max(other.players);
        self.games = self.games.checked_add(other.games)?;
        self.forfeits = self.forfeits.checked_add(other.forfeits)?;
        self.decisions = self.decisions.checked_add(other.decisions)?;
        self.decisions_sq = self.decisions_sq.checked_add(other.decisions_sq)?;
        self.metrics = self.metrics.checked_merge(&other.metrics)?;
        for s in 0..MAX_SEATS {
            self.first_moves[s] = self.first_moves[s].checked_add(other.first_moves[s])?;
            self.first_wins[s] = self.first_wins[s].checked_add(other.first_wins[s])?;
            self.wins[s] = self.wins[s].checked_add(other.wins[s])?;
            self.draws[s] = self.draws[s].checked_add(other.draws[s])?;
            self.draw_shares[s] = self.draw_shares[s].checked_add(other.draw_shares[s])?;
            for (mine, theirs) in self.places[s].iter_mut().zip(other.places[s]) {
                *mine = mine.checked_add(theirs)?;
            }
            self.payoff_sum[s] = self.payoff_sum[s].checked_add(other.payoff_sum[s])?;
            self.payoff_sq[s] = self.payoff_sq[s].checked_add(other.payoff_sq[s])?;
        }
        if other.lengths.len() > self.lengths.len() {
            self.lengths.resize(other.lengths.len(), 0);
        }
        for (mine, theirs) in self.lengths.iter_mut().zip(&other.lengths) {
            *mine = mine.checked_add(*theirs)?;
        }
        for e in &other.endings {
            match self
                .endings
                .iter_mut()
                .find(|m| m.reason == e.reason && m.winner == e.winner)
            {
                Some(m) => m.count = m.count.checked_add(e.count)?,
                None => self.endings.push(*e),
            }
        }
        self.endings
            .sort_by_key(|e| (e.reason, e.winner.is_none(), e.winner));
        if let Some(f) = &other.first_forfeit
            && self
                .first_forfeit
                .as_ref()
                .is_none_or(|k| f.game_index < k.game_index)
        {
            self.first_forfeit = Some(f.clone());
        }
        Some(self)
    }
}
