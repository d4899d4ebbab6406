//! `alphabeta`'s pruning at throws of the dice (Ballard's Star1) is
//! exact: on positions met in random games it chooses the move and finds
//! the value plain expectiminimax does, at depths 1 to 3, and visits no
//! more nodes.

use ludus::core::game::{Game, Turn};
use ludus::core::policy::Policy;
use ludus::core::seed::{Stream, stream};
use ludus::games::chess::GrandeAcedrex;
use ludus::games::dice::growing_hazard::GrowingHazard;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::policies::alphabeta::{AlphaBeta, AlphaBetaSettings, ChancePruning};
use ludus::runner::search_speed;

use crate::options;

/// Every `stride`-th position with a choice of random games of `given`
/// options, `count` of them (as `ludus bench --search` meets them).
pub fn positions<G: Game>(given: &[(&str, &str)], count: usize, stride: usize) -> Vec<G> {
    search_speed::positions(&options(G::NAME, given), count, 0, stride).unwrap()
}

/// What one search of a position gave: the move chosen, its value (a win
/// above 1) and the nodes that took; the position's value as the policy
/// reports it (within ±1) and the nodes that took.
#[derive(Debug, PartialEq)]
pub struct Searched {
    pub chosen: usize,
    pub chosen_value: f64,
    pub choose_nodes: u64,
    pub value: f64,
    pub value_nodes: u64,
}

