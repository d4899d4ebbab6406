//! Every sentence of seed 004's "Cztery pory roku" (Four Seasons), each as
//! a test on the start or a position made for it, and the rules brief's
//! first-move counts per seat under the centre and first-move options.

use ludus::analysis::start::Start;
use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::presentation::Presentation;
use ludus::games::chess::FourSeasons;
use serde_json::{Value, json};

use crate::made::{seasons_after, seasons_file};
use crate::support::{after, entry, legal, options};

const SIDES: [&str; 4] = ["green", "red", "black", "white"];

/// The moves of the piece on `sq`, sorted.
fn from(v: &Value, sq: &str) -> Vec<String> {
    let mut m: Vec<String> = legal(v)
        .into_iter()
        .filter(|m| {
            m.starts_with(sq)
                && m.as_bytes()
                    .get(sq.len())
                    .is_some_and(|c| *c == b'-' || *c == b'x')
        })
        .collect();
    m.sort();
    m
}

/// Every legal move, sorted.
fn all(v: &Value) -> Vec<String> {
    let mut m = legal(v);
    m.sort();
    m
}

fn strs(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The token on a square of a position's JSON.
fn at(v: &Value, sq: &str) -> String {
    let file = (sq.as_bytes()[0] - b'a') as usize;
    let rank: usize = sq[1..].parse().unwrap();
    let row = v["board"][8 - rank].as_str().unwrap();
    row.split(' ').nth(file).unwrap().to_string()
}

/// The four kings in the corners of Ludii's layout, out of the way.
const KINGS: [(&str, &str); 4] = [("h1", "1K"), ("h8", "2K"), ("a8", "3K"), ("a1", "4K")];

fn with_kings<'a>(pieces: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v: Vec<(&str, &str)> = KINGS.to_vec();
    v.retain(|(sq, _)| pieces.iter().all(|(p, _)| p != sq));
    v.extend_from_slice(pieces);
    v
}

fn open_centre() -> Vec<(&'static str, &'static str)> {
    vec![("centre", "off")]
}

/// "szachownicy o wielkości 8x8 ... czterech graczy. Każdy dysponuje
/// ośmioma figurami ... Król, Wieża, Rycerz (konik), Biskup (goniec),
/// Pion": four armies of a king, rook, knight, bishop and four pawns, set
/// up as the brief's Ludii layout; the eight squares under the lines closed.
#[test]
fn four_armies_of_eight_in_the_corners() {
    let start = after("four-seasons", &[], "");
    let rows: Vec<&str> = start["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(
        rows,
        [
            "3K 3N 3P> . . 2P< 2N 2K",
            "3R 3B 3P> . . 2P< 2B 2R",
            "3Pv 3Pv # . . # 2Pv 2Pv",
            ". . . # # . . .",
            ". . . # # . . .",
            "4P^ 4P^ # . . # 1P^ 1P^",
            "4R 4B 4P> . . 1P< 1B 1R",
            "4K 4N 4P> . . 1P< 1N 1K",
        ]
    );
    for seat in 1..=4 {
        let mine: Vec<char> = rows
            .iter()
            .flat_map(|r| r.split(' '))
            .filter(|t| t.starts_with(&seat.to_string()))
            .map(|t| t.chars().nth(1).unwrap())
            .collect();
        let mut kinds = mine.clone();
        kinds.sort();
        assert_eq!(
            kinds,
            ['B', 'K', 'N', 'P', 'P', 'P', 'P', 'R'],
            "seat {seat}"
        );
    }
    assert_eq!(start["to_move"], "green");
    assert_eq!(start["alive"], json!(SIDES));
    let murray = after("four-seasons", &[("layout", "murray")], "");
    assert_eq!(murray["board"][0], "1K 1R 1P> . . 4P< 4R 4K");
    assert_eq!(murray["board"][7], "2K 2R 2P> . . 3P< 3R 3K");
}

