//! Plays one game to its end: chance from the dice, decisions from the policies.

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::outcome::Outcome;
use crate::core::policy::{BotError, Policy};
use crate::core::seat::{MAX_SEATS, Seat, SeatSet};
use crate::core::seed::{SeatRng, below};
use crate::runner::decisions::{Counted, Decisions, Sample};
use crate::runner::judge::Judge;
use crate::say;

/// The ending of a game cut short at the experiment's `max_plies`: a draw
/// shared by every seat.
pub const MAX_PLIES: &str = "max-plies";

/// A policy failed during a game.
#[derive(Clone, Debug)]
pub struct SeatFailure {
    /// The seat whose policy failed.
    pub seat: Seat,
    /// What went wrong.
    pub error: BotError,
    /// The game's length when it happened (in the game's own unit).
    pub ply: u32,
    /// Whether it was the cell's `metrics_evaluator` that failed, judging
    /// `seat`'s decision, not the seat's policy: the run stops whatever
    /// `on_bot_error` says, for no seat is to blame.
    pub by_evaluator: bool,
}

impl SeatFailure {
    /// Seat `seat`'s policy failed with `error` at length `ply`.
    pub fn of_seat(seat: Seat, error: BotError, ply: u32) -> SeatFailure {
        SeatFailure {
            seat,
            error,
            ply,
            by_evaluator: false,
        }
    }

    /// The cell's `metrics_evaluator` failed with `error` judging seat
    /// `seat`'s decision at length `ply`.
    pub fn of_evaluator(seat: Seat, error: BotError, ply: u32) -> SeatFailure {
        SeatFailure {
            by_evaluator: true,
            ..SeatFailure::of_seat(seat, error, ply)
        }
    }
}

/// The ending of a game whose seat's policy failed, with `--on-bot-error
/// forfeit`, when the game could not go on without it: that seat lost.
pub const BOT_ERROR: &str = "bot-error";

/// The outcome of a game forfeited by `seat`: it is last, and every other
/// seat shares first place (a sole win in a two-player game).
///
/// ```
/// use ludus::runner::drive::forfeit;
/// let o = forfeit(3, 1);
/// assert_eq!([o.place(0), o.place(1), o.place(2)], [1, 3, 1]);
/// assert_eq!(forfeit(2, 0).sole_winner(), Some(1));
/// ```
pub fn forfeit(players: usize, seat: Seat) -> Outcome {
    forfeit_after(players, &[], seat)
}

/// The outcome of a game forfeited by `seat` after the seats `retired`
/// (in the order they were taken out, see [`Game::retire`]) had left it:
/// each retired seat keeps the last place not yet given when it left,
/// `seat` takes the last place left, and the seats still playing share
/// first place.
///
/// ```
/// use ludus::runner::drive::forfeit_after;
/// let o = forfeit_after(4, &[2], 0);
/// assert_eq!([o.place(0), o.place(1), o.place(2), o.place(3)], [3, 1, 4, 1]);
/// ```
pub fn forfeit_after(players: usize, retired: &[Seat], seat: Seat) -> Outcome {
    let mut places = [1u8; MAX_SEATS];
    let mut last = players as u8;
    for &s in retired.iter().chain([&seat]) {
        places[s] = last;
        last -= 1;
    }
    Outcome::ranked(&places[..players], BOT_ERROR)
}

/// The seats a game played by [`drive_retiring`] took out after their
/// policies failed, in order, and the game's first failure. The seats are
/// kept inline: a game of [`MAX_SEATS`] retires at most that many.
#[derive(Clone, Debug, Default)]
pub struct Retirements {
    seats: [Seat; MAX_SEATS],
    len: usize,
    /// The first failure of the game, retired or not: what a run reports.
    pub first: Option<SeatFailure>,
}

impl Retirements {
    /// The retired seats, the first to leave (the last place) first.
    pub fn seats(&self) -> &[Seat] {
        &self.seats[..self.len]
    }

    /// Forgets every retirement, for the next game.
    pub fn clear(&mut self) {
        self.len = 0;
        self.first = None;
    }
}

fn no_moves_check<G: Game>(n: usize, seat: Seat) {
    assert!(
        n > 0,
        "{} asked seat {} to choose among no moves",
        G::NAME,
        seat + 1
    );
}

/// What driving a game needs besides its policies' choices: the game, its
/// dice, each seat's policy and stream, the limit, scratch space and what
/// the runner counts.
pub struct Drive<'a, G: Game, L: Log> {
    /// The game, at its start.
    pub game: &'a mut G,
    /// Its dice.
    pub dice: &'a mut Dice,
    /// `policies[s]`: seat `s`'s policy.
    pub policies: &'a mut [Box<dyn Policy<G>>],
    /// `rngs[s]`: seat `s`'s stream.
    pub rngs: &'a mut [SeatRng],
    /// The game stops, a draw, at this length (in its own unit), checked
    /// between steps.
    pub max_plies: u32,
    /// Scratch space for the legal moves, reused across calls.
    pub buf: &'a mut Vec<G::Move>,
    /// Where the game is narrated.
    pub log: &'a mut L,
    /// The decisions taken, counted (cleared by the caller).
    pub decisions: &'a mut Decisions,
    /// The seats whose policies draw uniformly ([`uniform_seats`]).
    pub uniform: SeatSet,
    /// The evaluator that judges each decision (`metrics = "all"`),
    /// started on the game by the caller; `None`: none.
    pub judge: Option<&'a mut Judge<G>>,
    /// Draws the game for the log at the start and after each decision
    /// (`ludus play --board`); `None` in batch runs, which pay one test a
    /// decision for it.
    pub diagram: Option<fn(&G) -> String>,
}

