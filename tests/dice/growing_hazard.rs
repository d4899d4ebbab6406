//! Growing Hazard (004 k).

use ludus::core::game::{Game, Turn};
use ludus::core::options::Options;
use ludus::games::dice::banking::Banked;
use ludus::games::dice::growing_hazard::{GrowingHazard, Move};
use ludus::policies::policy_spec::PolicySpec;

use crate::banking_support::{COUNTS_7_14, drive_script, money_is_conserved};
use crate::support::{assert_rate, game, scripted};

const SEVEN: [u8; 3] = [1, 2, 4];
const EIGHT: [u8; 3] = [2, 2, 4];
const TEN: [u8; 3] = [3, 3, 4];
const LOW: [u8; 3] = [1, 1, 1];
const HIGH: [u8; 3] = [6, 6, 6];

fn faces(throws: &[[u8; 3]]) -> Vec<u8> {
    throws.concat()
}

fn one_round(extra: &[(&str, &str)]) -> GrowingHazard {
    let mut opts = vec![("order", "fixed"), ("rounds", "1")];
    opts.extend_from_slice(extra);
    game(&opts)
}

// 004 k: "pula na początku jest jednostką podstawową (np. 2)" covered "po
// połowie"; "jeśli liczbę przyporządkowaną przeciwnikowi wygrywa całą pulę
// zakładów". The assignment is Half Hazard's: hazards and repeats thrown again.
#[test]
fn the_pot_starts_at_one_unit_and_the_opponents_number_takes_it() {
    let g = one_round(&[]);
    let (g, log) = drive_script(g, &faces(&[HIGH, SEVEN, SEVEN, EIGHT, SEVEN]), &[]);
    assert_eq!((g.numbers().opponent, g.numbers().own), (7, 8), "{log:#?}");
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "rounds"));
    assert_eq!((g.payoff(0), g.payoff(1)), (1, -1));
    assert_eq!(g.length(), 5);
}

// 004 k: "za każdy wyrzucony Hazard do puli dodawana jest następna jednostka"
// — each covered by halves; the thrower then chooses (the first throw was forced).
#[test]
fn each_hazard_adds_a_unit_by_halves() {
    let g = one_round(&[]);
    let (g, _) = scripted(g, &faces(&[SEVEN, EIGHT, LOW]));
    assert_eq!(g.turn(), Turn::Decide(0));
    assert_eq!(g.pot(), 4);
    assert_eq!(g.funds(), [98, 98]);
    let (g, _) = drive_script(g, &faces(&[HIGH, SEVEN]), &[Move::Throw, Move::Throw]);
    // Pot 2 + 2 + 2 = 6, all to seat 1: 97 + 6 = 103.
    assert_eq!((g.payoff(0), g.payoff(1)), (3, -3));
    assert_eq!(g.length(), 5);
}

// 004 k: "pokrywają ją na zmianę poczynając od gracza, który nie rzuca".
#[test]
fn alternate_cover_starts_with_the_non_thrower() {
    let g = one_round(&[("cover", "alternate")]);
    let (g, _) = scripted(g, &faces(&[SEVEN, EIGHT, LOW]));
    // Starting unit from seat 2, the hazard's unit from seat 1.
    assert_eq!(g.funds(), [98, 98]);
    let mut g = g;
    g.play(Move::Throw, &mut ludus::core::log::Transcript::default());
    let (g, _) = scripted(g, &LOW);
    assert_eq!(g.funds(), [98, 96]);
    assert_eq!(g.pot(), 6);
}

// 004 k: "Jeśli gracz wyrzuci liczbę przyporządkowaną sobie nic się nie dzieje".
#[test]
fn own_number_does_nothing() {
    let g = one_round(&[]);
    let (g, _) = scripted(g, &faces(&[SEVEN, EIGHT, EIGHT]));
    assert_eq!(g.turn(), Turn::Decide(0));
    assert_eq!(g.pot(), 2);
    assert_eq!(g.turn_hazards(), 0);
}