/// "Pierwsze poruszają się piony wiosny, następnie, lato, jesień i zima":
/// green (spring), red (summer), black (autumn), white (winter) in turn.
#[test]
fn spring_moves_first_then_summer_autumn_winter() {
    let mut seen = Vec::new();
    let mut moves = Vec::new();
    let mut v = after("four-seasons", &[], "");
    for _ in 0..8 {
        seen.push(v["to_move"].as_str().unwrap().to_string());
        moves.push(legal(&v)[0].clone());
        v = after("four-seasons", &[], &moves.join(" "));
    }
    assert_eq!(
        seen,
        [
            "green", "red", "black", "white", "green", "red", "black", "white"
        ]
    );
}

/// The start with another seat to move, every seat still before its first move.
fn start_for(seat: usize, opts: &[(&str, &str)]) -> Vec<String> {
    let mut start = after("four-seasons", opts, "");
    start["to_move"] = json!(SIDES[seat]);
    let text = start.to_string();
    let shown = entry("four-seasons")
        .position(
            &Start::new(&options("four-seasons", opts), Some(&text)),
            &[],
            true,
        )
        .unwrap();
    let mut m = legal(&serde_json::from_str(&shown).unwrap());
    m.sort();
    m
}

/// The brief's anchors: 7 first moves a seat with the centre off and no
/// first-move rule, 5 with the lines or the closed centre or with
/// `toward_next`, 3 with both; the same for every seat and both layouts.
#[test]
fn first_moves_per_seat_under_the_centre_and_first_move_options() {
    for layout in ["ludii", "murray"] {
        for (centre, first, n) in [
            ("off", "free", 7),
            ("lines", "free", 5),
            ("block", "free", 5),
            ("off", "toward_next", 5),
            ("lines", "toward_next", 3),
            ("block", "toward_next", 3),
        ] {
            for (seat, side) in SIDES.iter().enumerate() {
                let opts = [
                    ("layout", layout),
                    ("centre", centre),
                    ("first_move", first),
                ];
                let m = start_for(seat, &opts);
                assert_eq!(m.len(), n, "{opts:?} {side}: {m:?}");
            }
        }
    }
    let green = |c, f| start_for(0, &[("centre", c), ("first_move", f)]);
    assert_eq!(
        green("off", "free"),
        strs(&[
            "g1-f3", "g1-e2", "g2-e4", "f1-e1", "f2-e2", "g3-g4", "h3-h4"
        ])
    );
    assert_eq!(
        green("lines", "free"),
        strs(&["g1-e2", "f1-e1", "f2-e2", "g3-g4", "h3-h4"])
    );
    assert_eq!(
        green("off", "toward_next"),
        strs(&["g1-f3", "g1-e2", "g2-e4", "g3-g4", "h3-h4"])
    );
    assert_eq!(
        green("lines", "toward_next"),
        strs(&["g1-e2", "g3-g4", "h3-h4"])
    );
    // Red's next seat is black, toward file a.
    assert_eq!(
        start_for(1, &[("centre", "lines"), ("first_move", "toward_next")]),
        strs(&["g8-e7", "f8-e8", "f7-e7"])
    );
}

