//! The rules of one Rithmomachy rule set, as data.
//!
//! Every historical rule set is a preset of the same orthogonal options:
//! how each shape moves, which capture rules apply and how far they reach,
//! and which victories the players agreed on. Presets live in
//! `data/rithmomachy/*.toml` and are embedded in the binary.

use crate::games::rithmomachy::rules_error::RulesError;
use serde::{Deserialize, Serialize};

use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::progression::{ARITHMETIC, GEOMETRIC, HARMONIC, kinds};

/// One rule set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// The preset's name, e.g. `"boardspace"`.
    pub name: String,
    /// Where the rules come from, for `ludus rules`.
    pub source: String,
    /// The side that moves first.
    pub first: Side,
    /// The starting layout.
    pub setup: SetupKind,
    /// The board's length in ranks: 16, or 14 (seed 002: "The board is
    /// eight squares wide and either fourteen or sixteen squares long").
    #[serde(default = "sixteen")]
    pub ranks: u8,
    /// How pieces move.
    pub movement: Movement,
    /// The capture rules in force, applied together after every move.
    pub captures: Vec<CaptureRule>,
    /// What becomes of a captured piece.
    #[serde(default)]
    pub captured: CapturedGo,
    /// Which values a pyramid shows to the captures, as attacker and victim.
    #[serde(default)]
    pub pyramid_values: PyramidValues,
    /// Which captures a move makes.
    #[serde(default)]
    pub made: Made,
    /// The victories and their agreed parameters.
    pub victory: Victory,
    /// The n-th occurrence of the same position (same side to move) draws;
    /// 0 = no repetition rule.
    #[serde(default)]
    pub repetition: u32,
}

fn sixteen() -> u8 {
    16
}

/// Which values a pyramid shows to the captures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PyramidValues {
    /// Each layer, which may be taken alone, and (where the capture rule
    /// allows it) the total, which takes the whole stack (seeds 001, 002).
    #[default]
    LayersAndTotal,
    /// Only the total (seed 000: the pyramids' "irregular values make it hard
    /// for them to be captured by most of the capturing methods ... except
    /// for Siege").
    Total,
    /// Seed 002: "Pyramids attack and capture as either their total value or
    /// the value of their bases. Pyramids may be captured by their total
    /// value, the value of their bases, one layer at a time, or the sum of
    /// several layers at a time." The total or the base takes the whole
    /// stack; a layer, or a sum of several, takes those layers.
    BaseAndSums,
}

/// Which of the relations standing after a move it captures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Made {
    /// Every one (seeds 000, 001, 002).
    #[default]
    AfterMove,
    /// Only those the move set up, that did not stand before it; an enemy
    /// that walked into a relation is taken by one of its attackers moving
    /// onto it (seed 003: "you only have to set up the position ...
    /// Alternatively, you can capture by jumping onto the enemy man").
    SetUp,
}

/// What becomes of a captured piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CapturedGo {
    /// It leaves the game (seed 001).
    #[default]
    Out,
    /// It changes sides: it joins the captor's reserve, and a turn may place
    /// a reserve piece on an empty square of the player's home rank instead
    /// of moving (seeds 000 and 002). A pyramid taken whole joins as its
    /// separate layers.
    Reserve,
    /// It changes sides at once: the captor places it on an empty square of
    /// its own first rank, one decision per man, before the turn passes
    /// (seed 003's "turning the enemy"). Men that find no room wait in hand
    /// and are placed, before their owner's move, as soon as room is free.
    Turned,
}

/// The starting layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SetupKind {
    /// Seed 002's diagram: White on ranks 1-4, Black on 13-16.
    Back,
    /// The same advanced two ranks: White on 3-6, Black on 11-14.
    Forward,
}

/// How each shape moves. Each entry is one of:
/// `"orthogonal N"` / `"diagonal N"` / `"straight N"` (exactly N steps in one
/// direction, every square passed over must be empty), or `"leap A B"` (the
/// (A, B) jump in all eight orientations, never blocked).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// Rounds.
    pub round: Vec<String>,
    /// Triangles.
    pub triangle: Vec<String>,
    /// Squares.
    pub square: Vec<String>,
    /// How a pyramid moves.
    pub pyramid: PyramidMoves,
}

