//! Position files of every game that has positions (`ludus position GAME
//! --position FILE`, `ludus perft`, `ludus solve`), from positions ludus
//! wrote itself: the start and positions met in random play, under every
//! value of every choice option. An accepted position must also show, be
//! played on, and read back from what ludus prints of it.

use ludus::analysis::start::Start;
use ludus::core::options::{OptionKind, Options};
use ludus::registry;
use ludus::runner::game_entry::GameEntry;

use crate::harness::{Fuzz, binary_cases, cases, on_main_sized_stack, write};
use crate::mutate::Syntax;
use crate::rng::Rng;

/// One game under one set of options, with the positions ludus wrote.
struct Variant {
    entry: &'static dyn GameEntry,
    given: Vec<(String, String)>,
    options: Options,
    seeds: Vec<Vec<u8>>,
}

/// Each game's options: the defaults, and each other value of each choice
/// option, one at a time.
fn variants(entry: &'static dyn GameEntry) -> Vec<(Vec<(String, String)>, Options)> {
    let mut given = vec![Vec::new()];
    for spec in entry.option_specs() {
        if let OptionKind::Choice(values) = spec.kind {
            for v in values.iter().filter(|v| **v != spec.default) {
                given.push(vec![(spec.name.to_string(), v.to_string())]);
            }
        }
    }
    // A game whose first mover is drawn by lot has no moves to walk
    // without a fixed start.
    given
        .into_iter()
        .map(|mut g| {
            if entry.option_specs().iter().any(|s| s.name == "first")
                && g.iter().all(|(k, _)| k != "first")
            {
                let fixed = vec![("first".to_string(), "seat1".to_string())];
                if Options::resolve(entry.option_specs(), &fixed).is_ok() {
                    g.extend(fixed);
                }
            }
            g
        })
        .filter_map(|g| Some((g.clone(), Options::resolve(entry.option_specs(), &g).ok()?)))
        .collect()
}

/// The legal moves of a position as `ludus position --json` shows them.
fn legal(json: &str) -> Vec<String> {
    serde_json::from_str::<serde_json::Value>(json)
        .ok()
        .and_then(|v| {
            v["legal_moves"].as_array().map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str().map(str::to_string))
                    .collect()
            })
        })
        .unwrap_or_default()
}

/// The start and positions of a few random games, as ludus writes them:
/// each position read back from the last one printed and a move played.
fn seeds(entry: &dyn GameEntry, options: &Options, rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let Ok(start) = entry.position(&Start::new(options, None), &[], true) else {
        return out;
    };
    out.push(start.clone().into_bytes());
    for _ in 0..2 {
        let mut now = start.clone();
        for step in 1..=40 {
            let moves = legal(&now);
            if moves.is_empty() {
                break;
            }
            let mv = [rng.pick(&moves).clone()];
            let Ok(next) = entry.position(&Start::new(options, Some(&now)), &mv, true) else {
                break;
            };
            now = next;
            if step % 8 == 0 || legal(&now).is_empty() {
                out.push(now.clone().into_bytes());
            }
        }
    }
    out.dedup();
    out
}

fn all_variants(rng: &mut Rng) -> Vec<Variant> {
    let mut out = Vec::new();
    for &entry in registry::games() {
        for (given, options) in variants(entry) {
            let seeds = seeds(entry, &options, rng);
            if !seeds.is_empty() {
                out.push(Variant {
                    entry,
                    given,
                    options,
                    seeds,
                });
            }
        }
    }
    out
}

