//! Random play: never panics, conserves the pieces, finds the same captures
//! by the fast path as by looking at every piece, and replays identically.

use ludus::core::game::Game;
use ludus::core::log::Silent;
use ludus::core::presentation::Presentation;
use ludus::core::seed::{Rng, Stream, below, stream};
use ludus::games::rithmomachy::Rithmomachy;
use ludus::games::rithmomachy::capture::sally;
use ludus::games::rithmomachy::lines::first_in_line;
use ludus::games::rithmomachy::moves::Move;
use ludus::games::rithmomachy::piece::Side;
use ludus::games::rithmomachy::position::Position;
use ludus::games::rithmomachy::position_file::PositionSpec;
use ludus::games::rithmomachy::rules::{CaptureRule, CapturedGo, Distance, EruptionAttacker, Made};
use ludus::games::rithmomachy::square::squares;
use ludus::games::rithmomachy::variant::Variant;

use std::sync::Arc;

use crate::support::options;

/// (pieces, value) per side: on the board (layers one by one) plus what the
/// other side has captured.
///
/// Where captured pieces change sides, a piece lives on the board or in a
/// reserve, of either side: then the totals of both sides are compared,
/// reserves counted in, as (pieces, value) for White and (0, 0) for Black.
fn census(pos: &Position) -> [(u32, u32); 2] {
    if pos.variant().rules.captured != CapturedGo::Out {
        let mut t = (0, 0);
        for (_, p) in pos.board().pieces() {
            t.0 += p.layers().len() as u32;
            t.1 += p.total() as u32;
        }
        for side in [Side::White, Side::Black] {
            for l in pos.reserve(side).pieces() {
                t.0 += 1;
                t.1 += l.value as u32;
            }
        }
        return [t, (0, 0)];
    }
    let mut c = [(0, 0); 2];
    for (_, p) in pos.board().pieces() {
        let s = &mut c[p.side.index()];
        s.0 += p.layers().len() as u32;
        s.1 += p.total() as u32;
    }
    for side in [Side::White, Side::Black] {
        let taken = pos.captured(side.other());
        let s = &mut c[side.index()];
        s.0 += taken.pieces;
        s.1 += taken.value;
    }
    c
}

fn random_game(rules: &str, seed: u64, max: u32) -> (Vec<Move>, Rithmomachy) {
    random_game_with(rules, &[], seed, max)
}

fn random_game_with(
    rules: &str,
    extra: &[(&str, &str)],
    seed: u64,
    max: u32,
) -> (Vec<Move>, Rithmomachy) {
    let o = options(rules, extra);
    random_game_from(Rithmomachy::new(&o).unwrap(), rules, seed, max)
}

/// [`random_game_with`] from the start of `fast`, a game of the rule set
/// named `rules`.
fn random_game_from(
    mut fast: Rithmomachy,
    rules: &str,
    seed: u64,
    max: u32,
) -> (Vec<Move>, Rithmomachy) {
    let mut slow = fast.clone();
    let mut slow_pos = slow.position().clone();
    slow_pos.set_full_scan(true);
    slow = Rithmomachy::from(slow_pos);
    let start = census(fast.position());
    let expected = if fast.position().variant().rules.captured != CapturedGo::Out {
        [(57, 3064), (0, 0)]
    } else {
        [(29, 1312), (28, 1752)]
    };
    assert_eq!(start, expected, "the setup's pieces and values");
    let mut rng: Rng = stream(seed, Stream::Seat(0));
    let mut moves = Vec::new();
    let mut buf = Vec::new();
    let mut played = Vec::new();
    while fast.position().ending().is_none() && fast.position().ply() < max {
        fast.legal_moves(&mut buf);
        assert!(!buf.is_empty(), "a game not over has moves");
        slow.legal_moves(&mut moves);
        assert_eq!(buf, moves);
        let mv = buf[below(&mut rng, buf.len() as u32) as usize];
        assert!(
            buf.iter().all(|&m| fast.position().is_legal(m)),
            "{rules} seed {seed}: a listed move is not legal"
        );
        fast.play(mv, &mut Silent);
        slow.play(mv, &mut Silent);
        played.push(mv);
        assert_eq!(
            fast.position().last_captures(),
            slow.position().last_captures(),
            "{rules} seed {seed} move {} {mv}: fast and full capture scans differ",
            played.len()
        );
        assert_eq!(fast.position().ending(), slow.position().ending());
        for side in [Side::White, Side::Black] {
            let named = fast.position().announced(side);
            let board = fast.position().board().occupied_by(side);
            assert_eq!(
                named & board,
                named,
                "{rules} seed {seed}: an announced man was taken"
            );
        }
        assert_eq!(
            census(fast.position()),
            start,
            "{rules} seed {seed}: pieces lost"
        );
        assert_hash_is_of_contents(fast.position(), rules, seed);
        assert_sallies_as_line_searches(fast.position(), rules, seed);
    }
    (played, fast)
}

