//! The optimal rule in a few lines a person can follow: a small decision
//! tree fitted to every decision of the strategy table
//! ([`crate::analysis::strategy_table`]), each split a term compared with
//! a number ("lead at most -6") or the last term added to another
//! ("lead plus won at most 0": where winnings are weighed against a
//! lead), each leaf a choice with how many of its decisions it gets right. A summary,
//! not the strategy: the table below it is exact, and the rule says how
//! often it agrees.

use crate::core::seat::Seat;

/// The deepest the tree goes: three questions are as many as a reader
/// carries in his head.
const DEPTH: usize = 3;

/// A split must put right at least this share of all decisions, so that
/// the rule does not grow a branch for a handful of corner states.
const MIN_GAIN: f64 = 0.005;

/// A quantity a question of the rule reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Feature {
    /// The seat deciding (1 is the first).
    Seat,
    /// A term of the table, by its place among the terms.
    Term(usize),
    /// The last term plus the term at this place.
    SumWithLast(usize),
}

/// A question and what follows each answer, or a choice.
#[derive(Clone, Debug, PartialEq)]
pub enum RuleNode {
    /// Choose `choice`; `agree` of the `of` decisions that reach here
    /// choose it in the equilibrium.
    Choose {
        /// The move's name.
        choice: String,
        /// How many decisions here choose it.
        agree: usize,
        /// How many decisions reach here.
        of: usize,
    },
    /// Where `feature` is at most `at`, `low`; else `high`.
    Split {
        /// What is compared.
        feature: Feature,
        /// The largest value that goes `low`.
        at: i64,
        /// The rule where the feature is at most `at`.
        low: Box<RuleNode>,
        /// The rule where it is more.
        high: Box<RuleNode>,
    },
}

/// The rule and how often it agrees with optimal play.
#[derive(Clone, Debug, PartialEq)]
pub struct StrategyRule {
    /// The tree.
    pub root: RuleNode,
    /// How many decisions the rule chooses as the equilibrium does.
    pub agree: usize,
    /// How many decisions there are.
    pub decisions: usize,
}

/// One situation: its seat, every kept term's value (the last term
/// last), and how many states choose each move (by number).
pub struct Point<'a> {
    /// The seat deciding.
    pub seat: Seat,
    /// The terms' values.
    pub values: &'a [i64],
    /// How many states choose each move, by the move's number.
    pub counts: &'a [(usize, usize)],
}

/// The rule fitted to `points`, whose moves are named by `choices`, the
/// terms by `terms` (the last term last); `None` where no decision is
/// made.
///
/// ```
/// use ludus::analysis::strategy_rule::{Point, RuleNode, fit};
/// // Throw (0) while won is below 6, then stop (1).
/// let values: Vec<[i64; 1]> = (0..10).map(|w| [w]).collect();
/// let counts: Vec<[(usize, usize); 1]> = (0..10).map(|w| [(usize::from(w >= 6), 1)]).collect();
/// let points: Vec<Point> = (0..10)
///     .map(|i| Point { seat: 0, values: &values[i], counts: &counts[i] })
///     .collect();
/// let rule = fit(&points, &["throw".into(), "stop".into()]).unwrap();
/// assert_eq!(rule.agree, 10);
/// assert!(matches!(rule.root, RuleNode::Split { at: 5, .. }));
/// ```
pub fn fit(points: &[Point<'_>], choices: &[String]) -> Option<StrategyRule> {
    let decisions: usize = points.iter().flat_map(|p| p.counts).map(|c| c.1).sum();
    if decisions == 0 {
        return None;
    }
    let terms = points[0].values.len();
    let mut features = Vec::new();
    if points.iter().any(|p| p.seat != points[0].seat) {
        features.push(Feature::Seat);
    }
    features.extend((0..terms).map(Feature::Term));
    features.extend((0..terms.saturating_sub(1)).map(Feature::SumWithLast));
    let fitting = Fitting {
        points,
        choices,
        features: &features,
        min_gain: ((decisions as f64) * MIN_GAIN).ceil() as usize,
    };
    let all: Vec<usize> = (0..points.len()).collect();
    let root = fitting.grow(&all, DEPTH);
    let agree = agreeing(&root);
    Some(StrategyRule {
        root,
        agree,
        decisions,
    })
}

/// How many decisions the leaves under `node` get right.
fn agreeing(node: &RuleNode) -> usize {
    match node {
        RuleNode::Choose { agree, .. } => *agree,
        RuleNode::Split { low, high, .. } => agreeing(low) + agreeing(high),
    }
}

struct Fitting<'a, 'p> {
    points: &'a [Point<'p>],
    choices: &'a [String],
    features: &'a [Feature],
    min_gain: usize,
}

