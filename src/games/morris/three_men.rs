//! Three men's morris: three men each on a 3x3 board, placed and then
//! moved, to make a line; the seed's draw when a line is answered by a line.

use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::games::board::options::{FLAG, cap, flag};
use crate::games::board::variant::Variant;
use crate::games::morris::geometry::BoardKind;
use crate::games::morris::rules::Rules;
use crate::games::morris::shared_options::{CAP, FIRST, first};

/// Three men's morris.
pub struct ThreeMen;

const OPTIONS: &[OptionSpec] = &[
    FIRST,
    OptionSpec {
        name: "diagonals",
        doc: "the board's two long diagonals are lines (the Libro's alquerque de tres board; Ludii)",
        kind: FLAG,
        default: "true",
    },
    OptionSpec {
        name: "draw_rule",
        doc: "a line answered by a line in the same turn is a draw (seed 004); false: the first line wins at once (the Libro, Ludii)",
        kind: FLAG,
        default: "true",
    },
    OptionSpec {
        name: "moving",
        doc: "men move once all six are down (seed 004); false: placing only, a draw if no line (Ludii's Alquerque de Tres)",
        kind: FLAG,
        default: "true",
    },
    OptionSpec {
        name: "blocked",
        doc: "a side that cannot move passes (Ludii; the seed is silent) or loses",
        kind: OptionKind::Choice(&["passes", "loses"]),
        default: "passes",
    },
    CAP,
];

impl Variant for ThreeMen {
    const NAME: &'static str = "three-men";
    const TITLE: &'static str = "Three Men's Morris (004)";
    const SIDES: &'static [&'static str] = &["white", "black"];
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const RULES_PAGE: &'static str = include_str!("three_men.md");
    // The default cap of 200 stays: playouts cut at 40 scored 46% against
    // it (data/tournaments/mcts-cap-three-men.toml), within the noise of
    // 200 games but no gain.
    type Rules = Rules;

    fn rules(options: &Options) -> Result<Rules, OptionError> {
        let board = if flag(options, "diagonals") {
            BoardKind::ThreeDiagonal
        } else {
            BoardKind::ThreeGrid
        };
        Ok(Rules {
            hand: [3, 3],
            blocked_passes: options.choice("blocked") == "passes",
            line_wins: true,
            draw_rule: flag(options, "draw_rule"),
            moving: flag(options, "moving"),
            ..Rules::plain(board, first(options), cap(options))
        })
    }
}
