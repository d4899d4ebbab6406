//! The example bots in scripts/: each plays, and does what it says.

use ludus::core::game::Game;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::games::rithmomachy::Rithmomachy;
use ludus::runner::cell_run::OnBotError;

use crate::support::{cell, decide, midgame, play};

const GREEDY: &str = "lua:scripts/rithmomachy/greedy.lua";
const LOOKAHEAD: &str = "lua:scripts/rithmomachy/lookahead.lua";

/// A position after random moves where some move captures.
fn position() -> Rithmomachy {
    (0..100)
        .map(|seed| midgame(30, seed))
        .find(|g| {
            let mut v = Vec::new();
            g.turn() != ludus::core::game::Turn::Over && {
                g.legal_moves(&mut v);
                v.iter().any(|&m| {
                    g.view("capture_value", ludus::core::view::ViewArg::Move(m))
                        != Ok(ludus::core::view::View::Int(0))
                })
            }
        })
        .expect("a position with a capture")
}

#[test]
fn greedy_takes_the_move_that_captures_most() {
    use ludus::core::view::{View, ViewArg};
    let g = position();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let value = |m| match g.view("capture_value", ViewArg::Move(m)).unwrap() {
        View::Int(v) => v,
        _ => unreachable!(),
    };
    let best = moves.iter().map(|&m| value(m)).max().unwrap();
    assert!(best > 0, "the position offers a capture");
    for seed in 0..5 {
        let m = decide::<Rithmomachy>(GREEDY, &g, seed).unwrap();
        assert_eq!(value(m), best, "seed {seed}: {m}");
    }
}

#[test]
fn greedy_beats_random() {
    let t = cell::<Rithmomachy>(&[], &[GREEDY, "random"], 16, OnBotError::Stop).unwrap();
    assert!(t.wins[0] > 2 * t.wins[1] && t.wins[0] >= 10, "{:?}", t.wins);
}

/// The lookahead bot's score of a move: what it captures minus the most a
/// reply captures (a move that wins outright is best of all).
fn two_ply(g: &Rithmomachy, m: ludus::games::rithmomachy::moves::Move) -> i64 {
    use ludus::core::log::Silent;
    use ludus::core::view::{View, ViewArg};
    let value = |g: &Rithmomachy, m| match g.view("capture_value", ViewArg::Move(m)).unwrap() {
        View::Int(v) => v,
        _ => unreachable!(),
    };
    let mut next = g.clone();
    next.play(m, &mut Silent);
    if next.turn() == ludus::core::game::Turn::Over {
        return i64::MAX;
    }
    let mut replies = Vec::new();
    next.legal_moves(&mut replies);
    value(g, m)
        - replies
            .iter()
            .map(|&r| value(&next, r))
            .max()
            .unwrap_or(0)
            .max(0)
}

#[test]
fn lookahead_takes_the_best_two_ply_balance() {
    let g = position();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let best = moves.iter().map(|&m| two_ply(&g, m)).max().unwrap();
    for seed in 0..3 {
        let look = decide::<Rithmomachy>(LOOKAHEAD, &g, seed).unwrap();
        assert_eq!(two_ply(&g, look), best, "seed {seed}: {look}");
    }
}

#[test]
fn lookahead_plays_whole_games() {
    for seed in 0..2 {
        let (o, len) = play::<Rithmomachy>(&[], &[LOOKAHEAD, "random"], seed).unwrap();
        assert!(len > 0 && !o.winners.is_empty());
    }
}

#[test]
fn random_bot_plays_every_game_with_decisions() {
    for (o, _) in [
        play::<HalfHazard>(&[], &["lua:scripts/random.lua", "random"], 1).unwrap(),
        play::<Rithmomachy>(&[], &["lua:scripts/random.lua", "random"], 1).unwrap(),
    ] {
        assert!(!o.winners.is_empty());
    }
}

#[test]
fn banking_bot_stops_after_k_hazards() {
    // k=0 stops at the first chance: the thrower never throws a second time
    // after a decision, so each turn holds at most one decision.
    let t0 = cell::<HalfHazard>(
        &[],
        &[
            "lua:scripts/dice/banking.lua{k=0}",
            "lua:scripts/dice/banking.lua{k=0}",
        ],
        500,
        OnBotError::Stop,
    )
    .unwrap();
    let t5 = cell::<HalfHazard>(
        &[],
        &[
            "lua:scripts/dice/banking.lua{k=5}",
            "lua:scripts/dice/banking.lua{k=5}",
        ],
        500,
        OnBotError::Stop,
    )
    .unwrap();
    let mean = |t: &ludus::runner::tally::Tally| {
        t.lengths
            .iter()
            .enumerate()
            .map(|(l, n)| l as u64 * n)
            .sum::<u64>() as f64
            / t.games as f64
    };
    assert!(mean(&t5) > mean(&t0), "throwing on makes longer games");
}

const MORRIS_GREEDY: &str = "lua:scripts/morris/greedy.lua";

#[test]
fn morris_greedy_beats_random_through_the_takes_view() {
    use ludus::games::morris::{Alquerque, NineMen};
    let t = cell::<Alquerque>(
        &[("first", "seat1")],
        &[MORRIS_GREEDY, "random"],
        40,
        OnBotError::Stop,
    )
    .unwrap();
    assert!(
        t.wins[0] > 2 * t.wins[1] && t.wins[0] >= 25,
        "alquerque {:?}",
        t.wins
    );
    let t = cell::<NineMen>(
        &[("first", "seat1"), ("rules", "ludii")],
        &["random", MORRIS_GREEDY],
        40,
        OnBotError::Stop,
    )
    .unwrap();
    assert!(t.wins[1] > 2 * t.wins[0], "nine-men {:?}", t.wins);
}
