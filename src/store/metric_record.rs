//! The sums behind metrics.csv as a partial file holds them (the
//! `metrics` object of a cell, see reports/README.md), and their checks:
//! a partial may hold any numbers, and only sums that games can make are
//! read back.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::core::text::printable;
use crate::runner::decisions::SAMPLED;
use crate::runner::fixed_mean::FixedMean;
use crate::runner::judged_sums::JUDGED;
use crate::runner::metrics_level::MetricsLevel;
use crate::runner::tally::{DRAW_UNIT, Tally};
use crate::store::partial_error::PartialError;
use crate::store::record_numbers::{pairs, wide};

/// A cell's per-game metric sums and its options histogram.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetricRecord {
    /// The first movers' scores summed, in 1/840 points.
    pub first_score: u64,
    /// Their squares summed, as decimal text.
    pub first_score_sq: String,
    /// Each game's mean options per decision (games with a decision).
    pub branching: FixedMeanRecord,
    /// Each game's share of decisions with two options or more (every game).
    pub decision_moves: FixedMeanRecord,
    /// Each game's mean options where it had two or more (games with one).
    pub decision_factor: FixedMeanRecord,
    /// Each game's share of its positions met before (games looked up).
    pub repetition: FixedMeanRecord,
    /// The metrics that follow the lead, by name (every one of
    /// [`JUDGED`]; games judged throughout).
    pub judged: BTreeMap<String, FixedMeanRecord>,
    /// `[options, count]` for every number of options a decision had,
    /// fewest first.
    pub options: Vec<[u64; 2]>,
}

/// A [`FixedMean`]: games, and the sums of their values and squares in
/// units of 2^-24 and 2^-48, as decimal text (they may pass 2^64).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixedMeanRecord {
    /// Games with a value.
    pub games: u64,
    /// The values summed.
    pub sum: String,
    /// Their squares summed.
    pub sq: String,
}

impl FixedMeanRecord {
    fn new(m: &FixedMean) -> FixedMeanRecord {
        FixedMeanRecord {
            games: m.n,
            sum: m.sum.to_string(),
            sq: m.sq.to_string(),
        }
    }

    /// The sums, if they could come from `games` values in `[low, high]`.
    fn read(&self, key: &str, low: f64, high: f64) -> Result<FixedMean, PartialError> {
        let m = FixedMean {
            n: self.games,
            sum: wide(format!("{key}.sum"), &self.sum)?,
            sq: wide(format!("{key}.sq"), &self.sq)?,
        };
        if !m.possible(low, high) {
            return Err(PartialError::at(
                key,
                format!(
                    "sums {} and {} cannot come from {} games' values between {low} and {high}",
                    self.sum, self.sq, self.games
                ),
            ));
        }
        Ok(m)
    }
}

impl MetricRecord {
    /// The record of tally `t`'s sums.
    pub fn new(t: &Tally) -> MetricRecord {
        MetricRecord {
            first_score: t.metrics.first_score,
            first_score_sq: t.metrics.first_score_sq.to_string(),
            branching: FixedMeanRecord::new(&t.metrics.branching),
            decision_moves: FixedMeanRecord::new(&t.metrics.decision_moves),
            decision_factor: FixedMeanRecord::new(&t.metrics.decision_factor),
            repetition: FixedMeanRecord::new(&t.metrics.repetition),
            judged: JUDGED
                .iter()
                .zip(&t.metrics.judged.0)
                .map(|((name, ..), m)| (name.to_string(), FixedMeanRecord::new(m)))
                .collect(),
            options: pairs(&t.metrics.options),
        }
    }

