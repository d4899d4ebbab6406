//! Position files: `ludus position --json` reads back, and bad input is an
//! error naming the entry.

use crate::made::file;
use crate::support::{after, from_file};
use ludus::analysis::analysis_error::AnalysisError;
use ludus::core::position_error::PositionError;
use ludus::core::presentation::Presentation;
use serde_json::json;

#[test]
fn the_json_output_reads_back_as_a_position_file() {
    for (given, moves) in [
        (vec![], "g1-i3 g12-e10 h1-j3"),
        (vec![("pawn_double", "true")], "a4-a6 l9-l7 f1-g2"),
        (vec![("unicorn", "murray")], "c1-b3 j12-k10 b3-a2"),
    ] {
        let shown = after("grande-acedrex", &given, moves);
        let back = from_file("grande-acedrex", &given, &shown.to_string()).unwrap();
        assert_eq!(back, shown, "{given:?} {moves}");
    }
}

#[test]
fn bad_files_name_the_entry() {
    let bad = |text: &str, needle: &str| {
        let err = from_file("grande-acedrex", &[], text).unwrap_err();
        assert!(
            matches!(err, AnalysisError::Position(PositionError::Content(_))),
            "{err:?}"
        );
        let err = err.to_string();
        assert!(err.contains(needle), "`{err}` should name `{needle}`");
    };
    let kings = [("a1", "K"), ("l12", "k")];
    bad("{", "EOF");
    bad(r#"{"to_move": "white", "board": []}"#, "12 ranks");
    bad(
        &file((12, 12), &kings, "white", json!({"colour": 1})),
        "colour",
    );
    bad(
        &file((12, 12), &[("a1", "K")], "white", json!({})),
        "black has 0 kings",
    );
    bad(
        &file(
            (12, 12),
            &[("a1", "K"), ("b1", "K"), ("l12", "k")],
            "white",
            json!({}),
        ),
        "white has 2 kings",
    );
    bad(
        &file(
            (12, 12),
            &[("a1", "K"), ("l12", "k"), ("e5", "N")],
            "white",
            json!({}),
        ),
        "board: e5: `N` is not a piece of grande-acedrex",
    );
    bad(
        &file(
            (12, 12),
            &[("a1", "K"), ("l12", "k"), ("e12", "P")],
            "white",
            json!({}),
        ),
        "board: e12: a pawn on the edge ahead of it is promoted",
    );
    bad(
        &file((12, 12), &kings, "red", json!({})),
        "to_move: `red` is not a side",
    );
    bad(
        &file(
            (12, 12),
            &[("a1", "K"), ("l12", "k"), ("e5", "3R")],
            "white",
            json!({}),
        ),
        "board: e5: `3R` names seat 3 of 2",
    );
    bad(
        &file((12, 12), &kings, "white", json!({"game": "four-seasons"})),
        "not `grande-acedrex`",
    );
}

/// A file without `king_leap` lets a king leap while it stands on its
/// square of the setup.
#[test]
fn kings_on_their_home_squares_may_leap_by_default() {
    let shown = from_file(
        "grande-acedrex",
        &[],
        &file((12, 12), &[("g1", "K"), ("a12", "k")], "white", json!({})),
    )
    .unwrap();
    assert_eq!(shown["king_leap"], json!(["white"]));
}

/// Four Seasons positions read back along a game in which seats go out
/// (places and all), and hand-written files with four seats' tokens.
#[test]
fn four_seasons_positions_read_back_and_bad_ones_name_the_entry() {
    use ludus::core::game::{Game, Turn};
    use ludus::core::log::Silent;
    use ludus::core::seed::{Stream, below, stream};
    use ludus::games::chess::FourSeasons;

    let opts = crate::support::options("four-seasons", &[("cap", "1500")]);
    let mut went_out = false;
    for seed in 0..8 {
        let mut g = FourSeasons::new(&opts).unwrap();
        let mut rng = stream(seed, Stream::Seat(0));
        let mut moves = Vec::new();
        while let Turn::Decide(_) = g.turn() {
            let shown = g.to_json();
            went_out |= shown["alive"].as_array().unwrap().len() < 4;
            let back = FourSeasons::from_position(&opts, &shown.to_string()).unwrap();
            assert_eq!(back.to_json(), shown, "seed {seed} ply {}", g.length());
            g.legal_moves(&mut moves);
            let mv = moves[below(&mut rng, moves.len() as u32) as usize];
            g.play(mv, &mut Silent);
        }
    }
    assert!(went_out, "no seat went out in 8 games");

    let bad = |text: &str, needle: &str| {
        let err = from_file("four-seasons", &[], text).unwrap_err();
        assert!(
            matches!(err, AnalysisError::Position(PositionError::Content(_))),
            "{err:?}"
        );
        let err = err.to_string();
        assert!(err.contains(needle), "`{err}` should name `{needle}`");
    };
    let kings = [("h1", "1K"), ("h8", "2K"), ("a8", "3K"), ("a1", "4K")];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut p = kings.to_vec();
        p.extend_from_slice(extra);
        p
    };
    bad(
        &file((8, 8), &with(&[("b2", "K")]), "green", json!({})),
        "must name its seat",
    );
    bad(
        &file((8, 8), &with(&[("b2", "5N")]), "green", json!({})),
        "seat 5 of 4",
    );
    bad(
        &file((8, 8), &with(&[("d4", "1N")]), "green", json!({})),
        "closed square",
    );
    bad(
        &file((8, 8), &with(&[("d3", "#")]), "green", json!({})),
        "`#` is on an open square",
    );
    bad(
        &file((8, 8), &with(&[("b3", "1P*")]), "green", json!({})),
        "not a direction",
    );
    bad(
        &file((8, 8), &with(&[("a5", "1P<")]), "green", json!({})),
        "promoted",
    );
    bad(
        &file((8, 8), &with(&[("b2", "1U")]), "green", json!({})),
        "not a piece of four-seasons",
    );
    bad(
        &file(
            (8, 8),
            &kings[..3],
            "green",
            json!({"places": {"white": 2}}),
        ),
        "not among the places",
    );
    bad(
        &file(
            (8, 8),
            &kings[..2],
            "green",
            json!({"places": {"black": 4}}),
        ),
        "white is out but has no place",
    );
    bad(
        &file((8, 8), &kings[..3], "white", json!({})),
        "white is out of the game",
    );
    // A hand-written file: `.` on the closed squares reads as `#`.
    let ok = from_file(
        "four-seasons",
        &[],
        &file(
            (8, 8),
            &with(&[("g1", "1N")]),
            "green",
            json!({"moved": ["green"]}),
        ),
    )
    .unwrap();
    assert_eq!(ok["board"][4], ". . . # # . . .");
}
