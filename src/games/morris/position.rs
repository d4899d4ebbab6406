//! A morris-family position: both sides' men as bitboards, the men still in
//! hand, the tallies, whose turn it is, and how the game ended. Playing a
//! move and judging its end live here; listing moves is in
//! [`crate::games::morris::movegen`].

use crate::games::board::ending::Ending;
use crate::games::morris::geometry::{Geometry, Points};
use crate::games::morris::moves::{Move, MoveKind};
use crate::games::morris::rules::{Chain, First, Rules};

/// A seat with no legal move loses (where it may not pass).
pub const BLOCKED: &str = "blocked";
/// A seat with no men left loses.
pub const NO_MEN: &str = "no-men";
/// With mill captures, a seat with fewer than three men loses.
pub const TOO_FEW: &str = "too-few";
/// A seat reached its number of captures (the hare).
pub const CAPTURES: &str = "captures";
/// Three men in a line.
pub const LINE: &str = "line";
/// A line answered by a line in the same turn: a draw.
pub const LINE_ANSWERED: &str = "line-answered";
/// Every man placed without a line, where men do not move: a draw.
pub const PLACED: &str = "placed";
/// The game reached its cap of plies.
pub use crate::core::outcome::CAP;

/// What is left to decide of the turn under way: a turn is one decision
/// or several, all by the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Pending {
    /// Nothing: the seat to move begins its turn.
    #[default]
    Turn,
    /// The man moved completed a line: the seat removes an enemy man.
    Removal,
    /// The man on `at` has jumped over the enemy men `taken` this turn and
    /// may (or must) jump on. The men jumped stay on the board, not to be
    /// jumped again, until the chain ends (as the whole chain was judged
    /// when it was one move).
    Chain {
        /// Where the jumping man stands.
        at: u8,
        /// The enemy men it has jumped over.
        taken: Points,
    },
}

impl Pending {
    /// The enemy men a chain under way has jumped (none otherwise).
    #[inline]
    pub fn jumped(self) -> Points {
        match self {
            Pending::Chain { taken, .. } => taken,
            _ => 0,
        }
    }
}

/// A position.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) rules: Rules,
    pub(crate) geometry: &'static Geometry,
    pub(crate) men: [Points; 2],
    pub(crate) hand: [u8; 2],
    pub(crate) captured: [u8; 2],
    pub(crate) to_move: u8,
    pub(crate) first: Option<u8>,
    pub(crate) line_pending: bool,
    pub(crate) pending: Pending,
    pub(crate) ply: u32,
    pub(crate) ending: Option<Ending>,
}

/// A position's parts, as a position file gives them.
#[derive(Clone, Debug, Default)]
pub struct Parts {
    /// Each seat's men on the board.
    pub men: [Points; 2],
    /// Each seat's men in hand.
    pub hand: [u8; 2],
    /// Each seat's captures so far.
    pub captured: [u8; 2],
    /// The seat to move.
    pub to_move: u8,
    /// The seat that moved first.
    pub first: u8,
    /// Three men's morris: the first mover made a line, the second answers.
    pub line_pending: bool,
    /// What is left of the turn under way.
    pub pending: Pending,
    /// Turns played.
    pub ply: u32,
}

impl Position {
    /// The start: the setup, and the lot still to draw where the rules draw lots.
    pub fn start(rules: Rules) -> Position {
        let first = match rules.first {
            First::Lots => None,
            First::Seat(s) => Some(s),
        };
        let mut pos = Position {
            rules,
            geometry: rules.geometry(),
            men: rules.setup,
            hand: rules.hand,
            captured: [0; 2],
            to_move: first.unwrap_or(0),
            first,
            line_pending: false,
            pending: Pending::Turn,
            ply: 0,
            ending: None,
        };
        if first.is_some() {
            pos.judge_blocked();
        }
        pos
    }