// 004 k: "jeśli liczbę z pozostałych kombinacji nie przyporządkowaną nikomu
// przegrywa i role graczy zamieniają się. W przypadku przegranej pula zostaje
// do następnej tury w której rzuca drugi gracz."
#[test]
fn a_free_total_loses_and_the_pot_stays_for_the_other_thrower() {
    let g: GrowingHazard = game(&[("order", "fixed"), ("rounds", "2")]);
    let (g, log) = drive_script(
        g,
        // Seat 1: hazard (pot 4), throws, 10: loses. Seat 2: unit (pot 6),
        // assigns 9 and 10, throws 9: takes 6.
        &faces(&[SEVEN, EIGHT, LOW, TEN, [3, 3, 3], TEN, [4, 4, 1]]),
        &[Move::Throw],
    );
    assert!(
        log.lines.iter().any(|l| l.contains("the pot is 6")),
        "{log:#?}"
    );
    // Seat 1 paid 3, seat 2 paid 3 and took 6.
    assert_eq!((g.payoff(0), g.payoff(1)), (-3, 3));
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(1), "rounds"));
    assert_eq!(g.length(), 7);
}

// Stop: nothing to take; the pot stays and the dice pass. "W przypadku końca
// gry pula jest dzielona między graczy."
#[test]
fn stop_passes_the_dice_and_the_pot_is_split_at_the_end() {
    let g = one_round(&[]);
    let (g, _) = drive_script(g, &faces(&[SEVEN, EIGHT, LOW]), &[Move::Stop]);
    assert_eq!((g.payoff(0), g.payoff(1)), (0, 0));
    let o = g.outcome().unwrap();
    assert_eq!((o.winners.len(), o.reason), (2, "even"));
    assert_eq!(g.length(), 3);
    // With two turns the pot carries over and seat 2 throws next.
    let g: GrowingHazard = game(&[("order", "fixed"), ("rounds", "2")]);
    let (g, _) = drive_script(g, &faces(&[SEVEN, EIGHT, LOW]), &[Move::Stop]);
    assert_eq!(g.turn(), Turn::Chance);
    let (g, _) = scripted(g, &faces(&[SEVEN, EIGHT, HIGH]));
    assert_eq!(g.thrower(), 1);
    assert_eq!(g.pot(), 8);
}

// An odd unit at the split (alternate cover, odd unit) goes to the next thrower.
#[test]
fn an_odd_unit_goes_to_the_next_thrower() {
    let g = one_round(&[("cover", "alternate"), ("unit", "3")]);
    let (g, _) = drive_script(g, &faces(&[SEVEN, EIGHT, LOW]), &[Move::Stop]);
    // Pot 6 (3 each), split 3/3: even. Now with a free total: pot 3 from seat 2.
    assert_eq!((g.payoff(0), g.payoff(1)), (0, 0));
    let g = one_round(&[("cover", "alternate"), ("unit", "3")]);
    let (g, _) = drive_script(g, &faces(&[SEVEN, EIGHT, TEN]), &[]);
    // 3 in the pot: 1 each, the odd one to seat 2: seat 1 101, seat 2 99.
    assert_eq!((g.payoff(0), g.payoff(1)), (1, -1));
}

// A player who cannot cover his share of the starting unit is ruined; a
// hazard's unit that cannot be covered is not added.
#[test]
fn ruin_and_uncovered_hazard_units() {
    let g: GrowingHazard = game(&[("order", "fixed"), ("funds", "1")]);
    // Turn 1: pot 2 (both at 0). A hazard's unit cannot be covered; then
    // seat 1 throws 7, seat 2's number, and takes 2. Turn 2: seat 2 has 0: ruin.
    let (g, log) = drive_script(g, &faces(&[SEVEN, EIGHT, LOW, SEVEN]), &[Move::Throw]);
    assert!(
        log.lines.iter().any(|l| l.contains("cannot be covered")),
        "{log:#?}"
    );
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "ruin"));
    assert_eq!((g.payoff(0), g.payoff(1)), (1, -1));
    assert_eq!(g.length(), 4);
}

// 004 k: "Gracze na początku rzucają kośćmi ustalając kolejność" (as in 004 j).
#[test]
fn the_opening_throw_decides_the_first_thrower() {
    let g: GrowingHazard = game(&[("order", "highest")]);
    let (g, _) = scripted(g, &faces(&[LOW, HIGH, SEVEN, EIGHT, HIGH]));
    assert_eq!(g.turn(), Turn::Decide(1));
    assert_eq!(g.length(), 5);
}

