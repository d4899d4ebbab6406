//! What run a partial belongs to (a [`PartialManifest`] with nothing
//! played yet): the experiment or tournament, its settings, the scripts'
//! hashes, the shard. Two partials add up only if theirs agree.

use crate::plan::experiment::Experiment;
use crate::plan::tournament::Tournament;
use crate::runner::metrics_level::MetricsLevel;
use crate::runner::on_bot_error::OnBotError;
use crate::runner::shard::Shard;
use crate::store::partial;
use crate::store::partial_manifest::{PartialManifest, ScriptHash};
use crate::store::script_read_error::ScriptReadError;

/// The SHA-256 of each script at `paths`, or an error naming the one that
/// cannot be read.
pub fn script_hashes(paths: Vec<String>) -> Result<Vec<ScriptHash>, ScriptReadError> {
    use sha2::{Digest, Sha256};
    let mut scripts = Vec::new();
    for path in paths {
        let text = match crate::policies::lua::source::source(&path) {
            Ok(text) => text,
            Err(e) => {
                return Err(ScriptReadError {
                    path,
                    reason: e.to_string(),
                });
            }
        };
        scripts.push(ScriptHash {
            path,
            sha256: format!("{:x}", Sha256::digest(text.as_bytes())),
        });
    }
    Ok(scripts)
}

/// The run of experiment `exp` (or of its shard `shard`).
pub fn of_experiment(
    exp: &Experiment,
    shard: Option<Shard>,
) -> Result<PartialManifest, ScriptReadError> {
    let scripts = script_hashes(exp.script_paths())?;
    let on_bot_error = exp
        .cells
        .first()
        .map_or(OnBotError::Stop, |c| c.cell.on_bot_error);
    let cell_games: Vec<u64> = exp.cells.iter().map(|c| c.cell.games).collect();
    let planned = |games: u64| shard.map_or(games, |s| s.games(games).end - s.games(games).start);
    Ok(PartialManifest {
        kind: partial::EXPERIMENT.to_string(),
        ludus_version: env!("CARGO_PKG_VERSION").to_string(),
        experiment: exp.name.clone(),
        source: exp.source.clone(),
        experiment_sha256: exp.source_sha256.clone(),
        seed: exp.seed,
        games_per_cell: exp.games,
        games_planned: cell_games.iter().map(|&g| planned(g)).sum(),
        cell_games,
        max_plies: exp.max_plies,
        on_bot_error: on_bot_error.name().to_string(),
        metrics: exp
            .cells
            .first()
            .map_or(MetricsLevel::Basic, |c| c.cell.metrics)
            .name()
            .to_string(),
        scripts,
        shard: shard.map(Into::into),
        complete: false,
        games_played: 0,
        missing: Vec::new(),
        experiment_text: exp.text.clone(),
    })
}

/// The run of tournament `t` (file `source`, text `text`; or of its shard
/// `shard`), whose scripts hash to `scripts`.
pub fn of_tournament(
    t: &Tournament,
    text: &str,
    source: &str,
    shard: Option<Shard>,
    scripts: Vec<ScriptHash>,
) -> PartialManifest {
    let seatings = 2 * t.pairings().len();
    let g = t.games_per_seating;
    let per_seating = shard.map_or(g, |s| s.games(g).end - s.games(g).start);
    PartialManifest {
        kind: partial::TOURNAMENT.to_string(),
        ludus_version: env!("CARGO_PKG_VERSION").to_string(),
        experiment: t.name.clone(),
        source: source.to_string(),
        experiment_sha256: t.hash.clone(),
        seed: t.seed,
        games_per_cell: g,
        cell_games: vec![g; seatings],
        max_plies: t.max_plies,
        on_bot_error: t.on_bot_error.name().to_string(),
        metrics: MetricsLevel::Basic.name().to_string(),
        scripts,
        shard: shard.map(Into::into),
        complete: false,
        games_planned: per_seating * seatings as u64,
        games_played: 0,
        missing: Vec::new(),
        experiment_text: text.to_string(),
    }
}
