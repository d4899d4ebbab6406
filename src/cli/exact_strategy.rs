//! `ludus exact GAME --strategy`: optimal play printed as a table in the
//! game's terms, or as JSON.

use ludus::analysis::equilibrium::Objective;
use ludus::analysis::strategy_rule::{Feature, RuleNode, StrategyRule};
use ludus::analysis::strategy_table::StrategyTable;
use ludus::core::options::Options;
use ludus::runner::game_entry::GameEntry;

/// What optimal play is worth to each seat, in words: its chance of
/// winning or its expected payoff.
fn values(objective: Objective, value: &[f64]) -> String {
    value
        .iter()
        .enumerate()
        .map(|(s, v)| match objective {
            Objective::Win => format!("seat {} wins {:.4}%", s + 1, 100.0 * v),
            Objective::Payoff => format!(
                "seat {} expects {}",
                s + 1,
                ludus::core::signed::signed(*v, 5)
            ),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The table: a heading, then a line per row, the terms in columns and
/// the last one's ranges with their choices at the end.
pub fn text(
    entry: &dyn GameEntry,
    in_force: &Options,
    objective: Objective,
    t: &StrategyTable,
) -> String {
    let mut out = format!(
        "{} ({in_force}): optimal play, every seat playing for its {}\n",
        entry.name(),
        match objective {
            Objective::Win => "chance of winning",
            Objective::Payoff => "expected payoff",
        }
    );
    let listed = match t.stage_starts {
        Some(starts) => format!(
            "solved by stages: {} stage starts and {} states listed",
            thousands(starts),
            thousands(t.states)
        ),
        None => format!("{} reachable states", thousands(t.states)),
    };
    out += &format!(
        "{listed}, {} decisions; {}\n\n",
        thousands(t.decisions),
        values(objective, &t.value)
    );
    let (Some(rule), Some((last, given))) = (&t.rule, t.terms.split_last()) else {
        out += "no decision is ever made\n";
        return out;
    };
    out += &in_words(rule, &t.terms);
    out += "\nThe columns of the table:\n  seat: the seat deciding\n";
    for term in &t.terms {
        match t.meanings.iter().find(|(name, _)| name == term) {
            Some((_, meaning)) => out += &format!("  {term}: {meaning}\n"),
            None => out += &format!("  {term}\n"),
        }
    }
    out += &format!(
        "  choice: the move optimal play makes, for each range of {last} (only the values met are counted)\n"
    );
    if !t.left_out.is_empty() {
        out += &format!(
            "Left out, as they never change the choice given the rest: {}.\n",
            t.left_out.join(", ")
        );
    }
    out += "\n";
    let mut heads = vec!["seat"];
    heads.extend(given);
    let cells: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| {
            std::iter::once((r.seat + 1).to_string())
                .chain(r.given.iter().map(i64::to_string))
                .collect()
        })
        .collect();
    let widths: Vec<usize> = (0..heads.len())
        .map(|c| {
            cells
                .iter()
                .map(|r| r[c].len())
                .fold(heads[c].len(), usize::max)
        })
        .collect();
    let line = |words: Vec<&str>, tail: &str| {
        let mut l: Vec<String> = words
            .iter()
            .zip(&widths)
            .map(|(w, &n)| format!("{w:>n$}"))
            .collect();
        l.push(tail.to_string());
        l.join("  ") + "\n"
    };
    out += &line(heads, &format!("{last}: choice"));
    for (row, cells) in t.rows.iter().zip(&cells) {
        let spans = row
            .spans
            .iter()
            .map(|s| match s.from == s.to {
                true => format!("{} {}", s.from, s.choice),
                false => format!("{}-{} {}", s.from, s.to, s.choice),
            })
            .collect::<Vec<_>>()
            .join(", ");
        out += &line(cells.iter().map(String::as_str).collect(), &spans);
    }
    if t.rows
        .iter()
        .flat_map(|r| &r.spans)
        .any(|s| s.choice.contains(" / "))
    {
        out += "\n`stop 3 / throw 1`: states alike in every term shown choose differently \
                (3 states stop, 1 throws): there the choice depends on more than the table shows\n";
    }
    out
}

/// The table as one JSON object: `game`, `options`, `objective`,
/// `value` (by seat), `states`, `stage_starts` (null unless solved by
/// stages), `decisions`, `terms`, `meanings` (by term), `left_out`,
/// `rule` (`agree`, `decisions` and `tree`: a node is either
/// `{"choose", "agree", "of"}` or `{"where", "at_most", "low", "high"}`,
/// `where` naming a term or a sum of two), and `rows`, each
/// with `seat`, `given` (every term but the last, by name) and `spans`
/// (`from`, `to`, `choice`).
pub fn json(
    entry: &dyn GameEntry,
    options: serde_json::Value,
    objective: Objective,
    t: &StrategyTable,
) -> String {
    let rows: Vec<serde_json::Value> = t
        .rows
        .iter()
        .map(|r| {
            let given: serde_json::Map<String, serde_json::Value> = t
                .terms
                .iter()
                .zip(&r.given)
                .map(|(name, v)| (name.to_string(), serde_json::json!(v)))
                .collect();
            let spans: Vec<serde_json::Value> = r
                .spans
                .iter()
                .map(|s| serde_json::json!({"from": s.from, "to": s.to, "choice": s.choice}))
                .collect();
            serde_json::json!({"seat": r.seat + 1, "given": given, "spans": spans})
        })
        .collect();
    let meanings: serde_json::Map<String, serde_json::Value> = t
        .meanings
        .iter()
        .map(|(name, meaning)| (name.to_string(), serde_json::json!(meaning)))
        .collect();
    serde_json::json!({
        "game": entry.name(),
        "options": options,
        "objective": objective.name(),
        "value": t.value,
        "states": t.states,
        "stage_starts": t.stage_starts,
        "decisions": t.decisions,
        "terms": t.terms,
        "meanings": meanings,
        "left_out": t.left_out,
        "rule": t.rule.as_ref().map(|r| serde_json::json!({
            "agree": r.agree,
            "decisions": r.decisions,
            "tree": rule_json(&r.root, &t.terms),
        })),
        "rows": rows,
    })
    .to_string()
        + "\n"
}

/// `n` with its thousands set apart.
fn thousands(n: usize) -> String {
    ludus::reports::table::thousands(n as u64)
}

/// The rule as a few indented lines of questions and choices, with how
/// often it agrees with optimal play.
fn in_words(rule: &StrategyRule, terms: &[&str]) -> String {
    let share = |agree: usize, of: usize| 100.0 * agree as f64 / of.max(1) as f64;
    let mut out = format!(
        "The rule in words: it chooses as optimal play does at {:.2}% of the {} decisions \
         (the table below gives every one).\n",
        share(rule.agree, rule.decisions),
        thousands(rule.decisions)
    );
    let name = |f: &Feature| feature_name(f, terms);
    fn lines(
        node: &RuleNode,
        depth: usize,
        out: &mut String,
        name: &dyn Fn(&Feature) -> String,
        share: &dyn Fn(usize, usize) -> f64,
    ) {
        let pad = "  ".repeat(depth + 1);
        match node {
            RuleNode::Choose { choice, agree, of } => {
                *out += &format!(
                    "{pad}{choice}  (as optimal play at {:.1}% of {} decision{})\n",
                    share(*agree, *of),
                    thousands(*of),
                    if *of == 1 { "" } else { "s" }
                );
            }
            RuleNode::Split {
                feature,
                at,
                low,
                high,
            } => {
                *out += &format!("{pad}where {} is at most {at}:\n", name(feature));
                lines(low, depth + 1, out, name, share);
                *out += &format!("{pad}where it is more:\n");
                lines(high, depth + 1, out, name, share);
            }
        }
    }
    lines(&rule.root, 0, &mut out, &name, &share);
    out
}

/// A node of the rule as JSON.
fn rule_json(node: &RuleNode, terms: &[&str]) -> serde_json::Value {
    match node {
        RuleNode::Choose { choice, agree, of } => {
            serde_json::json!({"choose": choice, "agree": agree, "of": of})
        }
        RuleNode::Split {
            feature,
            at,
            low,
            high,
        } => serde_json::json!({
            "where": feature_name(feature, terms),
            "at_most": at,
            "low": rule_json(low, terms),
            "high": rule_json(high, terms),
        }),
    }
}

/// What a question of the rule reads, in the table's terms.
fn feature_name(f: &Feature, terms: &[&str]) -> String {
    let last = terms.last().copied().unwrap_or_default();
    match *f {
        Feature::Seat => "seat".to_string(),
        Feature::Term(t) => terms[t].to_string(),
        Feature::SumWithLast(t) => format!("{} + {last}", terms[t]),
    }
}
