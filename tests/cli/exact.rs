//! `ludus exact`: exact odds checked against closed forms worked out here
//! from the rules (hazard.md, half_hazard.md), against a million sampled
//! games, and its refusals.

use num_rational::BigRational;

use crate::support::{ludus, stderr};

/// `ludus exact` with `args` and `--json`, parsed.
fn exact_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["exact"];
    all.extend_from_slice(args);
    all.push("--json");
    let out = ludus(&all);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn seat(v: &serde_json::Value, s: usize, key: &str) -> f64 {
    v["seats"][s][key].as_f64().unwrap()
}

/// How many of the 216 throws of three dice make each total (index = total).
fn totals() -> [u32; 19] {
    let mut c = [0; 19];
    for a in 1..=6 {
        for b in 1..=6 {
            for d in 1..=6 {
                c[a + b + d] += 1;
            }
        }
    }
    c
}

fn is_hazard(total: usize) -> bool {
    total <= 6 || total >= 15
}

/// Two seats, fixed order. First cycle: a Hazard wins for its thrower
/// (seat 1 first, then seat 2); otherwise the totals a, b are the seats'
/// chances. Later cycles, seat 1 first: a throw wins for its thrower if a
/// Hazard or his own chance (x), for the other seat if the other's chance
/// and the chances differ (y); else play goes on. Seat 1 wins the later
/// cycles with (x1 + (1-x1-y1) y2) / (1 - (1-x1-y1)(1-x2-y2)).
fn hazard_fixed_seat1() -> f64 {
    let c = totals();
    let p = |t: usize| f64::from(c[t]) / 216.0;
    let h: f64 = (3..=18).filter(|&t| is_hazard(t)).map(p).sum();
    let mut later = 0.0;
    for a in (3..=18).filter(|&t| !is_hazard(t)) {
        for b in (3..=18).filter(|&t| !is_hazard(t)) {
            let other = |t| if a == b { 0.0 } else { p(t) };
            let (x1, y1) = (h + p(a), other(b));
            let (x2, y2) = (h + p(b), other(a));
            let (go1, go2) = (1.0 - x1 - y1, 1.0 - x2 - y2);
            later += p(a) * p(b) * (x1 + go1 * y2) / (1.0 - go1 * go2);
        }
    }
    h + later
}

/// [`hazard_fixed_seat1`] in exact fractions.
fn hazard_fixed_seat1_fraction() -> BigRational {
    let c = totals();
    let p = |t: usize| BigRational::new(c[t].into(), 216.into());
    let zero = || BigRational::from_integer(0.into());
    let one = || BigRational::from_integer(1.into());
    let h = (3..=18)
        .filter(|&t| is_hazard(t))
        .map(p)
        .fold(zero(), |a, b| a + b);
    let mut later = zero();
    for a in (3..=18).filter(|&t| !is_hazard(t)) {
        for b in (3..=18).filter(|&t| !is_hazard(t)) {
            let other = |t| if a == b { zero() } else { p(t) };
            let (x1, y1) = (&h + p(a), other(b));
            let (x2, y2) = (&h + p(b), other(a));
            let (go1, go2) = (one() - &x1 - &y1, one() - &x2 - &y2);
            later += p(a) * p(b) * (x1 + &go1 * y2) / (one() - go1 * go2);
        }
    }
    h + later
}

/// One turn of Half Hazard, seat 1 throwing first and banking at once.
const HALF_HAZARD_AT_0: &[&str] = &[
    "half-hazard",
    "--opt",
    "order=fixed",
    "--opt",
    "rounds=1",
    "--seats",
    "threshold:0",
];

/// The fractions `ludus exact --json` gives a seat.
fn fraction(v: &serde_json::Value, s: usize, key: &str) -> BigRational {
    let text = v["seats"][s]["fractions"][key]
        .as_str()
        .unwrap_or_else(|| panic!("no fraction {key} for seat {s}: {v}"));
    text.parse().unwrap()
}

