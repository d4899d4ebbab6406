//! What a finished (or cut short) game is worth to each seat, for the
//! search policies: 1 for the sole winner, 0 for the last, ties sharing
//! the places they span. In a game of two a win is 1, a loss 0 and a draw
//! 1/2; with four seats, places 1 to 4 are worth 1, 2/3, 1/3 and 0.

use crate::core::game::Game;
use crate::core::outcome::Outcome;
use crate::core::policy::Values;
use crate::core::seat::MAX_SEATS;

/// Each seat's reward, in `0..=1`, seat by seat.
pub type Rewards = [f64; MAX_SEATS];

/// The rewards of a finished game of `players` seats.
///
/// ```
/// use ludus::core::outcome::Outcome;
/// use ludus::core::seat::SeatSet;
/// use ludus::policies::reward::rewards;
/// assert_eq!(rewards(&Outcome::win(1, "x"), 2)[..2], [0.0, 1.0]);
/// assert_eq!(rewards(&Outcome::draw(SeatSet::all(2), "x"), 2)[..2], [0.5, 0.5]);
/// let r = rewards(&Outcome::ranked(&[1, 1, 3, 4], "x"), 4);
/// assert_eq!(r[..4], [5.0 / 6.0, 5.0 / 6.0, 1.0 / 3.0, 0.0]);
/// ```
pub fn rewards(outcome: &Outcome, players: usize) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    if players < 2 {
        r[0] = 1.0;
        return r;
    }
    let places: Vec<u8> = (0..players).map(|s| outcome.place(s)).collect();
    for s in 0..players {
        // The mean of the places a tie spans: 1 and 1 span places 1 and 2.
        let tied = places.iter().filter(|&&p| p == places[s]).count() as f64;
        let rank = f64::from(places[s]) + (tied - 1.0) / 2.0;
        r[s] = (players as f64 - rank) / (players as f64 - 1.0);
    }
    r
}

/// The rewards of a game stopped before its end: from the game's own
/// evaluation where it has one (-1..1 mapped onto 0..1), else even.
pub fn cut_short<G: Game>(game: &G) -> Rewards {
    let players = game.players();
    let mut r = [0.0; MAX_SEATS];
    for (s, x) in r.iter_mut().enumerate().take(players) {
        *x = game
            .evaluate(s)
            .map_or(0.5, |v| (v.clamp(-1.0, 1.0) + 1.0) / 2.0);
    }
    r
}

/// The rewards of `game` wherever it stands: its outcome if it is over,
/// else [`cut_short`].
pub fn now<G: Game>(game: &G) -> Rewards {
    match game.outcome() {
        Some(o) => rewards(&o, game.players()),
        None => cut_short(game),
    }
}

/// What `game` is worth to every seat now, from -1 to 1, as the metrics
/// that follow the lead judge it by default: a game that is over by its
/// places (1 for the first, -1 for the last, a draw in a game of two 0),
/// one under way by the game's own evaluation; `None` if the game has
/// none.
///
/// ```
/// use ludus::core::game::Game;
/// use ludus::core::options::Options;
/// use ludus::games::morris::ThreeMen;
/// use ludus::policies::reward::own_values;
/// let g = ThreeMen::new(&Options::defaults(ThreeMen::option_specs())).unwrap();
/// let v = own_values(&g).expect("the morris games evaluate");
/// assert_eq!(v[0], -v[1]);
/// ```
pub fn own_values<G: Game>(game: &G) -> Option<Values> {
    let mut v = [0.0; MAX_SEATS];
    let players = game.players();
    if let Some(o) = game.outcome() {
        for (x, r) in v.iter_mut().zip(rewards(&o, players)).take(players) {
            *x = 2.0 * r - 1.0;
        }
        return Some(v);
    }
    for (s, x) in v.iter_mut().enumerate().take(players) {
        *x = game.evaluate(s)?.clamp(-1.0, 1.0);
    }
    Some(v)
}
