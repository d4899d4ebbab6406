//! `ludus exact GAME --strategy`: optimal play printed as a table in the
//! game's terms, or as JSON.

use ludus::analysis::equilibrium::Objective;
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
            Objective::Payoff => format!("seat {} expects {v:+.5}", s + 1),
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
    out += &format!(
        "{} reachable states, {} decisions; {}\n\n",
        t.states,
        t.decisions,
        values(objective, &t.value)
    );
    if !t.left_out.is_empty() {
        out += &format!(
            "left out, as they never change the choice given the rest: {}\n\n",
            t.left_out.join(", ")
        );
    }
    let Some((last, given)) = t.terms.split_last() else {
        out += "no decision is ever made\n";
        return out;
    };
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
/// `value` (by seat), `states`, `decisions`, `terms`, `left_out`, and
/// `rows`, each
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
    serde_json::json!({
        "game": entry.name(),
        "options": options,
        "objective": objective.name(),
        "value": t.value,
        "states": t.states,
        "decisions": t.decisions,
        "terms": t.terms,
        "left_out": t.left_out,
        "rows": rows,
    })
    .to_string()
        + "\n"
}
