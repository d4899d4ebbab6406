//! Experiment files: what to play, how often, with which seats.
//!
//! An experiment is TOML:
//!
//! ```toml
//! name = "hazard-seats"
//! seed = 1
//! games = 100000          # per cell (a cell may set its own `games`), or a precision:
//!                         # { until_se = 0.005, max = 200000 } (see runner::precision)
//! max_plies = 100000      # optional: longer games stop as a draw
//! on_bot_error = "forfeit" # optional: a failing policy loses its game (default "stop")
//! metrics = "all"           # optional: every decision's options counted, the lead followed (default "basic")
//! metrics_evaluator = "mcts:50" # optional, with metrics = "all": what judges the lead (default: the game's evaluation)
//! exact = false             # optional: no exact values beside the estimates (default true; a cell may set its own)
//! calibrate = 40            # optional: games a pairing of a skill sweep's round-robin that rates its levels in Elo (default 40; 0: none; a cell may set its own)
//! record = 3                # optional: keep the first 3 games of each cell whole, in records.jsonl (default 0)
//! [[cells]]
//! game = "hazard"
//! label = "Hazard, dealer first"  # optional: names the entry in index.html and cells.csv
//! options = { order = "fixed" }  # numbers, strings, and true/false where an option takes them
//! seats = "random"                 # or one policy per seat: ["random", "lua:scripts/random.lua"]
//! sweep = { players = [2, 3, 4] }  # optional: one cell per value
//! ```
//!
//! Every problem is reported with the file and the key it is in.

use std::collections::HashSet;
use std::sync::OnceLock;

use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::core::control_text::read_toml;
use crate::core::input::read_text;
use crate::core::options::Options;
use crate::core::plural::plural;
use crate::plan::cell_games::CellGames;
use crate::plan::cell_plan::CellPlan;
use crate::plan::exact_cache;
use crate::plan::exact_reach::{CELL_BUDGET, RUN_BUDGET};
use crate::plan::plan_error::PlanError;
use crate::plan::report_columns::is_own_column;
use crate::policies::policy_spec::PolicySpec;
use crate::registry;
use crate::runner::cell::Cell;
use crate::runner::metrics_level::MetricsLevel;
use crate::runner::on_bot_error::OnBotError;

/// The experiment `ludus run` plays when given no file.
pub const DEFAULT_EXPERIMENT: &str = include_str!("../../data/experiments/default.toml");

/// The most cells an experiment may have, sweeps expanded.
pub const MAX_CELLS: usize = 100_000;

/// The largest experiment file read.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// The games a pairing of a skill ladder's round-robin plays unless the
/// file or its entry says (`calibrate`), half with each seating: some
/// seconds to minutes, and an interval of about ±150 Elo a level
/// ([`crate::plan::skill_ladder`]).
pub const DEFAULT_CALIBRATION: u64 = 40;

/// The most games a pairing of a skill ladder's round-robin plays
/// (`calibrate`): a rating past some thousands is as sure as the run's.
pub const MAX_CALIBRATION: u64 = 100_000;

/// The longest `label` of a `[[cells]]` entry, in characters: a heading
/// of one line.
pub const MAX_LABEL: usize = 120;

