//! partial.json: the exact tallies of some of a run's games, and what run
//! they belong to. A shard writes one (`ludus run --shard K/N`), every run
//! keeps one as its checkpoint (`--resume` reads it), and `ludus merge`
//! sums them into the reports a single run writes.
//!
//! The format is versioned ([`FORMAT`], [`VERSION`]) and documented in
//! reports/README.md. Every count is an exact integer, so partials add up
//! to exactly what one run counts, whatever the shards and threads.

use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::core::input::read_text;
use crate::core::text::printable;
use crate::plan::cell_plan::CellPlan;
use crate::plan::experiment::Experiment;
use crate::plan::tournament::Tournament;
use crate::runner::checkpoint::CellState;
use crate::runner::game_ranges::GameRanges;
use crate::runner::metrics_level::MetricsLevel;
use crate::runner::on_bot_error::OnBotError;
use crate::runner::shard::Shard;
use crate::store::metric_record::MetricRecord;
use crate::store::partial_error::{PartialError, PartialFileError};

/// The file's name in a report or shard folder.
pub const FILE: &str = "partial.json";

/// What the file's `format` says.
pub const FORMAT: &str = "ludus-partial";

/// The version of the format this ludus writes and reads.
pub const VERSION: u32 = 5;

/// `kind` of a partial of `ludus run`.
pub const EXPERIMENT: &str = "experiment";

/// `kind` of a partial of `ludus tournament`.
pub const TOURNAMENT: &str = "tournament";

/// The largest partial read.
pub const MAX_BYTES: u64 = 1 << 30;

/// A partial: the manifest, then one record per cell of the experiment.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Partial {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format's version, [`VERSION`].
    pub version: u32,
    /// SHA-256 of everything below but the seconds, as ludus wrote it: a
    /// partial changed by hand or damaged is refused. It is no signature
    /// (whoever rewrites a partial can seal it again); the checks of
    /// [`Partial::states`] are what stand against a rewritten one.
    #[serde(default)]
    pub seal: String,
    /// What run the tallies belong to.
    pub manifest: PartialManifest,
    /// Every cell of the experiment, in order, with the games held of it.
    pub cells: Vec<CellRecord>,
}

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

/// One cell's games held and their exact tally.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellRecord {
    /// The cell's index.
    pub cell: usize,
    /// Its game.
    pub game: String,
    /// The games held, as sorted `[start, end)` pairs of game indices.
    pub ranges: Vec<[u64; 2]>,
    /// Seats.
    pub players: usize,
    /// Games held.
    pub games: u64,
    /// Sole wins per seat.
    pub wins: Vec<u64>,
    /// Shared draws per seat.
    pub draws: Vec<u64>,
    /// Each seat's shares of its draws, in 1/840 points.
    pub draw_shares: Vec<u64>,
    /// `places[s][p - 1]`: games that put seat `s + 1` in place `p`.
    pub places: Vec<Vec<u64>>,
    /// Sum of payoffs per seat.
    pub payoff_sum: Vec<i64>,
    /// Sum of squared payoffs per seat, as decimal text (it may pass 2^64).
    pub payoff_sq: Vec<String>,
    /// `[length, count]` for every length that occurred, shortest first.
    pub lengths: Vec<[u64; 2]>,
    /// Decisions taken in all the games.
    pub decisions: u64,
    /// The sum of each game's decisions squared, as decimal text.
    pub decisions_sq: String,
    /// Games in which each seat moved first.
    pub first_moves: Vec<u64>,
    /// Games each seat moved first and won alone.
    pub first_wins: Vec<u64>,
    /// The sums behind metrics.csv.
    pub metrics: MetricRecord,
    /// Games per ending rule and winner.
    pub endings: Vec<EndingRecord>,
    /// Games in which a policy failed (under `forfeit`).
    pub forfeits: u64,
    /// The forfeited game of lowest index.
    pub first_forfeit: Option<ForfeitRecord>,
    /// Worker-thread seconds the games took (not exact: it measures the machine).
    pub thread_seconds: f64,
    /// Wall seconds of the runs that played them, summed (not exact either).
    pub wall_seconds: f64,
}

/// Games that ended by one rule with one winner.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndingRecord {
    /// The rule, as endings.csv names it.
    pub reason: String,
    /// The winning seat from 1, `null` for a draw.
    pub winner: Option<usize>,
    /// How many.
    pub count: u64,
}

/// The first forfeited game.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForfeitRecord {
    /// Its index in the cell.
    pub game_index: u64,
    /// Its seed.
    pub game_seed: u64,
    /// The failing seat, from 1.
    pub seat: usize,
    /// The length at which it failed.
    pub ply: u32,
    /// What went wrong.
    pub message: String,
}

