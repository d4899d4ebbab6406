//! Bad input to the chess games through the binary: each exits 2 with a
//! message naming what was wrong (the option, the file and its key, the
//! square, the move).

use crate::support::{ludus, scratch, stderr, write};

/// Runs `ludus` and returns its message, checking that it exited 2.
fn refused(args: &[&str]) -> String {
    let o = ludus(args);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
    assert!(o.stdout.is_empty(), "{args:?} printed a position");
    e
}

/// A Grande Acedrex position file: two kings, and `extra` keys.
fn acedrex_file(corner: &str, extra: &str) -> String {
    let mut rows = vec!["\". . . . . . . . . . . k\"".to_string()];
    rows.extend((0..10).map(|_| "\". . . . . . . . . . . .\"".to_string()));
    rows.push(format!("\"K . . . . . . . . . . {corner}\""));
    format!(
        r#"{{"to_move": "white", "board": [{}]{extra}}}"#,
        rows.join(", ")
    )
}

#[test]
fn a_bad_option_value_names_the_option_and_its_values() {
    let e = refused(&["position", "grande-acedrex", "--opt", "dice=d6"]);
    assert!(
        e.contains("option `dice`") && e.contains("d8") && e.contains("`d6`"),
        "{e}"
    );
    let e = refused(&["position", "four-seasons", "--opt", "centre=middle"]);
    assert!(
        e.contains("option `centre`") && e.contains("`middle`"),
        "{e}"
    );
    let e = refused(&["position", "grande-acedrex", "--opt", "cap=0"]);
    assert!(e.contains("option `cap`"), "{e}");
}

#[test]
fn a_malformed_position_file_names_the_file() {
    let dir = scratch("chess-malformed");
    let path = write(&dir, "cut.json", r#"{"to_move": "white", "board": ["#);
    let e = refused(&["position", "grande-acedrex", "--position", &path]);
    assert!(e.contains(&path), "{e}");
    let path = write(
        &dir,
        "short.json",
        r#"{"to_move": "white", "board": ["K . k"]}"#,
    );
    let e = refused(&["position", "grande-acedrex", "--position", &path]);
    assert!(e.contains(&path) && e.contains("board"), "{e}");
    let path = write(
        &dir,
        "key.json",
        &acedrex_file(".", r#", "kings_leap": []"#),
    );
    let e = refused(&["position", "grande-acedrex", "--position", &path]);
    assert!(e.contains("kings_leap"), "{e}");
}

#[test]
fn an_unknown_piece_names_its_square_and_letter() {
    let dir = scratch("chess-piece");
    let path = write(&dir, "x.json", &acedrex_file("X", ""));
    let e = refused(&["position", "grande-acedrex", "--position", &path]);
    assert!(e.contains("board: l1") && e.contains("`X`"), "{e}");
    // A Four Seasons knight is no Grande Acedrex piece.
    let path = write(&dir, "n.json", &acedrex_file("N", ""));
    let e = refused(&["position", "grande-acedrex", "--position", &path]);
    assert!(e.contains("board: l1") && e.contains("`N`"), "{e}");
}

#[test]
fn a_bad_ply_names_the_key() {
    let dir = scratch("chess-ply");
    for (ply, says) in [
        ("-3", "negative"),
        ("4294967296", "cap"),
        ("100000001", "cap"),
        ("2.5", "whole number"),
        ("\"ten\"", "number"),
    ] {
        let path = write(
            &dir,
            "ply.json",
            &acedrex_file(".", &format!(r#", "ply": {ply}"#)),
        );
        let e = refused(&["position", "grande-acedrex", "--position", &path]);
        assert!(e.contains("ply") && e.contains(says), "ply {ply}: {e}");
    }
    // The largest ply a cap allows reads, and the game is over at once.
    let path = write(
        &dir,
        "max.json",
        &acedrex_file(".", r#", "ply": 100000000"#),
    );
    let o = ludus(&["position", "grande-acedrex", "--position", &path, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn an_illegal_move_names_the_move_and_its_number() {
    let e = refused(&["position", "grande-acedrex", "--moves", "a4-a5 a9-a8 a5-a7"]);
    assert!(e.contains("move 3") && e.contains("`a5-a7`"), "{e}");
    let e = refused(&["position", "four-seasons", "--moves", "g1-e2 zz"]);
    assert!(e.contains("move 2") && e.contains("`zz`"), "{e}");
}
