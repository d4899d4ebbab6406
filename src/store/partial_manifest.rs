//! What run a partial's tallies belong to ([`PartialManifest`]): what must
//! be equal for two partials to add up, and how two runs differ in words.

use serde::{Deserialize, Serialize};

use crate::runner::shard::Shard;

/// What run a partial's tallies belong to: what must be equal for two
/// partials to add up.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartialManifest {
    /// What was played: `experiment` (`ludus run`) or `tournament`.
    pub kind: String,
    /// The ludus version that played the games.
    pub ludus_version: String,
    /// The experiment's name.
    pub experiment: String,
    /// The experiment file as given (or "(default experiment)").
    pub source: String,
    /// SHA-256 of the experiment file's text.
    pub experiment_sha256: String,
    /// The experiment seed (after `--seed`).
    pub seed: u64,
    /// Games per cell (after `--games`), for the cells that set none.
    pub games_per_cell: u64,
    /// Each cell's games (after `--games`).
    pub cell_games: Vec<u64>,
    /// Longest game before it is stopped as a draw.
    pub max_plies: u32,
    /// What a failing policy does: `stop` or `forfeit`.
    pub on_bot_error: String,
    /// How much of metrics.csv the run measures: `basic` or `all`.
    pub metrics: String,
    /// SHA-256 of every Lua script the cells' seats name.
    pub scripts: Vec<ScriptHash>,
    /// The shard this partial is of (`null` for a whole run or a merge).
    pub shard: Option<ShardRecord>,
    /// Whether it holds every game it is to hold (its shard's, or every
    /// game of the run).
    pub complete: bool,
    /// The games it is to hold, in every cell.
    pub games_planned: u64,
    /// The games it holds.
    pub games_played: u64,
    /// For a merge with `--allow-partial`: the games no partial held.
    pub missing: Vec<MissingGames>,
    /// The experiment file's text, which `ludus merge` reads the cells from.
    pub experiment_text: String,
}

/// A script and the SHA-256 of its bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptHash {
    /// The path, as the experiment gives it.
    pub path: String,
    /// The hash, in hex.
    pub sha256: String,
}

/// Shard `index` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardRecord {
    /// From 1.
    pub index: u64,
    /// How many.
    pub count: u64,
}

impl From<Shard> for ShardRecord {
    fn from(s: Shard) -> ShardRecord {
        ShardRecord {
            index: s.index,
            count: s.count,
        }
    }
}

/// The games of one cell a merge lacked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissingGames {
    /// The cell.
    pub cell: usize,
    /// Its games no partial held, as `[start, end)` pairs.
    pub ranges: Vec<[u64; 2]>,
}

impl PartialManifest {
    /// How the run of `other` differs from this one's (experiment, seed,
    /// games, ludus version, scripts; the shard too if `shard`), in words,
    /// or `None` if its games add up with this one's.
    pub fn differs(&self, other: &PartialManifest, shard: bool) -> Option<String> {
        let short = |h: &str| h.chars().take(12).collect::<String>();
        if self.kind != other.kind {
            return Some(format!("a {}, not a {}", other.kind, self.kind));
        }
        if self.ludus_version != other.ludus_version {
            return Some(format!(
                "ludus version {}, not {}",
                other.ludus_version, self.ludus_version
            ));
        }
        if self.experiment != other.experiment || self.experiment_sha256 != other.experiment_sha256
        {
            return Some(format!(
                "another experiment (`{}`, file sha256 {}..., not `{}`, {}...)",
                other.experiment,
                short(&other.experiment_sha256),
                self.experiment,
                short(&self.experiment_sha256)
            ));
        }
        if self.seed != other.seed {
            return Some(format!("seed {}, not {}", other.seed, self.seed));
        }
        if self.cell_games != other.cell_games {
            let (i, (a, b)) = self
                .cell_games
                .iter()
                .zip(&other.cell_games)
                .enumerate()
                .find(|(_, (a, b))| a != b)
                .unwrap_or((0, (&0, &0)));
            return Some(format!(
                "other game counts (cell {i}: {b} games, not {a}; was --games the same?)"
            ));
        }
        if self.max_plies != other.max_plies {
            return Some(format!(
                "max_plies {}, not {}",
                other.max_plies, self.max_plies
            ));
        }
        if self.on_bot_error != other.on_bot_error {
            return Some(format!(
                "--on-bot-error {}, not {}",
                other.on_bot_error, self.on_bot_error
            ));
        }
        if self.metrics != other.metrics {
            return Some(format!("--metrics {}, not {}", other.metrics, self.metrics));
        }
        if self.scripts != other.scripts {
            for s in &other.scripts {
                match self.scripts.iter().find(|m| m.path == s.path) {
                    Some(m) if m.sha256 != s.sha256 => {
                        return Some(format!(
                            "another version of script {} (sha256 {}..., not {}...)",
                            s.path,
                            short(&s.sha256),
                            short(&m.sha256)
                        ));
                    }
                    _ => {}
                }
            }
            return Some("other scripts".into());
        }
        if shard && self.shard != other.shard {
            let name = |s: &Option<ShardRecord>| {
                s.map_or("the whole run".to_string(), |s| {
                    format!("shard {}/{}", s.index, s.count)
                })
            };
            return Some(format!("{}, not {}", name(&other.shard), name(&self.shard)));
        }
        None
    }
}
