//! [`PlayEntry`]: what the batch runner, `ludus play` and the plans ask
//! of a game: its name and seats, its options in force, the policies that
//! can play it, and its games played.

use crate::core::game::Game;
use crate::core::native_policies::NativePolicies;
use crate::core::option_error::OptionError;
use crate::core::options::Options;
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::stages::Stages;
use crate::policies::policy_error::PolicyError;
use crate::policies::policy_spec::PolicySpec;
use crate::runner::cell::Cell;
use crate::runner::cell_error::CellError;
use crate::runner::cell_job::CellJob;
use crate::runner::cell_run::CellRun;
use crate::runner::drive::SeatFailure;
use crate::runner::entry::{Entry, SEARCH_SEED};
use crate::runner::play_one::{self, LogDyn, OneGame, PlayedGame};
use crate::runner::search_speed::{self, SearchSpeed};

/// What the runner and the plans ask of a game: a game as it is played.
pub trait PlayEntry: Sync {
    /// The registry name.
    fn name(&self) -> &'static str;
    /// Whether a seat ever decides anything ([`Game::DECIDES`]).
    fn decides(&self) -> bool;
    /// Whether the runner counts a sample of the decisions' options, each
    /// weighing [`crate::runner::decisions::SAMPLED`], not all of them
    /// (the fast draw does not count them: [`Game::PICK_COUNTS`] false).
    fn samples_options(&self) -> bool;
    /// How narration names a seat (`seat 1`, or `white` in Rithmomachy).
    fn seat_name(&self, seat: usize) -> String;
    /// The side a seat plays where the game names its seats (`white`).
    fn side_name(&self, seat: usize) -> Option<&'static str>;
    /// Checks that a game can be made with `options`; returns its seat count.
    fn players(&self, options: &Options) -> Result<usize, OptionError>;
    /// The options as they are in force (every `preset` resolved).
    fn options_in_force(&self, options: &Options) -> Result<Options, OptionError>;
    /// Checks that `policy` can play this game with the options in force.
    fn check_policy(&self, policy: &PolicySpec, in_force: &Options) -> Result<(), PolicyError>;
    /// Sets up a cell for the batch runner.
    fn cell_job(&self, cell: &Cell) -> Result<Box<dyn CellJob>, OptionError>;
    /// Plays `one` from its seed, narrating to `log`.
    fn play_one(&self, one: &OneGame<'_>, log: &mut dyn LogDyn) -> Result<PlayedGame, SeatFailure>;
    /// Times one decision of a search policy from each of `count` positions
    /// met in random games, the same positions every time
    /// ([`search_speed::measure`] under [`SEARCH_SEED`]).
    fn search_speed(
        &self,
        options: &Options,
        spec: &PolicySpec,
        count: usize,
    ) -> Result<SearchSpeed, CellError>;
}

impl<G: Game + Presentation + NativePolicies + RecordFormats + Stages> PlayEntry for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn decides(&self) -> bool {
        G::DECIDES
    }
    fn samples_options(&self) -> bool {
        !G::PICK_COUNTS
    }
    fn seat_name(&self, seat: usize) -> String {
        G::seat_name(seat)
    }
    fn side_name(&self, seat: usize) -> Option<&'static str> {
        G::side_name(seat)
    }
    fn players(&self, options: &Options) -> Result<usize, OptionError> {
        G::new(options).map(|g| g.players())
    }
    fn options_in_force(&self, options: &Options) -> Result<Options, OptionError> {
        G::options_in_force(options)
    }
    fn check_policy(&self, policy: &PolicySpec, in_force: &Options) -> Result<(), PolicyError> {
        policy.build_for::<G>(in_force).map(|_| ())
    }
    fn cell_job(&self, cell: &Cell) -> Result<Box<dyn CellJob>, OptionError> {
        Ok(Box::new(CellRun::<G>::new(cell.clone())?))
    }
    fn play_one(&self, one: &OneGame<'_>, log: &mut dyn LogDyn) -> Result<PlayedGame, SeatFailure> {
        play_one::play_one::<G>(one, log)
    }
    fn search_speed(
        &self,
        options: &Options,
        spec: &PolicySpec,
        count: usize,
    ) -> Result<SearchSpeed, CellError> {
        search_speed::measure::<G>(options, spec, count, SEARCH_SEED)
    }
}
