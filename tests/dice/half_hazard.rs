//! Half Hazard (004 j).

use ludus::core::game::{Game, Turn};
use ludus::core::log::Transcript;
use ludus::core::options::Options;
use ludus::games::dice::banking::{Banked, Threshold};
use ludus::games::dice::half_hazard::{HalfHazard, Move};
use ludus::policies::policy_spec::PolicySpec;

use crate::support::{assert_rate, game, run, scripted};

use crate::banking_support::{COUNTS_7_14, drive_script, money_is_conserved};

// Faces: totals 7 and 8 for the assignment, hazards, and a free total 10.
const SEVEN: [u8; 3] = [1, 2, 4];
const EIGHT: [u8; 3] = [2, 2, 4];
const TEN: [u8; 3] = [3, 3, 4];
const LOW: [u8; 3] = [1, 1, 1];
const HIGH: [u8; 3] = [6, 6, 6];

fn faces(throws: &[[u8; 3]]) -> Vec<u8> {
    throws.concat()
}

fn one_round(extra: &[(&str, &str)]) -> HalfHazard {
    let mut opts = vec![("order", "fixed"), ("rounds", "1")];
    opts.extend_from_slice(extra);
    game(&opts)
}

// 004 j: "najpierw rzuca tak długo dopóki nie przyporządkuje jednej z
// pozostałych kombinacji przeciwnikowi, a następnie sobie" — hazards and the
// opponent's number again are thrown again during the assignment.
// "Jeśli wyrzuci liczbę którą przyporządkował przeciwnikowi wtedy wygrywa
// całą pulę zakładu."
#[test]
fn assignment_rethrows_and_the_opponents_number_wins_the_pot() {
    let g = one_round(&[]);
    let f = faces(&[HIGH, SEVEN, LOW, [4, 2, 1], EIGHT, SEVEN]);
    let (g, log) = drive_script(g, &f, &[]);
    let n = g.numbers();
    assert_eq!((n.opponent, n.own), (7, 8), "{log:#?}");
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "rounds"));
    assert_eq!((g.payoff(0), g.payoff(1)), (10, -10));
    assert_eq!(g.length(), 6);
    assert_eq!(g.pot(), 0);
}

// 004 j: "rzuca przynajmniej raz" — the first betting throw is forced: the
// thrower gets no choice before it.
// "Jeśli gracz który rzuca wyrzuci liczbę oznaczającą Hazard, wtedy wygrywa 3
// jednostki zakładów" — and he may then choose.
#[test]
fn first_throw_is_forced_and_a_hazard_wins_three_units() {
    let g = one_round(&[]);
    let (g, _) = scripted(g, &faces(&[SEVEN, EIGHT, LOW]));
    assert_eq!(g.turn(), Turn::Decide(0));
    assert_eq!(g.won(), 6);
    assert_eq!(g.turn_hazards(), 1);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves, vec![Move::Throw, Move::Stop]);
    assert_eq!(
        (Move::Throw.to_string(), Move::Stop.to_string()),
        ("throw".into(), "stop".into())
    );
}

// 004 j: "Jeśli gracz przerwie rzucanie i zabiera pule którą wygrał, a
// pozostała pula [...] w przypadku końca gry, dzielona między graczy."
#[test]
fn stop_takes_the_winnings_and_the_rest_is_split_at_the_end() {
    let g = one_round(&[]);
    let (g, _) = drive_script(g, &faces(&[SEVEN, EIGHT, LOW]), &[Move::Stop]);
    // Seat 1 takes 6 of the 20; the 14 left are split 7/7: 90+6+7 = 103.
    assert_eq!((g.payoff(0), g.payoff(1)), (3, -3));
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "rounds"));
    assert_eq!(g.length(), 3);
}

// 004 j: "jeśli będzie dalej rzucał i nadal będzie wychodził mu Hazard wtedy
// dodaje kolejną jednostkę za każdy kolejny Hazard" — add-one: 3, +1, +1 units.
#[test]
fn a_run_of_hazards_adds_one_unit_each() {
    let g = one_round(&[]);
    let (g, _) = drive_script(
        g,
        &faces(&[SEVEN, EIGHT, LOW, HIGH, [5, 5, 5]]),
        &[Move::Throw, Move::Throw, Move::Stop],
    );
    // Won 6 + 2 + 2 = 10; the 10 left split 5/5: 90 + 10 + 5 = 105.
    assert_eq!((g.payoff(0), g.payoff(1)), (5, -5));
    assert_eq!(g.length(), 5);
}

