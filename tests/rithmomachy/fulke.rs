//! The `fulke` rule set (seed 003, Fulke's first variant as Justin redacts
//! it): every rule sentence and every numeric example, on hand-made
//! positions or from the start.
//!
//! The seed's diagram puts the man on A; B, C, D and E are its diagonal
//! neighbours (B and C ahead, to the left and right; D and E behind), F, G,
//! H and I the squares two ahead, behind, to the left and right, S, V, Y and
//! T the squares between, and L, M, N and O three away. Here A is e8, for
//! White moving up the board: B d9, C f9, D f7, E d7, F e10, S e9, G e6, V e7,
//! H c8, Y d8, I g8, T f8, L e11, M e5, N b8, O h8.

use crate::support::{at, captures, legal, options, play, setup_taken, setup_with, targets};
use ludus::analysis::start::Start;
use ludus::core::game::Game;
use ludus::core::log::Silent;
use ludus::games::rithmomachy::Rithmomachy;
use ludus::games::rithmomachy::moves::Move;
use ludus::games::rithmomachy::piece::Side;
use ludus::games::rithmomachy::position::Phase;

/// The fulke rules with the victories that could end a test early off, and
/// any further options.
fn setup_opts(to_move: &str, pieces: &[(&str, &str)], extra: &[(&str, &str)]) -> Rithmomachy {
    let mut o = vec![("bodies", "off"), ("triumph", "off")];
    o.extend_from_slice(extra);
    setup_with(&options("fulke", &o), to_move, pieces)
}

fn setup(to_move: &str, pieces: &[(&str, &str)]) -> Rithmomachy {
    setup_opts(to_move, pieces, &[])
}

/// A far-away man for each side, so that neither runs out of moves.
const SPARE: [(&str, &str); 2] = [("a1", "w2C"), ("h16", "b3C")];

fn with_spares<'a>(pieces: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = pieces.to_vec();
    v.extend_from_slice(&SPARE);
    v
}

/// What White's move `mv` takes from these pieces (with the spares).
fn white_takes(pieces: &[(&str, &str)], mv: &str) -> Vec<(String, u16, &'static str, bool)> {
    let mut g = setup("white", &with_spares(pieces));
    play(&mut g, mv);
    captures(&g)
}

fn ending(g: &Rithmomachy) -> Option<&'static str> {
    g.outcome().map(|o| o.reason)
}

#[test]
fn black_moves_first_from_the_forward_setup_with_36_moves() {
    // The redactor's summary handout has Black start; 003: "all the men
    // should be advanced by two rows (that is, on your rows 3-6, instead of
    // 1-4)". Black's 36 first moves: the four rounds of rank 11 two
    // diagonals each (8); 81c to b11 and 9c to g11 (2); the triangles
    // a12 b12 g12 h12 two squares forward (4) and flying (a12 to b10; b12
    // to a10 and c10; g12 to f10 and h10; h12 to g10: 6); the triangles of
    // rank 13 two squares back (4) and flying back (8: c13 to b15 and d15,
    // and so on); the squares b14 and g14 three along rank 14 (2) and
    // flying one further back (2). Nothing else has room.
    let entry = ludus::registry::find("rithmomachy").unwrap();
    let opts = options("fulke", &[]);
    let g = Rithmomachy::new(&opts).unwrap();
    assert_eq!(g.position().to_move(), Side::Black);
    assert_eq!(entry.perft(&Start::new(&opts, None), 1).unwrap(), 36);
    // Regression anchors: this engine's own counts.
    assert_eq!(entry.perft(&Start::new(&opts, None), 2).unwrap(), 1_332);
    assert_eq!(entry.perft(&Start::new(&opts, None), 3).unwrap(), 50_357);
    // An option gives White the first move.
    let white = Rithmomachy::new(&options("fulke", &[("first", "white")])).unwrap();
    assert_eq!(white.position().to_move(), Side::White);
}

#[test]
fn rounds_move_one_step_diagonally() {
    // 003: "a round on A can move to B, C, D, or E."
    let g = setup("white", &with_spares(&[("e8", "w9C")]));
    assert_eq!(targets(&g, "e8"), ["d7", "d9", "f7", "f9"]);
}

