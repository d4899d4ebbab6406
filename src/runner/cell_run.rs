//! One cell's games of game `G` played, from any range of its indices:
//! the [`CellJob`] every game's cells are.

use crate::core::dice::Dice;
use crate::core::game::Game;
use crate::core::log::Silent;
use crate::core::native_policies::NativePolicies;
use crate::core::option_error::OptionError;
use crate::core::policy::Policy;
use crate::core::seed::{SeatRng, Stream, game_seed, stream};
use crate::core::text::{bounded, printable};
use crate::runner::cell::Cell;
use crate::runner::cell_job::CellJob;
use crate::runner::decisions::Decisions;
use crate::runner::drive::{
    Drive, Retirements, SeatFailure, drive, drive_retiring, forfeit_after, uniform_seats,
};
use crate::runner::judge::Judge;
use crate::runner::metrics_level::MetricsLevel;
use crate::runner::on_bot_error::OnBotError;
use crate::runner::tally::{GameFailure, MESSAGE_BYTES, Tally};

/// A cell of game `G`: what to play and the game set up once, reset from
/// it for every game.
pub struct CellRun<G: Game> {
    cell: Cell,
    proto: G,
}

impl<G: Game> CellRun<G> {
    /// Sets up the cell's game, or says why its options cannot make one.
    pub fn new(cell: Cell) -> Result<CellRun<G>, OptionError> {
        let proto = G::new(&cell.options)?;
        Ok(CellRun { cell, proto })
    }
}

impl<G: Game + NativePolicies> CellJob for CellRun<G> {
    fn cell(&self) -> &Cell {
        &self.cell
    }

    fn play(
        &self,
        games: std::ops::Range<u64>,
        go_on: &dyn Fn(u64) -> bool,
    ) -> Result<Tally, GameFailure> {
        let plan = &self.cell;
        let proto = &self.proto;
        let players = proto.players();
        let mut policies: Vec<Box<dyn Policy<G>>> = plan
            .seats
            .iter()
            .map(|s| {
                s.build_for::<G>(&plan.in_force)
                    .expect("policies were checked when the plan was made")
            })
            .collect();
        let mut tally = Tally::new(players);
        let mut buf = Vec::with_capacity(128);
        let mut rngs = Vec::with_capacity(players);
        let mut retired = Retirements::default();
        let uniform = uniform_seats(&policies);
        // One game, reset from the prototype before each: `clone_from` lets
        // a game keep the room its lists grew to.
        let mut game = proto.clone();
        let mut decisions = Decisions::new(plan.metrics == MetricsLevel::All);
        let mut judge = (plan.metrics == MetricsLevel::All).then(|| {
            Judge::new(plan.evaluator.as_ref().map(|e| {
                e.build_evaluator_for::<G>(&plan.in_force)
                    .expect("the evaluator was checked when the plan was made")
            }))
        });
        for index in games {
            if !go_on(index) {
                break;
            }
            let seed = game_seed(plan.seed, plan.index as u64, index);
            let mut dice = Dice::seeded(stream(seed, Stream::Dice));
            rngs.clear();
            rngs.extend((0..players).map(|s| SeatRng::new(seed, s)));
            game.clone_from(proto);
            decisions.start_game(seed);
            let judge_failed = match judge.as_mut() {
                Some(j) => j.start_game(&game, seed).err(),
                None => None,
            };
            if let Some(error) = judge_failed {
                return Err(failure_at(
                    plan,
                    index,
                    seed,
                    SeatFailure::of_evaluator(0, error, 0),
                ));
            }
            let d = Drive {
                game: &mut game,
                dice: &mut dice,
                policies: &mut policies,
                rngs: &mut rngs,
                max_plies: plan.max_plies,
                buf: &mut buf,
                log: &mut Silent,
                decisions: &mut decisions,
                uniform,
                judge: judge.as_mut(),
                diagram: None,
            };
            let played = match plan.on_bot_error {
                OnBotError::Stop => drive(d),
                OnBotError::Forfeit => {
                    retired.clear();
                    drive_retiring(d, &mut retired)
                }
            };
            // Where lots or opening throws decide who begins, the game
            // knows; elsewhere the first decision tells.
            if let Some(first) = game.first_mover() {
                decisions.game.first = Some(first);
            }
            let failure = |f: SeatFailure| failure_at(plan, index, seed, f);
            match played {
                Ok(outcome) => {
                    tally.add(&outcome, game.length(), &decisions, |s| game.payoff(s));
                    if let Some(j) = judge.as_ref().filter(|j| j.judged) {
                        tally.metrics.judged.add(&j.judgements, &outcome);
                    }
                }
                Err(f) => {
                    if plan.on_bot_error == OnBotError::Stop || f.by_evaluator {
                        return Err(failure(f));
                    }
                    // A forfeited game counts no money: the pot was not settled.
                    let outcome = forfeit_after(players, retired.seats(), f.seat);
                    tally.add(&outcome, game.length(), &decisions, |_| 0);
                }
            }
            if let Some(f) = retired.first.take() {
                tally.note_forfeit(failure(f));
            }
        }
        tally.metrics.options = decisions.seen;
        Ok(tally)
    }
}

/// The failure `f` of game `index` (seed `seed`) of the cell `plan`, as a
/// run reports it.
fn failure_at(plan: &Cell, index: u64, seed: u64, f: SeatFailure) -> GameFailure {
    GameFailure {
        by_evaluator: f.by_evaluator,
        cell: plan.index,
        game_index: index,
        game_seed: seed,
        seat: f.seat,
        policy: plan
            .seats
            .get(f.seat)
            .map_or(String::new(), |p| p.to_string()),
        ply: f.ply,
        message: bounded(&printable(f.error.message.as_bytes(), true), MESSAGE_BYTES),
    }
}
