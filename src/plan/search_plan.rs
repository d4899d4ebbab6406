//! A search file read into a plan: the game, the options held fixed, the
//! space of options searched, the skill levels every candidate is judged
//! at, the goals and the budget of games (`ludus search`, docs/search.md).

use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::core::control_text::read_toml;
use crate::plan::cell_plan::CellPlan;
use crate::plan::experiment::{Experiment, check_name, option_text};
use crate::plan::plan_error::PlanError;
use crate::registry;
use crate::runner::game_entry::GameEntry;

/// The columns of metrics.csv a search can aim at: those every run
/// measures, each with an interval or a standard error.
pub const GOALS: &[&str] = &[
    "balance",
    "balance_decided",
    "advantage_first",
    "completion",
    "drawishness",
    "timeouts",
    "duration_turns",
    "duration_decisions",
    "decision_moves",
    "branching_factor",
    "decision_factor",
];

/// The most candidates a space may list.
pub const MAX_CANDIDATES: usize = 50_000;

/// The most candidates a space may hold, searched by NTBEA: beyond it a
/// candidate's index would not fit the tables' column.
pub const MAX_SPACE: u128 = u64::MAX as u128;

/// The most skill levels.
pub const MAX_LEVELS: usize = 16;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchFile {
    name: String,
    seed: u64,
    game: String,
    #[serde(default)]
    options: toml::Table,
    budget: u64,
    skill: Option<Vec<String>>,
    seats: Option<Vec<String>>,
    space: toml::Table,
    goals: toml::Table,
    robust: Option<String>,
    exact: Option<bool>,
    max_plies: Option<u32>,
    #[serde(default)]
    weights: toml::Table,
    #[serde(default)]
    tolerance: toml::Table,
    method: Option<String>,
}

/// How a search looks for the best candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Race every candidate of the space (spaces of at most
    /// [`MAX_CANDIDATES`]).
    Race,
    /// NTBEA over the space, then a race among its best (any space).
    Ntbea,
}

/// What a goal asks of a metric.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Aim {
    /// As high as it goes.
    Max,
    /// As low as it goes.
    Min,
    /// As near this value as it goes.
    Target(f64),
}

/// A goal: a column of metrics.csv and what is wanted of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Goal {
    /// The metrics.csv column (`balance`, `duration_turns`).
    pub metric: String,
    /// What is wanted of it.
    pub aim: Aim,
    /// Its weight in the ranking of the front (`weights`), 0 without one.
    pub weight: f64,
    /// How far apart, in the metric's units, two candidates may be on it
    /// and count as equal (`tolerance`), 0 without one: a candidate
    /// within it of another and beaten on some other goal is dropped, and
    /// the race stops once every survivor is known to within it.
    pub tolerance: f64,
}

/// How a candidate's goal over several skill levels is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Robust {
    /// Its worst level (the default): a setting good for every skill.
    Worst,
    /// The mean of its levels.
    Mean,
}

/// A skill level: the seats every candidate is played with.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// How tables name it (`random`, `mcts:100`, `greedy vs random`).
    pub label: String,
    /// The seats, as an experiment's cell writes them: one policy for
    /// every seat, or one a seat.
    pub seats: toml::Value,
}

/// An option searched and the values it takes.
#[derive(Clone, Debug, PartialEq)]
pub struct Dimension {
    /// The option's key.
    pub key: String,
    /// Its values, as a file writes them.
    pub values: Vec<toml::Value>,
}

