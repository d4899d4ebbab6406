//! Exact analysis (`ludus exact GAME --opt K=V --seats P,...`) over
//! random options and seats of every game: options drawn near their
//! bounds, past them and as garbage; seats from the policies exact knows,
//! those it refuses and text that names none. Each in process must end in
//! a refusal on one line or in odds that hold together (each seat's win,
//! draw and loss summing to 1, the lengths and their tail to 1); a sample
//! through the binary must exit 0 or 2.

use ludus::analysis::exact::Bounds;
use ludus::core::options::{OptionKind, OptionSpec, Options};
use ludus::policies::policy_spec::PolicySpec;
use ludus::registry;

use crate::harness::{Fuzz, binary_cases, cases, on_main_sized_stack};
use crate::rng::Rng;

/// Seats: known distributions, searches and scripts exact refuses, and
/// text that is no policy.
const SEATS: &[&str] = &[
    "random",
    "random",
    "threshold:0",
    "threshold:2",
    "threshold:7",
    "threshold:101",
    "optimal",
    "optimal:payoff",
    "optimal:x",
    "mcts:2",
    "alphabeta:1",
    "lua:scripts/random.lua",
    "random:1",
    ":x",
    "",
    "threshold",
];

/// A value for `spec`: mostly small and valid, sometimes past its bounds
/// or garbage. Never large where valid: the states of a game grow with
/// its sizes (Riffa of 10 rounds lists for 6 s), and what takes long but
/// is right is the benches' business, not the fuzzer's.
fn value(rng: &mut Rng, spec: &OptionSpec) -> String {
    let garbage = ["", "x", "-1", "1e9", "99999999999999999999", "2.5"];
    if rng.one_in(10) {
        return rng.pick(&garbage).to_string();
    }
    let int = |rng: &mut Rng, min: i64, max: i64| -> String {
        match rng.below(8) {
            0 => (max.saturating_add(1)).to_string(),
            1 => (min - 1).to_string(),
            _ => (min + rng.below(2) as i64).min(max).to_string(),
        }
    };
    match spec.kind {
        OptionKind::Int { min, max } => int(rng, min, max),
        OptionKind::Choice(names) => rng.pick(names).to_string(),
        OptionKind::IntOr { min, max, words } => {
            if rng.one_in(2) {
                rng.pick(words).to_string()
            } else {
                int(rng, min, max)
            }
        }
    }
}

/// One case: a game, its options given, its seats.
fn case(rng: &mut Rng) -> (String, Vec<(String, String)>, String) {
    let games = registry::games();
    let entry = games[rng.below(games.len())];
    let mut given = Vec::new();
    for spec in entry.option_specs() {
        if rng.one_in(2) {
            given.push((spec.name.to_string(), value(rng, spec)));
        }
    }
    if rng.one_in(20) {
        given.push(("no_such_option".into(), "1".into()));
    }
    let seats = if rng.one_in(2) {
        rng.pick(SEATS).to_string()
    } else {
        let n = 1 + rng.below(4);
        (0..n)
            .map(|_| *rng.pick(SEATS))
            .collect::<Vec<_>>()
            .join(",")
    };
    (entry.name().to_string(), given, seats)
}

/// What `ludus exact` does with the case, in process: the odds it gives
/// must hold together, its refusals be one line. Whether it solved it.
fn check(game: &str, given: &[(String, String)], seats: &str) -> Result<bool, String> {
    let entry = registry::find(game).expect("a registered game");
    let Ok(options) = Options::resolve(entry.option_specs(), given) else {
        return Ok(false);
    };
    let Ok(players) = entry.players(&options) else {
        return Ok(false);
    };
    let Ok(specs) = PolicySpec::parse_seats(seats, players, game) else {
        return Ok(false);
    };
    let bounds = Bounds {
        states: 20_000,
        outcomes: 2_000_000,
        equilibrium: 20_000,
    };
    let e = match entry.exact(&options, &specs, bounds) {
        Ok(e) => e,
        Err(refused) => {
            let said = refused.to_string();
            return if said.is_empty() || said.contains('\n') {
                Err(format!("refused with a message not on one line: {said:?}"))
            } else {
                Ok(false)
            };
        }
    };
    for (s, odds) in e.seats.iter().enumerate() {
        let sum = odds.win + odds.draw + odds.loss;
        let each = [odds.win, odds.draw, odds.loss];
        if (sum - 1.0).abs() > 1e-9 || each.iter().any(|p| !(-1e-12..=1.0 + 1e-12).contains(p)) {
            return Err(format!("seat {s}: win, draw, loss {each:?} sum to {sum}"));
        }
    }
    let wins: f64 = e.seats.iter().map(|o| o.win).sum();
    if wins > 1.0 + 1e-9 {
        return Err(format!("the seats' sole wins sum to {wins}"));
    }
    let lengths: f64 = e.length.probabilities.iter().map(|p| p.1).sum::<f64>() + e.length.tail;
    if (lengths - 1.0).abs() > 1e-9 || !(0.0..=1.0 + 1e-12).contains(&e.length.tail) {
        return Err(format!(
            "the lengths and their tail ({}) sum to {lengths}",
            e.length.tail
        ));
    }
    if !e.mean_length.is_finite() || e.mean_length < 0.0 || e.states == 0 || e.states > 20_000 {
        return Err(format!(
            "mean length {}, {} states",
            e.mean_length, e.states
        ));
    }
    Ok(true)
}

#[test]
fn exact_options_and_seats() {
    on_main_sized_stack(|| {
        let mut fuzz = Fuzz::new("exact");
        let dir = std::env::current_dir().expect("the crate's folder");
        let solved = std::cell::Cell::new(0);
        for k in 0..cases(400) as u64 {
            let mut rng = fuzz.rng(k);
            let (game, given, seats) = case(&mut rng);
            let input = format!("{game} {given:?} --seats {seats}");
            fuzz.in_process(k, input.as_bytes(), || {
                let ok = check(&game, &given, &seats)?;
                solved.set(solved.get() + usize::from(ok));
                Ok(())
            });
        }
        let solved = solved.get();
        // Most cases are refused (board games, searches, bad text); enough
        // are solved for the checks of the odds to bite.
        assert!(solved >= 20, "only {solved} cases solved");
        for k in 0..binary_cases(12) as u64 {
            let case_k = (1 << 32) + k;
            let mut rng = fuzz.rng(case_k);
            let (game, given, seats) = case(&mut rng);
            let mut args = vec!["exact".to_string(), game];
            for (key, v) in &given {
                args.extend(["--opt".to_string(), format!("{key}={v}")]);
            }
            args.extend([
                "--seats".to_string(),
                seats,
                "--limit".into(),
                "20000".into(),
            ]);
            let input = args.join(" ");
            fuzz.binary(case_k, input.as_bytes(), &args, &dir);
        }
        fuzz.finish();
    });
}
