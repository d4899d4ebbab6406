//! Catch the Rabbit (cercar la liebre): one hare on the alquerque board's
//! centre against 10, 11 or 12 hunters who must hem it in.

use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::games::board::options::{FLAG, cap, flag};
use crate::games::board::variant::Variant;
use crate::games::morris::geometry::BoardKind;
use crate::games::morris::rules::{Chain, First, Rules, points, ranks};
use crate::games::morris::shared_options::CAP;

/// Catch the Rabbit.
pub struct Rabbit;

/// Seat 1 plays the hare, seat 2 the hunters.
pub const HARE: u8 = 0;

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "hunters",
        doc: "how many hunters: 12, 11 or 10 (seed 004; the 11 and 10 setups are reconstructed)",
        kind: OptionKind::Int { min: 10, max: 12 },
        default: "12",
    },
    OptionSpec {
        name: "first",
        doc: "who moves first: the hare (seed 004) or the hunters (Ludii, Wikipedia)",
        kind: OptionKind::Choice(&["hare", "hunters"]),
        default: "hare",
    },
    OptionSpec {
        name: "hare_chain",
        doc: "the hare may jump on after a jump (the Libro as Comas and Deulofeu read it) or not (Ludii)",
        kind: FLAG,
        default: "true",
    },
    OptionSpec {
        name: "hare_wins",
        doc: "the hare wins when the hunters are down to nine (nine_left, seed 004's \"minimum ten\") or after three captures (three_captures)",
        kind: OptionKind::Choice(&["nine_left", "three_captures"]),
        default: "nine_left",
    },
    CAP,
    OptionSpec {
        name: "at_cap",
        doc: "a game stopped at the cap is a draw (Ludii) or the hare's (hare_wins, seed 004: the hunters who fail to block it lose)",
        kind: OptionKind::Choice(&["draw", "hare_wins"]),
        default: "draw",
    },
];

impl Variant for Rabbit {
    const NAME: &'static str = "rabbit";
    const TITLE: &'static str = "Catch the Rabbit, cercar la liebre (004)";
    const SIDES: &'static [&'static str] = &["hare", "hunters"];
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const RULES_PAGE: &'static str = include_str!("rabbit.md");
    /// Playouts cut at 40 decisions and scored by the material: `mcts:100`
    /// so scored 74% against playouts of 200
    /// (data/tournaments/mcts-cap-rabbit.toml).
    const PLAYOUT_CAP: u32 = 40;
    type Rules = Rules;

    fn rules(options: &Options) -> Result<Rules, OptionError> {
        let board = BoardKind::Alquerque;
        let hunters = options.int("hunters") as u8;
        let extra: &[&str] = match hunters {
            12 => &["a3", "e3"],
            11 => &["a3"],
            _ => &[],
        };
        let goal = match options.choice("hare_wins") {
            "three_captures" => 3,
            _ => hunters - 9,
        };
        let first = First::Seat(u8::from(options.choice("first") == "hunters"));
        Ok(Rules {
            setup: [points(board, &["c3"]), ranks(1) | points(board, extra)],
            jumpers: [true, false],
            chain: if flag(options, "hare_chain") {
                Chain::Optional
            } else {
                Chain::Off
            },
            win_at_captures: [goal, 0],
            cap_winner: (options.choice("at_cap") == "hare_wins").then_some(HARE),
            ..Rules::plain(board, first, cap(options))
        })
    }
}