#[test]
fn triangles_move_two_orthogonally_or_fly_a_knights_move() {
    // 003: "a triangle on A can move to F, G, H, or I. When flying, a
    // triangle may make the knight's move from Chess ... Thus, a triangle
    // flying from A could move into any of spaces 1 - 8."
    let g = setup("white", &with_spares(&[("e8", "w9T")]));
    assert_eq!(
        targets(&g, "e8"),
        [
            "c7", "c8", "c9", "d10", "d6", "e10", "e6", "f10", "f6", "g7", "g8", "g9"
        ]
    );
    // "you could not move from A to 1 if there was a man standing in F":
    // a man on F (e10) blocks F and both flights past it; one on S (e9)
    // blocks them too ("You can not jump over another man").
    for blocker in ["e10", "e9"] {
        let g = setup("white", &with_spares(&[("e8", "w9T"), (blocker, "b5C")]));
        let t = targets(&g, "e8");
        for gone in ["e10", "d10", "f10"] {
            assert!(!t.contains(&gone.to_string()), "{blocker}: {t:?}");
        }
        assert!(t.contains(&"d6".to_string()));
    }
}

#[test]
fn squares_move_three_orthogonally_or_fly_three_and_one() {
    // 003: "a square on A can move to L, M, N, or O. When flying, a square
    // can make a sort of elongated knight's move -- that is, three spaces
    // horizontally or vertically, then one to the side."
    let g = setup("white", &with_spares(&[("e8", "w25S")]));
    assert_eq!(
        targets(&g, "e8"),
        [
            "b7", "b8", "b9", "d11", "d5", "e11", "e5", "f11", "f5", "h7", "h8", "h9"
        ]
    );
}

#[test]
fn a_king_moves_as_every_shape_it_still_holds() {
    // 003: "The Kings can move in any of the ways that their constituent
    // pieces can ... If the King loses all of the pieces of a given shape,
    // it loses the ability to move like that shape."
    let full = setup("white", &with_spares(&[("e8", "wP:36S,25S,16T,9T,4C,1C")]));
    assert_eq!(targets(&full, "e8").len(), 4 + 12 + 12);
    let no_triangles = setup("white", &with_spares(&[("e8", "wP:36S,25S,4C,1C")]));
    let t = targets(&no_triangles, "e8");
    assert_eq!(t.len(), 4 + 12);
    assert!(!t.contains(&"e10".to_string()) && !t.contains(&"d10".to_string()));
}

#[test]
fn equality_by_setting_up_the_position() {
    // 003: "your round 81 is on C, and the enemy square 81 is on B. You move
    // your round to A. Since the enemy is now within reach of yours, it is
    // immediately captured, without you moving your piece into the enemy
    // space."
    let mut g = setup("white", &with_spares(&[("f9", "w81C"), ("d9", "b81S")]));
    play(&mut g, "f9-e8");
    assert_eq!(captures(&g), [("d9".to_string(), 81, "equality", true)]);
    assert_eq!(at(g.position(), "e8"), "w81C");
}

#[test]
fn equality_by_jumping_onto_the_man() {
    // 003: "If it is your turn, and you have the round 81 on A, and the enemy
    // square 81 is on B, your round can jump onto his square and capture
    // it, because B is a legal move for a round on A."
    let mut g = setup("white", &with_spares(&[("e8", "w81C"), ("d9", "b81S")]));
    play(&mut g, "e8xd9");
    assert_eq!(captures(&g), [("d9".to_string(), 81, "equality", true)]);
    assert_eq!(at(g.position(), "d9"), "w81C");
    // "the enemy man must be in a space that is a legal move for yours": a
    // square 81 three squares off a round's diagonal is out of reach.
    let g = setup("white", &with_spares(&[("e8", "w81C"), ("e11", "b81S")]));
    assert!(!legal(&g).iter().any(|m| m.contains('x')));
}

