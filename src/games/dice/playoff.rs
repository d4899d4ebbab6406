//! Ties replayed among the tied: Mayor, Menor, Tanto and Riffa play a
//! round again among the seats that share the best result.

use crate::core::log::Log;
use crate::core::seat::{MAX_SEATS, Seat};
use crate::games::dice::round_game::RoundEnd;
use crate::say;

/// Keeps, in playing order, those of the first `n` seats of `group` whose
/// index `i` passes `tied`, moving them to the front; returns how many.
///
/// ```
/// use ludus::games::dice::playoff::keep_tied;
/// let mut group = [0, 1, 2, 3];
/// assert_eq!(keep_tied(&mut group, 4, |i| i % 2 == 1), 2);
/// assert_eq!(&group[..2], &[1, 3]);
/// ```
#[inline]
pub fn keep_tied(group: &mut [Seat], n: usize, tied: impl Fn(usize) -> bool) -> usize {
    let mut kept = 0;
    for i in 0..n {
        if tied(i) {
            group[kept] = group[i];
            kept += 1;
        }
    }
    kept
}

/// A round in which each seat of a group scores once, a throw or a try at
/// a time, and the best score wins, seats tied for it playing again among
/// themselves: Mayor, Menor and Riffa, one throw a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Playoff {
    /// The seats still in, in playing order; the first `n` count.
    group: [Seat; MAX_SEATS],
    n: u8,
    /// The place in the group of the next to score.
    next: u8,
    /// The scores so far in this pass (zero past `next`).
    scores: [u8; MAX_SEATS],
    /// Whether this pass is a replay among tied seats.
    replay: bool,
}

/// How a pass of a [`Playoff`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Seats are still to score.
    Going,
    /// This seat alone has the best score; `replay` if among tied seats.
    Won {
        /// The winner.
        seat: Seat,
        /// The best score.
        best: u32,
        /// Whether the pass was a replay among tied seats.
        replay: bool,
    },
    /// This many seats tie at the best score and play again.
    Tied {
        /// How many tie.
        kept: usize,
        /// The score they tie at.
        best: u32,
    },
}

impl Playoff {
    /// A pass of every seat of `players`, in seat order.
    pub fn new(players: usize) -> Playoff {
        Playoff {
            group: std::array::from_fn(|i| i),
            n: players as u8,
            ..Playoff::default()
        }
    }

    /// The seat to score next.
    #[inline]
    pub fn seat(&self) -> Seat {
        self.group[self.next as usize]
    }

    /// Records the score of [`Playoff::seat`]; once every seat of the pass
    /// has scored, the best (the highest, or the lowest unless `high`)
    /// wins or the tied replay.
    pub fn score(&mut self, score: u32, high: bool) -> Pass {
        self.scores[self.next as usize] = score as u8;
        self.next += 1;
        let n = self.n as usize;
        if (self.next as usize) < n {
            return Pass::Going;
        }
        let scores = &self.scores[..n];
        let best = if high {
            scores.iter().max()
        } else {
            scores.iter().min()
        };
        let best = *best.expect("players");
        let scores = self.scores;
        let kept = keep_tied(&mut self.group, n, |i| scores[i] == best);
        let best = u32::from(best);
        if kept == 1 {
            return Pass::Won {
                seat: self.group[0],
                best,
                replay: self.replay,
            };
        }
        self.n = kept as u8;
        self.next = 0;
        self.scores = [0; MAX_SEATS];
        self.replay = true;
        Pass::Tied { kept, best }
    }

    /// As [`Playoff::score`], told in `log`, as the round's end: the
    /// winner's by the `best` rule ("highest", "lowest") or by
    /// "playoff" after a tie; none while seats are to score or replay.
    #[inline(always)]
    pub fn settle<L: Log>(
        &mut self,
        score: u32,
        high: bool,
        best_rule: &'static str,
        log: &mut L,
    ) -> Option<RoundEnd> {
        match self.score(score, high) {
            Pass::Going => None,
            Pass::Won { seat, best, replay } => {
                say!(
                    log,
                    "seat {} has the best score, {best}, and wins",
                    seat + 1
                );
                Some(RoundEnd::Won(
                    seat,
                    if replay { "playoff" } else { best_rule },
                ))
            }
            Pass::Tied { kept, best } => {
                say!(log, "{kept} players tie at {best}: they play again");
                None
            }
        }
    }
}
