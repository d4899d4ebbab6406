//! A rule set made ready to play: the rules with their move tables.

use crate::games::rithmomachy::capture::CaptureRules;
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::rules::Rules;

/// A rule set with everything precomputed that play needs.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The rules.
    pub rules: Rules,
    /// The move tables.
    pub reach: Reach,
    /// The capture rules, flattened.
    pub captures: CaptureRules,
}

impl Variant {
    /// Compiles `rules`, or says what in them is wrong.
    pub fn new(rules: Rules) -> Result<Variant, String> {
        Ok(Variant {
            reach: Reach::new(&rules.movement)?,
            captures: CaptureRules::new(&rules),
            rules,
        })
    }
}
