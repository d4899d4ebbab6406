//! Properties every game must have, checked through the game-agnostic
//! registry: random play never panics and ends, a game replayed from its seed
//! is the same game, and money is conserved. And what the runner makes of
//! any game, on a toy race of more than two seats: places tallied, a
//! failing seat retired or its game forfeited.

use ludus::core::log::Transcript;
use ludus::core::options::Options;
use ludus::policies::policy_spec::PolicySpec;
use ludus::registry;
use ludus::runner::batch::run_cell;
use ludus::runner::cell::Cell;
use ludus::runner::on_bot_error::OnBotError;
use ludus::runner::play_one::OneGame;
use ludus::runner::tally::Tally;

fn random_seats(players: usize) -> Vec<PolicySpec> {
    vec![PolicySpec::parse("random").unwrap(); players]
}

#[test]
fn random_play_ends_and_replays_identically_for_every_game() {
    for entry in registry::games() {
        let options = Options::defaults(entry.option_specs());
        let players = entry.players(&options).unwrap();
        let seats = random_seats(players);
        for seed in 0..200u64 {
            let one = OneGame {
                options: &options,
                seats: &seats,
                seed,
                max_plies: 1_000_000,
            };
            let mut first = Transcript::default();
            let a = entry.play_one(&one, &mut first).unwrap();
            let mut second = Transcript::default();
            let b = entry.play_one(&one, &mut second).unwrap();
            assert_eq!(
                first.lines,
                second.lines,
                "{} seed {seed}: the replay differs",
                entry.name()
            );
            assert_eq!(
                (a.outcome, a.length, &a.payoffs),
                (b.outcome, b.length, &b.payoffs)
            );
            assert!(
                !a.outcome.winners.is_empty(),
                "{} seed {seed}: nobody won or drew",
                entry.name()
            );
            assert!(a.outcome.winners.iter().all(|s| s < players));
            assert_eq!(
                a.payoffs.iter().sum::<i64>(),
                0,
                "{} seed {seed}: money is not conserved",
                entry.name()
            );
            assert!(
                !first.lines.is_empty(),
                "{} seed {seed}: nothing was narrated",
                entry.name()
            );
        }
    }
}

/// Every value of every option, one at a time, through everything that
/// reads options (setting up, the options in force, the rules page,
/// playing): a game that reads a key it does not declare (a typo) panics
/// in `Options::int`/`choice`, and so fails here rather than in a user's run.
#[test]
fn every_option_value_at_its_bounds_plays() {
    use ludus::core::options::OptionKind;
    for entry in registry::games() {
        for spec in entry.option_specs() {
            let values: Vec<String> = match spec.kind {
                OptionKind::Int { min, max } => vec![min.to_string(), max.min(min + 6).to_string()],
                OptionKind::Choice(names) => names.iter().map(|n| n.to_string()).collect(),
                OptionKind::IntOr { min, max, words } => words
                    .iter()
                    .map(|w| w.to_string())
                    .chain([min.to_string(), max.to_string()])
                    .collect(),
            };
            for v in values {
                let Ok(options) =
                    Options::resolve(entry.option_specs(), &[(spec.name.to_string(), v.clone())])
                else {
                    panic!(
                        "{}: {}={v} is declared valid but rejected",
                        entry.name(),
                        spec.name
                    );
                };
                let _ = entry.rules_page(&options);
                // A game may reject a combination (e.g. an odd pot); then it says why.
                let Ok(players) = entry.players(&options) else {
                    continue;
                };
                entry.options_in_force(&options).unwrap();
                for seed in 0..20 {
                    entry
                        .play_one(
                            &OneGame {
                                options: &options,
                                seats: &random_seats(players),
                                seed,
                                max_plies: 5_000,
                            },
                            &mut Transcript::default(),
                        )
                        .unwrap();
                }
            }
        }
    }
}

