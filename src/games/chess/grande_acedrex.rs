//! Grande Acedrex ("Wielkie Szachy", seed 004; the Libro's Grant Acedrex):
//! twelve files, twelve ranks, twenty-four pieces a side, with the
//! readings of its pieces the sources disagree on as options.

use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::games::board::options::{FLAG, cap, flag};
use crate::games::board::variant::Variant;
use crate::games::chess::board::{Shape, square};
use crate::games::chess::piece::{Kind, piece};
use crate::games::chess::readings::{AancaReading, KingLeap, UnicornReading};
use crate::games::chess::rules::{DiceRule, OnMate, Promotion, Rules, Stalemate, Targets};
use crate::games::chess::shared_options::CAP;
use crate::games::chess::steps::{DIRECTIONS, leaper, offsets};

/// Grande Acedrex.
pub struct GrandeAcedrex;

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "first",
        doc: "the side that moves first: white (Ludii; the seed is silent) or black",
        kind: OptionKind::Choice(&["white", "black"]),
        default: "white",
    },
    OptionSpec {
        name: "king_leap",
        doc: "the king's first move: seed (a leap of two any way, over anything, taking, even out of check), cazaux (no taking, not out of or over check), forward (Ludii: the three forward leaps)",
        kind: OptionKind::Choice(&["seed", "cazaux", "forward"]),
        default: "seed",
    },
    OptionSpec {
        name: "aanca",
        doc: "after its diagonal step the aanca slides along the step's outward orthogonals (outward) or any orthogonal (any_orthogonal, the seed literally)",
        kind: OptionKind::Choice(&["outward", "any_orthogonal"]),
        default: "outward",
    },
    OptionSpec {
        name: "unicorn",
        doc: "after its knight's leap the unicorn slides on diagonally after a forward leap only (forward, the seed), after any leap (outward: Cazaux, Ludii), or leaps once without taking and is a bishop after (murray)",
        kind: OptionKind::Choice(&["forward", "outward", "murray"]),
        default: "forward",
    },
    OptionSpec {
        name: "lion",
        doc: "the lion leaps (0,3) and (1,3) (seed) or (0,3) only (murray: Murray, Ludii)",
        kind: OptionKind::Choice(&["seed", "murray"]),
        default: "seed",
    },
    OptionSpec {
        name: "giraffe",
        doc: "the giraffe leaps (2,3) (seed, Cazaux, Ludii) or (1,4) (murray)",
        kind: OptionKind::Choice(&["seed", "murray"]),
        default: "seed",
    },
    OptionSpec {
        name: "pawn_double",
        doc: "a pawn's first step may be two squares (the Cazaux preset; not in the seed)",
        kind: FLAG,
        default: "false",
    },
    OptionSpec {
        name: "king_file",
        doc: "the king begins on file g with the aanca on f (Ludii, Wikipedia), or on f with the aanca on g (de.wikipedia)",
        kind: OptionKind::Choice(&["g", "f"]),
        default: "g",
    },
    OptionSpec {
        name: "stalemate",
        doc: "a side without a move, not in check: seed (more pieces wins, then higher pieces, then the last mover), stalemater_wins (and a bare king loses), ludii (the side passes)",
        kind: OptionKind::Choice(&["seed", "stalemater_wins", "ludii"]),
        default: "seed",
    },
    OptionSpec {
        name: "dice",
        doc: "none, or d8: the Libro's eight-sided die before each move calls for a kind (1 pawn, 2 giraffe, 3 crocodile, 4 lion, 5 rook, 6 unicorn, 7 aanca, 8 king)",
        kind: OptionKind::Choice(&["none", "d8"]),
        default: "none",
    },
    CAP,
];

/// The back rank from a to l, with the king on `king_file`.
fn back_rank(king_on_f: bool) -> [Kind; 12] {
    use Kind::*;
    let (f, g) = if king_on_f {
        (King, Aanca)
    } else {
        (Aanca, King)
    };
    [
        Rook, Lion, Unicorn, Giraffe, Crocodile, f, g, Crocodile, Giraffe, Unicorn, Lion, Rook,
    ]
}

