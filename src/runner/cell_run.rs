//! One cell of an experiment: what to play ([`CellPlan`]) and how to play
//! any range of its games ([`CellJob`]).

use crate::core::dice::Dice;
use crate::core::game::Game;
use crate::core::log::Silent;
use crate::core::options::Options;
use crate::core::policy::Policy;
use crate::core::seed::{SeatRng, Stream, game_seed, stream};
use crate::core::text::{bounded, printable};
use crate::runner::drive::{Retirements, SeatFailure, drive, drive_retiring, forfeit_after};
use crate::runner::policy_spec::PolicySpec;
use crate::runner::tally::Tally;

/// One cell to play: a game, its options and a policy per seat.
#[derive(Clone, Debug)]
pub struct CellPlan {
    /// The cell's index in the experiment (part of every game's seed).
    pub index: usize,
    /// The game's registry name.
    pub game: &'static str,
    /// The options as given, every option not given at its default: what
    /// builds the game and what a replay command repeats.
    pub options: Options,
    /// The options in force (see [`crate::core::game::Game::options_in_force`]):
    /// what scripts and reports see.
    pub in_force: Options,
    /// The index of the `[[cells]]` entry of the experiment file this cell
    /// comes from: the cells of one sweep share it.
    pub entry: usize,
    /// This cell's point of its entry's sweep, as (key, value) pairs in
    /// the file's order (`seats` among them when seat lists are swept).
    pub swept: Vec<(String, String)>,
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

impl CellPlan {
    /// Cell 0 of an experiment of seed `seed`: game `G` with `options`,
    /// one policy per seat, every game played to its end. For tests and
    /// tools that play one cell.
    pub fn single<G: Game>(
        options: Options,
        seats: Vec<PolicySpec>,
        games: u64,
        seed: u64,
    ) -> Result<CellPlan, String> {
        Ok(CellPlan {
            index: 0,
            game: G::NAME,
            in_force: G::options_in_force(&options)?,
            options,
            entry: 0,
            swept: Vec::new(),
            seats,
            games,
            seed,
            max_plies: u32::MAX,
            on_bot_error: OnBotError::Stop,
        })
    }
}

/// What happens when a seat's policy fails (a script error, a budget
/// exceeded, an illegal answer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnBotError {
    /// The cell stops; the run ends with the failure (exit code 3).
    #[default]
    Stop,
    /// The failing seat leaves the game, taking the last place, and the
    /// cell goes on: the others play on where the game allows it
    /// ([`crate::core::game::Game::retire`]); otherwise the game ends there
    /// (ending `bot-error`), the others sharing first place.
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
    /// The failing seat.
    pub seat: usize,
    /// The game's length when it failed.
    pub ply: u32,
    /// The message.
    pub message: String,
}

/// The games of one cell, ready to be played in any chunks on any thread:
/// what [`crate::runner::batch`] schedules, without knowing the game.
/// `Send`, so that a batch may make a cell's job on the thread that first
/// needs it and share it until the cell's last chunk is played.
pub trait CellJob: Send + Sync {
    /// The cell.
    fn plan(&self) -> &CellPlan;

    /// Plays the games whose indices are in `games`, in order, asking
    /// `go_on(index)` before each: a chunk stopped early returns the
    /// tally of the games it played. The first game a policy fails (under
    /// [`OnBotError::Stop`]) ends the chunk with that failure.
    fn play(
        &self,
        games: std::ops::Range<u64>,
        go_on: &dyn Fn(u64) -> bool,
    ) -> Result<Tally, GameFailure>;
}

/// A cell of game `G`: its plan and the game set up once, cloned for every game.
pub struct CellRun<G: Game> {
    plan: CellPlan,
    proto: G,
}

impl<G: Game> CellRun<G> {
    /// Sets up the cell's game, or says why its options cannot make one.
    pub fn new(plan: CellPlan) -> Result<CellRun<G>, String> {
        let proto = G::new(&plan.options)?;
        Ok(CellRun { plan, proto })
    }
}

impl<G: Game> CellJob for CellRun<G> {
    fn plan(&self) -> &CellPlan {
        &self.plan
    }

    fn play(
        &self,
        games: std::ops::Range<u64>,
        go_on: &dyn Fn(u64) -> bool,
    ) -> Result<Tally, GameFailure> {
        let plan = &self.plan;
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
        // One game, reset from the prototype before each: `clone_from` lets
        // a game keep the room its lists grew to.
        let mut game = proto.clone();
        for index in games {
            if !go_on(index) {
                break;
            }
            let seed = game_seed(plan.seed, plan.index as u64, index);
            let mut dice = Dice::seeded(stream(seed, Stream::Dice));
            rngs.clear();
            rngs.extend((0..players).map(|s| SeatRng::new(seed, s)));
            game.clone_from(proto);
            let (game, dice, policies, rngs, buf) =
                (&mut game, &mut dice, &mut policies, &mut rngs, &mut buf);
            let played = match plan.on_bot_error {
                OnBotError::Stop => {
                    drive(game, dice, policies, rngs, plan.max_plies, buf, &mut Silent)
                }
                OnBotError::Forfeit => {
                    retired.clear();
                    drive_retiring(
                        game,
                        dice,
                        policies,
                        rngs,
                        plan.max_plies,
                        buf,
                        &mut Silent,
                        &mut retired,
                    )
                }
            };
            let failure = |f: SeatFailure| GameFailure {
                cell: plan.index,
                game_index: index,
                game_seed: seed,
                seat: f.seat,
                ply: f.ply,
                message: bounded(&printable(f.error.message.as_bytes(), true), MESSAGE_BYTES),
            };
            match played {
                Ok(outcome) => tally.add(&outcome, game.length(), |s| game.payoff(s)),
                Err(f) => {
                    if plan.on_bot_error == OnBotError::Stop {
                        return Err(failure(f));
                    }
                    // A forfeited game counts no money: the pot was not settled.
                    let outcome = forfeit_after(players, retired.seats(), f.seat);
                    tally.add(&outcome, game.length(), |_| 0);
                }
            }
            if let Some(f) = retired.first.take() {
                tally.note_forfeit(failure(f));
            }
        }
        Ok(tally)
    }
}