/// The longest game, in the game's own length unit, when a file sets none.
pub const DEFAULT_MAX_PLIES: u32 = 1_000_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExperimentFile {
    name: String,
    seed: u64,
    games: toml::Value,
    max_plies: Option<u32>,
    on_bot_error: Option<String>,
    metrics: Option<String>,
    metrics_evaluator: Option<String>,
    exact: Option<bool>,
    calibrate: Option<u64>,
    record: Option<u64>,
    cells: Vec<CellFile>,
    /// A tournament beside the cells, which `ludus tournament` plays
    /// (see [`crate::runner::tournament`]); `ludus run` leaves it.
    tournament: Option<toml::Table>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CellFile {
    game: String,
    label: Option<String>,
    games: Option<toml::Value>,
    #[serde(default)]
    options: toml::Table,
    seats: Option<SeatsFile>,
    #[serde(default)]
    sweep: toml::Table,
    exact: Option<bool>,
    calibrate: Option<u64>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum SeatsFile {
    Every(String),
    Each(Vec<String>),
}

/// A checked experiment, its sweeps expanded into cells.
#[derive(Clone, Debug)]
pub struct Experiment {
    /// The name; reports go to `reports/<name>/`.
    pub name: String,
    /// Where it came from (a path, or "(default experiment)").
    pub source: String,
    /// SHA-256 of the file's text.
    pub source_sha256: String,
    /// The file's text.
    pub text: String,
    /// The experiment seed.
    pub seed: u64,
    /// Games per cell, for the cells that do not set their own (the most,
    /// `max`, where the file plays to a precision).
    pub games: u64,
    /// Longest game before it is stopped as a draw.
    pub max_plies: u32,
    /// The cells, in file order, sweeps expanded in place.
    pub cells: Vec<CellPlan>,
    /// How many games of each cell (those of index below it) the run
    /// keeps whole in records.jsonl; 0: none.
    pub record: u64,
    /// The games a pairing of each `[[cells]]` entry's skill ladder plays
    /// ([`crate::plan::skill_ladder`]), by entry: its `calibrate`, else
    /// the file's, else [`DEFAULT_CALIBRATION`]; 0:
    /// the entry's levels are not rated.
    pub calibrate: Vec<u64>,
    /// Whether the file also holds a `[tournament]` table, which `ludus
    /// tournament` plays and `ludus run` does not.
    pub has_tournament: bool,
}

impl Experiment {
    /// Parses and checks the text of an experiment file; `source` names it in errors.
    pub fn parse(text: &str, source: &str) -> Result<Experiment, PlanError> {
        Experiment::parse_checking(text, source, true)
    }

    /// Parses the text of an experiment whose games were played already
    /// (read back from a partial, see [`crate::store::partial`]): checked
    /// as [`Experiment::parse`] does, except that the seats' policies are
    /// not built, so that its Lua scripts need not be at hand.
    pub fn parse_played(text: &str, source: &str) -> Result<Experiment, PlanError> {
        Experiment::parse_checking(text, source, false)
    }

    /// The paths of the Lua scripts the cells' seats name, each once, sorted.
    pub fn script_paths(&self) -> Vec<String> {
        crate::policies::policy_spec::script_paths(
            self.cells
                .iter()
                .flat_map(|c| c.cell.seats.iter().chain(&c.cell.evaluator)),
        )
    }

    fn parse_checking(
        text: &str,
        source: &str,
        check_policies: bool,
    ) -> Result<Experiment, PlanError> {
        // A file that is only a tournament would otherwise fail on the
        // first experiment key it lacks, which says nothing of the remedy.
        if let Ok(table) = text.parse::<toml::Table>()
            && table.contains_key("tournament")
            && !table.contains_key("cells")
        {
            return Err(PlanError::whole(
                source,
                format!(
                    "the file holds a `[tournament]` table and no `[[cells]]`: \
                     `ludus tournament {source}` plays it"
                ),
            ));
        }
        let file: ExperimentFile = read_toml(text).map_err(|e| PlanError::whole(source, e))?;
        let at = |key: &str, msg: String| PlanError::at(source, key, msg);
        check_name(&file.name).map_err(|e| at("name", e.to_string()))?;
        let file_games = CellGames::read(&file.games, source, "games")?;
        let max_plies = file.max_plies.unwrap_or(DEFAULT_MAX_PLIES);
        if max_plies == 0 {
            return Err(at("max_plies", "must be at least 1".into()));
        }
        if file.cells.is_empty() {
            return Err(PlanError::whole(
                source,
                "no [[cells]]: an experiment needs at least one",
            ));
        }
        let on_bot_error = match file.on_bot_error.as_deref() {
            None => OnBotError::Stop,
            Some(text) => OnBotError::parse(text).map_err(|e| at("on_bot_error", e.to_string()))?,
        };
        let metrics = match file.metrics.as_deref() {
            None => MetricsLevel::Basic,
            Some(text) => MetricsLevel::parse(text).map_err(|e| at("metrics", e.to_string()))?,
        };
        // Kept whatever the file's `metrics`: `--metrics all` may ask for
        // it ([`Experiment::unused_evaluator`] says when nothing does).
        let evaluator = match file.metrics_evaluator.as_deref() {
            None => None,
            Some(text) => {
                let spec =
                    PolicySpec::parse(text).map_err(|e| at("metrics_evaluator", e.to_string()))?;
                if !spec.judges() {
                    return Err(at(
                        "metrics_evaluator",
                        format!(
                            "`{spec}` has no judgement of its own: name a search (mcts:N, \
                             alphabeta:N) or a Lua script that defines evaluate(game, seat), or \
                             leave it out for the game's own evaluation"
                        ),
                    ));
                }
                Some(spec)
            }
        };
        // The cells every entry sweeps to, counted before any is made.
        let mut total = 0usize;
        for (i, cell) in file.cells.iter().enumerate() {
            let points = cell.sweep.values().try_fold(1usize, |n, v| {
                n.checked_mul(v.as_array().map_or(1, |a| a.len().max(1)))
            });
            total = match points.and_then(|p| total.checked_add(p)) {
                Some(t) if t <= MAX_CELLS => t,
                _ => {
                    return Err(at(
                        &format!("cells[{i}].sweep"),
                        format!(
                            "makes the experiment more than {MAX_CELLS} cells, the most it may \
                             have (split it into several experiments)"
                        ),
                    ));
                }
            };
        }
        let mut cells = Vec::new();
        for (i, cell) in file.cells.iter().enumerate() {
            let key = format!("cells[{i}]");
            let games = match &cell.games {
                None => file_games,
                Some(v) => CellGames::read(v, source, &format!("{key}.games"))?,
            };
            for mut plan in expand(cell, i, source, check_policies)? {
                if let Some(e) = &evaluator
                    && check_policies
                {
                    plan.game
                        .check_policy(e, &plan.cell.in_force)
                        .map_err(|err| {
                            at(
                                "metrics_evaluator",
                                format!("{err} (for {} in {key})", plan.game.name()),
                            )
                        })?;
                }
                plan.cell = Cell {
                    index: cells.len(),
                    seed: file.seed,
                    games: games.most(),
                    max_plies,
                    on_bot_error,
                    metrics,
                    evaluator: evaluator.clone(),
                    ..plan.cell
                };
                plan.precision = games.precision();
                cells.push(plan);
            }
        }
        check_param_columns(&cells, source)?;
        // Each cell that asks for exact values (its entry's `exact`, else
        // the file's) gets its share of the run's budget, shared by the
        // rules solved: cells of one rules key are solved once.
        let asks = |c: &CellPlan| file.cells[c.entry].exact.or(file.exact).unwrap_or(true);
        let asking: HashSet<String> = cells
            .iter()
            .filter(|c| asks(c))
            .map(|c| exact_cache::rules_key(c.game, &c.cell))
            .collect();
        let share = (RUN_BUDGET / asking.len().max(1) as u64).min(CELL_BUDGET);
        for c in &mut cells {
            c.cell.exact_budget = if asks(c) { share } else { 0 };
        }
        // Games per pairing of each entry's skill ladder, if it is one.
        let calibrate = file
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let n = c
                    .calibrate
                    .or(file.calibrate)
                    .unwrap_or(DEFAULT_CALIBRATION);
                if n > MAX_CALIBRATION {
                    let key = match c.calibrate {
                        Some(_) => format!("cells[{i}].calibrate"),
                        None => "calibrate".to_string(),
                    };
                    return Err(PlanError::at(
                        source,
                        &key,
                        format!("takes 0 to {MAX_CALIBRATION} games a pairing, not {n}"),
                    ));
                }
                Ok(n)
            })
            .collect::<Result<Vec<u64>, PlanError>>()?;
        Ok(Experiment {
            name: file.name,
            source: source.to_string(),
            source_sha256: format!("{:x}", Sha256::digest(text.as_bytes())),
            text: text.to_string(),
            seed: file.seed,
            games: file_games.most(),
            max_plies,
            cells,
            record: file.record.unwrap_or(0),
            calibrate,
            has_tournament: file.tournament.is_some(),
        })
    }

    /// Reads and checks an experiment file.
    pub fn load(path: &str) -> Result<Experiment, PlanError> {
        let text = read_text(path, MAX_FILE_BYTES)
            .map_err(|e| PlanError::whole(path, format!("cannot read the experiment file: {e}")))?;
        Experiment::parse(&text, path)
    }

    /// The embedded default experiment.
    pub fn default_experiment() -> Experiment {
        Experiment::parse(DEFAULT_EXPERIMENT, "(default experiment)")
            .expect("the default experiment is valid")
    }

    /// Replaces the games per cell: every cell plays that many, a cell
    /// that played to a precision too.
    pub fn set_games(&mut self, games: u64) -> Result<(), PlanError> {
        if games == 0 {
            return Err(PlanError::CommandLine("--games must be at least 1".into()));
        }
        self.games = games;
        self.cells.iter_mut().for_each(|c| {
            c.cell.games = games;
            c.precision = None;
        });
        Ok(())
    }

    /// Replaces what a failing policy does, in every cell.
    pub fn set_on_bot_error(&mut self, on: OnBotError) {
        self.cells.iter_mut().for_each(|c| c.cell.on_bot_error = on);
    }

    /// Replaces how much of metrics.csv every cell measures.
    pub fn set_metrics(&mut self, metrics: MetricsLevel) {
        self.cells.iter_mut().for_each(|c| c.cell.metrics = metrics);
    }

    /// Why the file's `metrics_evaluator` would judge nothing, if it
    /// would not: it judges the lead only under `metrics = "all"`, which
    /// neither the file nor `--metrics` ([`Experiment::set_metrics`]) set.
    pub fn unused_evaluator(&self) -> Option<String> {
        let c = self
            .cells
            .iter()
            .find(|c| c.cell.evaluator.is_some() && c.cell.metrics != MetricsLevel::All)?;
        Some(format!(
            "`metrics_evaluator` `{}` judges the lead only under metrics = \"all\" (the \
             file's `metrics`, or --metrics all), which this run does not set",
            c.cell.evaluator.as_ref().expect("found with one")
        ))
    }

    /// The key that sets the games of the cells of `[[cells]]` entry
    /// `entry`: its own `games` where it has one, else the file's.
    pub fn games_key(&self, entry: usize) -> String {
        let own = self.text.parse::<toml::Table>().ok().is_some_and(|t| {
            t.get("cells")
                .and_then(|c| c.get(entry))
                .is_some_and(|e| e.get("games").is_some())
        });
        if own {
            format!("cells[{entry}].games")
        } else {
            "games".to_string()
        }
    }

    /// Replaces how many games of each cell are recorded (`--record`).
    pub fn set_record(&mut self, record: u64) {
        self.record = record;
    }

    /// Replaces the experiment seed.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.cells.iter_mut().for_each(|c| c.cell.seed = seed);
    }
}

