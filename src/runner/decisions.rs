//! What the runner counts of a game as it drives it, whatever the game:
//! the decisions taken (a turn may hold several), the seat that took the
//! first, and how many options each decision offered (the branching that
//! metrics.csv reports).

use std::collections::HashSet;

use crate::core::seat::Seat;
use crate::core::seed::splitmix64;

/// Where a game's fast random draw does not count the legal decisions
/// ([`crate::core::game::Game::PICK_COUNTS`] false: chess, Rithmomachy),
/// counting them costs more than the draw: the runner counts the first
/// [`WHOLE`] decisions of every game, then a systematic sample of one in
/// `SAMPLED`: every `SAMPLED`-th decision from a start drawn by a hash of
/// the game's salt (no stream of the game's is touched, so the games are
/// the same). Each later decision is in the sample with chance one in
/// `SAMPLED`, whatever its number. A prime, so that the sample does not
/// fall in step with the seats' turns.
pub const SAMPLED: u32 = 61;

/// The decisions at the start of every game that are counted whole where
/// the others are sampled ([`SAMPLED`]): a short game is counted whole,
/// and every game with a decision has one counted.
pub const WHOLE: u32 = 4;

/// How a decision's options were counted, for [`Decisions::note`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// This many, at a decision every game counts (one of the first
    /// [`WHOLE`], a policy's list, or a game whose draw counts them).
    Whole(usize),
    /// This many, at a decision of the sample ([`SAMPLED`]).
    Sampled(usize),
    /// Not counted: a decision left out of the sample.
    Skipped,
}

/// Whether the runner counts the next decision's options, where counting
/// is dear ([`Counts::sample_next`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    /// Counted whole: one of the first [`WHOLE`], or every decision is
    /// counted ([`Counts::count_all`]).
    Whole,
    /// Counted as one of the sample.
    Sampled,
    /// Left out.
    Skipped,
}

/// Sums of decisions' options: how many decisions, their options, and
/// how many offered one option only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptionSums {
    /// Decisions.
    pub decisions: u32,
    /// Their options, summed.
    pub options: u64,
    /// Those with one option.
    pub singles: u32,
}

impl OptionSums {
    #[inline(always)]
    fn add(&mut self, options: usize) {
        self.decisions += 1;
        self.options += options as u64;
        self.singles += u32::from(options == 1);
    }
}

/// What a game's decisions offered, estimated from what was counted
/// ([`Counts::estimate`]): exact where every decision was counted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The options of all the game's decisions, summed.
    pub options: f64,
    /// Its decisions that offered two options or more.
    pub choices: f64,
    /// Their options, summed.
    pub choice_options: f64,
}

/// A game's counts of its decisions: what [`Decisions::start_game`]
/// resets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Decisions taken: a policy's choice or a uniform draw, each once.
    pub count: u32,
    /// The seat of the first decision.
    pub first: Option<Seat>,
    /// The decisions counted whole.
    pub whole: OptionSums,
    /// The decisions of the sample.
    pub sample: OptionSums,
    /// The decisions that could have been in the sample: those of the
    /// sample and those left out.
    pub eligible: u32,
    /// The places in the sample's cycle ([`SAMPLED`] of them, a bit each)
    /// of the decisions that could have been in it: the chance that one
    /// was is the share of places taken.
    pub places: u64,
    /// Whether every decision is counted, not a sample
    /// ([`crate::runner::metrics_level::MetricsLevel::All`]).
    pub count_all: bool,
    /// The game's salt, from which its sample's start is drawn.
    pub salt: u64,
    /// Where the game's sample starts, past the first [`WHOLE`]
    /// decisions: below [`SAMPLED`], drawn from the salt when first asked.
    offset: u32,
}

impl Counts {
    /// Whether the next decision's options are counted where counting is
    /// dear: the first [`WHOLE`] of the game, then one in [`SAMPLED`].
    ///
    /// ```
    /// use ludus::runner::decisions::{Counted, Decisions, Sample, SAMPLED, WHOLE};
    /// let mut d = Decisions::default();
    /// d.start_game(3);
    /// let mut sampled = 0;
    /// for i in 0..WHOLE + 10 * SAMPLED {
    ///     let counted = match d.game.sample_next() {
    ///         Sample::Whole => {
    ///             assert!(i < WHOLE);
    ///             Counted::Whole(2)
    ///         }
    ///         Sample::Sampled => {
    ///             sampled += 1;
    ///             Counted::Sampled(2)
    ///         }
    ///         Sample::Skipped => Counted::Skipped,
    ///     };
    ///     d.note(0, counted);
    /// }
    /// assert_eq!(sampled, 10);
    /// assert_eq!(d.game.estimate().options, f64::from(2 * (WHOLE + 10 * SAMPLED)));
    /// ```
    #[inline]
    pub fn sample_next(&mut self) -> Sample {
        if self.count_all || self.count < WHOLE {
            return Sample::Whole;
        }
        if self.count == WHOLE {
            // Drawn here, not for every game: most games sample nothing.
            self.offset = (splitmix64(self.salt) % u64::from(SAMPLED)) as u32;
        }
        if self.place().is_multiple_of(SAMPLED) {
            Sample::Sampled
        } else {
            Sample::Skipped
        }
    }