impl Fitting<'_, '_> {
    fn value(&self, feature: &Feature, p: &Point<'_>) -> i64 {
        match *feature {
            Feature::Seat => p.seat as i64 + 1,
            Feature::Term(t) => p.values[t],
            Feature::SumWithLast(t) => p.values[t] + p.values[p.values.len() - 1],
        }
    }

    /// How many decisions among `at` choose each move.
    fn tally(&self, at: &[usize]) -> Vec<usize> {
        let mut tally = vec![0; self.choices.len()];
        for &i in at {
            for &(c, n) in self.points[i].counts {
                tally[c] += n;
            }
        }
        tally
    }

    fn grow(&self, at: &[usize], depth: usize) -> RuleNode {
        let tally = self.tally(at);
        let of: usize = tally.iter().sum();
        // The first of the most chosen moves, so that the rule is the same
        // on every run.
        let (best, agree) = tally
            .iter()
            .enumerate()
            .fold((0, 0), |b, (c, &n)| if n > b.1 { (c, n) } else { b });
        let leaf = RuleNode::Choose {
            choice: self.choices[best].clone(),
            agree,
            of,
        };
        if depth == 0 || agree == of {
            return leaf;
        }
        let Some((feature, cut, right)) = self.best_split(at, &tally) else {
            return leaf;
        };
        if right < agree + self.min_gain {
            return leaf;
        }
        let (low, high): (Vec<usize>, Vec<usize>) = at
            .iter()
            .partition(|&&i| self.value(&self.features[feature], &self.points[i]) <= cut);
        let low = self.grow(&low, depth - 1);
        let high = self.grow(&high, depth - 1);
        // Two answers that choose alike ask nothing.
        if let (RuleNode::Choose { choice: a, .. }, RuleNode::Choose { choice: b, .. }) =
            (&low, &high)
            && a == b
        {
            return leaf;
        }
        RuleNode::Split {
            feature: self.features[feature].clone(),
            at: cut,
            low: Box::new(low),
            high: Box::new(high),
        }
    }

    /// The question that gets the most decisions right when each side
    /// takes its most chosen move: the feature's number, the cut, and how
    /// many it gets right. The earlier feature wins a tie, so that a term
    /// alone is preferred to a sum.
    fn best_split(&self, at: &[usize], tally: &[usize]) -> Option<(usize, i64, usize)> {
        let mut best: Option<(usize, i64, usize)> = None;
        let mut sorted: Vec<(i64, usize)> = Vec::with_capacity(at.len());
        for (f, feature) in self.features.iter().enumerate() {
            sorted.clear();
            sorted.extend(
                at.iter()
                    .map(|&i| (self.value(feature, &self.points[i]), i)),
            );
            sorted.sort_unstable();
            let mut low = vec![0usize; tally.len()];
            let mut k = 0;
            while k < sorted.len() {
                let v = sorted[k].0;
                while k < sorted.len() && sorted[k].0 == v {
                    for &(c, n) in self.points[sorted[k].1].counts {
                        low[c] += n;
                    }
                    k += 1;
                }
                if k == sorted.len() {
                    break;
                }
                let right = low.iter().max().copied().unwrap_or(0)
                    + low.iter().zip(tally).map(|(l, t)| t - l).max().unwrap_or(0);
                if best.is_none_or(|b| right > b.2) {
                    best = Some((f, v, right));
                }
            }
        }
        best
    }
}
