//! partial.json: the exact tallies of some of a run's games, and what run
//! they belong to. A shard writes one (`ludus run --shard K/N`), every run
//! keeps one as its checkpoint (`--resume` reads it), and `ludus merge`
//! sums them into the reports a single run writes.
//!
//! The format is versioned ([`FORMAT`], [`VERSION`]) and documented in
//! reports/README.md. Every count is an exact integer, so partials add up
//! to exactly what one run counts, whatever the shards and threads.

use std::path::Path;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::core::input::read_text;
use crate::core::seat::MAX_SEATS;
use crate::runner::checkpoint::CellState;
use crate::runner::game_ranges::GameRanges;
use crate::runner::shard::Shard;
use crate::runner::tally::{Ending, FirstForfeit, Tally};

/// The file's name in a report or shard folder.
pub const FILE: &str = "partial.json";

/// What the file's `format` says.
pub const FORMAT: &str = "ludus-partial";

/// The version of the format this ludus writes and reads.
pub const VERSION: u32 = 1;

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

/// An ending rule's name as a `&'static str`, as tallies hold it: each
/// distinct name is kept once for the life of the process.
fn intern(reason: &str) -> Result<&'static str, String> {
    static NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    if reason.is_empty()
        || reason.len() > 64
        || !reason
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(format!("`{reason}` is not the name of an ending"));
    }
    let mut names = NAMES.lock().expect("no panic while interning");
    if let Some(n) = names.iter().find(|n| **n == reason) {
        return Ok(n);
    }
    let n: &'static str = Box::leak(reason.to_string().into_boxed_str());
    names.push(n);
    Ok(n)
}

impl CellRecord {
    /// The record of cell `cell` of game `game` in state `s`.
    pub fn new(cell: usize, game: &str, s: &CellState) -> CellRecord {
        let t = &s.tally;
        let p = t.players;
        CellRecord {
            cell,
            game: game.to_string(),
            ranges: s.done.ranges().iter().map(|r| [r.start, r.end]).collect(),
            players: p,
            games: t.games,
            wins: t.wins[..p].to_vec(),
            draws: t.draws[..p].to_vec(),
            draw_shares: t.draw_shares[..p].to_vec(),
            places: t.places[..p].iter().map(|row| row[..p].to_vec()).collect(),
            payoff_sum: t.payoff_sum[..p].to_vec(),
            payoff_sq: t.payoff_sq[..p].iter().map(|x| x.to_string()).collect(),
            lengths: t
                .lengths
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(l, n)| [l as u64, *n])
                .collect(),
            endings: {
                let mut e = t.endings.clone();
                e.sort_by_key(|e| (e.reason, e.winner.is_none(), e.winner));
                e.iter()
                    .map(|e| EndingRecord {
                        reason: e.reason.to_string(),
                        winner: e.winner.map(|w| w + 1),
                        count: e.count,
                    })
                    .collect()
            },
            forfeits: t.forfeits,
            first_forfeit: t.first_forfeit.as_ref().map(|f| ForfeitRecord {
                game_index: f.game_index,
                game_seed: f.game_seed,
                seat: f.seat + 1,
                ply: f.ply,
                message: f.message.clone(),
            }),
            thread_seconds: s.thread_seconds,
            wall_seconds: s.wall_seconds,
        }
    }

    /// The state the record holds, checked: its counts must agree with
    /// each other and its ranges lie within the cell's `games` games.
    pub fn state(&self, games: u64) -> Result<CellState, String> {
        let at = |what: String| format!("cell {}: {what}", self.cell);
        let p = self.players;
        if p == 0 || p > MAX_SEATS {
            return Err(at(format!("{p} players")));
        }
        let per_seat = [
            ("wins", self.wins.len()),
            ("draws", self.draws.len()),
            ("draw_shares", self.draw_shares.len()),
            ("places", self.places.len()),
            ("payoff_sum", self.payoff_sum.len()),
            ("payoff_sq", self.payoff_sq.len()),
        ];
        for (key, len) in per_seat {
            if len != p {
                return Err(at(format!("`{key}` has {len} entries for {p} seats")));
            }
        }
        let mut t = Tally::new(p);
        t.games = self.games;
        t.wins[..p].copy_from_slice(&self.wins);
        t.draws[..p].copy_from_slice(&self.draws);
        t.draw_shares[..p].copy_from_slice(&self.draw_shares);
        t.payoff_sum[..p].copy_from_slice(&self.payoff_sum);
        for s in 0..p {
            if self.places[s].len() != p {
                return Err(at(format!(
                    "`places[{s}]` has {} entries",
                    self.places[s].len()
                )));
            }
            if self.places[s].iter().sum::<u64>() != self.games {
                return Err(at(format!(
                    "seat {}'s places do not add up to its games",
                    s + 1
                )));
            }
            t.places[s][..p].copy_from_slice(&self.places[s]);
            t.payoff_sq[s] = self.payoff_sq[s]
                .parse()
                .map_err(|_| at(format!("`payoff_sq[{s}]` is not a whole number")))?;
            if self.wins[s] + self.draws[s] > self.games {
                return Err(at(format!(
                    "seat {} won or drew more than its games",
                    s + 1
                )));
            }
        }
        let mut last = None;
        for &[len, n] in &self.lengths {
            if last.is_some_and(|l| l >= len) || n == 0 || len > u64::from(u32::MAX) {
                return Err(at("`lengths` must be increasing lengths with counts".into()));
            }
            last = Some(len);
            let len = len as usize;
            t.lengths.resize(len + 1, 0);
            t.lengths[len] = n;
        }
        if t.lengths.iter().sum::<u64>() != self.games {
            return Err(at("the lengths do not add up to the games".into()));
        }
        for e in &self.endings {
            let winner = match e.winner {
                None => None,
                Some(w) if (1..=p).contains(&w) => Some(w - 1),
                Some(w) => return Err(at(format!("ending winner {w} of {p} seats"))),
            };
            t.endings.push(Ending {
                reason: intern(&e.reason).map_err(at)?,
                winner,
                count: e.count,
            });
        }
        if t.endings.iter().map(|e| e.count).sum::<u64>() != self.games {
            return Err(at("the endings do not add up to the games".into()));
        }
        t.forfeits = self.forfeits;
        t.first_forfeit = match &self.first_forfeit {
            Some(f) if (1..=p).contains(&f.seat) => Some(FirstForfeit {
                game_index: f.game_index,
                game_seed: f.game_seed,
                seat: f.seat - 1,
                ply: f.ply,
                message: f.message.clone(),
            }),
            Some(f) => return Err(at(format!("forfeit by seat {} of {p}", f.seat))),
            None => None,
        };
        let mut done = GameRanges::new();
        let mut end = 0;
        for &[a, b] in &self.ranges {
            if a >= b || a < end || b > games {
                return Err(at(format!(
                    "the ranges must be increasing, disjoint ranges of its {games} games"
                )));
            }
            end = b;
            done.insert(a..b);
        }
        if done.len() != self.games {
            return Err(at(format!(
                "its ranges hold {} games but its tally {}",
                done.len(),
                self.games
            )));
        }
        Ok(CellState {
            done,
            tally: t,
            thread_seconds: self.thread_seconds,
            wall_seconds: self.wall_seconds,
        })
    }
}

