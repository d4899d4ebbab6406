//! The seed's "12 Men's Morris" (12 młynków): alquerque de doze, twelve
//! men a side on the 25-point board, capturing by jumps that may go on.

use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::games::board::options::{FLAG, cap, flag};
use crate::games::board::variant::Variant;
use crate::games::morris::geometry::BoardKind;
use crate::games::morris::rules::{Chain, Rules, points, ranks};
use crate::games::morris::shared_options::{CAP, FIRST, first};

/// Alquerque de doze.
pub struct Alquerque;

const OPTIONS: &[OptionSpec] = &[
    FIRST,
    OptionSpec {
        name: "chain",
        doc: "after a jump the man may jump on (optional, seed 004), must (must_continue), or may not (off, Ludii's default)",
        kind: OptionKind::Choice(&["optional", "must_continue", "off"]),
        default: "optional",
    },
    OptionSpec {
        name: "forced_capture",
        doc: "a side that can jump must (Murray's suggestion; neither the seed nor the Libro)",
        kind: FLAG,
        default: "false",
    },
    CAP,
];

/// The chain rule an option names.
pub fn chain(value: &str) -> Chain {
    match value {
        "must_continue" => Chain::MustContinue,
        "off" => Chain::Off,
        _ => Chain::Optional,
    }
}

impl Variant for Alquerque {
    const NAME: &'static str = "alquerque";
    const TITLE: &'static str = "12 Men's Morris, alquerque de doze (004)";
    const SIDES: &'static [&'static str] = &["white", "black"];
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const RULES_PAGE: &'static str = include_str!("alquerque.md");
    /// Playouts cut at 40 decisions and scored by the material: `mcts:100`
    /// so beat playouts of 200 in 185 games of 200
    /// (data/tournaments/mcts-cap-alquerque.toml).
    const PLAYOUT_CAP: u32 = 40;
    type Rules = Rules;

    fn rules(options: &Options) -> Result<Rules, OptionError> {
        let board = BoardKind::Alquerque;
        Ok(Rules {
            // "Piony są ustawione jak na obrazku poniżej, środkowe pole jest
            // na początku gry puste": each side's two near ranks and the two
            // points of the middle rank to its right; c3 empty.
            setup: [
                ranks(1) | points(board, &["d3", "e3"]),
                ranks(4) | points(board, &["a3", "b3"]),
            ],
            jumpers: [true, true],
            chain: chain(options.choice("chain")),
            forced_capture: flag(options, "forced_capture"),
            ..Rules::plain(board, first(options), cap(options))
        })
    }
}