/// "Pierwszy ruch powinien zostać wykonany w kierunku przeciwnym do ruchu
/// wskazówek zegara ... następne ruchy wykonywane są w dowolnym kierunku":
/// only the first move must go toward the next seat; a seat without such
/// a move loses that turn, which counts as its first.
#[test]
fn the_first_move_goes_counterclockwise_or_the_turn_is_lost() {
    let first = || json!({"moved": ["red", "black", "white"]});
    // Green's pawn walks west, away from red: only the king's steps up go
    // toward red.
    let pieces = with_kings(&[("e2", "1P<")]);
    let v = seasons_after(&pieces, "green", &open_centre(), first(), &[]);
    assert_eq!(all(&v), strs(&["h1-g2", "h1-h2"]));
    // Once green has moved, its moves go any way.
    let v = seasons_after(&pieces, "green", &open_centre(), json!({}), &[]);
    assert_eq!(all(&v), strs(&["e2-d2", "h1-g1", "h1-g2", "h1-h2"]));
    // The king boxed in by pawns that all walk west: no move goes toward
    // red, so green's turn is lost at once and counts as its first.
    let boxed = with_kings(&[("g1", "1P<"), ("g2", "1P<"), ("h2", "1P<")]);
    let text = seasons_file(&boxed, "green", first());
    let g = FourSeasons::from_position(&options("four-seasons", &open_centre()), &text).unwrap();
    assert_eq!(g.turn(), Turn::Decide(1));
    assert_eq!(g.length(), 1);
    assert_eq!(g.to_json()["moved"], json!(SIDES));
    let free = options("four-seasons", &[("centre", "off"), ("first_move", "free")]);
    let g = FourSeasons::from_position(&free, &text).unwrap();
    assert_eq!(g.turn(), Turn::Decide(0));
}

/// "Król – porusza się i bije o jedno pole w każdym kierunku": one step
/// any way, taking an enemy there.
#[test]
fn the_king_steps_one_square_any_way() {
    let v = seasons_after(
        &with_kings(&[("d2", "1K"), ("e2", "2N"), ("c1", "1N")])
            .into_iter()
            .filter(|(s, _)| *s != "h1")
            .collect::<Vec<_>>(),
        "green",
        &open_centre(),
        json!({}),
        &[],
    );
    // c3 is attacked by the red knight on e2.
    assert_eq!(
        from(&v, "d2"),
        strs(&["d2-c2", "d2-d1", "d2-d3", "d2-e1", "d2-e3", "d2xe2"])
    );
}

/// "Wieża – porusza się i bije w pionie i poziomie na dowolną odległość":
/// slides orthogonally, stops at a piece, takes an enemy.
#[test]
fn the_rook_slides_orthogonally() {
    let v = seasons_after(
        &with_kings(&[("d4", "1R"), ("d7", "3N"), ("f4", "1N")]),
        "green",
        &open_centre(),
        json!({}),
        &[],
    );
    assert_eq!(
        from(&v, "d4"),
        strs(&[
            "d4-a4", "d4-b4", "d4-c4", "d4-e4", "d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-d6",
            "d4xd7",
        ])
    );
}

/// "Rycerz – porusza się i bije po przekątnej pola 2x3; może przeskakiwać
/// okupowane pola": the knight's leap, over anything.
#[test]
fn the_knight_leaps_over_anything() {
    let mut pieces = vec![("d4", "1N"), ("f5", "2P<"), ("c6", "1P<")];
    for sq in ["c4", "e4", "d3", "d5", "c3", "c5", "e3", "e5"] {
        pieces.push((sq, "1P^"));
    }
    let v = seasons_after(
        &with_kings(&pieces),
        "green",
        &open_centre(),
        json!({}),
        &[],
    );
    assert_eq!(
        from(&v, "d4"),
        strs(&[
            "d4-b3", "d4-b5", "d4-c2", "d4-e2", "d4-e6", "d4-f3", "d4xf5"
        ])
    );
}

/// "Biskup – porusza się i bije po skosie do 2 pól; może przeskakiwać
/// okupowane pola": by default the alfil, two squares diagonally over
/// anything; `bishop=up_to_two` adds the one-square step.
#[test]
fn the_bishop_leaps_two_diagonally() {
    let pieces = with_kings(&[("d4", "1B"), ("e5", "2N"), ("f6", "3N"), ("b2", "1N")]);
    let v = seasons_after(&pieces, "green", &open_centre(), json!({}), &[]);
    assert_eq!(from(&v, "d4"), strs(&["d4-b6", "d4-f2", "d4xf6"]));
    let v = seasons_after(
        &pieces,
        "green",
        &[("centre", "off"), ("bishop", "up_to_two")],
        json!({}),
        &[],
    );
    assert_eq!(
        from(&v, "d4"),
        strs(&[
            "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-f2", "d4xe5", "d4xf6"
        ])
    );
}

