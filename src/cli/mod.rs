//! The `ludus` command line.

mod batch_args;
mod bench;
mod estimate;
mod exact;
mod exact_skill;
mod exact_strategy;
mod failure;
mod game_options;
mod games;
mod merge;
mod perft;
mod play;
mod position;
mod progress;
mod rules;
mod run;
mod search;
mod slurm;
mod slurm_rounds;
mod slurm_search;
mod solve;
mod tournament;

use clap::{Parser, Subcommand};
use ludus::core::control_text::has_control;
use ludus::core::text::inline;

pub use failure::{Failure, shown};

/// ludus: plays medieval games at scale and reports the statistics as CSV.
#[derive(Parser, Debug)]
#[command(name = "ludus", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Plays an experiment (the embedded default if no file is given) and writes CSVs.
    Run(run::RunArgs),
    /// Sums the partials of a run's shards into the report one run writes.
    Merge(merge::MergeArgs),
    /// Writes (and with --submit submits) Slurm jobs that play a run in shards and merge them.
    Slurm(slurm::SlurmArgs),
    /// Lists every game with its options, defaults and policies.
    Games,
    /// Prints a game's rules as implemented, with every interpretation made.
    Rules(rules::RulesArgs),
    /// Plays one game and prints every throw and decision.
    Play(play::PlayArgs),
    /// Shows a position (the start, a file, after some moves) as a diagram or JSON.
    Position(position::PositionArgs),
    /// Counts the positions a number of moves deep (move-generation check).
    Perft(perft::PerftArgs),
    /// The exact value of a small game and of each move from its start.
    Solve(solve::SolveArgs),
    /// The exact odds of each seat and the distribution of the length, for known policies.
    Exact(exact::ExactArgs),
    /// Measures games per second for each game with 1 and 2 threads.
    Bench(bench::BenchArgs),
    /// Plays every pair of a list of policies and rates them (Elo, Bradley-Terry).
    Tournament(tournament::TournamentArgs),
    /// Races the rule settings of a search file and writes which are best for every skill.
    Search(search::SearchArgs),
}

/// Runs the command line and returns the process exit code.
pub fn main() -> i32 {
    quiet_on_closed_pipe();
    if let Some(refused) = control_in_arguments() {
        eprintln!("error: {refused}");
        return 2;
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return bad_command_line(e),
    };
    let result = match cli.command {
        Command::Run(args) => run::run(args),
        Command::Search(args) => search::search_command(args),
        Command::Merge(args) => merge::merge(args),
        Command::Slurm(args) => slurm::slurm(args),
        Command::Games => games::games(),
        Command::Rules(args) => rules::rules(args),
        Command::Play(args) => play::play(args),
        Command::Bench(args) => bench::bench(args),
        Command::Position(args) => position::position(args),
        Command::Perft(args) => perft::perft(args),
        Command::Solve(args) => solve::solve(args),
        Command::Exact(args) => exact::exact(args),
        Command::Tournament(args) => tournament::tournament(args),
    };
    match result {
        Ok(()) => 0,
        Err(f) => {
            eprintln!("error: {}", shown(&f.to_string()));
            f.code()
        }
    }
}

/// The refusal of an argument holding a control character, if one does:
/// no path, name or value ludus takes needs one, and messages quote
/// arguments, where a newline could start a line of its own (a forged
/// `error:`).
fn control_in_arguments() -> Option<String> {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let n = args.iter().position(|a| has_control(a))?;
    // Named by its option where it is one's value: `--out X`, `--out=X`.
    let option = match args[n].split_once('=') {
        Some((o, _)) if o.starts_with("--") && !has_control(o) => Some(o),
        _ => (n > 0 && args[n - 1].starts_with('-')).then(|| args[n - 1].as_str()),
    };
    let which = match option {
        Some(o) => format!("argument {} (of {o})", n + 1),
        None => format!("argument {}", n + 1),
    };
    Some(format!(
        "{which} `{}` holds a control character, which no argument of ludus takes",
        inline(&args[n])
    ))
}

/// What clap says of a command line it cannot read (or its help), and the
/// exit code. Its messages quote the arguments as given: where one holds a
/// control character, the message is written plain with it escaped.
fn bad_command_line(e: clap::Error) -> i32 {
    let plain = e.render().to_string();
    if shown(&plain) == plain {
        e.exit();
    }
    let code = e.exit_code();
    if e.use_stderr() {
        eprint!("{}", shown(&plain));
    } else {
        print!("{}", shown(&plain));
    }
    code
}

/// The registered game called `name`, or an input error listing the games.
fn find_game(name: &str) -> Result<&'static dyn ludus::runner::game_entry::GameEntry, Failure> {
    ludus::registry::game(name).map_err(Failure::from)
}

/// `ludus play ... | head` closes the pipe early; like other Unix tools, ludus then ends
/// quietly (killed by SIGPIPE) instead of panicking in `println!`, which Rust's runtime
/// would otherwise do because it ignores SIGPIPE.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of one signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
