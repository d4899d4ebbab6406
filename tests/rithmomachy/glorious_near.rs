//! The glorious check after a move looks only at formations through the
//! squares the move changed; it must find what walking every formation
//! finds whenever none stood before the move (as in play, where one that
//! stood would have ended the game).

use ludus::core::game::Game;
use ludus::core::log::Silent;
use ludus::core::seed::{Rng, Stream, below, stream};
use ludus::games::rithmomachy::Rithmomachy;
use ludus::games::rithmomachy::board::Board;
use ludus::games::rithmomachy::glorious::glorious;
use ludus::games::rithmomachy::piece::{Layer, Piece, Shape, Side};
use ludus::games::rithmomachy::rules::Glorious;
use ludus::games::rithmomachy::square::{Bits, Square, squares};

use crate::support::options;

/// The readings of the glorious victory: boardspace.net's walked
/// formations and the spaced ones, with and without diagonals and Ls.
fn readings() -> Vec<Glorious> {
    let mut out = Vec::new();
    for clear_arms in [true, false] {
        for (diagonal_lines, triangle) in [(true, true), (false, true), (true, false)] {
            out.push(Glorious {
                diagonal_lines,
                triangle,
                clear_arms,
                constant: true,
            });
        }
    }
    out
}

/// Checks, for each side and reading, that the check near `touched` on
/// `after` agrees with the full walk wherever no formation stood on
/// `before`; returns how many found one.
fn assert_near_is_full(before: &Board, after: &Board, touched: Bits, what: &str) -> usize {
    let mut found = 0;
    for g in readings() {
        for side in [Side::White, Side::Black] {
            if glorious(&g, side, before, !0) {
                continue;
            }
            let full = glorious(&g, side, after, !0);
            assert_eq!(
                glorious(&g, side, after, touched),
                full,
                "{what}: {g:?} for {side:?}"
            );
            found += usize::from(full);
        }
    }
    found
}

/// At every ply of random games without the glorious victory (so that play
/// goes on past formations), in each rule set and on the short board.
#[test]
fn at_every_ply_of_random_games_the_check_near_a_move_is_the_full_walk() {
    let sets: [(&str, &[(&str, &str)]); 4] = [
        ("boardspace", &[("glorious", "off")]),
        ("modern", &[("glorious", "off")]),
        ("medieval", &[("glorious", "off")]),
        ("dagonell", &[("board", "8x14")]),
    ];
    let mut found = 0;
    for (rules, extra) in sets {
        for seed in 0..20 {
            let mut g = Rithmomachy::new(&options(rules, extra)).unwrap();
            let mut rng: Rng = stream(seed, Stream::Seat(0));
            let mut moves = Vec::new();
            while g.position().ending().is_none() && g.position().ply() < 400 {
                g.legal_moves(&mut moves);
                let mv = moves[below(&mut rng, moves.len() as u32) as usize];
                let before = g.position().board().clone();
                g.play(mv, &mut Silent);
                let touched = g
                    .position()
                    .last_captures()
                    .iter()
                    .fold(mv.from.bit() | mv.to.bit(), |m, c| m | c.at.bit());
                let what = format!("{rules} seed {seed} ply {} {mv}", g.position().ply());
                found += assert_near_is_full(&before, g.position().board(), touched, &what);
            }
        }
    }
    assert!(found > 200, "{found} formations made");
}

/// A random piece: mostly plain, of values that make progressions often,
/// sometimes a pyramid.
fn random_piece(rng: &mut Rng) -> Piece {
    const VALUES: [u16; 10] = [2, 3, 4, 6, 8, 9, 12, 16, 18, 36];
    let side = if below(rng, 2) == 0 {
        Side::White
    } else {
        Side::Black
    };
    let pyramid = below(rng, 8) == 0;
    let mut layer = || Layer {
        shape: Shape::ALL[below(rng, 3) as usize],
        value: VALUES[below(rng, VALUES.len() as u32) as usize],
    };
    if pyramid {
        let layers = [layer(), layer()];
        Piece::pyramid(side, &layers).unwrap()
    } else {
        let l = layer();
        Piece::plain(side, l.shape, l.value)
    }
}

/// On random boards crowded in one half, a random piece moved anywhere and
/// others taken off: every kind of formation, pyramids among them, made
/// through every kind of changed square.
#[test]
fn on_random_boards_the_check_near_a_change_is_the_full_walk() {
    let mut rng: Rng = stream(13, Stream::Seat(0));
    let mut found = 0;
    for trial in 0..20_000 {
        let ranks: u8 = if trial % 4 == 0 { 14 } else { 16 };
        let mut board = Board::default();
        board.set_ranks(ranks);
        let n = 6 + below(&mut rng, 12);
        let mut placed = 0;
        while placed < n {
            // Most pieces in White's enemy half, a few anywhere.
            let low = if below(&mut rng, 4) == 0 {
                0
            } else {
                ranks as u32 / 2
            };
            let rank = low + below(&mut rng, ranks as u32 - low);
            let s = Square((rank * 8 + below(&mut rng, 8)) as u8);
            if board.place(s, random_piece(&mut rng)).is_ok() {
                placed += 1;
            }
        }
        let before = board.clone();
        let pieces: Vec<Square> = squares(board.occupied()).collect();
        let from = pieces[below(&mut rng, pieces.len() as u32) as usize];
        let to = loop {
            let s = Square(below(&mut rng, 8 * ranks as u32) as u8);
            if board.get(s).is_none() {
                break s;
            }
        };
        board.shift(from, to);
        let mut touched = from.bit() | to.bit();
        for _ in 0..below(&mut rng, 3) {
            let left: Vec<Square> = squares(board.occupied() & !to.bit()).collect();
            let s = left[below(&mut rng, left.len() as u32) as usize];
            board.remove(s);
            touched |= s.bit();
        }
        found += assert_near_is_full(&before, &board, touched, &format!("trial {trial}"));
    }
    assert!(found > 500, "{found} formations made");
}
