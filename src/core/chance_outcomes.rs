//! The outcomes of the chance event a game waits for, listed with their
//! probabilities, for any game: a chance event is the dice it throws, so
//! its outcomes are the sequences of faces that can complete it. They are
//! found by playing the event on exploring dice ([`Dice::exploring`]):
//! each run shows a prefix of faces and notes the first die thrown past
//! it, whose every face then extends the prefix. An event is one step of
//! chance ([`Game::chance_step`]): a game whose step could throw without
//! bound (re-throws within one step) has more branches than any limit, and
//! is refused.

use std::collections::HashMap;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::{Log, Silent};
use crate::core::state_key::StateKey;

/// The dice a listing may throw per run it is allowed, on average: a run
/// replays the event from its start, so an event that throws on and on
/// (a long tie re-thrown) costs the square of its length in dice, and is
/// refused long before its runs reach the limit. Three dice thrown at
/// once take under 3 a run; six, under 6.
pub const DICE_PER_RUN: usize = 8;

/// One way the chance event can go: the faces thrown, in order, and the
/// chance of exactly those.
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceOutcome {
    /// The faces, in the order the game throws them.
    pub faces: Vec<u8>,
    /// Their probability: the product of one over each die's sides.
    pub probability: f64,
}

/// Why a chance event's outcomes were not listed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChanceError {
    /// The game does not wait for the dice.
    #[error("the game does not wait for the dice")]
    NotChance,
    /// The event has more branches than the limit.
    #[error("its dice have more than {limit} ways to fall in one throw")]
    TooMany {
        /// The limit.
        limit: usize,
    },
}

/// The outcomes of the chance event `game` waits for, at most `limit`
/// of them (runs of the event, counting the branches explored), and at
/// most [`DICE_PER_RUN`] times `limit` dice thrown over all the runs.
///
/// ```
/// use ludus::core::chance_outcomes::{apply, outcomes};
/// use ludus::core::game::Game;
/// use ludus::core::options::Options;
/// use ludus::games::morris::ThreeMen;
/// // Seed 004's lot for the first move: one die, low or high.
/// let g = ThreeMen::new(&Options::defaults(ThreeMen::option_specs())).unwrap();
/// let o = outcomes(&g, 100).unwrap();
/// assert_eq!(o.len(), 6);
/// assert!((o.iter().map(|x| x.probability).sum::<f64>() - 1.0).abs() < 1e-15);
/// let mut after = g.clone();
/// apply(&mut after, &o[0].faces);
/// assert_ne!(after.turn(), g.turn());
/// ```
pub fn outcomes<G: Game>(game: &G, limit: usize) -> Result<Vec<ChanceOutcome>, ChanceError> {
    let mut found = Vec::new();
    walk(game, limit, |faces, probability, _, _| {
        found.push(ChanceOutcome {
            faces: faces.to_vec(),
            probability,
        });
    })?;
    Ok(found)
}

/// The positions the chance event `game` waits for can lead to, each with
/// its chance, as [`outcomes`] lists them: for a search, which needs the
/// positions, not the faces, and so need not throw each outcome again.
pub fn branches<G: Game>(game: &G, limit: usize) -> Result<Vec<(f64, G)>, ChanceError> {
    let mut found = Vec::new();
    each_branch(game, limit, |probability, after| {
        found.push((probability, after.clone()));
    })?;
    Ok(found)
}

/// Branches (as [`branches`] lists them) that lead to states of one key
/// ([`Game::state_key`]) merged into one, their chances added. Where
/// the game names no states every branch is kept.
///
/// ```
/// use ludus::core::chance_outcomes::{branches, merge_equal_states};
/// use ludus::core::game::Game;
/// use ludus::core::options::Options;
/// use ludus::games::dice::hazard::Hazard;
/// let options = Options::resolve(
///     Hazard::option_specs(),
///     &[("order".to_string(), "fixed".to_string())],
/// )
/// .unwrap();
/// let g = Hazard::new(&options).unwrap();
/// // The first throw of the round, three dice read as a total: 16
/// // totals, of which the eight hazards (3-6, 15-18) all win at once.
/// let listed = branches(&g, 1000).unwrap();
/// assert_eq!(listed.len(), 16);
/// let merged = merge_equal_states(listed);
/// assert_eq!(merged.len(), 9);
/// assert!((merged.iter().map(|b| b.0).sum::<f64>() - 1.0).abs() < 1e-12);
/// ```
pub fn merge_equal_states<G: Game>(listed: Vec<(f64, G)>) -> Vec<(f64, G)> {
    let mut key = StateKey::default();
    if listed.first().is_none_or(|(_, g)| !g.state_key(&mut key)) {
        return listed;
    }
    let mut index: HashMap<StateKey, usize> = HashMap::new();
    let mut merged: Vec<(f64, G)> = Vec::new();
    for (probability, after) in listed {
        key.clear();
        after.state_key(&mut key);
        match index.get(&key) {
            Some(&i) => merged[i].0 += probability,
            None => {
                index.insert(key.clone(), merged.len());
                merged.push((probability, after));
            }
        }
    }
    merged
}

