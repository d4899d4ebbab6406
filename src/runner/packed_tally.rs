//! A finished cell's tally packed into a few dozen bytes, for runs of tens
//! of thousands of cells: a [`Tally`] holds about a kilobyte of per-seat
//! arrays and a dense length histogram (one counter per length up to the
//! longest game), so that 30,000 cells of long dice games held as tallies
//! took gigabytes. Packing keeps every count exactly; [`PackedTally::unpack`]
//! gives back a tally equal to the one packed.

use std::sync::Mutex;

use crate::core::seat::MAX_SEATS;
use crate::runner::fixed_mean::FixedMean;
use crate::runner::tally::{Ending, FirstForfeit, Tally};

/// A tally as variable-length integers: seats, games, the per-seat counts
/// (as far as any is not zero), the lengths that occurred with their
/// counts, the endings (each reason by its number in a table of the
/// process), the forfeits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackedTally(Box<[u8]>);

/// The ending reasons met so far, each once: a packed ending names its
/// reason by its place here. Games name a few reasons each, so the table
/// stays small.
static REASONS: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

fn reason_number(reason: &'static str) -> u64 {
    let mut reasons = REASONS.lock().expect("no panic while numbering reasons");
    let n = match reasons.iter().position(|r| *r == reason) {
        Some(n) => n,
        None => {
            reasons.push(reason);
            reasons.len() - 1
        }
    };
    n as u64
}

fn reason_of(n: u64) -> &'static str {
    REASONS.lock().expect("no panic while numbering reasons")[n as usize]
}

fn put(out: &mut Vec<u8>, mut v: u128) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn put_signed(out: &mut Vec<u8>, v: i64) {
    // Zigzag: small magnitudes of either sign stay short.
    put(out, u128::from(((v << 1) ^ (v >> 63)) as u64));
}

/// A histogram (`h[k]`: how many had `k`) as its length and its
/// non-zero entries, each as the step from the one before and the count.
fn put_histogram(out: &mut Vec<u8>, h: &[u64]) {
    put(out, h.len() as u128);
    put(out, h.iter().filter(|&&n| n > 0).count() as u128);
    let mut last = 0;
    for (k, &n) in h.iter().enumerate().filter(|(_, n)| **n > 0) {
        put(out, (k - last) as u128);
        put(out, u128::from(n));
        last = k;
    }
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    put(out, text.len() as u128);
    out.extend_from_slice(text.as_bytes());
}

/// Reads back what [`put`] and its kin wrote; the bytes are our own, so a
/// short or malformed buffer is a bug, not bad input.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> u128 {
        let mut v = 0u128;
        let mut shift = 0;
        loop {
            let byte = self.bytes[self.at];
            self.at += 1;
            v |= u128::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return v;
            }
            shift += 7;
        }
    }

    fn u64(&mut self) -> u64 {
        self.next() as u64
    }

    fn signed(&mut self) -> i64 {
        let z = self.u64();
        ((z >> 1) as i64) ^ -((z & 1) as i64)
    }

    fn histogram(&mut self) -> Vec<u64> {
        let mut h = vec![0; self.u64() as usize];
        let mut at = 0;
        for _ in 0..self.u64() {
            at += self.u64() as usize;
            h[at] = self.u64();
        }
        h
    }

    fn text(&mut self) -> String {
        let len = self.u64() as usize;
        let text = &self.bytes[self.at..self.at + len];
        self.at += len;
        String::from_utf8(text.to_vec()).expect("packed text is the UTF-8 that was packed")
    }
}