/// Plays `games` random games of `G` under `given` options and checks, at
/// every decision, that drawing index `k` through [`Game::pick_move`]
/// gives the `k`-th listed move (where the game draws without listing).
fn drawn_equals_listed<G: ludus::core::game::Game>(given: &[(&str, &str)], games: u64) {
    use ludus::core::dice::Dice;
    use ludus::core::game::Turn;
    use ludus::core::log::Silent;
    use ludus::core::seed::{Stream, below, stream};
    let given: Vec<(String, String)> = given
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let options = Options::resolve(G::option_specs(), &given).unwrap();
    let mut listed = Vec::new();
    for seed in 0..games {
        let mut game = G::new(&options).unwrap();
        let mut dice = Dice::seeded(stream(seed, Stream::Dice));
        let mut rng = stream(seed, Stream::Seat(0));
        loop {
            match game.turn() {
                Turn::Over => break,
                Turn::Chance => game.chance(&mut dice, &mut Silent),
                Turn::Decide(_) => {
                    game.legal_moves(&mut listed);
                    for k in 0..listed.len() {
                        let drawn = game.pick_move(&mut |n| {
                            assert_eq!(n, listed.len(), "{}: count differs", G::NAME);
                            k
                        });
                        if let Some(drawn) = drawn {
                            assert_eq!(drawn, listed[k], "{} {given:?} seed {seed}", G::NAME);
                        }
                    }
                    let k = below(&mut rng, listed.len() as u32) as usize;
                    game.play(listed[k], &mut Silent);
                }
            }
        }
    }
}

#[test]
fn a_drawn_move_is_the_listed_one_in_the_morris_family() {
    use ludus::games::morris::{Alquerque, NineMen, Rabbit, ThreeMen};
    for chain in ["optional", "must_continue", "off"] {
        for forced in ["false", "true"] {
            drawn_equals_listed::<Alquerque>(&[("chain", chain), ("forced_capture", forced)], 30);
        }
    }
    for hunters in ["10", "12"] {
        for hare_chain in ["true", "false"] {
            drawn_equals_listed::<Rabbit>(&[("hunters", hunters), ("hare_chain", hare_chain)], 40);
        }
    }
    for rules in ["seed", "ludii"] {
        for capture in ["preset", "both"] {
            drawn_equals_listed::<NineMen>(&[("rules", rules), ("capture", capture)], 30);
        }
    }
    drawn_equals_listed::<NineMen>(&[("flying", "on"), ("blocked", "passes")], 30);
    for diagonals in ["true", "false"] {
        for blocked in ["passes", "loses"] {
            drawn_equals_listed::<ThreeMen>(&[("diagonals", diagonals), ("blocked", blocked)], 100);
        }
    }
}

/// A toy race of 3 or 4 seats for the runner's places and retirements:
/// seats take turns moving 1 or 2 steps towards a goal 3 steps away; each
/// seat that reaches it takes the best place not yet given, and the last
/// seat still running takes the place left. With `retire=yes` a failing
/// seat leaves in the last place not yet given, as long as two seats run on.
mod race {
    use ludus::core::dice::Dice;
    use ludus::core::game::{Game, Turn};
    use ludus::core::log::Log;
    use ludus::core::native_policies::{NativePolicies, NativePolicyError, NativePolicyInfo};
    use ludus::core::option_error::OptionError;
    use ludus::core::options::{OptionKind, OptionSpec, Options};
    use ludus::core::outcome::Outcome;
    use ludus::core::policy::{BotError, Policy};
    use ludus::core::presentation::Presentation;
    use ludus::core::record_formats::RecordFormats;
    use ludus::core::seat::Seat;
    use ludus::core::seed::Rng;

    const GOAL: u8 = 3;

    const OPTIONS: &[OptionSpec] = &[
        OptionSpec {
            name: "players",
            doc: "seats in the race",
            kind: OptionKind::Int { min: 3, max: 4 },
            default: "4",
        },
        OptionSpec {
            name: "retire",
            doc: "whether a failing seat may leave and the others run on",
            kind: OptionKind::Choice(&["yes", "no"]),
            default: "yes",
        },
    ];