/// As [`branches`], handing each position to `each` as it is found rather
/// than keeping a copy: for a caller that keeps few of them (most lead
/// where another did).
pub fn each_branch<G: Game>(
    game: &G,
    limit: usize,
    mut each: impl FnMut(f64, &G),
) -> Result<(), ChanceError> {
    walk(game, limit, |_, probability, _, after| {
        each(probability, after)
    })
}

/// As [`each_branch`], with each branch's chance also exactly, as so
/// many of so many ways (`None` past `u128`), for a caller that wants
/// fractions, not floats.
pub fn each_branch_exact<G: Game>(
    game: &G,
    limit: usize,
    each: impl FnMut(f64, Option<Ways>, &G),
) -> Result<(), ChanceError> {
    ChanceWalk::default().each_branch_exact(game, limit, each)
}

/// Runs the chance event of `game` on every prefix of faces until each
/// completes it, as [`ChanceWalk::walk`] does.
fn walk<G: Game>(
    game: &G,
    limit: usize,
    leaf: impl FnMut(&[u8], f64, Option<Ways>, &G),
) -> Result<(), ChanceError> {
    ChanceWalk::default().walk(game, limit, leaf)
}

/// What walking a chance event's branches holds, kept from one walk to
/// the next: exact analysis walks a throw at every state it lists, some
/// hundreds of thousands in a stage of Growing Hazard, and each walk
/// would otherwise allocate its lists, its dice and its copy of the game.
pub struct ChanceWalk<G> {
    faces: Vec<u8>,
    open: Vec<(usize, f64, Option<Ways>)>,
    prefix: Vec<u8>,
    game: Option<G>,
    dice: Dice,
}

impl<G> Default for ChanceWalk<G> {
    fn default() -> Self {
        ChanceWalk {
            faces: Vec::new(),
            open: Vec::new(),
            prefix: Vec::new(),
            game: None,
            dice: Dice::exploring(&[]),
        }
    }
}

impl<G: Game> ChanceWalk<G> {
    /// [`each_branch_exact`], reusing what this walk holds.
    pub fn each_branch_exact(
        &mut self,
        game: &G,
        limit: usize,
        mut each: impl FnMut(f64, Option<Ways>, &G),
    ) -> Result<(), ChanceError> {
        self.walk(game, limit, |_, probability, ways, after| {
            each(probability, ways, after)
        })
    }

    /// Runs the chance event of `game` on every prefix of faces until
    /// each completes it, handing `leaf` each outcome's faces, chance,
    /// that chance exactly as so many of so many equally likely ways the
    /// dice thrown could fall (`None` past `u128`) and the position it
    /// leads to; at most `limit` runs. Dice thrown as a set
    /// ([`Dice::throw_set`]) extend a prefix by each set of faces at once,
    /// ascending, not by every order; dice read by their total
    /// ([`Dice::total`]), by one set for each total.
    fn walk(
        &mut self,
        game: &G,
        limit: usize,
        mut leaf: impl FnMut(&[u8], f64, Option<Ways>, &G),
    ) -> Result<(), ChanceError> {
        if game.turn() != Turn::Chance {
            return Err(ChanceError::NotChance);
        }
        let ChanceWalk {
            faces,
            open,
            prefix,
            game: g,
            dice,
        } = self;
        // Prefixes still to run, each as where its faces begin in
        // `faces`, its probability and ways: a stack, so that the prefix
        // run is always the last faces held, and its branches replace it.
        faces.clear();
        open.clear();
        open.push((0, 1.0, Some((1, 1))));
        let (mut runs, mut thrown) = (0, 0);
        let g = g.get_or_insert_with(|| game.clone());
        while let Some((from, p, ways)) = open.pop() {
            runs += 1;
            if runs > limit || thrown > limit.saturating_mul(DICE_PER_RUN) {
                return Err(ChanceError::TooMany { limit });
            }
            prefix.clear();
            prefix.extend_from_slice(&faces[from..]);
            faces.truncate(from);
            g.clone_from(game);
            dice.explore_anew(prefix);
            g.chance_step(dice, &mut Silent);
            thrown += dice.thrown() as usize;
            let Some(sides) = dice.wanted() else {
                leaf(prefix, p, ways, g);
                continue;
            };
            let n = dice.wanted_dice();
            let all = u128::from(sides).pow(u32::from(n));
            let listed = throw_ways(sides, n, dice.wanted_total());
            // Pushed last first, so that they come out in order.
            for (set, orders) in listed.iter().rev() {
                open.push((
                    faces.len(),
                    p * *orders as f64 / all as f64,
                    ways.and_then(|(k, w)| Some((k.checked_mul(*orders)?, w.checked_mul(all)?))),
                ));
                faces.extend_from_slice(prefix);
                faces.extend_from_slice(set);
            }
        }
        Ok(())
    }
}

