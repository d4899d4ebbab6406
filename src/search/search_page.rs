//! A search's index.html: what the search was and did, every candidate on
//! a chart of the first two goals with their 95% intervals (the front
//! strong and labelled, the rest faded behind it), and the front as a
//! table, best first, each setting in the game's words. The figures are
//! candidates.csv's, from the same standings; the page is one file that
//! a browser shows without a network or scripts. Documented in
//! docs/search.md.

use std::fmt::Write;

use crate::core::plural::plural;
use crate::plan::search_plan::{Aim, Goal, Robust, SearchPlan};
use crate::reports::charts::figures::{percent_interval, value_interval};
use crate::reports::charts::frame::percent;
use crate::reports::charts::html::{self, escape, table};
use crate::reports::charts::scatter::{self, Axis, Point, Scatter, Tier, legend_item};
use crate::reports::metrics::Estimate;
use crate::reports::table::thousands;
use crate::search::contender::{GoalStanding, Known};
use crate::search::goal_value::is_rate;
use crate::search::race::Race;

/// The most candidates the chart shows: the front and the survivors
/// first, then the dropped in the space's order. A chart of 50,000
/// points with their bars would be tens of megabytes that no browser
/// draws quickly; candidates.csv holds every one.
pub const MAX_CHARTED: usize = 5000;

/// The most rows of the front's table; front.csv holds every one.
pub const MAX_FRONT_ROWS: usize = 500;

/// The page of `race` run from `plan`: `standings` are each contender's
/// goals (as candidates.csv gives them), `front` the front, best first.
pub fn page(
    plan: &SearchPlan,
    race: &Race,
    standings: &[Vec<GoalStanding>],
    front: &[usize],
) -> String {
    let mut out = String::new();
    html::open(&mut out, &format!("ludus search: {}", plan.name));
    header(&mut out, plan, race, front);
    chart(&mut out, plan, race, standings, front);
    front_table(&mut out, plan, race, standings, front);
    glossary(&mut out, plan);
    html::close(&mut out);
    out
}

/// The table of what the search was and what it did, how to read the
/// page, and the links to the tables.
fn header(out: &mut String, plan: &SearchPlan, race: &Race, front: &[usize]) {
    let game = plan.game;
    let fixed: Vec<String> = plan
        .fixed
        .iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect();
    let space: Vec<String> = plan
        .space
        .iter()
        .map(|d| {
            let values: Vec<String> = d.values.iter().map(ToString::to_string).collect();
            format!("{} = [{}]", d.key, values.join(", "))
        })
        .collect();
    let levels: Vec<&str> = plan.levels.iter().map(|l| l.label.as_str()).collect();
    let mut levels_text = levels.join(", ");
    if levels.len() > 1 {
        levels_text.push_str(match plan.robust {
            Robust::Worst => " (a goal counts its worst level)",
            Robust::Mean => " (a goal counts the mean of the levels)",
        });
    }
    let goals: Vec<String> = plan
        .goals
        .iter()
        .map(|g| {
            let weight = if g.weight != 0.0 {
                format!(", weight {}", g.weight)
            } else {
                String::new()
            };
            format!("{} ({}{weight})", g.metric, aim_word(g.aim))
        })
        .collect();
    let exact = race.contenders.iter().filter(|c| c.exact()).count();
    let mut rows = vec![
        ("search", plan.name.clone()),
        ("source", plan.source.clone()),
        ("game", format!("{} ({})", game.name(), game.title())),
        (
            "options held fixed",
            if fixed.is_empty() {
                "none: the game's defaults".to_string()
            } else {
                fixed.join(", ")
            },
        ),
        ("options searched", space.join("; ")),
        ("skill levels", levels_text),
        ("goals", goals.join(", ")),
        ("seed", plan.seed.to_string()),
        ("budget", format!("{} games", thousands(plan.budget))),
        ("games played", thousands(race.spent)),
        ("rounds", race.rounds.to_string()),
        ("candidates", thousands(race.contenders.len() as u64)),
        ("solved exactly", thousands(exact as u64)),
        ("survivors", thousands(race.survivors() as u64)),
        ("front", plural(front.len(), "candidate")),
    ];
    if let Some(n) = &race.ntbea {
        rows.insert(
            5,
            (
                "searched by",
                format!(
                    "NTBEA over {} settings: {} played in {} ({} games), its best {} raced \
                     (ntbea.csv)",
                    thousands(u64::try_from(plan.candidate_count()).unwrap_or(u64::MAX)),
                    thousands(n.points.len() as u64),
                    plural(n.batches, "batch"),
                    thousands(n.spent),
                    race.contenders.len()
                ),
            ),
        );
    }
    html::header_table(out, &rows);
    out.push_str(
        "<p>How to read it: each point is a candidate setting, its bars the 95% intervals \
         of its goals; a diamond is an exact value, which has none. The front (the settings \
         left that no other beats on every goal) is drawn strong and labelled with the \
         candidate's number, and listed below, best first. Faded: still racing, but \
         matched or beaten on every goal by the estimates; palest: dropped, beaten with \
         confidence (candidates.csv says in which round and by which). Defined in \
         docs/search.md.</p>\n",
    );
    out.push_str(
        "<p>The same figures as tables: <a href=\"candidates.csv\">candidates.csv</a> \
         (every candidate), <a href=\"front.csv\">front.csv</a> (the front); to play the \
         front again with fresh seeds: <a href=\"confirm.toml\">confirm.toml</a> \
         (<code>ludus run confirm.toml</code>); how the search was made: \
         <a href=\"manifest.json\">manifest.json</a>.</p>\n",
    );
}