/// `alphabeta:depth` on `game`, searching throws as `pruning` says.
pub fn search<G: Game>(game: &G, depth: u32, pruning: ChancePruning) -> Searched {
    let settings = AlphaBetaSettings {
        depth,
        nodes: u64::MAX,
    };
    let mut p = AlphaBeta::<G>::new(settings).with_chance_pruning(pruning);
    let Turn::Decide(seat) = game.turn() else {
        panic!("a decision")
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut rng = stream(11, Stream::Seat(seat));
    let chosen = p.choose(game, &moves, &mut rng).unwrap();
    let choose_nodes = p.nodes();
    let chosen_value = p.chosen_value().unwrap();
    let values = p.evaluate(game, seat, &mut rng).unwrap().unwrap();
    Searched {
        chosen,
        chosen_value,
        choose_nodes,
        value: values[seat],
        value_nodes: p.nodes(),
    }
}

/// The ways to search a throw that prune.
const PRUNING: [ChancePruning; 2] = [ChancePruning::Star1, ChancePruning::Star2];

/// Searches each position with and without each pruning at each depth:
/// the same moves and values, and never more nodes with Star1; returns the nodes
/// visited without pruning, then with each.
fn same_as_expectiminimax<G: Game>(games: &[G], depths: &[u32]) -> [u64; 3] {
    let mut nodes = [0; 3];
    for (i, g) in games.iter().enumerate() {
        for &depth in depths {
            let plain = search(g, depth, ChancePruning::Off);
            nodes[0] += plain.choose_nodes + plain.value_nodes;
            for (k, pruning) in PRUNING.into_iter().enumerate() {
                let star = search(g, depth, pruning);
                let at = format!("{} position {i}, depth {depth}, {pruning:?}", G::NAME);
                assert_eq!(star.chosen, plain.chosen, "{at}");
                assert_eq!(
                    star.chosen_value.to_bits(),
                    plain.chosen_value.to_bits(),
                    "{at}: {star:?} {plain:?}"
                );
                assert_eq!(
                    star.value.to_bits(),
                    plain.value.to_bits(),
                    "{at}: {star:?} {plain:?}"
                );
                if pruning == ChancePruning::Star1 {
                    // Star1 only narrows windows: it never searches more.
                    assert!(star.choose_nodes <= plain.choose_nodes, "{at}");
                    assert!(star.value_nodes <= plain.value_nodes, "{at}");
                }
                nodes[k + 1] += star.choose_nodes + star.value_nodes;
            }
        }
    }
    nodes
}

/// Grande Acedrex with the eight-sided die: a throw names the piece that
/// moves, and a face with no move passes the die on.
#[test]
fn pruning_matches_expectiminimax_in_grande_acedrex_with_the_d8() {
    let games = positions::<GrandeAcedrex>(&[("dice", "d8")], 12, 7);
    let [plain, star1, star2] = same_as_expectiminimax(&games, &[1, 2, 3]);
    eprintln!("grande-acedrex dice=d8 nodes: {plain} plain, {star1} star1, {star2} star2");
    assert!(star1 < plain, "no node pruned: {star1} of {plain}");
}

/// Half and Growing Hazard: a throw may end the game, so the values of
/// throws mix won and lost games with evaluations.
#[test]
fn pruning_matches_expectiminimax_in_the_hazards() {
    let half = positions::<HalfHazard>(&[], 150, 1);
    let [plain, star1, star2] = same_as_expectiminimax(&half, &[1, 2, 3]);
    eprintln!("half-hazard nodes: {plain} plain, {star1} star1, {star2} star2");
    assert!(star1 < plain, "no node pruned: {star1} of {plain}");
    let growing = positions::<GrowingHazard>(&[], 150, 1);
    let [plain, star1, star2] = same_as_expectiminimax(&growing, &[1, 2, 3]);
    eprintln!("growing-hazard nodes: {plain} plain, {star1} star1, {star2} star2");
}

/// Nodes and positions per second of `alphabeta:3` deciding from
/// positions of random games, without pruning and with each (the median
/// of five runs; every run must choose as plain expectiminimax does).
/// Timing is no assertion: run it by name, with `--ignored --nocapture`.
#[test]
#[ignore = "a measurement, printed; run by name"]
fn measure_pruning() {
    fn rates<G: Game>(name: &str, games: &[G], depth: u32) {
        let modes = [
            ChancePruning::Off,
            ChancePruning::Star1,
            ChancePruning::Star2,
        ];
        let mut plain_choice = Vec::new();
        let mut base = (0.0, 0.0);
        for mode in modes {
            let mut runs = Vec::new();
            let mut nodes = 0;
            for _ in 0..5 {
                let t = std::time::Instant::now();
                let (mut n, mut chosen) = (0, Vec::new());
                for g in games {
                    let settings = AlphaBetaSettings {
                        depth,
                        nodes: u64::MAX,
                    };
                    let mut p = AlphaBeta::<G>::new(settings).with_chance_pruning(mode);
                    let mut moves = Vec::new();
                    g.legal_moves(&mut moves);
                    let mut rng = stream(11, Stream::Seat(0));
                    chosen.push(p.choose(g, &moves, &mut rng).unwrap());
                    n += p.nodes();
                }
                runs.push(n as f64 / t.elapsed().as_secs_f64());
                nodes = n;
                if mode == ChancePruning::Off {
                    plain_choice = chosen;
                } else {
                    assert_eq!(chosen, plain_choice, "{name} {mode:?}");
                }
            }
            runs.sort_by(f64::total_cmp);
            let rate = runs[runs.len() / 2];
            let per = nodes as f64 / games.len() as f64;
            if mode == ChancePruning::Off {
                base = (per, rate);
            }
            // Time per decision, relative: nodes / rate.
            let time = (per / rate) / (base.0 / base.1);
            eprintln!(
                "{name:<24} {mode:<6?} nodes/decision {per:>12.0} ({:.3}) positions/s {rate:>10.0} ({:.3}) time/decision ({time:.3})",
                per / base.0,
                rate / base.1
            );
        }
    }
    let ga = positions::<GrandeAcedrex>(&[("dice", "d8")], 10, 5);
    rates("grande-acedrex dice=d8", &ga, 3);
    rates("half-hazard", &positions::<HalfHazard>(&[], 200, 5), 3);
    rates(
        "growing-hazard",
        &positions::<GrowingHazard>(&[], 200, 5),
        3,
    );
}
