//! Nine men's morris (alquerque de nueve): place nine men each, then move
//! them along the lines; the seed captures by jumping, the Libro and
//! Ludii by mills, both as rule sets of the same options.

use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, OptionValue, Options};
use crate::games::board::options::cap;
use crate::games::board::variant::Variant;
use crate::games::morris::alquerque::chain;
use crate::games::morris::geometry::BoardKind;
use crate::games::morris::rules::Rules;
use crate::games::morris::shared_options::{CAP, FIRST, first};

/// Nine men's morris.
pub struct NineMen;

/// An option whose default, `preset` (the first of `values`), takes the
/// value the `rules` option's rule set gives it ([`preset`]).
const fn preset_option(
    name: &'static str,
    values: &'static [&'static str],
    doc: &'static str,
) -> OptionSpec {
    OptionSpec {
        name,
        doc,
        kind: OptionKind::Choice(values),
        default: "preset",
    }
}

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "rules",
        doc: "the rule set the `preset` values follow: seed (004: jump captures) or ludii (Ludii 1.3's Nine Men's Morris: mills, flying, a blocked side passes)",
        kind: OptionKind::Choice(&["seed", "ludii"]),
        default: "seed",
    },
    FIRST,
    preset_option(
        "capture",
        &["preset", "jump", "mill", "both"],
        "how men are taken: by jumping (seed 004), by completing a line of three (mill: the Libro, Murray, Ludii), or both",
    ),
    OptionSpec {
        name: "chain",
        doc: "with jump captures, whether a man may (optional) or must (must_continue) jump on; off: one jump (seed 004 names none)",
        kind: OptionKind::Choice(&["off", "optional", "must_continue"]),
        default: "off",
    },
    preset_option(
        "flying",
        &["preset", "off", "on"],
        "a side down to three men may move one to any empty point (Ludii; neither the seed nor the Libro)",
    ),
    preset_option(
        "blocked",
        &["preset", "loses", "passes"],
        "a side that cannot move loses (seed 004) or passes (Ludii)",
    ),
    preset_option(
        "flyer_mills",
        &["preset", "true", "false"],
        "whether a flying move that completes a line removes a man (Ludii's rules: it does not)",
    ),
    CAP,
];

/// Each `preset` option's value in a rule set.
fn preset(rules: &str, name: &str) -> &'static str {
    match (rules, name) {
        ("ludii", "capture") => "mill",
        ("ludii", "flying") => "on",
        ("ludii", "blocked") => "passes",
        ("ludii", "flyer_mills") => "false",
        (_, "capture") => "jump",
        (_, "flying") => "off",
        (_, "blocked") => "loses",
        _ => "true",
    }
}

const PRESET_OPTIONS: [&str; 4] = ["capture", "flying", "blocked", "flyer_mills"];

impl Variant for NineMen {
    const NAME: &'static str = "nine-men";
    const TITLE: &'static str = "Nine Men's Morris, alquerque de nueve (004)";
    const SIDES: &'static [&'static str] = &["white", "black"];
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const RULES_PAGE: &'static str = include_str!("nine_men.md");
    /// Playouts cut at 40 decisions and scored by the material: `mcts:100`
    /// so scored 58% of the points against playouts of 200 under Ludii's
    /// rules and 98% under the seed's
    /// (data/tournaments/mcts-cap-nine-men-ludii.toml, mcts-cap-nine-men.toml),
    /// at less than half the cost a decision.
    const PLAYOUT_CAP: u32 = 40;
    type Rules = Rules;

    fn in_force(options: &Options) -> Result<Options, OptionError> {
        let mut out = options.clone();
        for name in PRESET_OPTIONS {
            if options.choice(name) == "preset" {
                out.set(
                    name,
                    OptionValue::Choice(preset(options.choice("rules"), name)),
                );
            }
        }
        Ok(out)
    }

    fn rules(options: &Options) -> Result<Rules, OptionError> {
        let o = Self::in_force(options)?;
        let capture = o.choice("capture");
        let jumps = capture != "mill";
        Ok(Rules {
            hand: [9, 9],
            jumpers: [jumps, jumps],
            chain: chain(o.choice("chain")),
            mills: capture != "jump",
            flying: o.choice("flying") == "on",
            flyer_mills: o.choice("flyer_mills") == "true",
            blocked_passes: o.choice("blocked") == "passes",
            too_few_loses: capture != "jump",
            ..Rules::plain(BoardKind::NineMen, first(&o), cap(&o))
        })
    }
}
