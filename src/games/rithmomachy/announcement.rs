//! Announcing a triumph (seed 003's explicit announcement): the
//! announcements open to the side to move.

use crate::games::rithmomachy::moves::Move;
use crate::games::rithmomachy::position::Position;
use crate::games::rithmomachy::progression::{kinds, kinds4};
use crate::games::rithmomachy::rules::TriumphLevel;
use crate::games::rithmomachy::square::{Square, squares};
use crate::games::rithmomachy::triumph;

impl Position {
    /// The announcements of a triumph open to the side to move: where the
    /// rule set asks for one, once per side, when the enemy's pyramid is gone
    /// (if it must be), three or four of its plain men whose values show the
    /// agreed triumph's proportions.
    #[inline]
    pub(super) fn announcements(&self) -> Vec<Move> {
        // Most rule sets announce nothing: asked before every move, they cost no call.
        match &self.variant.rules.victory.triumph {
            Some(t) if t.announced => self.find_announcements(),
            _ => Vec::new(),
        }
    }

    /// [`Position::announcements`] where the rule set asks for them.
    #[inline(never)]
    fn find_announcements(&self) -> Vec<Move> {
        let side = self.to_move;
        let mut out = Vec::new();
        let Some(t) = &self.variant.rules.victory.triumph else {
            return out;
        };
        if self.announced[side.index()] != 0
            || (t.after_pyramid && self.board.pyramids(side.other()) != 0)
        {
            return out;
        }
        let plain = (0..3).fold(0, |m, sh| m | self.board.plain(side, sh));
        let men: Vec<Square> = squares(plain).collect();
        let value = |s: Square| self.board.plain_value(s) as u32;
        let n = men.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    let three = [men[a], men[b], men[c]];
                    if t.level == TriumphLevel::Great
                        && triumph::shows_great(t, kinds(three.map(value)))
                    {
                        out.push(Move::announce(&three));
                    }
                    for d in c + 1..n {
                        let four = [men[a], men[b], men[c], men[d]];
                        let k = kinds4(four.map(value)).count_ones();
                        let level = match k {
                            3 => TriumphLevel::Greatest,
                            2 => TriumphLevel::Greater,
                            _ => continue,
                        };
                        if level >= t.level {
                            out.push(Move::announce(&four));
                        }
                    }
                }
            }
        }
        out
    }
}