    #[derive(Clone, Debug)]
    pub struct Race {
        players: usize,
        may_retire: bool,
        steps: [u8; 4],
        /// Each seat's place once it has one, 0 while it runs.
        places: [u8; 4],
        best_free: u8,
        last_free: u8,
        to_move: Seat,
        length: u32,
    }

    impl Race {
        fn running(&self) -> impl Iterator<Item = Seat> + '_ {
            (0..self.players).filter(|&s| self.places[s] == 0)
        }

        /// Passes the turn on, or ends the race when one seat is left.
        fn next(&mut self) {
            if self.running().count() == 1 {
                let last = self.running().next().unwrap();
                self.places[last] = self.best_free;
                return;
            }
            loop {
                self.to_move = (self.to_move + 1) % self.players;
                if self.places[self.to_move] == 0 {
                    break;
                }
            }
        }
    }

    /// Always takes the first move offered: one step.
    struct First;

    impl Policy<Race> for First {
        fn choose(&mut self, _: &Race, _: &[u8], _: &mut Rng) -> Result<usize, BotError> {
            Ok(0)
        }
    }

    /// Fails at every decision.
    struct Broken;

    impl Policy<Race> for Broken {
        fn choose(&mut self, _: &Race, _: &[u8], _: &mut Rng) -> Result<usize, BotError> {
            Err(BotError {
                message: "broken on purpose".into(),
            })
        }
    }

    impl Presentation for Race {
        const TITLE: &'static str = "Race (a test game)";
        const LENGTH_UNIT: &'static str = "moves";

        fn rules() -> &'static str {
            "Seats move 1 or 2 steps in turn; the first to 3 steps is first."
        }
    }

    // No stages: played and solved whole.
    impl ludus::core::stages::Stages for Race {}

    impl NativePolicies for Race {
        fn native_policies() -> &'static [NativePolicyInfo] {
            &[
                NativePolicyInfo {
                    name: "first",
                    doc: "always one step",
                },
                NativePolicyInfo {
                    name: "broken",
                    doc: "fails at every decision",
                },
            ]
        }

        fn native_policy(
            name: &str,
            _param: Option<&str>,
        ) -> Result<Option<Box<dyn Policy<Self>>>, NativePolicyError> {
            Ok(match name {
                "first" => Some(Box::new(First)),
                "broken" => Some(Box::new(Broken)),
                _ => None,
            })
        }
    }

    impl RecordFormats for Race {}

    impl Game for Race {
        type Move = u8;
        const NAME: &'static str = "race";

        fn option_specs() -> &'static [OptionSpec] {
            OPTIONS
        }

        fn new(options: &Options) -> Result<Self, OptionError> {
            let players = options.int("players") as usize;
            Ok(Race {
                players,
                may_retire: options.choice("retire") == "yes",
                steps: [0; 4],
                places: [0; 4],
                best_free: 1,
                last_free: players as u8,
                to_move: 0,
                length: 0,
            })
        }

        fn players(&self) -> usize {
            self.players
        }

        fn turn(&self) -> Turn {
            if self.running().next().is_none() {
                Turn::Over
            } else {
                Turn::Decide(self.to_move)
            }
        }

        fn legal_moves(&self, out: &mut Vec<u8>) {
            out.clear();
            out.extend([1, 2]);
        }

        fn play<L: Log>(&mut self, mv: u8, _log: &mut L) {
            self.length += 1;
            let s = self.to_move;
            self.steps[s] += mv;
            if self.steps[s] >= GOAL {
                self.places[s] = self.best_free;
                self.best_free += 1;
            }
            self.next();
        }

        fn chance_step<L: Log>(&mut self, _dice: &mut Dice, _log: &mut L) {
            unreachable!("the race never waits for chance");
        }

        fn outcome(&self) -> Option<Outcome> {
            (self.turn() == Turn::Over)
                .then(|| Outcome::ranked(&self.places[..self.players], "finish"))
        }

        fn length(&self) -> u32 {
            self.length
        }

        fn retire(&mut self, seat: Seat) -> bool {
            if !self.may_retire || self.running().count() < 3 {
                return false;
            }
            self.places[seat] = self.last_free;
            self.last_free -= 1;
            if seat == self.to_move {
                self.next();
            }
            true
        }
    }
}

