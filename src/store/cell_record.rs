//! One cell's games held in a partial and their exact tally
//! ([`CellRecord`]), the bounds its numbers are checked against, and its
//! digest, of which the partial's seal is made.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::plan::cell_plan::CellPlan;
use crate::store::metric_record::MetricRecord;

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

impl CellRecord {
    /// The SHA-256 of everything the record holds but its seconds: what
    /// the partial's seal is made of ([`crate::store::partial::Partial::seal_from`]).
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
