//! Position files: a position written by hand as JSON.
//!
//! ```json
//! {"rules": "boardspace", "to_move": "white",
//!  "pieces": [{"at": "d5", "side": "black", "shape": "round", "value": 16},
//!             {"at": "b7", "side": "white", "shape": "pyramid",
//!              "layers": [{"shape": "square", "value": 36}, {"shape": "round", "value": 1}]}],
//!  "captured": {"white": [{"shape": "round", "value": 3}], "black": []},
//!  "reserve": {"white": [{"shape": "round", "value": 3}], "black": []}}
//! ```
//!
//! "captured" lists the pieces each side has taken (the victories count
//! them); "reserve" the pieces each side holds in hand, in rule sets where
//! captured pieces change sides. Both may be omitted.
//!
//! What `ludus position --json` prints is a position file too: there each
//! side's "captured" is an object, its tallies `pieces`, `value` and
//! `digits` (checked against the pieces) with the pieces in `taken`; a
//! pyramid has its total `value` beside its `layers` (checked too); and
//! `ply`, `legal_moves`, `last_captures` and `outcome` are accepted. The
//! last three follow from the position and are not read; `ply` is read
//! into [`PositionSpec::ply`], at most [`MAX_PLY`] so that counting on
//! from it cannot wrap. Any other key is an error, so that a misspelt key
//! is not silently dropped.
//!
//! A value is at most [`MAX_VALUE`] and each side's captures and reserve
//! list at most [`MAX_LISTED`] pieces, so that a pyramid's total and the
//! sums the victories count cannot overflow.
//!
//! [`MAX_PLY`]: crate::core::input::MAX_PLY

use crate::core::position_error::PositionError;
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::Value;

use crate::core::input::check_ply;
use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::captured::Captured;
use crate::games::rithmomachy::piece::{Layer, MAX_LAYERS, Piece, Shape, Side};
use crate::games::rithmomachy::reserve::Reserve;
use crate::games::rithmomachy::square::Square;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    rules: Option<String>,
    to_move: Side,
    pieces: Vec<Entry>,
    #[serde(default)]
    captured: CapturedFile,
    #[serde(default)]
    reserve: ReserveFile,
    // Read wide and checked by `check_ply`, so that a ply too large for a
    // `u32` is refused naming `ply` rather than by the JSON reader.
    #[serde(default)]
    ply: u64,
    // What `ludus position --json` derives from the rest, or from the move
    // that led here: accepted so that its output reads back, never read.
    #[serde(default, rename = "legal_moves")]
    _legal_moves: Option<IgnoredAny>,
    #[serde(default, rename = "last_captures")]
    _last_captures: Option<IgnoredAny>,
    #[serde(default, rename = "outcome")]
    _outcome: Option<IgnoredAny>,
}

/// Each side's captures, in either of the forms [`taken`] reads.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CapturedFile {
    white: Option<Value>,
    black: Option<Value>,
}

