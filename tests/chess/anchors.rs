//! The rules brief's first-move counts for Grande Acedrex, rederived by
//! the engine: 59 for White under the defaults, by kind and by the squares
//! the brief lists, under the other readings, and per face of the d8.

use std::collections::BTreeMap;

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::games::chess::GrandeAcedrex;

use crate::support::{after, legal, options};

/// The back rank, a to l: what stands on each file's first square.
const BACK: &str = "RLUGCAKCGULR";

fn kind_of(mv: &str) -> char {
    let file = (mv.as_bytes()[0] - b'a') as usize;
    if &mv[1..2] == "4" {
        'P'
    } else {
        BACK.as_bytes()[file] as char
    }
}

fn by_kind(moves: &[String]) -> BTreeMap<char, Vec<String>> {
    let mut m: BTreeMap<char, Vec<String>> = BTreeMap::new();
    for mv in moves {
        m.entry(kind_of(mv)).or_default().push(mv.clone());
    }
    m
}

fn targets(moves: &[String]) -> Vec<String> {
    let mut t: Vec<String> = moves.iter().map(|m| m[3..].to_string()).collect();
    t.sort();
    t
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn white_has_59_first_moves_under_the_defaults() {
    let moves = legal(&after("grande-acedrex", &[], ""));
    assert_eq!(moves.len(), 59);
    let k = by_kind(&moves);
    let counts: Vec<(char, usize)> = k.iter().map(|(c, v)| (*c, v.len())).collect();
    assert_eq!(
        counts,
        vec![
            ('A', 13),
            ('C', 8),
            ('G', 4),
            ('K', 6),
            ('L', 2),
            ('P', 12),
            ('R', 4),
            ('U', 10)
        ]
    );
    assert_eq!(sorted(&["b1-e2", "k1-h2"]), {
        let mut v = k[&'L'].clone();
        v.sort();
        v
    });
    assert_eq!(
        targets(&k[&'A']),
        sorted(&[
            "g2", "g3", "h2", "i2", "j2", "k2", "l2", "e2", "e3", "d2", "c2", "b2", "a2"
        ])
    );
    // The king: three steps, and the first leaps to e3, g3 and i3.
    assert_eq!(
        targets(&k[&'K']),
        sorted(&["f2", "g2", "h2", "e3", "g3", "i3"])
    );
}

#[test]
fn the_other_readings_change_the_count_as_the_brief_says() {
    let n = |opts: &[(&str, &str)]| legal(&after("grande-acedrex", opts, "")).len();
    assert_eq!(n(&[("lion", "murray")]), 57, "the lion's (0,3) only");
    assert_eq!(n(&[("pawn_double", "true")]), 71, "pawns' double step");
    // The brief counts 72 for the literal aanca, counting each path to a
    // square apart; as moves from one square to another there are 60: 14
    // aanca moves, every square of rank 2 and e3, g3 (see the rules page).
    let any = legal(&after("grande-acedrex", &[("aanca", "any_orthogonal")], ""));
    assert_eq!(any.len(), 60);
    let a: Vec<String> = any
        .iter()
        .filter(|m| m.starts_with("f1"))
        .cloned()
        .collect();
    assert_eq!(
        targets(&a),
        sorted(&[
            "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2", "k2", "l2", "e3", "g3"
        ])
    );
    assert_eq!(
        n(&[("king_leap", "forward")]),
        59,
        "the three forward leaps are the seed's here"
    );
    assert_eq!(
        n(&[("king_leap", "cazaux")]),
        59,
        "e3, g3, i3 are empty and unattacked"
    );
    // Murray's (1,4) giraffe: d1 to c5, e5, h2 and i1 to h5, j5, e2, six
    // moves for the (2,3) giraffe's four.
    let murray = legal(&after("grande-acedrex", &[("giraffe", "murray")], ""));
    assert_eq!(murray.len(), 61);
    let g: Vec<String> = murray
        .iter()
        .filter(|m| m.starts_with("d1") || m.starts_with("i1"))
        .cloned()
        .collect();
    assert_eq!(targets(&g), sorted(&["c5", "e5", "h2", "h5", "j5", "e2"]));
}

/// With the Libro's die, each face allows the moves of its kind only:
/// 12, 4, 8, 2, 4, 10, 13, 6 for faces 1 to 8.
#[test]
fn each_face_of_the_d8_allows_its_kind() {
    let o = options("grande-acedrex", &[("dice", "d8")]);
    for (face, expected) in (1..=8).zip([12, 4, 8, 2, 4, 10, 13, 6]) {
        let mut g = GrandeAcedrex::new(&o).unwrap();
        assert_eq!(g.turn(), Turn::Chance);
        g.chance(&mut Dice::scripted(&[face]), &mut Silent);
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        assert_eq!(moves.len(), expected, "face {face}");
    }
}
