//! skill-N.svg: a skill curve on a calibrated axis. Each cell of a skill
//! sweep is a point at its level's Elo (`random` = 0, from the run's
//! round-robin, [`crate::run::skill_calibration`]) against the first
//! mover's score, both with their 95% intervals, labelled with the level
//! (`mcts:100`): "balanced up to Elo 800, the first mover's above" reads
//! off it, where a budget's axis says nothing of how much stronger 100
//! playouts are than 25.

use crate::reports::charts::entry_group::EntryGroup;
use crate::reports::charts::frame::percent;
use crate::reports::charts::scatter::{self, Axis, Point, Scatter, Tier, legend_item};
use crate::reports::metrics::{self, Estimate};

/// Whether the group has a cell rated by the calibration.
pub fn has_ratings(group: &EntryGroup) -> bool {
    group.planned.iter().any(|p| p.skill_elo.get().is_some())
}

/// An Elo tick: a whole number.
fn elo_tick(x: &f64) -> String {
    format!("{x:.0}")
}

/// The chart of a group with at least one finished cell.
pub fn svg(group: &EntryGroup) -> std::io::Result<String> {
    let points: Vec<Point> = group
        .finished
        .iter()
        .enumerate()
        .filter_map(|(k, r)| {
            let [elo, low, high] = *r.plan.skill_elo.get()?;
            let y = metrics::estimates(&r.plan, &r.tally, &["advantage_first"])
                .pop()
                .flatten()?;
            let level = r.plan.cell.seats[0].to_string();
            Some(Point {
                id: k as u128,
                x: Estimate {
                    value: elo,
                    low,
                    high,
                },
                hover: format!(
                    "{level}: Elo {elo:.0} [{low:.0}, {high:.0}], first mover's score {} [{}, {}]",
                    percent(&y.value),
                    percent(&y.low),
                    percent(&y.high)
                ),
                y,
                tier: Tier::Strong,
                exact: false,
                label: Some(level),
            })
        })
        .collect();
    let legend = [legend_item("a level of skill", Tier::Strong, false)];
    let heading = format!("{}: skill curve", group.heading());
    let what = format!(
        "The first mover's score against the players' calibrated skill (Elo, random = 0, \
         from a round-robin of the levels), 95% intervals{}",
        group.shown_note()
    );
    scatter::svg(&Scatter {
        title: (&heading, &what),
        x: Axis {
            desc: "skill (Elo; random = 0)",
            tick: elo_tick,
        },
        y: Axis {
            desc: "first mover's score",
            tick: percent,
        },
        legend: &legend,
        points: &points,
    })
}