/// One side's captures as `ludus position --json` prints them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TalliedFile {
    pieces: Option<u32>,
    value: Option<u32>,
    digits: Option<u32>,
    taken: Vec<LayerEntry>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ReserveFile {
    #[serde(default)]
    white: Vec<LayerEntry>,
    #[serde(default)]
    black: Vec<LayerEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    at: String,
    side: Side,
    shape: String,
    value: Option<u16>,
    layers: Option<Vec<LayerEntry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayerEntry {
    shape: String,
    value: u16,
}

/// A position read from a file.
#[derive(Clone, Debug)]
pub struct PositionSpec {
    /// The rule set the file names, if it names one.
    pub rules: Option<String>,
    /// The side to move.
    pub to_move: Side,
    /// The board.
    pub board: Board,
    /// What each side has captured (White's first).
    pub captured: [Captured; 2],
    /// The pieces each side holds in hand.
    pub reserve: [Reserve; 2],
    /// The moves played before this position, as the file gives them (0 if
    /// it does not).
    pub ply: u32,
}

/// The largest value a position file may give a piece. No rule set's setup
/// goes past 361 (Fulke's and Dagonell's largest square); six layers of
/// this value still fit a pyramid's 16-bit total.
pub const MAX_VALUE: u16 = 9_999;

/// The most pieces one side's captures, or one side's reserve, may list:
/// more than any board holds, few enough that their values cannot overflow
/// the 32-bit sums.
pub const MAX_LISTED: usize = 256;

fn layer(e: &LayerEntry, what: &str) -> Result<Layer, String> {
    let shape = Shape::parse(&e.shape).ok_or_else(|| {
        format!(
            "{what}: shape `{}` is not round, triangle or square",
            e.shape
        )
    })?;
    if e.value == 0 || e.value > MAX_VALUE {
        let why = if e.value == 0 {
            ""
        } else {
            " (no rule set uses more)"
        };
        return Err(format!(
            "{what}: a value must be 1 to {MAX_VALUE}, not {}{why}",
            e.value
        ));
    }
    Ok(Layer {
        shape,
        value: e.value,
    })
}

fn piece(i: usize, e: &Entry) -> Result<(Square, Piece), String> {
    let what = format!("pieces[{i}] (at `{}`)", e.at);
    let at = Square::parse(&e.at)
        .ok_or_else(|| format!("{what}: `{}` is not a square a1..h16", e.at))?;
    if e.shape == "pyramid" {
        let layers = e
            .layers
            .as_ref()
            .ok_or_else(|| format!("{what}: a pyramid needs `layers`"))?;
        if layers.is_empty() || layers.len() > MAX_LAYERS {
            return Err(format!("{what}: a pyramid has 1 to {MAX_LAYERS} layers"));
        }
        let stack = layers
            .iter()
            .enumerate()
            .map(|(j, l)| layer(l, &format!("{what} layers[{j}]")))
            .collect::<Result<Vec<_>, _>>()?;
        let pyramid = Piece::pyramid(e.side, &stack).expect("1-6 layers");
        // `ludus position --json` prints the total beside the layers; a
        // total that disagrees with them is a mistake, not a choice.
        if let Some(v) = e.value
            && v != pyramid.total()
        {
            return Err(format!(
                "{what}: a pyramid's value is the sum of its layers, {}, not {v}",
                pyramid.total()
            ));
        }
        return Ok((at, pyramid));
    }
    if e.layers.is_some() {
        return Err(format!("{what}: only a pyramid has layers"));
    }
    let value = e
        .value
        .ok_or_else(|| format!("{what}: a {} needs a `value`", e.shape))?;
    let l = layer(
        &LayerEntry {
            shape: e.shape.clone(),
            value,
        },
        &what,
    )
    .map_err(|m| {
        m.replace(
            "round, triangle or square",
            "round, triangle, square or pyramid",
        )
    })?;
    Ok((at, Piece::plain(e.side, l.shape, l.value)))
}

/// One side's captures, `what` naming them in errors: a list of pieces, as
/// written by hand, or the object `ludus position --json` prints, whose
/// tallies must agree with the pieces in its `taken`.
fn taken(v: &Value, what: &str) -> Result<Captured, String> {
    let list: Vec<LayerEntry> = match v {
        Value::Array(_) => serde_json::from_value(v.clone()).map_err(|e| format!("{what}: {e}"))?,
        Value::Object(_) => {
            let t: TalliedFile =
                serde_json::from_value(v.clone()).map_err(|e| format!("{what}: {e}"))?;
            let c = tally(&t.taken, &format!("{what}.taken"))?;
            for (key, given, counted) in [
                ("pieces", t.pieces, c.pieces),
                ("value", t.value, c.value),
                ("digits", t.digits, c.digits),
            ] {
                if let Some(given) = given
                    && given != counted
                {
                    return Err(format!(
                        "{what}.{key} is {given} but the pieces in `taken` make {counted}"
                    ));
                }
            }
            return Ok(c);
        }
        _ => {
            return Err(format!(
                "{what}: a list of pieces, or an object with the list in `taken`"
            ));
        }
    };
    tally(&list, what)
}

/// The captures of the pieces `list`, in order.
fn tally(list: &[LayerEntry], what: &str) -> Result<Captured, String> {
    listed(list, what)?;
    let mut c = Captured::default();
    for (j, l) in list.iter().enumerate() {
        c.add(layer(l, &format!("{what}[{j}]"))?);
    }
    Ok(c)
}

fn listed(list: &[LayerEntry], what: &str) -> Result<(), String> {
    if list.len() > MAX_LISTED {
        return Err(format!(
            "{what}: {} pieces listed, more than the {MAX_LISTED} a side may have",
            list.len()
        ));
    }
    Ok(())
}

/// Reads a position file's text.
///
/// ```
/// use ludus::games::rithmomachy::position_file::parse;
/// let p = parse(r#"{"to_move": "white", "pieces": [
///     {"at": "d5", "side": "black", "shape": "round", "value": 16}]}"#).unwrap();
/// assert_eq!(p.board.pieces().count(), 1);
/// let e = parse(r#"{"to_move": "white", "pieces": [
///     {"at": "d5", "side": "black", "shape": "round", "value": 16},
///     {"at": "d5", "side": "white", "shape": "round", "value": 4}]}"#).unwrap_err().to_string();
/// assert!(e.contains("pieces[1]") && e.contains("d5"));
/// ```
pub fn parse(text: &str) -> Result<PositionSpec, PositionError> {
    read(text).map_err(PositionError::Content)
}

fn read(text: &str) -> Result<PositionSpec, String> {
    let file: File = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let ply = check_ply(file.ply).map_err(|e| e.to_string())?;
    let mut board = Board::default();
    for (i, e) in file.pieces.iter().enumerate() {
        let (at, p) = piece(i, e)?;
        board
            .place(at, p)
            .map_err(|m| format!("pieces[{i}] (at `{}`): {m}", e.at))?;
    }
    let mut captured: [Captured; 2] = Default::default();
    for (side, given) in [(0, &file.captured.white), (1, &file.captured.black)] {
        let name = if side == 0 { "white" } else { "black" };
        if let Some(v) = given {
            captured[side] = taken(v, &format!("captured.{name}"))?;
        }
    }
    let mut reserve: [Reserve; 2] = Default::default();
    for (side, list) in [(0, &file.reserve.white), (1, &file.reserve.black)] {
        let name = if side == 0 { "white" } else { "black" };
        listed(list, &format!("reserve.{name}"))?;
        for (j, l) in list.iter().enumerate() {
            reserve[side].add(layer(l, &format!("reserve.{name}[{j}]"))?);
        }
    }
    Ok(PositionSpec {
        rules: file.rules,
        to_move: file.to_move,
        board,
        captured,
        reserve,
        ply,
    })
}