/// One cell of the race with these options and seats, played through the
/// runner with `threads` workers, a failing policy forfeiting.
fn race_cell(given: &[(&str, &str)], seats: &str, games: u64, threads: usize) -> Tally {
    use ludus::core::game::Game;
    let given: Vec<(String, String)> = given
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let options = Options::resolve(race::Race::option_specs(), &given).unwrap();
    let players = options.int("players") as usize;
    let seats = PolicySpec::parse_seats(seats, players, "race").unwrap();
    let mut plan = Cell::single::<race::Race>(options, seats, games, 7).unwrap();
    plan.on_bot_error = OnBotError::Forfeit;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| run_cell::<race::Race>(&plan)).unwrap()
}

#[test]
fn places_are_tallied_per_seat_whatever_the_threads() {
    let one = race_cell(&[], "random", 3000, 1);
    assert_eq!(one, race_cell(&[], "random", 3000, 2));
    assert_eq!(one.games, 3000);
    for s in 0..4 {
        // Every game gives the seat one place; place 1 is its wins.
        assert_eq!(one.places[s][..4].iter().sum::<u64>(), 3000, "seat {s}");
        assert_eq!(one.places[s][4..], [0; 4]);
        assert_eq!(one.places[s][0], one.wins[s]);
        // A race has no ties: each place goes to one seat a game.
        assert_eq!((0..4).map(|t| one.places[t][s]).sum::<u64>(), 3000);
        let mean = (0..4)
            .map(|p| (p + 1) as f64 * one.places[s][p] as f64)
            .sum::<f64>()
            / 3000.0;
        assert_eq!(one.mean_place(s), Some(mean));
    }
    // Seat 1 moves first and so wins most.
    assert!(one.wins[0] > one.wins[3], "{:?}", one.wins);
    // One step at a time, the seats finish in seat order.
    let fixed = race_cell(&[], "first", 50, 1);
    for s in 0..4 {
        assert_eq!(fixed.places[s][s], 50, "seat {s}: {:?}", fixed.places[s]);
    }
    assert_eq!(fixed.mean_place(3), Some(4.0));
}

#[test]
fn a_failing_seat_that_retires_is_last_and_the_race_goes_on() {
    let t = race_cell(&[], "first,broken,first,first", 40, 2);
    // Seat 2 leaves in 4th place; seats 1, 3 and 4 finish in that order.
    for (seat, place) in [(0, 1), (1, 4), (2, 2), (3, 3)] {
        assert_eq!(t.places[seat][place - 1], 40, "seat {}", seat + 1);
    }
    assert_eq!(t.ended_by("finish"), 40);
    assert_eq!(t.ended_by("bot-error"), 0);
    assert_eq!(t.forfeits, 40);
    let first = t.first_forfeit.as_ref().unwrap();
    assert_eq!((first.game_index, first.seat, first.ply), (0, 1, 1));
    assert_eq!(first.message, "broken on purpose");
    // Two seats leave: the first to go is last, the second third.
    let t = race_cell(&[], "broken,broken,first,first", 40, 1);
    for (seat, place) in [(0, 4), (1, 3), (2, 1), (3, 2)] {
        assert_eq!(t.places[seat][place - 1], 40, "seat {}", seat + 1);
    }
    assert_eq!((t.ended_by("finish"), t.forfeits), (40, 40));
}

