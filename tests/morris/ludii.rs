//! The `ludii` presets keep their promise: random play gives Ludii's own
//! figures (issue 30: Ludii 1.3.2's random playouts of Nine Men's Morris,
//! 181.2 turns on average, the first player winning 51.5 %).

use ludus::core::game::Game;
use ludus::core::options::Options;
use ludus::games::morris::NineMen;
use ludus::policies::policy_spec::PolicySpec;
use ludus::runner::batch::run_cell;
use ludus::runner::cell::Cell;

#[test]
fn nine_mens_ludii_preset_plays_ludiis_random_games() {
    let given = [
        ("rules".to_string(), "ludii".to_string()),
        ("first".to_string(), "seat1".to_string()),
    ];
    let options = Options::resolve(NineMen::option_specs(), &given).unwrap();
    let seats = vec![PolicySpec::parse("random").unwrap(); 2];
    let games = 20_000;
    let plan = Cell::single::<NineMen>(options, seats, games, 1).unwrap();
    let t = run_cell::<NineMen>(&plan).unwrap();
    let turns: u64 = t
        .lengths
        .iter()
        .enumerate()
        .map(|(l, n)| l as u64 * n)
        .sum();
    let mean = turns as f64 / games as f64;
    let first = t.wins[0] as f64 / games as f64;
    assert!(
        (mean / 181.2 - 1.0).abs() < 0.05,
        "mean length {mean} turns"
    );
    assert!((first - 0.515).abs() < 0.02, "first player wins {first}");
    // Each removal is a decision of its own: a loser goes from nine men to
    // two, so most games hold seven removals or more.
    assert!(
        t.decisions > turns + 5 * games,
        "{} decisions, {turns} turns",
        t.decisions
    );
}
