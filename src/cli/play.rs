//! `ludus play <game>`: one game, every throw and decision printed.

use clap::{ArgGroup, Args};

use ludus::analysis::start::Start;
use ludus::core::options::Options;
use ludus::core::plural::plural;
use ludus::core::seed::game_seed;
use ludus::core::text::{bounded, printable};
use ludus::plan::experiment::{DEFAULT_MAX_PLIES, Experiment};
use ludus::policies::policy_spec::PolicySpec;
use ludus::reports::records;
use ludus::reports::replay_page;
use ludus::runner::drive::SeatFailure;
use ludus::runner::game_entry::GameEntry;
use ludus::runner::game_record::GameRecord;
use ludus::runner::play_one::{LogDyn, OneGame};

use crate::cli::game_options::GameOptions;
use crate::cli::{Failure, find_game};

/// Arguments of `ludus play`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("source").args(["experiment", "record"])))]
pub struct PlayArgs {
    /// The game (see `ludus games`); optional with --experiment or
    /// --record, which name it.
    #[arg(value_name = "GAME", required_unless_present_any = ["experiment", "record"])]
    game_name: Option<String>,
    #[command(flatten)]
    options: GameOptions,
    /// One policy per seat, comma-separated, or one policy for every seat
    /// (default: random for every seat). Commas inside a Lua script's
    /// braces, and before a search policy's settings (`mcts:20,c=1.0`),
    /// do not separate seats; a script path holding a comma goes in double
    /// quotes (`lua:"bots/a,b.lua"`). `--seat` takes any policy whole.
    #[arg(long, value_name = "P1,P2,...", conflicts_with = "seat")]
    seats: Option<String>,
    /// One seat's policy, taken whole (commas, spaces and quotes are part
    /// of it): repeat it once per seat, in seat order, or give it once for
    /// every seat. Replay commands write their seats so, e.g. `--seat
    /// mcts:20,c=1.0 --seat 'lua:bots/a, b.lua'`.
    #[arg(long, value_name = "POLICY")]
    seat: Vec<String>,
    /// The game's seed; the same seed plays the same game [default: 1]. With
    /// --experiment, it replaces the experiment's seed, as `ludus run --seed`
    /// does.
    #[arg(long)]
    seed: Option<u64>,
    /// Stop the game as a draw at this length.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    max_plies: u32,
    /// Plays one game of this experiment file's cell, with the cell's game,
    /// options, seats and max_plies, and the seed `ludus run` gives that game.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["opts", "rules", "seats", "seat", "max_plies"]
    )]
    experiment: Option<String>,
    /// Replays game --game K (the file's line K, from 0) of a run's or a
    /// tournament's records.jsonl (`--record N`) from its seed, options and
    /// seats, and checks that every decision, throw and the result are
    /// the record's: a game that parts from it exits 1, naming where.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["opts", "rules", "seats", "seat", "max_plies", "seed", "cell"]
    )]
    record: Option<String>,
    /// The cell of --experiment, numbered from 0 in the order `ludus run` lists them.
    #[arg(long, value_name = "C", default_value_t = 0, requires = "experiment")]
    cell: usize,
    /// The game's index in that cell, from 0; with --record, the game's
    /// line in the file, from 0.
    #[arg(
        long = "game",
        value_name = "I",
        default_value_t = 0,
        requires = "source"
    )]
    game_index: u64,
    /// Draws the board at the start and after each decision, as `ludus
    /// position` draws it (games without a board say so once).
    #[arg(long)]
    board: bool,
    /// Also writes the game replayed on its board, step by step, as one
    /// self-contained page (what a run's records.html shows of each kept
    /// game).
    #[arg(long, value_name = "FILE")]
    html: Option<String>,
}

/// Prints the narration, and the boards where they are wanted.
struct Printer {
    boards: bool,
}

impl LogDyn for Printer {
    fn line_dyn(&mut self, text: String) {
        println!("{text}");
    }

    fn boards(&self) -> bool {
        self.boards
    }
}