    /// The next decision's place in the sample's cycle, from the start.
    #[inline]
    fn place(&self) -> u32 {
        (self.count.saturating_sub(WHOLE) + self.offset) % SAMPLED
    }

    /// Counts a decision by `seat`, its options counted as `counted`
    /// says, in the game's sums and in `seen` ([`Decisions::seen`], where a
    /// decision of the sample weighs [`SAMPLED`]). Always inlined: as a
    /// call it cost a morris game a tenth, and where `counted` is known at
    /// compile time only its arm is left.
    #[inline(always)]
    pub fn note(&mut self, seat: Seat, counted: Counted, seen: &mut Vec<u64>) {
        if self.count == 0 {
            self.first = Some(seat);
        }
        let (options, weight) = match counted {
            Counted::Whole(n) => {
                self.whole.add(n);
                (n, 1)
            }
            Counted::Sampled(n) => {
                self.eligible += 1;
                self.places |= 1 << self.place();
                self.sample.add(n);
                (n, u64::from(SAMPLED))
            }
            Counted::Skipped => {
                self.eligible += 1;
                self.places |= 1 << self.place();
                self.count += 1;
                return;
            }
        };
        self.count += 1;
        if options >= seen.len() {
            seen.resize(options + 1, 0);
        }
        seen[options] += weight;
    }

    /// The game's sums over all its decisions, from those counted. The
    /// decisions counted whole count as they are; each of the others is
    /// taken to be like the mean of those counted whole, corrected by the
    /// sample's departure from that mean, divided by the chance that the
    /// sample held any decision (the share of the cycle's places the
    /// eligible decisions took). A game of more than [`SAMPLED`] eligible
    /// decisions always has a sample, and its mean then stands for them
    /// all; a shorter one has one decision of the sample or none, and that
    /// one's departure then stands for [`SAMPLED`] decisions': its sums
    /// are unbiased whatever the start drawn.
    #[inline]
    pub fn estimate(&self) -> Estimate {
        let w = &self.whole;
        let (options, singles) = if self.eligible == 0 {
            (w.options as f64, f64::from(w.singles))
        } else {
            self.sampled_sums()
        };
        // The decisions are known, the singles estimated: choices are
        // most decisions, and a ratio over an estimated count of them
        // would lean on a short game's few counted.
        let choices = f64::from(self.count) - singles;
        Estimate {
            options,
            choices,
            choice_options: options - singles,
        }
    }

    /// The options and singles of [`Counts::estimate`] where some
    /// decisions were left to the sample. Out of line: the games whose
    /// draw counts every decision (the dice games) never come here, and
    /// inlined, this made the addition of their sums a call per game,
    /// which shows in games of a few throws.
    #[inline(never)]
    fn sampled_sums(&self) -> (f64, f64) {
        let (w, s) = (&self.whole, &self.sample);
        let m = f64::from(self.eligible);
        let scale = if s.decisions == 0 {
            0.0
        } else {
            let chance = f64::from(self.places.count_ones()) / f64::from(SAMPLED);
            m / (f64::from(s.decisions) * chance)
        };
        let counted = f64::from(w.decisions.max(1));
        let sum = |whole: f64, sampled: f64| {
            let mean = whole / counted;
            whole + m * mean + scale * (sampled - f64::from(s.decisions) * mean)
        };
        (
            sum(w.options as f64, s.options as f64),
            sum(f64::from(w.singles), f64::from(s.singles)),
        )
    }
}

/// A game's decisions, counted by [`crate::runner::drive`], and the
/// options of every decision of every game counted so far.
///
/// ```
/// use ludus::runner::decisions::{Counted, Decisions};
/// let mut d = Decisions::default();
/// d.note(1, Counted::Whole(3));
/// d.note(1, Counted::Whole(1));
/// d.note(0, Counted::Whole(4));
/// d.note(0, Counted::Whole(2));
/// let e = d.game.estimate();
/// assert_eq!((d.game.count, d.game.first), (4, Some(1)));
/// assert_eq!((e.options, e.choices, e.choice_options), (10.0, 3.0, 9.0));
/// d.start_game(7);
/// assert_eq!((d.game.count, d.game.first), (0, None));
/// assert_eq!(d.seen, [0, 1, 1, 1, 1], "the options of all games stay");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decisions {
    /// The game's counts.
    pub game: Counts,
    /// `seen[k]`: decisions with `k` options, weighed, in every game since
    /// the counter was made (not cleared by [`Decisions::start_game`]).
    pub seen: Vec<u64>,
    /// Positions met before a decision, where the game hashes them and
    /// every decision is counted ([`Counts::count_all`]).
    pub positions: u32,
    /// Of those, the ones met before in the game.
    pub repeats: u32,
    /// The game's positions met so far, by content hash.
    met: HashSet<u64>,
}

