//! The distribution of the reward an absorbing Markov chain
//! ([`crate::analysis::markov`]) gathers before it ends, for chains whose
//! rewards are whole numbers (a game's length in throws): the chance of
//! each total, found by pushing the probability forward from the start
//! until what is not yet absorbed is negligible. What is left then is
//! reported, not dropped.
//!
//! A dice game's chain mostly runs one way (scores and rounds only grow):
//! its strongly connected components are single states, or small loops
//! (a throw that changes nothing). Such a chain is pushed one component
//! at a time, in the order its edges run, each state once with all the
//! totals it is reached at as one dense run: a state's edges then add
//! runs of numbers, where pushing one total at a time would follow each
//! edge once for every total, through queues and lists (Tanto of six
//! players over three rounds: 10 s, 95% of it there). Only a loop is
//! gone round one total at a time, its own states alone. A chain that
//! loops through many states (Hazard for stakes) or without adding to
//! the total, or whose runs would add more than the work allowed (Tanto
//! of six players over five rounds: each round's wait for a success
//! widens every later state's run), is pushed one total at a time over
//! all its states. What the runs leave out is far less than `settled`;
//! the totals past the first beyond which less than `settled` is left are
//! not listed, as the count one total at a time does not list them.

use std::collections::VecDeque;

use crate::analysis::markov::{Chain, Edge, Node, components};

/// The chance of each total reward, and the chance not yet absorbed when
/// the count stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct RewardDistribution {
    /// Each total reached, ascending, with its probability (totals of
    /// probability 0 left out).
    pub probabilities: Vec<(u64, f64)>,
    /// The probability of a total past the last one counted.
    pub tail: f64,
}

impl RewardDistribution {
    /// The mean of the totals counted (the tail left out).
    pub fn mean(&self) -> f64 {
        self.probabilities
            .iter()
            .map(|&(total, p)| total as f64 * p)
            .sum()
    }
}

/// How many times over the chain's states one total may pass probability
/// along edges of reward 0 before the rest counts as tail: such edges in a
/// loop would pass it round for ever.
const ROUNDS_PER_TOTAL: usize = 64;

/// The distribution of the reward gathered from `start` until the chain
/// ends, counting totals up to `max_total` and stopping once the
/// probability not yet absorbed is below `settled`, or once `max_work`
/// edges have been followed (a large chain that ends slowly, such as
/// Hazard for stakes: 110,755 states, lengths past 16,000; a run of
/// totals added counts as a 32nd of an edge a total): what is not yet
/// absorbed then is the tail. Each edge's reward counts as the whole
/// number nearest it.
///
/// ```
/// use ludus::analysis::markov::{Chain, Edge};
/// use ludus::analysis::reward_distribution::reward_distribution;
/// // A coin tossed until heads: n tosses with chance 2^-n.
/// let mut chain = Chain::new(0);
/// let toss = |to| Edge { to, probability: 0.5, reward: 1.0 };
/// chain.push_transient(vec![toss(0), toss(1)]);
/// chain.push_absorbing(vec![]);
/// let d = reward_distribution(&chain, 0, 1e-15, 1000, u64::MAX);
/// assert_eq!(d.probabilities[..2], [(1, 0.5), (2, 0.25)]);
/// assert!(d.tail < 1e-15);
/// ```
pub fn reward_distribution(
    chain: &Chain,
    start: usize,
    settled: f64,
    max_total: u64,
    max_work: u64,
) -> RewardDistribution {
    if let Some(d) = by_components(chain, start, settled, max_total, max_work) {
        return d;
    }
    let mut probabilities: Vec<(u64, f64)> = Vec::new();
    let tail = absorbed_by_total(chain, start, settled, max_total, max_work, |total, _, p| {
        match probabilities.last_mut() {
            Some((t, q)) if *t == total => *q += p,
            _ => probabilities.push((total, p)),
        }
    });
    RewardDistribution {
        probabilities,
        tail,
    }
}

/// How many additions of a run count as one edge followed at one total
/// against the work [`reward_distribution`] allows: an edge followed so
/// costs a hundred or more.
const ADDITIONS_PER_EDGE: u64 = 32;

/// The most states times lengths of its edges (plus one) that a loop
/// gone round one total at a time may hold: every total goes over them
/// all.
const LOOP_CELLS: usize = 1 << 12;