/// How a pyramid moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PyramidMoves {
    /// As any shape it still contains (seeds 000, 001, 003).
    AnyShape,
    /// As its bottom piece, whichever that is now (seed 002: "Pyramids move
    /// the same way as their bottom-most piece moves").
    Bottom,
}

/// One capture rule and how far it reaches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "kebab-case", deny_unknown_fields)]
pub enum CaptureRule {
    /// Surrounded on all four sides by the mover's pieces.
    Siege {
        /// Whether off-board neighbours count as surrounding.
        edge: bool,
        /// Which four sides: the orthogonal ones only, or either the four
        /// orthogonal or the four diagonal ones.
        #[serde(default)]
        sides: SiegeSides,
        /// Whether the besiegers must not themselves be in danger of capture
        /// by the opponent (seed 002: "surrounded on all sides by enemy
        /// pieces which are not in danger of being captured themselves").
        #[serde(default)]
        safe: bool,
    },
    /// An enemy of the attacker's value within its reach.
    Equality {
        /// What "within reach" means.
        reach: EqualityReach,
        /// Whether a pyramid's total value counts (its layers always do).
        pyramid_total: bool,
    },
    /// Smaller value x distance = larger value, between the first pieces
    /// in line with each other (seed 001's eruption, 000's assault).
    Eruption {
        /// How the distance is counted.
        #[serde(default)]
        distance: Distance,
        /// Which of the two the mover's piece may be.
        #[serde(default)]
        attacker: EruptionAttacker,
    },
    /// Two attackers whose values combine into the victim's.
    Ambush {
        /// Where the two attackers must stand.
        reach: AmbushReach,
        /// The ways the two values may combine.
        ops: Vec<Op>,
    },
    /// Seed 002's assault: a piece moves onto an enemy of equal value on a
    /// square it reaches by a legal move, capturing and replacing it.
    Assault,
    /// Seed 002's sally: a piece of value n moves onto an enemy of value
    /// x * n that stands x squares away (both ends counted) along a clear
    /// rank, file or diagonal, capturing and replacing it.
    Sally,
    /// Seed 003's capture by oblivion: the enemy can make no normal move,
    /// the first man on the way of each being the mover's.
    Oblivion {
        /// Whether the victim's own men count as blocking it.
        #[serde(default)]
        own: bool,
        /// Whether the board's edge counts as blocking it.
        #[serde(default)]
        edge: bool,
    },
}

/// The sides a siege closes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SiegeSides {
    /// The four orthogonal neighbours, or else the four diagonal ones (seed 001).
    #[default]
    OrthogonalOrDiagonal,
    /// The four orthogonal neighbours only (seed 000: "surrounded on all four sides").
    Orthogonal,
}

/// How the distance of an eruption (assault) is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Distance {
    /// Steps from one to the other plus one: both end squares counted,
    /// adjacent = 2 (seeds 001 and 002).
    #[default]
    BothEnds,
    /// The empty squares between the two: adjacent = 0 (seed 000's
    /// "number of vacant spaces between").
    Between,
}

/// Which piece of an eruption the mover's may be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EruptionAttacker {
    /// Either: the enemy is taken whether it is the smaller or the larger
    /// (seed 001: "whichever of the two is the mover's").
    #[default]
    Either,
    /// Only the smaller: the larger piece is the one captured (seed 000:
    /// "the larger piece is captured").
    Smaller,
}

/// The reach of capture by equality.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EqualityReach {
    /// The attacker could move to the victim's square if it were empty.
    Move,
    /// The attacker is the first piece along one of the eight lines, at
    /// exactly a move distance of a shape it holds (1 round, 2 triangle,
    /// 3 square).
    Lines,
}

/// Where ambushers stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AmbushReach {
    /// Each could move to the victim's square if it were empty.
    Move,
    /// Adjacent on opposite sides along a rank, file or diagonal.
    Custodial,
    /// Two or more of the mover's pieces next to the victim (any of its
    /// eight neighbours), each worth less than it, by their sum or product
    /// (seed 002's ambush).
    Adjacent,
}

/// How two attackers' values combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Op {
    /// a + b.
    Sum,
    /// |a - b|.
    Difference,
    /// a x b.
    Product,
    /// The larger divided by the smaller, when it divides exactly.
    Quotient,
    /// The three values, in order of size, are in arithmetic proportion
    /// (seed 003's optional capture by proportion).
    Arithmetic,
    /// ... in geometric proportion.
    Geometric,
    /// ... in harmonic proportion.
    Harmonic,
}