// Same sentence, escalate: the k-th hazard of a run pays 3+(k-1) units; and
// "aż do wyczerpania zakładów": winnings that reach the pot take it and end the turn.
#[test]
fn escalating_hazards_exhaust_the_pot() {
    let g = one_round(&[("hazard_pay", "escalate")]);
    // 6, then 8 (14 won), then 10 would make 24 > 20: he takes the whole pot.
    let (g, log) = drive_script(
        g,
        &faces(&[SEVEN, EIGHT, LOW, HIGH, LOW]),
        &[Move::Throw, Move::Throw],
    );
    assert!(
        log.lines.iter().any(|l| l.contains("exhausted")),
        "{log:#?}"
    );
    assert_eq!((g.payoff(0), g.payoff(1)), (10, -10));
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(0));
    assert_eq!(g.length(), 5);
}

// 004 j: "Jeśli w międzyczasie wyrzuci swoją liczbę, wtedy Hazardy w
// następnych rzutach liczone są od nowa i nic poza tym się nie dzieje".
#[test]
fn own_number_restarts_the_run_and_keeps_the_winnings() {
    let g = one_round(&[]);
    let (g, _) = drive_script(
        g,
        &faces(&[SEVEN, EIGHT, LOW, [2, 3, 3], HIGH]),
        &[Move::Throw, Move::Throw, Move::Stop],
    );
    // 6, own number (nothing), then a new run's first hazard: 6 again = 12.
    // The 8 left split 4/4: 90 + 12 + 4 = 106.
    assert_eq!((g.payoff(0), g.payoff(1)), (6, -6));
    // The threshold policy counts every hazard of the turn: own number does
    // not reset its count.
    assert_eq!(Threshold { k: 2 }.decide(2), Move::Stop);
    assert_eq!(Threshold { k: 2 }.decide(1), Move::Throw);
}

#[test]
fn hazards_of_the_turn_are_not_reset_by_the_own_number() {
    let g = one_round(&[]);
    let (mut g, _) = scripted(g, &faces(&[SEVEN, EIGHT, LOW]));
    let mut log = Transcript::default();
    g.play(Move::Throw, &mut log);
    let (mut g, _) = scripted(g, &EIGHT);
    assert_eq!(g.turn_hazards(), 1);
    g.play(Move::Throw, &mut log);
    let (g, _) = scripted(g, &HIGH);
    assert_eq!(g.turn_hazards(), 2);
    assert_eq!(g.won(), 12);
}

// 004 j: "Jeśli wyrzuci pozostałą kombinację która nie jest nikomu
// przyporządkowana wtedy przegrywa wszystko co wygrał i role graczy zamieniają się."
#[test]
fn a_free_total_loses_the_winnings() {
    let g = one_round(&[]);
    let (g, _) = drive_script(g, &faces(&[SEVEN, EIGHT, LOW, TEN]), &[Move::Throw]);
    // Nothing was taken: the pot of 20 is split 10/10.
    assert_eq!((g.payoff(0), g.payoff(1)), (0, 0));
    let o = g.outcome().unwrap();
    assert_eq!((o.winners.len(), o.reason), (2, "even"));
    assert_eq!(g.length(), 4);
}

// 004 j: "pozostała pula jest dokładana do następnej puli" and "role graczy
// zamieniają się": the next turn is seat 2's, with both halves added.
#[test]
fn the_rest_of_the_pot_carries_over_and_roles_swap() {
    let g: HalfHazard = game(&[("order", "fixed"), ("rounds", "2")]);
    let (g, log) = drive_script(
        g,
        // Seat 1: hazard, stops (takes 6, 14 stay). Seat 2: 10 then 9
        // assigned; throws 10, seat 1's number: takes 14 + 20 = 34.
        &faces(&[SEVEN, EIGHT, LOW, TEN, [3, 3, 3], [5, 4, 1]]),
        &[Move::Stop],
    );
    assert!(
        log.lines.iter().any(|l| l.contains("the pot is 34")),
        "{log:#?}"
    );
    // Seat 1: 100 - 10 + 6 - 10 = 86; seat 2: 100 - 10 - 10 + 34 = 114.
    assert_eq!((g.payoff(0), g.payoff(1)), (-14, 14));
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(1), "rounds"));
    assert_eq!(g.length(), 6);
}

// 004 j: "Obaj z graczy muszą pokryć po połowie tej puli." A player who
// cannot cover his half at the start of a turn is ruined.
#[test]
fn a_player_who_cannot_cover_his_half_is_ruined() {
    let g: HalfHazard = game(&[("order", "fixed"), ("funds", "10")]);
    let (g, _) = drive_script(g, &faces(&[SEVEN, EIGHT, SEVEN]), &[]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "ruin"));
    assert_eq!((g.payoff(0), g.payoff(1)), (10, -10));
    assert_eq!(g.length(), 3);
}

