//! The example bots in scripts/: each plays, and does what it says.

use ludus::core::game::Game;
use ludus::core::native_policies::NativePolicies;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::games::rithmomachy::Rithmomachy;
use ludus::runner::on_bot_error::OnBotError;

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

const MORRIS_MINIMAX: &str = "lua:scripts/morris/minimax.lua";

#[test]
fn morris_minimax_beats_random_and_plays_legal_games() {
    use ludus::games::morris::NineMen;
    // In either seat: a move that is not legal would stop the cell.
    let t = cell::<NineMen>(
        &[("rules", "ludii")],
        &[MORRIS_MINIMAX, "random"],
        20,
        OnBotError::Stop,
    )
    .unwrap();
    assert!(t.wins[0] >= 18, "nine-men, minimax first {:?}", t.wins);
    let t = cell::<NineMen>(
        &[("rules", "ludii")],
        &["random", MORRIS_MINIMAX],
        20,
        OnBotError::Stop,
    )
    .unwrap();
    assert!(t.wins[1] >= 18, "nine-men, minimax second {:?}", t.wins);
}

const CHESS_GREEDY: &str = "lua:scripts/chess/greedy.lua";

/// The chess bot's worth of each kind.
fn worth(kind: &str) -> f64 {
    match kind {
        "pawn" => 1.0,
        "general" | "bishop" => 2.0,
        "giraffe" | "knight" => 3.0,
        "crocodile" | "lion" => 4.0,
        "rook" => 5.0,
        "unicorn" => 6.0,
        "aanca" => 8.0,
        "king" => 100.0,
        _ => panic!("no worth for {kind}"),
    }
}

