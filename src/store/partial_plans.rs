//! The plans of the cells a partial is of, rebuilt from the experiment
//! (or tournament) text it carries and checked against its hash and
//! manifest: what `ludus merge` and `--resume` play and count against.

use crate::core::text::printable;
use crate::plan::cell_plan::CellPlan;
use crate::plan::experiment::Experiment;
use crate::plan::tournament::Tournament;
use crate::runner::metrics_level::MetricsLevel;
use crate::runner::on_bot_error::OnBotError;
use crate::store::partial::{EXPERIMENT, Partial, TOURNAMENT};
use crate::store::partial_error::PartialError;
use crate::store::partial_seal::sha256_hex;

impl Partial {
    /// The plans of the cells the partial is of, from the experiment (or
    /// tournament) text it carries, with the run's settings: checked
    /// against its hash and against the manifest.
    pub fn plans(&self) -> Result<Vec<CellPlan>, PartialError> {
        let m = &self.manifest;
        if sha256_hex(m.experiment_text.as_bytes()) != m.experiment_sha256 {
            return Err(PartialError::at(
                "manifest.experiment_text",
                "does not match manifest.experiment_sha256",
            ));
        }
        let on_bot_error = OnBotError::parse(&m.on_bot_error)
            .map_err(|e| PartialError::at("manifest.on_bot_error", e.to_string()))?;
        let metrics = MetricsLevel::parse(&m.metrics)
            .map_err(|e| PartialError::at("manifest.metrics", e.to_string()))?;
        let name_differs = |name: &str| {
            PartialError::at(
                "manifest.experiment",
                format!(
                    "`{}`, but its text names `{}`",
                    printable(m.experiment.as_bytes(), false),
                    name
                ),
            )
        };
        let (plans, scripts, max_plies, file_games) = match m.kind.as_str() {
            EXPERIMENT => {
                let mut exp = Experiment::parse_played(&m.experiment_text, &m.source)
                    .map_err(|e| PartialError::at("manifest.experiment_text", e.to_string()))?;
                if exp.name != m.experiment {
                    return Err(name_differs(&exp.name));
                }
                let file_games: Vec<u64> = exp.cells.iter().map(|c| c.cell.games).collect();
                exp.set_seed(m.seed);
                exp.set_on_bot_error(on_bot_error);
                exp.set_metrics(metrics);
                let games = (m.games_per_cell == exp.games).then_some(file_games);
                (exp.cells.clone(), exp.script_paths(), exp.max_plies, games)
            }
            TOURNAMENT => {
                if metrics != MetricsLevel::Basic {
                    return Err(PartialError::at(
                        "manifest.metrics",
                        format!("`{}`, but a tournament measures `basic`", m.metrics),
                    ));
                }
                let mut t = Tournament::parse_played(&m.experiment_text, &m.source)
                    .map_err(|e| PartialError::at("manifest.experiment_text", e.to_string()))?;
                if t.name != m.experiment {
                    return Err(name_differs(&t.name));
                }
                t.seed = m.seed;
                t.games_per_seating = m.games_per_cell;
                t.on_bot_error = on_bot_error;
                let plans = t.seatings();
                (plans, t.script_paths(), t.max_plies, None)
            }
            other => {
                return Err(PartialError::at(
                    "manifest.kind",
                    format!(
                        "`{}`, not `{EXPERIMENT}` or `{TOURNAMENT}`",
                        printable(other.as_bytes(), false)
                    ),
                ));
            }
        };
        if m.max_plies != max_plies {
            return Err(PartialError::at(
                "manifest.max_plies",
                format!("{}, but its experiment says {max_plies}", m.max_plies),
            ));
        }
        if m.cell_games.len() != plans.len() {
            return Err(PartialError::at(
                "manifest.cell_games",
                format!(
                    "{} cells, but its experiment has {}",
                    m.cell_games.len(),
                    plans.len()
                ),
            ));
        }
        // `--games` sets every cell's games; without it each cell has its own.
        let as_file = file_games.is_some_and(|g| g == m.cell_games);
        if m.games_per_cell == 0
            || !(as_file || m.cell_games.iter().all(|&g| g == m.games_per_cell))
        {
            return Err(PartialError::at(
                "manifest.cell_games",
                format!(
                    "neither the experiment's games nor {} games each",
                    m.games_per_cell
                ),
            ));
        }
        let paths: Vec<&str> = m.scripts.iter().map(|s| s.path.as_str()).collect();
        if paths != scripts {
            return Err(PartialError::at(
                "manifest.scripts",
                "not the scripts its experiment names",
            ));
        }
        if let Some(s) = m
            .scripts
            .iter()
            .find(|s| s.sha256.len() != 64 || !s.sha256.bytes().all(|b| b.is_ascii_hexdigit()))
        {
            return Err(PartialError::at(
                "manifest.scripts",
                format!(
                    "`{}` is not a SHA-256",
                    printable(s.sha256.as_bytes(), false)
                ),
            ));
        }
        Ok(plans
            .into_iter()
            .zip(&m.cell_games)
            .map(|(mut plan, &games)| {
                plan.cell.games = games;
                plan.cell.max_plies = m.max_plies;
                plan
            })
            .collect())
    }
}