/// "Pion – porusza się do przodu o jedno pole, a bije po skosie do przodu o
/// jedno pole; piony poruszają się w kierunku w którym są ustawione ... po
/// dojściu do końca planszy piony awansują do rangi Generała": a pawn
/// walking west steps west to an empty square, takes north-west and
/// south-west, and on file a becomes a general.
#[test]
fn pawns_walk_their_own_way_and_become_generals() {
    let pieces = with_kings(&[
        ("b5", "1P<"),
        ("a6", "2N"),
        ("a4", "3N"),
        ("e5", "1P^"),
        ("e6", "2N"),
    ]);
    let v = seasons_after(&pieces, "green", &open_centre(), json!({}), &[]);
    assert_eq!(from(&v, "b5"), strs(&["b5-a5=F", "b5xa4=F", "b5xa6=F"]));
    // Blocked straight ahead, and no capture forward but diagonally.
    assert_eq!(from(&v, "e5"), Vec::<String>::new());
    let p = seasons_after(&pieces, "green", &open_centre(), json!({}), &["b5xa6=F"]);
    assert_eq!(at(&p, "a6"), "1F");
}

/// "Generał – porusza się i bije o jedno pole po skosie": one diagonal step.
#[test]
fn the_general_steps_one_square_diagonally() {
    let v = seasons_after(
        &with_kings(&[("d4", "1F"), ("e5", "2N"), ("c3", "1N")]),
        "green",
        &open_centre(),
        json!({}),
        &[],
    );
    assert_eq!(from(&v, "d4"), strs(&["d4-c5", "d4-e3", "d4xe5"]));
}

/// "środkowy obszar planszy o wielkości 4x4 jest przekreślony na krzyż
/// dwoma liniami których przekroczenie lub najechanie na przekreślone pola
/// jest niedopuszczalne": no piece enters a square under a line, slides
/// past one, or crosses a line, leapers included; touching a line's end is
/// no crossing. `block` closes the sixteen squares but leapers jump them.
#[test]
fn the_crossed_centre_is_neither_entered_nor_crossed() {
    let pieces = with_kings(&[("d3", "1R"), ("e3", "1K")])
        .into_iter()
        .filter(|(s, _)| *s != "h1")
        .collect::<Vec<_>>();
    let v = seasons_after(&pieces, "green", &[], json!({}), &[]);
    // Up: d4 is under a line; left: c3 is.
    assert_eq!(from(&v, "d3"), strs(&["d3-d1", "d3-d2"]));
    // e3-f4 would cross the line f3-c6 round f3's corner... and d4/e4/f3
    // are under the lines.
    assert_eq!(from(&v, "e3"), strs(&["e3-d2", "e3-e2", "e3-f2"]));
    let king = |sq: &'static str| {
        let p = with_kings(&[(sq, "1K")])
            .into_iter()
            .filter(|(s, _)| *s != "h1")
            .collect::<Vec<_>>();
        from(&seasons_after(&p, "green", &[], json!({}), &[]), sq)
    };
    for (a, b) in [("d3", "c4"), ("e3", "f4"), ("c5", "d6"), ("e6", "f5")] {
        assert!(!king(a).contains(&format!("{a}-{b}")), "{a}-{b}");
        assert!(!king(b).contains(&format!("{b}-{a}")), "{b}-{a}");
    }
    // c2-b3 touches the end of the line c3-f6 only.
    assert!(king("c2").contains(&"c2-b3".to_string()));
    let knight = |sq: &'static str, opts: &[(&str, &str)]| {
        from(
            &seasons_after(&with_kings(&[(sq, "1N")]), "green", opts, json!({}), &[]),
            sq,
        )
    };
    assert!(!knight("d3", &[]).contains(&"d3-c5".to_string()));
    assert!(!knight("b3", &[]).contains(&"b3-d2".to_string()));
    assert!(knight("d3", &[("centre", "off")]).contains(&"d3-c5".to_string()));
    // The closed centre: no leaper lands in it ...
    let v = knight("b4", &[("centre", "block")]);
    assert_eq!(v, strs(&["b4-a2", "b4-a6", "b4-c2"]));
    // ... but the bishop leaps over it: g4-e2 over f3, which crosses the
    // line f3-c6 under `lines`, as g4-e6 crosses c3-f6.
    let alfil = |opts: &[(&str, &str)]| {
        from(
            &seasons_after(&with_kings(&[("g4", "1B")]), "green", opts, json!({}), &[]),
            "g4",
        )
    };
    assert_eq!(alfil(&[("centre", "block")]), strs(&["g4-e2"]));
    assert_eq!(alfil(&[("centre", "lines")]), Vec::<String>::new());
    assert_eq!(alfil(&[("centre", "off")]), strs(&["g4-e2", "g4-e6"]));
}

