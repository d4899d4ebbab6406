//! A rule set made ready to play: the rules with their move tables.

use crate::games::rithmomachy::capture::CaptureRules;
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::rules::Rules;
use crate::games::rithmomachy::rules_error::RulesError;

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
    pub fn new(rules: Rules) -> Result<Variant, RulesError> {
        if rules.ranks != 14 && rules.ranks != 16 {
            return Err(RulesError::Unplayable(format!(
                "ranks = {}: the board is 14 or 16 ranks long",
                rules.ranks
            )));
        }
        Ok(Variant {
            reach: Reach::new(&rules.movement, rules.ranks).map_err(RulesError::Unplayable)?,
            captures: CaptureRules::new(&rules),
            rules,
        })
    }
}