#[test]
fn addition_by_setting_up_and_by_jumping() {
    // 003: "the round black 16 is on A, and you have a round white 9 on B and
    // a round white 7 on F. You move the 7 to C. Since the 9 and the 7 could
    // both legally move to A, and they add up to 16, the 16 on A is
    // immediately captured."
    let pieces = [("e8", "b16C"), ("d9", "w9C"), ("e10", "w7C")];
    let mut g = setup("white", &with_spares(&pieces));
    play(&mut g, "e10-f9");
    assert_eq!(captures(&g), [("e8".to_string(), 16, "ambush", true)]);
    // "Alternately, say that you have your round 9 and 7 on B and C. On your
    // opponent's turn, he foolishly moves the 16 to A. You may now capture
    // the 16, but you have to actually jump onto it -- either the 9 or the 7
    // (it doesn't matter which)".
    let pieces = [("d7", "b16C"), ("d9", "w9C"), ("f9", "w7C")];
    let mut g = setup("black", &with_spares(&pieces));
    play(&mut g, "d7-e8");
    assert!(captures(&g).is_empty());
    let moves = legal(&g);
    assert!(moves.contains(&"d9xe8".to_string()) && moves.contains(&"f9xe8".to_string()));
    // Any other move leaves the 16 standing: the relation was not set up by it.
    let mut quiet = g.clone();
    play(&mut quiet, "a1-b2");
    assert!(captures(&quiet).is_empty());
    assert_eq!(at(quiet.position(), "e8"), "b16C");
    play(&mut g, "f9xe8");
    assert_eq!(captures(&g), [("e8".to_string(), 16, "ambush", true)]);
    assert_eq!(at(g.position(), "e8"), "w7C");
}

#[test]
fn subtraction_multiplication_and_division() {
    // 003: "If the black 4 is sitting on A, and the white 9 is on B, and you
    // move the white 5 onto C (all of them being round), you capture the 4
    // by Subtraction."
    assert_eq!(
        white_takes(&[("e8", "b4C"), ("d9", "w9C"), ("g10", "w5C")], "g10-f9"),
        [("e8".to_string(), 4, "ambush", true)]
    );
    // "If the black square 15 is on A, and the white round 3 is on B, and you
    // move the white round 5 onto C, you capture the 15 by Multiplication."
    assert_eq!(
        white_takes(&[("e8", "b15S"), ("d9", "w3C"), ("g10", "w5C")], "g10-f9"),
        [("e8".to_string(), 15, "ambush", true)]
    );
    // "If the black triangle 25 is on A, and the white round 9 is on B, and
    // you move the white square 225 onto C, you capture the 25 by Division."
    // A square cannot move onto a diagonal neighbour, and the rule is that
    // both men "could legally move onto it": the engine keeps the rule, so
    // the 225 moves to L (three squares ahead) instead of C.
    assert_eq!(
        white_takes(
            &[("e8", "b25T"), ("d9", "w9C"), ("h11", "w225S")],
            "h11-e11"
        ),
        [("e8".to_string(), 25, "ambush", true)]
    );
    let mut on_c = setup(
        "white",
        &with_spares(&[("e8", "b25T"), ("d9", "w9C"), ("f12", "w225S")]),
    );
    play(&mut on_c, "f12-f9");
    assert!(
        captures(&on_c).is_empty(),
        "a square on C cannot move onto A"
    );
}

#[test]
fn capture_by_proportion_is_an_option() {
    // 003: "you capture by proportion if your two men and the enemy man
    // together form one of the proportions ... Fulke makes it clear that
    // this is optional, and should be agreed on in advance." 4, 6, 8 is
    // arithmetic; none of 4 + 8, 8 - 4, 4 x 8 or 8 / 4 makes 6.
    let pieces = [("e8", "b6C"), ("d9", "w4C"), ("g10", "w8C")];
    let mut off = setup("white", &with_spares(&pieces));
    play(&mut off, "g10-f9");
    assert!(captures(&off).is_empty());
    let mut on = setup_opts("white", &with_spares(&pieces), &[("proportion", "on")]);
    play(&mut on, "g10-f9");
    assert_eq!(captures(&on), [("e8".to_string(), 6, "ambush", true)]);
}