/// What a goal asks, in words.
fn aim_word(aim: Aim) -> String {
    match aim {
        Aim::Max => "max: higher is better".into(),
        Aim::Min => "min: lower is better".into(),
        Aim::Target(t) => format!("target {t}: nearer is better"),
    }
}

/// A goal's name on an axis or a column: the metric, over the levels as
/// the search counts them, and what is wanted of it.
fn goal_name(plan: &SearchPlan, g: &Goal) -> String {
    let over = match (plan.levels.len() > 1, plan.robust) {
        (false, _) => "",
        (true, Robust::Worst) => ", worst level",
        (true, Robust::Mean) => ", mean of levels",
    };
    format!("{}{over} ({})", g.metric, aim_word(g.aim))
}

/// The ticks of a goal's axis: percentages for a rate.
fn tick_of(metric: &str) -> fn(&f64) -> String {
    if is_rate(metric) {
        percent
    } else {
        |x| crate::reports::charts::figures::significant(*x)
    }
}

/// The ticks of a rank: whole numbers only.
fn whole(x: &f64) -> String {
    if x.fract() == 0.0 && *x >= 1.0 {
        format!("{x:.0}")
    } else {
        String::new()
    }
}

/// The tier of contender `i`: strong on the front, faded while it races,
/// faint once dropped.
fn tier(race: &Race, front: &[usize], i: usize) -> Tier {
    if front.contains(&i) {
        Tier::Strong
    } else if race.contenders[i].dropped.is_none() {
        Tier::Faded
    } else {
        Tier::Faint
    }
}