#[test]
fn a_failing_seat_that_cannot_retire_ends_the_game_last() {
    let t = race_cell(&[("retire", "no")], "first,broken,first,first", 40, 2);
    assert_eq!(t.ended_by("bot-error"), 40);
    assert_eq!(t.forfeits, 40);
    // The others share first place: a draw of three, seat 2 fourth.
    assert_eq!(t.places[1][3], 40);
    for s in [0, 2, 3] {
        assert_eq!((t.places[s][0], t.draws[s], t.wins[s]), (40, 40, 0));
    }
    assert_eq!(t.mean_place(1), Some(4.0));
    // Three seats, one retired: the next failure cannot retire (one seat
    // would run alone), so it takes the last place left and seat 3 wins.
    let t = race_cell(&[("players", "3")], "broken,broken,first", 40, 1);
    for (seat, place) in [(0, 3), (1, 2), (2, 1)] {
        assert_eq!(t.places[seat][place - 1], 40, "seat {}", seat + 1);
    }
    assert_eq!(
        (t.ended_by("bot-error"), t.wins[2], t.forfeits),
        (40, 40, 40)
    );
}

/// Issue 30: the runner records who moved first where lots or opening
/// throws decide it, and counts decisions apart from turns.
#[test]
fn first_movers_and_decisions_are_tallied() {
    use ludus::core::game::Game;
    use ludus::games::dice::hazard::Hazard;
    use ludus::games::morris::NineMen;
    fn cell<G: Game + ludus::core::native_policies::NativePolicies>(
        given: &[(&str, &str)],
        games: u64,
    ) -> Tally {
        let given: Vec<(String, String)> = given
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let options = Options::resolve(G::option_specs(), &given).unwrap();
        let players = G::new(&options).unwrap().players();
        let plan = Cell::single::<G>(options, random_seats(players), games, 11).unwrap();
        run_cell::<G>(&plan).unwrap()
    }
    let turns = |t: &Tally| -> u64 {
        t.lengths
            .iter()
            .enumerate()
            .map(|(l, n)| l as u64 * n)
            .sum()
    };
    let lots = cell::<NineMen>(&[("rules", "ludii")], 400);
    assert_eq!(lots.first_moves[0] + lots.first_moves[1], 400);
    assert!(
        lots.first_moves[0] > 150 && lots.first_moves[1] > 150,
        "{:?}",
        lots.first_moves
    );
    for s in 0..2 {
        assert!(lots.first_wins[s] <= lots.wins[s].min(lots.first_moves[s]));
    }
    // Every mill is a second decision of its turn.
    assert!(
        lots.decisions > turns(&lots),
        "{} decisions, {} turns",
        lots.decisions,
        turns(&lots)
    );
    let fixed = cell::<NineMen>(&[("rules", "ludii"), ("first", "seat2")], 50);
    assert_eq!(fixed.first_moves[..2], [0, 50]);
    // Ludii's other presets hold one decision a turn: their random games
    // are what they were before turns split, and agree with Ludii as before.
    let one_each = [
        cell::<ludus::games::morris::Alquerque>(&[("chain", "off"), ("first", "seat1")], 200),
        cell::<ludus::games::morris::Rabbit>(&[("first", "hunters"), ("hare_chain", "false")], 200),
        cell::<ludus::games::morris::ThreeMen>(&[("draw_rule", "false"), ("first", "seat1")], 200),
    ];
    for t in &one_each {
        assert_eq!(t.decisions, turns(t));
    }
    let thrown = cell::<Hazard>(&[("players", "3"), ("order", "highest")], 600);
    assert_eq!(thrown.first_moves[..3].iter().sum::<u64>(), 600);
    assert!(
        thrown.first_moves[..3].iter().all(|&n| n > 120),
        "{:?}",
        thrown.first_moves
    );
    assert_eq!(thrown.decisions, 0, "hazard has no decisions");
}