impl Decisions {
    /// A counter for a cell's games; `count_all` as
    /// [`Counts::count_all`].
    pub fn new(count_all: bool) -> Decisions {
        Decisions {
            game: Counts {
                count_all,
                ..Counts::default()
            },
            ..Decisions::default()
        }
    }

    /// Notes the position before a decision by its content hash
    /// ([`crate::core::game::Game::content_hash`]), if the game has one:
    /// whether it was met before in the game.
    ///
    /// ```
    /// use ludus::runner::decisions::Decisions;
    /// let mut d = Decisions::default();
    /// for h in [Some(1), Some(2), Some(1), None] {
    ///     d.note_position(h);
    /// }
    /// assert_eq!((d.positions, d.repeats), (3, 1));
    /// ```
    pub fn note_position(&mut self, hash: Option<u64>) {
        if let Some(h) = hash {
            self.positions += 1;
            if !self.met.insert(h) {
                self.repeats += 1;
            }
        }
    }

    /// Counts a decision by `seat` ([`Counts::note`]).
    #[inline]
    pub fn note(&mut self, seat: Seat, counted: Counted) {
        self.game.note(seat, counted, &mut self.seen);
    }

    /// Forgets the game's counts, for the next game of salt `salt` (its
    /// seed); keeps [`Decisions::seen`].
    #[inline]
    pub fn start_game(&mut self, salt: u64) {
        if self.positions > 0 {
            self.met.clear();
        }
        self.positions = 0;
        self.repeats = 0;
        self.game = Counts {
            count_all: self.game.count_all,
            salt,
            ..Counts::default()
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of these options at its decisions, its sample started where
    /// `offset` says: its estimate.
    fn estimate_at(options: &[usize], offset: u32) -> (Estimate, u32) {
        // A salt whose hash draws this start.
        let salt = (0u64..)
            .find(|&x| splitmix64(x) % u64::from(SAMPLED) == u64::from(offset))
            .unwrap();
        let mut d = Decisions::default();
        d.start_game(salt);
        let mut counted = 0;
        for &b in options {
            let c = match d.game.sample_next() {
                Sample::Whole => Counted::Whole(b),
                Sample::Sampled => Counted::Sampled(b),
                Sample::Skipped => Counted::Skipped,
            };
            counted += u32::from(c != Counted::Skipped);
            d.note(0, c);
        }
        (d.game.estimate(), counted)
    }

    fn options(n: usize) -> Vec<usize> {
        (0..n).map(|i| 1 + (i * 7 + i * i / 5) % 13).collect()
    }

    /// A short game's sample holds one decision or none: over every start
    /// the hash can draw, its estimates average to its whole sums.
    #[test]
    fn a_short_sampled_game_averages_to_its_whole_counts_over_the_starts() {
        for n in [1, 4, 5, 30, 64, 65] {
            let b = options(n);
            let all: usize = b.iter().sum();
            let choices = b.iter().filter(|&&x| x > 1).count();
            let (mut sum, mut choice_sum) = (0.0, 0.0);
            for offset in 0..SAMPLED {
                let (e, _) = estimate_at(&b, offset);
                sum += e.options;
                choice_sum += e.choices;
            }
            let k = f64::from(SAMPLED);
            assert!(
                (sum / k - all as f64).abs() < 1e-9,
                "{n}: {} against {all}",
                sum / k
            );
            assert!((choice_sum / k - choices as f64).abs() < 1e-9, "{n}");
        }
    }

    /// A long game's sample's mean stands for its decisions past the
    /// first: the estimate is near the whole sum from any start, and its
    /// mean over the starts nearer still.
    #[test]
    fn a_long_sampled_game_is_estimated_by_its_sample_mean() {
        let b = options(2000);
        let all = b.iter().sum::<usize>() as f64;
        let mut sum = 0.0;
        for offset in 0..SAMPLED {
            let (e, counted) = estimate_at(&b, offset);
            assert!(counted <= WHOLE + 33, "{counted} counted");
            assert!(
                (e.options / all - 1.0).abs() < 0.1,
                "{} against {all}",
                e.options
            );
            sum += e.options;
        }
        assert!((sum / f64::from(SAMPLED) / all - 1.0).abs() < 0.002);
    }

    #[test]
    fn every_decision_counts_whole_when_all_are_asked_for() {
        let mut d = Decisions::new(true);
        d.start_game(9);
        for i in 0..100 {
            assert_eq!(d.game.sample_next(), Sample::Whole);
            d.note(1, Counted::Whole(1 + i % 2));
        }
        let e = d.game.estimate();
        assert_eq!(
            (e.options, e.choices, e.choice_options),
            (150.0, 50.0, 100.0)
        );
    }
}