/// The chart: the first goal against the second; with one goal, the goal
/// against the candidate's rank by it (1 the best), so that exact
/// candidates, which play no game, have a place too.
fn chart(
    out: &mut String,
    plan: &SearchPlan,
    race: &Race,
    standings: &[Vec<GoalStanding>],
    front: &[usize],
) {
    out.push_str("<h2 id=\"chart\">Every candidate, the front in front</h2>\n");
    let metric = |i: usize, g: usize| standings[i][g].overall.map(|(m, _)| m);
    let with_figures: Vec<usize> = (0..race.contenders.len())
        .filter(|&i| (0..plan.goals.len().min(2)).all(|g| metric(i, g).is_some()))
        .collect();
    // Which are charted: the front and survivors before the dropped.
    let mut charted = with_figures.clone();
    charted.sort_by_key(|&i| std::cmp::Reverse(tier(race, front, i)));
    charted.truncate(MAX_CHARTED);
    charted.sort_unstable();
    let one_goal = plan.goals.len() == 1;
    // With one goal, each candidate's rank by its utility, best first.
    let mut ranked = with_figures.clone();
    ranked.sort_by(|&a, &b| {
        let u = |i: usize| {
            standings[i][0]
                .overall
                .map_or(f64::NEG_INFINITY, |(_, u)| u.value)
        };
        u(b).total_cmp(&u(a)).then(a.cmp(&b))
    });
    let rank = |i: usize| ranked.iter().position(|&r| r == i).map_or(0, |r| r + 1) as f64;
    let points: Vec<Point> = charted
        .iter()
        .map(|&i| {
            let c = &race.contenders[i];
            let t = tier(race, front, i);
            let (x, y) = if one_goal {
                let r = rank(i);
                let at = Estimate {
                    value: r,
                    low: r,
                    high: r,
                };
                (at, metric(i, 0).expect("a charted candidate has figures"))
            } else {
                (
                    metric(i, 0).expect("a charted candidate has figures"),
                    metric(i, 1).expect("a charted candidate has figures"),
                )
            };
            let state = match (t, c.dropped) {
                (Tier::Strong, _) => "on the front".to_string(),
                (_, None) => "racing".to_string(),
                (_, Some((round, by))) => {
                    format!("dropped after round {round} by {}", number(plan, race, by))
                }
            };
            Point {
                id: number(plan, race, i),
                x,
                y,
                tier: t,
                exact: c.exact(),
                label: (t == Tier::Strong).then(|| number(plan, race, i).to_string()),
                hover: format!(
                    "candidate {}: {}; {}; {state}",
                    number(plan, race, i),
                    setting(plan, i, race),
                    if c.exact() { "exact" } else { "played" }
                ),
            }
        })
        .collect();
    let (x_desc, x_tick) = if one_goal {
        (
            format!("rank by {} (1 = best)", plan.goals[0].metric),
            whole as fn(&f64) -> String,
        )
    } else {
        (
            goal_name(plan, &plan.goals[0]),
            tick_of(&plan.goals[0].metric),
        )
    };
    let y_goal = &plan.goals[usize::from(!one_goal)];
    let y_desc = goal_name(plan, y_goal);
    let legend = [
        legend_item("front (labelled)", Tier::Strong, false),
        legend_item("racing, off the front", Tier::Faded, false),
        legend_item("dropped", Tier::Faint, false),
        legend_item("exact (no interval)", Tier::Strong, true),
    ];
    let heading = format!("{}: {}", plan.name, plan.game.title());
    let what = if one_goal {
        format!(
            "Every candidate's {} with its 95% interval, ranked",
            y_goal.metric
        )
    } else {
        format!(
            "Every candidate's {} against its {}, with 95% intervals",
            plan.goals[0].metric, y_goal.metric
        )
    };
    let svg = scatter::svg(&Scatter {
        title: (&heading, &what),
        x: Axis {
            desc: &x_desc,
            tick: x_tick,
        },
        y: Axis {
            desc: &y_desc,
            tick: tick_of(&y_goal.metric),
        },
        legend: &legend,
        points: &points,
    });
    match svg {
        Ok(svg) => {
            out.push_str("<figure><div class=\"scroll\">\n");
            out.push_str(&svg);
            out.push_str("</div></figure>\n");
        }
        Err(e) => {
            let _ = writeln!(
                out,
                "<p class=\"note\">The chart could not be drawn: {}.</p>",
                escape(&e.to_string())
            );
        }
    }
    let mut notes = Vec::new();
    if plan.goals.len() > 2 {
        notes.push(format!(
            "The chart shows the first two of {} goals; the table below gives every one.",
            plan.goals.len()
        ));
    }
    let without = race.contenders.len() - with_figures.len();
    if without > 0 {
        notes.push(format!(
            "{} not on the chart: no game of {} was played.",
            plural(without, "candidate is"),
            if without == 1 { "it" } else { "them" }
        ));
    }
    if charted.len() < with_figures.len() {
        notes.push(format!(
            "The chart shows {} of {} candidates: the front and the survivors, then the \
             first dropped; candidates.csv holds every one.",
            thousands(charted.len() as u64),
            thousands(with_figures.len() as u64)
        ));
    }
    for n in notes {
        let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(&n));
    }
}

/// Contender `i`'s number, as the tables give it: its place in the space.
fn number(plan: &SearchPlan, race: &Race, i: usize) -> u128 {
    plan.index_of(&race.contenders[i].candidate)
}