/// A chance exactly: so many of so many equally likely ways.
pub type Ways = (u128, u128);

/// The ways listed for a throw of `n` dice of `sides` faces at once: each
/// ascending set with the number of orders it comes in; or, read by its
/// total, each total's first ascending set with the orders of all the
/// sets that make it. Found once per kind of throw and kept.
fn throw_ways(sides: u8, n: u8, by_total: bool) -> std::rc::Rc<[(Vec<u8>, u128)]> {
    type Listed = Vec<((u8, u8, bool), std::rc::Rc<[(Vec<u8>, u128)]>)>;
    thread_local! {
        static LISTED: std::cell::RefCell<Listed> = const { std::cell::RefCell::new(Vec::new()) };
    }
    LISTED.with(|listed| {
        let mut listed = listed.borrow_mut();
        if let Some((_, ways)) = listed.iter().find(|(k, _)| *k == (sides, n, by_total)) {
            return ways.clone();
        }
        let mut sets = Vec::new();
        each_set(sides, n, &mut Vec::new(), &mut sets);
        if by_total {
            let mut totals: Vec<(Vec<u8>, u128)> = Vec::new();
            let sum = |set: &[u8]| set.iter().map(|&f| u32::from(f)).sum::<u32>();
            for (set, orders) in sets {
                match totals.iter_mut().find(|(first, _)| sum(first) == sum(&set)) {
                    Some((_, all)) => *all += orders,
                    None => totals.push((set, orders)),
                }
            }
            totals.sort_by_key(|(set, _)| sum(set));
            sets = totals;
        }
        let ways: std::rc::Rc<[(Vec<u8>, u128)]> = sets.into();
        listed.push(((sides, n, by_total), ways.clone()));
        ways
    })
}

/// Every ascending set of `n` faces of dice of `sides`, after `prefix`,
/// with the number of orders it comes in.
fn each_set(sides: u8, n: u8, prefix: &mut Vec<u8>, out: &mut Vec<(Vec<u8>, u128)>) {
    if prefix.len() == usize::from(n) {
        // n! over the factorial of each face's count.
        let factorial = |k: usize| (1..=k as u128).product::<u128>();
        let mut orders = factorial(prefix.len());
        for run in prefix.chunk_by(|a, b| a == b) {
            orders /= factorial(run.len());
        }
        out.push((prefix.clone(), orders));
        return;
    }
    for f in prefix.last().copied().unwrap_or(1)..=sides {
        prefix.push(f);
        each_set(sides, n, prefix, out);
        prefix.pop();
    }
}

/// Plays the chance event `game` waits for as the faces `faces` (one of
/// its [`outcomes`]) fall.
pub fn apply<G: Game>(game: &mut G, faces: &[u8]) {
    apply_logged(game, faces, &mut Silent);
}

/// As [`apply`], narrating to `log`.
pub fn apply_logged<G: Game, L: Log>(game: &mut G, faces: &[u8], log: &mut L) {
    let mut dice = Dice::scripted(faces);
    game.chance_step(&mut dice, log);
    debug_assert_eq!(dice.script_left(), 0, "an outcome's faces are all thrown");
}
