//! Plays every game of one cell, in parallel over blocks of game indices.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::core::dice::Dice;
use crate::core::game::Game;
use crate::core::log::Silent;
use crate::core::options::Options;
use crate::core::policy::Policy;
use crate::core::seed::{SeatRng, Stream, game_seed, stream};
use crate::runner::drive::{drive, forfeit};
use crate::runner::policy_spec::PolicySpec;
use crate::runner::tally::Tally;

/// Games per block: the unit of parallel work and of progress.
pub const BLOCK: u64 = 2048;

/// One cell to play: a game, its options and a policy per seat.
#[derive(Clone, Debug)]
pub struct CellPlan {
    /// The cell's index in the experiment (part of every game's seed).
    pub index: usize,
    /// The game's registry name.
    pub game: &'static str,
    /// The resolved options.
    pub options: Options,
    /// One policy per seat.
    pub seats: Vec<PolicySpec>,
    /// Games to play.
    pub games: u64,
    /// The experiment seed.
    pub seed: u64,
    /// Longest game before it is stopped as a draw.
    pub max_plies: u32,
    /// What a failing policy does to the run.
    pub on_bot_error: OnBotError,
}

/// What happens when a seat's policy fails (a script error, a budget
/// exceeded, an illegal answer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnBotError {
    /// The cell stops; the run ends with the failure (exit code 3).
    #[default]
    Stop,
    /// The failing seat loses that game (ending `bot-error`) and the cell goes on.
    Forfeit,
}

impl OnBotError {
    /// Parses `stop` or `forfeit`.
    pub fn parse(text: &str) -> Result<OnBotError, String> {
        match text {
            "stop" => Ok(OnBotError::Stop),
            "forfeit" => Ok(OnBotError::Forfeit),
            _ => Err(format!("`{text}` must be `stop` or `forfeit`")),
        }
    }
}

/// A policy failed: which game, which seat, what happened.
#[derive(Clone, Debug)]
pub struct GameFailure {
    /// The cell.
    pub cell: usize,
    /// The game's index in the cell.
    pub game_index: u64,
    /// The game's seed (`ludus play --seed` replays it).
    pub game_seed: u64,
    /// The failing seat.
    pub seat: usize,
    /// The game's length when it failed.
    pub ply: u32,
    /// The message.
    pub message: String,
}

/// Plays every game of `plan`; `progress` is called with the number of games
/// of each finished block.
pub fn run_cell<G: Game>(
    plan: &CellPlan,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, GameFailure> {
    let proto = G::new(&plan.options).expect("options were checked when the plan was made");
    let players = proto.players();
    let blocks = plan.games.div_ceil(BLOCK);
    let failed = AtomicBool::new(false);
    (0..blocks)
        .into_par_iter()
        .map(|b| {
            if failed.load(Ordering::Relaxed) {
                return Ok(Tally::new(players));
            }
            let start = b * BLOCK;
            let end = (start + BLOCK).min(plan.games);
            let r = run_block(plan, &proto, start..end);
            if r.is_err() {
                failed.store(true, Ordering::Relaxed);
            } else {
                progress(end - start);
            }
            r
        })
        .reduce(
            || Ok(Tally::new(players)),
            |a, b| match (a, b) {
                (Ok(a), Ok(b)) => Ok(a.merge(b)),
                (Err(a), Err(b)) => Err(if a.game_index <= b.game_index { a } else { b }),
                (Err(e), _) | (_, Err(e)) => Err(e),
            },
        )
}

fn run_block<G: Game>(
    plan: &CellPlan,
    proto: &G,
    games: std::ops::Range<u64>,
) -> Result<Tally, GameFailure> {
    let players = proto.players();
    let mut policies: Vec<Box<dyn Policy<G>>> = plan
        .seats
        .iter()
        .map(|s| {
            s.build::<G>()
                .expect("policies were checked when the plan was made")
        })
        .collect();
    let mut tally = Tally::new(players);
    let mut buf = Vec::with_capacity(128);
    let mut rngs = Vec::with_capacity(players);
    for index in games {
        let seed = game_seed(plan.seed, plan.index as u64, index);
        let mut dice = Dice::seeded(stream(seed, Stream::Dice));
        rngs.clear();
        rngs.extend((0..players).map(|s| SeatRng::new(seed, s)));
        let mut game = proto.clone();
        let played = drive(
            &mut game,
            &mut dice,
            &mut policies,
            &mut rngs,
            plan.max_plies,
            &mut buf,
            &mut Silent,
        );
        match played {
            Ok(outcome) => tally.add(&outcome, game.length(), |s| game.payoff(s)),
            Err(f) => {
                let failure = GameFailure {
                    cell: plan.index,
                    game_index: index,
                    game_seed: seed,
                    seat: f.seat,
                    ply: f.ply,
                    message: f.error.message,
                };
                if plan.on_bot_error == OnBotError::Stop {
                    return Err(failure);
                }
                // A forfeited game counts no money: the pot was not settled.
                tally.add(&forfeit(players, f.seat), game.length(), |_| 0);
                tally.note_forfeit(failure);
            }
        }
    }
    Ok(tally)
}
