//! The checks of one cell of a partial ([`CellRecord::state`]): every
//! count bounded by the games held, and the counts agreeing with each
//! other as the games of a run make them; and the record of a cell's
//! state ([`CellRecord::new`]).

use std::ops::Range;
use std::sync::Mutex;

use crate::core::seat::MAX_SEATS;
use crate::core::seed::game_seed;
use crate::core::text::printable;
use crate::plan::cell_plan::CellPlan;
use crate::runner::checkpoint::CellState;
use crate::runner::drive::{BOT_ERROR, MAX_PLIES};
use crate::runner::game_ranges::GameRanges;
use crate::runner::on_bot_error::OnBotError;
use crate::runner::tally::MESSAGE_BYTES;
use crate::runner::tally::{DRAW_UNIT, Ending, FirstForfeit, Tally};
use crate::store::cell_record::{
    CellRecord, EndingRecord, ForfeitRecord, MAX_PAYOFF, longest_game,
};
use crate::store::metric_record::MetricRecord;
use crate::store::partial_error::PartialError;
use crate::store::record_numbers::{pairs, wide};

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
