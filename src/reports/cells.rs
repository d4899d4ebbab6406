//! cells.csv: one row per cell, one column per option, holding the value
//! in force (the preset's number, `off`, the side that moves first).

use crate::core::seed::game_seed;
use crate::plan::cell_plan::CellPlan;
use crate::reports::cell_result::CellResult;

/// The columns before the option columns (documented in reports/README.md).
pub const FIRST_COLUMNS: &[&str] = &[
    "cell",
    "entry",
    "label",
    "game",
    "games",
    "first_game_seed",
    "seats",
];

/// Every option name of the cells' games, in order of first appearance:
/// the option columns. Games that share an option name share its column.
pub fn option_columns(results: &[CellResult]) -> Vec<&'static str> {
    option_columns_of(results.iter().map(|r| &r.plan))
}

/// [`option_columns`] of the cells `plans`.
pub fn option_columns_of<'a>(plans: impl Iterator<Item = &'a CellPlan>) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for plan in plans {
        for (name, _) in plan.cell.in_force.iter() {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// The header of cells.csv with `options` as its option columns.
pub fn header(options: &[&'static str]) -> Vec<String> {
    FIRST_COLUMNS
        .iter()
        .copied()
        .chain(options.iter().copied())
        .map(str::to_string)
        .collect()
}

/// The row of cell `p` in cells.csv with `options` as its option columns.
pub fn row(p: &CellPlan, options: &[&'static str]) -> Vec<String> {
    let mut row = vec![
        p.cell.index.to_string(),
        p.entry.to_string(),
        p.label.clone().unwrap_or_default(),
        p.game.to_string(),
        p.cell.games.to_string(),
        first_game_seed(p).to_string(),
        seats(p),
    ];
    row.extend(option_values(p, options));
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

/// The values in force in cell `p` of the option columns `options`, empty
/// where its game lacks the option: the last columns of cells.csv, and of
/// summary.csv and metrics.csv, so that those read without a join.
pub fn option_values<'a>(
    p: &'a CellPlan,
    options: &'a [&'static str],
) -> impl Iterator<Item = String> + 'a {
    options.iter().map(|name| {
        p.cell
            .in_force
            .iter()
            .find(|(n, _)| n == name)
            .map_or(String::new(), |(_, v)| v.to_string())
    })
}

/// The header and rows of cells.csv; a cell whose game lacks an option
/// leaves its column empty.
pub fn table(results: &[CellResult]) -> (Vec<String>, Vec<Vec<String>>) {
    let options = option_columns(results);
    let rows = results.iter().map(|r| row(&r.plan, &options)).collect();
    (header(&options), rows)
}