#[test]
fn several_men_taken_by_one_move() {
    // 003: "you should be able to make multiple captures with a single move
    // -- if you move your man so that it attacks multiple enemies, they
    // should all go away." The 9 arriving on e8 reaches 9s on d9 and f7.
    let pieces = [("f9", "w9C"), ("d9", "b9C"), ("f7", "b9T")];
    let mut g = setup("white", &with_spares(&pieces));
    play(&mut g, "f9-e8");
    assert_eq!(
        captures(&g),
        [
            ("f7".to_string(), 9, "equality", true),
            ("d9".to_string(), 9, "equality", true)
        ]
    );
}

#[test]
fn a_flying_move_takes_nothing() {
    // 003: "you may use the flying movement unless the move would result in
    // taking an opposing man." A triangle 20 flying c6-d8 would stand a
    // normal move (two squares) from the black 20 on d10: nothing is taken.
    let mut g = setup("white", &with_spares(&[("c6", "w20T"), ("d10", "b20T")]));
    play(&mut g, "c6-d8");
    assert!(captures(&g).is_empty());
    assert_eq!(at(g.position(), "d10"), "b20T");
    // The same square reached by a normal move takes it.
    let mut g = setup("white", &with_spares(&[("b8", "w20T"), ("d10", "b20T")]));
    play(&mut g, "b8-d8");
    assert_eq!(captures(&g), [("d10".to_string(), 20, "equality", true)]);
    // Only normal moves count as "could move onto": a black 20 a knight's
    // move from the white triangle is never within its reach.
    let mut g = setup("white", &with_spares(&[("c4", "w20T"), ("e7", "b20C")]));
    play(&mut g, "c4-c6");
    assert!(captures(&g).is_empty());
}

#[test]
fn oblivion_surrounds_a_man_with_the_movers_men() {
    // 003: "to capture a round piece that is on A by Oblivion, you must place
    // men on B, C, D, and E."
    let ring = [("e8", "b16C"), ("d9", "w2T"), ("f9", "w4T"), ("d7", "w6T")];
    assert_eq!(
        white_takes(
            &[ring[0], ring[1], ring[2], ring[3], ("g6", "w8C")],
            "g6-f7"
        ),
        [("e8".to_string(), 16, "oblivion", true)]
    );
    // "you must actually surround the enemy man -- it is not sufficient to
    // be able to surround him": three of the four are not enough.
    let g = setup("white", &with_spares(&ring));
    let mut g2 = g.clone();
    play(&mut g2, "a1-b2");
    assert!(captures(&g2).is_empty());
}

#[test]
fn oblivion_of_a_triangle_needs_each_way_blocked() {
    // 003: "To capture a triangle in A by Oblivion, you must place men in F
    // or S, G or V, H or Y, and I or T."
    // Values that make no sum, difference, product or quotient of 16.
    let base = [
        ("e8", "b16T"),
        ("e10", "w50T"),
        ("e7", "w70T"),
        ("c8", "w90T"),
    ];
    // The fourth man to I (g8), two squares beside it.
    assert_eq!(
        white_takes(
            &[base[0], base[1], base[2], base[3], ("g6", "w110T")],
            "g6-g8"
        ),
        [("e8".to_string(), 16, "oblivion", true)]
    );
    // A black man on T (f8) blocks it first: that way is not the mover's.
    let blocked = [
        base[0],
        base[1],
        base[2],
        base[3],
        ("f8", "b3C"),
        ("g6", "w110T"),
    ];
    assert!(white_takes(&blocked, "g6-g8").is_empty());
}

#[test]
fn oblivion_options_for_own_men_and_the_edge() {
    // 003: "It isn't clear whether your own men count towards a Capture by
    // Oblivion; I doubt it ... It also isn't clear whether the edges of the
    // board count; again, I doubt it. I recommend playing that a Capture by
    // Oblivion requires actually blocking all four sides with enemy men".
    let own = [
        ("e8", "b16C"),
        ("d9", "w2T"),
        ("f9", "w4T"),
        ("d7", "b6T"),
        ("g6", "w8C"),
    ];
    let mut g = setup("white", &with_spares(&own));
    play(&mut g, "g6-f7");
    assert!(captures(&g).is_empty());
    let mut g = setup_opts("white", &with_spares(&own), &[("oblivion_own", "on")]);
    play(&mut g, "g6-f7");
    assert_eq!(captures(&g), [("e8".to_string(), 16, "oblivion", true)]);
    // A round on the a-file: two of its diagonals leave the board.
    let edge = [
        ("a8", "b16C"),
        ("b9", "w2T"),
        ("c6", "w8C"),
        ("h1", "w2C"),
        ("h16", "b3C"),
    ];
    let mut g = setup("white", &edge);
    play(&mut g, "c6-b7");
    assert!(captures(&g).is_empty());
    let mut g = setup_opts("white", &edge, &[("oblivion_edge", "on")]);
    play(&mut g, "c6-b7");
    assert_eq!(captures(&g), [("a8".to_string(), 16, "oblivion", true)]);
}

