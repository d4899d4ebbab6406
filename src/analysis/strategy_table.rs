//! Optimal play as a table a reader can follow: every decision state of
//! the equilibrium ([`crate::analysis::equilibrium`]) described in the
//! game's terms ([`Presentation::situation`]), states alike in all but
//! the last term grouped in one row, and that last term given in ranges
//! of one choice: "turn 1, lead 0, numbers 7 and 9, pot 20: won 0-5
//! throw, 6-20 stop".

use std::collections::BTreeMap;

use crate::analysis::equilibrium::{Objective, equilibrium_visiting};
use crate::analysis::exact_error::ExactError;
use crate::core::game::{Game, Turn};
use crate::core::presentation::Presentation;
use crate::core::seat::Seat;

/// The optimal rule of a game, row by row.
#[derive(Clone, Debug, PartialEq)]
pub struct StrategyTable {
    /// The names of the terms the choice depends on, the last the one
    /// each row gives in ranges.
    pub terms: Vec<&'static str>,
    /// The terms left out: with the others as they are, they never
    /// change the choice.
    pub left_out: Vec<&'static str>,
    /// The rows, by seat, then by the other terms, ascending.
    pub rows: Vec<StrategyRow>,
    /// Each seat's objective at the start, under optimal play by all.
    pub value: Vec<f64>,
    /// How many states are reachable.
    pub states: usize,
    /// How many of them are decisions.
    pub decisions: usize,
}

/// The decisions of one seat in one situation but for its last term.
#[derive(Clone, Debug, PartialEq)]
pub struct StrategyRow {
    /// The seat deciding.
    pub seat: Seat,
    /// The values of every term but the last.
    pub given: Vec<i64>,
    /// The last term's values, in ranges of one choice, ascending.
    pub spans: Vec<Span>,
}

/// The last term's values from `from` to `to` (those met: not every value
/// between need occur) share one choice.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    /// The smallest value.
    pub from: i64,
    /// The largest value.
    pub to: i64,
    /// The move chosen; where states alike in every term choose
    /// differently, each move with how many states choose it, e.g.
    /// `"throw 3 / stop 1"`.
    pub choice: String,
}

/// The equilibrium of the game from `start` for `objective`, as a table,
/// refusing more than `limit` reachable states.
///
/// ```
/// use ludus::analysis::equilibrium::Objective;
/// use ludus::analysis::strategy_table::strategy_table;
/// use ludus::core::game::Game;
/// use ludus::core::options::Options;
/// use ludus::games::dice::half_hazard::HalfHazard;
/// let given = [("rounds".to_string(), "1".to_string())];
/// let o = Options::resolve(HalfHazard::option_specs(), &given).unwrap();
/// let t = strategy_table(&HalfHazard::new(&o).unwrap(), Objective::Payoff, 1_000_000).unwrap();
/// assert_eq!(t.terms.last(), Some(&"won"));
/// // With nothing won the thrower always throws on.
/// assert!(t.rows.iter().all(|r| r.spans[0].from > 0 || r.spans[0].choice == "throw"));
/// ```
pub fn strategy_table<G: Game + Presentation>(
    start: &G,
    objective: Objective,
    limit: usize,
) -> Result<StrategyTable, ExactError> {
    let mut terms: Option<Vec<&'static str>> = None;
    let mut met: Vec<(usize, Seat, Vec<i64>, Vec<String>)> = Vec::new();
    let mut moves = Vec::new();
    let strategy = equilibrium_visiting(start, objective, limit, |state, game: &G| {
        let situation = game.situation();
        terms.get_or_insert_with(|| situation.iter().map(|&(name, _)| name).collect());
        game.legal_moves(&mut moves);
        let seat = match game.turn() {
            Turn::Decide(seat) => seat,
            _ => unreachable!("only decisions are visited"),
        };
        let labels = moves.iter().map(|m| m.to_string()).collect();
        met.push((
            state,
            seat,
            situation.into_iter().map(|(_, v)| v).collect(),
            labels,
        ));
    })?;
    let terms = terms.unwrap_or_default();
    if terms.is_empty() && !met.is_empty() {
        return Err(ExactError::NoSituation { game: G::NAME });
    }
    let decided: Vec<(Seat, Vec<i64>, String)> = met
        .into_iter()
        .map(|(state, seat, values, labels)| (seat, values, labels[strategy.pick(state)].clone()))
        .collect();
    // Leave out each term in turn whose absence makes no states alike
    // in the rest choose differently where they did not before: the
    // terms nearest the last first, so that of two that say the same the
    // earlier, which the game lists as the more telling, stays.
    let given = terms.len().saturating_sub(1);
    let mut keep = vec![true; given];
    let mixed = mixed_choices(&group(&decided, &keep));
    for t in (0..given).rev() {
        keep[t] = false;
        if mixed_choices(&group(&decided, &keep)) > mixed {
            keep[t] = true;
        }
    }
    let rows = group(&decided, &keep)
        .into_iter()
        .map(|((seat, given), by_last)| {
            let mut spans: Vec<Span> = Vec::new();
            for (value, choices) in by_last {
                let choice = match choices.len() {
                    1 => choices.into_keys().next().unwrap_or_default(),
                    _ => choices
                        .iter()
                        .map(|(c, n)| format!("{c} {n}"))
                        .collect::<Vec<_>>()
                        .join(" / "),
                };
                match spans.last_mut() {
                    Some(span) if span.choice == choice => span.to = value,
                    _ => spans.push(Span {
                        from: value,
                        to: value,
                        choice,
                    }),
                }
            }
            StrategyRow { seat, given, spans }
        })
        .collect();
    let (kept, left_out): (Vec<_>, Vec<_>) =
        terms[..given].iter().zip(&keep).partition(|(_, k)| **k);
    Ok(StrategyTable {
        terms: kept
            .into_iter()
            .map(|(t, _)| *t)
            .chain(terms.last().copied())
            .collect(),
        left_out: left_out.into_iter().map(|(t, _)| *t).collect(),
        rows,
        value: strategy.value.clone(),
        states: strategy.states,
        decisions: decided.len(),
    })
}

/// Decisions by seat and kept terms, then by the last term: how many
/// states choose each move.
type Grouped = BTreeMap<(Seat, Vec<i64>), BTreeMap<i64, BTreeMap<String, usize>>>;

/// The decisions grouped by seat and the terms `keep` marks, then by
/// the last term.
fn group(decided: &[(Seat, Vec<i64>, String)], keep: &[bool]) -> Grouped {
    let mut grouped = Grouped::new();
    for (seat, values, choice) in decided {
        let given: Vec<i64> = values
            .iter()
            .zip(keep)
            .filter(|(_, k)| **k)
            .map(|(v, _)| *v)
            .collect();
        let last = values.last().copied().unwrap_or(0);
        *grouped
            .entry((*seat, given))
            .or_default()
            .entry(last)
            .or_default()
            .entry(choice.clone())
            .or_default() += 1;
    }
    grouped
}

/// How many situations of `grouped` see more than one choice.
fn mixed_choices(grouped: &Grouped) -> usize {
    grouped
        .values()
        .flat_map(|by_last| by_last.values())
        .filter(|choices| choices.len() > 1)
        .count()
}