/// What a state's run may leave out at each end, and what a loop may
/// leave unfinished, as shares of `settled`: a state each, so the tail
/// they make stays far below `settled` over a million states.
const TRIMMED: f64 = 1e-6;
const LEFT_IN_LOOP: f64 = 1e-5;

/// The chance of each total in a run: `values[i]` is that of `from + i`.
#[derive(Debug, Default)]
struct Run {
    from: u64,
    values: Vec<f64>,
}

impl Run {
    /// One past the last total held.
    fn end(&self) -> u64 {
        self.from + self.values.len() as u64
    }

    /// Widens the run to hold the totals `lo` to `hi` (exclusive).
    fn cover(&mut self, lo: u64, hi: u64) {
        if self.values.is_empty() {
            self.from = lo;
            self.values.resize((hi - lo) as usize, 0.0);
            return;
        }
        if lo < self.from {
            let extra = (self.from - lo) as usize;
            self.values.splice(0..0, std::iter::repeat_n(0.0, extra));
            self.from = lo;
        }
        let end = self.end();
        if hi > end {
            self.values
                .resize(self.values.len() + (hi - end) as usize, 0.0);
        }
    }

    /// Adds `other`, its totals `shift` more, times `p`.
    fn add_shifted(&mut self, other: &Run, shift: u64, p: f64) {
        if other.values.is_empty() {
            return;
        }
        let from = other.from + shift;
        self.cover(from, from + other.values.len() as u64);
        let at = (from - self.from) as usize;
        let into = &mut self.values[at..at + other.values.len()];
        for (a, b) in into.iter_mut().zip(&other.values) {
            *a += b * p;
        }
    }

    /// Adds `p` at `total`.
    fn add_at(&mut self, total: u64, p: f64) {
        self.cover(total, total + 1);
        self.values[(total - self.from) as usize] += p;
    }

    /// The chance at `total` (0 outside the run).
    fn at(&self, total: u64) -> f64 {
        match total.checked_sub(self.from) {
            Some(i) if i < self.values.len() as u64 => self.values[i as usize],
            _ => 0.0,
        }
    }

    /// Drops the totals past `max_total`, and at each end those holding no
    /// more than `trim` together; returns the chance dropped.
    fn trim(&mut self, max_total: u64, trim: f64) -> f64 {
        let keep = (max_total.saturating_add(1).saturating_sub(self.from))
            .min(self.values.len() as u64) as usize;
        let mut dropped: f64 = self.values[keep..].iter().sum();
        self.values.truncate(keep);
        let mut cut = 0.0;
        while let Some(&v) = self.values.last() {
            if cut + v > trim {
                break;
            }
            cut += v;
            self.values.pop();
        }
        dropped += cut;
        let (mut lead, mut cut) = (0, 0.0);
        while lead < self.values.len() && cut + self.values[lead] <= trim {
            cut += self.values[lead];
            lead += 1;
        }
        self.values.drain(..lead);
        self.from += lead as u64;
        dropped + cut
    }
}

/// An edge's reward, as a whole number.
fn step(edge: &Edge) -> u64 {
    edge.reward.round().max(0.0) as u64
}

/// The greatest common divisor of the chain's rewards (1 if all are 0):
/// runs count in its steps, not in single totals most of which could
/// not be reached (Tanto's throws come in twos).
fn common_step(chain: &Chain) -> u64 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let g = (0..chain.len())
        .flat_map(|s| chain.edges(s))
        .fold(0, |g, e| gcd(g, step(e)));
    g.max(1)
}

