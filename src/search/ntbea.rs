//! NTBEA (N-Tuple Bandit Evolutionary Algorithm; Kunanusont, Lucas et
//! al. 2017) over a space too large to race: settings are played a few
//! games at a time, a model of the space ([`NTupleModel`]) pools what
//! every setting's games say about each value and pair of values, and
//! the next settings played are the neighbours of the last that the
//! model's upper confidence bound favours. Its best settings by the
//! model are then raced (the race of `race.rs`) on fresh games.
//!
//! Batched for threads and for a run a batch: each batch's settings are
//! chosen one after another as the sequential algorithm would, each
//! counted in the model at its own estimate until its games are played
//! (the "constant liar"), so the search is the same on any thread count.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use rand_core::SeedableRng;

use crate::core::seed::{Rng, below, mix};
use crate::plan::plan_error::PlanError;
use crate::plan::search_plan::{Candidate, SearchPlan};
use crate::search::contender::Contender;
use crate::search::fitness::{Fitness, goal_utilities};
use crate::search::ntuple_model::NTupleModel;
use crate::search::round_run::{Round, play_round};
use crate::search::search_error::SearchError;
use crate::search::search_settings::SearchSettings;
use crate::search::search_watch::SearchWatch;

/// The share of the budget NTBEA spends (one half); the race of its
/// best spends the rest.
pub const SHARE_DIVISOR: u64 = 2;

/// Settings played a batch (a run).
pub const BATCH: usize = 32;

/// Neighbours of the current setting weighed for each next one.
pub const NEIGHBOURS: usize = 100;

/// The weight of exploration in the bound, on fitness whose goals are
/// each of unit scale.
pub const EXPLORE: f64 = 1.0;

/// How many of NTBEA's best settings are raced.
pub const SHORTLIST: usize = 16;

/// How many settings NTBEA aims to play, which sets the games of each:
/// more games a setting beyond this many settings.
const TARGET_EVALUATIONS: u64 = 2_000;

/// The fewest games of a setting at a level an evaluation plays.
const LEAST_GAMES: u64 = 10;

/// The most games of a setting at a level an evaluation plays.
const MOST_GAMES: u64 = 200;

/// The word NTBEA's seeds mix in, so that its games are none of the race's.
const NTBEA_WORD: u64 = 0x17BE_A5EED;

/// A setting NTBEA played: its games summed over its evaluations.
#[derive(Clone, Debug)]
pub struct Point {
    /// The setting and its games at each level.
    pub contender: Contender,
    /// How many times it was played.
    pub evaluations: u64,
    /// The mean fitness of its evaluations.
    pub fitness: f64,
    /// The model's estimate of its fitness when NTBEA ended.
    pub estimate: f64,
    /// Whether it is among the best raced.
    pub shortlisted: bool,
}

/// What NTBEA played and chose.
#[derive(Clone, Debug)]
pub struct Ntbea {
    /// Every setting played, in the order first played.
    pub points: Vec<Point>,
    /// Games played.
    pub spent: u64,
    /// Batches run.
    pub batches: usize,
    /// Games of a setting at each level in one evaluation.
    pub games_each: u64,
    /// Settings drawn that make no game (values that do not go together),
    /// passed over.
    pub passed_over: usize,
}

