//! Racing: every candidate plays a few games at each level, those worse
//! than another on every goal with high confidence are dropped, and the
//! games saved go to the survivors, in rounds of doubling length, until
//! the budget is spent or one is left. A candidate solved exactly plays no
//! game. The rounds are runs of the library ([`crate::run::run`]) into
//! the search's folder, so that a killed search resumes round by round.

use statrs::distribution::{ContinuousCDF, Normal};

use std::path::Path;

use crate::core::seed::mix;
use crate::plan::search_plan::{Candidate, SearchPlan};
use crate::search::contender::{Contender, Known};
use crate::search::exact_goals::exact_goals;
use crate::search::ntbea::Ntbea;
use crate::search::round_run::{Round, play_round};
use crate::search::search_error::SearchError;
use crate::search::search_settings::SearchSettings;
use crate::search::search_watch::SearchWatch;

/// The fewest games a (candidate, level) plays in the first round.
pub const FIRST_GAMES: u64 = 10;

/// The most rounds.
pub const MAX_ROUNDS: usize = 40;

/// The share of the budget the first round may spend.
const FIRST_SHARE: u64 = 16;

/// The chance of dropping, in a whole search, a candidate that is no
/// worse than the one that drops it on some goal: split over every
/// candidate and goal (Bonferroni), the confidence of each drop.
const FAMILY_ERROR: f64 = 0.05;

/// The rounds the family's error is split over too: a candidate is
/// tested again every round.
const ROUNDS_COUNTED: usize = 10;

/// A race's state: every contender, the games spent, the rounds run.
#[derive(Debug)]
pub struct Race {
    /// Every candidate raced, in the order of the space.
    pub contenders: Vec<Contender>,
    /// Games played in the race.
    pub spent: u64,
    /// Rounds run.
    pub rounds: usize,
    /// For a space searched by NTBEA, the search that chose the race's
    /// candidates.
    pub ntbea: Option<Ntbea>,
}

impl Race {
    /// Races `candidates` of `plan` on `budget` games, as `settings` say.
    pub fn run(
        plan: &SearchPlan,
        candidates: Vec<Candidate>,
        budget: u64,
        settings: &SearchSettings,
        watch: &mut dyn SearchWatch,
    ) -> Result<Race, SearchError> {
        let levels = plan.levels.len();
        let mut contenders: Vec<Contender> = candidates
            .into_iter()
            .map(|c| Contender::new(c, levels))
            .collect();
        if plan.exact {
            solve_exactly(plan, &mut contenders)?;
        }
        let mut race = Race {
            contenders,
            spent: 0,
            rounds: 0,
            ntbea: None,
        };
        let factor = drop_factor(race.contenders.len(), plan.goals.len());
        let to_play0 = race.to_play().len() as u64;
        let first = (budget / (to_play0.max(1) * FIRST_SHARE)).max(FIRST_GAMES);
        race.drop_dominated(plan, factor);
        while race.rounds < MAX_ROUNDS && race.survivors() > 1 && !race.told_apart(plan, factor) {
            let cells = race.to_play();
            if cells.is_empty() {
                break;
            }
            let left = budget.saturating_sub(race.spent);
            let wanted = first.saturating_mul(1 << race.rounds.min(30));
            let games = wanted.min(left / cells.len() as u64);
            if games == 0 {
                break;
            }
            watch.round_started(race.rounds, race.survivors(), games);
            race.play_round(plan, settings, watch, &cells, games)?;
            race.drop_dominated(plan, factor);
            watch.round_finished(race.rounds - 1, race.survivors(), race.spent, budget);
        }
        Ok(race)
    }

    /// How many candidates still race.
    pub fn survivors(&self) -> usize {
        self.contenders
            .iter()
            .filter(|c| c.dropped.is_none())
            .count()
    }