/// [`reward_distribution`] pushed one component at a time (see the
/// module's comment); `None` where a loop is too large to go round alone
/// or adds nothing to the total, or the additions exceed what `max_work`
/// allows ([`ADDITIONS_PER_EDGE`]): then it is counted one total at a
/// time.
fn by_components(
    chain: &Chain,
    start: usize,
    settled: f64,
    max_total: u64,
    max_work: u64,
) -> Option<RewardDistribution> {
    let n = chain.len();
    let order: Vec<Vec<usize>> = components(chain).collect();
    let unit = common_step(chain);
    let max_total = max_total / unit;
    let mut count = Count {
        chain,
        reached: (0..n).map(|_| Run::default()).collect(),
        local: vec![usize::MAX; n],
        work: 0,
        additions: 0,
        max_work,
        max_total,
        unit,
        trim: settled * TRIMMED,
        left: settled * LEFT_IN_LOOP,
        tail: 0.0,
    };
    count.reached[start] = Run {
        from: 0,
        values: vec![1.0],
    };
    let mut ends = Run::default();
    // Each component after every one that leads to it.
    for component in order.iter().rev() {
        let s = component[0];
        if component.len() > 1 || chain.edges(s).iter().any(|e| e.to == s) {
            count.round_loop(component)?;
            continue;
        }
        let mut here = std::mem::take(&mut count.reached[s]);
        count.tail += here.trim(max_total, count.trim);
        if here.values.is_empty() {
            continue;
        }
        match chain.node(s) {
            Node::Absorbing(_) => ends.add_shifted(&here, 0, 1.0),
            Node::Transient(edges) => {
                for e in edges {
                    count.reached[e.to].add_shifted(&here, step(e) / unit, e.probability);
                }
                count.additions += edges.len() as u64 * here.values.len() as u64;
                if count.over_budget() {
                    return None;
                }
            }
        }
    }
    let mut probabilities: Vec<(u64, f64)> = (ends.from..)
        .zip(ends.values)
        .filter(|&(_, p)| p > 0.0)
        .map(|(total, p)| (total * unit, p))
        .collect();
    // Listed as far as the count one total at a time lists them: to the
    // first total past which less than `settled` is left.
    let mut tail = count.tail;
    while let Some(&(_, p)) = probabilities.last() {
        if tail + p >= settled {
            break;
        }
        tail += p;
        probabilities.pop();
    }
    Some(RewardDistribution {
        probabilities,
        tail,
    })
}

/// The count of [`by_components`] under way.
struct Count<'a> {
    chain: &'a Chain,
    /// The chance of reaching each state at each total, for the states
    /// reached whose component is still to come.
    reached: Vec<Run>,
    /// Each state's number within the loop being gone round (`usize::MAX`
    /// outside it).
    local: Vec<usize>,
    /// Edges followed at one total, in loops.
    work: u64,
    /// Numbers added, in runs.
    additions: u64,
    max_work: u64,
    /// The most totals counted, in steps of `unit`.
    max_total: u64,
    /// The totals' common step ([`common_step`]).
    unit: u64,
    trim: f64,
    left: f64,
    tail: f64,
}

impl Count<'_> {
    /// Whether the work exceeds what [`reward_distribution`] allows.
    fn over_budget(&self) -> bool {
        self.work + self.additions / ADDITIONS_PER_EDGE > self.max_work
    }

    /// Goes round the loop `component`, one total at a time, from the
    /// totals it is entered at, passing what leaves it on to the states
    /// it leads to, until what is left in it is below `left`; `None` as
    /// [`by_components`] says.
    fn round_loop(&mut self, component: &[usize]) -> Option<()> {
        for (i, &s) in component.iter().enumerate() {
            self.local[s] = i;
        }
        let gone_round = self.round_numbered(component);
        for &s in component {
            self.local[s] = usize::MAX;
        }
        gone_round
    }

    fn round_numbered(&mut self, component: &[usize]) -> Option<()> {
        let chain = self.chain;
        let unit = self.unit;
        let step = |e: &Edge| self::step(e) / unit;
        let k = component.len();
        // Within one total, a state is settled after those passing it
        // probability by edges of no reward: an order of them, unless
        // they loop.
        let mut longest = 0u64;
        let mut before = vec![0usize; k];
        for &s in component {
            for e in chain.edges(s) {
                if self.local[e.to] != usize::MAX {
                    longest = longest.max(step(e));
                    if step(e) == 0 {
                        before[self.local[e.to]] += 1;
                    }
                }
            }
        }
        let slots = usize::try_from(longest).ok()?.checked_add(1)?;
        if k.checked_mul(slots)? > LOOP_CELLS {
            return None;
        }
        let mut ordered = Vec::with_capacity(k);
        let mut ready: Vec<usize> = (0..k).filter(|&i| before[i] == 0).collect();
        while let Some(i) = ready.pop() {
            ordered.push(i);
            for e in chain.edges(component[i]) {
                let j = self.local[e.to];
                if j != usize::MAX && step(e) == 0 {
                    before[j] -= 1;
                    if before[j] == 0 {
                        ready.push(j);
                    }
                }
            }
        }
        if ordered.len() < k {
            return None;
        }
        let mut entering: Vec<Run> = Vec::with_capacity(k);
        for &s in component {
            let mut run = std::mem::take(&mut self.reached[s]);
            self.tail += run.trim(self.max_total, self.trim);
            entering.push(run);
        }
        let entered = entering.iter().filter(|r| !r.values.is_empty());
        let Some(mut total) = entered.clone().map(|r| r.from).min() else {
            return Some(());
        };
        let last_entered = entered.map(Run::end).max().unwrap_or(0);
        // What arrives at each state at the totals to come, slot
        // `total % slots`.
        let mut ring = vec![0.0; k * slots];
        loop {
            if total > self.max_total {
                self.tail += ring.iter().sum::<f64>();
                return Some(());
            }
            let slot = (total % slots as u64) as usize;
            for &i in &ordered {
                let m = std::mem::take(&mut ring[slot * k + i]) + entering[i].at(total);
                if m == 0.0 {
                    continue;
                }
                let edges = chain.edges(component[i]);
                self.work += edges.len() as u64;
                for e in edges {
                    let d = step(e);
                    match self.local[e.to] {
                        usize::MAX => self.reached[e.to].add_at(total + d, m * e.probability),
                        j => {
                            ring[((total + d) % slots as u64) as usize * k + j] += m * e.probability
                        }
                    }
                }
            }
            if self.over_budget() {
                return None;
            }
            total += 1;
            if total >= last_entered {
                let left: f64 = ring.iter().sum();
                if left <= self.left {
                    self.tail += left;
                    return Some(());
                }
            }
        }
    }
}