/// A checked search.
#[derive(Clone, Debug)]
pub struct SearchPlan {
    /// The name; the search's folder is `reports/<name>/` unless told.
    pub name: String,
    /// The file as the user named it.
    pub source: String,
    /// The file's text.
    pub text: String,
    /// SHA-256 of the text.
    pub sha256: String,
    /// The seed.
    pub seed: u64,
    /// The game.
    pub game: &'static dyn GameEntry,
    /// The options held fixed.
    pub fixed: toml::Table,
    /// Games in all, over every level.
    pub budget: u64,
    /// The skill levels.
    pub levels: Vec<Level>,
    /// The options searched.
    pub space: Vec<Dimension>,
    /// The goals, in the file's order.
    pub goals: Vec<Goal>,
    /// How a goal over levels is counted.
    pub robust: Robust,
    /// Whether a candidate that `ludus exact` solves is taken from its
    /// exact values rather than played.
    pub exact: bool,
    /// The longest game, if the file sets one.
    pub max_plies: Option<u32>,
    /// How the space is searched: `method` in the file, else a race when
    /// the space lists at most [`MAX_CANDIDATES`], NTBEA beyond.
    pub method: Method,
}

/// One setting of the searched options: a value index for each dimension.
pub type Candidate = Vec<usize>;

impl SearchPlan {
    /// Reads and checks the search file at `path`.
    pub fn load(path: &str) -> Result<SearchPlan, PlanError> {
        let text = crate::core::input::read_text(path, crate::plan::experiment::MAX_FILE_BYTES)
            .map_err(|e| PlanError::whole(path, e))?;
        SearchPlan::parse(&text, path)
    }

    /// Parses and checks a search file's text; `source` names it in errors.
    pub fn parse(text: &str, source: &str) -> Result<SearchPlan, PlanError> {
        let f: SearchFile = read_toml(text).map_err(|e| PlanError::whole(source, e))?;
        let at = |key: &str, message: String| PlanError::at(source, key, message);
        check_name(&f.name).map_err(|e| at("name", e.to_string()))?;
        let game = registry::game(&f.game).map_err(|e| at("game", e.to_string()))?;
        if f.budget == 0 {
            return Err(at(
                "budget",
                "a search needs a budget of at least one game".into(),
            ));
        }
        let levels = levels(&f).map_err(|(key, m)| at(key, m))?;
        let space = space(&f, game).map_err(|(key, m)| at(&key, m))?;
        let goals = goals(&f).map_err(|(key, m)| at(&key, m))?;
        let robust = match f.robust.as_deref() {
            None | Some("worst") => Robust::Worst,
            Some("mean") => Robust::Mean,
            Some(other) => {
                return Err(at(
                    "robust",
                    format!(
                        "takes \"worst\" or \"mean\", not {}",
                        crate::core::text::inline(other)
                    ),
                ));
            }
        };
        let count = space
            .iter()
            .try_fold(1u128, |n, d| n.checked_mul(d.values.len() as u128))
            .filter(|&n| n <= MAX_SPACE)
            .ok_or_else(|| {
                at(
                    "space",
                    format!("lists more than {MAX_SPACE} candidates: search fewer options at once"),
                )
            })?;
        let method = match f.method.as_deref() {
            None if count > MAX_CANDIDATES as u128 => Method::Ntbea,
            None | Some("race") => Method::Race,
            Some("ntbea") => Method::Ntbea,
            Some(other) => {
                return Err(at(
                    "method",
                    format!(
                        "takes \"race\" or \"ntbea\", not {}",
                        crate::core::text::inline(other)
                    ),
                ));
            }
        };
        if method == Method::Race && count > MAX_CANDIDATES as u128 {
            return Err(at(
                "method",
                format!(
                    "a race lists every candidate, and this space lists {count}; \
                     a race takes at most {MAX_CANDIDATES} (leave `method` out, or \
                     set \"ntbea\", to search it by NTBEA)"
                ),
            ));
        }
        let plan = SearchPlan {
            name: f.name,
            source: source.to_string(),
            text: text.to_string(),
            sha256: format!("{:x}", Sha256::digest(text.as_bytes())),
            seed: f.seed,
            game,
            fixed: f.options,
            budget: f.budget,
            levels,
            space,
            goals,
            robust,
            exact: f.exact.unwrap_or(true),
            max_plies: f.max_plies,
            method,
        };
        match method {
            // Every candidate must make a game: checked at once, naming
            // the candidate, before a game is played.
            Method::Race => {
                for c in plan.candidates() {
                    for level in 0..plan.levels.len() {
                        plan.cell_plan(&c, level)?;
                    }
                }
            }
            // A space too large to list: every value is checked as a
            // value of its option; a setting whose values do not go
            // together (funds below the stake) is passed over when NTBEA
            // draws it.
            Method::Ntbea => {
                for d in &plan.space {
                    let spec = game
                        .option_specs()
                        .iter()
                        .find(|o| o.name == d.key)
                        .expect("the space's keys are options");
                    for v in &d.values {
                        option_text(game.option_specs(), &d.key, v)
                            .map_err(|e| e.to_string())
                            .and_then(|t| spec.parse(&t).map(|_| ()).map_err(|e| e.to_string()))
                            .map_err(|e| at(&format!("space.{}", d.key), e))?;
                    }
                }
            }
        }
        Ok(plan)
    }

