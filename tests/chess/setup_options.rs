//! Grande Acedrex's setup options (grande_acedrex.md, "Board and setup"):
//! `king_file=f` swaps the king and the aanca, `first=black` gives Black
//! the first move.

use crate::support::{after, legal};

fn rank(v: &serde_json::Value, rank: usize) -> String {
    v["board"][12 - rank].as_str().unwrap().to_string()
}

fn targets_from(moves: &[String], sq: &str) -> Vec<String> {
    let mut t: Vec<String> = moves
        .iter()
        .filter(|m| m.starts_with(sq) && !m[sq.len()..].starts_with(char::is_numeric))
        .map(|m| m[sq.len() + 1..].to_string())
        .collect();
    t.sort();
    t
}

#[test]
fn king_file_f_puts_the_king_on_f_and_the_aanca_on_g() {
    let v = after("grande-acedrex", &[("king_file", "f")], "");
    assert_eq!(rank(&v, 1), "R L U G C K A C G U L R");
    assert_eq!(rank(&v, 12), "r l u g c k a c g u l r");
    let moves = legal(&v);
    assert_eq!(moves.len(), 59, "the swap keeps the first-move count");
    // The king on f1: three steps, and the first leaps to d3, f3 and h3.
    assert_eq!(
        targets_from(&moves, "f1"),
        ["d3", "e2", "f2", "f3", "g2", "h3"]
    );
    // The default leaves them on g and f.
    let v = after("grande-acedrex", &[], "");
    assert_eq!(rank(&v, 1), "R L U G C A K C G U L R");
}

#[test]
fn first_black_gives_black_the_first_move() {
    let v = after("grande-acedrex", &[("first", "black")], "");
    assert_eq!(v["to_move"], "black");
    let moves = legal(&v);
    assert_eq!(moves.len(), 59, "Black's army mirrors White's");
    assert!(moves.contains(&"a9-a8".to_string()), "{moves:?}");
    assert!(moves.iter().all(|m| !m.starts_with("a4")));
    // After Black's move, White moves.
    let v = after("grande-acedrex", &[("first", "black")], "a9-a8");
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["ply"], 1);
}