impl Op {
    /// Whether `a` and `b` combine into `v`.
    #[inline]
    pub fn makes(self, a: u32, b: u32, v: u32) -> bool {
        match self {
            Op::Sum => a + b == v,
            Op::Difference => a.abs_diff(b) == v,
            Op::Product => a * b == v,
            Op::Quotient => {
                let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                lo != 0 && hi % lo == 0 && hi / lo == v
            }
            Op::Arithmetic => kinds([a, b, v]) & ARITHMETIC != 0,
            Op::Geometric => kinds([a, b, v]) & GEOMETRIC != 0,
            Op::Harmonic => kinds([a, b, v]) & HARMONIC != 0,
        }
    }

    /// Every way of combining, in the order of the capture tables.
    pub const ALL: [Op; 7] = [
        Op::Sum,
        Op::Difference,
        Op::Product,
        Op::Quotient,
        Op::Arithmetic,
        Op::Geometric,
        Op::Harmonic,
    ];
}

/// The victories players agreed on; `None` = not played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// De corpore: this many captured pieces (pyramid layers one by one).
    pub bodies: Option<u32>,
    /// De bonis: captured value for White.
    pub goods_white: Option<u32>,
    /// De bonis: captured value for Black.
    pub goods_black: Option<u32>,
    /// Whether goods must exceed the number (`>`) rather than reach it (`>=`).
    #[serde(default)]
    pub goods_strict: bool,
    /// How the digits of de lite and the pieces of de honore are limited:
    /// at least the number (seeds 001, 003) or fewer than it (seed 000).
    #[serde(default)]
    pub limits: Limits,
    /// De lite (quarrel): at least this value, with this many digits.
    pub quarrel: Option<Quarrel>,
    /// De honore: at least this value and this many pieces.
    pub honour: Option<Honour>,
    /// De honore liteque: value, pieces and digits, all at least.
    pub honour_quarrel: Option<HonourQuarrel>,
    /// The glorious victory (three pieces in progression in enemy land).
    pub glorious: Option<Glorious>,
    /// The proper victories, or triumphs (seeds 000, 002, 003).
    #[serde(default)]
    pub triumph: Option<Triumph>,
    /// De lite as seed 002 has it: the digits shown on the captured pieces
    /// include every digit of this number (123: the digits 1, 2 and 3).
    #[serde(default)]
    pub digit_set: Option<u32>,
    /// Honore liteque as seed 002 has it: the digits shown on the captured
    /// pieces add up to at least this.
    #[serde(default)]
    pub digit_sum: Option<u32>,
    /// The game is drawn ("cap") after this many moves.
    pub cap: Option<u32>,
}

/// How the counts of de lite, de honore and de honore liteque bind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limits {
    /// At least that many digits or pieces.
    #[default]
    AtLeast,
    /// Fewer than that many digits or pieces (seed 000: "less than a number
    /// set by both players"): the value must be won with few, large pieces.
    LessThan,
}

impl Limits {
    /// Whether `count` is within the limit `n`.
    ///
    /// ```
    /// use ludus::games::rithmomachy::rules::Limits;
    /// assert!(Limits::AtLeast.holds(8, 8) && !Limits::AtLeast.holds(7, 8));
    /// assert!(Limits::LessThan.holds(7, 8) && !Limits::LessThan.holds(8, 8));
    /// ```
    #[inline]
    pub fn holds(self, count: u32, n: u32) -> bool {
        match self {
            Limits::AtLeast => count >= n,
            Limits::LessThan => count < n,
        }
    }
}

/// Parameters of the quarrel victory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quarrel {
    /// Captured value, at least.
    pub value: u32,
    /// Digits shown on the captured pieces (see [`Limits`]).
    pub digits: u32,
}

/// Parameters of the honour victory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Honour {
    /// Captured value, at least.
    pub value: u32,
    /// Captured pieces (see [`Limits`]).
    pub pieces: u32,
}

/// Parameters of the honour-and-quarrel victory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HonourQuarrel {
    /// Captured value, at least.
    pub value: u32,
    /// Captured pieces, at least.
    pub pieces: u32,
    /// Digits shown on the captured pieces, at least.
    pub digits: u32,
}

