//! Helpers: scripts written to a scratch folder, one decision asked of a
//! policy, whole games and cells played.

use std::path::PathBuf;

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::{Log, Silent, Transcript};
use ludus::core::native_policies::NativePolicies;
use ludus::core::options::Options;
use ludus::core::policy::{BotError, Policy};
use ludus::core::seed::{SeatRng, Stream, stream};
use ludus::games::rithmomachy::Rithmomachy;
use ludus::policies::policy_spec::PolicySpec;
use ludus::runner::batch::run_cell;
use ludus::runner::cell::Cell;
use ludus::runner::drive::{Drive, SeatFailure, drive, uniform_seats};
use ludus::runner::on_bot_error::OnBotError;
use ludus::runner::tally::GameFailure;
use ludus::runner::tally::Tally;

/// A scratch folder of its own for one test (see `common/scratch.rs`).
pub fn scratch(name: &str) -> PathBuf {
    crate::common_scratch::fresh("lua", name)
}

/// Writes `text` as a script and returns its path.
pub fn script(name: &str, text: &str) -> String {
    let p = scratch(name).join(format!("{name}.lua"));
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// The options of `G` with these `key=value` overrides.
pub fn options<G: Game + NativePolicies>(opts: &[(&str, &str)]) -> Options {
    let given: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Options::resolve(G::option_specs(), &given).unwrap()
}

/// The policy written `spec`, for `G` with `options`.
pub fn policy<G: Game + NativePolicies>(spec: &str, options: &Options) -> Box<dyn Policy<G>> {
    PolicySpec::parse(spec)
        .unwrap()
        .build_for::<G>(options)
        .unwrap()
}

/// Asks `spec`, playing the seat to move in `game`, for one decision.
pub fn decide<G: Game + NativePolicies>(
    spec: &str,
    game: &G,
    seed: u64,
) -> Result<G::Move, BotError> {
    let options = options::<G>(&[]);
    let Turn::Decide(seat) = game.turn() else {
        panic!("no decision is due");
    };
    let mut p = policy::<G>(spec, &options);
    let mut rng = SeatRng::new(seed, seat);
    p.start(seat, game, &mut rng)?;
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let i = p.choose(game, &moves, rng.get())?;
    Ok(moves[i])
}

/// Plays one game from its seed, narrating to `log`; returns how it ended
/// and its length.
fn play_logged<G: Game + NativePolicies, L: Log>(
    opts: &[(&str, &str)],
    seats: &[&str],
    seed: u64,
    log: &mut L,
) -> Result<(ludus::core::outcome::Outcome, u32), SeatFailure> {
    let options = options::<G>(opts);
    let mut game = G::new(&options).unwrap();
    let mut policies: Vec<Box<dyn Policy<G>>> =
        seats.iter().map(|s| policy::<G>(s, &options)).collect();
    let mut rngs: Vec<SeatRng> = (0..game.players()).map(|s| SeatRng::new(seed, s)).collect();
    let mut dice = Dice::seeded(stream(seed, Stream::Dice));
    let uniform = uniform_seats(&policies);
    let outcome = drive(Drive {
        game: &mut game,
        dice: &mut dice,
        policies: &mut policies,
        rngs: &mut rngs,
        max_plies: 100_000,
        buf: &mut Vec::new(),
        log,
        decisions: &mut Default::default(),
        uniform,
        judge: None,
        diagram: None,
    })?;
    Ok((outcome, game.length()))
}

/// Plays one game from its seed and returns its transcript.
pub fn transcript<G: Game + NativePolicies>(
    opts: &[(&str, &str)],
    seats: &[&str],
    seed: u64,
) -> Result<Vec<String>, SeatFailure> {
    let mut log = Transcript::default();
    let (outcome, length) = play_logged::<G, _>(opts, seats, seed, &mut log)?;
    log.lines.push(format!("{outcome:?} length {length}"));
    Ok(log.lines)
}

/// Plays one game from its seed, silently; returns how it ended.
pub fn play<G: Game + NativePolicies>(
    opts: &[(&str, &str)],
    seats: &[&str],
    seed: u64,
) -> Result<(ludus::core::outcome::Outcome, u32), SeatFailure> {
    play_logged::<G, _>(opts, seats, seed, &mut Silent)
}

/// Plays a cell of `games` games.
pub fn cell<G: Game + NativePolicies>(
    opts: &[(&str, &str)],
    seats: &[&str],
    games: u64,
    on_bot_error: OnBotError,
) -> Result<Tally, GameFailure> {
    let plan = Cell {
        max_plies: 100_000,
        on_bot_error,
        ..Cell::single::<G>(
            options::<G>(opts),
            seats
                .iter()
                .map(|s| PolicySpec::parse(s).unwrap())
                .collect(),
            games,
            5,
        )
        .unwrap()
    };
    run_cell::<G>(&plan)
}

/// The message of a decision that must fail.
pub fn failure<G: Game + NativePolicies>(spec: &str, game: &G) -> String {
    match decide::<G>(spec, game, 1) {
        Ok(m) => panic!("{spec}: expected a failure, chose {m}"),
        Err(e) => e.message,
    }
}

/// A Rithmomachy game after `plies` seeded random moves.
pub fn midgame(plies: usize, seed: u64) -> Rithmomachy {
    let mut g = Rithmomachy::new(&options::<Rithmomachy>(&[])).unwrap();
    let mut rng = stream(seed, Stream::Seat(0));
    let mut v = Vec::new();
    for _ in 0..plies {
        if g.turn() == Turn::Over {
            break;
        }
        g.legal_moves(&mut v);
        let i = ludus::core::seed::below(&mut rng, v.len() as u32) as usize;
        g.play(v[i], &mut Silent);
    }
    g
}
