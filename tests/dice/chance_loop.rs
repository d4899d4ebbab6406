//! `Game::chance`, the fast loop play uses, throws the same dice to the
//! same end as `Game::chance_step` one throw at a time, which exact
//! analysis walks: from the start, and from a state part-way through a
//! round or its opening throws.

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::options::Options;
use ludus::core::seed::{Stream, below, stream};
use ludus::core::state_key::StateKey;
use ludus::games::dice::{
    extreme::{Mayor, Menor},
    growing_hazard::GrowingHazard,
    guirguiesca::Guirguiesca,
    half_hazard::HalfHazard,
    hazard::Hazard,
    hazard_stakes::HazardStakes,
    marlota::Marlota,
    pair_ace::PairAce,
    panquist::Panquist,
    riffa::Riffa,
    tanto::Tanto,
    triga::Triga,
};

/// Plays seed `seed` of `start` to its end: the first `steps` throws one
/// at a time, then by `chance` (or every throw singly if `loop_from` is
/// `None`); decisions drawn from the seed's stream. The end as the
/// outcome, payoffs, length, first thrower and state key.
fn play<G: Game>(
    start: &G,
    seed: u64,
    loop_from: Option<u32>,
) -> (String, Vec<i64>, u32, Option<usize>, StateKey) {
    let mut g = start.clone();
    let mut dice = Dice::seeded(stream(seed, Stream::Dice));
    let mut rng = stream(seed, Stream::Seat(0));
    let (mut moves, mut singles) = (Vec::new(), 0);
    loop {
        match g.turn() {
            Turn::Over => break,
            Turn::Chance if loop_from.is_some_and(|k| singles >= k) => {
                g.chance(&mut dice, &mut Silent);
            }
            Turn::Chance => {
                singles += 1;
                g.chance_step(&mut dice, &mut Silent);
            }
            Turn::Decide(_) => {
                g.legal_moves(&mut moves);
                let m = moves[below(&mut rng, moves.len() as u32) as usize];
                g.play(m, &mut Silent);
            }
        }
    }
    let mut key = StateKey::default();
    g.state_key(&mut key);
    let payoffs = (0..g.players()).map(|s| g.payoff(s)).collect();
    (
        format!("{:?}", g.outcome()),
        payoffs,
        g.length(),
        g.first_mover(),
        key,
    )
}

/// Every seed of `games` ends alike whichever way chance is run.
fn same_ends<G: Game>(given: &[(&str, &str)], games: u64) {
    let start = G::new(&Options::of(G::option_specs(), given).unwrap()).unwrap();
    for seed in 0..games {
        let singly = play(&start, seed, None);
        for from in [0, 1, 2, 3, 5, 8] {
            assert_eq!(
                play(&start, seed, Some(from)),
                singly,
                "{} {given:?} seed {seed}: chance after {from} single throws",
                G::NAME
            );
        }
    }
}

#[test]
fn chance_throws_as_its_steps_in_every_dice_game() {
    let three = [("players", "3")];
    same_ends::<Hazard>(&[], 200);
    same_ends::<Hazard>(&[("players", "4"), ("order", "lowest")], 200);
    same_ends::<HazardStakes>(&[("funds", "3")], 100);
    same_ends::<Mayor>(&[("dice", "1"), ("players", "3")], 200);
    same_ends::<Menor>(&[("rounds", "3")], 200);
    same_ends::<Riffa>(&three, 200);
    same_ends::<Tanto>(&[("players", "3"), ("order", "highest")], 200);
    same_ends::<Triga>(&three, 200);
    same_ends::<PairAce>(&three, 200);
    same_ends::<Marlota>(&three, 200);
    same_ends::<Panquist>(&[], 50);
    same_ends::<Guirguiesca>(&[("rounds", "3")], 200);
    same_ends::<HalfHazard>(&[("rounds", "2")], 100);
    same_ends::<GrowingHazard>(&[("rounds", "2")], 100);
}