#[test]
fn a_captured_man_is_turned_and_placed_on_the_captors_first_rank() {
    // 003: "When you capture an enemy man, flip him over, so that your color
    // is showing ... Place him on your end of the board, in any of the
    // squares in your first rank. From then on, the piece belongs to you".
    let mut g = setup("white", &with_spares(&[("f9", "w81C"), ("d9", "b81S")]));
    play(&mut g, "f9-e8");
    // White, still to decide, places the man: one placing per empty square
    // of rank 1 (a1 holds White's spare), and nothing else.
    let pos = g.position();
    assert_eq!(
        (pos.to_move(), pos.phase()),
        (Side::White, Phase::PlaceThenPass)
    );
    let moves = legal(&g);
    assert_eq!(moves.len(), 7);
    assert!(
        moves
            .iter()
            .all(|m| m.starts_with("S81@") && m.ends_with('1'))
    );
    play(&mut g, "S81@d1");
    assert_eq!(at(g.position(), "d1"), "w81S");
    assert_eq!(
        (g.position().to_move(), g.position().phase()),
        (Side::Black, Phase::Move)
    );
    // A placing before the turn passes is one more decision of the game.
    assert_eq!(g.position().ply(), 2);
}

#[test]
fn men_without_room_wait_and_are_placed_as_soon_as_there_is_room() {
    // 003 places the man "in any of the squares in your first rank"; with
    // none empty, the engine keeps him in hand until one is, and he is
    // placed by his owner as soon as it has room: after the move that
    // frees it, before the turn passes.
    let mut pieces: Vec<(&str, &str)> = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
        .iter()
        .map(|&s| (s, "w2C"))
        .collect();
    pieces.extend([
        ("f9", "w81C"),
        ("d9", "b81S"),
        ("h16", "b3C"),
        ("b4", "b5C"),
    ]);
    let mut g = setup("white", &pieces);
    play(&mut g, "f9-e8");
    assert_eq!(g.position().to_move(), Side::Black);
    assert_eq!(g.position().reserve(Side::White).pieces().len(), 1);
    play(&mut g, "h16-g15");
    // White frees a square of rank 1, and places the man there.
    play(&mut g, "c1-d2");
    assert_eq!(
        (g.position().to_move(), g.position().phase()),
        (Side::White, Phase::PlaceThenPass)
    );
    assert_eq!(legal(&g), ["S81@c1"]);
    play(&mut g, "S81@c1");
    assert_eq!(
        (g.position().to_move(), g.position().phase()),
        (Side::Black, Phase::Move)
    );
    assert!(g.position().reserve(Side::White).is_empty());
}

#[test]
fn a_king_is_captured_layer_by_layer() {
    // 003: "a King can lose some of those constituents during play; that is,
    // the enemy can capture pieces out of the King's pyramid." White's 16
    // reaching the black King takes its 16 layer.
    let mut g = setup(
        "white",
        &with_spares(&[("e8", "bP:64S,49S,36T,25T,16C"), ("g10", "w16C")]),
    );
    play(&mut g, "g10-f9");
    assert_eq!(captures(&g), [("e8".to_string(), 16, "equality", false)]);
    // The King's total is now 64 + 49 + 36 + 25.
    assert_eq!(at(g.position(), "e8"), "b174P");
}

#[test]
fn the_victory_of_bodies_defaults_to_six_men() {
    // 003: "I recommend 6 men as a reasonable goal for a game of modest length".
    let o = options("fulke", &[("triumph", "off")]);
    let pieces = with_spares(&[("f9", "w9C"), ("d9", "b9S")]);
    let five = ["2C", "4C", "6C", "8C", "3C"];
    let mut g = setup_taken(&o, "white", &pieces, &five, &[]);
    play(&mut g, "f9-e8");
    assert_eq!(ending(&g), Some("bodies"));
}

