//! What the script may reach while the host is calling it: the game being
//! decided, its legal moves and the seat's random stream.
//!
//! The host lends these for the length of one call only. They are kept as
//! raw pointers because the game, the moves and the stream are borrowed from
//! the runner for that call, while the userdata and functions that read them
//! live in the VM for good; [`Lend`] clears them when the call ends, so a
//! handle kept by the script past its call finds nothing instead of a
//! dangling pointer.
//!
//! It also numbers the calls of a game and the streams drawn in each, so
//! that a copy of the game (its dice) and a rollout (its policies) draw
//! from streams of their own, reproducible from the game's seed whatever
//! the thread, and never from the game's dice or the seat's stream.

use crate::core::native_policies::NativePolicies;
use std::cell::{Cell, OnceCell};
use std::ptr;
use std::rc::Rc;

use crate::core::game::Game;
use crate::core::options::Options;
use crate::core::seat::Seat;
use crate::core::seed::{Rng, SeatRng, mix};
use crate::policies::lua::meter::Meter;

#[derive(Clone, Copy)]
enum Stream {
    None,
    /// Before the first decision (in `init`): made on first draw.
    Lazy(*mut SeatRng),
    Ready(*mut Rng),
}

/// The state of the call in progress, shared by the VM's userdata and
/// `math.random`.
pub struct Decision<G: Game + NativePolicies> {
    game: Cell<*const G>,
    moves: Cell<(*const G::Move, usize)>,
    stream: Cell<Stream>,
    /// The seat the script plays.
    pub seat: Cell<Seat>,
    /// The game's rule options, as in force.
    pub options: Options,
    /// The VM's limits, which the host's calls are charged to.
    meter: OnceCell<Rc<Meter>>,
    /// The seed of the game in progress.
    game_seed: Cell<u64>,
    /// The calls of the game so far (`init` is the first), this one included.
    calls: Cell<u64>,
    /// Streams drawn in this call so far (see [`Decision::next_stream`]).
    streams: Cell<u64>,
}

/// Mixed into the seeds of the host's own streams, apart from every
/// stream of [`crate::core::seed::stream`].
const HOST_STREAMS: u64 = 0xC09F_0000;

/// The loan of a game, its moves and a stream to the script for one call.
pub struct Lend<'a, G: Game + NativePolicies>(&'a Decision<G>);

impl<G: Game + NativePolicies> Drop for Lend<'_, G> {
    fn drop(&mut self) {
        self.0.game.set(ptr::null());
        self.0.moves.set((ptr::null(), 0));
        self.0.stream.set(Stream::None);
    }
}

impl<G: Game + NativePolicies> Decision<G> {
    /// Nothing lent yet.
    pub fn new(seat: Seat, options: Options) -> Decision<G> {
        Decision {
            game: Cell::new(ptr::null()),
            moves: Cell::new((ptr::null(), 0)),
            stream: Cell::new(Stream::None),
            seat: Cell::new(seat),
            options,
            meter: OnceCell::new(),
            game_seed: Cell::new(0),
            calls: Cell::new(0),
            streams: Cell::new(0),
        }
    }

    /// A new call of the game: its streams are numbered from zero.
    fn next_call(&self) {
        self.calls.set(self.calls.get() + 1);
        self.streams.set(0);
    }

    /// The seed of a stream of the host's own, for a copy's dice or a
    /// rollout's policies: the next of this call's, made of the game's
    /// seed, the seat, the call's number in the game and the stream's
    /// number in the call. What a script draws so depends only on the
    /// game's seed and on what the script did before in the game, never on
    /// the thread or the games played before on it, and leaves the game's
    /// dice and the seat's own stream (`math.random`) untouched.
    pub fn next_stream(&self) -> u64 {
        let n = self.streams.get();
        self.streams.set(n + 1);
        let seat = HOST_STREAMS + self.seat.get() as u64;
        mix(mix(mix(self.game_seed.get(), seat), self.calls.get()), n)
    }

    /// Gives the VM's meter, once, when the VM is made.
    pub fn set_meter(&self, meter: Rc<Meter>) {
        let _ = self.meter.set(meter);
    }

    /// The VM's meter.
    pub fn meter(&self) -> &Rc<Meter> {
        self.meter
            .get()
            .expect("the VM gives its meter when it is made")
    }

    /// Lends the game and the seat's stream (not yet made) for `init`.
    pub fn lend_start<'a>(&'a self, game: &'a G, rng: &'a mut SeatRng) -> Lend<'a, G> {
        self.game_seed.set(rng.game_seed());
        self.calls.set(0);
        self.next_call();
        self.game.set(game);
        self.stream.set(Stream::Lazy(rng));
        Lend(self)
    }

    /// Lends the seat's stream (not yet made) alone, for a script's top
    /// level run before any game, where its declared parameters are read.
    pub fn lend_stream<'a>(&'a self, rng: &'a mut SeatRng) -> Lend<'a, G> {
        self.game_seed.set(rng.game_seed());
        self.calls.set(0);
        self.next_call();
        self.stream.set(Stream::Lazy(rng));
        Lend(self)
    }

    /// Lends the game, its legal moves and the seat's stream for `choose`.
    pub fn lend_choice<'a>(
        &'a self,
        game: &'a G,
        moves: &'a [G::Move],
        rng: &'a mut Rng,
    ) -> Lend<'a, G> {
        self.next_call();
        self.game.set(game);
        self.moves.set((moves.as_ptr(), moves.len()));
        self.stream.set(Stream::Ready(rng));
        Lend(self)
    }

    /// The game being decided, while a call is in progress.
    pub fn game(&self) -> Option<&G> {
        // SAFETY: the pointer is set only while a `Lend` borrows the game,
        // and cleared when it drops; the script runs inside that borrow.
        unsafe { self.game.get().as_ref() }
    }

    /// The legal moves of this decision (empty outside `choose`).
    pub fn moves(&self) -> &[G::Move] {
        let (p, n) = self.moves.get();
        if p.is_null() {
            return &[];
        }
        // SAFETY: as for `game`: lent by `lend_choice` for the call only.
        unsafe { std::slice::from_raw_parts(p, n) }
    }

    /// Runs `draw` on the seat's random stream, while a call is in progress.
    pub fn with_rng<R>(&self, draw: impl FnOnce(&mut Rng) -> R) -> Option<R> {
        // SAFETY: lent exclusively by `lend_start`/`lend_choice` for the
        // call; only `math.random` draws from it, one draw at a time, and the
        // reference does not outlive `draw`.
        unsafe {
            match self.stream.get() {
                Stream::None => None,
                Stream::Lazy(s) => Some(draw((*s).get())),
                Stream::Ready(r) => Some(draw(&mut *r)),
            }
        }
    }
}
