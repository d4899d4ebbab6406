//! partial.json: the exact tallies of some of a run's games, and what run
//! they belong to. A shard writes one (`ludus run --shard K/N`), every run
//! keeps one as its checkpoint (`--resume` reads it), and `ludus merge`
//! sums them into the reports a single run writes.
//!
//! The format is versioned ([`FORMAT`], [`VERSION`]) and documented in
//! reports/README.md. Every count is an exact integer, so partials add up
//! to exactly what one run counts, whatever the shards and threads.

use std::ops::Range;
use std::path::Path;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::core::input::read_text;
use crate::core::seat::MAX_SEATS;
use crate::core::seed::game_seed;
use crate::core::text::printable;
use crate::plan::cell_plan::CellPlan;
use crate::plan::experiment::Experiment;
use crate::plan::tournament::Tournament;
use crate::runner::checkpoint::CellState;
use crate::runner::drive::{BOT_ERROR, MAX_PLIES};
use crate::runner::game_ranges::GameRanges;
use crate::runner::metrics_level::MetricsLevel;
use crate::runner::on_bot_error::OnBotError;
use crate::runner::shard::Shard;
use crate::runner::tally::MESSAGE_BYTES;
use crate::runner::tally::{DRAW_UNIT, Ending, FirstForfeit, Tally};
use crate::store::metric_record::MetricRecord;
use crate::store::partial_error::{PartialError, PartialFileError};
use crate::store::record_numbers::{pairs, wide};

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
        return Err(format!(
            "`{}` is not the name of an ending",
            crate::core::text::quoted(reason.as_bytes(), 64)
        ));
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
            lengths: pairs(&t.lengths),
            decisions: t.decisions,
            decisions_sq: t.decisions_sq.to_string(),
            first_moves: t.first_moves[..p].to_vec(),
            first_wins: t.first_wins[..p].to_vec(),
            metrics: MetricRecord::new(t),
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

    /// The state the record holds, checked against the cell's `plan` (its
    /// game, seats, seed, `max_plies`, what a failing policy does) and the
    /// games it may hold, `planned` (its shard's, or all of the cell's):
    /// every count is bounded by the games held, and the counts must agree
    /// with each other as the games of a run make them (see
    /// reports/README.md). The error names the field (`lengths[2]: ...`).
    pub fn state(&self, plan: &CellPlan, planned: &Range<u64>) -> Result<CellState, PartialError> {
        let p = plan.cell.seats.len();
        if self.game != plan.game.name() {
            return Err(PartialError::at(
                "game",
                format!(
                    "`{}`, but cell {} of the experiment plays {}",
                    printable(self.game.as_bytes(), false),
                    plan.cell.index,
                    plan.game
                ),
            ));
        }
        if self.players != p || !(1..=MAX_SEATS).contains(&p) {
            return Err(PartialError::at(
                "players",
                format!("{}, but the cell has {p} seats", self.players),
            ));
        }
        let per_seat = [
            ("wins", self.wins.len()),
            ("draws", self.draws.len()),
            ("draw_shares", self.draw_shares.len()),
            ("places", self.places.len()),
            ("payoff_sum", self.payoff_sum.len()),
            ("payoff_sq", self.payoff_sq.len()),
            ("first_moves", self.first_moves.len()),
            ("first_wins", self.first_wins.len()),
        ];
        for (key, len) in per_seat {
            if len != p {
                return Err(PartialError::at(
                    key,
                    format!("{len} entries for {p} seats"),
                ));
            }
        }
        let done = self.held(planned)?;
        let n = self.games;
        if done.len() != n {
            return Err(PartialError::at(
                "games",
                format!("{n}, but its ranges hold {} games", done.len()),
            ));
        }
        let mut t = Tally::new(p);
        t.games = n;
        self.check_lengths(plan, &mut t)?;
        self.check_endings(plan, &mut t)?;
        self.check_seats(plan, &mut t)?;
        self.check_payoffs(&mut t)?;
        self.check_decisions(&mut t)?;
        self.metrics
            .read_into(&mut t, plan.game.samples_options(), plan.cell.metrics)
            .map_err(|e| e.within("metrics"))?;
        self.check_forfeits(plan, &done, &mut t)?;
        for (key, x) in [
            ("thread_seconds", self.thread_seconds),
            ("wall_seconds", self.wall_seconds),
        ] {
            if !x.is_finite() || x < 0.0 {
                return Err(PartialError::at(key, format!("{x} is not a duration")));
            }
        }
        Ok(CellState {
            done,
            tally: t,
            thread_seconds: self.thread_seconds,
            wall_seconds: self.wall_seconds,
        })
    }

    /// The decisions and first movers: each game's decisions `d` add `d`
    /// and `d * d` (so the squares lie between the sum and its square), a
    /// game has one first mover at most, and a seat's wins moving first
    /// are among its wins and its games moving first.
    fn check_decisions(&self, t: &mut Tally) -> Result<(), PartialError> {
        let sq = wide("decisions_sq", &self.decisions_sq)?;
        let d = u128::from(self.decisions);
        if sq < d || sq > d * d || (self.games == 0 && d > 0) {
            return Err(PartialError::at(
                "decisions_sq",
                format!(
                    "{sq} cannot be the squares of {} games' decisions adding up to {d}",
                    self.games
                ),
            ));
        }
        let moved = self
            .first_moves
            .iter()
            .try_fold(0u64, |a, &b| a.checked_add(b))
            .unwrap_or(u64::MAX);
        if moved > self.games {
            return Err(PartialError::at(
                "first_moves",
                format!("{moved} first moves in {} games", self.games),
            ));
        }
        for s in 0..self.first_wins.len() {
            let (won, moved) = (self.first_wins[s], self.first_moves[s]);
            if won > moved || won > self.wins[s] {
                return Err(PartialError::at(
                    format!("first_wins[{s}]"),
                    format!(
                        "{won}, but seat {} moved first in {moved} games and won {}",
                        s + 1,
                        self.wins[s]
                    ),
                ));
            }
            t.first_moves[s] = moved;
            t.first_wins[s] = won;
        }
        t.decisions = self.decisions;
        t.decisions_sq = sq;
        Ok(())
    }

    /// The games held: increasing, disjoint ranges within `planned`.
    fn held(&self, planned: &Range<u64>) -> Result<GameRanges, PartialError> {
        let mut done = GameRanges::new();
        let mut end = planned.start;
        for (k, &[a, b]) in self.ranges.iter().enumerate() {
            if a >= b || a < end || b > planned.end {
                return Err(PartialError::at(
                    format!("ranges[{k}]"),
                    format!(
                        "[{a}, {b}] is not a range of games within {}..{} after the \
                     ranges before it",
                        planned.start, planned.end
                    ),
                ));
            }
            end = b;
            done.insert(a..b);
        }
        Ok(done)
    }

    /// The length histogram: increasing lengths no game of the cell can
    /// pass, counts adding up to the games.
    fn check_lengths(&self, plan: &CellPlan, t: &mut Tally) -> Result<(), PartialError> {
        let longest = longest_game(plan);
        let mut last = None;
        let mut sum = 0u64;
        for (k, &[len, count]) in self.lengths.iter().enumerate() {
            if last.is_some_and(|l| l >= len) {
                return Err(PartialError::at(
                    format!("lengths[{k}]"),
                    format!(
                        "length {len} after {}: lengths must increase",
                        last.unwrap_or(0)
                    ),
                ));
            }
            if len > longest {
                return Err(PartialError::at(
                    format!("lengths[{k}]"),
                    format!(
                        "length {len}, but no game of the cell is longer than \
                     {longest} (max_plies {})",
                        plan.cell.max_plies
                    ),
                ));
            }
            if count == 0 || count > self.games {
                return Err(PartialError::at(
                    format!("lengths[{k}]"),
                    format!("{count} games of length {len} among {} games", self.games),
                ));
            }
            sum = sum.saturating_add(count);
            last = Some(len);
        }
        if sum != self.games {
            return Err(PartialError::at(
                "lengths",
                format!("count {sum} games, not the {} held", self.games),
            ));
        }
        // Only now, with every length bounded, is the table made.
        let size = last.map_or(0, |l| l as usize + 1);
        t.lengths = vec![0; size];
        for &[len, count] in &self.lengths {
            t.lengths[len as usize] = count;
        }
        Ok(())
    }

    /// The endings: each rule and winner once, in the order a run writes
    /// them, adding up to the games; the runner's own endings as a run
    /// makes them.
    fn check_endings(&self, plan: &CellPlan, t: &mut Tally) -> Result<(), PartialError> {
        let p = plan.cell.seats.len();
        let mut sum = 0u64;
        let mut last: Option<(&str, bool, Option<usize>)> = None;
        for (k, e) in self.endings.iter().enumerate() {
            let at = |what: String| PartialError::at(format!("endings[{k}]"), what);
            let reason = intern(&e.reason).map_err(at)?;
            if let Some(w) = e.winner
                && !(1..=p).contains(&w)
            {
                return Err(at(format!("winner {w}, but the cell has {p} seats")));
            }
            let key = (reason, e.winner.is_none(), e.winner);
            if last.is_some_and(|l| l >= key) {
                return Err(at(format!(
                    "`{reason}` with winner {} is out of order or repeated",
                    winner_text(e.winner)
                )));
            }
            last = Some(key);
            if e.count == 0 || e.count > self.games {
                return Err(at(format!("{} games among {} games", e.count, self.games)));
            }
            if reason == MAX_PLIES && p > 1 && e.winner.is_some() {
                return Err(at(format!(
                    "`{MAX_PLIES}` is a draw of every seat, not a win"
                )));
            }
            if reason == BOT_ERROR && plan.cell.on_bot_error != OnBotError::Forfeit {
                return Err(at(format!(
                    "`{BOT_ERROR}` ends games only under on_bot_error = \"forfeit\""
                )));
            }
            sum = sum.saturating_add(e.count);
            t.endings.push(Ending {
                reason,
                winner: e.winner.map(|w| w - 1),
                count: e.count,
            });
        }
        if sum != self.games {
            return Err(PartialError::at(
                "endings",
                format!("count {sum} games, not the {} held", self.games),
            ));
        }
        // A game stopped at max_plies is at least that long.
        let stopped = t.ended_by(MAX_PLIES);
        let long: u64 = self
            .lengths
            .iter()
            .filter(|l| l[0] >= u64::from(plan.cell.max_plies))
            .map(|l| l[1])
            .sum();
        if stopped > long {
            return Err(PartialError::at(
                "endings",
                format!(
                    "{stopped} games stopped at max_plies {}, but the lengths hold {long} \
                 games that long",
                    plan.cell.max_plies
                ),
            ));
        }
        Ok(())
    }

    /// Wins, draws, shares of draws and places, seat by seat, against the
    /// endings and each other.
    fn check_seats(&self, plan: &CellPlan, t: &mut Tally) -> Result<(), PartialError> {
        let p = plan.cell.seats.len();
        let n = self.games;
        let drawn: u64 = t
            .endings
            .iter()
            .filter(|e| e.winner.is_none())
            .map(|e| e.count)
            .sum();
        let stopped = t.ended_by(MAX_PLIES);
        let (mut draws, mut shares) = (0u128, 0u128);
        for s in 0..p {
            let won: u64 = t
                .endings
                .iter()
                .filter(|e| e.winner == Some(s))
                .map(|e| e.count)
                .sum();
            if self.wins[s] != won {
                return Err(PartialError::at(
                    format!("wins[{s}]"),
                    format!(
                        "{}, but the endings give seat {} {won} wins",
                        self.wins[s],
                        s + 1
                    ),
                ));
            }
            let d = self.draws[s];
            if d > drawn || (p > 1 && d < stopped) {
                return Err(PartialError::at(
                    format!("draws[{s}]"),
                    format!(
                        "{d}, but the endings hold {drawn} drawn games, {stopped} of \
                     them stopped at max_plies and drawn by every seat"
                    ),
                ));
            }
            // A draw shared by k seats (2 <= k <= p) gives each 840/k.
            let share = u128::from(self.draw_shares[s]);
            let (low, high) = (
                u128::from(d) * u128::from(DRAW_UNIT / p as u64),
                u128::from(d) * u128::from(DRAW_UNIT / 2),
            );
            if share < low || share > high {
                return Err(PartialError::at(
                    format!("draw_shares[{s}]"),
                    format!(
                        "{share}, but {d} draws among {p} seats give from {low} to \
                     {high}"
                    ),
                ));
            }
            draws += u128::from(d);
            shares += share;
            let row = &self.places[s];
            if row.len() != p {
                return Err(PartialError::at(
                    format!("places[{s}]"),
                    format!("{} entries for {p} seats", row.len()),
                ));
            }
            let placed = row.iter().fold(0u128, |a, &x| a + u128::from(x));
            if placed != u128::from(n) {
                return Err(PartialError::at(
                    format!("places[{s}]"),
                    format!("count {placed} games, not the {n} held"),
                ));
            }
            // The seats in first place are the winners: one, or those sharing a draw.
            if u128::from(row[0]) != u128::from(self.wins[s]) + u128::from(d) {
                return Err(PartialError::at(
                    format!("places[{s}][0]"),
                    format!(
                        "{}, but seat {} won {} and drew {d}",
                        row[0],
                        s + 1,
                        self.wins[s]
                    ),
                ));
            }
            t.wins[s] = self.wins[s];
            t.draws[s] = d;
            t.draw_shares[s] = self.draw_shares[s];
            t.places[s][..p].copy_from_slice(row);
        }
        let drawn = u128::from(drawn);
        if shares != drawn * u128::from(DRAW_UNIT) {
            return Err(PartialError::at(
                "draw_shares",
                format!(
                    "add up to {shares}, but {drawn} drawn games share {} in all",
                    drawn * u128::from(DRAW_UNIT)
                ),
            ));
        }
        if p > 1 && (draws < 2 * drawn || draws > p as u128 * drawn) {
            return Err(PartialError::at(
                "draws",
                format!(
                    "add up to {draws}, but {drawn} drawn games of 2 to {p} seats each give \
                 from {} to {}",
                    2 * drawn,
                    p as u128 * drawn
                ),
            ));
        }
        // In a ranking, a place q + 1 or worse comes after q seats: at
        // least q seats of every game are in the first q places.
        let mut within = 0u128;
        for q in 1..p {
            within += (0..p)
                .map(|s| u128::from(self.places[s][q - 1]))
                .sum::<u128>();
            if within < q as u128 * u128::from(n) {
                return Err(PartialError::at(
                    "places",
                    format!(
                        "{within} places 1 to {q} in {n} games of {p} seats, fewer than \
                     {q} a game"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Payoffs: whole numbers a game can pay ([`MAX_PAYOFF`] at most), zero
    /// summed over seats (unless a game was stopped at max_plies), and sums
    /// of squares that such payoffs give.
    fn check_payoffs(&self, t: &mut Tally) -> Result<(), PartialError> {
        let n = i128::from(self.games);
        let mut total = 0i128;
        for (s, (&sum, sq_text)) in self.payoff_sum.iter().zip(&self.payoff_sq).enumerate() {
            let sq = wide(format!("payoff_sq[{s}]"), sq_text)?;
            let sum_i = i128::from(sum);
            if sum_i.abs() > n * i128::from(MAX_PAYOFF) {
                return Err(PartialError::at(
                    format!("payoff_sum[{s}]"),
                    format!("{sum} in {n} games, more than {MAX_PAYOFF} a game"),
                ));
            }
            let abs = sum_i.unsigned_abs();
            let most = (n as u128) * (MAX_PAYOFF as u128) * (MAX_PAYOFF as u128);
            // Each payoff x gives x^2 >= |x|, of x's parity; and n payoffs
            // of sum S give squares of at least S^2 / n.
            let spread = match (sq.checked_mul(n as u128), abs.checked_mul(abs)) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(x), Some(y)) => x >= y,
            };
            if sq > most || sq < abs || !(sq - abs.min(sq)).is_multiple_of(2) || !spread {
                return Err(PartialError::at(
                    format!("payoff_sq[{s}]"),
                    format!(
                        "{sq} is not a sum of squares of {n} payoffs of sum {sum} \
                     (each at most {MAX_PAYOFF})"
                    ),
                ));
            }
            total += sum_i;
            t.payoff_sum[s] = sum;
            t.payoff_sq[s] = sq;
        }
        // A game stopped at max_plies leaves its pot unsplit, a real run's
        // money out of every purse: only whole games pay out all they take.
        let whole = t.ended_by(MAX_PLIES) == 0;
        // Then in a game of two, what one wins the other loses: their
        // squares are the same.
        if whole && t.players == 2 && t.payoff_sq[0] != t.payoff_sq[1] {
            return Err(PartialError::at(
                "payoff_sq",
                format!(
                    "{} and {}, but in games of two seats that pay out all they take, \
                 one seat's payoffs are the other's negated",
                    t.payoff_sq[0], t.payoff_sq[1]
                ),
            ));
        }
        if total != 0 && whole {
            return Err(PartialError::at(
                "payoff_sum",
                format!(
                    "add up to {total} over the seats, not 0: what one seat wins, the \
                 others lose"
                ),
            ));
        }
        Ok(())
    }

    /// Forfeits: only under `forfeit`, at most one a game and at least one
    /// a game that ended for it; the first one a game held, with its seed.
    fn check_forfeits(
        &self,
        plan: &CellPlan,
        done: &GameRanges,
        t: &mut Tally,
    ) -> Result<(), PartialError> {
        let ended = t.ended_by(BOT_ERROR);
        let k = self.forfeits;
        if k > self.games || k < ended {
            return Err(PartialError::at(
                "forfeits",
                format!(
                    "{k}, but {} games, {ended} of them ended by `{BOT_ERROR}`",
                    self.games
                ),
            ));
        }
        // Of two seats, a failing one cannot retire and play on.
        if plan.cell.seats.len() == 2 && k != ended {
            return Err(PartialError::at(
                "forfeits",
                format!(
                    "{k}, but in a game of two seats each forfeit ends it by \
                 `{BOT_ERROR}`, which ended {ended}"
                ),
            ));
        }
        if k > 0 && plan.cell.on_bot_error != OnBotError::Forfeit {
            return Err(PartialError::at(
                "forfeits",
                format!("{k}, but a failing policy stops this run (on_bot_error = \"stop\")"),
            ));
        }
        t.forfeits = k;
        let Some(f) = &self.first_forfeit else {
            return match k {
                0 => Ok(()),
                _ => Err(PartialError::at(
                    "first_forfeit",
                    format!("none, but {k} forfeits"),
                )),
            };
        };
        let at = |e: PartialError| e.within("first_forfeit");
        if k == 0 {
            return Err(at(PartialError::at(
                "game_index",
                "a forfeit, but the forfeits are 0",
            )));
        }
        let i = f.game_index;
        if !done.ranges().iter().any(|r| r.contains(&i)) {
            return Err(at(PartialError::at(
                "game_index",
                format!("{i} is not a game held"),
            )));
        }
        let seed = game_seed(plan.cell.seed, plan.cell.index as u64, i);
        if f.game_seed != seed {
            return Err(at(PartialError::at(
                "game_seed",
                format!(
                    "{}, but game {i} of cell {} has seed {seed}",
                    f.game_seed, plan.cell.index
                ),
            )));
        }
        if !(1..=plan.cell.seats.len()).contains(&f.seat) {
            return Err(at(PartialError::at(
                "seat",
                format!(
                    "{}, but the cell has {} seats",
                    f.seat,
                    plan.cell.seats.len()
                ),
            )));
        }
        let longest = self.lengths.last().map_or(0, |l| l[0]);
        if u64::from(f.ply) > longest {
            return Err(at(PartialError::at(
                "ply",
                format!("{}, but no game held is longer than {longest}", f.ply),
            )));
        }
        if f.message.len() > MESSAGE_BYTES + 64
            || printable(f.message.as_bytes(), true) != f.message
        {
            return Err(at(PartialError::at(
                "message",
                format!(
                    "not a message a run writes ({} bytes, at most {MESSAGE_BYTES}, \
                 control characters escaped)",
                    f.message.len()
                ),
            )));
        }
        t.first_forfeit = Some(FirstForfeit {
            game_index: i,
            game_seed: f.game_seed,
            seat: f.seat - 1,
            ply: f.ply,
            message: f.message.clone(),
        });
        Ok(())
    }
}

/// A winner as the messages say it.
fn winner_text(w: Option<usize>) -> String {
    w.map_or("none (a draw)".into(), |w| w.to_string())
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
fn longest_game(plan: &CellPlan) -> u64 {
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