/// The fractions are the closed forms exactly, not to rounding: Hazard's
/// first thrower, Pair and Ace's 9/14 (pair_ace.md), one turn of Half
/// Hazard at `threshold:0`; and in every game of pure chance the registry
/// holds, each seat's odds add up to 1.
#[test]
fn small_games_are_solved_in_exact_fractions() {
    let v = exact_json(&["hazard", "--opt", "order=fixed"]);
    let want = hazard_fixed_seat1_fraction();
    assert_eq!(fraction(&v, 0, "win"), want);
    assert_eq!(
        want.to_string(),
        "24298296676888433677205006791/43545762570418032921528692160"
    );
    let as_float = |f: &BigRational| {
        let (n, d) = (f.numer().to_string(), f.denom().to_string());
        n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap()
    };
    assert!((as_float(&want) - seat(&v, 0, "win")).abs() < 1e-15);
    let mean: BigRational = v["length"]["mean_fraction"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((as_float(&mean) - v["length"]["mean"].as_f64().unwrap()).abs() < 1e-12);

    let v = exact_json(&["pair-ace", "--opt", "order=fixed"]);
    assert_eq!(v["seats"][0]["fractions"]["win"], "9/14");
    assert_eq!(v["seats"][1]["fractions"]["win"], "5/14");
    assert_eq!(v["length"]["mean_fraction"], "9/4");
    let table = ludus(&["exact", "pair-ace", "--opt", "order=fixed"]);
    assert!(
        String::from_utf8_lossy(&table.stdout)
            .contains("exactly: seat 1 wins 9/14, seat 2 wins 5/14, mean length 9/4"),
        "{}",
        String::from_utf8_lossy(&table.stdout)
    );

    // 1385/4752 = sum over o of c(o)/176 * (40 + c(o))/216, as above.
    let v = exact_json(HALF_HAZARD_AT_0);
    let c = totals();
    let want = (7..=14)
        .map(|o| BigRational::new((c[o] * (40 + c[o])).into(), (176 * 216).into()))
        .fold(BigRational::from_integer(0.into()), |a, b| a + b);
    assert_eq!(fraction(&v, 0, "win"), want);
    assert_eq!(want.to_string(), "1385/4752");

    // Every game of pure chance the registry holds (none listed here, so
    // that a new one is checked too), by its defaults: in fractions where
    // they are given, exactly; else to rounding.
    let mut visited = 0;
    for entry in ludus::registry::games().iter().filter(|g| !g.decides()) {
        let game = entry.name();
        let v = exact_json(&[game]);
        for s in 0..v["seats"].as_array().unwrap().len() {
            if v["seats"][s].get("fractions").is_some() {
                let sum =
                    fraction(&v, s, "win") + fraction(&v, s, "draw") + fraction(&v, s, "loss");
                assert_eq!(sum, BigRational::from_integer(1.into()), "{game} seat {s}");
            } else {
                let sum = seat(&v, s, "win") + seat(&v, s, "draw") + seat(&v, s, "loss");
                assert!((sum - 1.0).abs() < 1e-9, "{game} seat {s}: {sum}");
            }
        }
        visited += 1;
    }
    assert!(visited >= 11, "{visited} games of pure chance");
}

/// Hazard for stakes in a fixed order is a gambler's ruin over rounds of
/// Hazard (hazard_stakes.md): with k stakes each, seat 1 wins with
/// (1 - r^k) / (1 - r^2k), r = (1 - p) / p, p Hazard's first-thrower
/// chance. Each round is solved once and the money's walk over rounds
/// apart (stages): a few thousand states rather than one component of
/// thousands of rounds' states (that whole chain, solved by sparse
/// elimination, is checked against this in tests/dice/exact_stages.rs).
#[test]
fn hazard_for_stakes_is_a_gamblers_ruin_solved_by_rounds() {
    let p = hazard_fixed_seat1();
    let r = (1.0 - p) / p;
    let k = 8;
    let want = (1.0 - r.powi(k)) / (1.0 - r.powi(2 * k));
    let v = exact_json(&["hazard-stakes", "--opt", "order=fixed", "--opt", "funds=8"]);
    assert!(v["states"].as_u64().unwrap() < 3_000, "{}", v["states"]);
    assert!((seat(&v, 0, "win") - want).abs() < 1e-12, "{v}");
    assert!((seat(&v, 1, "win") - (1.0 - want)).abs() < 1e-12);
    // Money: the winner takes the loser's 8 stakes.
    assert!(
        (seat(&v, 0, "payoff") - 8.0 * (2.0 * want - 1.0)).abs() < 1e-10,
        "{v}"
    );
}

/// A game whose lengths all lie past the listed ones names no most likely
/// length (issue 55, defect 5: it printed "most likely 0, 0 lengths
/// listed, tail 1.000e0"); one with lengths listed still names it.
#[test]
fn the_most_likely_length_is_named_only_when_the_list_supports_it() {
    let out = |args: &[&str]| {
        let o = ludus(args);
        assert!(o.status.success(), "{}", stderr(&o));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let long = out(&["exact", "hazard-stakes", "--opt", "funds=1000"]);
    assert!(
        long.contains("most likely not known") && long.contains("0 lengths listed"),
        "{long}"
    );
    let short = out(&["exact", "hazard", "--opt", "order=fixed"]);
    assert!(
        short.contains("most likely 3, 104 lengths listed"),
        "{short}"
    );
    assert!(!short.contains("not known"), "{short}");
}

/// Where the fractions would not be cheap (too many states), only the
/// floats are given.
#[test]
fn large_games_give_no_fractions() {
    let v = exact_json(&["half-hazard", "--opt", "rounds=1"]);
    assert!(v["seats"][0].get("fractions").is_none(), "{v}");
    assert!(v["length"].get("mean_fraction").is_none(), "{v}");
}

#[test]
fn hazard_in_fixed_order_matches_its_closed_form() {
    let want = hazard_fixed_seat1();
    assert!(
        (want - 0.55799).abs() < 5e-6,
        "hazard.md states 0.55799: {want}"
    );
    let v = exact_json(&["hazard", "--opt", "order=fixed"]);
    let got = seat(&v, 0, "win");
    assert!(
        (got - want).abs() < 1e-12,
        "{got} exact, {want} closed form"
    );
    assert!((seat(&v, 1, "win") - (1.0 - want)).abs() < 1e-12);
    assert_eq!(v["game"], "hazard");
    assert_eq!(v["options"]["order"], "fixed");
    assert_eq!(v["options"]["players"], 2);
    assert_eq!(v["seats"][0]["seat"], 1);
    assert_eq!(v["seats"][1]["policy"], "random");
}

/// One turn of Half Hazard, seat 1 throwing, `threshold:0`: the
/// assignment gives the opponent the total o (7-14) with chance
/// c(o)/176; the forced throw then wins for seat 1 if a Hazard (3 units)
/// or o (the pot), and he stops; any other throw wins nothing, and the
/// pot is split evenly: a draw.
#[test]
fn half_hazard_one_round_at_threshold_0_matches_its_closed_form() {
    let c = totals();
    let hazards: u32 = (3..=18).filter(|&t| is_hazard(t)).map(|t| c[t]).sum();
    let numbers: u32 = (7..=14).map(|t| c[t]).sum();
    assert_eq!((hazards, numbers), (40, 176));
    let want: f64 = (7..=14)
        .map(|o| f64::from(c[o]) / 176.0 * f64::from(hazards + c[o]) / 216.0)
        .sum();
    assert!(
        (want - 0.29146).abs() < 5e-6,
        "half_hazard.md states 0.29146"
    );
    let v = exact_json(HALF_HAZARD_AT_0);
    assert!((seat(&v, 0, "win") - want).abs() < 1e-12, "{v}");
    assert!((seat(&v, 0, "draw") - (1.0 - want)).abs() < 1e-12, "{v}");
    assert!(seat(&v, 1, "win").abs() < 1e-12, "{v}");
    assert_eq!(v["seats"][0]["policy"], "threshold:0");
}

/// Every seat's chances add up to 1, the payoffs to 0, the length's
/// probabilities (and the tail) to 1 with the mean the system gives.
#[test]
fn the_odds_and_the_lengths_add_up() {
    let runs: [&[&str]; 4] = [
        &["hazard"],
        &["hazard", "--opt", "players=3", "--opt", "order=fixed"],
        &[
            "half-hazard",
            "--opt",
            "rounds=1",
            "--seats",
            "threshold:1,random",
        ],
        &[
            "growing-hazard",
            "--opt",
            "rounds=1",
            "--seats",
            "threshold:2",
        ],
    ];
    for args in runs {
        let v = exact_json(args);
        let seats = v["seats"].as_array().unwrap();
        let mut payoffs = 0.0;
        for s in 0..seats.len() {
            let sum = seat(&v, s, "win") + seat(&v, s, "draw") + seat(&v, s, "loss");
            assert!((sum - 1.0).abs() < 1e-12, "{args:?} seat {s}: {sum}");
            payoffs += seat(&v, s, "payoff");
        }
        assert!(payoffs.abs() < 1e-9, "{args:?}: payoffs sum to {payoffs}");
        let tail = v["length"]["tail"].as_f64().unwrap();
        assert!((0.0..1e-14).contains(&tail), "{args:?}: tail {tail}");
        let (mut total, mut mean) = (tail, 0.0);
        for pair in v["length"]["distribution"].as_array().unwrap() {
            let (n, p) = (pair[0].as_f64().unwrap(), pair[1].as_f64().unwrap());
            total += p;
            mean += n * p;
        }
        assert!((total - 1.0).abs() < 1e-12, "{args:?}: {total}");
        let want = v["length"]["mean"].as_f64().unwrap();
        assert!((mean - want).abs() < 1e-9, "{args:?}: {mean} vs {want}");
        assert!(v["states"].as_u64().unwrap() > 0);
    }
}

/// A million seeded games of Hazard (default options: opening throws
/// decide the order): seat 1's share of wins within 4 standard errors of
/// the exact chance, and so is the mean length.
#[test]
fn sampled_hazard_agrees_with_exact() {
    use ludus::core::dice::Dice;
    use ludus::core::game::Game;
    use ludus::core::log::Silent;
    use ludus::core::options::Options;
    use ludus::core::seed::{Stream, stream};
    use ludus::games::dice::hazard::Hazard;
    let v = exact_json(&["hazard"]);
    let p = seat(&v, 0, "win");
    let start = Hazard::new(&Options::defaults(Hazard::option_specs())).unwrap();
    let n = 1_000_000u64;
    let (mut wins, mut lengths, mut squares) = (0u64, 0.0, 0.0);
    for seed in 0..n {
        let mut g = start;
        g.chance(&mut Dice::seeded(stream(seed, Stream::Dice)), &mut Silent);
        wins += u64::from(g.outcome().unwrap().sole_winner() == Some(0));
        let l = f64::from(g.length());
        lengths += l;
        squares += l * l;
    }
    let f = wins as f64 / n as f64;
    let se = (p * (1.0 - p) / n as f64).sqrt();
    assert!((f - p).abs() < 4.0 * se, "{f} sampled, {p} exact");
    let mean = lengths / n as f64;
    let se = ((squares / n as f64 - mean * mean) / n as f64).sqrt();
    let want = v["length"]["mean"].as_f64().unwrap();
    assert!(
        (mean - want).abs() < 4.0 * se,
        "{mean} sampled, {want} exact"
    );
}

#[test]
fn a_policy_without_a_known_distribution_is_refused() {
    let out = ludus(&["exact", "hazard", "--seats", "mcts:100,random"]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("policy `mcts:100` has no known distribution"),
        "{e}"
    );
}

/// Half Hazard's default ten turns fit the default `--limit`, the seats'
/// mirrors merged: each seat wins 44.4171635604% and draws 11.1656728793%
/// (docs/exact.md; 400,000 games gave 44.38% and 11.10%), the lengths
/// listed but for 1e-13.
#[test]
fn half_hazards_ten_turns_are_solved_within_the_default_limit() {
    let v = exact_json(&["half-hazard"]);
    for s in 0..2 {
        assert!((seat(&v, s, "win") - 0.444171635604).abs() < 1e-11, "{v}");
        assert!((seat(&v, s, "draw") - 0.111656728793).abs() < 1e-11, "{v}");
    }
    let tail = v["length"]["tail"].as_f64().unwrap();
    assert!(tail < 1e-13, "{tail}");
}

#[test]
fn a_state_space_past_the_limit_is_refused() {
    let out = ludus(&["exact", "hazard", "--limit", "10"]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("more than 10 states") && e.contains("--limit"),
        "{e}"
    );
}

#[test]
fn a_game_exact_play_cannot_list_is_refused() {
    let out = ludus(&["exact", "rithmomachy"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("error: rithmomachy: "),
        "{}",
        stderr(&out)
    );
}

/// One turn of Half Hazard, seat 1 throwing: `optimal` is worth more to
/// the thrower than `random` and every `threshold:K` against the same
/// opponent, and equals the best of them (in one turn, banking after the
/// first hazard, `threshold:1`); its choice is a known distribution.
#[test]
fn optimal_play_is_worth_the_most_in_one_turn_of_half_hazard() {
    let one = |p: &str| {
        let seats = format!("{p},random");
        let v = exact_json(&[
            "half-hazard",
            "--opt",
            "rounds=1",
            "--opt",
            "order=fixed",
            "--seats",
            &seats,
        ]);
        (seat(&v, 0, "win"), seat(&v, 0, "payoff"))
    };
    let best = one("optimal");
    let by_money = one("optimal:payoff");
    for p in [
        "random",
        "threshold:0",
        "threshold:2",
        "threshold:3",
        "threshold:5",
    ] {
        let (win, payoff) = one(p);
        assert!(win < best.0 - 1e-6, "{p} wins {win}, optimal {}", best.0);
        assert!(
            payoff < by_money.1 - 1e-6,
            "{p} earns {payoff}, optimal:payoff {}",
            by_money.1
        );
    }
    let k1 = one("threshold:1");
    assert!((k1.0 - best.0).abs() < 1e-12 && (k1.1 - by_money.1).abs() < 1e-12);
}

#[test]
fn optimal_refuses_a_game_too_large_and_a_bad_objective() {
    let out = ludus(&["exact", "half-hazard", "--seats", "optimal:money,random"]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("`optimal:money`") && e.contains("`payoff`"),
        "{e}"
    );
    let out = ludus(&["exact", "rithmomachy", "--seats", "optimal,random"]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("policy `optimal` cannot play rithmomachy"),
        "{e}"
    );
}

/// A policy refused for exact play is named once (issue 55, defect 9:
/// "policy `threshold:101`: policy `threshold:101`: ...").
#[test]
fn a_refused_policy_is_named_once() {
    for (seats, reason) in [
        ("threshold:101,random", "k must be a whole number"),
        ("optimal:zz", "the objective is"),
    ] {
        let o = ludus(&["exact", "half-hazard", "--seats", seats]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        let policy = seats.split(',').next().unwrap();
        assert_eq!(
            err.matches(&format!("policy `{policy}`")).count(),
            1,
            "{err}"
        );
        assert!(err.contains(reason), "{err}");
    }
}

/// Optimal play of the ten turns of Half Hazard, too large to list whole,
/// is solved by stages: both seats alike (the order of play thrown for),
/// the text naming what it does not find; `--limit` refuses it, and its
/// message says how to go past it.
#[test]
fn optimal_play_of_ten_turns_is_solved_by_stages_within_the_limit() {
    let v = exact_json(&["half-hazard", "--seats", "optimal,optimal"]);
    let (w1, w2) = (seat(&v, 0, "win"), seat(&v, 1, "win"));
    assert!(
        (w1 - w2).abs() < 1e-12 && w1 > 0.45 && w1 < 0.5,
        "{w1} {w2}"
    );
    assert!(seat(&v, 0, "payoff").abs() < 1e-9);
    assert!(v["length"]["distribution"].is_null(), "{v}");
    let out = ludus(&["exact", "half-hazard", "--seats", "optimal,random"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("its distribution is not found"), "{text}");
    let out = ludus(&[
        "exact",
        "half-hazard",
        "--seats",
        "optimal,optimal",
        "--limit",
        "300000",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("more than 300000 states") && e.contains("--limit raises it"),
        "{e}"
    );
}
