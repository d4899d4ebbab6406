//! Games of several rounds: the winner is who wins most rounds.
//!
//! 004 e: "Gracze mogą grać dowolną liczbę tur, lub też wcześniej ustaloną
//! [...] Zwycięzcą jest ten, który wygra najwięcej tur" — players play an
//! agreed number of rounds; who wins most rounds wins. Interpretation: if two
//! or more seats share the most round wins the game is a draw between them.

use crate::core::options::{OptionKind, OptionSpec};
use crate::core::outcome::Outcome;
use crate::core::seat::{MAX_SEATS, Seat, SeatSet};

/// The `rounds` option.
pub const ROUNDS_OPTION: OptionSpec = OptionSpec {
    name: "rounds",
    doc: "rounds per game; the game goes to who wins most rounds (ties draw)",
    kind: OptionKind::Int { min: 1, max: 1000 },
    default: "1",
};

/// Round wins so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundScore {
    wins: [u16; MAX_SEATS],
    played: u16,
    rounds: u16,
    players: u8,
}

impl RoundScore {
    /// A game of `rounds` rounds between `players` seats.
    pub fn new(players: usize, rounds: i64) -> RoundScore {
        RoundScore {
            wins: [0; MAX_SEATS],
            played: 0,
            rounds: rounds as u16,
            players: players as u8,
        }
    }

    /// Records that `seat` won a round ending by `reason`; returns the game's
    /// outcome if that was the last round. With one round the game's reason is
    /// the round's; with more it is `most-rounds`, or `tied-rounds` for a draw.
    #[inline]
    pub fn record(&mut self, seat: Seat, reason: &'static str) -> Option<Outcome> {
        self.wins[seat] += 1;
        self.played += 1;
        if self.played < self.rounds {
            return None;
        }
        if self.rounds == 1 {
            return Some(Outcome::win(seat, reason));
        }
        let best = *self.wins[..self.players as usize].iter().max().unwrap();
        let leaders = (0..self.players as usize)
            .filter(|&s| self.wins[s] == best)
            .fold(SeatSet::EMPTY, SeatSet::with);
        Some(if leaders.len() == 1 {
            Outcome::win(leaders.first().unwrap(), "most-rounds")
        } else {
            Outcome::draw(leaders, "tied-rounds")
        })
    }

    /// The splits of the round wins still to come that play can reach,
    /// each a state of its own: every count of wins per seat adding up to
    /// fewer than the rounds left (the last round ends the game), where
    /// every round goes to a seat and any seat can win it. C(r - 1 + p, p)
    /// for `r` rounds left among `p` seats, at most `u64::MAX`.
    ///
    /// ```
    /// use ludus::games::dice::rounds::RoundScore;
    /// assert_eq!(RoundScore::new(2, 3).splits_ahead(), 6); // 1 + 2 + 3
    /// assert_eq!(RoundScore::new(3, 1000).splits_ahead(), 167_167_000);
    /// assert_eq!(RoundScore::new(3, 1).splits_ahead(), 1);
    /// ```
    pub fn splits_ahead(&self) -> u64 {
        let left = u128::from(self.rounds.saturating_sub(self.played));
        let p = u128::from(self.players);
        if left == 0 {
            return 1;
        }
        // C(left - 1 + p, p), one factor at a time (exact at each step).
        let mut c: u128 = 1;
        for i in 1..=p {
            c = c * (left - 1 + i) / i;
            if c > u128::from(u64::MAX) {
                return u64::MAX;
            }
        }
        c as u64
    }

    /// Rounds the game is played over.
    pub fn rounds(&self) -> u16 {
        self.rounds
    }

    /// Rounds finished so far.
    pub fn played(&self) -> u16 {
        self.played
    }

    /// Rounds won by `seat`.
    pub fn wins(&self, seat: Seat) -> u16 {
        self.wins[seat]
    }
}