#[test]
fn options_and_policies_are_validated() {
    let specs = GrowingHazard::option_specs();
    let resolve = |given: &[(&str, &str)]| {
        let given: Vec<(String, String)> = given
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Options::resolve(specs, &given)
    };
    use ludus::core::option_error::OptionError;
    for (k, v) in [("cover", "thirds"), ("unit", "0")] {
        let e = resolve(&[(k, v)]).unwrap_err();
        assert!(
            matches!(e, OptionError::Value { key, .. } if key == k),
            "{k}={v}: {e:?}"
        );
    }
    // Growing Hazard's pot grows: it has no `pot` option.
    let e = resolve(&[("pot", "20")]).unwrap_err();
    assert!(
        matches!(&e, OptionError::Unknown { key, .. } if key == "pot"),
        "{e:?}"
    );
    let e = GrowingHazard::new(&resolve(&[("unit", "3")]).unwrap()).unwrap_err();
    assert!(matches!(e, OptionError::Combination(_)), "{e:?}");
    assert!(
        GrowingHazard::new(&resolve(&[("unit", "3"), ("cover", "alternate")]).unwrap()).is_ok()
    );
    let e = GrowingHazard::new(
        &resolve(&[("funds", "2"), ("cover", "alternate"), ("unit", "3")]).unwrap(),
    )
    .unwrap_err();
    assert!(matches!(e, OptionError::Combination(_)), "{e:?}");
    use ludus::policies::policy_error::PolicyError;
    for (bad, unknown) in [
        ("threshold", false),
        ("threshold:101", false),
        ("threshold:two", false),
        ("thresh:1", true),
    ] {
        let e = PolicySpec::parse(bad).unwrap().build::<GrowingHazard>();
        let Err(e) = e else {
            panic!("{bad} was accepted")
        };
        if unknown {
            assert!(matches!(e, PolicyError::Unknown { .. }), "{bad}: {e:?}");
        } else {
            assert!(matches!(e, PolicyError::Game(_)), "{bad}: {e:?}");
        }
    }
    assert!(
        PolicySpec::parse("threshold:5")
            .unwrap()
            .build::<GrowingHazard>()
            .is_ok()
    );
}

fn throw_counts() -> [u64; 19] {
    let mut counts = [0u64; 19];
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                counts[a + b + c] += 1;
            }
        }
    }
    assert_eq!(&counts[7..=14], &COUNTS_7_14);
    counts
}

// threshold:0, one turn: with halves seat 1 wins only on the opponent's
// number, P = sum_o c(o)/176 * c(o)/216.
#[test]
fn threshold_zero_halves_win_rate_is_exact() {
    let counts = throw_counts();
    let free: u64 = (7..=14).map(|t| counts[t]).sum();
    let p: f64 = (7..=14)
        .map(|o| counts[o] as f64 / free as f64 * counts[o] as f64 / 216.0)
        .sum();
    let games = 200_000;
    let t = crate::support::run::<GrowingHazard>(
        &[("order", "fixed"), ("rounds", "1")],
        &["threshold:0", "threshold:0"],
        games,
        21,
    );
    assert_rate("seat 1 wins", t.wins[0], games, p);
    assert_eq!(t.wins[1], 0);
}

// threshold:0, one turn, alternate cover: seat 2 paid the starting unit, so
// seat 1 wins unless his forced throw is a hazard: P = 1 - 40/216.
#[test]
fn threshold_zero_alternate_win_rate_is_exact() {
    let counts = throw_counts();
    let hazard: u64 = (3..=6).chain(15..=18).map(|t| counts[t]).sum();
    let p = 1.0 - hazard as f64 / 216.0;
    let games = 100_000;
    let t = crate::support::run::<GrowingHazard>(
        &[("order", "fixed"), ("rounds", "1"), ("cover", "alternate")],
        &["threshold:0", "threshold:0"],
        games,
        22,
    );
    assert_rate("seat 1 wins", t.wins[0], games, p);
    assert_eq!(t.wins[1], 0);
}

#[test]
fn random_play_conserves_money() {
    money_is_conserved(
        "growing-hazard",
        &[
            vec![],
            vec![("cover", "alternate"), ("unit", "3")],
            vec![("funds", "4"), ("rounds", "40")],
            vec![
                ("funds", "5"),
                ("rounds", "40"),
                ("cover", "alternate"),
                ("order", "lowest"),
            ],
        ],
    );
}