/// Checks, at `points` chance events of random games of `G` under
/// `given`, that the listed outcomes' probabilities add up to 1 and that
/// sampling with seeded dice follows them: each resulting position (by
/// content hash) comes up within 5 standard errors of its listed chance,
/// and none comes up that is not listed.
fn sampling_follows_the_listed_outcomes<G: ludus::core::game::Game>(
    given: &[(&str, &str)],
    points: u64,
) {
    use ludus::core::chance_outcomes::{apply, outcomes};
    use ludus::core::dice::Dice;
    use ludus::core::game::Turn;
    use ludus::core::log::Silent;
    use ludus::core::seed::{Stream, below, stream};
    use std::collections::HashMap;
    let given: Vec<(String, String)> = given
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let options = Options::resolve(G::option_specs(), &given).unwrap();
    let mut checked = 0;
    let mut moves = Vec::new();
    // What tells positions apart: the state key, or where a game has
    // none, its content hash.
    let id = |g: &G| -> Vec<u8> {
        let mut key = ludus::core::state_key::StateKey::default();
        if g.state_key(&mut key) {
            key.0
        } else {
            g.content_hash().unwrap().to_le_bytes().to_vec()
        }
    };
    for seed in 0..points {
        // A chance event some random decisions into a game.
        let mut game = G::new(&options).unwrap();
        let mut dice = Dice::seeded(stream(seed, Stream::Dice));
        let mut rng = stream(seed, Stream::Seat(0));
        let stop = if seed == 0 { 0 } else { below(&mut rng, 12) };
        let mut chances = 0;
        while game.turn() != Turn::Over {
            match game.turn() {
                Turn::Chance if chances == stop => break,
                Turn::Chance => {
                    chances += 1;
                    game.chance(&mut dice, &mut Silent);
                }
                _ => {
                    game.legal_moves(&mut moves);
                    let k = below(&mut rng, moves.len() as u32) as usize;
                    game.play(moves[k], &mut Silent);
                }
            }
        }
        if game.turn() != Turn::Chance {
            continue;
        }
        checked += 1;
        let listed = outcomes(&game, 20_000).unwrap();
        let total: f64 = listed.iter().map(|o| o.probability).sum();
        assert!(
            (total - 1.0).abs() < 1e-12,
            "{} {given:?}: {total}",
            G::NAME
        );
        let mut chance: HashMap<Vec<u8>, f64> = HashMap::new();
        for o in &listed {
            let mut g = game.clone();
            apply(&mut g, &o.faces);
            *chance.entry(id(&g)).or_default() += o.probability;
        }
        let n = 4000;
        let mut seen: HashMap<Vec<u8>, u64> = HashMap::new();
        for i in 0..n {
            let mut g = game.clone();
            g.chance_step(
                &mut Dice::seeded(stream(seed * 1_000_003 + i, Stream::Dice)),
                &mut Silent,
            );
            *seen.entry(id(&g)).or_default() += 1;
        }
        for (h, &k) in &seen {
            let p = *chance
                .get(h)
                .unwrap_or_else(|| panic!("{} seed {seed}: a sampled outcome not listed", G::NAME));
            let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
            let f = k as f64 / n as f64;
            assert!(
                (f - p).abs() <= 5.0 * se + 1e-12,
                "{} {given:?} seed {seed}: {f} sampled, {p} listed",
                G::NAME
            );
        }
    }
    assert!(checked > 0, "{}: no chance event met", G::NAME);
}

#[test]
fn chance_events_list_their_outcomes_as_sampling_finds_them() {
    use ludus::games::chess::GrandeAcedrex;
    use ludus::games::morris::ThreeMen;
    sampling_follows_the_listed_outcomes::<ThreeMen>(&[], 3);
    sampling_follows_the_listed_outcomes::<GrandeAcedrex>(&[("dice", "d8")], 6);
    sampling_follows_the_listed_outcomes::<ludus::games::chess::FourSeasons>(&[("dice", "two")], 6);
    sampling_follows_the_listed_outcomes::<ludus::games::dice::hazard::Hazard>(
        &[("order", "fixed")],
        2,
    );
}