/// What the chess bot counts a move as gaining: the piece it takes, less
/// the mover (a king aside) if its target square is attacked now.
fn gain<G: Game + NativePolicies + NativePolicies>(g: &G, m: G::Move) -> f64 {
    use ludus::core::view::{View, ViewArg};
    let text = m.to_string();
    let (from, rest) = text.split_at(text.find(['-', 'x']).unwrap());
    let to: String = rest[1..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let taken = match g.view("takes", ViewArg::Move(m)).unwrap() {
        View::Text(k) => worth(&k),
        View::Nil => 0.0,
        v => panic!("takes gave {v:?}"),
    };
    let View::Record(fields) = g.view("square", ViewArg::Text(from)).unwrap() else {
        panic!("no piece on {from}")
    };
    let kind = match &fields.iter().find(|(k, _)| *k == "kind").unwrap().1 {
        View::Text(k) => k.clone(),
        v => panic!("kind {v:?}"),
    };
    let attacked = g.view("attacked", ViewArg::Text(&to)).unwrap() == View::Bool(true);
    taken
        - if attacked && kind != "king" {
            worth(&kind)
        } else {
            0.0
        }
}

/// The chess bot's worth of a die: the best gain of the moves it allows, or
/// -0.5 if it loses the turn.
fn die_gain<G: Game + NativePolicies + NativePolicies>(g: &G, die: G::Move) -> f64 {
    use ludus::core::log::Silent;
    let Turn::Decide(me) = g.turn() else {
        unreachable!()
    };
    let mut copy = g.clone();
    copy.play(die, &mut Silent);
    let mut moves = Vec::new();
    if copy.turn() == Turn::Decide(me) {
        copy.legal_moves(&mut moves);
    }
    moves.iter().map(|&m| gain(&copy, m)).fold(-0.5, f64::max)
}

use ludus::core::game::Turn;

/// Decisions of seeded random games of `G` under `opts`, each after 10 to
/// 100 plies.
fn decisions<G: Game + NativePolicies + NativePolicies>(
    opts: &[(&str, &str)],
    count: u64,
) -> Vec<G> {
    use ludus::core::dice::Dice;
    use ludus::core::log::Silent;
    use ludus::core::seed::{Stream, below, stream};
    let options = crate::support::options::<G>(opts);
    (0..count)
        .filter_map(|seed| {
            let mut g = G::new(&options).unwrap();
            let mut dice = Dice::seeded(stream(seed, Stream::Dice));
            let mut rng = stream(seed, Stream::Seat(0));
            let plies = 10 + below(&mut rng, 90);
            let mut v = Vec::new();
            while g.length() < plies || !matches!(g.turn(), Turn::Decide(_)) {
                match g.turn() {
                    Turn::Over => return None,
                    Turn::Chance => g.chance(&mut dice, &mut Silent),
                    Turn::Decide(_) => {
                        g.legal_moves(&mut v);
                        let m = v[below(&mut rng, v.len() as u32) as usize];
                        g.play(m, &mut Silent);
                    }
                }
            }
            Some(g)
        })
        .collect()
}

/// In positions where some move takes, the chess bot plays a move of the
/// best gain, and a trade before a quiet move of the same gain.
fn chess_greedy_takes_the_best_gain<G: Game + NativePolicies + NativePolicies>(
    opts: &[(&str, &str)],
) {
    let mut seen = 0;
    for (i, g) in decisions::<G>(opts, 60).iter().enumerate() {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        if !moves.iter().any(|m| m.to_string().contains('x')) {
            continue;
        }
        seen += 1;
        let best = moves.iter().map(|&m| gain(g, m)).fold(f64::MIN, f64::max);
        let trade = moves
            .iter()
            .any(|&m| m.to_string().contains('x') && gain(g, m) == best);
        for seed in 0..2 {
            let m = decide::<G>(CHESS_GREEDY, g, seed).unwrap();
            assert_eq!(
                gain(g, m),
                best,
                "{} position {i} seed {seed}: {m}",
                G::NAME
            );
            assert!(!trade || m.to_string().contains('x'), "{m}");
        }
    }
    assert!(seen >= 10, "{} positions with a capture", seen);
}

#[test]
fn chess_greedy_takes_the_best_gain_in_both_games() {
    use ludus::games::chess::{FourSeasons, GrandeAcedrex};
    chess_greedy_takes_the_best_gain::<GrandeAcedrex>(&[]);
    chess_greedy_takes_the_best_gain::<GrandeAcedrex>(&[("dice", "d8")]);
    chess_greedy_takes_the_best_gain::<FourSeasons>(&[("centre", "off")]);
}

#[test]
fn chess_greedy_chooses_the_die_with_the_best_move() {
    use ludus::games::chess::FourSeasons;
    let mut differing = 0;
    for (i, g) in decisions::<FourSeasons>(&[("dice", "two")], 80)
        .iter()
        .enumerate()
    {
        let mut dice = Vec::new();
        g.legal_moves(&mut dice);
        if !dice[0].to_string().starts_with("die:") {
            continue;
        }
        let gains: Vec<f64> = dice.iter().map(|&d| die_gain(g, d)).collect();
        let best = gains.iter().copied().fold(f64::MIN, f64::max);
        differing += usize::from(gains.iter().any(|&x| x != best));
        let d = decide::<FourSeasons>(CHESS_GREEDY, g, 1).unwrap();
        assert_eq!(die_gain(g, d), best, "position {i}: {d} of {gains:?}");
    }
    assert!(
        differing >= 10,
        "{differing} choices between dice of unequal worth"
    );
}

#[test]
fn chess_greedy_plays_legal_moves_in_both_games_and_with_dice() {
    use ludus::games::chess::{FourSeasons, GrandeAcedrex};
    // A move that is not legal fails the game, and the cell with it.
    for dice in ["none", "d8"] {
        cell::<GrandeAcedrex>(
            &[("cap", "400"), ("dice", dice)],
            &[CHESS_GREEDY, "random"],
            10,
            OnBotError::Stop,
        )
        .unwrap_or_else(|f| panic!("grande-acedrex dice={dice}: {f:?}"));
    }
    for dice in ["none", "one", "two"] {
        cell::<FourSeasons>(
            &[("cap", "400"), ("dice", dice)],
            &["random", CHESS_GREEDY, CHESS_GREEDY, "random"],
            10,
            OnBotError::Stop,
        )
        .unwrap_or_else(|f| panic!("four-seasons dice={dice}: {f:?}"));
    }
}

#[test]
fn chess_greedy_games_follow_from_their_seeds() {
    use crate::support::transcript;
    use ludus::games::chess::{FourSeasons, GrandeAcedrex};
    let seats = [CHESS_GREEDY, "random"];
    let opts = [("cap", "400"), ("dice", "d8")];
    let a = transcript::<GrandeAcedrex>(&opts, &seats, 11).unwrap();
    assert_eq!(a, transcript::<GrandeAcedrex>(&opts, &seats, 11).unwrap());
    assert_ne!(a, transcript::<GrandeAcedrex>(&opts, &seats, 12).unwrap());
    let seats = [CHESS_GREEDY, "random", CHESS_GREEDY, "random"];
    let opts = [("cap", "400"), ("dice", "two")];
    let a = transcript::<FourSeasons>(&opts, &seats, 11).unwrap();
    assert_eq!(a, transcript::<FourSeasons>(&opts, &seats, 11).unwrap());
    assert_ne!(a, transcript::<FourSeasons>(&opts, &seats, 12).unwrap());
}

#[test]
fn chess_greedy_beats_random_at_grande_acedrex() {
    use ludus::games::chess::GrandeAcedrex;
    // Random against random ends about 7% of these games, half each way
    // (the rest reach the cap, a draw); the bot's material soon tells.
    let t = cell::<GrandeAcedrex>(
        &[("cap", "400")],
        &[CHESS_GREEDY, "random"],
        200,
        OnBotError::Stop,
    )
    .unwrap();
    assert!(
        t.wins[0] >= 80 && t.wins[0] > 10 * t.wins[1],
        "{:?}",
        t.wins
    );
}
