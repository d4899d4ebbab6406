//! `alphabeta`'s pruning at throws of the dice (Ballard's Star1) is
//! exact: on positions met in random games it chooses the move and finds
//! the value plain expectiminimax does, at depths 1 to 3, and visits no
//! more nodes.

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::policy::Policy;
use ludus::core::seed::{Stream, below, stream};
use ludus::games::chess::GrandeAcedrex;
use ludus::games::dice::growing_hazard::GrowingHazard;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::policies::alphabeta::{AlphaBeta, AlphaBetaSettings, ChancePruning};

use crate::options;

/// Every `stride`-th position with a choice of random games of `given`
/// options, `count` of them.
pub fn positions<G: Game>(given: &[(&str, &str)], count: usize, stride: usize) -> Vec<G> {
    let opts = options(G::NAME, given);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for seed in 0.. {
        let mut g = G::new(&opts).unwrap();
        let mut dice = Dice::seeded(stream(seed, Stream::Dice));
        let mut rng = stream(seed, Stream::Seat(0));
        let mut seen = 0;
        loop {
            match g.turn() {
                Turn::Over => break,
                Turn::Chance => g.chance(&mut dice, &mut Silent),
                Turn::Decide(_) => {
                    g.legal_moves(&mut moves);
                    if moves.len() > 1 {
                        if seen % stride == 0 {
                            out.push(g.clone());
                            if out.len() == count {
                                return out;
                            }
                        }
                        seen += 1;
                    }
                    g.play(
                        moves[below(&mut rng, moves.len() as u32) as usize],
                        &mut Silent,
                    );
                }
            }
        }
    }
    unreachable!("the seeds run out")
}

/// What one search of a position gave: the move chosen, the nodes that
/// took, the value found and the nodes that took.
#[derive(Debug, PartialEq)]
pub struct Searched {
    pub chosen: usize,
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
    let values = p.evaluate(game, seat, &mut rng).unwrap().unwrap();
    Searched {
        chosen,
        choose_nodes,
        value: values[seat],
        value_nodes: p.nodes(),
    }
}

/// Searches each position with and without the pruning at each depth:
/// the same moves and values, never more nodes; returns the nodes
/// visited without and with it.
fn same_as_expectiminimax<G: Game>(games: &[G], depths: &[u32]) -> (u64, u64) {
    let (mut plain_nodes, mut star_nodes) = (0, 0);
    for (i, g) in games.iter().enumerate() {
        for &depth in depths {
            let plain = search(g, depth, ChancePruning::Off);
            let star = search(g, depth, ChancePruning::Star1);
            let at = format!("{} position {i}, depth {depth}", G::NAME);
            assert_eq!(star.chosen, plain.chosen, "{at}");
            assert_eq!(
                star.value.to_bits(),
                plain.value.to_bits(),
                "{at}: {star:?} {plain:?}"
            );
            assert!(
                star.choose_nodes <= plain.choose_nodes,
                "{at}: {star:?} {plain:?}"
            );
            assert!(
                star.value_nodes <= plain.value_nodes,
                "{at}: {star:?} {plain:?}"
            );
            plain_nodes += plain.choose_nodes + plain.value_nodes;
            star_nodes += star.choose_nodes + star.value_nodes;
        }
    }
    (plain_nodes, star_nodes)
}

/// Grande Acedrex with the eight-sided die: a throw names the piece that
/// moves, and a face with no move passes the die on.
#[test]
fn star1_matches_expectiminimax_in_grande_acedrex_with_the_d8() {
    let games = positions::<GrandeAcedrex>(&[("dice", "d8")], 12, 7);
    let (plain, star) = same_as_expectiminimax(&games, &[1, 2, 3]);
    assert!(star < plain, "no node pruned: {star} of {plain}");
    eprintln!("grande-acedrex dice=d8: {star} nodes of {plain}");
}

/// Half and Growing Hazard: a throw ends the game often, so values reach
/// the bounds of a win or a loss, sooner or later.
#[test]
fn star1_matches_expectiminimax_in_the_hazards() {
    let half = positions::<HalfHazard>(&[], 30, 3);
    let (plain, star) = same_as_expectiminimax(&half, &[1, 2, 3]);
    eprintln!("half-hazard: {star} nodes of {plain}");
    let growing = positions::<GrowingHazard>(&[], 30, 3);
    let (p2, s2) = same_as_expectiminimax(&growing, &[1, 2, 3]);
    eprintln!("growing-hazard: {s2} nodes of {p2}");
    assert!(star + s2 < plain + p2, "no node pruned");
}
