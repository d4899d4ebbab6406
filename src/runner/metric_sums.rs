//! The sums behind metrics.csv that summary.csv does not hold: the first
//! movers' scores, the per-game means of the decisions' options and the
//! options histogram, added game by game and merged exactly.

use crate::runner::decisions::Decisions;
use crate::runner::fixed_mean::FixedMean;
use crate::runner::judged_sums::JudgedSums;

/// A cell's metric sums (part of its [`crate::runner::tally::Tally`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MetricSums {
    /// The first movers' scores summed (a win
    /// [`crate::runner::tally::DRAW_UNIT`], a draw shared by `k` seats
    /// `DRAW_UNIT / k`, a loss 0): Ludii's AdvantageP1.
    pub first_score: u64,
    /// Their squares summed.
    pub first_score_sq: u128,
    /// Each game's mean options per decision, over the games with a
    /// decision (Ludii's BranchingFactorAvg); estimated from a sample
    /// where the decisions are sampled ([`crate::runner::decisions::Counts::estimate`]).
    pub branching: FixedMean,
    /// Each game's share of decisions with two options or more, over every
    /// game (0 in a game without decisions; Ludii's DecisionMoves).
    pub decision_moves: FixedMean,
    /// Each game's mean options at the decisions with two or more, over
    /// the games with such a decision (Ludii's DecisionFactorAvg).
    pub decision_factor: FixedMean,
    /// Each game's share of the positions met before its decisions that
    /// it had met before, over the games whose positions were looked up
    /// (`metrics = "all"`, games that hash positions): Ludii's
    /// PositionalRepetition.
    pub repetition: FixedMean,
    /// The metrics that follow the lead, over the games judged throughout
    /// (`metrics = "all"`, games with an evaluation).
    pub judged: JudgedSums,
    /// `options[k]`: decisions, in all the games, that had `k` options,
    /// weighed where sampled (the runner's to fill, from
    /// [`Decisions::seen`]).
    pub options: Vec<u64>,
}

impl MetricSums {
    /// Adds one game: its decisions, and the first mover's score if a
    /// seat moved first.
    #[inline]
    pub fn add(&mut self, decisions: &Decisions, first_score: Option<u64>) {
        // Over all the game's decisions, estimated where a sample stands
        // for them.
        let game = &decisions.game;
        if game.count > 0 {
            let n = f64::from(game.count);
            let e = game.estimate();
            self.branching.add(e.options / n);
            self.decision_moves.add(e.choices / n);
            if e.choices > 0.0 {
                self.decision_factor.add(e.choice_options / e.choices);
            }
        } else {
            self.decision_moves.add_zero();
        }
        if decisions.positions > 0 {
            self.repetition
                .add(f64::from(decisions.repeats) / f64::from(decisions.positions));
        }
        if let Some(score) = first_score {
            self.first_score += score;
            self.first_score_sq += u128::from(score * score);
        }
    }

    /// The sums of both, or `None` if one would overflow.
    pub fn checked_merge(mut self, other: &MetricSums) -> Option<MetricSums> {
        self.first_score = self.first_score.checked_add(other.first_score)?;
        self.first_score_sq = self.first_score_sq.checked_add(other.first_score_sq)?;
        self.branching = self.branching.checked_merge(&other.branching)?;
        self.decision_moves = self.decision_moves.checked_merge(&other.decision_moves)?;
        self.decision_factor = self.decision_factor.checked_merge(&other.decision_factor)?;
        self.repetition = self.repetition.checked_merge(&other.repetition)?;
        self.judged = self.judged.checked_merge(&other.judged)?;
        if other.options.len() > self.options.len() {
            self.options.resize(other.options.len(), 0);
        }
        for (mine, theirs) in self.options.iter_mut().zip(&other.options) {
            *mine = mine.checked_add(*theirs)?;
        }
        Some(self)
    }
}