/// What [`absorbed_by_total`] walks: numbered states, each absorbing or
/// left by edges of whole rewards.
pub trait Walk {
    /// How many states there are.
    fn states(&self) -> usize;
    /// Calls `edge(to, probability, reward)` for every way out of `state`
    /// and returns how many there were, or `None` if it is absorbing.
    fn each_edge(&self, state: usize, edge: impl FnMut(usize, f64, u64)) -> Option<u64>;
}

impl Walk for Chain {
    fn states(&self) -> usize {
        self.len()
    }

    fn each_edge(&self, state: usize, mut edge: impl FnMut(usize, f64, u64)) -> Option<u64> {
        match self.node(state) {
            Node::Absorbing(_) => None,
            Node::Transient(edges) => {
                for e in edges {
                    edge(e.to, e.probability, e.reward.round().max(0.0) as u64);
                }
                Some(edges.len() as u64)
            }
        }
    }
}

/// Pushes the probability forward from `start`, one total at a time, and
/// calls `absorbed(total, state, probability)` as it is absorbed, totals
/// ascending; stops as [`reward_distribution`] does and returns the
/// probability not yet absorbed then (the tail).
pub fn absorbed_by_total(
    walk: &impl Walk,
    start: usize,
    settled: f64,
    max_total: u64,
    max_work: u64,
    mut absorbed: impl FnMut(u64, usize, f64),
) -> f64 {
    let mut work = 0u64;
    let n = walk.states();
    // Probability arriving at each total still to come, by state (a state
    // may be listed more than once), with its sum: slot k holds the total
    // `total + k`.
    let mut pending: VecDeque<Arrivals> = VecDeque::new();
    pending.push_back(Arrivals {
        list: vec![(start, 1.0)],
        dense: Vec::new(),
        sum: 1.0,
    });
    let mut total = 0u64;
    let mut mass = vec![0.0; n];
    let mut queued = vec![false; n];
    let mut queue = Vec::new();
    let mut stuck = 0.0;
    let mut scratch = vec![0.0; n];
    // A chain of few states keeps each total's arrivals as one value a
    // state, added in place (a stage's ends at each of their lengths
    // arrive by the thousand a total), its arrays reused.
    let dense = n <= DENSE_STATES;
    let mut spare: Vec<Vec<f64>> = Vec::new();
    while let Some(mut arrivals) = pending.pop_front() {
        for &(s, p) in &arrivals.list {
            mass[s] += p;
            if !queued[s] {
                queued[s] = true;
                queue.push(s);
            }
        }
        for (s, p) in arrivals.dense.iter_mut().enumerate() {
            if *p > 0.0 {
                mass[s] += std::mem::take(p);
                if !queued[s] {
                    queued[s] = true;
                    queue.push(s);
                }
            }
        }
        if !arrivals.dense.is_empty() {
            spare.push(std::mem::take(&mut arrivals.dense));
        }
        let mut rounds = 0;
        while let Some(s) = queue.pop() {
            queued[s] = false;
            let m = std::mem::take(&mut mass[s]);
            rounds += 1;
            if rounds > ROUNDS_PER_TOTAL * n {
                stuck += m;
                continue;
            }
            let followed = walk.each_edge(s, |to, probability, step| {
                if step == 0 {
                    mass[to] += m * probability;
                    if !queued[to] {
                        queued[to] = true;
                        queue.push(to);
                    }
                } else {
                    // Slot `step - 1` once this total's slot is gone.
                    let slot = (step - 1) as usize;
                    if pending.len() <= slot {
                        pending.resize_with(slot + 1, Default::default);
                    }
                    let arriving = &mut pending[slot];
                    if dense {
                        if arriving.dense.is_empty() {
                            arriving.dense = spare.pop().unwrap_or_else(|| vec![0.0; n]);
                        }
                        arriving.dense[to] += m * probability;
                        arriving.sum += m * probability;
                    } else {
                        arriving.add(to, m * probability, &mut scratch);
                    }
                }
            });
            match followed {
                Some(edges) => work += edges,
                None if m > 0.0 => absorbed(total, s, m),
                None => {}
            }
        }
        let open: f64 = pending.iter().map(|a| a.sum).sum();
        // The next total with probability arriving.
        let Some(gap) = pending
            .iter()
            .position(|a| !a.list.is_empty() || !a.dense.is_empty())
        else {
            return stuck;
        };
        pending.drain(..gap);
        total += gap as u64 + 1;
        if open < settled || total > max_total || work > max_work {
            return open + stuck;
        }
    }
    stuck
}