/// Checks an experiment's or a tournament's name, which names its report
/// folder: letters, digits, '-', '_' and '.', not first.
///
/// ```
/// use ludus::plan::experiment::check_name;
/// assert!(check_name("run-1.b_2").is_ok());
/// assert!(check_name("../x").is_err() && check_name("").is_err());
/// ```
pub fn check_name(name: &str) -> Result<(), PlanError> {
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
        || name.starts_with('.')
    {
        return Err(PlanError::Value(format!(
            "`{}` must be letters, digits, '-', '_' or '.' (it names the report folder)",
            crate::core::text::printable(name.as_bytes(), false)
        )));
    }
    Ok(())
}

/// The text of option `key`'s value `v` in a TOML file, for a game whose
/// options are `specs`: a whole number or a string as written, and a
/// boolean where the option takes `true|false` (as `ludus games` lists
/// it). A value of any other type, or a boolean for an option that does
/// not take one, is refused, saying what the option takes; an unknown key
/// is left for [`Options::resolve`] to name.
///
/// ```
/// use ludus::plan::experiment::option_text;
/// let specs = ludus::registry::find("alquerque").unwrap().option_specs();
/// let yes = toml::Value::Boolean(true);
/// assert_eq!(option_text(specs, "forced_capture", &yes).unwrap(), "true");
/// let e = option_text(specs, "cap", &yes).unwrap_err().to_string();
/// assert!(e.starts_with("option `cap` takes ") && e.ends_with(", not the boolean `true`"), "{e}");
/// ```
pub fn option_text(
    specs: &[crate::core::options::OptionSpec],
    key: &str,
    v: &toml::Value,
) -> Result<String, PlanError> {
    let Some(spec) = specs.iter().find(|s| s.name == key) else {
        return Ok(v.to_string());
    };
    let refused = |what: String| {
        Err(PlanError::Value(format!(
            "option `{key}` takes {}, not {what}",
            spec.values()
        )))
    };
    match v {
        toml::Value::Integer(i) => Ok(i.to_string()),
        toml::Value::String(s) => Ok(s.clone()),
        toml::Value::Boolean(b) if spec.parse(&b.to_string()).is_ok() => Ok(b.to_string()),
        toml::Value::Boolean(b) => refused(format!("the boolean `{b}`")),
        other => refused(format!("`{other}`")),
    }
}

