//! Stages of play that exact analysis can solve apart from the rest of a
//! game's state: a turn of Half Hazard depends on the pot, not on the
//! players' purses, so it is solved once for every pot rather than once
//! for every pot and pair of purses ([`crate::analysis::exact`]). A trait
//! apart from [`Game`], as only some dice games have stages.

use crate::core::game::Game;

/// A game whose play falls into stages, each of which depends on part of
/// its state only. None by default.
///
/// The contract, which exact analysis relies on: if `self.stage()` is
/// `Some(apart)`, then every way the play can go from `apart` until a
/// state where a stage begins again ([`Stages::stage_begins`]) or the
/// game is over, ending in `end`, is a way it can go from `self`, with the
/// same chances and the same decisions, to `self.after_stage(&apart, &end)`; the
/// length the stage adds is `end.length() - apart.length()`. The seats'
/// policies must decide in a stage by what `apart` keeps: exact analysis
/// solves stages apart only for policies that say so
/// ([`crate::core::policy::Policy::stage_local`]).
pub trait Stages: Game {
    /// Whether a stage begins here: where the one before it ended.
    fn stage_begins(&self) -> bool {
        false
    }

    /// Where a stage begins that can be played apart: this state with
    /// what the stage does not read set aside (the purses replaced by
    /// amounts that play alike, the turns counted from zero), so that
    /// states that differ only in that give one key
    /// ([`Game::state_key`]). `None` where no stage begins, or this one
    /// reads what would be set aside (a player who cannot stake).
    fn stage(&self) -> Option<Self> {
        None
    }

    /// The state this game reaches when a stage that began here, played
    /// apart from `apart` (what [`Stages::stage`] gave), ended at `end`:
    /// what the stage changed, put back into what was set aside.
    fn after_stage(&self, _apart: &Self, end: &Self) -> Self {
        end.clone()
    }

    /// The state this game is in when the stage that began here, played
    /// apart from `apart`, has reached `state` and not yet ended: what the
    /// stage changed so far put back into what was set aside, so that a
    /// decision met apart can be told in the game's own terms (the
    /// optimal rule's table). The default, [`Stages::after_stage`], is
    /// right where putting back does not itself end the stage.
    fn within_stage(&self, apart: &Self, state: &Self) -> Self {
        self.after_stage(apart, state)
    }

    /// For a game of two seats: exchanges the seats' places, where the
    /// game takes this state's mirror as the representative of the pair
    /// rather than this one, and says so; where this one is, leaves it
    /// and says false (the default: no pair is merged). Exact analysis
    /// lists only representatives when both seats play alike
    /// ([`crate::core::policy::Policy::alike`]), and reads a state's odds
    /// from its mirror's, seat for seat exchanged: every way play can go
    /// from a state must be a way it can go from the mirror, with the same
    /// chances, lengths and decisions but the seat deciding exchanged, to
    /// the mirror of where it goes; each seat's outcome and payoff are the
    /// other's there. Half Hazard's turns thrown by the second seat are
    /// the first seat's, mirrored. In place, as exact analysis asks it of
    /// millions of states.
    fn mirror(&mut self) -> bool {
        false
    }
}