/// The most a seat can win or lose in one game, in stake units: far
/// beyond any game's money (the largest is 8 seats of 10^6 units each),
/// small enough that the sums of squares of 2^64 games fit in 128 bits.
pub const MAX_PAYOFF: i64 = 1 << 31;

/// How far past `max_plies` a game counted in throws may run: a run stops
/// a game only between steps, and one step of a dice game may throw until
/// a throw counts. Real games pass it by a few hundred throws at most.
pub const THROWS_PAST_MAX_PLIES: u64 = 1 << 20;

/// The most length-table entries (8 bytes each) the cells of a partial,
/// or of the partials merged, may need together: 1 GiB. A length table
/// holds an entry for every length up to the longest game.
pub const MAX_LENGTH_ENTRIES: u64 = 1 << 27;

/// The longest game a cell can hold: `max_plies` where every step of a
/// game is one ply, a bound past it for games counted in throws.
pub(crate) fn longest_game(plan: &CellPlan) -> u64 {
    let max = u64::from(plan.cell.max_plies);
    if plan.game.length_unit() == "plies" {
        max
    } else {
        max + THROWS_PAST_MAX_PLIES
    }
}

/// The SHA-256 of `bytes`, in hex.
fn sha256_hex(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// What [`Partial::to_json`] writes: the partial with its seal.
#[derive(Serialize)]
struct Sealed<'a> {
    format: &'a str,
    version: u32,
    seal: &'a str,
    manifest: &'a PartialManifest,
    cells: &'a [CellRecord],
}

impl Partial {
    /// A partial of `manifest` with a record per cell.
    pub fn new(manifest: PartialManifest, cells: Vec<CellRecord>) -> Partial {
        Partial {
            format: FORMAT.to_string(),
            version: VERSION,
            seal: String::new(),
            manifest,
            cells,
        }
    }

    /// Reads and checks a partial (see [`Partial::states`]), and that it
    /// is as ludus wrote it (its seal); the error names the file.
    pub fn read(path: &Path) -> Result<Partial, PartialFileError> {
        Partial::read_unnamed(path).map_err(|error| PartialFileError {
            path: path.to_path_buf(),
            error,
        })
    }

