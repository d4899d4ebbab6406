//! Material: each seat's pieces counted by kind and weighed, the measure
//! of a position that a search reads.

use crate::games::chess::piece::{Kind, code, is_piece, owner};
use crate::games::chess::position::Position;

impl Position {
    /// Material: each seat's pieces weighed by kind, as a share,
    /// (mine - the others' mean) / (mine + the others' mean); a seat out of
    /// the game scores -1.
    pub fn material(&self, seat: u8) -> f64 {
        if (self.alive >> seat) & 1 == 0 {
            return -1.0;
        }
        let census = self.census();
        let worth = |s: u8| -> f64 {
            census[s as usize]
                .iter()
                .enumerate()
                .filter_map(|(code, &n)| {
                    Kind::from_code(code as u8).map(|k| f64::from(n) * k.worth())
                })
                .sum()
        };
        let others: Vec<f64> = (0..self.rules.seats)
            .filter(|&s| s != seat && (self.alive >> s) & 1 == 1)
            .map(worth)
            .collect();
        if others.is_empty() {
            return 1.0;
        }
        let (mine, theirs) = (
            worth(seat),
            others.iter().sum::<f64>() / others.len() as f64,
        );
        if mine + theirs == 0.0 {
            0.0
        } else {
            (mine - theirs) / (mine + theirs)
        }
    }

    /// Pieces per seat and kind.
    pub fn census(&self) -> [[u16; 16]; 4] {
        let mut n = [[0u16; 16]; 4];
        for &sq in &self.rules.squares {
            let c = self.cells[sq as usize];
            if is_piece(c) {
                n[owner(c) as usize][code(c) as usize] += 1;
            }
        }
        n
    }
}