impl PackedTally {
    /// Packs `t`.
    pub fn pack(t: &Tally) -> PackedTally {
        // Every field named, so that a field added to `Tally` cannot be
        // forgotten here.
        let Tally {
            players,
            games,
            wins,
            draws,
            draw_shares,
            places,
            payoff_sum,
            payoff_sq,
            lengths,
            decisions,
            decisions_sq,
            first_moves,
            first_wins,
            metrics,
            endings,
            forfeits,
            first_forfeit,
        } = t;
        // The seats that hold anything: the cell's seats, or more if a
        // count past them is not zero (kept, so that the tally comes back equal).
        let seats = (0..MAX_SEATS)
            .rev()
            .find(|&s| {
                wins[s] != 0
                    || draws[s] != 0
                    || draw_shares[s] != 0
                    || payoff_sum[s] != 0
                    || payoff_sq[s] != 0
                    || first_moves[s] != 0
                    || first_wins[s] != 0
                    || places.iter().any(|row| row[s] != 0)
                    || places[s].iter().any(|&n| n != 0)
            })
            .map_or(0, |s| s + 1)
            .max(*players)
            .min(MAX_SEATS);
        let mut out = Vec::with_capacity(32);
        put(&mut out, *players as u128);
        put(&mut out, seats as u128);
        put(&mut out, u128::from(*games));
        for s in 0..seats {
            put(&mut out, u128::from(wins[s]));
            put(&mut out, u128::from(draws[s]));
            put(&mut out, u128::from(draw_shares[s]));
            for &n in &places[s][..seats] {
                put(&mut out, u128::from(n));
            }
            put_signed(&mut out, payoff_sum[s]);
            put(&mut out, payoff_sq[s]);
            put(&mut out, u128::from(first_moves[s]));
            put(&mut out, u128::from(first_wins[s]));
        }
        put(&mut out, u128::from(*decisions));
        put(&mut out, *decisions_sq);
        put(&mut out, u128::from(metrics.first_score));
        put(&mut out, metrics.first_score_sq);
        for m in [
            &metrics.branching,
            &metrics.decision_moves,
            &metrics.decision_factor,
            &metrics.repetition,
        ]
        .into_iter()
        .chain(&metrics.judged.0)
        {
            put(&mut out, u128::from(m.n));
            put(&mut out, m.sum);
            put(&mut out, m.sq);
        }
        put_histogram(&mut out, &metrics.options);
        put_histogram(&mut out, lengths);
        put(&mut out, endings.len() as u128);
        for e in endings {
            put(&mut out, u128::from(reason_number(e.reason)));
            put(&mut out, e.winner.map_or(0, |w| w as u128 + 1));
            put(&mut out, u128::from(e.count));
        }
        put(&mut out, u128::from(*forfeits));
        match first_forfeit {
            None => out.push(0),
            Some(f) => {
                out.push(1);
                put(&mut out, u128::from(f.game_index));
                put(&mut out, u128::from(f.game_seed));
                put(&mut out, f.seat as u128);
                put(&mut out, u128::from(f.ply));
                put_text(&mut out, &f.message);
            }
        }
        PackedTally(out.into_boxed_slice())
    }

    /// The tally packed, equal to the one given to [`PackedTally::pack`].
    pub fn unpack(&self) -> Tally {
        let mut r = Reader {
            bytes: &self.0,
            at: 0,
        };
        let players = r.u64() as usize;
        let seats = r.u64() as usize;
        let mut t = Tally::new(players);
        t.games = r.u64();
        for s in 0..seats {
            t.wins[s] = r.u64();
            t.draws[s] = r.u64();
            t.draw_shares[s] = r.u64();
            for p in 0..seats {
                t.places[s][p] = r.u64();
            }
            t.payoff_sum[s] = r.signed();
            t.payoff_sq[s] = r.next();
            t.first_moves[s] = r.u64();
            t.first_wins[s] = r.u64();
        }
        t.decisions = r.u64();
        t.decisions_sq = r.next();
        t.metrics.first_score = r.u64();
        t.metrics.first_score_sq = r.next();
        for m in [
            &mut t.metrics.branching,
            &mut t.metrics.decision_moves,
            &mut t.metrics.decision_factor,
            &mut t.metrics.repetition,
        ]
        .into_iter()
        .chain(&mut t.metrics.judged.0)
        {
            *m = FixedMean {
                n: r.u64(),
                sum: r.next(),
                sq: r.next(),
            };
        }
        t.metrics.options = r.histogram();
        t.lengths = r.histogram();
        let endings = r.u64() as usize;
        t.endings = (0..endings)
            .map(|_| Ending {
                reason: reason_of(r.u64()),
                winner: r.u64().checked_sub(1).map(|w| w as usize),
                count: r.u64(),
            })
            .collect();
        t.forfeits = r.u64();
        let forfeit = r.bytes[r.at];
        r.at += 1;
        if forfeit == 1 {
            t.first_forfeit = Some(FirstForfeit {
                game_index: r.u64(),
                game_seed: r.u64(),
                seat: r.u64() as usize,
                ply: r.u64() as u32,
                message: r.text(),
            });
        }
        debug_assert_eq!(r.at, r.bytes.len(), "a packed tally is read to its end");
        t
    }