/// A game whose one chance event throws a die until a six: its ways to
/// fall have no bound.
mod until_six {
    use ludus::core::dice::Dice;
    use ludus::core::game::{Game, Turn};
    use ludus::core::log::Log;
    use ludus::core::option_error::OptionError;
    use ludus::core::options::{OptionSpec, Options};
    use ludus::core::outcome::Outcome;

    #[derive(Clone, Debug, Default)]
    pub struct UntilSix {
        throws: u32,
        done: bool,
    }

    impl Game for UntilSix {
        type Move = u8;
        const NAME: &'static str = "until-six";

        fn option_specs() -> &'static [OptionSpec] {
            &[]
        }

        fn new(_options: &Options) -> Result<Self, OptionError> {
            Ok(UntilSix::default())
        }

        fn players(&self) -> usize {
            1
        }

        fn turn(&self) -> Turn {
            if self.done { Turn::Over } else { Turn::Chance }
        }

        fn legal_moves(&self, out: &mut Vec<u8>) {
            out.clear();
        }

        fn play<L: Log>(&mut self, _mv: u8, _log: &mut L) {
            unreachable!("no decisions");
        }

        fn chance_step<L: Log>(&mut self, dice: &mut Dice, _log: &mut L) {
            loop {
                self.throws += 1;
                if dice.die() == 6 {
                    break;
                }
            }
            self.done = true;
        }

        fn outcome(&self) -> Option<Outcome> {
            self.done.then(|| Outcome::win(0, "six"))
        }

        fn length(&self) -> u32 {
            self.throws
        }
    }
}

#[test]
fn every_chance_event_is_one_throw_listed_whole_or_refused() {
    use ludus::core::chance_outcomes::{ChanceError, outcomes};
    use ludus::core::game::Game;
    use ludus::games::chess::FourSeasons;
    use ludus::games::dice::hazard::Hazard;
    // A Hazard event is one throw of three dice, however long the round:
    // listed whole, below any limit that admits them, as the 16 totals
    // its 216 ways make (only the total is read), each shown by its first
    // ascending set: 3 by 1-1-1 once, 10 by 1-3-6 in 27 ways.
    let g = Hazard::new(&Options::defaults(Hazard::option_specs())).unwrap();
    let listed = outcomes(&g, 10_000).unwrap();
    assert_eq!(listed.len(), 16);
    let ways: Vec<(u32, u32)> = listed
        .iter()
        .map(|o| {
            let total = o.faces.iter().map(|&f| u32::from(f)).sum();
            (total, (o.probability * 216.0).round() as u32)
        })
        .collect();
    let expected = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
    assert_eq!(ways, (3..=18).zip(expected).collect::<Vec<_>>());
    assert_eq!(listed[0].faces, [1, 1, 1]);
    assert_eq!(listed[7].faces, [1, 3, 6]);
    assert_eq!(outcomes(&g, 10), Err(ChanceError::TooMany { limit: 10 }));
    // Four Seasons' throw no longer passes a lost turn on within the
    // event: one die, or two, of its own faces.
    for (dice, ways) in [("one", 1), ("two", 2)] {
        let options = Options::resolve(
            FourSeasons::option_specs(),
            &[("dice".to_string(), dice.to_string())],
        )
        .unwrap();
        let g = FourSeasons::new(&options).unwrap();
        assert_eq!(g.turn(), ludus::core::game::Turn::Chance);
        let listed = outcomes(&g, 2_000).unwrap();
        assert!(listed.iter().all(|o| o.faces.len() == ways), "{listed:?}");
        let total: f64 = listed.iter().map(|o| o.probability).sum();
        assert!((total - 1.0).abs() < 1e-12, "{total}");
    }
    // A die thrown until a six in one event: refused by the dice its runs
    // throw (each replays the event from its start), before its runs.
    let g = until_six::UntilSix::default();
    assert_eq!(
        outcomes(&g, 100_000),
        Err(ChanceError::TooMany { limit: 100_000 })
    );
}
