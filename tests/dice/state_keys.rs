//! A state's key names all that its future depends on: two states with
//! the same key (met in one game, as Hazard's cycles come round, or in two
//! games) play on alike under the same dice and choices, to the same
//! outcome, payoffs and count of further throws. A key that left out a
//! field the rules read (a chance held, a number assigned, a seat's
//! money) fails here.

use std::collections::HashMap;

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::options::Options;
use ludus::core::seed::{Rng, Stream, below, stream};
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

/// One step of play: a throw, or a uniformly drawn decision.
fn step<G: Game>(g: &mut G, dice: &mut Dice, rng: &mut Rng, moves: &mut Vec<G::Move>) {
    match g.turn() {
        Turn::Chance => g.chance_step(dice, &mut Silent),
        Turn::Decide(_) => {
            g.legal_moves(moves);
            let m = moves[below(rng, moves.len() as u32) as usize];
            g.play(m, &mut Silent);
        }
        Turn::Over => unreachable!("no step after the end"),
    }
}

/// Plays `g` to its end from a fixed stream: its outcome, payoffs and
/// further length.
fn finish<G: Game>(mut g: G) -> (String, Vec<i64>, u32) {
    let (mut dice, mut rng) = (
        Dice::seeded(stream(9_999, Stream::Dice)),
        stream(9_999, Stream::Seat(0)),
    );
    let (start, mut moves) = (g.length(), Vec::new());
    while g.turn() != Turn::Over {
        step(&mut g, &mut dice, &mut rng, &mut moves);
    }
    let payoffs = (0..g.players()).map(|s| g.payoff(s)).collect();
    (format!("{:?}", g.outcome()), payoffs, g.length() - start)
}

/// Walks `games` seeded games of `G` with `given` options, keeping the
/// first state met under each key, and plays on from every state whose
/// key was met before, beside the first, to the same end.
fn keys_name_the_future<G: Game>(given: &[(&str, &str)], games: u64) -> usize {
    let start = G::new(&Options::of(G::option_specs(), given).unwrap()).unwrap();
    let mut first: HashMap<StateKey, G> = HashMap::new();
    let (mut met, mut moves) = (0, Vec::new());
    for seed in 0..games {
        let mut g = start.clone();
        let mut dice = Dice::seeded(stream(seed, Stream::Dice));
        let mut rng = stream(seed, Stream::Seat(0));
        while g.turn() != Turn::Over {
            let mut key = StateKey::default();
            assert!(g.state_key(&mut key), "{} offers no key", G::NAME);
            match first.get(&key) {
                Some(earlier) if met < 400 => {
                    met += 1;
                    assert_eq!(
                        finish(earlier.clone()),
                        finish(g.clone()),
                        "{} seed {seed}: two states of key {:?} play on apart",
                        G::NAME,
                        key.0
                    );
                }
                Some(_) => {}
                None if first.len() < 20_000 => {
                    first.insert(key, g.clone());
                }
                None => {}
            }
            step(&mut g, &mut dice, &mut rng, &mut moves);
        }
    }
    met
}

/// Every registered game that keys its states, by its default options:
/// the registry's list, so that a game added there is checked without an
/// edit here.
struct DefaultKeys {
    visited: usize,
    keyed: usize,
}

impl GameVisitor for DefaultKeys {
    fn visit<G: Registered>(&mut self) {
        self.visited += 1;
        let start = G::new(&Options::of(G::option_specs(), &[]).unwrap()).unwrap();
        if start.state_key(&mut StateKey::default()) {
            self.keyed += 1;
            keys_name_the_future::<G>(&[], if G::DECIDES { 20 } else { 100 });
        }
    }
}

#[test]
fn equal_keys_play_on_alike_in_every_keyed_game() {
    let mut v = DefaultKeys {
        visited: 0,
        keyed: 0,
    };
    visit_games(&mut v);
    assert_eq!(v.visited, registry::games().len());
    // The dice games at least.
    assert!(v.keyed >= 13, "{} games keyed", v.keyed);
}

/// Options past the defaults, where keys are met twice.
#[test]
fn equal_keys_play_on_alike_in_every_dice_game() {
    let three = [("players", "3")];
    let met = [
        ("hazard", keys_name_the_future::<Hazard>(&three, 300)),
        (
            "hazard-stakes",
            keys_name_the_future::<HazardStakes>(&[("funds", "3")], 200),
        ),
        (
            "mayor",
            keys_name_the_future::<Mayor>(&[("dice", "1"), ("players", "3")], 300),
        ),
        (
            "menor",
            keys_name_the_future::<Menor>(&[("dice", "1"), ("rounds", "3")], 300),
        ),
        ("riffa", keys_name_the_future::<Riffa>(&three, 300)),
        (
            "tanto",
            keys_name_the_future::<Tanto>(&[("players", "3"), ("order", "highest")], 300),
        ),
        ("triga", keys_name_the_future::<Triga>(&three, 300)),
        ("pair-ace", keys_name_the_future::<PairAce>(&three, 300)),
        ("marlota", keys_name_the_future::<Marlota>(&three, 300)),
        ("panquist", keys_name_the_future::<Panquist>(&[], 100)),
        (
            "guirguiesca",
            keys_name_the_future::<Guirguiesca>(&[("rounds", "3")], 300),
        ),
        (
            "half-hazard",
            keys_name_the_future::<HalfHazard>(&[("rounds", "2")], 300),
        ),
        (
            "growing-hazard",
            keys_name_the_future::<GrowingHazard>(&[("rounds", "2")], 300),
        ),
    ];
    // Every game met some key twice, or the test checked nothing there.
    for (name, n) in met {
        assert!(n > 0, "{name}: no key met twice");
    }
}