#[test]
fn the_quarrel_example_109_points_in_8_characters() {
    // 003: "if you capture the 2, 4, 6, 8, 25, and 64, it would satisfy this
    // victory: you have 109 points, and there are 8 characters showing on
    // the men." Agreed: 100 in 8 characters. The last of them, 64, is taken
    // on the board.
    let o = options(
        "fulke",
        &[
            ("bodies", "off"),
            ("triumph", "off"),
            ("quarrel_value", "100"),
            ("quarrel_digits", "8"),
        ],
    );
    let pieces = with_spares(&[("f9", "w64C"), ("d9", "b64T")]);
    let mut g = setup_taken(&o, "white", &pieces, &["2C", "4C", "6C", "8C", "25T"], &[]);
    assert_eq!(ending(&g), None);
    play(&mut g, "f9-e8");
    let c = g.position().captured(Side::White);
    assert_eq!((c.value, c.digits), (109, 8));
    assert_eq!(ending(&g), Some("quarrel"));
}

#[test]
fn honour_and_honour_with_quarrel() {
    // 003: "you might have to capture at least 100 points, and at least 8
    // men" (honour); "you might have to capture 100 points, 8 men, and 10
    // characters" (honour and quarrel).
    let taken = ["2C", "4C", "6C", "8C", "25T", "9C", "3C"];
    let pieces = with_spares(&[("f9", "w64C"), ("d9", "b64T")]);
    let honour = options(
        "fulke",
        &[
            ("bodies", "off"),
            ("triumph", "off"),
            ("honour_value", "100"),
            ("honour_pieces", "8"),
        ],
    );
    let mut g = setup_taken(&honour, "white", &pieces, &taken, &[]);
    play(&mut g, "f9-e8");
    assert_eq!(ending(&g), Some("honour"));
    // 2 4 6 8 25 9 3 64: 121 points, 8 men, 10 characters.
    let hq = |digits: &str| {
        options(
            "fulke",
            &[
                ("bodies", "off"),
                ("triumph", "off"),
                ("hq_value", "100"),
                ("hq_pieces", "8"),
                ("hq_digits", digits),
            ],
        )
    };
    let mut g = setup_taken(&hq("10"), "white", &pieces, &taken, &[]);
    play(&mut g, "f9-e8");
    assert_eq!(ending(&g), Some("honour-quarrel"));
    let mut g = setup_taken(&hq("11"), "white", &pieces, &taken, &[]);
    play(&mut g, "f9-e8");
    assert_eq!(ending(&g), None);
}

/// Three of White's men in Black's camp, 2 4 on f12 g12 and the 6 coming
/// to h12 (arithmetic), Black's King on the board or not.
fn triumph_game(king: bool) -> Rithmomachy {
    let mut pieces = vec![
        ("f12", "w2C"),
        ("g12", "w4C"),
        ("g11", "w6C"),
        ("a1", "w2C"),
        ("a16", "b3C"),
    ];
    if king {
        pieces.push(("b16", "bP:64S,49S"));
    }
    setup_with(&options("fulke", &[("bodies", "off")]), "white", &pieces)
}

#[test]
fn a_triumph_needs_the_enemy_king_captured_and_men_in_his_camp() {
    // 003: "you must first capture your opponent's King, and then make an
    // arrangement of your men in your opponent's camp. (His camp being
    // defined as the region of the board where his men started: his back
    // six rows.)" and "so that they form a connected line, horizontal,
    // vertical, or diagonal. As soon as they are in place, you win."
    let mut g = triumph_game(false);
    play(&mut g, "g11-h12");
    assert_eq!(ending(&g), Some("great-triumph"));
    let mut g = triumph_game(true);
    play(&mut g, "g11-h12");
    assert_eq!(ending(&g), None, "the King still stands");
    // Rank 10 is outside Black's camp (ranks 11-16).
    let pieces = [
        ("f10", "w2C"),
        ("g10", "w4C"),
        ("g9", "w6C"),
        ("a1", "w2C"),
        ("a16", "b3C"),
    ];
    let mut g = setup_with(&options("fulke", &[("bodies", "off")]), "white", &pieces);
    play(&mut g, "g9-h10");
    assert_eq!(ending(&g), None);
}

