//! Optimal play as a table a reader can follow: every decision state of
//! the equilibrium ([`crate::analysis::equilibrium`]) described in the
//! game's terms ([`Presentation::situation`]), states alike in all but
//! the last term grouped in one row, and that last term given in ranges
//! of one choice: "turn 1, lead 0, numbers 7 and 9, pot 20: won 0-5
//! throw, 6-20 stop".

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::analysis::equilibrium::{Objective, equilibrium_visiting};
use crate::analysis::exact_error::ExactError;
use crate::analysis::stage_graph::StageGraph;
use crate::analysis::staged_equilibrium::StagedStrategy;
use crate::analysis::strategy_rule::{Point, StrategyRule, fit};
use crate::core::game::{Game, Turn};
use crate::core::presentation::Presentation;
use crate::core::seat::Seat;
use crate::core::stages::Stages;

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
    /// How many states were listed: every reachable state, or where the
    /// game was solved by stages, the stage starts and each distinct
    /// stage's states.
    pub states: usize,
    /// How many stage starts, where the game was solved by stages.
    pub stage_starts: Option<usize>,
    /// The rule in a few questions, fitted to the rows; `None` where no
    /// decision is made.
    pub rule: Option<StrategyRule>,
    /// What each term counts, where the game says
    /// ([`Presentation::situation_meanings`]).
    pub meanings: Vec<(&'static str, &'static str)>,
    /// How many of them are decisions; by stages, each counted once for
    /// every stage start that reaches it (Growing Hazard's rules merge
    /// some states met from two turn starts: the whole game counts them
    /// once, the table by stages twice, with the same choice).
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
    let mut visited: Vec<(usize, Seat, Vec<i64>, Vec<u16>)> = Vec::new();
    let mut moves = Vec::new();
    let mut labels = Labels::default();
    let strategy = equilibrium_visiting(start, objective, limit, |state, game: &G| {
        let situation = game.situation();
        terms.get_or_insert_with(|| situation.iter().map(|&(name, _)| name).collect());
        game.legal_moves(&mut moves);
        let ids = moves.iter().map(|m| labels.id(&m.to_string())).collect();
        visited.push((state, seat_of(game), values(situation), ids));
    })?;
    let decided = Listed(
        visited
            .into_iter()
            .map(|(state, seat, values, ids)| (seat, values, ids[strategy.pick(state)]))
            .collect(),
    );
    table(
        terms.unwrap_or_default(),
        &decided,
        &labels,
        G::NAME,
        G::situation_meanings(),
        Counted {
            value: strategy.value.clone(),
            states: strategy.states,
            stage_starts: None,
        },
    )
}

/// The equilibrium of a game solved by stages ([`StagedStrategy`]) as a
/// table: every decision of every stage start's stage, in the game's
/// terms ([`Stages::within_stage`]), refusing more than `limit`
/// decisions. Each distinct stage is listed again once, keeping its
/// decisions' states, which the solving did not keep; the decisions
/// themselves (44 million in Half Hazard's ten turns) are made again
/// for each question the table asks of them rather than kept.
pub fn staged_strategy_table<G: Stages + Presentation>(
    solved: &StagedStrategy<G>,
    limit: usize,
) -> Result<StrategyTable, ExactError> {
    let starts = &solved.starts;
    if solved.picks.len() > limit {
        return Err(ExactError::TooManyDecisions {
            decisions: solved.picks.len(),
            limit,
        });
    }
    let mut first_of = vec![usize::MAX; starts.graphs.len()];
    for (s, &g) in starts.graph_of.iter().enumerate().rev() {
        first_of[g as usize] = s;
    }
    let listed: Vec<Vec<G>> = first_of
        .par_iter()
        .map(|&s| {
            let game = &starts.games[s];
            let root = game.stage().unwrap_or_else(|| game.clone());
            let mut games = Vec::new();
            StageGraph::list_in(&root, usize::MAX, true, Some(&mut games))?;
            Ok(games)
        })
        .collect::<Result<_, ExactError>>()?;
    let mut labels = Labels::default();
    let mut moves = Vec::new();
    let ids: Vec<Vec<Vec<u16>>> = listed
        .iter()
        .zip(&starts.graphs)
        .map(|(games, graph)| {
            assert_eq!(
                games.len(),
                graph.decisions as usize,
                "a stage listed alike"
            );
            games
                .iter()
                .map(|g| {
                    g.legal_moves(&mut moves);
                    moves.iter().map(|m| labels.id(&m.to_string())).collect()
                })
                .collect()
        })
        .collect();
    let terms = listed
        .iter()
        .flatten()
        .next()
        .map(|g| g.situation().into_iter().map(|(name, _)| name).collect());
    table(
        terms.unwrap_or_default(),
        &InStages {
            solved,
            listed: &listed,
            ids: &ids,
        },
        &labels,
        G::NAME,
        G::situation_meanings(),
        Counted {
            value: solved.value(),
            states: starts.states,
            stage_starts: Some(starts.games.len()),
        },
    )
}