/// A move may not leave one's own king attacked, by any seat.
#[test]
fn no_move_leaves_ones_own_king_attacked() {
    // Green's rook on f1 shields its king on h1 from black's rook on a1?
    // The white king stands on a1 in the corner: put black's rook on b1.
    let pieces = with_kings(&[("b1", "3R"), ("f1", "1R")]);
    let v = seasons_after(&pieces, "green", &open_centre(), json!({}), &[]);
    // The pinned rook moves only along the rank.
    assert_eq!(
        from(&v, "f1"),
        strs(&["f1-c1", "f1-d1", "f1-e1", "f1-g1", "f1xb1"])
    );
}

/// "Mat ... eliminuje danego gracza z gry. W przypadku mata piony jego są
/// przejmowane przez gracza który go zamatował": a mated seat is out, its
/// king leaves the board and its other pieces join the mater;
/// `on_mate=remove` takes them off instead.
#[test]
fn mate_eliminates_and_the_army_joins_the_mater() {
    let pieces = [
        ("h1", "1K"),
        ("b7", "1R"),
        ("a1", "1R"),
        ("h8", "2K"),
        ("d4", "2N"),
        ("c5", "3K"),
        ("e1", "4K"),
    ];
    let v = seasons_after(&pieces, "green", &open_centre(), json!({}), &["a1-a8"]);
    assert_eq!(v["alive"], json!(["green", "black", "white"]));
    assert_eq!(v["places"], json!({"red": 4}));
    assert_eq!(v["to_move"], "black");
    assert_eq!(at(&v, "h8"), ".");
    assert_eq!(at(&v, "d4"), "1N", "the red knight joins green");
    let removed = seasons_after(
        &pieces,
        "green",
        &[("centre", "off"), ("on_mate", "remove")],
        json!({}),
        &["a1-a8"],
    );
    assert_eq!(at(&removed, "d4"), ".");
    assert_eq!(removed["places"], json!({"red": 4}));
}

/// "... a w przypadku pata wszystkie piony danego gracza usuwane są z
/// planszy": a stalemated seat is out and all its pieces leave the board.
#[test]
fn stalemate_eliminates_and_removes_the_army() {
    let pieces = [
        ("h1", "1K"),
        ("g1", "1R"),
        ("a1", "1R"),
        ("h8", "2K"),
        ("e5", "2Pv"),
        ("e4", "3N"),
        ("c8", "3K"),
        ("d1", "4K"),
    ];
    let v = seasons_after(&pieces, "green", &open_centre(), json!({}), &["a1-a7"]);
    assert_eq!(v["alive"], json!(["green", "black", "white"]));
    assert_eq!(v["places"], json!({"red": 4}));
    assert_eq!((at(&v, "h8"), at(&v, "e5")), (".".into(), ".".into()));
    assert_eq!(at(&v, "e4"), "3N");
}

