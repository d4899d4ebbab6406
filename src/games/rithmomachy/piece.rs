//! Sides, shapes and pieces; a pyramid is a stack of plain pieces.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Home rank 1.
    White,
    /// Home rank 16.
    Black,
}

impl Side {
    /// 0 for White, 1 for Black: the seat that plays the side.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The side played by seat 0 (White) or 1 (Black).
    pub fn of_seat(seat: usize) -> Side {
        if seat == 0 { Side::White } else { Side::Black }
    }

    /// `"white"` or `"black"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The shape of a plain piece, which decides how it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// A round (circle).
    Round = 0,
    /// A triangle.
    Triangle = 1,
    /// A square.
    Square = 2,
}

impl Shape {
    /// All shapes, in the order of their indices.
    pub const ALL: [Shape; 3] = [Shape::Round, Shape::Triangle, Shape::Square];

    /// `"round"`, `"triangle"` or `"square"`.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Round => "round",
            Shape::Triangle => "triangle",
            Shape::Square => "square",
        }
    }

    /// The letter of seed 002's diagram: C, T or S.
    pub fn letter(self) -> char {
        match self {
            Shape::Round => 'C',
            Shape::Triangle => 'T',
            Shape::Square => 'S',
        }
    }

    /// The shape whose letter (seed 002's C, T or S) is `c`.
    pub fn from_letter(c: char) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.letter() == c)
    }

    /// The shape called `name`.
    pub fn parse(name: &str) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// One plain piece: a layer of a pyramid, or a piece on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layer {
    /// Its shape.
    pub shape: Shape,
    /// Its number.
    pub value: u16,
}

/// The most layers a pyramid has (White's has six).
pub const MAX_LAYERS: usize = 6;

/// A piece on the board: one plain piece, or a pyramid of up to six.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub side: Side,
    /// Whether it is a pyramid (it stays one as it loses layers).
    pub pyramid: bool,
    len: u8,
    layers: [Layer; MAX_LAYERS],
}

impl Piece {
    /// A plain piece.
    pub fn plain(side: Side, shape: Shape, value: u16) -> Piece {
        let mut layers = [Layer { shape, value }; MAX_LAYERS];
        layers[0] = Layer { shape, value };
        Piece {
            side,
            pyramid: false,
            len: 1,
            layers,
        }
    }

    /// A pyramid of these layers, bottom first; `None` if there are none or
    /// more than [`MAX_LAYERS`].
    pub fn pyramid(side: Side, stack: &[Layer]) -> Option<Piece> {
        if stack.is_empty() || stack.len() > MAX_LAYERS {
            return None;
        }
        let mut layers = [stack[0]; MAX_LAYERS];
        layers[..stack.len()].copy_from_slice(stack);
        Some(Piece {
            side,
            pyramid: true,
            len: stack.len() as u8,
            layers,
        })
    }

    /// The layers still in the piece, bottom first (one for a plain piece).
    #[inline]
    pub fn layers(&self) -> &[Layer] {
        &self.layers[..self.len as usize]
    }

    /// The total value.
    #[inline]
    pub fn total(&self) -> u16 {
        self.layers().iter().map(|l| l.value).sum()
    }

    /// The shapes it moves as, one bit per [`Shape`] index.
    #[inline]
    pub fn shapes(&self) -> u8 {
        self.layers()
            .iter()
            .fold(0, |m, l| m | 1 << (l.shape as u8))
    }

    /// Removes layer `i`; returns false if none is left.
    pub fn remove_layer(&mut self, i: usize) -> bool {
        let n = self.len as usize;
        self.layers.copy_within(i + 1..n, i);
        self.len -= 1;
        self.len > 0
    }

    /// How the piece is written: `16C`, `91P`.
    pub fn label(&self) -> String {
        if self.pyramid {
            format!("{}P", self.total())
        } else {
            format!("{}{}", self.layers[0].value, self.layers[0].shape.letter())
        }
    }
}

/// The number of decimal digits of `v` (for the victories that count digits).
#[inline]
pub fn digits(v: u16) -> u32 {
    if v == 0 { 1 } else { v.ilog10() + 1 }
}