/// The probability arriving at one total, by state, and its sum.
#[derive(Default)]
struct Arrivals {
    list: Vec<(usize, f64)>,
    /// For a chain of at most [`DENSE_STATES`] states, by state instead.
    dense: Vec<f64>,
    sum: f64,
}

/// The most states whose arrivals at a total are kept as one value each.
const DENSE_STATES: usize = 1 << 16;

/// How long a list of arrivals grows before those at one state are added
/// up: many edges into few states (a stage's ends, each at many lengths)
/// would otherwise hold gigabytes.
const MERGE_PAST: usize = 1 << 14;

impl Arrivals {
    /// Adds `p` arriving at `state`; `scratch` (one zero per state) adds
    /// up a long list's arrivals at one state, in one pass.
    fn add(&mut self, state: usize, p: f64, scratch: &mut [f64]) {
        self.list.push((state, p));
        self.sum += p;
        if self.list.len() >= MERGE_PAST && self.list.len().is_power_of_two() {
            let mut merged: Vec<(usize, f64)> = Vec::with_capacity(self.list.len() / 2);
            for &(s, p) in &self.list {
                if scratch[s] == 0.0 {
                    merged.push((s, 0.0));
                }
                scratch[s] += p;
            }
            for (s, p) in &mut merged {
                *p = std::mem::take(&mut scratch[*s]);
            }
            self.list = merged;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::markov::{Edge, six_or};

    /// A die thrown until a six: n throws with chance (5/6)^(n-1)/6; the
    /// count stops once less than 1e-15 is left, and its mean is 6.
    #[test]
    fn a_geometric_wait_is_counted_until_settled() {
        let mut chain = Chain::new(0);
        chain.push_transient(six_or(0, 1));
        chain.push_absorbing(vec![]);
        let d = reward_distribution(&chain, 0, 1e-15, 10_000, u64::MAX);
        for &(n, p) in &d.probabilities {
            let want = (5.0f64 / 6.0).powi(n as i32 - 1) / 6.0;
            assert!((p - want).abs() < 1e-15 * want.max(1.0), "{n}");
        }
        assert!(d.tail < 1e-15 && d.tail > 0.0);
        let total: f64 = d.probabilities.iter().map(|x| x.1).sum();
        assert!((total + d.tail - 1.0).abs() < 1e-14);
        assert!((d.mean() - 6.0).abs() < 1e-11);
    }

    /// Edges of reward 0 (decisions) pass probability within a total; a
    /// cap on the total stops the count and reports what is left.
    #[test]
    fn decisions_add_nothing_and_a_cap_leaves_a_tail() {
        let mut chain = Chain::new(0);
        chain.push_transient(vec![Edge::new(1, 0.5, 0.0), Edge::new(2, 0.5, 0.0)]);
        chain.push_transient(vec![Edge::new(0, 0.5, 2.0), Edge::new(3, 0.5, 2.0)]);
        chain.push_transient(vec![Edge::new(3, 1.0, 1.0)]);
        chain.push_absorbing(vec![]);
        let d = reward_distribution(&chain, 0, 0.0, 3, u64::MAX);
        assert_eq!(d.probabilities, [(1, 0.5), (2, 0.25), (3, 0.125)]);
        assert!((d.tail - 0.125).abs() < 1e-15);
    }

    /// A loop of reward 0 never moves on to the next total: what it holds
    /// past the cap on rounds is tail.
    #[test]
    fn a_loop_of_no_reward_ends_in_the_tail() {
        let mut chain = Chain::new(0);
        chain.push_transient(vec![Edge::new(1, 1.0, 0.0)]);
        chain.push_transient(vec![Edge::new(0, 1.0, 0.0)]);
        let d = reward_distribution(&chain, 0, 1e-15, 100, u64::MAX);
        assert!(d.probabilities.is_empty());
        assert_eq!(d.tail, 1.0);
    }

    /// Components pushed as runs, a state's loop and a loop of two states
    /// among them, give the chances counted one total at a time, in steps
    /// of 1 or of 2.
    #[test]
    fn runs_and_loops_count_as_totals_do() {
        for unit in [1.0, 2.0] {
            runs_and_loops_count_in_steps_of(unit);
        }
    }

    fn runs_and_loops_count_in_steps_of(unit: f64) {
        let mut chain = Chain::new(0);
        let edge = |to, p, r| Edge::new(to, p, r * unit);
        chain.push_transient(vec![edge(1, 0.5, 1.0), edge(2, 0.5, 0.0)]);
        chain.push_transient(vec![edge(1, 0.3, 1.0), edge(3, 0.7, 2.0)]);
        chain.push_transient(vec![edge(3, 0.4, 1.0), edge(4, 0.6, 3.0)]);
        chain.push_transient(vec![edge(4, 0.5, 1.0), edge(5, 0.5, 1.0)]);
        chain.push_transient(vec![edge(3, 0.2, 2.0), edge(6, 0.8, 0.0)]);
        chain.push_absorbing(vec![]);
        chain.push_absorbing(vec![]);
        let d = by_components(&chain, 0, 1e-30, 10_000, u64::MAX).unwrap();
        let mut want: Vec<(u64, f64)> = Vec::new();
        absorbed_by_total(&chain, 0, 1e-18, 10_000, u64::MAX, |t, _, p| {
            match want.last_mut() {
                Some((u, q)) if *u == t => *q += p,
                _ => want.push((t, p)),
            }
        });
        assert!(d.tail < 1e-15, "{}", d.tail);
        for (t, p) in &want {
            let got = d
                .probabilities
                .iter()
                .find(|x| x.0 == *t)
                .map_or(0.0, |x| x.1);
            assert!((got - p).abs() < 1e-16 + 1e-14 * p, "{t}: {got} {p}");
        }
        // Totals past those counted to 1e-18 hold next to nothing.
        let past = d
            .probabilities
            .iter()
            .filter(|x| want.iter().all(|w| w.0 != x.0));
        assert!(past.map(|x| x.1).sum::<f64>() < 1e-17);
    }

    /// Past the work allowed, the count stops and what is left is tail:
    /// the die thrown until a six, two edges a throw, stopped after about
    /// ten throws.
    #[test]
    fn the_work_allowed_leaves_a_tail() {
        let mut chain = Chain::new(0);
        chain.push_transient(six_or(0, 1));
        chain.push_absorbing(vec![]);
        let d = reward_distribution(&chain, 0, 1e-15, 10_000, 20);
        assert_eq!(d.probabilities.len(), 10);
        let left = (5.0f64 / 6.0).powi(10);
        assert!((d.tail - left).abs() < 1e-14, "{}", d.tail);
    }
}