    /// The games the tally counts, without unpacking it.
    pub fn games(&self) -> u64 {
        let mut r = Reader {
            bytes: &self.0,
            at: 0,
        };
        r.u64();
        r.u64();
        r.u64()
    }

    /// The bytes it takes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it takes no bytes (never: even an empty tally has its seats).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::outcome::Outcome;
    use crate::runner::decisions::{Counted, Decisions};

    /// A game of `count` decisions of three options but the last, forced.
    fn played(count: u32, first: Option<usize>) -> Decisions {
        let mut d = Decisions::default();
        for i in 0..count {
            let options = if i + 1 == count { 1 } else { 3 };
            d.note(first.unwrap_or(0), Counted::Whole(options));
        }
        d.game.first = first;
        d
    }

    fn round_trip(t: &Tally) {
        let p = PackedTally::pack(t);
        assert_eq!(&p.unpack(), t);
        assert_eq!(p.games(), t.games);
    }

    #[test]
    fn an_empty_tally_comes_back_equal() {
        for players in [0, 1, 2, MAX_SEATS] {
            round_trip(&Tally::new(players));
        }
    }

    #[test]
    fn every_count_comes_back_exactly() {
        let mut t = Tally::new(3);
        t.add(&Outcome::win(1, "mate"), 7, &played(9, Some(1)), |s| {
            [-5, 3, i64::MIN / 4][s]
        });
        t.add(
            &Outcome::win(0, "mate"),
            4000,
            &played(4001, Some(0)),
            |s| [i64::MAX / 4, 0, 1][s],
        );
        t.add(&Outcome::win(2, "bodies"), 0, &played(0, None), |_| 0);
        t.metrics.options = vec![0, 1, 0, 4009];
        t.metrics.judged.0[2].add(0.75);
        t.metrics.judged.0[5].add(1.0);
        t.wins[1] = u64::MAX;
        t.payoff_sq[2] = u128::MAX;
        t.note_forfeit(crate::runner::tally::GameFailure {
            cell: 3,
            game_index: 17,
            game_seed: u64::MAX,
            seat: 2,
            policy: "random".into(),
            by_evaluator: false,
            ply: 99,
            message: "bad move: ż\n".into(),
        });
        round_trip(&t);
        let p = PackedTally::pack(&t);
        // The metrics' fixed-point sums take about 40 bytes.
        assert!(p.len() < 240, "{} bytes", p.len());
    }

    #[test]
    fn a_long_game_costs_a_few_bytes_not_its_length() {
        let mut t = Tally::new(2);
        t.add(
            &Outcome::win(0, "rounds"),
            6_000,
            &played(1, Some(0)),
            |_| 0,
        );
        let p = PackedTally::pack(&t);
        assert!(p.len() < 100, "{} bytes", p.len());
        assert_eq!(p.unpack().lengths.len(), 6_001);
        round_trip(&t);
    }

    #[test]
    fn counts_past_the_cells_seats_and_trailing_zero_lengths_are_kept() {
        let mut t = Tally::new(2);
        t.wins[5] = 3;
        t.places[0][6] = 1;
        t.lengths = vec![0, 2, 0, 0];
        round_trip(&t);
    }
}
