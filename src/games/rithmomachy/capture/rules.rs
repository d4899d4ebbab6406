//! A rule set's capture rules, flattened once for the hot path: which
//! apply, and the parameters each rule's file reads.

use crate::games::rithmomachy::rules::{
    AmbushReach, CaptureRule, Distance, EqualityReach, EruptionAttacker, Made, Op, PyramidValues,
    Rules, SiegeSides,
};

/// The ways of combining two values a rule set allows, indexed by [`Op`].
pub type Ops = [bool; Op::ALL.len()];

/// The capture rules of a rule set, flattened for the hot path.
#[derive(Clone, Debug, Default)]
pub struct CaptureRules {
    /// Siege: (the edge counts, which sides, the besiegers must be safe).
    pub(crate) siege: Option<(bool, SiegeSides, bool)>,
    /// Equality: (its reach, whether a pyramid's total counts).
    pub(crate) equality: Option<(EqualityReach, bool)>,
    /// Whether eruption applies.
    pub(crate) eruption: bool,
    /// Added to the steps between two pieces to give an eruption's distance.
    pub(crate) eruption_extra: i32,
    /// Whether only the smaller of the two may be the mover's.
    pub(crate) eruption_smaller_only: bool,
    /// Ambush: where the two stand and the ways their values combine.
    pub(crate) ambush: Option<(AmbushReach, Ops)>,
    /// Capture by oblivion: (own men block, the edge blocks).
    pub(crate) oblivion: Option<(bool, bool)>,
    /// Which values a pyramid shows.
    pub(crate) values: PyramidValues,
    /// Seed 002's captures by moving onto the victim.
    pub(crate) assault: bool,
    pub(crate) sally: bool,
    /// Only the relations a move sets up are captured after it (seed 003).
    pub(crate) set_up: bool,
    /// Whether the rules that do not look along lines are sieges and
    /// ambushes from both sides along a line only: their victims are found
    /// by patterns of the mover's pieces around them.
    pub(crate) local_by_pattern: bool,
}

impl CaptureRules {
    /// Flattens the capture rules of `rules`.
    pub fn new(rules: &Rules) -> CaptureRules {
        let mut c = CaptureRules {
            values: rules.pyramid_values,
            set_up: rules.made == Made::SetUp,
            ..CaptureRules::default()
        };
        for r in &rules.captures {
            match r {
                CaptureRule::Siege { edge, sides, safe } => c.siege = Some((*edge, *sides, *safe)),
                CaptureRule::Equality {
                    reach,
                    pyramid_total,
                } => c.equality = Some((*reach, *pyramid_total)),
                CaptureRule::Eruption { distance, attacker } => {
                    c.eruption = true;
                    c.eruption_extra = match distance {
                        Distance::BothEnds => 1,
                        Distance::Between => -1,
                    };
                    c.eruption_smaller_only = *attacker == EruptionAttacker::Smaller;
                }
                CaptureRule::Ambush { reach, ops } => {
                    let mut mask = [false; Op::ALL.len()];
                    for op in ops {
                        mask[*op as usize] = true;
                    }
                    c.ambush = Some((*reach, mask));
                }
                CaptureRule::Assault => c.assault = true,
                CaptureRule::Sally => c.sally = true,
                CaptureRule::Oblivion { own, edge } => c.oblivion = Some((*own, *edge)),
            }
        }
        c.local_by_pattern = !c.needs_movers()
            && c.oblivion.is_none()
            && !matches!(c.ambush, Some((AmbushReach::Adjacent, _)));
        c
    }

    /// Whether some rule needs the mover's pieces that could move to the
    /// victim (equality and ambush by movement).
    #[inline]
    pub(crate) fn needs_movers(&self) -> bool {
        matches!(self.equality, Some((EqualityReach::Move, _)))
            || matches!(self.ambush, Some((AmbushReach::Move, _)))
    }

    /// Whether some rule looks along the eight lines (eruption, equality by
    /// lines).
    #[inline]
    pub(crate) fn looks_along_lines(&self) -> bool {
        self.eruption || matches!(self.equality, Some((EqualityReach::Lines, _)))
    }

    /// Whether the rule set has captures by moving onto the victim.
    #[inline]
    pub fn onto(&self) -> bool {
        self.assault || self.sally || self.set_up
    }
}
