//! `ludus exact <game>`: the exact probability of each seat winning,
//! drawing and losing, its expected payoff, and the distribution of the
//! game's length, for policies whose choice is a known distribution.

use clap::Args;

use crate::cli::exact_skill::{self, SkillQuery};
use crate::cli::exact_strategy;
use crate::cli::game_options::GameOptions;
use crate::cli::{Failure, find_game};
use ludus::analysis::equilibrium::Objective;
use ludus::analysis::exact::{Bounds, Exact, ExactFractions};
use ludus::analysis::exact_error::ExactError;
use ludus::core::options::{OptionValue, Options};
use ludus::policies::policy_spec::PolicySpec;
use ludus::runner::game_entry::GameEntry;

/// Arguments of `ludus exact`.
#[derive(Args, Debug)]
pub struct ExactArgs {
    /// The game (see `ludus games`).
    game: String,
    #[command(flatten)]
    options: GameOptions,
    /// The seats' policies, comma-separated: one per seat, or one for
    /// every seat (random, or a native policy such as threshold:2).
    #[arg(long, value_name = "P,...")]
    seats: Option<String>,
    /// The most states to list before giving up (some microseconds and
    /// from a hundred bytes to some kilobytes each: Growing Hazard's ten
    /// turns list 372,065 in 0.2 GB).
    #[arg(long, default_value_t = ludus::policies::optimal::STATE_LIMIT)]
    limit: usize,
    /// Prints the optimal rule instead, every seat playing optimally for
    /// OBJECTIVE (win, the default, or payoff), as a table in the game's
    /// terms.
    #[arg(long, value_name = "OBJECTIVE", num_args = 0..=1, default_missing_value = "win")]
    strategy: Option<String>,
    /// Prints how much skill matters instead: each seat's odds playing
    /// optimally for OBJECTIVE (win, the default, or payoff) against
    /// random, the game's native policies and those --seats lists, beside
    /// its odds playing each of them itself.
    #[arg(long, value_name = "OBJECTIVE", num_args = 0..=1, default_missing_value = "win", conflicts_with = "strategy")]
    skill: Option<String>,
    /// Prints one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

/// How to go past the limit, and what it costs.
const RAISE: &str = "--limit raises it, at some microseconds and up to some kilobytes a state (Half Hazard's ten turns solved optimally by stages list 1,063,419 states in some seconds and 0.6 GB)";

/// Solves the game under the seats' policies and prints the odds.
pub fn exact(args: ExactArgs) -> Result<(), Failure> {
    let entry = find_game(&args.game)?;
    // `optimal` lists its states under the same limit.
    ludus::policies::optimal::set_state_limit(args.limit);
    let options = args.options.resolve(entry)?;
    let refused = |e: &dyn std::fmt::Display| Failure::Input(format!("{}: {e}", entry.name()));
    let in_force = entry.options_in_force(&options).map_err(|e| refused(&e))?;
    if let Some(objective) = &args.strategy {
        if args.seats.is_some() {
            return Err(Failure::Input(
                "--strategy shows every seat playing optimally: --seats does not go with it".into(),
            ));
        }
        let objective = Objective::parse(Some(objective)).ok_or_else(|| {
            Failure::Input(format!(
                "--strategy {objective}: the objective is win or payoff"
            ))
        })?;
        let table = entry
            .strategy(&options, objective, args.limit)
            .map_err(|e| match e {
                ExactError::TooManyStates { .. } => refused(&format!(
                    "{e}: the table lists every decision of the whole game; {RAISE}"
                )),
                ExactError::TooManyDecisions { decisions, .. } => refused(&format!(
                    "{e}; --limit {decisions} tables them, at some microseconds and some hundred bytes a decision in each of seven passes (Half Hazard's ten turns, 44 million decisions: about 5 minutes and 7 GB); optimal play itself needs no table: --seats optimal,optimal"
                )),
                _ => refused(&e),
            })?;
        let shown = if args.json {
            exact_strategy::json(entry, options_json(&in_force), objective, &table)
        } else {
            exact_strategy::text(entry, &in_force, objective, &table)
        };
        print!("{shown}");
        return Ok(());
    }
    if let Some(objective) = &args.skill {
        let query = SkillQuery {
            entry,
            options: &options,
            in_force: &in_force,
            objective,
            extra: args.seats.as_deref(),
            limit: args.limit,
            raise: RAISE,
        };
        let json = args.json.then(|| options_json(&in_force));
        print!("{}", exact_skill::skill_report(&query, json)?);
        return Ok(());
    }
    let players = entry.players(&options).map_err(|e| refused(&e))?;
    let seats = PolicySpec::parse_seats(
        args.seats.as_deref().unwrap_or("random"),
        players,
        &format!("{} with {in_force}", entry.name()),
    )
    .map_err(|e| Failure::Input(format!("--seats {e}")))?;
    let result = entry
        .exact(&options, &seats, Bounds::states(args.limit))
        .map_err(|e| match e {
            ExactError::TooManyStates { .. } => refused(&format!("{e}; {RAISE}")),
            // `optimal` refused by the same limit.
            ExactError::Policy { ref reason, .. } if reason.ends_with("(the limit)") => {
                refused(&format!("{e}; {RAISE}"))
            }
            _ => refused(&e),
        })?;
    if args.json {
        println!("{}", json(entry, &in_force, &seats, &result));
    } else {
        print!("{}", table(entry, &in_force, &seats, &result));
    }
    Ok(())
}

/// The options in force as a JSON object, numbers as numbers.
fn options_json(in_force: &Options) -> serde_json::Value {
    in_force
        .iter()
        .map(|(k, v)| {
            let value = match v {
                OptionValue::Int(i) => serde_json::json!(i),
                OptionValue::Choice(c) => serde_json::json!(c),
            };
            (k.to_string(), value)
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// The result as one JSON object.
fn json(entry: &dyn GameEntry, in_force: &Options, seats: &[PolicySpec], r: &Exact) -> String {
    let options = options_json(in_force);
    let seat_rows: Vec<serde_json::Value> = r
        .seats
        .iter()
        .zip(seats)
        .enumerate()
        .map(|(s, (odds, spec))| {
            let mut row = serde_json::json!({
                "seat": s + 1,
                "policy": spec.to_string(),
                "win": odds.win,
                "draw": odds.draw,
                "loss": odds.loss,
                "payoff": odds.payoff,
            });
            if let Some(f) = &r.fractions {
                let [win, draw, loss, payoff] = &f.seats[s];
                row["fractions"] = serde_json::json!({
                    "win": win.to_string(),
                    "draw": draw.to_string(),
                    "loss": loss.to_string(),
                    "payoff": payoff.to_string(),
                });
            }
            row
        })
        .collect();
    let distribution: Vec<serde_json::Value> = r
        .length
        .probabilities
        .iter()
        .map(|&(length, p)| serde_json::json!([length, p]))
        .collect();
    let mut out = serde_json::json!({
        "game": entry.name(),
        "options": options,
        "seats": seat_rows,
        "length": {
            "mean": r.mean_length,
            "distribution": distribution,
            "tail": r.length.tail,
        },
        "states": r.states,
    });
    if let Some(f) = &r.fractions {
        out["length"]["mean_fraction"] = f.mean_length.to_string().into();
    }
    if !r.length_sought {
        // Not an empty distribution: one not sought.
        out["length"]["distribution"] = serde_json::Value::Null;
    }
    out.to_string()
}

/// The result as a table: the game and its options, a line per seat, the
/// length.
fn table(entry: &dyn GameEntry, in_force: &Options, seats: &[PolicySpec], r: &Exact) -> String {
    let mut out = format!(
        "{} ({}), {} reachable states\n",
        entry.name(),
        if in_force.iter().next().is_some() {
            in_force.to_string()
        } else {
            "no options".to_string()
        },
        r.states
    );
    let width = (0..seats.len())
        .map(|s| entry.seat_name(s).len())
        .max()
        .unwrap_or(0)
        .max(4);
    let policy_width = seats
        .iter()
        .map(|p| p.to_string().len())
        .max()
        .unwrap_or(0)
        .max(6);
    out += &format!(
        "{:width$}  {:policy_width$}  {:>14}  {:>14}  {:>14}  {:>14}\n",
        "seat", "policy", "win %", "draw %", "loss %", "payoff"
    );
    for (s, (odds, spec)) in r.seats.iter().zip(seats).enumerate() {
        out += &format!(
            "{:width$}  {:policy_width$}  {:>14.10}  {:>14.10}  {:>14.10}  {:>14.10}\n",
            entry.seat_name(s),
            spec.to_string(),
            100.0 * odds.win,
            100.0 * odds.draw,
            100.0 * odds.loss,
            odds.payoff
        );
    }
    // The mode is known only if some listed length outweighs the tail,
    // the lengths past the list taken together.
    let most = match r
        .length
        .probabilities
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
    {
        Some(x) if x.1 >= r.length.tail => format!("most likely {}", x.0),
        _ => "most likely not known (the tail outweighs every listed length)".to_string(),
    };
    if !r.length_sought {
        out += &format!(
            "length: mean {:.10} {} (its distribution is not found when optimal play is solved by stages)\n",
            r.mean_length,
            entry.length_unit(),
        );
    } else {
        out += &format!(
            "length: mean {:.10} {}, {most}, {} lengths listed, tail {:.3e}\n",
            r.mean_length,
            entry.length_unit(),
            r.length.probabilities.len(),
            r.length.tail
        );
    }
    if let Some(f) = &r.fractions {
        out += &fractions_lines(entry, f);
    }
    out
}

/// The most characters of a fraction the table prints; longer ones are
/// in the JSON only.
const SHORT_FRACTION: usize = 40;

/// The exact fractions short enough to read: each seat's chance of
/// winning, and the mean length.
fn fractions_lines(entry: &dyn GameEntry, f: &ExactFractions) -> String {
    let short = |x: &ludus::analysis::exact_fractions::Fraction| {
        let text = x.to_string();
        (text.len() <= SHORT_FRACTION).then_some(text)
    };
    let mut parts: Vec<String> = f
        .seats
        .iter()
        .enumerate()
        .filter_map(|(s, [win, ..])| short(win).map(|w| format!("{} wins {w}", entry.seat_name(s))))
        .collect();
    if let Some(m) = short(&f.mean_length) {
        parts.push(format!("mean length {m}"));
    }
    if parts.is_empty() {
        "exactly: fractions too long for the table (--json gives them)\n".to_string()
    } else {
        format!("exactly: {}\n", parts.join(", "))
    }
}