/// A king left attacked by its own seat's turn having passed (here a check
/// discovered by green on white's king, which black may then take) may be
/// taken: that is a mate by the taker, whose the army becomes.
#[test]
fn a_king_left_attacked_may_be_taken() {
    let pieces = [
        ("h1", "1K"),
        ("a3", "1N"),
        ("h8", "2K"),
        ("a6", "3R"),
        ("d8", "3K"),
        ("a1", "4K"),
        ("e1", "4N"),
    ];
    let v = seasons_after(
        &pieces,
        "green",
        &open_centre(),
        json!({}),
        &["a3-c2", "h8-g8"],
    );
    assert!(legal(&v).contains(&"a6xa1".to_string()));
    let v = seasons_after(
        &pieces,
        "green",
        &open_centre(),
        json!({}),
        &["a3-c2", "h8-g8", "a6xa1"],
    );
    assert_eq!(v["alive"], json!(["green", "red", "black"]));
    assert_eq!(v["places"], json!({"white": 4}));
    assert_eq!(at(&v, "e1"), "3N");
    assert_eq!(at(&v, "a1"), "3R");
}

/// "Ostatni pozostały gracz wygrywa": the last seat left wins; the others
/// are placed by when they went out.
#[test]
fn the_last_seat_left_wins_and_the_others_are_placed() {
    let pieces = [
        ("h1", "1K"),
        ("b7", "1R"),
        ("a1", "1R"),
        ("h8", "2K"),
        ("d4", "2N"),
    ];
    let extra = json!({"alive": ["green", "red"], "places": {"black": 3, "white": 4}});
    let text = seasons_file(&pieces, "green", extra);
    let mut g =
        FourSeasons::from_position(&options("four-seasons", &open_centre()), &text).unwrap();
    let mut m = Vec::new();
    g.legal_moves(&mut m);
    let mate = *m.iter().find(|mv| mv.to_string() == "a1-a8").unwrap();
    g.play(mate, &mut Silent);
    assert_eq!(g.turn(), Turn::Over);
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, "checkmate");
    assert_eq!(o.sole_winner(), Some(0));
    assert_eq!((0..4).map(|s| o.place(s)).collect::<Vec<_>>(), [1, 2, 3, 4]);
}

/// "Wariant gry z kośćmi ... 6 – Król, 5 – Generał lub strata tury, 4 –
/// Rycerz, 3 – Wieża, 2 – Biskup, 1 – Pion. Jeśli ruch nie jest możliwy to
/// tura zostaje stracona": the face names the kind that moves; a face
/// without a move loses the turn. Under the defaults every first turn is
/// lost on 2, 3, 5 and 6: exactly 4 faces of 6.
#[test]
fn one_die_names_the_kind_or_the_turn_is_lost() {
    let opts = options("four-seasons", &[("dice", "one")]);
    let mut lost = 0;
    for face in 1..=6u8 {
        let mut g = FourSeasons::new(&opts).unwrap();
        assert_eq!(g.turn(), Turn::Chance);
        // Green throws `face`; red then throws 4 (a knight move toward black).
        g.chance(&mut Dice::scripted(&[face, 4]), &mut Silent);
        let mut m = Vec::new();
        g.legal_moves(&mut m);
        let shown: Vec<String> = m.iter().map(|x| x.to_string()).collect();
        match g.turn() {
            Turn::Decide(1) => {
                lost += 1;
                assert_eq!(shown, ["g8-e7"], "face {face}");
                assert_eq!(g.length(), 1);
            }
            Turn::Decide(0) => match face {
                1 => assert_eq!(shown.len(), 2, "{shown:?}"),
                4 => assert_eq!(shown, ["g1-e2"]),
                _ => panic!("face {face} gave green {shown:?}"),
            },
            t => panic!("{t:?}"),
        }
    }
    assert_eq!(lost, 4);
}

