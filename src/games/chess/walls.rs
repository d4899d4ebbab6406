//! Lines drawn on the board that no move may cross: Four Seasons' crossed
//! centre ("przekreślony na krzyż dwoma liniami których przekroczenie ...
//! jest niedopuszczalne"). A move crosses a line when the segment from
//! its square's centre to its target's centre meets the line at a point
//! inside it; touching a line's end does not count (the brief: c2-b3 is
//! allowed). The test is done once per pair of squares, in whole numbers.

use crate::games::chess::board::{Shape, Square, file_of, rank_of};

/// A line between two board corners, in corner coordinates (a1's lower
/// left corner is (0, 0), l12's upper right (12, 12)).
pub type Line = ((i32, i32), (i32, i32));

/// The pairs of squares whose move would cross a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walls {
    lines: Vec<Line>,
    squares: usize,
    files: u8,
    forbidden: Vec<u64>,
}

fn orient(a: (i32, i32), b: (i32, i32), c: (i32, i32)) -> i32 {
    ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
}

/// Whether the segment between two points crosses a line inside it: a
/// proper crossing, in doubled coordinates so square centres are whole.
fn crosses(a: (i32, i32), b: (i32, i32), line: Line) -> bool {
    let (c, d) = ((line.0.0 * 2, line.0.1 * 2), (line.1.0 * 2, line.1.1 * 2));
    orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0
}

fn centre(sq: Square) -> (i32, i32) {
    (
        2 * i32::from(file_of(sq)) + 1,
        2 * i32::from(rank_of(sq)) + 1,
    )
}

impl Walls {
    /// The walls of these lines on a board.
    pub fn new(shape: Shape, lines: &[Line]) -> Walls {
        let squares: Vec<Square> = shape.squares().collect();
        let n = squares.len();
        let mut forbidden = vec![0u64; (n * n).div_ceil(64)];
        for (i, &a) in squares.iter().enumerate() {
            for (j, &b) in squares.iter().enumerate() {
                if lines.iter().any(|&l| crosses(centre(a), centre(b), l)) {
                    let bit = i * n + j;
                    forbidden[bit / 64] |= 1 << (bit % 64);
                }
            }
        }
        Walls {
            lines: lines.to_vec(),
            squares: n,
            files: shape.files,
            forbidden,
        }
    }

    /// Whether a move from one square to another crosses a line.
    #[inline]
    pub fn blocks(&self, from: Square, to: Square) -> bool {
        let index = |sq: Square| {
            usize::from(rank_of(sq)) * usize::from(self.files) + usize::from(file_of(sq))
        };
        let bit = index(from) * self.squares + index(to);
        self.forbidden[bit / 64] >> (bit % 64) & 1 == 1
    }

    /// The lines, in corner coordinates.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }
}
