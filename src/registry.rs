//! The one place that maps game names to games. Everything above it (the
//! experiment files, the CLI, the reports) reaches games only through
//! [`GameEntry`], which knows no game's rules.

use std::marker::PhantomData;

use crate::analysis::retrograde::{self, Solution};
use crate::core::dice::Dice;
use crate::core::game::{Game, NativePolicyInfo, Turn};
use crate::core::log::{Log, Silent};
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::policy::Policy;
use crate::core::record::Record;
use crate::core::seed::{SeatRng, Stream, stream};
use crate::core::view::ViewInfo;
use crate::games::chess;
use crate::games::dice;
use crate::games::morris;
use crate::games::rithmomachy::Rithmomachy;
use crate::runner::cell_run::{CellJob, CellPlan, CellRun};
use crate::runner::drive::{SeatFailure, drive};
use crate::runner::policy_spec::PolicySpec;
use crate::runner::search_speed::{self, SearchSpeed};

/// A game as the game-agnostic layers see it.
pub trait GameEntry: Sync {
    /// The registry name.
    fn name(&self) -> &'static str;
    /// The reader's name.
    fn title(&self) -> &'static str;
    /// The unit a game's length counts (`throws`, `plies`).
    fn length_unit(&self) -> &'static str;
    /// The options.
    fn option_specs(&self) -> &'static [OptionSpec];
    /// The rules as implemented.
    fn rules(&self) -> &'static str;
    /// The rules page for these options (a rule set's own page, if it has one).
    fn rules_page(&self, options: &Options) -> String;
    /// The game's own native policies.
    fn native_policies(&self) -> &'static [NativePolicyInfo];
    /// The views the game offers to scripts.
    fn views(&self) -> &'static [ViewInfo];
    /// How narration names a seat (`seat 1`, or `white` in Rithmomachy).
    fn seat_name(&self, seat: usize) -> String;
    /// The side a seat plays where the game names its seats (`white`).
    fn side_name(&self, seat: usize) -> Option<&'static str>;
    /// Checks that a game can be made with `options`; returns its seat count.
    fn players(&self, options: &Options) -> Result<usize, String>;
    /// The options as they are in force (every `preset` resolved).
    fn options_in_force(&self, options: &Options) -> Result<Options, String>;
    /// Checks that `policy` can play this game with the options in force.
    fn check_policy(&self, policy: &PolicySpec, in_force: &Options) -> Result<(), String>;
    /// Sets up a cell for the batch runner.
    fn cell_job(&self, plan: &CellPlan) -> Result<Box<dyn CellJob>, String>;
    /// Plays one game from its seed, narrating to `log`.
    fn play_one(
        &self,
        options: &Options,
        seats: &[PolicySpec],
        game_seed: u64,
        max_plies: u32,
        log: &mut dyn LogDyn,
    ) -> Result<PlayedGame, SeatFailure>;
    /// Times one decision of a search policy from each of `count` positions
    /// met in random games ([`search_speed::measure`]).
    fn search_speed(
        &self,
        options: &Options,
        spec: &PolicySpec,
        count: usize,
        seed: u64,
    ) -> Result<SearchSpeed, String>;
    /// Counts the leaf positions `depth` decisions deep (a finished game is
    /// a leaf), from the start or from a position file's text.
    fn perft(&self, options: &Options, position: Option<&str>, depth: u32) -> Result<u64, String>;
    /// Solves the game exactly from the start or a position file's text
    /// (small chance-free games), refusing more than `limit` positions.
    fn solve(
        &self,
        options: &Options,
        position: Option<&str>,
        limit: usize,
    ) -> Result<Solution, String>;
    /// Sets up the start or a position file's text, plays `moves` (written
    /// as the game writes them) and shows the result as text or JSON; an
    /// error for a game that has no positions (the dice games).
    fn position(
        &self,
        options: &Options,
        position: Option<&str>,
        moves: &[String],
        json: bool,
    ) -> Result<String, String>;
    /// The formats of other programs' records the game reads.
    fn record_formats(&self) -> &'static [&'static str];
    /// Reads another program's record of a game ([`Game::read_record`]).
    fn read_record(&self, format: &str, text: &str) -> Result<Record, String>;
}