/// The shapes a glorious victory may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Glorious {
    /// Whether evenly spaced lines may also be diagonal.
    pub diagonal_lines: bool,
    /// Whether a right-angled triangle (an L) counts.
    pub triangle: bool,
    /// Whether the triangle is walked like a line (boardspace.net): the
    /// middle term is the first piece met from the end along a rank or
    /// file, and the squares from it to the far end are empty. Otherwise
    /// the squares along its arms may hold pieces.
    #[serde(default)]
    pub clear_arms: bool,
    /// Whether a constant triple (9 9 9) counts as a progression.
    pub constant: bool,
}

/// The triumphs: men in progression arranged in the enemy's land.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Triumph {
    /// The least triumph the players agreed to play for; a higher one wins too.
    pub level: TriumphLevel,
    /// Where the men must stand.
    pub region: Region,
    /// How the men of a line stand.
    pub spacing: Spacing,
    /// The progressions a great triumph (three men) may show.
    pub great: GreatProgressions,
    /// Whether four men may stand as a 2 x 2 square instead of a line (seed 003).
    pub square: bool,
    /// Whether the opponent's pyramid must first be captured entirely
    /// (seeds 002 and 003).
    pub after_pyramid: bool,
    /// Whether a triumph is announced first, naming its men, which can then
    /// be neither captured nor fly, and alone make it (seed 003: "Begin by
    /// announcing that you are going to make a triumph, and which men you
    /// are going to use to do it").
    #[serde(default)]
    pub announced: bool,
}

/// The three triumphs, least first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TriumphLevel {
    /// Three men in one progression (victoria magna).
    Great,
    /// Four men showing two kinds of progression (victoria major).
    Greater,
    /// Four men showing all three kinds (victoria excellentissima).
    Greatest,
}

impl TriumphLevel {
    /// The ending's name in reports: `great-triumph`, ...
    pub fn reason(self) -> &'static str {
        match self {
            TriumphLevel::Great => "great-triumph",
            TriumphLevel::Greater => "greater-triumph",
            TriumphLevel::Greatest => "greatest-triumph",
        }
    }
}

/// Where a triumph's men stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Region {
    /// The opponent's half of the board (ranks 9-16 for White).
    Half,
    /// The opponent's camp: the six ranks nearest his home edge (seed 003:
    /// "his back six rows").
    Camp,
    /// Anywhere for the great and greater triumphs, the opponent's half for
    /// the greatest (seed 002: "The Greatest Triumph: four pieces lined up on
    /// the opponent's side of the board").
    GreatestInHalf,
}

/// How the men of a triumph's line stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spacing {
    /// On consecutive squares of a rank, file or diagonal (seed 003: "a
    /// connected line").
    Adjacent,
}

/// The progressions a great triumph may show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GreatProgressions {
    /// Arithmetic only (seed 000: victoria magna "in an arithmetic progression").
    Arithmetic,
    /// Any of the three (seeds 002, 003).
    Any,
}

/// The preset names, in the order `ludus rules` lists them.
pub const PRESETS: &[&str] = &["modern", "boardspace", "medieval", "dagonell", "fulke"];

impl Rules {
    /// The preset called `name`.
    ///
    /// ```
    /// use ludus::games::rithmomachy::rules::Rules;
    /// let r = Rules::preset("boardspace").unwrap();
    /// assert_eq!(r.victory.bodies, Some(15));
    /// assert!(Rules::preset("nope").is_err());
    /// ```
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let text = match name {
            "modern" => include_str!("../../../data/rithmomachy/modern.toml"),
            "boardspace" => include_str!("../../../data/rithmomachy/boardspace.toml"),
            "medieval" => include_str!("../../../data/rithmomachy/medieval.toml"),
            "dagonell" => include_str!("../../../data/rithmomachy/dagonell.toml"),
            "fulke" => include_str!("../../../data/rithmomachy/fulke.toml"),
            _ => {
                return Err(RulesError::UnknownPreset {
                    name: name.to_string(),
                    known: PRESETS.join(", "),
                });
            }
        };
        Rules::parse(text).map_err(|e| match e {
            RulesError::Toml { message, .. } => RulesError::Toml {
                file: Some(format!("data/rithmomachy/{name}.toml")),
                message,
            },
            other => other,
        })
    }

    /// Parses a rule set written in TOML.
    pub fn parse(text: &str) -> Result<Rules, RulesError> {
        crate::core::control_text::read_toml(text).map_err(|message| RulesError::Toml {
            file: None,
            message,
        })
    }
}
