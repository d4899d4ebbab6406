//! The options of the game: the rule set and the victory settings that
//! experiments sweep. Every victory option defaults to `preset` (the rule
//! set's own value) and may be set to `off` or a number.

use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, OptionValue, Options};
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::rules::{
    CaptureRule, Glorious, Honour, HonourQuarrel, Op, PRESETS, Quarrel, Rules, TriumphLevel,
};

const WORDS: &[&str] = &["preset", "off"];

const fn number(name: &'static str, doc: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        doc,
        kind: OptionKind::IntOr {
            min: 1,
            max: 100_000,
            words: WORDS,
        },
        default: "preset",
    }
}

/// The options, in the order `ludus games` lists them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "rules",
        doc: "the rule set (see `ludus rules rithmomachy`)",
        kind: OptionKind::Choice(PRESETS),
        default: "boardspace",
    },
    number(
        "bodies",
        "de corpore: win by capturing this many pieces (pyramid layers one by one)",
    ),
    number(
        "goods_white",
        "de bonis: White wins by capturing this much value",
    ),
    number(
        "goods_black",
        "de bonis: Black wins by capturing this much value",
    ),
    number(
        "quarrel_value",
        "de lite: value captured, with quarrel_digits digits",
    ),
    number(
        "quarrel_digits",
        "de lite: digits shown on the captured pieces, with quarrel_value",
    ),
    number(
        "honour_value",
        "de honore: value captured, with honour_pieces pieces",
    ),
    number(
        "honour_pieces",
        "de honore: pieces captured, with honour_value",
    ),
    number(
        "hq_value",
        "de honore liteque: value, with hq_pieces and hq_digits",
    ),
    number(
        "hq_pieces",
        "de honore liteque: pieces, with hq_value and hq_digits",
    ),
    number(
        "hq_digits",
        "de honore liteque: digits, with hq_value and hq_pieces",
    ),
    OptionSpec {
        name: "glorious",
        doc: "the glorious victory (three pieces in progression in enemy land)",
        kind: OptionKind::Choice(&["preset", "on", "off"]),
        default: "preset",
    },
    OptionSpec {
        name: "triumph",
        doc: "the least triumph (proper victory) played for: great, greater or greatest",
        kind: OptionKind::Choice(&["preset", "off", "great", "greater", "greatest"]),
        default: "preset",
    },
    OptionSpec {
        name: "announce",
        doc: "a triumph is announced first, naming its men, which can then be neither captured nor fly (seed 003)",
        kind: OptionKind::Choice(&["preset", "on", "off"]),
        default: "preset",
    },
    number(
        "digit_set",
        "de lite (seed 002): the captured pieces show every digit of this number (123: 1, 2 and 3)",
    ),
    number(
        "digit_sum",
        "honore liteque (seed 002): the digits of the captured pieces add up to this",
    ),
    number("cap", "the game is drawn (\"cap\") after this many moves"),
    OptionSpec {
        name: "board",
        doc: "the board: 8x16, or the 8x14 board seed 002 allows (\"either fourteen or sixteen squares long\")",
        kind: OptionKind::Choice(&["preset", "8x16", "8x14"]),
        default: "preset",
    },
    OptionSpec {
        name: "first",
        doc: "the side that moves first",
        kind: OptionKind::Choice(&["preset", "white", "black"]),
        default: "preset",
    },
    OptionSpec {
        name: "proportion",
        doc: "capture by arithmetic, geometric or harmonic proportion of two men and the victim (seed 003's optional capture; rule sets with two-men captures)",
        kind: OptionKind::Choice(&["preset", "on", "off"]),
        default: "preset",
    },
    OptionSpec {
        name: "oblivion_own",
        doc: "capture by oblivion: the victim's own men block it too",
        kind: OptionKind::Choice(&["preset", "on", "off"]),
        default: "preset",
    },
    OptionSpec {
        name: "oblivion_edge",
        doc: "capture by oblivion: the board's edge blocks it too",
        kind: OptionKind::Choice(&["preset", "on", "off"]),
        default: "preset",
    },
];