/// Seed 002's sallies found by walking all of a side's pieces outwards
/// together are those found by looking down each piece's eight lines, in
/// the same order (piece, then direction), whatever the rule set: the
/// relation is seed 002's, the values shown each rule set's.
fn assert_sallies_as_line_searches(pos: &Position, rules: &str, seed: u64) {
    let (board, captures) = (pos.board(), &pos.variant().captures);
    for side in [Side::White, Side::Black] {
        let mut walked = Vec::new();
        sally::all(board, captures, side, &mut walked);
        let mut searched = Vec::new();
        for a in squares(board.occupied_by(side)) {
            for d in 0..8 {
                if let Some((v, k)) = first_in_line(a, d, board.occupied())
                    && board.occupied_by(side.other()) & v.bit() != 0
                    && sally::from(board, captures, a, v, k as u32 + 1)
                {
                    searched.push((a, v));
                }
            }
        }
        assert_eq!(
            walked,
            searched,
            "{rules} seed {seed} ply {}: sallies",
            pos.ply()
        );
        // Where the rule set has sallies, those kept move by move are the
        // ones walked, in the same order.
        if pos.variant().rules.captures.contains(&CaptureRule::Sally) {
            let kept: Vec<_> = pos
                .sallies()
                .of(side)
                .iter()
                .map(|&(a, _, v)| (a, v))
                .collect();
            assert_eq!(
                kept,
                walked,
                "{rules} seed {seed} ply {}: kept sallies",
                pos.ply()
            );
        }
    }
}

/// The position's hash, kept up to date move by move, equals the hash of
/// the same contents set up from scratch.
fn assert_hash_is_of_contents(pos: &Position, rules: &str, seed: u64) {
    let announced = pos.announced(Side::White) | pos.announced(Side::Black);
    let parts = PositionSpec {
        rules: None,
        to_move: pos.to_move(),
        board: pos.board().clone(),
        captured: [
            pos.captured(Side::White).clone(),
            pos.captured(Side::Black).clone(),
        ],
        reserve: [
            pos.reserve(Side::White).clone(),
            pos.reserve(Side::Black).clone(),
        ],
        ply: pos.ply(),
    };
    let rebuilt = Position::from_parts(Arc::new(pos.variant().clone()), parts);
    if announced == 0 && rebuilt.phase() == pos.phase() {
        assert_eq!(
            pos.key(),
            rebuilt.key(),
            "{rules} seed {seed} ply {}: the hash is not of the contents",
            pos.ply()
        );
    }
}

#[test]
fn the_hash_is_of_what_the_position_holds_not_how_it_was_reached() {
    // Two orders of the same four moves (boardspace, Black first) reach the
    // same position with the same hash; the side to move counts.
    let play_all = |moves: &[&str]| {
        let mut g = Rithmomachy::new(&options("boardspace", &[])).unwrap();
        for m in moves {
            crate::support::play(&mut g, m);
        }
        g
    };
    let a = play_all(&["h13-e14", "f6-e7", "a13-b11", "d6-c7"]);
    let b = play_all(&["a13-b11", "d6-c7", "h13-e14", "f6-e7"]);
    assert_eq!(a.to_json(), b.to_json());
    assert_eq!(a.position().key(), b.position().key());
    let c = play_all(&["h13-e14", "f6-e7", "a13-b11"]);
    assert_ne!(a.position().key(), c.position().key());
    let start = play_all(&[]);
    let back = play_all(&["h13-e14", "f6-e7", "e14-h13", "e7-f6"]);
    assert_eq!(start.position().key(), back.position().key());
}