/// The seat deciding in `game`, a decision.
fn seat_of<G: Game>(game: &G) -> Seat {
    match game.turn() {
        Turn::Decide(seat) => seat,
        _ => unreachable!("only decisions are tabled"),
    }
}

/// The values of a situation's terms.
fn values(situation: Vec<(&'static str, i64)>) -> Vec<i64> {
    situation.into_iter().map(|(_, v)| v).collect()
}

/// The moves' names, each numbered once: millions of decisions choose
/// among a handful of names.
#[derive(Default)]
struct Labels {
    names: Vec<String>,
    ids: FxHashMap<String, u16>,
}

impl Labels {
    fn id(&mut self, name: &str) -> u16 {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = self.names.len() as u16;
        self.names.push(name.to_string());
        self.ids.insert(name.to_string(), id);
        id
    }
}

/// The decisions a table is made of, gone over once for each question
/// asked of them: each one's seat, every term's value, and the number of
/// the move chosen ([`Labels`]), gathered side by side into `A`s merged.
trait Decisions: Sync {
    fn gather<A: Send>(
        &self,
        init: impl Fn() -> A + Sync + Send,
        add: impl Fn(&mut A, Seat, &[i64], u16) + Sync + Send,
        merge: impl Fn(A, A) -> A + Sync + Send,
    ) -> A;
}

/// Decisions kept in a list: a game solved whole is small enough.
struct Listed(Vec<(Seat, Vec<i64>, u16)>);

impl Decisions for Listed {
    fn gather<A: Send>(
        &self,
        init: impl Fn() -> A + Sync + Send,
        add: impl Fn(&mut A, Seat, &[i64], u16) + Sync + Send,
        merge: impl Fn(A, A) -> A + Sync + Send,
    ) -> A {
        in_chunks(self.0.len(), init, merge, |a, i| {
            let (seat, values, choice) = &self.0[i];
            add(a, *seat, values, *choice);
        })
    }
}

/// Decisions made again from each stage start's stage as it was solved.
struct InStages<'a, G> {
    solved: &'a StagedStrategy<G>,
    /// Each distinct stage's decisions, played apart, by slot.
    listed: &'a [Vec<G>],
    /// Each of those decisions' moves, by number.
    ids: &'a [Vec<Vec<u16>>],
}

impl<G: Stages + Presentation> Decisions for InStages<'_, G> {
    fn gather<A: Send>(
        &self,
        init: impl Fn() -> A + Sync + Send,
        add: impl Fn(&mut A, Seat, &[i64], u16) + Sync + Send,
        merge: impl Fn(A, A) -> A + Sync + Send,
    ) -> A {
        let starts = &self.solved.starts;
        in_chunks(starts.games.len(), init, merge, |a, s| {
            let mut values = Vec::new();
            let game = &starts.games[s];
            let apart = game.stage();
            let g = starts.graph_of[s] as usize;
            for (slot, decision) in self.listed[g].iter().enumerate() {
                let within = match &apart {
                    Some(apart) => game.within_stage(apart, decision),
                    None => decision.clone(),
                };
                let pick = self.solved.pick(s, slot as u32) as usize;
                values.clear();
                values.extend(within.situation().into_iter().map(|(_, v)| v));
                add(a, seat_of(&within), &values, self.ids[g][slot][pick]);
            }
        })
    }
}

