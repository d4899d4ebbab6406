//! `ludus exact GAME --skill`: how much a game rewards play, exactly:
//! each seat's odds playing `optimal` against each weaker policy, beside
//! its odds playing that policy itself, printed as a table or as JSON.

use ludus::analysis::equilibrium::Objective;
use ludus::analysis::exact::{Bounds, SeatOdds};
use ludus::analysis::exact_error::ExactError;
use ludus::analysis::skill::{Skill, SkillRow, skill};
use ludus::core::options::Options;
use ludus::policies::policy_spec::PolicySpec;
use ludus::runner::game_entry::GameEntry;

use crate::cli::Failure;

/// The whole numbers a native policy that takes one is tried at, as a
/// weaker policy: the game's policy info names no list, so a small range
/// from the bottom, where such a rule is most distinct (Half Hazard's
/// `threshold:0` banks at once, `threshold:1` is the best rule of one
/// turn, 2 and 3 throw on), each costing two or three more exact
/// solutions a seat. `--seats` adds any other.
const NATIVE_PARAMETERS: std::ops::RangeInclusive<u32> = 0..=3;

/// What `--skill` is asked: the game, its options, the objective and
/// the policies `--seats` adds.
pub struct SkillQuery<'a> {
    /// The game.
    pub entry: &'a dyn GameEntry,
    /// The options as given.
    pub options: &'a Options,
    /// The options in force, as the heading names them.
    pub in_force: &'a Options,
    /// The objective as written after `--skill`.
    pub objective: &'a str,
    /// The policies `--seats` lists, if any.
    pub extra: Option<&'a str>,
    /// The most states a listing may reach.
    pub limit: usize,
    /// How to go past the limit, said under a row refused by it.
    pub raise: &'a str,
}

/// Solves every line-up the table needs and shows it: text, or with
/// `json` one JSON object (`options_json` is the options in force as
/// JSON).
pub fn skill_report(
    q: &SkillQuery<'_>,
    json: Option<serde_json::Value>,
) -> Result<String, Failure> {
    let entry = q.entry;
    let objective = Objective::parse(Some(q.objective)).ok_or_else(|| {
        Failure::Input(format!(
            "--skill {}: the objective is win or payoff",
            q.objective
        ))
    })?;
    if !entry.decides() {
        return Err(Failure::Input(format!(
            "{}: no seat ever decides anything, so every policy plays it alike and skill is worth nothing; --skill needs a game with decisions",
            entry.name()
        )));
    }
    let players = entry
        .players(q.options)
        .map_err(|e| Failure::Input(format!("{}: {e}", entry.name())))?;
    let optimal = PolicySpec {
        name: "optimal".into(),
        param: Some(objective.name().into()),
    };
    let weaker = weaker_policies(q, objective)?;
    let table = skill(players, &optimal, &weaker, |seats| {
        q.entry
            .exact(q.options, seats, Bounds::states(q.limit))
            .map(|e| e.seats)
    });
    // Optimal play that cannot be made for a reason other than the limit
    // (no key to the states) fails every row alike: one message says it.
    if let Err(e) = &table.equilibrium
        && !over_limit(e)
    {
        return Err(Failure::Input(format!(
            "{}: optimal play cannot be solved: {e}",
            entry.name()
        )));
    }
    Ok(match json {
        Some(options) => json_report(entry, options, &optimal, &table),
        None => text(q, &optimal, &table),
    })
}

/// The weaker policies: `random`, each native policy of the game (at
/// [`NATIVE_PARAMETERS`] where it takes a whole number), then those
/// `--seats` lists, each once.
fn weaker_policies(q: &SkillQuery<'_>, objective: Objective) -> Result<Vec<PolicySpec>, Failure> {
    let mut weaker = vec![PolicySpec {
        name: "random".into(),
        param: None,
    }];
    for native in q.entry.native_policies() {
        let bare = PolicySpec {
            name: native.name.into(),
            param: None,
        };
        if q.entry.check_policy(&bare, q.in_force).is_ok() {
            weaker.push(bare);
            continue;
        }
        weaker.extend(
            NATIVE_PARAMETERS
                .map(|k| PolicySpec {
                    name: native.name.into(),
                    param: Some(k.to_string()),
                })
                .filter(|p| q.entry.check_policy(p, q.in_force).is_ok()),
        );
    }
    let listed = match q.extra {
        Some(text) => {
            PolicySpec::parse_list(text).map_err(|e| Failure::Input(format!("--seats {e}")))?
        }
        None => Vec::new(),
    };
    for p in listed {
        if p.name == "optimal" && Objective::parse(p.param.as_deref()) == Some(objective) {
            return Err(Failure::Input(format!(
                "--seats {p}: that is the optimal play --skill measures the others against, not a weaker policy"
            )));
        }
        if p.searches_or_scripts() {
            return Err(Failure::Input(format!(
                "--seats {p}: its choice is no known distribution, which exact play needs (random, a native policy such as threshold:K, optimal)"
            )));
        }
        // `optimal` is built, and so solved, when its rows are: checking
        // it here would solve the game once more.
        if p.name != "optimal" {
            q.entry
                .check_policy(&p, q.in_force)
                .map_err(|e| Failure::Input(format!("--seats {e}")))?;
        }
        if !weaker.contains(&p) {
            weaker.push(p);
        }
    }
    Ok(weaker)
}