    /// Checks the sums against the cell's games, decisions and first
    /// movers, read and checked into `t` before, and against what the
    /// run's `level` measures, and puts them in `t`; `samples`: the cell's
    /// game samples its decisions' options at the basic level
    /// ([`crate::runner::play_entry::PlayEntry::samples_options`]), each of
    /// the sample weighing [`SAMPLED`]. The errors name the field within
    /// `metrics`.
    pub fn read_into(
        &self,
        t: &mut Tally,
        samples: bool,
        level: MetricsLevel,
    ) -> Result<(), PartialError> {
        let (games, decisions) = (t.games, t.decisions);
        let all = level == MetricsLevel::All;
        // At the basic level no position is looked up and no game judged.
        let measured = |key: String, n: u64, with_decisions: u64| {
            if n > 0 && !all {
                return Err(PartialError::at(
                    format!("{key}.games"),
                    format!("{n}, but a run of `--metrics basic` measures no {key}"),
                ));
            }
            // Positions are looked up and judged before decisions only.
            if n > with_decisions {
                return Err(PartialError::at(
                    format!("{key}.games"),
                    format!("{n}, more than the {with_decisions} games with decisions"),
                ));
            }
            Ok(())
        };
        let weighed = samples && !all;
        self.read_first_score(t)?;
        let mut last = 0;
        let mut sum = 0u64;
        for (k, &[options, count]) in self.options.iter().enumerate() {
            if options <= last || count == 0 || options > MAX_OPTIONS {
                return Err(PartialError::at(
                    format!("options[{k}]"),
                    format!(
                        "{count} decisions of {options} options: options run from 1 to \
                         {MAX_OPTIONS}, increasing, and each count is 1 or more"
                    ),
                ));
            }
            sum = sum.saturating_add(count);
            last = options;
        }
        // Every decision's options, or a sample's where counting is dear,
        // where each of the sample counts SAMPLED times: a game's at most
        // SAMPLED - 1 over its number, and its estimates at most SAMPLED
        // times what one decision can be.
        let (extra, scale) = if weighed {
            (
                games.saturating_mul(u64::from(SAMPLED - 1)),
                f64::from(SAMPLED),
            )
        } else {
            (0, 1.0)
        };
        if sum > decisions.saturating_add(extra) {
            return Err(PartialError::at(
                "options",
                format!(
                    "count {sum} decisions, more than the {decisions} taken{}",
                    if weighed {
                        " and the sample's weights"
                    } else {
                        ""
                    }
                ),
            ));
        }
        let most = last as f64;
        let low = if weighed { 0.0 } else { 1.0 };
        let branching = self.branching.read("branching", low, most * scale)?;
        let moves = self.decision_moves.read("decision_moves", 0.0, scale)?;
        let factor = self
            .decision_factor
            .read("decision_factor", 2.0, most.max(2.0))?;
        let with_decisions = branching.n;
        if with_decisions > games.min(sum) || (sum > 0 && with_decisions == 0) {
            return Err(PartialError::at(
                "branching.games",
                format!("{with_decisions} games with decisions, in {games} games of {decisions}"),
            ));
        }
        if moves.n > games || moves.n < with_decisions {
            return Err(PartialError::at(
                "decision_moves.games",
                format!(
                    "{}, but {games} games were held and {with_decisions} had decisions counted",
                    moves.n
                ),
            ));
        }
        let choices: u64 = self.options.iter().filter(|e| e[0] > 1).map(|e| e[1]).sum();
        if factor.n > with_decisions || factor.n > choices || (choices > 0) != (factor.n > 0) {
            return Err(PartialError::at(
                "decision_factor.games",
                format!(
                    "{} games with a choice, but {with_decisions} games had decisions and \
                     {choices} decisions a choice",
                    factor.n
                ),
            ));
        }
        let repetition = self.repetition.read("repetition", 0.0, 1.0)?;
        measured("repetition".to_string(), repetition.n, with_decisions)?;
        t.metrics.repetition = repetition;
        if let Some(k) = self
            .judged
            .keys()
            .find(|k| !JUDGED.iter().any(|j| j.0 == *k))
        {
            return Err(PartialError::at(
                format!("judged.{}", printable(k.as_bytes(), false)),
                "is no metric of this version".to_string(),
            ));
        }
        for ((name, low, high), sum) in JUDGED.iter().zip(&mut t.metrics.judged.0) {
            let key = format!("judged.{name}");
            let m = self
                .judged
                .get(*name)
                .ok_or_else(|| PartialError::at(&key, "is missing".to_string()))?
                .read(&key, *low, *high)?;
            measured(key, m.n, with_decisions)?;
            *sum = m;
        }
        t.metrics.branching = branching;
        t.metrics.decision_moves = moves;
        t.metrics.decision_factor = factor;
        t.metrics.options = vec![0; last as usize + 1];
        for &[options, count] in &self.options {
            t.metrics.options[options as usize] = count;
        }
        Ok(())
    }
}

impl MetricRecord {
    /// The first movers' score: at least their wins, at most their games,
    /// its squares between what the sum forces and what it allows.
    fn read_first_score(&self, t: &mut Tally) -> Result<(), PartialError> {
        let sq = wide("first_score_sq", &self.first_score_sq)?;
        let unit = u128::from(DRAW_UNIT);
        let moved: u128 = t.first_moves.iter().map(|&m| u128::from(m)).sum();
        let won: u128 = t.first_wins.iter().map(|&m| u128::from(m)).sum();
        let score = u128::from(self.first_score);
        if score < won * unit || score > moved * unit {
            return Err(PartialError::at(
                "first_score",
                format!(
                    "{score}, but the first movers won {won} of {moved} games (a game scores \
                     0 to {DRAW_UNIT})"
                ),
            ));
        }
        // Each score s lies in [0, unit]: s*s <= unit*s; and the squares
        // are at least the sum's square spread evenly (checked as
        // score^2 <= moved * sq, in floats: both sides may pass 2^128).
        if sq > unit * score || (score as f64).powi(2) > moved as f64 * sq as f64 * (1.0 + 1e-12) {
            return Err(PartialError::at(
                "first_score_sq",
                format!("{sq} cannot be the squares of scores adding up to {score}"),
            ));
        }
        t.metrics.first_score = self.first_score;
        t.metrics.first_score_sq = sq;
        Ok(())
    }
}

/// The most options a decision of a partial file may have: far above any
/// game's (a few hundred), low enough that the histogram is a small table.
pub const MAX_OPTIONS: u64 = 1 << 20;