/// `0..n` gone over in as many runs as there are threads, each into an
/// `A` of its own, the `A`s then merged: one accumulator a thread, as
/// each may hold tens of millions of situations (rayon's `fold` would
/// make one for every piece of work it splits off).
fn in_chunks<A: Send>(
    n: usize,
    init: impl Fn() -> A + Sync + Send,
    merge: impl Fn(A, A) -> A + Sync + Send,
    each: impl Fn(&mut A, usize) + Sync + Send,
) -> A {
    let runs = rayon::current_num_threads().max(1);
    let size = n.div_ceil(runs).max(1);
    (0..runs)
        .into_par_iter()
        .with_max_len(1)
        .map(|r| {
            let mut a = init();
            for i in r * size..((r + 1) * size).min(n) {
                each(&mut a, i);
            }
            a
        })
        .reduce(&init, merge)
}

/// What the table says of the solving besides its rows.
struct Counted {
    value: Vec<f64>,
    states: usize,
    stage_starts: Option<usize>,
}

/// How many decisions choose otherwise than most states alike in the
/// seat, the terms `keep` marks and the last term: what a table told
/// only those terms would get wrong. It can only grow as terms are left
/// out, as merging situations never makes a majority larger than the
/// majorities it merges. Situations are told apart by a 64-bit hash of
/// their terms, not kept whole: tens of millions fit in some hundreds of
/// megabytes, and the chance that two of them share a hash (some in
/// 10^5 for 44 million) only sways which terms are left out. `N` counts
/// as many moves as there are names.
fn disagreeing<const N: usize>(decisions: &impl Decisions, keep: &[bool]) -> usize {
    type Counts<const N: usize> = FxHashMap<u64, [u32; N]>;
    let merge = |a: Counts<N>, b: Counts<N>| {
        let (mut a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
        for (k, counts) in b {
            let into = a.entry(k).or_insert([0; N]);
            for (i, n) in into.iter_mut().zip(counts) {
                *i += n;
            }
        }
        a
    };
    let map = decisions.gather(
        Counts::<N>::default,
        |map, seat, values, choice| {
            let mut h = rustc_hash::FxHasher::default();
            seat.hash(&mut h);
            let last = values.len() - 1;
            for (t, v) in values.iter().enumerate() {
                if t == last || keep[t] {
                    v.hash(&mut h);
                }
            }
            map.entry(h.finish()).or_insert([0; N])[usize::from(choice)] += 1;
        },
        merge,
    );
    map.values()
        .map(|counts| {
            let all: u32 = counts.iter().sum();
            (all - counts.iter().max().copied().unwrap_or(0)) as usize
        })
        .sum()
}

/// Decisions by seat and kept terms, then by the last term: how many
/// states choose each move, by number.
type Grouped = BTreeMap<(Seat, Vec<i64>), BTreeMap<i64, Vec<(u16, usize)>>>;

/// The decisions grouped by seat and the terms `keep` marks, then by
/// the last term.
fn group(decisions: &impl Decisions, keep: &[bool]) -> Grouped {
    decisions.gather(
        Grouped::new,
        |grouped, seat, values, choice| {
            let (last, given) = values.split_last().expect("a term");
            let given: Vec<i64> = given
                .iter()
                .zip(keep)
                .filter(|(_, k)| **k)
                .map(|(v, _)| *v)
                .collect();
            let counts = grouped
                .entry((seat, given))
                .or_default()
                .entry(*last)
                .or_default();
            count(counts, choice, 1);
        },
        |mut a, b| {
            for (row, by_last) in b {
                let into = a.entry(row).or_default();
                for (last, choices) in by_last {
                    let into = into.entry(last).or_default();
                    for (c, n) in choices {
                        count(into, c, n);
                    }
                }
            }
            a
        },
    )
}

/// Adds `n` states choosing move `choice` to `counts`: a list, not a
/// map, as a situation sees one or two moves and there are millions.
fn count(counts: &mut Vec<(u16, usize)>, choice: u16, n: usize) {
    match counts.iter_mut().find(|(c, _)| *c == choice) {
        Some((_, m)) => *m += n,
        None => counts.push((choice, n)),
    }
}

/// The table of the `decisions`, their terms named by `terms`.
fn table(
    terms: Vec<&'static str>,
    decisions: &impl Decisions,
    labels: &Labels,
    game: &'static str,
    meanings: &'static [(&'static str, &'static str)],
    counted: Counted,
) -> Result<StrategyTable, ExactError> {
    if labels.names.is_empty() {
        // No decision is ever made.
        return Ok(StrategyTable {
            terms,
            left_out: Vec::new(),
            rows: Vec::new(),
            rule: None,
            meanings: meanings.to_vec(),
            value: counted.value,
            states: counted.states,
            stage_starts: counted.stage_starts,
            decisions: 0,
        });
    }
    if terms.is_empty() {
        return Err(ExactError::NoSituation { game });
    }
    // Leave out each term in turn whose absence makes no more decisions
    // disagree with the most of those alike in the rest: the
    // terms nearest the last first, so that of two that say the same the
    // earlier, which the game lists as the more telling, stays.
    let given = terms.len() - 1;
    let mut keep = vec![true; given];
    let wrong = |keep: &[bool]| match labels.names.len() {
        0..=2 => Some(disagreeing::<2>(decisions, keep)),
        3..=8 => Some(disagreeing::<8>(decisions, keep)),
        // Every term kept: too many moves to count side by side.
        _ => None,
    };
    if let Some(at_most) = wrong(&keep) {
        for t in (0..given).rev() {
            keep[t] = false;
            if wrong(&keep) > Some(at_most) {
                keep[t] = true;
            }
        }
    }
    let grouped = group(decisions, &keep);
    let name = |c: u16| labels.names[c as usize].as_str();
    let mut decided = 0;
    // The rule is fitted to every situation: their terms and counts laid
    // end to end, as there are millions.
    let width = keep.iter().filter(|k| **k).count() + 1;
    let mut flat_values: Vec<i64> = Vec::new();
    let mut flat_counts: Vec<(usize, usize)> = Vec::new();
    let mut situations: Vec<(Seat, usize)> = Vec::new();
    let rows = grouped
        .into_iter()
        .map(|((seat, given), by_last)| {
            let mut spans: Vec<Span> = Vec::new();
            for (value, choices) in by_last {
                decided += choices.iter().map(|&(_, n)| n).sum::<usize>();
                flat_values.extend(given.iter().copied().chain([value]));
                situations.push((seat, flat_counts.len()));
                flat_counts.extend(choices.iter().map(|&(c, n)| (c as usize, n)));
                let choice = match choices.as_slice() {
                    [(c, _)] => name(*c).to_string(),
                    _ => {
                        let mut named: Vec<(&str, usize)> =
                            choices.iter().map(|&(c, n)| (name(c), n)).collect();
                        named.sort_unstable();
                        named
                            .iter()
                            .map(|(c, n)| format!("{c} {n}"))
                            .collect::<Vec<_>>()
                            .join(" / ")
                    }
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
    let points: Vec<Point<'_>> = situations
        .iter()
        .enumerate()
        .map(|(i, &(seat, at))| {
            let end = situations.get(i + 1).map_or(flat_counts.len(), |s| s.1);
            Point {
                seat,
                values: &flat_values[i * width..(i + 1) * width],
                counts: &flat_counts[at..end],
            }
        })
        .collect();
    let rule = fit(&points, &labels.names);
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
        rule,
        meanings: meanings.to_vec(),
        value: counted.value,
        states: counted.states,
        stage_starts: counted.stage_starts,
        decisions: decided,
    })
}