/// `dice=two`: the seat throws two dice and chooses one (`die:4`); a face
/// without a move may be chosen and loses the turn; two faces without a
/// move lose it at once, which on the first turn happens for 16 of the 36
/// throws (4/9).
#[test]
fn two_dice_leave_a_choice_of_die() {
    let opts = options("four-seasons", &[("dice", "two")]);
    let mut lost = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut g = FourSeasons::new(&opts).unwrap();
            g.chance(&mut Dice::scripted(&[a, b, 4, 4]), &mut Silent);
            let mut m = Vec::new();
            g.legal_moves(&mut m);
            let shown: Vec<String> = m.iter().map(|x| x.to_string()).collect();
            let moves = |f: u8| f == 1 || f == 4;
            if !moves(a) && !moves(b) {
                lost += 1;
                assert_eq!(g.turn(), Turn::Decide(1), "{a} {b}");
            } else if a == b {
                assert!(
                    shown.iter().all(|s| !s.starts_with("die")),
                    "{a} {b}: {shown:?}"
                );
            } else {
                assert_eq!(shown, [format!("die:{a}"), format!("die:{b}")]);
                // Choosing a face without a move loses the turn; choosing
                // one with moves leaves those moves.
                for (i, f) in [a, b].into_iter().enumerate() {
                    let mut h = g.clone();
                    h.play(m[i], &mut Silent);
                    if moves(f) {
                        assert_eq!(h.turn(), Turn::Decide(0));
                        assert_eq!(h.length(), 0, "a die chosen is no ply");
                    } else {
                        assert_eq!(h.turn(), Turn::Chance, "{a} {b}: chose {f}");
                        assert_eq!(h.length(), 1);
                    }
                }
            }
        }
    }
    assert_eq!(lost, 16);
}

/// `targets=next_only` (Ludii): a seat takes only the next seat's pieces;
/// the others' only block, and only the previous seat gives check.
#[test]
fn next_only_takes_only_the_next_seats_pieces() {
    let pieces = with_kings(&[("d4", "1R"), ("d6", "2N"), ("b4", "3N"), ("f4", "4N")]);
    let opts = [("centre", "off"), ("targets", "next_only")];
    let v = seasons_after(&pieces, "green", &opts, json!({}), &[]);
    assert_eq!(
        from(&v, "d4"),
        strs(&[
            "d4-c4", "d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-e4", "d4xd6"
        ])
    );
    // Black's rook on h4 does not check green's king on h1.
    let v = seasons_after(
        &with_kings(&[("h4", "3R"), ("g1", "1N")]),
        "green",
        &opts,
        json!({}),
        &[],
    );
    assert_eq!(v["in_check"], false);
    let v = seasons_after(
        &with_kings(&[("h4", "4R"), ("g1", "1N")]),
        "green",
        &opts,
        json!({}),
        &[],
    );
    assert_eq!(v["in_check"], true);
}

/// A seat whose bot fails retires: it goes out as on stalemate, last among
/// the places not yet given, and the others play on.
#[test]
fn a_retired_seat_goes_out_last_and_the_game_goes_on() {
    let mut g = FourSeasons::new(&options("four-seasons", &[])).unwrap();
    assert!(g.retire(1));
    let j = g.to_json();
    assert_eq!(j["alive"], json!(["green", "black", "white"]));
    assert_eq!(j["places"], json!({"red": 4}));
    assert_eq!(at(&j, "h8"), ".");
    assert_eq!(g.turn(), Turn::Decide(0));
    assert!(g.retire(0));
    assert_eq!(
        g.turn(),
        Turn::Decide(2),
        "green retired on its turn: black moves"
    );
    assert!(g.retire(3));
    assert_eq!(g.turn(), Turn::Over);
    let o = g.outcome().unwrap();
    assert_eq!(o.sole_winner(), Some(2));
    assert_eq!((0..4).map(|s| o.place(s)).collect::<Vec<_>>(), [3, 4, 1, 2]);
}