/// A [`Log`] behind a pointer, for the one-game path where speed does not matter.
pub trait LogDyn {
    /// Records one line.
    fn line_dyn(&mut self, text: String);
}

impl<T: Log> LogDyn for T {
    fn line_dyn(&mut self, text: String) {
        self.line(format_args!("{text}"));
    }
}

struct DynLog<'a>(&'a mut dyn LogDyn);

impl Log for DynLog<'_> {
    fn on(&self) -> bool {
        true
    }
    fn line(&mut self, args: std::fmt::Arguments<'_>) {
        self.0.line_dyn(args.to_string());
    }
}

/// One game played by [`GameEntry::play_one`].
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// How it ended.
    pub outcome: Outcome,
    /// Its length.
    pub length: u32,
    /// Each seat's payoff.
    pub payoffs: Vec<i64>,
}

struct Entry<G>(PhantomData<fn() -> G>);

fn load<G: Game>(options: &Options, position: Option<&str>) -> Result<G, String> {
    match position {
        Some(text) => G::from_position(options, text),
        None => G::new(options),
    }
}

/// Why a command that needs decisions cannot go past a chance event.
fn chance_error<G: Game>(why: &str) -> String {
    match G::FIXED_START {
        Some(fixed) => {
            format!("who moves first is drawn by lot: pass --opt {fixed} for a fixed start")
        }
        None => format!("{} throws dice: {why}", G::NAME),
    }
}

fn count_leaves<G: Game>(game: &G, depth: u32, bufs: &mut [Vec<G::Move>]) -> Result<u64, String> {
    if depth == 0 {
        return Ok(1);
    }
    match game.turn() {
        Turn::Over => Ok(1),
        Turn::Chance => Err(chance_error::<G>(
            "perft counts positions of games without chance",
        )),
        Turn::Decide(_) => {
            let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
            game.legal_moves(buf);
            let mut n = 0;
            for &mv in buf.iter() {
                let mut next = game.clone();
                next.play(mv, &mut Silent);
                n += count_leaves(&next, depth - 1, rest)?;
            }
            Ok(n)
        }
    }
}