    /// The cell that plays candidate `c` at `level`, set up as a run sets
    /// it up; an error names the candidate.
    pub fn cell_plan(&self, c: &[usize], level: usize) -> Result<CellPlan, PlanError> {
        let text = self.experiment_text("candidate", 0, 1, &[(c.to_vec(), level)]);
        let exp = Experiment::parse(&text, &self.source).map_err(|e| {
            PlanError::whole(
                &self.source,
                format!("candidate {}: {}", self.describe(c), inner(&e)),
            )
        })?;
        Ok(exp.cells.into_iter().next().expect("one cell was written"))
    }

    /// How many candidates the space lists.
    pub fn candidate_count(&self) -> u128 {
        self.space.iter().map(|d| d.values.len() as u128).product()
    }

    /// A candidate's place in the space's order (the last key fastest):
    /// how the tables name it.
    ///
    /// ```
    /// let plan = ludus::plan::search_plan::SearchPlan::parse(
    ///     "name = \"t\"\nseed = 1\ngame = \"tanto\"\nbudget = 10\n\
    ///      [space]\nplayers = [2, 3]\nrounds = [1, 3, 5]\n[goals]\nbalance = \"max\"\n",
    ///     "t.toml",
    /// )
    /// .unwrap();
    /// assert_eq!(plan.index_of(&[1, 2]), 5);
    /// assert_eq!(plan.candidates()[5], vec![1, 2]);
    /// ```
    pub fn index_of(&self, c: &[usize]) -> u128 {
        self.space
            .iter()
            .zip(c)
            .fold(0, |n, (d, &v)| n * d.values.len() as u128 + v as u128)
    }

    /// Every candidate, in the order of the space (the last key fastest).
    pub fn candidates(&self) -> Vec<Candidate> {
        let mut out: Vec<Candidate> = vec![Vec::new()];
        for d in &self.space {
            out = out
                .into_iter()
                .flat_map(|c| {
                    (0..d.values.len()).map(move |v| {
                        let mut c = c.clone();
                        c.push(v);
                        c
                    })
                })
                .collect();
        }
        out
    }