/// Refuses a swept policy parameter whose column in the reports would be
/// an option's column too (an option of another entry's game): a column
/// means one thing. Parameters named as the tables' own columns are
/// refused where they are swept ([`expand`]).
fn check_param_columns(cells: &[CellPlan], source: &str) -> Result<(), PlanError> {
    // An option's name, with the first entry whose game has it.
    let mut options: Vec<(&str, usize, &str)> = Vec::new();
    for c in cells {
        for (name, _) in c.cell.in_force.iter() {
            if options.iter().all(|(n, ..)| *n != name) {
                options.push((name, c.entry, c.game.name()));
            }
        }
    }
    for c in cells {
        for (key, _) in &c.params {
            if let Some((_, j, game)) = options.iter().find(|(n, ..)| n == key) {
                return Err(PlanError::at(
                    source,
                    &format!("cells[{}].sweep.{key}", c.entry),
                    format!(
                        "a swept policy parameter has a column of its own in summary.csv, \
                         metrics.csv and cells.csv, and `{key}` is the column of an option of \
                         {game} (cells[{j}]): call the parameter otherwise, here and in the seats"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The sweep key whose values are seat lists rather than option values.
const SEATS_KEY: &str = "seats";

/// One value of a sweep axis: an option's text, the seats of a cell, or
/// a policy parameter's text, put in place of `{key}` in every seat.
#[derive(Clone, Debug)]
enum AxisValue {
    Option(String),
    Seats(SeatsFile),
    Param(String),
}

impl AxisValue {
    /// The value as the reports label the cell: the option's text, or the
    /// policies joined by commas as `--seats` takes them.
    fn label(&self) -> String {
        match self {
            AxisValue::Option(t) | AxisValue::Param(t) => t.clone(),
            AxisValue::Seats(SeatsFile::Every(p)) => p.clone(),
            AxisValue::Seats(SeatsFile::Each(list)) => list.join(","),
        }
    }
}

/// The policies a cell's `seats` names, if it names any.
fn seat_texts(seats: Option<&SeatsFile>) -> impl Iterator<Item = &String> {
    let list: &[String] = match seats {
        None => &[],
        Some(SeatsFile::Every(p)) => std::slice::from_ref(p),
        Some(SeatsFile::Each(list)) => list,
    };
    list.iter()
}

/// A policy parameter's value as it is put in a seat's text: a number or
/// a word.
fn param_text(x: &toml::Value) -> Option<String> {
    match x {
        toml::Value::Integer(i) => Some(i.to_string()),
        toml::Value::Float(f) if f.is_finite() => Some(f.to_string()),
        toml::Value::String(t)
            if !t.is_empty()
                && t.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)) =>
        {
            Some(t.clone())
        }
        _ => None,
    }
}

/// The cells one `[[cells]]` entry stands for: one, or one per sweep point.
fn expand(
    cell: &CellFile,
    entry_index: usize,
    source: &str,
    check_policies: bool,
) -> Result<Vec<CellPlan>, PlanError> {
    let key = format!("cells[{entry_index}]");
    let at = |sub: &str, msg: String| PlanError::at(source, &format!("{key}.{sub}"), msg);
    let entry = registry::game(&cell.game).map_err(|e| at("game", e.to_string()))?;
    if let Some(label) = &cell.label {
        let length = label.chars().count();
        if label.trim().is_empty() || label.contains(['\n', '\r']) || length > MAX_LABEL {
            return Err(at(
                "label",
                format!(
                    "a label is one line of 1 to {MAX_LABEL} characters (this one has {length}{})",
                    if label.contains('\n') {
                        ", over several lines"
                    } else {
                        ""
                    }
                ),
            ));
        }
    }
    let mut fixed = Vec::new();
    for (k, v) in &cell.options {
        let text = option_text(entry.option_specs(), k, v).map_err(|e| {
            at(
                &format!("options.{k}"),
                format!("{e} (game {})", entry.name()),
            )
        })?;
        fixed.push((k.clone(), text));
    }
    let mut axes: Vec<(String, Vec<AxisValue>)> = Vec::new();
    for (k, v) in &cell.sweep {
        if cell.options.contains_key(k) {
            return Err(at(
                &format!("sweep.{k}"),
                "is also set in `options`: give it in one place".into(),
            ));
        }
        if k == SEATS_KEY && cell.seats.is_some() {
            return Err(at(
                "sweep.seats",
                "the cell also sets `seats`: give them in one place".into(),
            ));
        }
        let values = v.as_array().filter(|a| !a.is_empty()).ok_or_else(|| {
            at(
                &format!("sweep.{k}"),
                if k == SEATS_KEY {
                    "must be a non-empty list of seat lists, e.g. [[\"random\", \"random\"], [\"lua:a.lua\", \"random\"]]".into()
                } else {
                    "must be a non-empty list of values".into()
                },
            )
        })?;
        // A key that is no option of the game but stands as `{key}` in
        // the seats is a policy's parameter (`mcts:{budget}`): the skill
        // of every seat swept in one line.
        let placeholder = format!("{{{k}}}");
        let is_param = k != SEATS_KEY
            && entry.option_specs().iter().all(|o| o.name != k)
            && (seat_texts(cell.seats.as_ref()).any(|t| t.contains(&placeholder))
                || cell
                    .sweep
                    .get(SEATS_KEY)
                    .is_some_and(|v| v.to_string().contains(&placeholder)));
        if is_param && is_own_column(k) {
            return Err(at(
                &format!("sweep.{k}"),
                format!(
                    "a swept policy parameter has a column of its own in summary.csv, \
                     metrics.csv and cells.csv, named as its key, and `{k}` is a column \
                     those tables have already: call the parameter otherwise, here and in \
                     the seats ({placeholder})"
                ),
            ));
        }
        let mut axis = Vec::new();
        for (j, x) in values.iter().enumerate() {
            let value = if is_param {
                param_text(x).map(AxisValue::Param).ok_or_else(|| {
                    at(
                        &format!("sweep.{k}[{j}]"),
                        format!("`{x}` is not a number or a word to put in place of {placeholder}"),
                    )
                })?
            } else if k == SEATS_KEY {
                // A sweep's seat list reads as a cell's `seats` does.
                x.clone().try_into().map(AxisValue::Seats).map_err(|_| {
                    at(
                        &format!("sweep.seats[{j}]"),
                        format!("`{x}` is neither a policy nor a list of policies"),
                    )
                })?
            } else {
                option_text(entry.option_specs(), k, x)
                    .map(AxisValue::Option)
                    .map_err(|e| {
                        at(
                            &format!("sweep.{k}[{j}]"),
                            format!("{e} (game {})", entry.name()),
                        )
                    })?
            };
            axis.push(value);
        }
        axes.push((k.clone(), axis));
    }
    // The cartesian product of the sweep axes, the first axis varying slowest.
    let mut points: Vec<Vec<(String, AxisValue)>> = vec![Vec::new()];
    for (k, values) in &axes {
        points = points
            .into_iter()
            .flat_map(|p| {
                values.iter().map(move |v| {
                    let mut q = p.clone();
                    q.push((k.clone(), v.clone()));
                    q
                })
            })
            .collect();
    }
    let mut plans = Vec::new();
    for point in points {
        let mut given = fixed.clone();
        let mut seats_file = cell.seats.clone();
        let mut params = Vec::new();
        for (k, v) in &point {
            match v {
                AxisValue::Option(t) => given.push((k.clone(), t.clone())),
                AxisValue::Seats(s) => seats_file = Some(s.clone()),
                AxisValue::Param(t) => params.push((format!("{{{k}}}"), t.clone())),
            }
        }
        let swept: Vec<(String, String)> =
            point.iter().map(|(k, v)| (k.clone(), v.label())).collect();
        let swept_params = point
            .iter()
            .filter(|(_, v)| matches!(v, AxisValue::Param(_)))
            .map(|(k, v)| (k.clone(), v.label()))
            .collect();
        let sub = if point.is_empty() { "options" } else { "sweep" };
        let label = if swept.is_empty() {
            String::new()
        } else {
            let pairs: Vec<String> = swept.iter().map(|(k, v)| format!("{k}={v}")).collect();
            format!(" (at {})", pairs.join(", "))
        };
        let options = Options::resolve(entry.option_specs(), &given)
            .map_err(|e| at(sub, format!("{e} (game {}){label}", entry.name())))?;
        let players = entry
            .players(&options)
            .map_err(|e| at(sub, format!("{e}{label}")))?;
        let in_force = entry
            .options_in_force(&options)
            .map_err(|e| at(sub, format!("{e}{label}")))?;
        let seats_at = if point.iter().any(|(k, _)| k == SEATS_KEY) {
            "sweep.seats"
        } else {
            "seats"
        };
        let seats: Vec<String> = match &seats_file {
            None => vec!["random".to_string(); players],
            Some(SeatsFile::Every(p)) => vec![p.clone(); players],
            Some(SeatsFile::Each(list)) if list.len() == 1 => vec![list[0].clone(); players],
            Some(SeatsFile::Each(list)) => {
                if list.len() != players {
                    return Err(at(
                        seats_at,
                        format!(
                            "lists {} but {}{} has {players} seats{label}",
                            plural(list.len(), "policy"),
                            entry.name(),
                            match options.changed_from_defaults(entry.option_specs()) {
                                c if c.is_empty() => String::new(),
                                c => format!(" with {c}"),
                            }
                        ),
                    ));
                }
                list.clone()
            }
        };
        let seats: Vec<String> = seats
            .into_iter()
            .map(|text| {
                params
                    .iter()
                    .fold(text, |t, (holder, value)| t.replace(holder, value))
            })
            .collect();
        let mut specs = Vec::new();
        for (s, text) in seats.iter().enumerate() {
            let spec = PolicySpec::parse(text)
                .map_err(|e| at(&format!("{seats_at}[{s}]"), format!("{e}{label}")))?;
            if check_policies {
                entry
                    .check_policy(&spec, &in_force)
                    .map_err(|e| at(&format!("{seats_at}[{s}]"), format!("{e}{label}")))?;
            }
            specs.push(spec);
        }
        plans.push(CellPlan {
            game: entry,
            cell: Cell {
                index: 0,
                options,
                in_force,
                seats: specs,
                games: 0,
                seed: 0,
                max_plies: 0,
                on_bot_error: OnBotError::Stop,
                metrics: MetricsLevel::Basic,
                evaluator: None,
                exact_budget: 0,
            },
            entry: entry_index,
            label: cell.label.clone(),
            swept,
            params: swept_params,
            precision: None,
            exact: OnceLock::new(),
            skill: OnceLock::new(),
            skill_elo: OnceLock::new(),
        });
    }
    Ok(plans)
}