/// `Some(true)` for `on`, `Some(false)` for `off`, `None` for `preset`.
fn switch(options: &Options, name: &str) -> Option<bool> {
    match options.choice(name) {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// Applies the options that change the capture rules and the turn order.
fn play_options(options: &Options, rules: &mut Rules) -> Result<(), OptionError> {
    match options.choice("board") {
        "8x16" => rules.ranks = 16,
        "8x14" => rules.ranks = 14,
        _ => {}
    }
    match options.choice("first") {
        "white" => rules.first = Side::White,
        "black" => rules.first = Side::Black,
        _ => {}
    }
    if let Some(on) = switch(options, "proportion") {
        let ambush = rules.captures.iter_mut().find_map(|c| match c {
            CaptureRule::Ambush { ops, .. } => Some(ops),
            _ => None,
        });
        let Some(ops) = ambush else {
            return Err(OptionError::Combination(format!(
                "the rule set `{}` has no capture by two men, so no capture by proportion",
                rules.name
            )));
        };
        const PROPORTIONS: [Op; 3] = [Op::Arithmetic, Op::Geometric, Op::Harmonic];
        ops.retain(|op| !PROPORTIONS.contains(op));
        if on {
            ops.extend(PROPORTIONS);
        }
    }
    for (name, which) in [("oblivion_own", 0), ("oblivion_edge", 1)] {
        if let Some(on) = switch(options, name) {
            let oblivion = rules.captures.iter_mut().find_map(|c| match c {
                CaptureRule::Oblivion { own, edge } => Some([own, edge]),
                _ => None,
            });
            let Some(flags) = oblivion else {
                return Err(OptionError::Combination(format!(
                    "the rule set `{}` has no capture by oblivion (rule sets with it: fulke)",
                    rules.name
                )));
            };
            *flags[which] = on;
        }
    }
    Ok(())
}

/// `Some(Some(n))` for a number, `Some(None)` for `off`, `None` for `preset`.
fn setting(options: &Options, name: &str) -> Option<Option<u32>> {
    match options.value(name) {
        OptionValue::Int(n) => Some(Some(*n as u32)),
        OptionValue::Choice("off") => Some(None),
        _ => None,
    }
}

fn single(options: &Options, name: &str, preset: Option<u32>) -> Option<u32> {
    setting(options, name).unwrap_or(preset)
}

/// Resolves the parameters of a victory that takes several: `off` on any of
/// them turns it off; a number on any of them turns it on, taking the
/// others from the preset, which must have them.
fn several<const N: usize>(
    options: &Options,
    victory: &str,
    names: [&str; N],
    preset: Option<[u32; N]>,
) -> Result<Option<[u32; N]>, String> {
    let given: Vec<Option<Option<u32>>> = names.iter().map(|n| setting(options, n)).collect();
    if given.contains(&Some(None)) {
        return Ok(None);
    }
    if given.iter().all(Option::is_none) {
        return Ok(preset);
    }
    let mut out = [0; N];
    for (i, g) in given.iter().enumerate() {
        out[i] = match (g, preset) {
            (Some(Some(n)), _) => *n,
            (_, Some(p)) => p[i],
            _ => {
                return Err(format!(
                    "the {victory} victory needs all of {} (this rule set does not play it, so none has a default)",
                    names.join(", ")
                ));
            }
        };
    }
    Ok(Some(out))
}

/// The rule set named by the options, with its victories overridden by them.
pub fn resolve(options: &Options) -> Result<Rules, OptionError> {
    let mut rules = Rules::preset(options.choice("rules"))?;
    play_options(options, &mut rules)?;
    let v = &mut rules.victory;
    v.bodies = single(options, "bodies", v.bodies);
    v.goods_white = single(options, "goods_white", v.goods_white);
    v.goods_black = single(options, "goods_black", v.goods_black);
    v.cap = single(options, "cap", v.cap);
    v.digit_set = single(options, "digit_set", v.digit_set);
    v.digit_sum = single(options, "digit_sum", v.digit_sum);
    v.quarrel = several(
        options,
        "quarrel",
        ["quarrel_value", "quarrel_digits"],
        v.quarrel.map(|q| [q.value, q.digits]),
    )
    .map_err(OptionError::Combination)?
    .map(|[value, digits]| Quarrel { value, digits });
    v.honour = several(
        options,
        "honour",
        ["honour_value", "honour_pieces"],
        v.honour.map(|h| [h.value, h.pieces]),
    )
    .map_err(OptionError::Combination)?
    .map(|[value, pieces]| Honour { value, pieces });
    v.honour_quarrel = several(
        options,
        "honour-quarrel",
        ["hq_value", "hq_pieces", "hq_digits"],
        v.honour_quarrel.map(|h| [h.value, h.pieces, h.digits]),
    )
    .map_err(OptionError::Combination)?
    .map(|[value, pieces, digits]| HonourQuarrel {
        value,
        pieces,
        digits,
    });
    match options.choice("glorious") {
        "off" => v.glorious = None,
        // Switched on in a rule set that lacks it: the plainest form.
        "on" if v.glorious.is_none() => {
            v.glorious = Some(Glorious {
                diagonal_lines: false,
                triangle: true,
                clear_arms: false,
                constant: false,
            })
        }
        _ => {}
    }
    let level = match options.choice("triumph") {
        "off" => {
            v.triumph = None;
            None
        }
        "great" => Some(TriumphLevel::Great),
        "greater" => Some(TriumphLevel::Greater),
        "greatest" => Some(TriumphLevel::Greatest),
        _ => None,
    };
    if let Some(on) = switch(options, "announce") {
        match &mut v.triumph {
            Some(t) => t.announced = on,
            None => {
                return Err(OptionError::Combination(format!(
                    "the rule set `{}` has no triumphs to announce (rule sets with triumphs: medieval, dagonell, fulke)",
                    rules.name
                )));
            }
        }
    }
    if let Some(level) = level {
        match &mut v.triumph {
            Some(t) => t.level = level,
            None => {
                return Err(OptionError::Combination(format!(
                    "the rule set `{}` has no triumphs (rule sets with triumphs: medieval, dagonell, fulke)",
                    rules.name
                )));
            }
        }
    }
    Ok(rules)
}

/// The options as `rules` plays them: every `preset` replaced by the rule
/// set's own number, `off`, `on` or choice, so that reports and scripts see
/// the values in force (`bodies=15`, `first=black`).
pub fn in_force(options: &Options, rules: &Rules) -> Options {
    let number =
        |n: Option<u32>| n.map_or(OptionValue::Choice("off"), |n| OptionValue::Int(n.into()));
    let on = |b: bool| OptionValue::Choice(if b { "on" } else { "off" });
    let v = &rules.victory;
    let mut out = options.clone();
    out.set("bodies", number(v.bodies));
    out.set("goods_white", number(v.goods_white));
    out.set("goods_black", number(v.goods_black));
    out.set("quarrel_value", number(v.quarrel.map(|q| q.value)));
    out.set("quarrel_digits", number(v.quarrel.map(|q| q.digits)));
    out.set("honour_value", number(v.honour.map(|h| h.value)));
    out.set("honour_pieces", number(v.honour.map(|h| h.pieces)));
    out.set("hq_value", number(v.honour_quarrel.map(|h| h.value)));
    out.set("hq_pieces", number(v.honour_quarrel.map(|h| h.pieces)));
    out.set("hq_digits", number(v.honour_quarrel.map(|h| h.digits)));
    out.set("glorious", on(v.glorious.is_some()));
    out.set(
        "triumph",
        OptionValue::Choice(match v.triumph.map(|t| t.level) {
            None => "off",
            Some(TriumphLevel::Great) => "great",
            Some(TriumphLevel::Greater) => "greater",
            Some(TriumphLevel::Greatest) => "greatest",
        }),
    );
    out.set("announce", on(v.triumph.is_some_and(|t| t.announced)));
    out.set("digit_set", number(v.digit_set));
    out.set("digit_sum", number(v.digit_sum));
    out.set("cap", number(v.cap));
    out.set(
        "board",
        OptionValue::Choice(if rules.ranks == 14 { "8x14" } else { "8x16" }),
    );
    out.set("first", OptionValue::Choice(rules.first.name()));
    let proportion = rules.captures.iter().any(|c| match c {
        CaptureRule::Ambush { ops, .. } => ops.contains(&Op::Arithmetic),
        _ => false,
    });
    out.set("proportion", on(proportion));
    let oblivion = rules.captures.iter().find_map(|c| match c {
        CaptureRule::Oblivion { own, edge } => Some((*own, *edge)),
        _ => None,
    });
    out.set("oblivion_own", on(oblivion.is_some_and(|o| o.0)));
    out.set("oblivion_edge", on(oblivion.is_some_and(|o| o.1)));
    out
}