// "w przypadku końca gry, dzielona między graczy": an odd unit goes to the
// player who would throw next.
#[test]
fn an_odd_unit_goes_to_the_next_thrower() {
    let g = one_round(&[("unit", "1")]);
    let (g, _) = drive_script(g, &faces(&[SEVEN, EIGHT, LOW]), &[Move::Stop]);
    // Seat 1 takes 3; 17 left: 8 each, the odd one to seat 2.
    assert_eq!((g.payoff(0), g.payoff(1)), (1, -1));
}

// 004 j: "Gracze na początku rzucają kośćmi ustalając kolejność graczy [...]
// najwyższa wygrywa lub najniższa wygrywa."
#[test]
fn the_opening_throw_decides_the_first_thrower() {
    let g: HalfHazard = game(&[("order", "highest")]);
    let (g, _) = scripted(g, &faces(&[LOW, HIGH, SEVEN, EIGHT, HIGH]));
    assert_eq!(g.thrower(), 1);
    assert_eq!(g.turn(), Turn::Decide(1));
    assert_eq!(g.length(), 5);
    let g: HalfHazard = game(&[("order", "lowest")]);
    let (g, _) = scripted(g, &faces(&[LOW, HIGH, SEVEN, EIGHT, HIGH]));
    assert_eq!(g.turn(), Turn::Decide(0));
}

#[test]
fn options_and_policies_are_validated() {
    let specs = HalfHazard::option_specs();
    let resolve = |k: &str, v: &str| Options::resolve(specs, &[(k.into(), v.into())]);
    use ludus::core::option_error::OptionError;
    for (k, v) in [
        ("pot", "1"),
        ("hazard_pay", "double"),
        ("rounds", "0"),
        ("unit", "0"),
    ] {
        let e = resolve(k, v).unwrap_err();
        assert!(
            matches!(e, OptionError::Value { key, .. } if key == k),
            "{k}={v}: {e:?}"
        );
    }
    for (k, v) in [("pot", "21"), ("funds", "9")] {
        let e = HalfHazard::new(&resolve(k, v).unwrap()).unwrap_err();
        assert!(matches!(e, OptionError::Combination(_)), "{k}={v}: {e:?}");
    }
    assert!(HalfHazard::new(&resolve("funds", "10").unwrap()).is_ok());
    for bad in [
        "threshold",
        "threshold:-1",
        "threshold:101",
        "threshold:x",
        "threshold:1.5",
    ] {
        let e = PolicySpec::parse(bad).unwrap().build::<HalfHazard>();
        assert!(
            matches!(e, Err(ludus::policies::policy_error::PolicyError::Game(_))),
            "{bad} was accepted or refused for another reason"
        );
    }
    assert!(
        PolicySpec::parse("threshold:0")
            .unwrap()
            .build::<HalfHazard>()
            .is_ok()
    );
    assert!(
        PolicySpec::parse("threshold:100")
            .unwrap()
            .build::<HalfHazard>()
            .is_ok()
    );
}

// With threshold:0 the forced first throw decides a one-turn game: seat 1
// wins on a hazard (takes 6 of 20, +3) or on the opponent's number (+10), and
// draws otherwise. P = 40/216 + sum_o c(o)/176 * c(o)/216.
#[test]
fn threshold_zero_win_rate_is_exact() {
    let mut counts = [0u64; 19];
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                counts[a + b + c] += 1;
            }
        }
    }
    let hazard: u64 = (3..=6).chain(15..=18).map(|t| counts[t]).sum();
    assert_eq!(hazard, 40);
    let free: u64 = (7..=14).map(|t| counts[t]).sum();
    assert_eq!(free, 176);
    assert_eq!(&counts[7..=14], &COUNTS_7_14);
    let opp: f64 = (7..=14)
        .map(|o| counts[o] as f64 / free as f64 * counts[o] as f64 / 216.0)
        .sum();
    let p = hazard as f64 / 216.0 + opp;
    let games = 200_000;
    let t = run::<HalfHazard>(
        &[("order", "fixed"), ("rounds", "1")],
        &["threshold:0", "threshold:0"],
        games,
        11,
    );
    assert_rate("seat 1 wins", t.wins[0], games, p);
    assert_eq!(t.wins[1], 0);
    assert_eq!(t.payoff_sum[0], -t.payoff_sum[1]);
}

#[test]
fn random_play_conserves_money() {
    money_is_conserved(
        "half-hazard",
        &[
            vec![],
            vec![("unit", "1"), ("hazard_pay", "escalate")],
            vec![("funds", "15"), ("rounds", "40"), ("unit", "3")],
            vec![("order", "lowest"), ("pot", "2"), ("unit", "1")],
        ],
    );
}