impl Ntbea {
    /// Runs NTBEA over `plan`'s space on its share of the budget.
    pub fn run(
        plan: &SearchPlan,
        settings: &SearchSettings,
        watch: &mut dyn SearchWatch,
    ) -> Result<Ntbea, SearchError> {
        let budget = plan.budget / SHARE_DIVISOR;
        let levels = plan.levels.len() as u64;
        let games_each = (budget / (levels * TARGET_EVALUATIONS)).clamp(LEAST_GAMES, MOST_GAMES);
        let evaluations = (budget / (levels * games_each)).max(1) as usize;
        let mut rng = Rng::seed_from_u64(mix(plan.seed, NTBEA_WORD));
        let mut model = NTupleModel::new(plan.space.len());
        let mut fitness: Option<Fitness> = None;
        let mut points: Vec<Point> = Vec::new();
        let mut index: HashMap<Candidate, usize> = HashMap::new();
        let (mut played, mut batches, mut spent) = (0, 0, 0);
        let mut current: Candidate = random_setting(plan, &mut rng);
        let mut infeasible: HashSet<Candidate> = HashSet::new();
        let mut first_error: Option<PlanError> = None;
        while played < evaluations {
            let size = BATCH.min(evaluations - played);
            let picks: Vec<Candidate> = if batches == 0 {
                (0..size).map(|_| random_setting(plan, &mut rng)).collect()
            } else {
                next_batch(plan, &model, &infeasible, &current, size, &mut rng)
            };
            // A setting whose values do not go together makes no game:
            // passed over, and never drawn again.
            let mut picks: Vec<Candidate> = picks
                .into_iter()
                .filter(|c| {
                    if infeasible.contains(c) {
                        return false;
                    }
                    let error = (0..plan.levels.len()).find_map(|l| plan.cell_plan(c, l).err());
                    match error {
                        Some(e) => {
                            first_error.get_or_insert(e);
                            infeasible.insert(c.clone());
                            false
                        }
                        None => true,
                    }
                })
                .collect();
            played += size;
            batches += 1;
            if picks.is_empty() {
                continue;
            }
            let batch = batches - 1;
            let cells: Vec<(Candidate, usize)> = picks
                .iter()
                .flat_map(|c| (0..plan.levels.len()).map(move |l| (c.clone(), l)))
                .collect();
            let folder = Path::new("ntbea").join(format!("batch-{batch}"));
            let results = play_round(
                plan,
                settings,
                watch,
                Round {
                    stage: &format!("NTBEA batch {batch}"),
                    folder: &folder,
                    seed: mix(mix(plan.seed, NTBEA_WORD), batch as u64) >> 1,
                    games: games_each,
                    cells: &cells,
                },
            )?;
            let per_pick: Vec<Vec<Option<f64>>> = results
                .chunks(plan.levels.len())
                .map(|levels| {
                    let tallies: Vec<_> = levels.iter().map(|r| r.tally.unpack()).collect();
                    let played: Vec<_> = levels.iter().map(|r| &r.plan).zip(&tallies).collect();
                    goal_utilities(plan, &played)
                })
                .collect();
            let f = fitness.get_or_insert_with(|| Fitness::new(plan, &per_pick));
            for u in &per_pick {
                f.see(u);
            }
            for (k, c) in picks.iter().enumerate() {
                let value = f.of(&per_pick[k]);
                model.add(c, value);
                let at = *index.entry(c.clone()).or_insert_with(|| {
                    points.push(Point {
                        contender: Contender::new(c.clone(), plan.levels.len()),
                        evaluations: 0,
                        fitness: 0.0,
                        estimate: 0.0,
                        shortlisted: false,
                    });
                    points.len() - 1
                });
                let p = &mut points[at];
                p.fitness += (value - p.fitness) / (p.evaluations + 1) as f64;
                p.evaluations += 1;
                for (l, r) in results[k * plan.levels.len()..][..plan.levels.len()]
                    .iter()
                    .enumerate()
                {
                    spent += r.tally.games();
                    p.contender.add(l, &r.plan, r.tally.clone());
                }
            }
            current = picks.pop().expect("a batch plays a setting");
            watch.batch_finished(batch, points.len(), spent, plan.budget);
        }
        if points.is_empty() {
            let why = first_error.map_or_else(String::new, |e| format!(": {e}"));
            return Err(SearchError::Plan(PlanError::whole(
                &plan.source,
                format!("NTBEA drew {played} settings and none makes a game{why}"),
            )));
        }
        for p in &mut points {
            p.estimate = model
                .estimate(&p.contender.candidate)
                .expect("a setting played is in the model");
        }
        let mut order: Vec<usize> = (0..points.len()).collect();
        order.sort_by(|&a, &b| points[b].estimate.total_cmp(&points[a].estimate));
        for &i in order.iter().take(SHORTLIST) {
            points[i].shortlisted = true;
        }
        Ok(Ntbea {
            points,
            spent,
            batches,
            games_each,
            passed_over: infeasible.len(),
        })
    }

    /// The settings raced after NTBEA, in the space's order.
    pub fn shortlist(&self, plan: &SearchPlan) -> Vec<Candidate> {
        let mut list: Vec<Candidate> = self
            .points
            .iter()
            .filter(|p| p.shortlisted)
            .map(|p| p.contender.candidate.clone())
            .collect();
        list.sort_by_key(|c| plan.index_of(c));
        list
    }
}

/// A setting drawn uniformly from the space.
fn random_setting(plan: &SearchPlan, rng: &mut Rng) -> Candidate {
    plan.space
        .iter()
        .map(|d| below(rng, d.values.len() as u32) as usize)
        .collect()
}

/// The next `size` settings to play from `current`: each the neighbour
/// of the one before that the model bounds highest, counted in the model
/// at its own estimate before the next is chosen.
fn next_batch(
    plan: &SearchPlan,
    model: &NTupleModel,
    infeasible: &HashSet<Candidate>,
    current: &Candidate,
    size: usize,
    rng: &mut Rng,
) -> Vec<Candidate> {
    let mut lied = model.clone();
    let mut x = current.clone();
    let mut picks = Vec::with_capacity(size);
    for _ in 0..size {
        let mut best: Option<(f64, Candidate)> = None;
        for _ in 0..NEIGHBOURS {
            let n = neighbour(plan, &x, rng);
            if infeasible.contains(&n) {
                continue;
            }
            let b = lied.bound(&n, EXPLORE);
            if best.as_ref().is_none_or(|(top, _)| b > *top) {
                best = Some((b, n));
            }
        }
        // Every neighbour drawn known to make no game: stay, and let the
        // batch pass it over.
        let Some((_, next)) = best else {
            picks.push(x.clone());
            continue;
        };
        let lie = lied.estimate(&next).unwrap_or(0.0);
        lied.add(&next, lie);
        picks.push(next.clone());
        x = next;
    }
    picks
}

/// A neighbour of `x`: each option that has a choice changed with
/// probability one over their number, at least one changed.
fn neighbour(plan: &SearchPlan, x: &[usize], rng: &mut Rng) -> Candidate {
    let open: Vec<usize> = (0..plan.space.len())
        .filter(|&d| plan.space[d].values.len() > 1)
        .collect();
    let mut y = x.to_vec();
    if open.is_empty() {
        return y;
    }
    let change = |y: &mut Candidate, d: usize, rng: &mut Rng| {
        let n = plan.space[d].values.len();
        // A value other than the current one, uniformly.
        let v = below(rng, n as u32 - 1) as usize;
        y[d] = if v >= x[d] { v + 1 } else { v };
    };
    for &d in &open {
        if below(rng, open.len() as u32) == 0 {
            change(&mut y, d, rng);
        }
    }
    if y == x {
        let d = open[below(rng, open.len() as u32) as usize];
        change(&mut y, d, rng);
    }
    y
}