/// The foresight a capture scan leaves for the other side's next move
/// (its captures along lines, `capture::foresight`) follows every kind of
/// ply. Seed 003's rules take only what a move sets up and have no capture
/// along lines, so none is kept; with every capture taken after a move and
/// boardspace.net's eruption added, its games keep one across placings of
/// turned men (a side playing twice in a row), flights and announced
/// triumphs.
#[test]
fn the_capture_foresight_follows_placings_flights_and_announcements() {
    let mut endings = std::collections::BTreeMap::new();
    let mut placings = 0;
    for (announce, games) in [("off", 30), ("on", 20)] {
        let o = options("fulke", &[("bodies", "off"), ("announce", announce)]);
        let mut rules = ludus::games::rithmomachy::options::resolve(&o).unwrap();
        rules.made = Made::AfterMove;
        rules.captures.push(CaptureRule::Eruption {
            distance: Distance::BothEnds,
            attacker: EruptionAttacker::Either,
        });
        let variant = Arc::new(Variant::new(rules).unwrap());
        for seed in 0..games {
            let start = Rithmomachy::from(Position::start(variant.clone()));
            let (moves, g) = random_game_from(start, "fulke after every move", seed, 600);
            placings += moves.iter().filter(|m| m.drop.is_some()).count();
            let reason = g.position().ending().map(|e| e.reason);
            *endings.entry((announce, reason)).or_insert(0) += 1;
        }
    }
    assert!(placings > 100, "{placings} placings; {endings:?}");
}

#[test]
fn random_games_conserve_pieces_and_the_fast_capture_scan_is_exact() {
    let mut endings = std::collections::BTreeMap::new();
    for rules in ["modern", "boardspace", "medieval", "dagonell", "fulke"] {
        for seed in 0..150 {
            let (_, g) = random_game(rules, seed, 3_000);
            if let Some(e) = g.position().ending() {
                *endings.entry((rules, e.reason)).or_insert(0) += 1;
            }
        }
    }
    // Seed 002's shorter board: no piece ever leaves its 14 ranks.
    for seed in 0..60 {
        let (_, g) = random_game_with("dagonell", &[("board", "8x14")], seed, 3_000);
        assert!(g.position().board().pieces().all(|(s, _)| s.rank() < 14));
        if let Some(e) = g.position().ending() {
            *endings.entry(("dagonell 8x14", e.reason)).or_insert(0) += 1;
        }
    }
    // Seed 003's announced triumphs: announced men are never taken (checked
    // after every move) and stay named to the end.
    let mut announcing = 0;
    for seed in 0..60 {
        let extra = [("bodies", "off"), ("announce", "on")];
        let (_, g) = random_game_with("fulke", &extra, seed, 3_000);
        if let Some(e) = g.position().ending() {
            *endings.entry(("fulke announced", e.reason)).or_insert(0) += 1;
        }
        let named = |s| g.position().announced(s).count_ones();
        if named(Side::White) + named(Side::Black) > 0 {
            announcing += 1;
        }
    }
    assert!(announcing >= 5, "{announcing} games announced; {endings:?}");
    // Random play reaches real endings, not only the move limit.
    assert!(endings.values().sum::<i32>() >= 400, "{endings:?}");
    // Captured pieces placed back from the reserve took part.
    assert!(endings.contains_key(&("medieval", "bodies")), "{endings:?}");
    assert!(endings.contains_key(&("dagonell", "bodies")), "{endings:?}");
    assert!(endings.contains_key(&("fulke", "bodies")), "{endings:?}");
}

#[test]
fn a_recorded_game_replays_to_the_same_end() {
    for rules in ["modern", "boardspace", "medieval", "dagonell", "fulke"] {
        let (moves, end) = random_game(rules, 7, 3_000);
        let mut g = Rithmomachy::new(&options(rules, &[])).unwrap();
        for m in &moves {
            crate::support::play(&mut g, &m.to_string());
        }
        assert_eq!(g.position().ending(), end.position().ending());
        assert_eq!(g.position().ply(), end.position().ply());
        assert_eq!(g.to_json(), end.to_json());
    }
}

#[test]
fn a_counted_draw_is_the_listed_move() {
    // Drawing index k of n by counting (the fallback of the fast draw) must
    // give legal_moves()[k], so that listing and counting play alike.
    for rules in ["modern", "boardspace", "medieval", "dagonell", "fulke"] {
        let (moves, _) = random_game(rules, 3, 200);
        let mut g = Rithmomachy::new(&options(rules, &[])).unwrap();
        let mut listed = Vec::new();
        for m in &moves {
            g.legal_moves(&mut listed);
            // What metrics.csv's branching counts, where the fast draw does not.
            assert_eq!(g.count_moves(&mut Vec::new()), listed.len());
            for k in 0..listed.len() {
                let drawn = g.position().pick_listed(&mut |n| {
                    assert_eq!(n, listed.len());
                    k
                });
                assert_eq!(drawn, Some(listed[k]));
            }
            g.play(*m, &mut Silent);
        }
    }
}