/// What the command line does with a position file, and what follows
/// from accepting it: it shows as JSON and as a diagram, its output reads
/// back to the same, some of its legal moves play, and perft counts it.
fn check(
    entry: &dyn GameEntry,
    options: &Options,
    text: &str,
    rng: &mut Rng,
) -> Result<(), String> {
    let Ok(shown) = entry.position(&Start::new(options, Some(text)), &[], true) else {
        return Ok(());
    };
    entry
        .position(&Start::new(options, Some(text)), &[], false)
        .map_err(|e| format!("shows as JSON but not as a diagram: {e}"))?;
    let again = entry
        .position(&Start::new(options, Some(&shown)), &[], true)
        .map_err(|e| {
            format!(
                "accepted, but what ludus printed of it does not read back: {e}\nprinted: {shown}"
            )
        })?;
    if again != shown {
        return Err(format!(
            "accepted, but what ludus printed of it reads back as another position:\nprinted: {shown}\nread back: {again}"
        ));
    }
    let mut moves = Vec::new();
    let mut now = shown;
    for _ in 0..2 {
        let legal = legal(&now);
        if legal.is_empty() {
            break;
        }
        moves.push(rng.pick(&legal).clone());
        now = entry
            .position(&Start::new(options, Some(text)), &moves, true)
            .map_err(|e| format!("the legal moves {moves:?} do not play: {e}"))?;
    }
    if rng.one_in(4) {
        let _ = entry.perft(&Start::new(options, Some(text)), 1);
    }
    if rng.one_in(16) {
        let _ = entry.solve(&Start::new(options, Some(text)), 2_000);
    }
    Ok(())
}

#[test]
fn position_files() {
    on_main_sized_stack(|| {
        let mut fuzz = Fuzz::new("positions");
        let variants = all_variants(&mut fuzz.rng(u64::MAX));
        let mut games: Vec<&str> = variants.iter().map(|v| v.entry.name()).collect();
        games.dedup();
        assert!(
            games.len() >= 7,
            "every board game has positions: {games:?}"
        );
        // Each game as often as the others, whatever its number of variants.
        let of = |i: u64, rng: &mut Rng| {
            let game = games[i as usize % games.len()];
            let mine: Vec<&Variant> = variants.iter().filter(|v| v.entry.name() == game).collect();
            *rng.pick(&mine)
        };
        for case in 0..cases(3_500) as u64 {
            let mut rng = fuzz.rng(case);
            let v = of(case, &mut rng);
            let input = Fuzz::input(&mut rng, &v.seeds, Syntax::Json);
            // Now and then under another variant's options (another game's too).
            let (entry, options) = if rng.one_in(5) {
                let w = rng.pick(&variants);
                (w.entry, &w.options)
            } else {
                (v.entry, &v.options)
            };
            fuzz.in_process(case, &input, || match std::str::from_utf8(&input) {
                Ok(text) => check(entry, options, text, &mut rng),
                Err(_) => Ok(()),
            });
        }
        let dir = fuzz.dir().to_path_buf();
        for case in 0..binary_cases(42) as u64 {
            let case = case + (1 << 32);
            let mut rng = fuzz.rng(case);
            let v = of(case, &mut rng);
            let input = Fuzz::input(&mut rng, &v.seeds, Syntax::Json);
            let file = write(&dir, "position.json", &input);
            let mut args = vec!["position".to_string(), v.entry.name().to_string()];
            for (k, val) in &v.given {
                args.extend(["--opt".to_string(), format!("{k}={val}")]);
            }
            args.extend(["--position".to_string(), file]);
            if rng.one_in(2) {
                args.push("--json".into());
            }
            fuzz.binary(case, &input, &args, &dir);
        }
        fuzz.finish();
    });
}

/// Found by the fuzz suite: a Four Seasons position at its cap is over,
/// every seat placed first; `--json` printed those places of the seats
/// still playing, which a position file refuses ("places: black is still
/// playing"), so that the printed position did not read back.
#[test]
fn a_four_seasons_game_over_by_its_cap_reads_back() {
    let entry = registry::find("four-seasons").expect("four-seasons");
    let options = Options::resolve(entry.option_specs(), &[]).expect("defaults");
    let text = r#"{"alive":["green","red","black","white"],
        "board":["3K 3N 3P> . . 2P< 2K .","3R 3B 3P> . . 2P< 2B .",". . # . . # 2R 2N",
                 ". . . # # . 2Pv 1P^","3Pv 3Pv . # # . . 1P^","4P^ 4P^ # . . # . 1R",
                 "4R 4B 4P> 4N . 4P> 1B .","4K . . . 1P< . 1N 1K"],
        "game":"four-seasons","places":{},"ply":24000,"to_move":"green"}"#;
    let shown = entry
        .position(&Start::new(&options, Some(text)), &[], true)
        .expect("a position");
    assert!(shown.contains(r#""reason":"cap""#), "{shown}");
    let again = entry.position(&Start::new(&options, Some(&shown)), &[], true);
    assert_eq!(again.as_deref(), Ok(shown.as_str()));
}