impl Partial {
    /// A partial of `manifest` with a record per cell.
    pub fn new(manifest: PartialManifest, cells: Vec<CellRecord>) -> Partial {
        Partial {
            format: FORMAT.to_string(),
            version: VERSION,
            manifest,
            cells,
        }
    }

    /// Reads and checks a partial; the error does not name the file.
    pub fn read(path: &Path) -> Result<Partial, String> {
        let text = read_text(&path.to_string_lossy(), MAX_BYTES)?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| format!("is not JSON: {e}"))?;
        if value["format"] != FORMAT {
            return Err(format!(
                "is not a ludus partial (no \"format\": \"{FORMAT}\")"
            ));
        }
        if value["version"] != VERSION {
            return Err(format!(
                "is a partial of format version {}; this ludus reads version {VERSION}",
                value["version"]
            ));
        }
        let p: Partial = serde_json::from_value(value).map_err(|e| e.to_string())?;
        let m = &p.manifest;
        if p.cells.len() != m.cell_games.len() {
            return Err(format!(
                "holds {} cells but its experiment has {}",
                p.cells.len(),
                m.cell_games.len()
            ));
        }
        if let Some(c) = p.cells.iter().enumerate().find(|(i, c)| c.cell != *i) {
            return Err(format!("cell {} is listed at position {}", c.1.cell, c.0));
        }
        Ok(p)
    }

    /// Every cell's state, checked (see [`CellRecord::state`]).
    pub fn states(&self) -> Result<Vec<CellState>, String> {
        self.cells
            .iter()
            .zip(&self.manifest.cell_games)
            .map(|(c, &games)| c.state(games))
            .collect()
    }

    /// The partial's JSON.
    pub fn to_json(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("a partial serializes")
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