/// Whether exact play was refused by the state limit, its own or the
/// one `optimal` lists under.
fn over_limit(e: &ExactError) -> bool {
    match e {
        ExactError::TooManyStates { .. } => true,
        ExactError::Policy { reason, .. } => reason.ends_with("(the limit)"),
        _ => false,
    }
}

/// The objective in words.
fn aim(objective: &str) -> &'static str {
    match Objective::parse(Some(objective)) {
        Some(Objective::Payoff) => "expected payoff",
        _ => "chance of winning",
    }
}

/// `x` with float noise about zero (a fair game's payoff, -3e-16) made
/// zero, so that no "-0.000000" reads as a loss.
fn clean(x: f64) -> f64 {
    if x.abs() < 1e-12 { 0.0 } else { x }
}

/// A percentage or a payoff for the table, or what stood in its way.
fn cell(v: &Result<SeatOdds, ExactError>, pick: impl Fn(&SeatOdds) -> f64) -> String {
    match v {
        Ok(o) => format!("{:.6}", clean(pick(o))),
        Err(e) if over_limit(e) => "over limit".into(),
        Err(_) => "refused".into(),
    }
}

/// The table: a heading, the columns in words, the rows, the largest
/// gaps, and why any row was refused.
fn text(q: &SkillQuery<'_>, optimal: &PolicySpec, t: &Skill<PolicySpec>) -> String {
    let entry = q.entry;
    let options = if q.in_force.iter().next().is_some() {
        q.in_force.to_string()
    } else {
        "no options".to_string()
    };
    let mut out = format!(
        "{} ({options}): how much skill matters, `{optimal}` playing for its {}\n\n",
        entry.name(),
        aim(q.objective),
    );
    out += "Each row puts one seat's `optimal` against the opponent policy W played by\n\
            every other seat. \"opt win %\" and \"opt payoff\" are that seat's chance of\n\
            winning alone and its expected payoff (stake units) playing optimally;\n\
            \"W win %\" and \"W payoff\" are the same seat's when it plays W too, as every\n\
            seat does; \"gap win\" (percentage points) and \"gap payoff\" are the first\n\
            minus the second: what skill is worth in that seat against W.\n\n";
    match &t.equilibrium {
        Ok(seats) => {
            let each: Vec<String> = seats
                .iter()
                .enumerate()
                .map(|(s, o)| {
                    format!(
                        "{} wins {:.6}%, payoff {:.6}",
                        entry.seat_name(s),
                        100.0 * o.win,
                        clean(o.payoff)
                    )
                })
                .collect();
            out += &format!("equilibrium (every seat optimal): {}\n\n", each.join("; "));
        }
        Err(e) => out += &format!("equilibrium (every seat optimal): refused: {e}\n\n"),
    }
    let seat_width = t
        .rows
        .iter()
        .map(|r| entry.seat_name(r.seat).len())
        .max()
        .unwrap_or(0)
        .max(4);
    let w_width = t
        .rows
        .iter()
        .map(|r| r.opponent.to_string().len())
        .max()
        .unwrap_or(0)
        .max(8);
    out += &format!(
        "{:seat_width$}  {:w_width$}  {:>12}  {:>12}  {:>12}  {:>12}  {:>12}  {:>12}\n",
        "seat",
        "opponent",
        "opt win %",
        "opt payoff",
        "W win %",
        "W payoff",
        "gap win",
        "gap payoff"
    );
    let mut notes = Vec::new();
    for r in &t.rows {
        let (gap_win, gap_payoff) = match r.gap() {
            Some((w, p)) => (
                ludus::core::signed::signed(clean(100.0 * w), 6),
                ludus::core::signed::signed(clean(p), 6),
            ),
            None => ("-".into(), "-".into()),
        };
        out += &format!(
            "{:seat_width$}  {:w_width$}  {:>12}  {:>12}  {:>12}  {:>12}  {:>12}  {:>12}\n",
            entry.seat_name(r.seat),
            r.opponent.to_string(),
            cell(&r.optimal, |o| 100.0 * o.win),
            cell(&r.optimal, |o| o.payoff),
            cell(&r.in_place, |o| 100.0 * o.win),
            cell(&r.in_place, |o| o.payoff),
            gap_win,
            gap_payoff,
        );
        notes.extend(refusals(entry, r));
    }
    out += "\n";
    out += &summary(entry, t);
    if !notes.is_empty() {
        out += "\nrefused:\n";
        for n in &notes {
            out += &format!("  {n}\n");
        }
        if t.rows
            .iter()
            .flat_map(|r| [&r.optimal, &r.in_place])
            .any(|v| v.as_ref().is_err_and(over_limit))
        {
            out += &format!("  {}\n", q.raise);
        }
    }
    out
}

