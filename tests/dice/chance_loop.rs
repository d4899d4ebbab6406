//! `Game::chance`, the fast loop play uses, throws the same dice to the
//! same end as `Game::chance_step` one throw at a time, which exact
//! analysis walks, in every registered game: from the start, and from a state part-way through a
//! round or its opening throws. And a throw's branches merged by the
//! states they make, as alphabeta searches them, keep their chances.

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
use ludus::registry::{self, GameVisitor, Registered, visit_games};

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

/// Every registered game, by its default options: the registry's list,
/// so that a game added there is checked without an edit here.
struct DefaultEnds(usize);

impl GameVisitor for DefaultEnds {
    fn visit<G: Registered>(&mut self) {
        // Fewer seeds where decisions make the games long (the boards).
        same_ends::<G>(&[], if G::DECIDES { 10 } else { 100 });
        self.0 += 1;
    }
}

#[test]
fn chance_throws_as_its_steps_in_every_game() {
    let mut visited = DefaultEnds(0);
    visit_games(&mut visited);
    assert_eq!(visited.0, registry::games().len());
}

/// Options past the defaults: more seats, more rounds, other orders.
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

/// The branches of a throw merged by the states they make (what
/// alphabeta searches) carry each state's whole chance: the sum over the
/// listed outcomes that make it.
fn merged_branches_carry_their_states_chances<G: Game>(given: &[(&str, &str)], games: u64) {
    use ludus::core::chance_outcomes::{apply, branches, merge_equal_states, outcomes};
    use std::collections::HashMap;
    let start = G::new(&Options::of(G::option_specs(), given).unwrap()).unwrap();
    let key_of = |g: &G| {
        let mut k = StateKey::default();
        assert!(g.state_key(&mut k));
        k
    };
    let mut checked = 0;
    for seed in 0..games {
        let (mut g, mut moves) = (start.clone(), Vec::new());
        let mut dice = Dice::seeded(stream(seed, Stream::Dice));
        let mut rng = stream(seed, Stream::Seat(0));
        while g.turn() != Turn::Over {
            if g.turn() == Turn::Chance {
                let mut want: HashMap<StateKey, f64> = HashMap::new();
                for o in outcomes(&g, 100_000).unwrap() {
                    let mut after = g.clone();
                    apply(&mut after, &o.faces);
                    *want.entry(key_of(&after)).or_default() += o.probability;
                }
                let merged = merge_equal_states(branches(&g, 100_000).unwrap());
                assert_eq!(merged.len(), want.len(), "{} seed {seed}", G::NAME);
                for (p, after) in &merged {
                    assert!(
                        (p - want[&key_of(after)]).abs() < 1e-12,
                        "{} seed {seed}",
                        G::NAME
                    );
                }
                checked += 1;
                g.chance_step(&mut dice, &mut Silent);
            } else {
                g.legal_moves(&mut moves);
                let m = moves[below(&mut rng, moves.len() as u32) as usize];
                g.play(m, &mut Silent);
            }
        }
    }
    assert!(checked > 0, "{}: no throw met", G::NAME);
}

#[test]
fn merged_branches_carry_the_chances_of_their_states() {
    merged_branches_carry_their_states_chances::<Hazard>(&[], 20);
    merged_branches_carry_their_states_chances::<HalfHazard>(&[("rounds", "1")], 20);
    merged_branches_carry_their_states_chances::<Tanto>(&[], 10);
    merged_branches_carry_their_states_chances::<Panquist>(&[], 3);
}
