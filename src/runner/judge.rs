//! The evaluator at work while a game is driven (`metrics = "all"`): it
//! judges the position before each decision for every seat, and each
//! option of the decision for the seat that chooses, into the game's
//! [`Judgements`].

use crate::core::game::Game;
use crate::core::log::Silent;
use crate::core::policy::{BotError, Policy, Values};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::core::seed::SeatRng;
use crate::policies::reward::own_values;
use crate::runner::judgements::Judgements;

/// The evaluator of a cell's games, and what it made of the current one.
pub struct Judge<G: Game> {
    /// The experiment's `metrics_evaluator`; `None`: the game's own
    /// evaluation.
    evaluator: Option<Box<dyn Policy<G>>>,
    /// The evaluator's stream in the current game: one no seat has, so
    /// the seats' play is the same with or without it.
    rng: SeatRng,
    moves: Vec<G::Move>,
    options: Vec<f64>,
    /// The position after an option, reused (`clone_from` keeps the room
    /// its lists grew to).
    scratch: Option<G>,
    /// The current game's judgements.
    pub judgements: Judgements,
    /// Whether every position of the current game had a value: a game
    /// without an evaluation has none, and adds nothing to the metrics.
    pub judged: bool,
}

impl<G: Game> Judge<G> {
    /// A judge by `evaluator` (`None`: the game's own evaluation).
    pub fn new(evaluator: Option<Box<dyn Policy<G>>>) -> Judge<G> {
        Judge {
            evaluator,
            rng: SeatRng::new(0, MAX_SEATS),
            moves: Vec::new(),
            options: Vec::new(),
            scratch: None,
            judgements: Judgements::default(),
            judged: false,
        }
    }

    /// Starts judging `game`, of seed `seed`, at its start.
    pub fn start_game(&mut self, game: &G, seed: u64) -> Result<(), BotError> {
        self.judgements.start(game.players());
        self.judged = true;
        // A stream past the seats' (which run 0 to MAX_SEATS - 1).
        self.rng = SeatRng::new(seed, MAX_SEATS);
        match &mut self.evaluator {
            Some(e) => e.start(0, game, &mut self.rng),
            None => Ok(()),
        }
    }

    /// Every seat's value of `game`, `seat`'s above all: a game over by
    /// its places, else the evaluator's judgement, else the game's own
    /// evaluation.
    fn values(&mut self, game: &G, seat: Seat) -> Result<Option<Values>, BotError> {
        if game.outcome().is_some() {
            return Ok(own_values(game));
        }
        let judged = match &mut self.evaluator {
            Some(e) => e.evaluate(game, seat, self.rng.get())?,
            None => None,
        };
        Ok(judged.or_else(|| own_values(game)))
    }

    /// `seat`'s value of `game` alone, as [`Judge::values`] judges it:
    /// where the judge is the game's own evaluation, the other seats'
    /// values are not asked for.
    fn value_of(&mut self, game: &G, seat: Seat) -> Result<Option<f64>, BotError> {
        if self.evaluator.is_none() && game.outcome().is_none() {
            return Ok(game.evaluate(seat).map(|v| v.clamp(-1.0, 1.0)));
        }
        Ok(self.values(game, seat)?.map(|v| v[seat]))
    }

    /// Judges the position before `seat`'s decision, and each of its
    /// options after the move for `seat`.
    pub fn before_decision(&mut self, game: &G, seat: Seat) -> Result<(), BotError> {
        if !self.judged {
            return Ok(());
        }
        let Some(v) = self.values(game, seat)? else {
            self.judged = false;
            return Ok(());
        };
        self.judgements.note(v);
        game.legal_moves(&mut self.moves);
        if self.moves.len() < 2 {
            return Ok(());
        }
        let moves = std::mem::take(&mut self.moves);
        let mut next = self.scratch.take().unwrap_or_else(|| game.clone());
        self.options.clear();
        let mut each = || -> Result<bool, BotError> {
            for &mv in &moves {
                next.clone_from(game);
                next.play(mv, &mut Silent);
                match self.value_of(&next, seat)? {
                    Some(v) => self.options.push(v),
                    None => return Ok(false),
                }
            }
            Ok(true)
        };
        let all = each();
        self.moves = moves;
        self.scratch = Some(next);
        if all? {
            self.judgements.note_options(&self.options);
        }
        Ok(())
    }
}