#[test]
fn the_greater_triumph_may_stand_as_a_square() {
    // 003: "you must use four men, which make any two of the proportions
    // together. They do not have to form a straight line; they may instead
    // make a square." 6 8 9 12: 6 9 12 arithmetic, 6 8 12 harmonic.
    let pieces = [
        ("e12", "w6C"),
        ("f12", "w8C"),
        ("e13", "w9C"),
        ("g14", "w12C"),
        ("a1", "w2C"),
        ("a16", "b3C"),
    ];
    let o = options("fulke", &[("bodies", "off"), ("triumph", "greater")]);
    let mut g = setup_with(&o, "white", &pieces);
    play(&mut g, "g14-f13");
    assert_eq!(ending(&g), Some("greater-triumph"));
}

#[test]
fn a_placed_move_replays_from_its_text() {
    // Placings are written like seed 000's drops and parse back.
    let m = Move::parse("S81@d1").unwrap();
    assert_eq!(m.to_string(), "S81@d1");
    let mut g = setup("white", &with_spares(&[("f9", "w81C"), ("d9", "b81S")]));
    g.play(Move::parse("f9-e8").unwrap(), &mut Silent);
    assert!(g.position().is_legal(m));
}

/// White's 2 (a triangle), 4 and 6 near Black's camp, Black's King gone,
/// triumphs to be announced.
fn announcing() -> Rithmomachy {
    let o = options("fulke", &[("bodies", "off"), ("announce", "on")]);
    let pieces = [
        ("f10", "w2T"),
        ("g12", "w4C"),
        ("h12", "w6C"),
        ("a1", "w2C"),
        ("e14", "b4C"),
        ("a16", "b3C"),
    ];
    setup_with(&o, "white", &pieces)
}

#[test]
fn an_announced_triumph_names_its_men_who_can_neither_be_taken_nor_fly() {
    // 003: "Begin by announcing that you are going to make a triumph, and
    // which men you are going to use to do it; these three men must make up
    // an arithmetic, geometric, or harmonic proportion. From then on, your
    // opponent can not capture those men; however, those men can no longer
    // use their flying movements."
    let g = announcing();
    let announcements: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with('!'))
        .collect();
    // 2 4 6 is the only proportion among White's men, with either of its 2s.
    assert_eq!(announcements.len(), 2, "{announcements:?}");
    assert!(announcements.contains(&"!f10,g12,h12".to_string()));
    // Unannounced, the line f12 g12 h12 wins nothing.
    let mut silent = g.clone();
    play(&mut silent, "f10-f12");
    assert_eq!(ending(&silent), None);
    let mut g = g;
    play(&mut g, "!f10,g12,h12");
    assert_eq!(g.position().to_move(), Side::Black);
    // Black sets up an equality against the named 4: nothing is taken.
    play(&mut g, "e14-f13");
    assert!(captures(&g).is_empty());
    assert_eq!(at(g.position(), "g12"), "w4C");
    // The triangle keeps its normal moves only.
    assert_eq!(targets(&g, "f10"), ["d10", "f12", "f8", "h10"]);
    // "Move those men into enemy territory, so that they form a connected
    // line ... As soon as they are in place, you win."
    play(&mut g, "f10-f12");
    assert_eq!(ending(&g), Some("great-triumph"));
}

#[test]
fn no_announcement_while_the_enemy_king_stands() {
    // 003: "you must first capture your opponent's King, and then make an
    // arrangement of your men".
    let o = options("fulke", &[("bodies", "off"), ("announce", "on")]);
    let pieces = [
        ("f10", "w2T"),
        ("g12", "w4C"),
        ("h12", "w6C"),
        ("a1", "w2C"),
        ("b16", "bP:64S,49S"),
        ("a16", "b3C"),
    ];
    let g = setup_with(&o, "white", &pieces);
    assert!(!legal(&g).iter().any(|m| m.starts_with('!')));
}