/// The options in force as the header gives them: every option, defaults
/// and a preset's values included, `key=value` apart by spaces.
fn header_options(in_force: &Options) -> String {
    in_force
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What one game is played with.
struct Setup {
    entry: &'static dyn GameEntry,
    options: Options,
    seats: Vec<PolicySpec>,
    seed: u64,
    max_plies: u32,
}

/// The seats `--seats` lists, or `--seat` gives one by one: one policy
/// per seat, or one for every seat (random without either).
fn seats_of(
    entry: &dyn GameEntry,
    options: &Options,
    list: Option<&str>,
    each: &[String],
) -> Result<Vec<PolicySpec>, Failure> {
    let players = entry
        .players(options)
        .map_err(|e| Failure::Input(format!("{}: {e}", entry.name())))?;
    // One policy plays every seat, as in experiment files and `ludus bench`.
    let game = format!("{} with {options}", entry.name());
    if each.is_empty() {
        return PolicySpec::parse_seats(list.unwrap_or("random"), players, &game)
            .map_err(|e| Failure::Input(format!("--seats {e}")));
    }
    let specs = each
        .iter()
        .map(|p| PolicySpec::parse(p).map_err(|e| Failure::Input(format!("--seat {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    match specs.len() {
        1 => Ok(vec![specs[0].clone(); players]),
        n if n == players => Ok(specs),
        n => Err(Failure::Input(format!(
            "--seat is given {} but {game} has {}: give it once per seat, or once for every seat",
            plural(n, "time"),
            plural(players, "seat")
        ))),
    }
}

/// Game `args.game_index` of cell `args.cell` of the experiment file `path`.
fn from_experiment(args: &PlayArgs, path: &str) -> Result<Setup, Failure> {
    let mut experiment = Experiment::load(path).map_err(Failure::from)?;
    if let Some(seed) = args.seed {
        experiment.set_seed(seed);
    }
    let cells = experiment.cells.len();
    let plan = experiment.cells.get(args.cell).ok_or_else(|| {
        Failure::Input(format!(
            "{path}: --cell {}: the experiment has {} (0-{})",
            args.cell,
            plural(cells, "cell"),
            cells - 1
        ))
    })?;
    if args.game_index >= plan.cell.games {
        return Err(Failure::Input(format!(
            "{path}: --game {}: cell {} plays {} (0-{})",
            args.game_index,
            args.cell,
            plural(plan.cell.games as usize, "game"),
            plan.cell.games - 1
        )));
    }
    let entry = plan.game;
    if let Some(named) = &args.game_name
        && *named != entry.name()
    {
        return Err(Failure::Input(format!(
            "{path}: cell {} plays {}, not {named}",
            args.cell, plan.game
        )));
    }
    println!(
        "{}: cell {}, game {} (experiment seed {})",
        crate::cli::shown(path),
        args.cell,
        args.game_index,
        experiment.seed
    );
    Ok(Setup {
        entry,
        options: plan.cell.options.clone(),
        seats: plan.cell.seats.clone(),
        seed: game_seed(experiment.seed, args.cell as u64, args.game_index),
        max_plies: plan.cell.max_plies,
    })
}

/// The game, options, seats and seed the command line gives.
fn from_arguments(args: &PlayArgs) -> Result<Setup, Failure> {
    let name = args.game_name.as_deref().expect("clap requires the game");
    let entry = find_game(name)?;
    let options = args.options.resolve(entry)?;
    let seats = seats_of(entry, &options, args.seats.as_deref(), &args.seat)?;
    Ok(Setup {
        entry,
        options,
        seats,
        seed: args.seed.unwrap_or(1),
        max_plies: args.max_plies,
    })
}

/// Game `args.game_index` (its line, from 0) of the records file `path`.
fn from_record(args: &PlayArgs, path: &str) -> Result<(Setup, GameRecord), Failure> {
    let record = records::read(path, args.game_index).map_err(|e| Failure::Input(e.to_string()))?;
    let at = |what: String| {
        Failure::Input(format!(
            "{}: line {} (from 0): {what}",
            crate::cli::shown(path),
            args.game_index
        ))
    };
    let entry = find_game(&record.game).map_err(|e| at(e.to_string()))?;
    if let Some(named) = &args.game_name
        && *named != entry.name()
    {
        return Err(at(format!(
            "the record is of {}, not {named}",
            entry.name()
        )));
    }
    let given: Vec<(&str, &str)> = record
        .options
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let options = Options::of(entry.option_specs(), &given).map_err(|e| at(e.to_string()))?;
    let seats = record
        .seats
        .iter()
        .map(|p| PolicySpec::parse(p).map_err(|e| at(format!("seats: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    let players = entry.players(&options).map_err(|e| at(e.to_string()))?;
    if seats.len() != players {
        return Err(at(format!(
            "the record gives {} for {} seats",
            plural(seats.len(), "policy"),
            players
        )));
    }
    println!(
        "{}: line {}, {}, game {}",
        crate::cli::shown(path),
        args.game_index,
        record.place(),
        record.index
    );
    let setup = Setup {
        entry,
        options,
        seats,
        seed: record.seed,
        max_plies: record.max_plies,
    };
    Ok((setup, record))
}

/// Plays and prints one game; with --record, checks it against the record.
pub fn play(args: PlayArgs) -> Result<(), Failure> {
    let (setup, expected) = match (&args.experiment, &args.record) {
        (Some(path), _) => (from_experiment(&args, path)?, None),
        (None, Some(path)) => {
            let (setup, record) = from_record(&args, path)?;
            (setup, Some(record))
        }
        (None, None) => (from_arguments(&args)?, None),
    };
    let Setup {
        entry,
        options,
        seats,
        seed,
        max_plies,
    } = setup;
    let in_force = entry
        .options_in_force(&options)
        .map_err(|e| Failure::Input(format!("{}: {e}", entry.name())))?;
    for (s, spec) in seats.iter().enumerate() {
        entry
            .check_policy(spec, &in_force)
            .map_err(|e| Failure::Input(format!("seat {} ({spec}): {e}", s + 1)))?;
    }
    println!(
        "{} — {} — seed {seed}",
        entry.title(),
        header_options(&in_force)
    );
    // A game without positions to show (the dice games) answers the
    // empty replay with an error: its narration is all there is.
    let boards = args.board
        && entry
            .position(&Start::new(&options, None), &[], false)
            .is_ok();
    if args.board && !boards {
        eprintln!(
            "{}: the game has no board to show; --board adds nothing to its narration",
            entry.name()
        );
    }
    let one = OneGame {
        options: &options,
        seats: &seats,
        seed,
        max_plies,
    };
    let mut printer = Printer { boards };
    let played = match &expected {
        // The record's own cell and index, so that only the play may differ.
        Some(r) => {
            let (replayed, played) = GameRecord::play(entry, &one, (r.cell, r.index), &mut printer);
            if let Some(part) = r.first_difference(&replayed) {
                let path = args.record.as_deref().unwrap_or_default();
                return Err(Failure::Io(format!(
                    "{}: line {}: the replay parts from the record at {}",
                    crate::cli::shown(path),
                    args.game_index,
                    printable(part.as_bytes(), true)
                )));
            }
            let played = played.map_err(|_| {
                let said = replayed.failure.unwrap_or_default();
                Failure::Bot(format!(
                    "{} (as recorded)",
                    bounded(
                        &printable(said.as_bytes(), true),
                        ludus::runner::tally::MESSAGE_BYTES
                    )
                ))
            })?;
            println!(
                "the replay matches the record: {}, {}, the same result",
                plural(r.decisions(), "decision"),
                plural(r.play.len() - r.decisions(), "throw line")
            );
            Ok(played)
        }
        None if args.html.is_some() => {
            let (cell, index) = (args.cell, args.game_index);
            let (record, played) = GameRecord::play(entry, &one, (cell, index), &mut printer);
            write_page(args.html.as_deref().unwrap_or_default(), &record)?;
            played.map_err(|f| failed(&seats, &f))
        }
        None => entry
            .play_one(&one, &mut printer)
            .map_err(|f| failed(&seats, &f)),
    }?;
    if let (Some(file), Some(r)) = (&args.html, &expected) {
        write_page(file, r)?;
    }
    let o = played.outcome;
    // Where a turn may hold several decisions, both counts.
    let length = if played.decisions > 0 && played.decisions != played.length {
        format!("{} ({} decisions)", played.length, played.decisions)
    } else {
        played.length.to_string()
    };
    match o.sole_winner() {
        Some(w) => println!(
            "{} wins ({}); length {length}",
            entry.seat_name(w),
            o.reason,
        ),
        None => {
            let who: Vec<String> = o.winners.iter().map(|s| entry.seat_name(s)).collect();
            println!(
                "draw between {} ({}); length {length}",
                who.join(", "),
                o.reason,
            );
        }
    }
    let players = played.payoffs.len();
    if players > 2 {
        // Where more than two play, who came where says more than who won.
        let mut order: Vec<usize> = (0..players).collect();
        order.sort_by_key(|&s| (o.place(s), s));
        let places: Vec<String> = order
            .iter()
            .map(|&s| format!("{} {}", ordinal(o.place(s)), entry.seat_name(s)))
            .collect();
        println!("places: {}", places.join(", "));
    }
    if played.payoffs.iter().any(|&p| p != 0) {
        let pays: Vec<String> = played
            .payoffs
            .iter()
            .enumerate()
            .map(|(s, p)| format!("{}: {p:+}", entry.seat_name(s)))
            .collect();
        println!("payoffs: {}", pays.join(", "));
    }
    Ok(())
}

/// What a failing seat's policy is reported as.
fn failed(seats: &[PolicySpec], f: &SeatFailure) -> Failure {
    Failure::Bot(format!(
        "seat {} ({}) failed at length {}: {}",
        f.seat + 1,
        seats[f.seat],
        f.ply,
        bounded(
            &printable(f.error.message.as_bytes(), true),
            ludus::runner::tally::MESSAGE_BYTES
        )
    ))
}

/// Writes `record` replayed on its board to `file` (`--html`), and says where.
fn write_page(file: &str, record: &GameRecord) -> Result<(), Failure> {
    let title = format!("{}: {} game {}", record.game, record.place(), record.index);
    std::fs::write(
        file,
        replay_page::page(&title, std::slice::from_ref(record)),
    )
    .map_err(|e| Failure::Io(format!("{}: {e}", crate::cli::shown(file))))?;
    println!(
        "the game on its board, step by step: {}",
        crate::cli::shown(file)
    );
    Ok(())
}

/// A place as readers write it: 1st, 2nd, 3rd, 4th.
fn ordinal(place: u8) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}