/// Why a row's line-ups were refused, one line each.
fn refusals(entry: &dyn GameEntry, r: &SkillRow<PolicySpec>) -> Vec<String> {
    let mut out = Vec::new();
    if let Err(e) = &r.optimal {
        out.push(format!(
            "{} optimal, the others {}: {e}",
            entry.seat_name(r.seat),
            r.opponent
        ));
    }
    if let Err(e) = &r.in_place {
        out.push(format!(
            "{} and the others {}: {e}",
            entry.seat_name(r.seat),
            r.opponent
        ));
    }
    out
}

/// The largest gaps in words: against `random`, and against any policy
/// tried if that is larger.
fn summary(entry: &dyn GameEntry, t: &Skill<PolicySpec>) -> String {
    let said = |(r, gap): (&SkillRow<PolicySpec>, f64)| {
        format!(
            "{:.4} percentage points of winning chance against {} ({})",
            100.0 * gap,
            r.opponent,
            entry.seat_name(r.seat)
        )
    };
    let random = t.largest_gap(|r| r.opponent.name == "random" && r.opponent.param.is_none());
    let any = t.largest_gap(|_| true);
    match (random, any) {
        (Some(a), Some(b)) if b.1 > a.1 => {
            format!("skill is worth up to {}, and up to {}\n", said(a), said(b))
        }
        (Some(a), _) => format!("skill is worth up to {}\n", said(a)),
        (None, Some(b)) => format!("skill is worth up to {}\n", said(b)),
        (None, None) => "no row was solved: no gap is known\n".into(),
    }
}

/// A seat's odds as JSON, or why they are not known.
fn odds_json(v: &Result<SeatOdds, ExactError>) -> serde_json::Value {
    match v {
        Ok(o) => serde_json::json!({
            "win": o.win,
            "draw": o.draw,
            "loss": o.loss,
            "payoff": o.payoff,
        }),
        Err(e) => serde_json::json!({
            "refused": e.to_string(),
            "over_limit": over_limit(e),
        }),
    }
}

/// The table as one JSON object.
fn json_report(
    entry: &dyn GameEntry,
    options: serde_json::Value,
    optimal: &PolicySpec,
    t: &Skill<PolicySpec>,
) -> String {
    let equilibrium = match &t.equilibrium {
        Ok(seats) => seats.iter().map(|o| odds_json(&Ok(*o))).collect(),
        Err(e) => odds_json(&Err(e.clone())),
    };
    let rows: Vec<serde_json::Value> = t
        .rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "seat": r.seat + 1,
                "opponent": r.opponent.to_string(),
                "optimal": odds_json(&r.optimal),
                "in_place": odds_json(&r.in_place),
                "gap": r.gap().map(|(win, payoff)| serde_json::json!({"win": win, "payoff": payoff})),
            })
        })
        .collect();
    let largest = t.largest_gap(|_| true).map(|(r, gap)| {
        serde_json::json!({"seat": r.seat + 1, "opponent": r.opponent.to_string(), "win": gap})
    });
    let out = serde_json::json!({
        "game": entry.name(),
        "options": options,
        "optimal": optimal.to_string(),
        "equilibrium": equilibrium,
        "rows": rows,
        "largest_gap": largest,
        "objective": Objective::parse(optimal.param.as_deref()).map_or("win", Objective::name),
    });
    format!("{out}\n")
}