    /// A position from its parts, judged as if its last turn had just
    /// been played (not judged in the middle of a turn).
    pub fn from_parts(rules: Rules, parts: Parts) -> Position {
        let mut pos = Position {
            rules,
            geometry: rules.geometry(),
            men: parts.men,
            hand: parts.hand,
            captured: parts.captured,
            to_move: parts.to_move,
            first: Some(parts.first),
            line_pending: parts.line_pending,
            pending: parts.pending,
            ply: parts.ply,
            ending: None,
        };
        if pos.pending != Pending::Turn {
            return pos;
        }
        let mover = 1 - parts.to_move;
        pos.judge_standing(mover);
        if pos.ending.is_none() {
            pos.judge_blocked();
        }
        pos
    }

    /// The lot: `seat` moves first.
    pub fn draw_first(&mut self, seat: u8) {
        self.first = Some(seat);
        self.to_move = seat;
        self.judge_blocked();
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board's geometry.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// A seat's men on the board.
    pub fn men(&self, seat: u8) -> Points {
        self.men[seat as usize]
    }

    /// A seat's men still to place.
    pub fn hand(&self, seat: u8) -> u8 {
        self.hand[seat as usize]
    }

    /// How many enemy men a seat has taken.
    pub fn captured(&self, seat: u8) -> u8 {
        self.captured[seat as usize]
    }

    /// The seat to move (meaningless before the lot).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// The seat that moved first, once the lot is drawn.
    pub fn first(&self) -> Option<u8> {
        self.first
    }

    /// Whether the first mover made a line the second is answering.
    pub fn line_pending(&self) -> bool {
        self.line_pending
    }

    /// What is left to decide of the turn under way.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// Turns played (a turn's several decisions count once).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The empty points.
    #[inline]
    pub fn empty(&self) -> Points {
        self.geometry().all & !(self.men[0] | self.men[1])
    }

    /// Whether `seat` moves its men anywhere: down to three on the board,
    /// none in hand, where the rules let men fly.
    #[inline]
    pub fn flying(&self, seat: u8) -> bool {
        self.rules.flying
            && self.hand[seat as usize] == 0
            && self.men[seat as usize].count_ones() == 3
    }

    /// Plays a legal decision; at the end of a turn, judges what it ends.
    pub fn play(&mut self, mv: Move) {
        let s = self.to_move as usize;
        let o = 1 - s;
        match mv.kind {
            MoveKind::Place => {
                self.men[s] |= 1 << mv.to;
                self.hand[s] -= 1;
                self.arrived(mv.to, false);
            }
            MoveKind::Step => {
                // Only a line's removal asks whether the man flew.
                let flying = self.rules.mills && self.flying(s as u8);
                self.men[s] ^= 1 << mv.from | 1 << mv.to;
                self.arrived(mv.to, flying);
            }
            MoveKind::Jump | MoveKind::JumpOn => {
                let taken = self.pending.jumped() | 1 << self.geometry().between(mv.from, mv.to);
                self.men[s] ^= 1 << mv.from | 1 << mv.to;
                if self.rules.chain != Chain::Off && self.can_jump_on(mv.to, taken) {
                    self.pending = Pending::Chain { at: mv.to, taken };
                } else {
                    self.end_chain(mv.to, taken);
                }
            }
            MoveKind::Stop => {
                if let Pending::Chain { at, taken } = self.pending {
                    self.end_chain(at, taken);
                }
            }
            MoveKind::Remove => {
                self.men[o] &= !(1 << mv.to);
                self.captured[s] += 1;
                self.end_turn(None);
            }
            MoveKind::Pass => self.end_turn(None),
        }
    }

    /// Whether the man on `at`, having jumped over `taken`, can jump on.
    #[inline]
    pub(crate) fn can_jump_on(&self, at: u8, taken: Points) -> bool {
        let them = self.men[1 - self.to_move as usize] & !taken;
        let empty = self.empty();
        self.geometry().jumps[at as usize]
            .iter()
            .any(|j| them & 1 << j.over != 0 && empty & 1 << j.to != 0)
    }

    /// The chain that brought the man to `at` ends: the men it jumped over
    /// leave the board.
    #[inline]
    fn end_chain(&mut self, at: u8, taken: Points) {
        let s = self.to_move as usize;
        self.men[1 - s] &= !taken;
        self.captured[s] += taken.count_ones() as u8;
        self.arrived(at, false);
    }

    /// The man moved this turn (not `flying`) came to rest on `at`: a line
    /// it completes, where lines remove men, leaves a removal to decide;
    /// otherwise the turn is over.
    #[inline]
    fn arrived(&mut self, at: u8, flying: bool) {
        let s = self.to_move as usize;
        if self.rules.mills
            && (self.rules.flyer_mills || !flying)
            && self.geometry().line_through(at, self.men[s])
            && self.removable() != 0
        {
            self.pending = Pending::Removal;
            return;
        }
        self.end_turn(Some(at));
    }

    /// Ends the turn (whose man came to rest on `at`, if it moved one) and
    /// judges what it ended.
    #[inline]
    fn end_turn(&mut self, at: Option<u8>) {
        let s = self.to_move as usize;
        self.pending = Pending::Turn;
        self.ply += 1;
        self.to_move = 1 - s as u8;
        if self.rules.line_wins && self.judge_line(at) {
            return;
        }
        self.judge_standing(s as u8);
        if self.ending.is_none() {
            self.judge_blocked();
        }
        if self.ending.is_none() && self.ply >= self.rules.cap {
            self.ending = Some(Ending {
                winner: self.rules.cap_winner,
                reason: CAP,
            });
        }
    }

    /// The enemy men a completed line may remove: those not in a line of
    /// their own, or any if all are.
    pub(crate) fn removable(&self) -> Points {
        let them = self.men[1 - self.to_move as usize];
        let free = them & !self.geometry().in_lines(them);
        if free != 0 { free } else { them }
    }

    /// Three men's morris: whether the line of the man that came to rest on
    /// `at` (or a line left unanswered) ended the game.
    fn judge_line(&mut self, at: Option<u8>) -> bool {
        let s = 1 - self.to_move;
        let first = self.first.unwrap_or(0);
        let made = at.is_some_and(|p| self.geometry().line_through(p, self.men[s as usize]));
        let end = |winner, reason| Some(Ending { winner, reason });
        if made {
            if !self.rules.draw_rule || s != first {
                self.ending = if self.line_pending {
                    end(None, LINE_ANSWERED)
                } else {
                    end(Some(s), LINE)
                };
                return true;
            }
            // The first mover's line waits for the second mover's answer.
            self.line_pending = true;
            return false;
        }
        if self.line_pending && s != first {
            self.ending = end(Some(first), LINE);
            return true;
        }
        false
    }

    /// Whether the seat that just moved (`mover`) won by captures or by
    /// leaving the other too few men, or all men are placed where men do not move.
    fn judge_standing(&mut self, mover: u8) {
        let (s, o) = (mover as usize, 1 - mover as usize);
        let win = |reason| {
            Some(Ending {
                winner: Some(mover),
                reason,
            })
        };
        let goal = self.rules.win_at_captures[s];
        let left = self.men[o].count_ones() + u32::from(self.hand[o]);
        if goal > 0 && self.captured[s] >= goal {
            self.ending = win(CAPTURES);
        } else if left == 0 {
            self.ending = win(NO_MEN);
        } else if self.rules.too_few_loses && left < 3 {
            self.ending = win(TOO_FEW);
        } else if !self.rules.moving && self.hand == [0, 0] {
            self.ending = Some(Ending {
                winner: None,
                reason: PLACED,
            });
        }
    }

    /// Whether the seat to move is blocked where blocking loses.
    fn judge_blocked(&mut self) {
        if !self.rules.blocked_passes && !self.has_move() {
            let winner = 1 - self.to_move;
            // An unanswerable line still wins by its line.
            let reason = if self.line_pending { LINE } else { BLOCKED };
            self.ending = Some(Ending {
                winner: Some(winner),
                reason,
            });
        }
    }
}