/// Draws `per_move` times the number of legal moves from `pos` through the
/// fast draw and checks that each draw is legal and that the moves come up
/// about equally often: chi-square below its 0.01% critical value.
fn draws_uniformly(pos: &Position, per_move: u32, seed: u64, what: &str) {
    use statrs::distribution::{ChiSquared, ContinuousCDF};
    use std::collections::HashMap;
    let mut listed = Vec::new();
    pos.legal_moves(&mut listed);
    let mut seen: HashMap<Move, u32> = listed.iter().map(|&m| (m, 0)).collect();
    // A move listed twice (two ways to one square) is drawn twice as often.
    let mut weight: HashMap<Move, u32> = HashMap::new();
    for &m in &listed {
        *weight.entry(m).or_default() += 1;
    }
    let mut rng: Rng = stream(seed, Stream::Seat(0));
    let draws = per_move * listed.len() as u32;
    for _ in 0..draws {
        let m = pos
            .pick_move(&mut |n| below(&mut rng, n as u32) as usize)
            .expect("a move");
        *seen
            .get_mut(&m)
            .unwrap_or_else(|| panic!("{what}: drew {m}, not a legal move")) += 1;
    }
    let chi: f64 = seen
        .iter()
        .map(|(m, &c)| {
            let e = f64::from(per_move * weight[m]);
            (f64::from(c) - e).powi(2) / e
        })
        .sum();
    let cells = seen.len();
    if cells > 1 {
        let critical = ChiSquared::new((cells - 1) as f64)
            .unwrap()
            .inverse_cdf(0.9999);
        assert!(
            chi < critical,
            "{what}: chi-square {chi:.1} over {cells} moves (critical {critical:.1})"
        );
    }
}

/// The fast draw (candidates drawn again when blocked) gives every legal
/// move the same chance, in every rule set, along random games: from the
/// crowded start to open middle games with pyramids and reserves.
#[test]
fn the_fast_draw_is_uniform_over_the_legal_moves() {
    for rules in ["modern", "boardspace", "medieval", "dagonell", "fulke"] {
        for seed in 0..2 {
            let (moves, _) = random_game(rules, seed, 120);
            let mut g = Rithmomachy::new(&options(rules, &[])).unwrap();
            for (i, m) in moves.iter().enumerate() {
                if i % 30 == 0 {
                    let what = format!("{rules} seed {seed} ply {i}");
                    draws_uniformly(g.position(), 60, seed * 1000 + i as u64, &what);
                }
                g.play(*m, &mut Silent);
            }
        }
    }
}

/// A pyramid whose shapes share a way of moving (here rounds and triangles
/// both step one square diagonally) reaches such a square by one move, not
/// two: the fast draw counts it once.
#[test]
fn a_square_two_shapes_of_a_pyramid_reach_is_one_move() {
    use ludus::games::rithmomachy::options::resolve;
    use ludus::games::rithmomachy::variant::Variant;
    let mut rules = resolve(&options("boardspace", &[])).unwrap();
    rules.movement.triangle.push("diagonal 1".into());
    let variant = Arc::new(Variant::new(rules).unwrap());
    let mut pos = Position::start(variant);
    let mut rng: Rng = stream(5, Stream::Seat(1));
    let mut listed = Vec::new();
    let mut pyramid_moved = 0;
    for ply in 0..150 {
        if pos.ending().is_some() {
            break;
        }
        pos.legal_moves(&mut listed);
        let pyramids = pos.board().pyramids(pos.to_move());
        let open = listed.iter().any(|m| pyramids & m.from.bit() != 0);
        if open && ply % 5 == 0 {
            draws_uniformly(&pos, 200, ply, &format!("pyramid, ply {ply}"));
            pyramid_moved += 1;
        }
        let mv = listed[below(&mut rng, listed.len() as u32) as usize];
        pos.play(mv);
    }
    assert!(
        pyramid_moved >= 3,
        "{pyramid_moved} positions with a pyramid to move"
    );
}

