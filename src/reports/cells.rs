//! cells.csv: one row per cell: its seats one column each, then one
//! column per option, holding the value in force (the preset's number,
//! `off`, the side that moves first), and one per swept policy parameter.

use crate::core::seed::game_seed;
use crate::plan::cell_plan::CellPlan;
use crate::plan::report_columns::seat_column;
use crate::reports::cell_result::CellResult;
use crate::runner::precision::Stopped;

/// The columns before the seat and option columns (documented in
/// reports/README.md).
pub const FIRST_COLUMNS: &[&str] = &[
    "cell",
    "entry",
    "label",
    "game",
    "games",
    "stopped",
    "first_game_seed",
    "seats",
];

/// The columns of cells.csv, summary.csv and metrics.csv that the cells
/// of a report decide: what every one of them ends with (the option and
/// parameter columns), and how many seats cells.csv gives a column.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellColumns {
    /// Every option name of the cells' games, in order of first
    /// appearance: games that share an option name share its column.
    pub options: Vec<&'static str>,
    /// Every policy parameter the cells sweep ([`CellPlan::params`]), in
    /// order of first appearance, after the options: cells of an entry
    /// that does not sweep one leave its column empty.
    pub params: Vec<String>,
    /// The most seats of any cell: cells.csv's `seat_1` ... `seat_N`.
    pub seats: usize,
}

impl CellColumns {
    /// The columns of a report of the cells `plans`, in cell order.
    pub fn of<'a>(plans: impl Iterator<Item = &'a CellPlan>) -> CellColumns {
        let mut out = CellColumns::default();
        for plan in plans {
            for (name, _) in plan.cell.in_force.iter() {
                if !out.options.contains(&name) {
                    out.options.push(name);
                }
            }
            for (key, _) in &plan.params {
                if !out.params.contains(key) {
                    out.params.push(key.clone());
                }
            }
            out.seats = out.seats.max(plan.cell.seats.len());
        }
        out
    }

    /// The names of the columns every one of the three tables ends with:
    /// the options', then the parameters'.
    pub fn last_names(&self) -> impl Iterator<Item = String> + '_ {
        self.options
            .iter()
            .map(|o| o.to_string())
            .chain(self.params.iter().cloned())
    }

    /// Cell `p`'s fields of [`CellColumns::last_names`]: the values in
    /// force of the options, empty where its game lacks one, then its
    /// swept parameters' values, empty where it sweeps none of that name.
    /// What ends its rows in cells.csv, summary.csv and metrics.csv, so
    /// that those read without a join.
    pub fn last_values<'a>(&'a self, p: &'a CellPlan) -> impl Iterator<Item = String> + 'a {
        let options = self.options.iter().map(|name| {
            p.cell
                .in_force
                .iter()
                .find(|(n, _)| n == name)
                .map_or(String::new(), |(_, v)| v.to_string())
        });
        let params = self.params.iter().map(|key| {
            p.params
                .iter()
                .find(|(k, _)| k == key)
                .map_or(String::new(), |(_, v)| v.clone())
        });
        options.chain(params)
    }
}

/// The header of cells.csv with `columns` after its first.
pub fn header(columns: &CellColumns) -> Vec<String> {
    FIRST_COLUMNS
        .iter()
        .map(|c| c.to_string())
        .chain((1..=columns.seats).map(seat_column))
        .chain(columns.last_names())
        .collect()
}

/// The row of cell `p` in cells.csv with `columns` after its first:
/// `played` is how many games it played and why that many (a cell played
/// to a precision stops short of its most, `cell.games`).
pub fn row(p: &CellPlan, played: (u64, Stopped), columns: &CellColumns) -> Vec<String> {
    let mut row = vec![
        p.cell.index.to_string(),
        p.entry.to_string(),
        p.label.clone().unwrap_or_default(),
        p.game.to_string(),
        played.0.to_string(),
        played.1.as_str().to_string(),
        first_game_seed(p).to_string(),
        seats(p),
    ];
    // One field a seat: a policy's text may hold commas (`mcts:20,c=1.0`,
    // `lua:b.lua{k=2, j=3}`), which `seats` leaves to be told apart.
    row.extend((0..columns.seats).map(|s| {
        p.cell
            .seats
            .get(s)
            .map_or(String::new(), |spec| spec.to_string())
    }));
    row.extend(columns.last_values(p));
    row
}

/// The seed of cell `p`'s game 0, which `ludus play --seed` replays.
pub fn first_game_seed(p: &CellPlan) -> u64 {
    game_seed(p.cell.seed, p.cell.index as u64, 0)
}

/// Cell `p`'s policies in seat order, joined by commas as `--seats`
/// takes them.
pub fn seats(p: &CellPlan) -> String {
    let seats: Vec<String> = p.cell.seats.iter().map(|s| s.to_string()).collect();
    seats.join(",")
}

/// The header and rows of cells.csv; a cell whose game lacks an option
/// leaves its column empty.
pub fn table(results: &[CellResult]) -> (Vec<String>, Vec<Vec<String>>) {
    let columns = CellColumns::of(results.iter().map(|r| &r.plan));
    let rows = results
        .iter()
        .map(|r| row(&r.plan, (r.tally.games, r.plan.stopped(&r.tally)), &columns))
        .collect();
    (header(&columns), rows)
}

#[cfg(test)]
mod tests {
    use crate::plan::report_columns::{OWN_COLUMNS, is_own_column};
    use crate::reports::{metrics, summary};

    /// The plan refuses a parameter named as a column of the tables by
    /// its own list of their names: the list and the tables must agree.
    #[test]
    fn the_plans_list_of_columns_is_the_tables() {
        let mut tables: Vec<&str> = summary::COLUMNS
            .iter()
            .chain(metrics::COLUMNS)
            .chain(super::FIRST_COLUMNS)
            .copied()
            .collect();
        tables.sort_unstable();
        tables.dedup();
        let mut listed = OWN_COLUMNS.to_vec();
        listed.sort_unstable();
        assert_eq!(listed, tables);
        assert!(is_own_column(&crate::plan::report_columns::seat_column(7)));
    }
}