impl Variant for GrandeAcedrex {
    const NAME: &'static str = "grande-acedrex";
    const TITLE: &'static str = "Grande Acedrex, Great Chess on 12x12 (004)";
    const SIDES: &'static [&'static str] = &["white", "black"];
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const RULES_PAGE: &'static str = include_str!("grande_acedrex.md");
    type Rules = Rules;

    fn rules(options: &Options) -> Result<Rules, OptionError> {
        let shape = Shape {
            files: 12,
            ranks: 12,
        };
        let back = back_rank(options.choice("king_file") == "f");
        let mut start = shape.empty_cells();
        for (file, &kind) in back.iter().enumerate() {
            let f = file as u8;
            start[square(f, 0) as usize] = piece(kind, 0, 0);
            start[square(f, 3) as usize] = piece(Kind::Pawn, 0, 0);
            // "stoją w lustrzanym odbiciu": Black mirrors White across the
            // middle, so the kings face each other on one file.
            start[square(f, 11) as usize] = piece(kind, 1, 0);
            start[square(f, 8) as usize] = piece(Kind::Pawn, 1, 2);
        }
        let mut leaps: [Vec<i16>; 12] = Default::default();
        let mut slides: [Vec<i16>; 12] = Default::default();
        leaps[Kind::King as usize] = offsets(&DIRECTIONS);
        leaps[Kind::Aanca as usize] = offsets(&leaper(1, 1));
        leaps[Kind::Unicorn as usize] = offsets(&leaper(1, 2));
        slides[Kind::Rook as usize] = offsets(&[(0, 1), (1, 0), (0, -1), (-1, 0)]);
        slides[Kind::Crocodile as usize] = offsets(&leaper(1, 1));
        let mut lion = leaper(0, 3);
        if options.choice("lion") == "seed" {
            lion.extend(leaper(1, 3));
        }
        leaps[Kind::Lion as usize] = offsets(&lion);
        leaps[Kind::Giraffe as usize] = offsets(&match options.choice("giraffe") {
            "murray" => leaper(1, 4),
            _ => leaper(2, 3),
        });
        let promotion = Promotion::ByFile(
            back.iter()
                .map(|&k| if k == Kind::King { Kind::Aanca } else { k })
                .collect(),
        );
        use Kind::*;
        Ok(Rules {
            game: Self::NAME,
            shape,
            seats: 2,
            start,
            first: u8::from(options.choice("first") == "black"),
            leaps,
            slides,
            aanca: match options.choice("aanca") {
                "any_orthogonal" => AancaReading::AnyOrthogonal,
                _ => AancaReading::Outward,
            },
            unicorn: match options.choice("unicorn") {
                "outward" => UnicornReading::Outward,
                "murray" => UnicornReading::Murray,
                _ => UnicornReading::Forward,
            },
            king_leap: match options.choice("king_leap") {
                "cazaux" => KingLeap::Cazaux,
                "forward" => KingLeap::Forward,
                _ => KingLeap::Seed,
            },
            forward: [1, -1, 0, 0],
            pawn_double: flag(options, "pawn_double"),
            promotion,
            walls: None,
            dice: (options.choice("dice") == "d8").then(|| DiceRule {
                sides: 8,
                count: 1,
                faces: vec![Pawn, Giraffe, Crocodile, Lion, Rook, Unicorn, Aanca, King],
            }),
            stalemate: match options.choice("stalemate") {
                "stalemater_wins" => Stalemate::StalematerWins,
                "ludii" => Stalemate::Pass,
                _ => Stalemate::Count,
            },
            on_mate: OnMate::Ends,
            targets: Targets::Any,
            first_move: None,
            hierarchy: vec![King, Aanca, Unicorn, Rook, Lion, Crocodile, Giraffe, Pawn],
            cap: cap(options),
            slide_kinds: [0; 8],
            kinds: 0,
            squares: Vec::new(),
            reach: Default::default(),
        }
        .derive())
    }
}