/// Candidate `i`'s searched options, `name = value`, as front.csv writes
/// the values.
fn setting(plan: &SearchPlan, i: usize, race: &Race) -> String {
    let c = &race.contenders[i].candidate;
    (0..plan.space.len())
        .map(|d| format!("{} = {}", plan.space[d].key, plan.value(c, d)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A goal's figure for reading: a rate as a percentage, anything else as
/// a number, each with its interval where it has one.
fn figure(metric: &str, e: Option<Estimate>) -> String {
    let Some(e) = e else {
        return String::new();
    };
    match (is_rate(metric), e.high > e.low) {
        (true, true) => percent_interval(e.value, Some((e.low, e.high))),
        (true, false) => percent(&e.value),
        (false, _) => value_interval(e.value, e.low, e.high),
    }
}

/// How a contender is known: `exact`, `played`, or which levels are which.
fn known(plan: &SearchPlan, race: &Race, i: usize) -> String {
    let c = &race.contenders[i];
    if c.exact() {
        return "exact".into();
    }
    if c.levels.iter().all(|k| !matches!(k, Known::Exact(_))) {
        return "played".into();
    }
    c.levels
        .iter()
        .zip(&plan.levels)
        .map(|(k, l)| {
            let how = if matches!(k, Known::Exact(_)) {
                "exact"
            } else {
                "played"
            };
            format!("{how} at {}", l.label)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The front, best first: each candidate's setting, how it is known, its
/// games and every goal with its interval; with several levels, each
/// level's games and figures too.
fn front_table(
    out: &mut String,
    plan: &SearchPlan,
    race: &Race,
    standings: &[Vec<GoalStanding>],
    front: &[usize],
) {
    out.push_str("<section id=\"front\">\n<h2>The front, best first (front.csv)</h2>\n");
    let ranked_by = if plan.goals.iter().any(|g| g.weight != 0.0) {
        "the weighted sum of the goals".to_string()
    } else {
        format!("the first goal, {}", plan.goals[0].metric)
    };
    let _ = writeln!(
        out,
        "<p>The settings no other left matches or beats on every goal, ranked by {}; \
         each figure with its 95% interval (none for an exact value).</p>",
        escape(&ranked_by)
    );
    let several = plan.levels.len() > 1;
    let mut head: Vec<String> = ["rank", "candidate", "setting", "known", "games"]
        .map(String::from)
        .to_vec();
    if several {
        head.extend(plan.levels.iter().map(|l| format!("games @ {}", l.label)));
    }
    for g in &plan.goals {
        head.push(goal_name(plan, g));
        if several {
            head.extend(
                plan.levels
                    .iter()
                    .map(|l| format!("{} @ {}", g.metric, l.label)),
            );
        }
    }
    let rows: Vec<Vec<String>> = front
        .iter()
        .take(MAX_FRONT_ROWS)
        .enumerate()
        .map(|(rank, &i)| {
            let games = race.contenders[i].games();
            let mut row = vec![
                (rank + 1).to_string(),
                number(plan, race, i).to_string(),
                setting(plan, i, race),
                known(plan, race, i),
                thousands(games.iter().sum()),
            ];
            if several {
                row.extend(games.iter().map(|&n| thousands(n)));
            }
            for (g, s) in plan.goals.iter().zip(&standings[i]) {
                row.push(figure(&g.metric, s.overall.map(|(m, _)| m)));
                if several {
                    row.extend(s.levels.iter().map(|&e| figure(&g.metric, e)));
                }
            }
            row
        })
        .collect();
    if rows.is_empty() {
        out.push_str(
            "<p class=\"note\">The front is empty: no candidate left has a figure on every \
             goal.</p>\n",
        );
    } else {
        table(out, &head, &rows);
    }
    if front.len() > MAX_FRONT_ROWS {
        let _ = writeln!(
            out,
            "<p class=\"note\">The table shows the first {MAX_FRONT_ROWS} of {}; front.csv \
             holds every one.</p>",
            plural(front.len(), "candidate")
        );
    }
    out.push_str("</section>\n");
}

/// What each option of the search means, in the game's own words.
fn glossary(out: &mut String, plan: &SearchPlan) {
    let keys: Vec<&str> = plan
        .space
        .iter()
        .map(|d| d.key.as_str())
        .chain(plan.fixed.keys().map(String::as_str))
        .collect();
    let specs: Vec<_> = keys
        .iter()
        .filter_map(|k| plan.game.option_specs().iter().find(|s| s.name == *k))
        .collect();
    if specs.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "<h2>The options</h2>\n<p>As <code>ludus rules {}</code> describes them.</p>\n<ul>",
        escape(plan.game.name())
    );
    for s in specs {
        let _ = writeln!(
            out,
            "<li><code>{}</code>: {} (default {})</li>",
            escape(s.name),
            escape(s.doc),
            escape(s.default)
        );
    }
    out.push_str("</ul>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_reads_as_a_percentage_and_a_length_as_a_number() {
        let e = |value, low, high| Some(Estimate { value, low, high });
        assert_eq!(figure("balance", e(1.0, 1.0, 1.0)), "100%");
        assert_eq!(figure("balance", e(0.98, 0.95, 1.0)), "98% [95,\u{a0}100]");
        assert_eq!(
            figure("duration_turns", e(30.949254, 30.949254, 30.949254)),
            "30.9493"
        );
        assert_eq!(
            figure("duration_turns", e(30.97, 30.56, 31.37)),
            "31.0 [30.6,\u{a0}31.4]"
        );
        assert_eq!(figure("balance", None), "");
    }

    #[test]
    fn a_rank_axis_names_only_whole_ranks() {
        assert_eq!(whole(&3.0), "3");
        assert_eq!(whole(&2.5), "");
        assert_eq!(whole(&0.0), "");
    }
}