    /// The (contender, level) pairs a round plays: every surviving
    /// contender's levels that are not solved exactly.
    fn to_play(&self) -> Vec<(usize, usize)> {
        self.contenders
            .iter()
            .enumerate()
            .filter(|(_, c)| c.dropped.is_none())
            .flat_map(|(i, c)| {
                c.levels
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| !matches!(k, Known::Exact(_)))
                    .map(move |(l, _)| (i, l))
            })
            .collect()
    }

    /// Plays `games` games of each of `cells` as round `self.rounds`, and
    /// adds them to the contenders.
    fn play_round(
        &mut self,
        plan: &SearchPlan,
        settings: &SearchSettings,
        watch: &mut dyn SearchWatch,
        cells: &[(usize, usize)],
        games: u64,
    ) -> Result<(), SearchError> {
        let round = self.rounds;
        let listed: Vec<(Candidate, usize)> = cells
            .iter()
            .map(|&(i, l)| (self.contenders[i].candidate.clone(), l))
            .collect();
        let folder = Path::new("rounds").join(format!("round-{round}"));
        let order = Round {
            stage: &format!("round {round}"),
            folder: &folder,
            seed: seed_of(plan.seed, round as u64),
            games,
            cells: &listed,
        };
        for (k, result) in play_round(plan, settings, watch, order)?
            .into_iter()
            .enumerate()
        {
            let (i, l) = cells[k];
            self.spent += result.tally.games();
            self.contenders[i].add(l, &result.plan, result.tally);
        }
        self.rounds += 1;
        Ok(())
    }

    /// Drops every surviving contender that another survivor matches or
    /// beats on every goal and beats on one, with the drop's confidence
    /// (their 95 % intervals stretched `factor` times): it matches where
    /// its low end is at or above the other's high end less the goal's
    /// tolerance (with none, only where both ends meet, as at a bound
    /// like balance 1, or between exact values), and beats where its low
    /// end is above the other's high end. All at once, so that the order
    /// of the space does not matter; a contender is dropped by the first
    /// (in the space's order) that beats it.
    fn drop_dominated(&mut self, plan: &SearchPlan, factor: f64) {
        let standings = self.standings(plan, factor);
        let round = self.rounds;
        for a in 0..self.contenders.len() {
            let Some(sa) = &standings[a] else { continue };
            let by = (0..self.contenders.len()).find(|&b| {
                b != a
                    && standings[b].as_ref().is_some_and(|sb| {
                        let pairs = || sb.iter().zip(sa).zip(&plan.goals);
                        pairs().all(|((&(b_low, _), &(_, a_high)), g)| {
                            b_low >= a_high - g.tolerance - slack(a_high)
                        }) && pairs()
                            .any(|((&(b_low, _), &(_, a_high)), _)| b_low > a_high + slack(a_high))
                    })
            });
            if let Some(b) = by {
                self.contenders[a].dropped = Some((round, b));
            }
        }
    }

    /// Each survivor's utility interval on every goal, stretched `factor`
    /// times; `None` for a contender dropped or without figures.
    fn standings(&self, plan: &SearchPlan, factor: f64) -> Vec<Option<Vec<(f64, f64)>>> {
        self.contenders
            .iter()
            .map(|c| {
                if c.dropped.is_some() {
                    return None;
                }
                c.standing(&plan.goals, plan.robust, factor)
                    .into_iter()
                    .map(|s| s.overall.map(|(_, u)| (u.low, u.high)))
                    .collect()
            })
            .collect()
    }

    /// Whether every survivor is known to within its goals' tolerances
    /// (its stretched interval no wider on any goal), so that more games
    /// could not tell them apart by more than the file cares for. Never
    /// without a tolerance on every goal.
    fn told_apart(&self, plan: &SearchPlan, factor: f64) -> bool {
        let standings = self.standings(plan, factor);
        plan.goals.iter().all(|g| g.tolerance > 0.0)
            && self
                .contenders
                .iter()
                .zip(&standings)
                .filter(|(c, _)| c.dropped.is_none())
                .all(|(_, s)| {
                    s.as_ref().is_some_and(|s| {
                        s.iter()
                            .zip(&plan.goals)
                            .all(|(&(low, high), g)| high - low <= g.tolerance)
                    })
                })
    }
}

/// How far apart two values may be and count as one: exact values carry
/// the rounding of their sums (a fair game's balance is 1 - 1e-16).
fn slack(x: f64) -> f64 {
    1e-9 * x.abs().max(1.0)
}

/// Solves every contender's levels that `ludus exact` can solve.
fn solve_exactly(plan: &SearchPlan, contenders: &mut [Contender]) -> Result<(), SearchError> {
    for c in contenders.iter_mut() {
        for level in 0..plan.levels.len() {
            let cell = plan
                .cell_plan(&c.candidate, level)
                .map_err(SearchError::Plan)?;
            if let Some(values) = exact_goals(&cell, &plan.goals) {
                c.levels[level] = Known::Exact(values);
            }
        }
    }
    Ok(())
}

/// The seed of the experiment that plays `round`: the search's seed
/// mixed with the round, kept to the 63 bits an experiment file's
/// integer holds.
pub fn seed_of(seed: u64, round: u64) -> u64 {
    mix(seed, round) >> 1
}

/// How many times a 95 % interval is stretched to drop with confidence
/// `1 - FAMILY_ERROR / (candidates x goals x ROUNDS_COUNTED)`.
fn drop_factor(candidates: usize, goals: usize) -> f64 {
    let normal = Normal::new(0.0, 1.0).expect("the standard normal");
    let each = FAMILY_ERROR / (candidates.max(1) * goals.max(1) * ROUNDS_COUNTED) as f64;
    normal.inverse_cdf(1.0 - each / 2.0) / normal.inverse_cdf(0.975)
}
