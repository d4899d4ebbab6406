//! Every sentence of seed 004's "Wielkie Szachy" (Grande Acedrex), each
//! as a test on a position made for it.

use serde_json::json;

use crate::made::{acedrex, acedrex_after};
use crate::support::{after, legal};

fn from(moves: &[String], sq: &str) -> Vec<String> {
    let mut v: Vec<String> = moves
        .iter()
        .filter(|m| {
            m.starts_with(sq)
                && m.as_bytes()
                    .get(sq.len())
                    .is_some_and(|c| *c == b'-' || *c == b'x')
        })
        .cloned()
        .collect();
    v.sort();
    v
}

fn strs(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// "Gra odbywa się na szachownicy o wielkości 12x12 pól ... Każdy gracz
/// dysponuje 24 figurami ... stoją w lustrzanym odbiciu": twelve ranks of
/// twelve, 24 pieces a side, Black's army White's mirrored.
#[test]
fn twelve_by_twelve_with_24_mirrored_pieces_a_side() {
    let start = after("grande-acedrex", &[], "");
    let board: Vec<&str> = start["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(board.len(), 12);
    assert!(board.iter().all(|r| r.split(' ').count() == 12));
    let count = |upper: bool| {
        board
            .iter()
            .flat_map(|r| r.split(' '))
            .filter(|t| *t != "." && t.chars().all(|c| c.is_ascii_uppercase() == upper))
            .count()
    };
    assert_eq!((count(true), count(false)), (24, 24));
    for i in 0..12 {
        assert_eq!(
            board[i].to_uppercase(),
            board[11 - i].to_uppercase(),
            "rank {} mirrors rank {}",
            12 - i,
            i + 1
        );
    }
    assert_eq!(board[11], "R L U G C A K C G U L R");
}

/// "Wygrywa ta osoba, która zamatuje króla przeciwnika": checkmate wins.
#[test]
fn checkmate_wins() {
    // Two rooks mate the black king on the edge: b11 holds rank 11, the
    // rook's move to c12 checks along rank 12.
    let p = acedrex_after(
        &[("a1", "K"), ("b11", "R"), ("c1", "R"), ("l12", "k")],
        "white",
        &[],
        json!({}),
        &["c1-c12"],
    );
    assert_eq!(
        p["outcome"],
        json!({"winner": "white", "reason": "checkmate"})
    );
}

/// "W przypadku niemożliwości ruchu przeciwnika ... wygrywa osoba mająca
/// więcej figur": a stalemate is won by the side with more pieces, even the
/// stalemated one.
#[test]
fn stalemate_goes_to_more_pieces() {
    // Black's king on a12 cannot move (the rook holds b11 and b12, the
    // crocodile a11) and is not in check; its pawns are blocked.
    let white = [("l1", "K"), ("b2", "R"), ("c9", "C"), ("a4", "P")];
    let p = acedrex(
        &[&white[..], &[("a12", "k"), ("a5", "p")]].concat(),
        "black",
        &[],
        json!({}),
    );
    assert_eq!(
        p["outcome"],
        json!({"winner": "white", "reason": "stalemate"}),
        "4 pieces to 2"
    );
    // Seven blocked black pawns against White's three: 8 pieces to 6.
    let black = [
        ("a12", "k"),
        ("a5", "p"),
        ("e5", "p"),
        ("e6", "p"),
        ("e7", "p"),
        ("g5", "p"),
        ("g6", "p"),
        ("g7", "p"),
    ];
    let p = acedrex(
        &[&white[..], &[("e4", "P"), ("g4", "P")], &black[..]].concat(),
        "black",
        &[],
        json!({}),
    );
    assert_eq!(
        p["outcome"],
        json!({"winner": "black", "reason": "stalemate"}),
        "8 pieces to 6"
    );
}

/// "... lub w przypadku takiej samej ich ilości, osoba która ma figury
/// wyższe w hierarchii": equal counts go to the side with more of the
/// highest kind where they differ (king, aanca, unicorn, rook, lion,
/// crocodile, giraffe, pawn).
#[test]
fn equal_counts_go_to_the_higher_pieces() {
    // Six pieces each: White's rook outranks Black's extra pawns.
    let pieces = [
        ("l1", "K"),
        ("b2", "R"),
        ("c9", "C"),
        ("a4", "P"),
        ("e4", "P"),
        ("g4", "P"),
        ("a12", "k"),
        ("a5", "p"),
        ("e5", "p"),
        ("e6", "p"),
        ("g5", "p"),
        ("g6", "p"),
    ];
    let p = acedrex(&pieces, "black", &[], json!({}));
    assert_eq!(
        p["outcome"],
        json!({"winner": "white", "reason": "stalemate"})
    );
}

/// "... a jeśli to nie rozstrzyga wygrywa ta osoba, która wykonała ostatni
/// ruch wprowadzając sytuację patową": with the same pieces on both sides,
/// the side that made the stalemating move wins.
#[test]
fn a_full_tie_goes_to_the_stalemater() {
    // King and three pawns each; White's b9-b10 takes a11 from the black
    // king, whose b11 and b12 the white king already holds.
    let pieces = [
        ("c11", "K"),
        ("b9", "P"),
        ("a4", "P"),
        ("e4", "P"),
        ("a12", "k"),
        ("a5", "p"),
        ("e5", "p"),
        ("e6", "p"),
    ];
    let p = acedrex_after(&pieces, "white", &[], json!({}), &["b9-b10"]);
    assert_eq!(
        p["outcome"],
        json!({"winner": "white", "reason": "stalemate"})
    );
}

/// "Król – porusza się i bije w każdym kierunku o jedno pole; w pierwszym
/// ruchu (r1), bez względu na to czy jest zaszachowany czy nie, może
/// poruszyć się lub bić o 2 pola w każdym kierunku przeskakując pośrednie
/// pole jeśli jest zajęte. Roszada jest niedopuszczalna."
#[test]
fn the_king_steps_and_its_first_move_may_leap_two_even_out_of_check() {
    // The white king on g1 is checked along the g-file; f2 is White's own
    // piece, i3 holds a black lion (which attacks none of the king's squares).
    let pieces = [
        ("g1", "K"),
        ("f2", "P"),
        ("g8", "r"),
        ("i3", "l"),
        ("a12", "k"),
    ];
    let p = acedrex(&pieces, "white", &[], json!({"king_leap": ["white"]}));
    assert_eq!(p["in_check"], true);
    let king = from(&legal(&p), "g1");
    // Steps off the file (f1, h1, h2), leaps off it over anything (e3 over
    // f2, e1, i1) and onto i3, taking; g2 and g3 stay on the checked file.
    assert_eq!(
        king,
        strs(&[
            "g1-f1", "g1-h1", "g1-h2", "g1-e3", "g1-e1", "g1-i1", "g1xi3"
        ])
    );
    // Once the king has moved, it steps only; no move is castling (the
    // rooks never move with the king).
    let p = acedrex_after(
        &[("g1", "K"), ("a1", "R"), ("l1", "R"), ("f12", "k")],
        "white",
        &[],
        json!({"king_leap": ["white", "black"]}),
        &["g1-g2", "f12-f11", "g2-g1", "f11-f12"],
    );
    assert_eq!(
        from(&legal(&p), "g1"),
        strs(&["g1-f1", "g1-f2", "g1-g2", "g1-h1", "g1-h2"])
    );
}

/// "Słonioptak ... nie może przeskakiwać okupowanych pól; porusza się i
/// bije o jedno pole po skosie, a następnie dowolną liczbę pól w pionie lub
/// poziomie; ... jeśli np. zbijemy figurę przeciwnika przy ruchu po skosie
/// to tym samym zakańczamy ruch": a diagonal step, then a slide outward;
/// a capture on the step ends the move; nothing is jumped.
#[test]
fn the_aanca_steps_diagonally_then_slides_and_stops_on_a_capture() {
    // Aanca on e5; a black pawn on f6, a white pawn on d6 and on d8.
    let pieces = [
        ("e5", "A"),
        ("f6", "p"),
        ("d6", "P"),
        ("d8", "P"),
        ("a1", "K"),
        ("l12", "k"),
    ];
    let p = acedrex(&pieces, "white", &[], json!({}));
    let moves = from(&legal(&p), "e5");
    // f6 is taken and the move ends there; d6 blocks its way; f4 and d4
    // open outward slides (east and south from f4, west and south from d4).
    let mut expected = vec!["e5xf6".to_string()];
    for t in ["f4", "g4", "h4", "i4", "j4", "k4", "l4", "f3", "f2", "f1"] {
        expected.push(format!("e5-{t}"));
    }
    for t in ["d4", "c4", "b4", "a4", "d3", "d2", "d1"] {
        expected.push(format!("e5-{t}"));
    }
    expected.sort();
    assert_eq!(moves, expected);
}

/// "Krokodyl – porusza się i bije, jak współczesny goniec, na każdą
/// odległość po skosie, nie może przeskakiwać okupowanych pól." "Wieża –
/// ... w pionie lub poziomie na dowolną odległość."
#[test]
fn the_crocodile_and_the_rook_slide_without_jumping() {
    let p = acedrex(
        &[
            ("e5", "C"),
            ("g7", "p"),
            ("c3", "P"),
            ("h5", "R"),
            ("h9", "P"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "white",
        &[],
        json!({}),
    );
    let moves = legal(&p);
    let croc = from(&moves, "e5");
    assert!(croc.contains(&"e5xg7".to_string()) && !croc.iter().any(|m| m.ends_with("h8")));
    assert!(
        croc.contains(&"e5-d4".to_string())
            && !croc.iter().any(|m| m.ends_with("c3") || m.ends_with("b2"))
    );
    assert_eq!(
        croc.len(),
        2 + 1 + 1 + 7,
        "f6 g7; d4; d6; f4 to l... e5-f4 g3 h2 i1"
    );
    let rook = from(&moves, "h5");
    assert!(
        rook.contains(&"h5-h8".to_string())
            && !rook.iter().any(|m| m.ends_with("h9") || m.ends_with("h10"))
    );
    assert!(
        rook.contains(&"h5-f5".to_string())
            && !rook.iter().any(|m| m.ends_with("e5") || m.ends_with("d5"))
    );
}

/// "Piony – poruszają się o jedno pole do przodu (r), a biją (b) o jedno
/// pole po skosie do przodu; kiedy osiągną koniec planszy zostają
/// podniesione w randze do figury przyporządkowanej danej kolumnie; w
/// przypadku kolumny Króla, Pion zamienia się w Słonioptaka. Bicie w
/// przelocie jest niedopuszczalne."
#[test]
fn pawns_step_take_diagonally_and_become_their_files_piece() {
    let p = acedrex(
        &[
            ("b11", "P"),
            ("g11", "P"),
            ("c11", "P"),
            ("d12", "r"),
            ("a1", "K"),
            ("l3", "k"),
        ],
        "white",
        &[],
        json!({}),
    );
    let moves = legal(&p);
    assert_eq!(from(&moves, "b11"), strs(&["b11-b12=L"]));
    assert_eq!(
        from(&moves, "g11"),
        strs(&["g11-g12=A"]),
        "the king's file gives an aanca"
    );
    assert_eq!(from(&moves, "c11"), strs(&["c11-c12=U", "c11xd12=G"]));
    // No en passant, even with the double step: after b9-b7 beside a7,
    // White's pawn on a7 has only its step.
    let p = acedrex_after(
        &[("a7", "P"), ("b9", "p"), ("a1", "K"), ("l12", "k")],
        "black",
        &[("pawn_double", "true")],
        json!({}),
        &["b9-b7"],
    );
    assert_eq!(from(&legal(&p), "a7"), strs(&["a7-a8"]));
}

/// "Żyrafa ... porusza się i bije po przekątnej w polu 3x4 ..., może
/// przeskakiwać okupowane pola." "Lew – ... w pionie lub poziomie o trzy
/// pola lub też w po przekątnej w polu 4x2; może przeskakiwać okupowane
/// pola."
#[test]
fn the_giraffe_and_the_lion_leap_over_anything() {
    let mut pieces = vec![("e5", "G"), ("j10", "L"), ("a1", "K"), ("l1", "k")];
    // Wall both in with white pawns on every neighbouring square.
    let walls = [
        "d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6", "i9", "i10", "i11", "j9", "j11", "k9",
        "k10", "k11",
    ];
    for w in walls {
        pieces.push((w, "P"));
    }
    let p = acedrex(&pieces, "white", &[], json!({}));
    let moves = legal(&p);
    assert_eq!(
        from(&moves, "e5"),
        strs(&[
            "e5-g8", "e5-h7", "e5-h3", "e5-g2", "e5-c2", "e5-b3", "e5-b7", "e5-c8"
        ])
    );
    // From j10 the lion's other leaps leave the board.
    assert_eq!(
        from(&moves, "j10"),
        strs(&["j10-j7", "j10-g10", "j10-k7", "j10-i7", "j10-g11", "j10-g9"])
    );
}

/// "Nosorożec ... pierwszy etap jest wykonywany jako skok ... (jak
/// współczesny konik) i na tym może zakończyć ruch lub bicie, następnie ...
/// może wykonać ruch po skosie ale tylko do przodu oraz w kierunku w którym
/// wcześniej wykonano ruch skoczny (poza skokiem do tyłu), ... na drugim
/// etapie nie jest dopuszczalne przeskakiwanie okupowanych pól; ... chcąc
/// wycofać Nosorożca możemy to zrobić jedynie za pomocą pierwszego etapu".
#[test]
fn the_unicorn_leaps_then_slides_forward_only() {
    // White unicorn on e5; a black pawn on f7 (taken, the move ends), a
    // white pawn on b9 (stops the slide from d7 after c8).
    let p = acedrex(
        &[
            ("e5", "U"),
            ("f7", "p"),
            ("b9", "P"),
            ("a1", "K"),
            ("l1", "k"),
        ],
        "white",
        &[],
        json!({}),
    );
    let mut expected = vec![
        "e5xf7", "e5-d7", "e5-c8", "e5-g6", "e5-h7", "e5-i8", "e5-j9", "e5-k10", "e5-l11",
    ];
    expected.extend(["e5-c6", "e5-b7", "e5-a8"]);
    // Backward leaps only leap: the way back is the first part alone.
    expected.extend(["e5-g4", "e5-f3", "e5-d3", "e5-c4"]);
    assert_eq!(from(&legal(&p), "e5"), strs(&expected));
}
