//! The cells of one `[[cells]]` entry of an experiment file: one sweep,
//! the unit every chart and every section of index.html is made for.

use crate::plan::cell_plan::CellPlan;
use crate::plan::experiment::Experiment;
use crate::reports::cell_result::CellResult;
use crate::runner::game_entry::GameEntry;

/// One entry: its planned cells, which of them finished, and the finished
/// cells its charts and section show, once loaded.
pub struct EntryGroup<'a> {
    /// The entry's index in the experiment file (`entry` in cells.csv).
    pub entry: usize,
    /// The entry's game.
    pub game: &'static dyn GameEntry,
    /// Every cell of the entry, finished or not, in cell order.
    pub planned: Vec<&'a CellPlan>,
    /// The indices of its finished cells, in cell order.
    pub finished_cells: Vec<usize>,
    /// The finished cells shown (the first of `finished_cells`), in cell
    /// order, while the entry's charts and section are made: empty until
    /// then, so that a report of many cells holds the results of one
    /// entry's shown cells at a time.
    pub finished: Vec<CellResult>,
}

/// The experiment's entries in file order, each with the indices of its
/// finished cells (`finished`, in cell order); none loaded.
pub fn groups<'a>(exp: &'a Experiment, finished: &[usize]) -> Vec<EntryGroup<'a>> {
    let mut out: Vec<EntryGroup<'a>> = Vec::new();
    let mut finished = finished.iter().copied().peekable();
    for plan in &exp.cells {
        match out.last_mut() {
            Some(g) if g.entry == plan.entry => g.planned.push(plan),
            _ => out.push(EntryGroup {
                entry: plan.entry,
                game: plan.game,
                planned: vec![plan],
                finished_cells: Vec::new(),
                finished: Vec::new(),
            }),
        }
        // Cells are numbered in file order with sweeps expanded in place,
        // so an entry's cells are next to each other.
        if finished.next_if_eq(&plan.cell.index).is_some() {
            let g = out.last_mut().expect("the cell's entry was just pushed");
            g.finished_cells.push(plan.cell.index);
        }
    }
    out
}

impl EntryGroup<'_> {
    /// The keys the entry sweeps, in the file's order (none for a lone cell).
    pub fn swept_keys(&self) -> Vec<&str> {
        self.planned[0]
            .swept
            .iter()
            .map(|(k, _)| k.as_str())
            .collect()
    }

    /// The settings every cell of the entry shares that are off the
    /// game's defaults, less the swept ones, with the values in force
    /// (what cells.csv writes: a Rithmomachy option given as `preset`
    /// shows the rule set's value): `rules=medieval bodies=6`. The options
    /// a rule set implies are its name's, not repeated.
    pub fn fixed_settings(&self) -> Vec<String> {
        let keys = self.swept_keys();
        let plan = self.planned[0];
        plan.cell
            .options
            .changed_in_force(self.game.option_specs(), &plan.cell.in_force)
            .into_iter()
            .filter(|kv| {
                !keys
                    .iter()
                    .any(|k| kv.split_once('=').is_some_and(|(n, _)| n == *k))
            })
            .collect()
    }

    /// The entry's name, in words a reader tells apart from its other
    /// entries: its `label` beside the game's title, or the title alone,
    /// then the settings off the game's defaults, what it sweeps and who
    /// plays (`Hazard (004 e): order=fixed, by players`; `Half Hazard
    /// (004 j): threshold:1 vs threshold:3`).
    pub fn name(&self) -> String {
        let title = match &self.planned[0].label {
            Some(label) => format!("{label} ({})", self.game.title()),
            None => self.game.title().to_string(),
        };
        let mut parts = Vec::new();
        let fixed = self.fixed_settings();
        if !fixed.is_empty() {
            parts.push(fixed.join(" "));
        }
        let keys = self.swept_keys();
        let seats_swept = keys.contains(&"seats") || !self.planned[0].params.is_empty();
        if !keys.is_empty() {
            parts.push(format!("by {}", keys.join(" × ")));
        }
        let seats = &self.planned[0].cell.seats;
        if !seats_swept && seats.iter().any(|s| s.to_string() != "random") {
            let names: Vec<String> = seats.iter().map(ToString::to_string).collect();
            parts.push(names.join(" vs "));
        }
        if parts.is_empty() {
            title
        } else {
            format!("{title}: {}", parts.join(", "))
        }
    }

    /// The heading of the entry's charts and section: its name and its
    /// number, which cells.csv's `entry` column gives (`Hazard (004 e):
    /// order=fixed, by players (entry 4)`).
    pub fn heading(&self) -> String {
        format!("{} (entry {})", self.name(), self.entry)
    }

    /// What the category axis of a chart shows: the swept keys, or `cell`
    /// for an entry of one cell that sweeps nothing.
    pub fn axis_name(&self) -> String {
        match self.swept_keys().as_slice() {
            [] => "cell".to_string(),
            [k] => k.to_string(),
            keys => format!("{} (top to bottom)", keys.join(", ")),
        }
    }

    /// A finished cell's label on a category axis: its swept values, one
    /// line each, or `cell N` when the entry sweeps nothing.
    pub fn tick_lines(plan: &CellPlan) -> Vec<String> {
        if plan.swept.is_empty() {
            vec![format!("cell {}", plan.cell.index)]
        } else {
            plan.swept.iter().map(|(_, v)| v.clone()).collect()
        }
    }

    /// How many of the entry's finished cells its charts and section leave
    /// out, in words for a chart's subtitle: ` (the first 50 of 3,000
    /// finished cells)`, or nothing when they show them all.
    pub fn shown_note(&self) -> String {
        if self.finished.len() >= self.finished_cells.len() {
            return String::new();
        }
        format!(
            " (the first {} of {} finished cells)",
            self.finished.len(),
            crate::reports::table::thousands(self.finished_cells.len() as u64)
        )
    }

    /// The shown cells' labels on a category axis, in cell order.
    pub fn ticks(&self) -> Vec<Vec<String>> {
        self.finished
            .iter()
            .map(|r| EntryGroup::tick_lines(&r.plan))
            .collect()
    }

    /// A finished cell's name in a legend: `cell 5: players=3`.
    pub fn legend_name(plan: &CellPlan) -> String {
        if plan.swept.is_empty() {
            format!("cell {}", plan.cell.index)
        } else {
            let pairs: Vec<String> = plan.swept.iter().map(|(k, v)| format!("{k}={v}")).collect();
            format!("cell {}: {}", plan.cell.index, pairs.join(" "))
        }
    }

    /// How a seat is named in a legend: its side where the game names one,
    /// and its policy when every finished cell gives it the same one.
    pub fn seat_name(&self, seat: usize) -> String {
        let mut name = match self.game.side_name(seat) {
            Some(side) => format!("seat {} ({side})", seat + 1),
            None => format!("seat {}", seat + 1),
        };
        let policies: Vec<String> = self
            .finished
            .iter()
            .filter_map(|r| r.plan.cell.seats.get(seat).map(|p| p.to_string()))
            .collect();
        let everyone_random = self
            .finished
            .iter()
            .all(|r| r.plan.cell.seats.iter().all(|p| p.to_string() == "random"));
        if !everyone_random
            && let Some(first) = policies.first()
            && policies.iter().all(|p| p == first)
        {
            name.push_str(": ");
            name.push_str(first);
        }
        name
    }

    /// The unit the entry's game counts its length in (reports/README.md,
    /// Length).
    pub fn length_unit(&self) -> &'static str {
        self.game.length_unit()
    }
}
