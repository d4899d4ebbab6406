//! Position files: a position written as JSON, in the form `ludus position
//! --json` prints, so that its output reads back.
//!
//! ```json
//! {"to_move": "white", "points": {"c3": "white", "c4": "black"},
//!  "hand": {"white": 0, "black": 0}, "captured": {"white": 11, "black": 11}}
//! ```
//!
//! `to_move` and `points` are required. `game` (checked against the game),
//! `ply`, `first` (the side that moved first: by default the side to move
//! at an even ply, the other at an odd one), `hand`, `captured`,
//! `line_pending` and `pending` (a turn half played: `"removal"` after a
//! completed line, or `{"at": "c3", "jumped": ["b2"]}` in a chain of
//! jumps) may be given; `legal_moves` and `outcome` follow from
//! the rest and are not read. Any other key is an error, so that a misspelt
//! key is not silently dropped.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::IgnoredAny;

use crate::games::board::position_file::{check_game, read};
use crate::games::board::sides::side;
use crate::games::morris::geometry::Points;
use crate::games::morris::position::{Parts, Pending};
use crate::games::morris::rules::{Chain, Rules};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    game: Option<String>,
    #[serde(default)]
    ply: u64,
    first: Option<String>,
    to_move: String,
    points: BTreeMap<String, String>,
    #[serde(default)]
    hand: BTreeMap<String, u8>,
    #[serde(default)]
    captured: BTreeMap<String, u8>,
    #[serde(default)]
    line_pending: bool,
    pending: Option<PendingFile>,
    #[serde(default, rename = "legal_moves")]
    _legal_moves: Option<IgnoredAny>,
    #[serde(default, rename = "outcome")]
    _outcome: Option<IgnoredAny>,
}

/// A turn half played, as a file writes it.
#[derive(Deserialize)]
#[serde(untagged)]
enum PendingFile {
    /// `"removal"` (or `null`-like `"turn"`, a turn not begun).
    Word(String),
    /// A chain under way.
    Chain(ChainFile),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChainFile {
    at: String,
    #[serde(default)]
    jumped: Vec<String>,
}

fn per_side(sides: &[&str], map: &BTreeMap<String, u8>, key: &str) -> Result<[u8; 2], String> {
    let mut out = [0; 2];
    for (name, n) in map {
        out[side(sides, name, key)? as usize] = *n;
    }
    Ok(out)
}

/// Reads a position file of game `game` (whose seats play `sides`) under `rules`.
pub(crate) fn parse(
    text: &str,
    game: &str,
    sides: &[&str],
    rules: &Rules,
) -> Result<Parts, String> {
    let file: File = read(text, "not a position file: ")?;
    check_game(file.game.as_deref(), game, "position")?;
    let g = rules.geometry();
    let mut men = [0u32; 2];
    for (name, owner) in &file.points {
        let p = g.point(name).ok_or_else(|| {
            format!(
                "points: `{name}` is not a point of this board (points: {})",
                g.names.join(" ")
            )
        })?;
        men[side(sides, owner, &format!("points.{name}"))? as usize] |= 1 << p;
    }
    let hand = per_side(sides, &file.hand, "hand")?;
    let captured = per_side(sides, &file.captured, "captured")?;
    for s in 0..2 {
        let allowed = rules.setup[s].count_ones() + u32::from(rules.hand[s]);
        let has = men[s].count_ones() + u32::from(hand[s]) + u32::from(captured[1 - s]);
        if has > allowed {
            return Err(format!(
                "{}: {} men on the board, {} in hand and {} taken by the other side make {has}, but a side has {allowed}",
                sides[s],
                men[s].count_ones(),
                hand[s],
                captured[1 - s]
            ));
        }
    }
    let ply = crate::core::input::check_ply(file.ply).map_err(|e| e.to_string())?;
    let to_move = side(sides, &file.to_move, "to_move")?;
    let pending = match &file.pending {
        None => Pending::Turn,
        Some(p) => pending(p, rules, men, to_move)?,
    };
    let first = match &file.first {
        Some(name) => side(sides, name, "first")?,
        None if ply.is_multiple_of(2) => to_move,
        None => 1 - to_move,
    };
    Ok(Parts {
        men,
        hand,
        captured,
        to_move,
        first,
        line_pending: file.line_pending,
        pending,
        ply,
    })
}

/// The half-played turn a file gives, checked against the rules and the
/// men: a removal needs a rule that removes, a chain the mover's man on
/// `at`, enemy men jumped (whether a jump is left is judged on the position).
fn pending(
    p: &PendingFile,
    rules: &Rules,
    men: [Points; 2],
    to_move: u8,
) -> Result<Pending, String> {
    let g = rules.geometry();
    let point = |name: &str, key: &str| {
        g.point(name)
            .ok_or_else(|| format!("{key}: `{name}` is not a point of this board"))
    };
    let (me, them) = (men[to_move as usize], men[1 - to_move as usize]);
    match p {
        PendingFile::Word(w) if w == "turn" => Ok(Pending::Turn),
        PendingFile::Word(w) if w == "removal" => {
            if !rules.mills {
                return Err(
                    "pending: a removal, but completed lines remove no man under these rules"
                        .into(),
                );
            }
            if them == 0 {
                return Err(
                    "pending: a removal, but the other side has no man on the board".into(),
                );
            }
            Ok(Pending::Removal)
        }
        PendingFile::Word(w) => Err(format!(
            "pending: `{w}` is not a turn half played (\"removal\", or {{\"at\": point, \"jumped\": [points]}})"
        )),
        PendingFile::Chain(c) => {
            if rules.chain == Chain::Off || !rules.jumpers[to_move as usize] {
                return Err("pending: a chain of jumps, but these rules make no chains for the side to move".into());
            }
            let at = point(&c.at, "pending.at")?;
            if me & 1 << at == 0 {
                return Err(format!(
                    "pending.at: no man of the side to move on {}",
                    c.at
                ));
            }
            let mut taken: Points = 0;
            for name in &c.jumped {
                let p = point(name, "pending.jumped")?;
                if them & 1 << p == 0 {
                    return Err(format!(
                        "pending.jumped: no man of the other side on {name}"
                    ));
                }
                taken |= 1 << p;
            }
            if taken == 0 {
                return Err("pending.jumped: a chain has jumped at least one man".into());
            }
            Ok(Pending::Chain { at, taken })
        }
    }
}
