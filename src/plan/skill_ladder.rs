//! The skill ladders of an experiment: each entry that sweeps a policy's
//! parameter for every seat (`seats = "mcts:{budget}"`, a skill curve)
//! is a ladder of levels, one a cell, which a short round-robin among the
//! levels and `random` rates on one Elo scale (see
//! [`crate::run::skill_calibration`]), so that a skill curve's x-axis is
//! a strength, not a budget.

use crate::plan::cell_plan::CellPlan;
use crate::plan::tournament::{RankBy, Tournament};
use crate::policies::policy_spec::PolicySpec;

/// One ladder: the cells of one entry and setting of the rules, and the
/// tournament that rates their levels.
#[derive(Clone, Debug)]
pub struct Ladder {
    /// The cells rated, indices into the experiment's cells.
    pub cells: Vec<usize>,
    /// For each of `cells`, its level's index in `tournament.policies`.
    pub level_of: Vec<usize>,
    /// The round-robin: `random` (the anchor, Elo 0) first, then each
    /// level in the order its cells come.
    pub tournament: Tournament,
}

/// The ladders of `cells` (an experiment's, in order), `games` giving the
/// games per pairing of each cell's entry (0: not rated), the games on
/// `seed`'s common seeds. A ladder is an entry's cells of one game and
/// options in force whose every seat plays one policy, a swept parameter
/// among them, in a game of two seats; one level alone and `random` make
/// a ladder too (its level is rated against `random`).
pub fn ladders(cells: &[CellPlan], games: impl Fn(usize) -> u64, seed: u64) -> Vec<Ladder> {
    let random = PolicySpec {
        name: "random".to_string(),
        param: None,
    };
    let mut out: Vec<(usize, String, Ladder)> = Vec::new();
    for (c, plan) in cells.iter().enumerate() {
        let seats = &plan.cell.seats;
        let per_pairing = games(plan.entry);
        let one_policy = seats.len() == 2 && seats.iter().all(|s| *s == seats[0]);
        if per_pairing == 0 || plan.params.is_empty() || !one_policy {
            continue;
        }
        let rules = format!("{}|{}", plan.game.name(), plan.cell.in_force);
        let at = out
            .iter()
            .position(|(e, r, _)| *e == plan.entry && *r == rules);
        let at = at.unwrap_or_else(|| {
            out.push((
                plan.entry,
                rules,
                Ladder {
                    cells: Vec::new(),
                    level_of: Vec::new(),
                    tournament: Tournament {
                        name: "calibration".to_string(),
                        seed,
                        game: plan.game,
                        options: plan.cell.options.clone(),
                        in_force: plan.cell.in_force.clone(),
                        policies: vec![random.clone()],
                        gauntlet: false,
                        games_per_seating: per_pairing.div_ceil(2),
                        max_plies: plan.cell.max_plies,
                        on_bot_error: plan.cell.on_bot_error,
                        rank_by: RankBy::Elo,
                        hash: String::new(),
                        record: 0,
                    },
                },
            ));
            out.len() - 1
        });
        let ladder = &mut out[at].2;
        let policies = &mut ladder.tournament.policies;
        let level = policies
            .iter()
            .position(|p| *p == seats[0])
            .unwrap_or_else(|| {
                policies.push(seats[0].clone());
                policies.len() - 1
            });
        ladder.cells.push(c);
        ladder.level_of.push(level);
    }
    out.into_iter()
        .map(|(_, _, l)| l)
        .filter(|l| l.tournament.policies.len() >= 2)
        .collect()
}
