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
//! "captured" lists the tallies of each side's captures; "reserve" the
//! pieces each side holds in hand, in rule sets where captured pieces
//! change sides. Both may be omitted.

use serde::Deserialize;

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
    reserve: CapturedFile,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CapturedFile {
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
}

fn layer(e: &LayerEntry, what: &str) -> Result<Layer, String> {
    let shape = Shape::parse(&e.shape).ok_or_else(|| {
        format!(
            "{what}: shape `{}` is not round, triangle or square",
            e.shape
        )
    })?;
    if e.value == 0 {
        return Err(format!("{what}: a value must be at least 1"));
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
        if e.value.is_some() {
            return Err(format!(
                "{what}: a pyramid's value is the sum of its layers; give `layers`, not `value`"
            ));
        }
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
        return Ok((at, Piece::pyramid(e.side, &stack).expect("1-6 layers")));
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

/// Reads a position file's text.
///
/// ```
/// use ludus::games::rithmomachy::position_file::parse;
/// let p = parse(r#"{"to_move": "white", "pieces": [
///     {"at": "d5", "side": "black", "shape": "round", "value": 16}]}"#).unwrap();
/// assert_eq!(p.board.pieces().count(), 1);
/// let e = parse(r#"{"to_move": "white", "pieces": [
///     {"at": "d5", "side": "black", "shape": "round", "value": 16},
///     {"at": "d5", "side": "white", "shape": "round", "value": 4}]}"#).unwrap_err();
/// assert!(e.contains("pieces[1]") && e.contains("d5"));
/// ```
pub fn parse(text: &str) -> Result<PositionSpec, String> {
    let file: File = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut board = Board::default();
    for (i, e) in file.pieces.iter().enumerate() {
        let (at, p) = piece(i, e)?;
        board
            .place(at, p)
            .map_err(|m| format!("pieces[{i}] (at `{}`): {m}", e.at))?;
    }
    let mut captured: [Captured; 2] = Default::default();
    for (side, list) in [(0, &file.captured.white), (1, &file.captured.black)] {
        let name = if side == 0 { "white" } else { "black" };
        for (j, l) in list.iter().enumerate() {
            captured[side].add(layer(l, &format!("captured.{name}[{j}]"))?);
        }
    }
    let mut reserve: [Reserve; 2] = Default::default();
    for (side, list) in [(0, &file.reserve.white), (1, &file.reserve.black)] {
        let name = if side == 0 { "white" } else { "black" };
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
    })
}
