//! What a capture takes: the rule that took it, the whole piece or some of
//! a pyramid's layers.

use crate::games::rithmomachy::piece::MAX_LAYERS;
use crate::games::rithmomachy::square::Square;
use crate::games::rithmomachy::values::Taken;

/// The capture rules, by name. When several take the same piece, the one
/// reported is the first in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CaptureKind {
    /// Surrounded.
    Siege,
    /// Same value within reach.
    Equality,
    /// Smaller x distance = larger.
    Eruption,
    /// Two attackers combining into the victim's value.
    Ambush,
    /// Moving onto an enemy of equal value (seed 002).
    Assault,
    /// Moving onto an enemy of value x * n from x squares away (seed 002).
    Sally,
    /// Every normal move blocked by the mover's men (seed 003).
    Oblivion,
}

impl CaptureKind {
    /// The rule's name in reports and JSON.
    pub fn name(self) -> &'static str {
        match self {
            CaptureKind::Siege => "siege",
            CaptureKind::Equality => "equality",
            CaptureKind::Eruption => "eruption",
            CaptureKind::Ambush => "ambush",
            CaptureKind::Assault => "assault",
            CaptureKind::Sally => "sally",
            CaptureKind::Oblivion => "oblivion",
        }
    }
}

/// Keeps the rule reported for one capture: the first in [`CaptureKind`]'s order.
#[inline]
fn first_rule(slot: &mut Option<CaptureKind>, kind: CaptureKind) {
    if slot.is_none_or(|k| kind < k) {
        *slot = Some(kind);
    }
}

/// What befalls one enemy piece: taken whole, or some of its layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The victim's square.
    pub at: Square,
    /// The rule that took it whole, if one did.
    pub whole: Option<CaptureKind>,
    /// The rule that took each layer, bottom first (pyramids only).
    pub layers: [Option<CaptureKind>; MAX_LAYERS],
}

impl Hit {
    /// The capture of the whole piece on `at` by `kind`.
    pub fn whole(at: Square, kind: CaptureKind) -> Hit {
        Hit {
            whole: Some(kind),
            ..Hit::new(at)
        }
    }

    /// Nothing taken yet of the piece on `at`.
    pub const fn new(at: Square) -> Hit {
        Hit {
            at,
            whole: None,
            layers: [None; MAX_LAYERS],
        }
    }

    /// Takes what a match with one value takes, by `kind`.
    #[inline]
    pub fn take(&mut self, t: Taken, kind: CaptureKind) {
        match t {
            Taken::Whole => first_rule(&mut self.whole, kind),
            Taken::Layer(i) => first_rule(&mut self.layers[i as usize], kind),
            Taken::Layers(mask) => {
                for (i, slot) in self.layers.iter_mut().enumerate() {
                    if mask & (1 << i) != 0 {
                        first_rule(slot, kind);
                    }
                }
            }
        }
    }

    /// Adds what `other` takes of the same piece.
    pub fn merge(&mut self, other: &Hit) {
        if let Some(k) = other.whole {
            first_rule(&mut self.whole, k);
        }
        for (mine, theirs) in self.layers.iter_mut().zip(other.layers) {
            if let Some(k) = theirs {
                first_rule(mine, k);
            }
        }
    }

    /// Drops what `before` already took of the same piece, by any rule: a
    /// man that could be taken before a move was not set up by it, and is
    /// taken only by jumping onto it.
    pub fn without(&mut self, before: &Hit) {
        if before.whole.is_some() {
            self.whole = None;
        }
        for (mine, theirs) in self.layers.iter_mut().zip(before.layers) {
            if theirs.is_some() {
                *mine = None;
            }
        }
    }

    /// Whether it takes anything.
    pub fn any(&self) -> bool {
        self.whole.is_some() || self.layers.iter().any(Option::is_some)
    }
}

/// The hit on `v` in `hits`, added if new.
pub(super) fn hit_at(hits: &mut Vec<Hit>, v: Square) -> &mut Hit {
    match hits.iter().position(|h| h.at == v) {
        Some(i) => &mut hits[i],
        None => {
            hits.push(Hit::new(v));
            hits.last_mut().expect("just pushed")
        }
    }
}