impl<G: Game> GameEntry for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn length_unit(&self) -> &'static str {
        G::LENGTH_UNIT
    }
    fn option_specs(&self) -> &'static [OptionSpec] {
        G::option_specs()
    }
    fn rules(&self) -> &'static str {
        G::rules()
    }
    fn rules_page(&self, options: &Options) -> String {
        G::rules_page(options)
    }
    fn native_policies(&self) -> &'static [NativePolicyInfo] {
        G::native_policies()
    }
    fn views(&self) -> &'static [ViewInfo] {
        G::views()
    }
    fn seat_name(&self, seat: usize) -> String {
        G::seat_name(seat)
    }
    fn side_name(&self, seat: usize) -> Option<&'static str> {
        G::side_name(seat)
    }
    fn players(&self, options: &Options) -> Result<usize, String> {
        G::new(options).map(|g| g.players())
    }
    fn options_in_force(&self, options: &Options) -> Result<Options, String> {
        G::options_in_force(options)
    }
    fn check_policy(&self, policy: &PolicySpec, in_force: &Options) -> Result<(), String> {
        policy.build_for::<G>(in_force).map(|_| ())
    }
    fn cell_job(&self, plan: &CellPlan) -> Result<Box<dyn CellJob>, String> {
        Ok(Box::new(CellRun::<G>::new(plan.clone())?))
    }
    fn play_one(
        &self,
        options: &Options,
        seats: &[PolicySpec],
        game_seed: u64,
        max_plies: u32,
        log: &mut dyn LogDyn,
    ) -> Result<PlayedGame, SeatFailure> {
        let mut game = G::new(options).expect("options were checked");
        let in_force = G::options_in_force(options).expect("options were checked");
        let mut policies: Vec<Box<dyn Policy<G>>> = seats
            .iter()
            .map(|s| s.build_for::<G>(&in_force).expect("policies were checked"))
            .collect();
        let mut rngs: Vec<_> = (0..game.players())
            .map(|s| SeatRng::new(game_seed, s))
            .collect();
        let mut dice = Dice::seeded(stream(game_seed, Stream::Dice));
        let mut log = DynLog(log);
        let outcome = drive(
            &mut game,
            &mut dice,
            &mut policies,
            &mut rngs,
            max_plies,
            &mut Vec::new(),
            &mut log,
        )?;
        Ok(PlayedGame {
            outcome,
            length: game.length(),
            payoffs: (0..game.players()).map(|s| game.payoff(s)).collect(),
        })
    }
    fn search_speed(
        &self,
        options: &Options,
        spec: &PolicySpec,
        count: usize,
        seed: u64,
    ) -> Result<SearchSpeed, String> {
        search_speed::measure::<G>(options, spec, count, seed)
    }
    fn perft(&self, options: &Options, position: Option<&str>, depth: u32) -> Result<u64, String> {
        let game: G = load(options, position)?;
        let mut bufs: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
        count_leaves(&game, depth, &mut bufs)
    }
    fn solve(
        &self,
        options: &Options,
        position: Option<&str>,
        limit: usize,
    ) -> Result<Solution, String> {
        retrograde::solve(&load::<G>(options, position)?, limit)
    }
    fn record_formats(&self) -> &'static [&'static str] {
        G::record_formats()
    }
    fn read_record(&self, format: &str, text: &str) -> Result<Record, String> {
        G::read_record(format, text)
    }
    fn position(
        &self,
        options: &Options,
        position: Option<&str>,
        moves: &[String],
        json: bool,
    ) -> Result<String, String> {
        let mut game: G = load(options, position)?;
        let mut legal = Vec::new();
        for (i, text) in moves.iter().enumerate() {
            if game.turn() == Turn::Over {
                return Err(format!("move {} `{text}`: the game is already over", i + 1));
            }
            if game.turn() == Turn::Chance {
                return Err(chance_error::<G>("it has no positions to set up"));
            }
            game.legal_moves(&mut legal);
            let mv = legal
                .iter()
                .copied()
                .find(|m| m.to_string() == *text)
                .ok_or_else(|| format!("move {} `{text}` is not legal here", i + 1))?;
            game.play(mv, &mut Silent);
        }
        let shown = if json {
            game.to_json().to_string()
        } else {
            game.diagram()
        };
        // `Game::diagram` and `Game::to_json` show nothing (empty, null)
        // in a game that has no positions.
        if shown.trim().is_empty() || shown == "null" {
            return Err(format!(
                "the game has no positions to show (`ludus play {}` narrates a game)",
                G::NAME
            ));
        }
        Ok(shown)
    }
}

/// Every game, in the order `ludus games` lists them.
pub fn games() -> &'static [&'static dyn GameEntry] {
    &[
        &Entry::<dice::extreme::Mayor>(PhantomData),
        &Entry::<dice::extreme::Menor>(PhantomData),
        &Entry::<dice::tanto::Tanto>(PhantomData),
        &Entry::<dice::triga::Triga>(PhantomData),
        &Entry::<dice::hazard::Hazard>(PhantomData),
        &Entry::<dice::marlota::Marlota>(PhantomData),
        &Entry::<dice::riffa::Riffa>(PhantomData),
        &Entry::<dice::pair_ace::PairAce>(PhantomData),
        &Entry::<dice::panquist::Panquist>(PhantomData),
        &Entry::<dice::half_hazard::HalfHazard>(PhantomData),
        &Entry::<dice::growing_hazard::GrowingHazard>(PhantomData),
        &Entry::<dice::guirguiesca::Guirguiesca>(PhantomData),
        &Entry::<Rithmomachy>(PhantomData),
        &Entry::<morris::Alquerque>(PhantomData),
        &Entry::<morris::Rabbit>(PhantomData),
        &Entry::<morris::NineMen>(PhantomData),
        &Entry::<morris::ThreeMen>(PhantomData),
        &Entry::<chess::GrandeAcedrex>(PhantomData),
        &Entry::<chess::FourSeasons>(PhantomData),
    ]
}

/// The game registered under `name`.
pub fn find(name: &str) -> Option<&'static dyn GameEntry> {
    games().iter().copied().find(|g| g.name() == name)
}