/// The seats whose policies draw uniformly ([`Policy::uniform`]): asked
/// once for a run of games, not at every decision.
pub fn uniform_seats<G: Game>(policies: &[Box<dyn Policy<G>>]) -> SeatSet {
    (0..policies.len())
        .filter(|&s| policies[s].uniform())
        .fold(SeatSet::EMPTY, SeatSet::with)
}

/// Plays the game of `d` to its end (or to `max_plies`) and returns how it
/// ended; the first failing policy ends it with that failure.
pub fn drive<G: Game, L: Log>(d: Drive<'_, G, L>) -> Result<Outcome, SeatFailure> {
    play_out(d, |_, f| Err(f))
}

/// Plays as [`drive`] does, but a seat whose policy fails is taken
/// out ([`Game::retire`]) when the game can go on without it; `retired`
/// (cleared by the caller) records it and the game plays on. A failure the
/// game cannot absorb ends it as in [`drive`]: the caller then scores it
/// with [`forfeit_after`]. `retired.first` is the game's first failure either way.
pub fn drive_retiring<G: Game, L: Log>(
    d: Drive<'_, G, L>,
    retired: &mut Retirements,
) -> Result<Outcome, SeatFailure> {
    play_out(d, |game, f| {
        if retired.first.is_none() {
            retired.first = Some(f.clone());
        }
        if game.retire(f.seat) {
            retired.seats[retired.len] = f.seat;
            retired.len += 1;
            Ok(())
        } else {
            Err(f)
        }
    })
}

/// The loop of [`drive`] and [`drive_retiring`]: `fail` hears of every
/// failing policy and says whether the game goes on (`Ok`) or ends with
/// the failure. Only the failure path calls it, so the moves cost nothing more.
fn play_out<G: Game, L: Log>(
    d: Drive<'_, G, L>,
    mut fail: impl FnMut(&mut G, SeatFailure) -> Result<(), SeatFailure>,
) -> Result<Outcome, SeatFailure> {
    let Drive {
        game,
        dice,
        policies,
        rngs,
        max_plies,
        buf,
        log,
        decisions,
        uniform,
        mut judge,
        diagram,
    } = d;
    let draw = |game: &G, log: &mut L| {
        if let Some(diagram) = diagram {
            say!(log, "{}", diagram(game).trim_end());
        }
    };
    draw(game, log);
    for (seat, policy) in policies.iter_mut().enumerate() {
        if uniform.contains(seat) {
            continue;
        }
        if let Err(error) = policy.start(seat, game, &mut rngs[seat]) {
            let ply = game.length();
            fail(game, SeatFailure::of_seat(seat, error, ply))?;
            say!(log, "{} fails and is out of the game", G::seat_name(seat));
        }
    }
    loop {
        match game.turn() {
            Turn::Over => return Ok(game.outcome().expect("a game that is over has an outcome")),
            Turn::Chance => {
                log.throwing(true);
                game.chance(dice, log);
                log.throwing(false);
            }
            Turn::Decide(seat) => {
                if decisions.game.count_all {
                    decisions.note_position(game.content_hash());
                }
                if let Some(j) = judge.as_deref_mut()
                    && let Err(error) = j.before_decision(game, seat)
                {
                    return Err(SeatFailure::of_evaluator(seat, error, game.length()));
                }
                // The decision's options, for the branching counts: the
                // count a fast draw is given, or the list's length, or
                // where the draw does not count, a sample's counts.
                let mut options = 0;
                let picked = if uniform.contains(seat) {
                    let rng = rngs[seat].get();
                    game.pick_move(&mut |n| {
                        no_moves_check::<G>(n, seat);
                        if options == 0 {
                            options = n;
                        }
                        below(rng, n as u32) as usize
                    })
                } else {
                    None
                };
                let (chosen, counted) = match picked {
                    // A uniform draw needs only the count and the one drawn.
                    Some(mv) if G::PICK_COUNTS => (Ok(mv), Counted::Whole(options)),
                    Some(mv) => {
                        let counted = match decisions.game.sample_next() {
                            Sample::Whole => Counted::Whole(game.count_moves(buf)),
                            Sample::Sampled => Counted::Sampled(game.count_moves(buf)),
                            Sample::Skipped => Counted::Skipped,
                        };
                        (Ok(mv), counted)
                    }
                    None => {
                        game.legal_moves(buf);
                        no_moves_check::<G>(buf.len(), seat);
                        let chosen = match policies[seat].choose(game, buf, rngs[seat].get()) {
                            Ok(i) => buf.get(i).copied().ok_or_else(|| BotError {
                                message: format!("chose move {} of {}", i + 1, buf.len()),
                            }),
                            Err(error) => Err(error),
                        };
                        (chosen, Counted::Whole(buf.len()))
                    }
                };
                match chosen {
                    Ok(mv) => {
                        say!(log, "{} chooses {}", G::seat_name(seat), mv);
                        if log.on() {
                            log.decided(seat, format_args!("{mv}"));
                        }
                        decisions.note(seat, counted);
                        game.play(mv, log);
                        draw(game, log);
                    }
                    Err(error) => {
                        let ply = game.length();
                        fail(game, SeatFailure::of_seat(seat, error, ply))?;
                        say!(log, "{} fails and is out of the game", G::seat_name(seat));
                    }
                }
            }
        }
        if game.length() >= max_plies && game.turn() != Turn::Over {
            say!(
                log,
                "the game reaches {} plies and is stopped: a draw",
                max_plies
            );
            return Ok(Outcome::draw(SeatSet::all(game.players()), MAX_PLIES));
        }
    }
}