/// What each legal move would capture, found without playing it
/// ([`Position::captures_of_each`], behind a script's `views_for`), is what
/// playing it captures: in every rule set, along random games.
#[test]
fn captures_found_without_playing_are_those_playing_makes() {
    let sets: [(&str, &[(&str, &str)]); 7] = [
        ("modern", &[]),
        ("boardspace", &[]),
        ("medieval", &[]),
        ("dagonell", &[]),
        ("dagonell", &[("board", "8x14")]),
        ("fulke", &[]),
        ("fulke", &[("bodies", "off"), ("announce", "on")]),
    ];
    let mut captures = 0;
    for (rules, extra) in sets {
        for seed in 0..6 {
            let mut g = Rithmomachy::new(&options(rules, extra)).unwrap();
            let mut rng: Rng = stream(seed, Stream::Seat(1));
            let mut moves = Vec::new();
            while g.position().ending().is_none() && g.position().ply() < 150 {
                g.legal_moves(&mut moves);
                let mut found = Vec::new();
                g.position()
                    .captures_of_each(&moves, |i, c| {
                        found.push((i, c.to_vec()));
                        Ok::<(), ()>(())
                    })
                    .unwrap();
                assert_eq!(found.len(), moves.len());
                for (i, c) in found {
                    let mut next = g.clone();
                    next.play(moves[i], &mut Silent);
                    assert_eq!(
                        c,
                        next.position().last_captures(),
                        "{rules} {extra:?} seed {seed} ply {} move {}",
                        g.position().ply(),
                        moves[i]
                    );
                    captures += usize::from(!c.is_empty());
                }
                let mv = moves[below(&mut rng, moves.len() as u32) as usize];
                g.play(mv, &mut Silent);
            }
        }
    }
    assert!(captures > 1000, "{captures} moves that capture");
}

/// The squares closed in on all four sides (orthogonal or diagonal), and
/// those flanked along a line, found all at once, are those whose rings of
/// neighbours say so, square by square.
#[test]
fn squares_ringed_or_flanked_all_at_once_are_those_found_one_by_one() {
    use ludus::games::rithmomachy::lines::{flanked_by, ring, ringed_by};
    use ludus::games::rithmomachy::square::{DIRECTIONS, Square};
    let mut rng: Rng = stream(5, Stream::Seat(0));
    let bits = |rng: &mut Rng| (0..4).fold(0u128, |m, _| m << 32 | below(rng, u32::MAX) as u128);
    let one_by_one = |keep: &dyn Fn(Square) -> bool| {
        (0..128u8)
            .map(Square)
            .filter(|&s| keep(s))
            .fold(0u128, |m, s| m | s.bit())
    };
    for round in 0..400 {
        // Dense sets (three squares in four), so that many squares are
        // closed in; sparse ones (one in four) for flanks.
        let set = if round % 2 == 0 {
            bits(&mut rng) | bits(&mut rng)
        } else {
            bits(&mut rng) & bits(&mut rng)
        };
        for diagonal in [false, true] {
            let closed = one_by_one(&|s| ring(s, diagonal) & !set == 0);
            assert_eq!(ringed_by(set, diagonal), closed, "diagonal {diagonal}");
        }
        let flanked = one_by_one(&|s| {
            DIRECTIONS.iter().any(|&(df, dr)| {
                let at = |k: i8| s.offset(df * k, dr * k).is_some_and(|t| set & t.bit() != 0);
                at(1) && at(-1)
            })
        });
        assert_eq!(flanked_by(set), flanked);
    }
}

/// The random draw's one-load test of a way (`Reach::guard`) and its target
/// (`Vector::span` on) say what the whole-board vector says of that one
/// piece, in every rule set, for every shape, square and way, on random
/// boards half full.
#[test]
fn a_ways_guard_says_what_its_vector_does() {
    use ludus::games::rithmomachy::options::resolve;
    use ludus::games::rithmomachy::square::Square;
    let mut rng: Rng = stream(6, Stream::Seat(0));
    let bits = |rng: &mut Rng| (0..4).fold(0u128, |m, _| m << 32 | below(rng, u32::MAX) as u128);
    for rules in ["medieval", "modern", "boardspace", "dagonell", "fulke"] {
        let variant = Variant::new(resolve(&options(rules, &[])).unwrap()).unwrap();
        let reach = &variant.reach;
        let on_board = !0u128 >> (128 - 8 * variant.rules.ranks as u32);
        let mut open = 0;
        for _ in 0..20 {
            let others = bits(&mut rng) & on_board;
            for from in squares(on_board).collect::<Vec<Square>>() {
                let occ = others | from.bit();
                for shape in 0..3 {
                    for (way, v) in reach.vectors(shape).iter().enumerate() {
                        let want = v.targets(from.bit(), !occ);
                        let got = if reach.guard(shape, from, way) & occ == 0 {
                            1u128 << (from.0 as i16 + v.span())
                        } else {
                            0
                        };
                        assert_eq!(got, want, "{rules}: shape {shape} way {way} from {from}");
                        open += (got != 0) as u32;
                    }
                }
            }
        }
        assert!(open > 1000, "{rules}: too few open ways ({open}) to tell");
    }
}