    /// A candidate's searched values, as a person writes them (`bodies=3 triumph=off`).
    pub fn describe(&self, c: &[usize]) -> String {
        self.space
            .iter()
            .zip(c)
            .map(|(d, &v)| format!("{}={}", d.key, shown(&d.values[v])))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A candidate's value of dimension `d`, as a table cell shows it.
    pub fn value(&self, c: &[usize], d: usize) -> String {
        shown(&self.space[d].values[c[d]])
    }

    /// The options of candidate `c`: the fixed ones and its searched values.
    pub fn options(&self, c: &[usize]) -> toml::Table {
        let mut options = self.fixed.clone();
        for (d, &v) in self.space.iter().zip(c) {
            options.insert(d.key.clone(), d.values[v].clone());
        }
        options
    }

    /// The text of an experiment that plays `games` games of each
    /// (candidate, level) of `cells`, named `name`, with seed `seed`.
    pub fn experiment_text(
        &self,
        name: &str,
        seed: u64,
        games: u64,
        cells: &[(Candidate, usize)],
    ) -> String {
        let mut file = toml::Table::new();
        file.insert("name".into(), toml::Value::String(name.to_string()));
        file.insert("seed".into(), toml::Value::Integer(seed as i64));
        file.insert("games".into(), toml::Value::Integer(games as i64));
        if let Some(m) = self.max_plies {
            file.insert("max_plies".into(), toml::Value::Integer(i64::from(m)));
        }
        // The search takes its exact values itself; a played cell is not
        // solved again beside its estimates.
        file.insert("exact".into(), toml::Value::Boolean(false));
        let cells: Vec<toml::Value> = cells
            .iter()
            .map(|(c, level)| {
                let mut cell = toml::Table::new();
                cell.insert("game".into(), toml::Value::String(self.game.name().into()));
                cell.insert("options".into(), toml::Value::Table(self.options(c)));
                cell.insert("seats".into(), self.levels[*level].seats.clone());
                toml::Value::Table(cell)
            })
            .collect();
        file.insert("cells".into(), toml::Value::Array(cells));
        toml::to_string(&file).expect("a table of plain values writes")
    }
}

/// A value as a person writes it: a string bare, a number as it is.
fn shown(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The message of an error about a generated experiment, without the
/// generated file's name and key.
fn inner(e: &PlanError) -> String {
    match e {
        PlanError::File { message, .. } => message.clone(),
        other => other.to_string(),
    }
}

/// The skill levels: `skill` (each a policy for every seat) or `seats`
/// (one level), not both.
fn levels(f: &SearchFile) -> Result<Vec<Level>, (&'static str, String)> {
    let levels = match (&f.skill, &f.seats) {
        (Some(_), Some(_)) => {
            return Err((
                "skill",
                "give `skill` (levels, each a policy for every seat) or `seats` (one level), \
                 not both"
                    .into(),
            ));
        }
        (Some(skill), None) => skill
            .iter()
            .map(|p| Level {
                label: p.clone(),
                seats: toml::Value::String(p.clone()),
            })
            .collect(),
        (None, Some(seats)) => vec![Level {
            label: seats.join(" vs "),
            seats: toml::Value::Array(seats.iter().cloned().map(toml::Value::String).collect()),
        }],
        (None, None) => vec![Level {
            label: "random".into(),
            seats: toml::Value::String("random".into()),
        }],
    };
    if levels.is_empty() {
        return Err(("skill", "names no level".into()));
    }
    if levels.len() > MAX_LEVELS {
        return Err((
            "skill",
            format!("names {} levels; at most {MAX_LEVELS}", levels.len()),
        ));
    }
    let mut seen = std::collections::BTreeSet::new();
    for l in &levels {
        if !seen.insert(&l.label) {
            return Err((
                "skill",
                format!("names `{}` twice", crate::core::text::inline(&l.label)),
            ));
        }
    }
    Ok(levels)
}

/// The space: each key an option of the game (not held fixed), a list
/// of values or `{ min, max, step }` for whole numbers.
fn space(f: &SearchFile, game: &dyn GameEntry) -> Result<Vec<Dimension>, (String, String)> {
    if f.space.is_empty() {
        return Err(("space".into(), "names no option to search".into()));
    }
    let mut dims = Vec::new();
    for (key, value) in &f.space {
        let here = format!("space.{key}");
        if !game.option_specs().iter().any(|o| o.name == key) {
            return Err((
                here,
                format!(
                    "is no option of {} (its options: {})",
                    game.name(),
                    game.option_specs()
                        .iter()
                        .map(|o| o.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        if f.options.contains_key(key) {
            return Err((
                here,
                "is held fixed in `options` too; name it in one place".into(),
            ));
        }
        let values = match value {
            toml::Value::Array(values) => values.clone(),
            toml::Value::Table(range) => range_values(range).map_err(|m| (here.clone(), m))?,
            _ => {
                return Err((here, "takes a list of values or { min, max, step }".into()));
            }
        };
        if values.is_empty() {
            return Err((here, "lists no value".into()));
        }
        let mut seen = Vec::new();
        for v in &values {
            if matches!(v, toml::Value::Array(_) | toml::Value::Table(_)) {
                return Err((
                    here,
                    "takes plain values (numbers, words, true or false)".into(),
                ));
            }
            if seen.contains(&v) {
                return Err((here, format!("lists {} twice", shown(v))));
            }
            seen.push(v);
        }
        dims.push(Dimension {
            key: key.clone(),
            values,
        });
    }
    Ok(dims)
}

/// The values of `{ min, max, step }`.
fn range_values(range: &toml::Table) -> Result<Vec<toml::Value>, String> {
    let int = |k: &str| match range.get(k) {
        Some(toml::Value::Integer(i)) => Ok(Some(*i)),
        None => Ok(None),
        Some(_) => Err(format!("`{k}` takes a whole number")),
    };
    if let Some(k) = range
        .keys()
        .find(|k| !["min", "max", "step"].contains(&k.as_str()))
    {
        return Err(format!(
            "takes min, max and step, not `{}`",
            crate::core::text::inline(k)
        ));
    }
    let (Some(min), Some(max)) = (int("min")?, int("max")?) else {
        return Err("a range takes `min` and `max`".into());
    };
    let step = int("step")?.unwrap_or(1);
    if step <= 0 || max < min {
        return Err(format!("min {min}, max {max}, step {step} lists no value"));
    }
    let n = (max - min) / step + 1;
    if n > MAX_CANDIDATES as i64 {
        return Err(format!("lists {n} values; at most {MAX_CANDIDATES} a key"));
    }
    Ok((0..n)
        .map(|k| toml::Value::Integer(min + k * step))
        .collect())
}

/// The goals, each a metric of metrics.csv that the search can estimate.
fn goals(f: &SearchFile) -> Result<Vec<Goal>, (String, String)> {
    if f.goals.is_empty() {
        return Err(("goals".into(), "names no goal".into()));
    }
    let mut out = Vec::new();
    for (metric, aim) in &f.goals {
        let here = format!("goals.{metric}");
        if !GOALS.contains(&metric.as_str()) {
            return Err((
                here,
                format!(
                    "is no metric a search can aim at (they are: {})",
                    GOALS.join(", ")
                ),
            ));
        }
        let aim = match aim {
            toml::Value::String(s) if s == "max" => Aim::Max,
            toml::Value::String(s) if s == "min" => Aim::Min,
            toml::Value::Table(t) if t.len() == 1 => match t.get("target") {
                Some(toml::Value::Integer(i)) => Aim::Target(*i as f64),
                Some(toml::Value::Float(x)) if x.is_finite() => Aim::Target(*x),
                _ => {
                    return Err((
                        here,
                        "takes \"max\", \"min\" or { target = a number }".into(),
                    ));
                }
            },
            _ => {
                return Err((
                    here,
                    "takes \"max\", \"min\" or { target = a number }".into(),
                ));
            }
        };
        let weight = match f.weights.get(metric) {
            None => 0.0,
            Some(toml::Value::Integer(i)) => *i as f64,
            Some(toml::Value::Float(x)) if x.is_finite() => *x,
            Some(_) => return Err((format!("weights.{metric}"), "takes a number".into())),
        };
        let tolerance = match f.tolerance.get(metric) {
            None => 0.0,
            Some(toml::Value::Integer(i)) if *i >= 0 => *i as f64,
            Some(toml::Value::Float(x)) if x.is_finite() && *x >= 0.0 => *x,
            Some(_) => {
                return Err((
                    format!("tolerance.{metric}"),
                    "takes a number, 0 or more, in the metric's units".into(),
                ));
            }
        };
        out.push(Goal {
            metric: metric.clone(),
            aim,
            weight,
            tolerance,
        });
    }
    if let Some(k) = f.weights.keys().find(|k| !f.goals.contains_key(*k)) {
        return Err((format!("weights.{k}"), "weighs no goal of `goals`".into()));
    }
    if let Some(k) = f.tolerance.keys().find(|k| !f.goals.contains_key(*k)) {
        return Err((
            format!("tolerance.{k}"),
            "is the tolerance of no goal of `goals`".into(),
        ));
    }
    Ok(out)
}
