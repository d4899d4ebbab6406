//! The fast random draw: every move it draws is legal, it is the listed
//! move whenever no candidate had to be dropped, and it is uniform over
//! the legal moves where some candidates are illegal. Along the same
//! random games, pieces are conserved: a move takes one piece or none.

use ludus::core::presentation::Presentation;
use std::collections::BTreeMap;

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::seed::{Stream, below, stream};
use ludus::games::chess::{FourSeasons, GrandeAcedrex};
use serde_json::json;

use crate::made::file;
use crate::support::options;

fn pieces(g: &GrandeAcedrex) -> usize {
    g.to_json()["board"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| {
            r.as_str()
                .unwrap()
                .split(' ')
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|t| t != ".")
        .count()
}

#[test]
fn drawn_moves_are_legal_and_pieces_are_conserved() {
    for opts in [
        vec![],
        vec![("dice", "d8")],
        vec![("stalemate", "ludii"), ("unicorn", "murray")],
        vec![("aanca", "any_orthogonal"), ("king_leap", "cazaux")],
    ] {
        let o = options("grande-acedrex", &opts);
        for seed in 0..6u64 {
            let mut g = GrandeAcedrex::new(&o).unwrap();
            let mut dice = Dice::seeded(stream(seed, Stream::Dice));
            let mut rng = stream(seed, Stream::Seat(0));
            let mut listed = Vec::new();
            loop {
                match g.turn() {
                    Turn::Over => break,
                    Turn::Chance => g.chance(&mut dice, &mut Silent),
                    Turn::Decide(_) => {
                        g.legal_moves(&mut listed);
                        assert!(
                            !listed.is_empty(),
                            "{opts:?} seed {seed}: a decision without moves"
                        );
                        for k in 0..listed.len().min(40) {
                            let mut first_n = None;
                            let drawn = g
                                .pick_move(&mut |n| {
                                    first_n.get_or_insert(n);
                                    k.min(n - 1)
                                })
                                .unwrap();
                            assert!(
                                listed.contains(&drawn),
                                "{opts:?} seed {seed}: drew {drawn}"
                            );
                            if first_n == Some(listed.len()) {
                                assert_eq!(drawn, listed[k], "{opts:?} seed {seed}");
                            }
                        }
                        let mv = listed[below(&mut rng, listed.len() as u32) as usize];
                        let before = pieces(&g);
                        g.play(mv, &mut Silent);
                        let after = pieces(&g);
                        assert_eq!(
                            before - after,
                            usize::from(mv.is_capture()),
                            "{opts:?} seed {seed} {mv}"
                        );
                    }
                }
            }
        }
    }
}

/// With White in check, most candidates are illegal: the draw still gives
/// each legal move about the same share (chi-square, far from its 0.1%
/// critical value).
#[test]
fn the_draw_is_uniform_where_candidates_are_dropped() {
    // The white king on g1 is checked by a rook on g12; White's rook on a2
    // can interpose on g2, the king can step aside.
    let text = file(
        (12, 12),
        &[
            ("g1", "K"),
            ("a2", "R"),
            ("c3", "C"),
            ("g12", "r"),
            ("k12", "k"),
        ],
        "white",
        json!({"king_leap": []}),
    );
    let g = GrandeAcedrex::from_position(&options("grande-acedrex", &[]), &text).unwrap();
    let mut listed = Vec::new();
    g.legal_moves(&mut listed);
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    let mut rng = stream(11, Stream::Seat(0));
    let draws = 20_000u32;
    for _ in 0..draws {
        let m = g
            .pick_move(&mut |n| below(&mut rng, n as u32) as usize)
            .unwrap();
        *counts.entry(m.to_string()).or_default() += 1;
    }
    // The king steps off the file, the rook and the crocodile interpose.
    let mut names: Vec<String> = listed.iter().map(|m| m.to_string()).collect();
    names.sort();
    assert_eq!(
        names,
        ["a2-g2", "c3-g7", "g1-f1", "g1-f2", "g1-h1", "g1-h2"]
    );
    assert_eq!(counts.keys().cloned().collect::<Vec<_>>(), names);
    let e = f64::from(draws) / listed.len() as f64;
    let chi: f64 = counts
        .values()
        .map(|&c| (f64::from(c) - e).powi(2) / e)
        .sum();
    // Six moves: 5 degrees of freedom, 0.1% critical value 20.5.
    assert!(chi < 20.5, "chi-square {chi} over {counts:?}");
}

/// Every seat's pieces by kind letter, from a position's JSON board.
fn armies(g: &FourSeasons) -> [Vec<char>; 4] {
    let mut out: [Vec<char>; 4] = Default::default();
    for row in g.to_json()["board"].as_array().unwrap() {
        for t in row.as_str().unwrap().split(' ') {
            let mut c = t.chars();
            if let (Some(d), Some(k)) = (c.next(), c.next())
                && let Some(s) = d.to_digit(10)
            {
                out[s as usize - 1].push(k);
            }
        }
    }
    for a in out.iter_mut() {
        a.sort();
    }
    out
}

/// Four Seasons along random games under every dice option: each drawn move
/// is legal and is the listed one when no candidate was dropped; a move
/// takes one piece or none; a seat that goes out leaves with its king, its
/// other pieces joining the mater or leaving as `on_mate` and the rule say.
#[test]
fn four_seasons_draws_are_legal_and_armies_go_where_the_rules_say() {
    for opts in [
        vec![("cap", "600")],
        vec![("dice", "one"), ("cap", "600")],
        vec![("dice", "two"), ("centre", "off"), ("cap", "600")],
        vec![
            ("on_mate", "remove"),
            ("targets", "next_only"),
            ("cap", "600"),
        ],
    ] {
        let o = options("four-seasons", &opts);
        let mut outs = 0;
        for seed in 0..12u64 {
            let mut g = FourSeasons::new(&o).unwrap();
            let mut dice = Dice::seeded(stream(seed, Stream::Dice));
            let mut rng = stream(seed, Stream::Seat(0));
            let mut listed = Vec::new();
            while let t @ (Turn::Chance | Turn::Decide(_)) = g.turn() {
                let before = armies(&g);
                let alive = g.to_json()["alive"].clone();
                let mut taken = 0;
                if t == Turn::Chance {
                    g.chance(&mut dice, &mut Silent);
                } else {
                    g.legal_moves(&mut listed);
                    for k in 0..listed.len().min(20) {
                        let mut first_n = None;
                        let drawn = g
                            .pick_move(&mut |n| {
                                first_n.get_or_insert(n);
                                k.min(n - 1)
                            })
                            .unwrap();
                        assert!(
                            listed.contains(&drawn),
                            "{opts:?} seed {seed}: drew {drawn}"
                        );
                        if first_n == Some(listed.len()) {
                            assert_eq!(drawn, listed[k], "{opts:?} seed {seed}");
                        }
                    }
                    let mv = listed[below(&mut rng, listed.len() as u32) as usize];
                    taken = usize::from(mv.is_capture());
                    g.play(mv, &mut Silent);
                }
                let after = armies(&g);
                let count = |a: &[Vec<char>; 4]| a.iter().map(Vec::len).sum::<usize>();
                if g.to_json()["alive"] == alive {
                    assert_eq!(
                        count(&before) - count(&after),
                        taken,
                        "{opts:?} seed {seed}"
                    );
                    continue;
                }
                // A seat went out: its king (and, removed, its army) left.
                outs += 1;
                let gone: usize = (0..4)
                    .filter(|&s| !before[s].is_empty() && after[s].is_empty())
                    .map(|s| before[s].len())
                    .sum();
                assert!(
                    gone > 0,
                    "{opts:?} seed {seed}: a seat went out with nothing leaving"
                );
                let lost = count(&before) - count(&after);
                assert!(lost >= 1 && lost <= gone + taken, "{opts:?} seed {seed}");
            }
        }
        assert!(outs > 0, "{opts:?}: no seat went out in 12 games");
    }
}