    /// [`Partial::read`], the error not naming the file.
    fn read_unnamed(path: &Path) -> Result<Partial, PartialError> {
        let text =
            read_text(&path.to_string_lossy(), MAX_BYTES).map_err(PartialError::Unreadable)?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| PartialError::NotJson(e.to_string()))?;
        drop(text);
        if value["format"] != FORMAT {
            return Err(PartialError::NotPartial { format: FORMAT });
        }
        if value["version"] != VERSION {
            return Err(PartialError::Version {
                found: printable(value["version"].to_string().as_bytes(), false),
                reads: VERSION,
            });
        }
        let p: Partial =
            serde_json::from_value(value).map_err(|e| PartialError::Shape(e.to_string()))?;
        p.states()?;
        if p.seal != p.seal_of() {
            return Err(PartialError::at(
                "seal",
                "does not match what it holds: the partial was changed after ludus wrote it, \
                 or damaged; use the partial as the run wrote it (or play its games again)",
            ));
        }
        Ok(p)
    }

    /// The SHA-256 of everything the partial holds but the seconds (which
    /// are not exact and need not survive a round trip through decimal
    /// text bit for bit).
    fn seal_of(&self) -> String {
        Partial::seal_from(&self.manifest, self.cells.iter().map(CellRecord::digest))
    }

    /// The seal of a partial of `manifest` whose cells' records have these
    /// [`CellRecord::digest`]s, in cell order: made of the digests, so that
    /// a writer that streams the records need not hold them all at once.
    pub fn seal_from(
        manifest: &PartialManifest,
        digests: impl Iterator<Item = [u8; 32]>,
    ) -> String {
        let mut h = Sha256::new();
        h.update(serde_json::to_vec(&(FORMAT, VERSION)).expect("a pair serializes"));
        h.update(serde_json::to_vec(manifest).expect("a manifest serializes"));
        for d in digests {
            h.update(d);
        }
        format!("{:x}", h.finalize())
    }

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

    /// Every cell's state, checked against the cell's plan (see
    /// [`CellRecord::state`]), and the manifest's counts against them.
    /// The error names the field (`cells[3].lengths[0]: ...`).
    pub fn states(&self) -> Result<Vec<CellState>, PartialError> {
        let m = &self.manifest;
        if self.cells.len() != m.cell_games.len() {
            return Err(PartialError::at(
                "cells",
                format!(
                    "{} cells, but its experiment has {}",
                    self.cells.len(),
                    m.cell_games.len()
                ),
            ));
        }
        if let Some((i, c)) = self.cells.iter().enumerate().find(|(i, c)| c.cell != *i) {
            return Err(PartialError::at(
                format!("cells[{i}].cell"),
                format!("{}, not {i}", c.cell),
            ));
        }
        let plans = self.plans()?;
        let shard = match m.shard {
            None => None,
            Some(s) => Some(
                Shard::parse(&format!("{}/{}", s.index, s.count))
                    .map_err(|e| PartialError::at("manifest.shard", e.to_string()))?,
            ),
        };
        let mut states = Vec::with_capacity(self.cells.len());
        let (mut planned, mut played) = (0u64, 0u64);
        let mut whole = true;
        let mut entries = 0u64;
        for (i, (c, plan)) in self.cells.iter().zip(&plans).enumerate() {
            let range = shard.map_or(0..plan.cell.games, |s| s.games(plan.cell.games));
            // Each cell's lengths are bounded before its table is made (a
            // length past the bound is its own error); so is their total.
            let need = c.table_entries();
            if need <= longest_game(plan) + 1 {
                entries += need;
                if entries > MAX_LENGTH_ENTRIES {
                    return Err(PartialError::at(
                        format!("cells[{i}].lengths"),
                        format!(
                            "the cells up to this one hold games so long that \
                         their length tables would take more than {MAX_LENGTH_ENTRIES} entries"
                        ),
                    ));
                }
            }
            let s = c
                .state(plan, &range)
                .map_err(|e| e.within(&format!("cells[{i}]")))?;
            planned = planned.saturating_add(range.end - range.start);
            played = played.saturating_add(s.tally.games);
            whole &= s.done.covers(&GameRanges::from(range));
            states.push(s);
        }
        if m.games_planned != planned {
            return Err(PartialError::at(
                "manifest.games_planned",
                format!("{}, but its cells are to hold {planned}", m.games_planned),
            ));
        }
        if m.games_played != played {
            return Err(PartialError::at(
                "manifest.games_played",
                format!("{}, but its cells hold {played}", m.games_played),
            ));
        }
        if m.complete && !whole {
            return Err(PartialError::at(
                "manifest.complete",
                "true, but games are missing",
            ));
        }
        self.check_missing(&states)?;
        Ok(states)
    }

    /// A merge's list of missing games: none, or exactly the games the
    /// cells lack (and then only for the whole run).
    fn check_missing(&self, states: &[CellState]) -> Result<(), PartialError> {
        let m = &self.manifest;
        if m.missing.is_empty() {
            return Ok(());
        }
        let lacking: Vec<MissingGames> = states
            .iter()
            .zip(&m.cell_games)
            .enumerate()
            .filter_map(|(c, (s, &games))| {
                let lack = GameRanges::from(0..games).minus(&s.done);
                (!lack.is_empty()).then(|| MissingGames {
                    cell: c,
                    ranges: lack.ranges().iter().map(|r| [r.start, r.end]).collect(),
                })
            })
            .collect();
        if m.shard.is_some() || m.missing != lacking {
            return Err(PartialError::at(
                "manifest.missing",
                "not the games its cells lack",
            ));
        }
        Ok(())
    }

    /// The partial's JSON, sealed.
    pub fn to_json(&self) -> Vec<u8> {
        self.to_json_sealed(&self.seal_of())
    }

    /// The partial's JSON with the seal `seal` (see [`Partial::seal_from`]).
    pub fn to_json_sealed(&self, seal: &str) -> Vec<u8> {
        serde_json::to_vec(&Sealed {
            format: &self.format,
            version: self.version,
            seal,
            manifest: &self.manifest,
            cells: &self.cells,
        })
        .expect("a partial serializes")
    }
}

impl CellRecord {
    /// The SHA-256 of everything the record holds but its seconds: what
    /// the partial's seal is made of ([`Partial::seal_from`]).
    pub fn digest(&self) -> [u8; 32] {
        let mut c = self.clone();
        c.thread_seconds = 0.0;
        c.wall_seconds = 0.0;
        Sha256::digest(serde_json::to_vec(&c).expect("a cell record serializes")).into()
    }

    /// The entries of the length table the record needs: one per length
    /// up to its longest game's.
    pub fn table_entries(&self) -> u64 {
        self.lengths
            .iter()
            .map(|l| l[0])
            .max()
            .map_or(0, |l| l.saturating_add(1))
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_no_partial_is_named_with_what_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("partial.json");
        std::fs::write(&path, "{\"format\": \"other\"}").unwrap();
        let e = Partial::read(&path).unwrap_err();
        assert_eq!(e.path, path);
        assert!(matches!(e.error, PartialError::NotPartial { .. }));
        assert_eq!(
            e.to_string(),
            format!(
                "{}: is not a ludus partial (no \"format\": \"ludus-partial\")",
                path.display()
            )
        );
    }
}
