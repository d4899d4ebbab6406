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
    /// decision counted (Ludii's BranchingFactorAvg).
    pub branching: FixedMean,
    /// Each game's share of decisions with two options or more, over every
    /// game with its options counted (0 in a game without decisions;
    /// Ludii's DecisionMoves).
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
    /// `options[k]`: decisions, in all the games, that had `k` options
    /// (the runner's to fill, from [`Decisions::seen`]).
    pub options: Vec<u64>,
}

impl MetricSums {
    /// Adds one game: its decisions, and the first mover's score if a
    /// seat moved first.
    #[inline]
    pub fn add(&mut self, decisions: &Decisions, first_score: Option<u64>) {
        // Over the decisions counted: all, or a sample where counting is
        // dear (a game of decisions none of which was sampled has none).
        if decisions.counted > 0 {
            let counted = f64::from(decisions.counted);
            self.branching.add(decisions.options as f64 / counted);
            self.decision_moves
                .add(f64::from(decisions.choices) / counted);
        } else if decisions.count == 0 {
            self.decision_moves.add_zero();
        }
        if decisions.choices > 0 {
            self.decision_factor
                .add(decisions.choice_options as f64 / f64::from(decisions.choices));
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
