//! Dice: the chance events of the games, drawn from the game's seeded dice
//! stream, or from a script of faces in tests. Six-sided dice are the common
//! case ([`Dice::die`]); [`Dice::roll`] throws a die of any number of sides
//! (the Libro's eight-sided die of Grande Acedrex).

use crate::core::seed::{Rng, below};

/// Faces given by a test, in order; or, exploring, the faces of one
/// branch of a chance event (see [`crate::core::chance_outcomes`]).
#[derive(Clone, Debug)]
struct Script {
    faces: Vec<u8>,
    next: usize,
    /// Exploring: past the faces given, draws go on from this stream and
    /// the sides of the first die asked for are kept in `wanted`.
    explore: Option<Rng>,
    wanted: Option<u8>,
    /// Exploring: how many dice the first throw past the faces given
    /// threw as a set ([`Dice::throw_set`]); 1 for a die alone.
    wanted_dice: u8,
    /// Exploring: whether that set is read only by its total
    /// ([`Dice::throw_for_total`]).
    wanted_total: bool,
    /// Dice thrown, the given faces and those drawn past them.
    thrown: u64,
    /// Watching: every face shown since [`Dice::take_shown`] last took
    /// them.
    shown: Option<Vec<u8>>,
}

/// Dice, six-sided unless a throw says otherwise.
///
/// ```
/// use ludus::core::dice::Dice;
/// let mut d = Dice::scripted(&[6, 6, 5, 8]);
/// assert_eq!(d.throw::<3>(), [6, 6, 5]);
/// assert_eq!(d.roll(8), 8);
/// ```
#[derive(Clone, Debug)]
pub struct Dice {
    rng: Rng,
    // A script, where a test gives the faces: boxed and tested by one
    // null check, so that a seeded throw, the one that runs millions of
    // times, is a few instructions inlined.
    script: Option<Box<Script>>,
}

impl Dice {
    /// Dice drawing from a seeded stream (see [`crate::core::seed::stream`]).
    pub fn seeded(rng: Rng) -> Dice {
        Dice { rng, script: None }
    }

    /// Dice that show the given faces in order; a test that throws more than
    /// it scripted, or scripts a face the die thrown does not have, panics.
    pub fn scripted(faces: &[u8]) -> Dice {
        assert!(
            faces.iter().all(|&f| f >= 1),
            "scripted faces start at 1: {faces:?}"
        );
        Dice {
            rng: crate::core::seed::stream(0, crate::core::seed::Stream::Dice),
            script: Some(Box::new(Script {
                faces: faces.to_vec(),
                next: 0,
                explore: None,
                wanted: None,
                wanted_dice: 1,
                wanted_total: false,
                thrown: 0,
                shown: None,
            })),
        }
    }

    /// Dice that throw exactly as [`Dice::seeded`] dice of the same
    /// stream do, and keep the faces they show for
    /// [`Dice::take_shown`]: a replay draws the throws of games that keep
    /// no faces of their own. (The seeded dice of play keep nothing.)
    ///
    /// ```
    /// use ludus::core::dice::Dice;
    /// use ludus::core::seed::{Stream, stream};
    /// let mut seeded = Dice::seeded(stream(7, Stream::Dice));
    /// let mut watched = Dice::watched(stream(7, Stream::Dice));
    /// assert_eq!(watched.throw::<3>(), seeded.throw::<3>());
    /// assert_eq!(watched.roll(8), seeded.roll(8));
    /// assert_eq!(watched.take_shown().len(), 4);
    /// assert!(watched.take_shown().is_empty());
    /// ```
    pub fn watched(rng: Rng) -> Dice {
        let mut d = Dice::scripted(&[]);
        if let Some(s) = &mut d.script {
            s.explore = Some(rng);
            s.shown = Some(Vec::new());
        }
        d
    }

    /// Watching dice ([`Dice::watched`]): the faces shown since the last
    /// call, in order; none for other dice.
    pub fn take_shown(&mut self) -> Vec<u8> {
        (self.script.as_mut())
            .and_then(|s| s.shown.as_mut())
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Dice that show `faces` in order and then, rather than fail, note
    /// the sides of the first die thrown past them ([`Dice::wanted`]) and
    /// go on drawing from a seeded stream, so that the game goes on as in
    /// play: how [`crate::core::chance_outcomes`] finds a chance event's
    /// branches.
    pub fn exploring(faces: &[u8]) -> Dice {
        let mut d = Dice::scripted(faces);
        if let Some(s) = &mut d.script {
            s.explore = Some(crate::core::seed::stream(
                1,
                crate::core::seed::Stream::Dice,
            ));
        }
        d
    }

    /// These dice made to explore `faces` from the start, as
    /// [`Dice::exploring`] makes them, reusing what they hold: the walk of
    /// a chance event's branches makes one run a branch.
    pub fn explore_anew(&mut self, faces: &[u8]) {
        match &mut self.script {
            Some(s) if s.explore.is_some() => {
                s.faces.clear();
                s.faces.extend_from_slice(faces);
                s.next = 0;
                s.explore = Some(crate::core::seed::stream(
                    1,
                    crate::core::seed::Stream::Dice,
                ));
                s.wanted = None;
                s.wanted_dice = 1;
                s.wanted_total = false;
                s.thrown = 0;
                s.shown = None;
            }
            _ => *self = Dice::exploring(faces),
        }
    }

    /// Exploring: the sides of the first die thrown past the faces given,
    /// if one was.
    pub fn wanted(&self) -> Option<u8> {
        self.script.as_ref().and_then(|s| s.wanted)
    }

    /// Exploring: how many dice the first throw past the faces given
    /// threw as a set ([`Dice::throw_set`]), whose faces then extend them
    /// at once, in ascending order; 1 where it threw one die.
    pub fn wanted_dice(&self) -> u8 {
        self.script.as_ref().map_or(1, |s| s.wanted_dice)
    }

    /// Exploring: whether the first throw past the faces given is read
    /// only by its total ([`Dice::total`], [`Dice::throw_for_total`]), so
    /// that one set of faces for each total stands for all that make it.
    pub fn wanted_total(&self) -> bool {
        self.script.as_ref().is_some_and(|s| s.wanted_total)
    }

    /// One six-sided die, 1-6.
    // Always inlined, as are `roll` and `throw`: left to itself the
    // compiler made `throw` a call in Hazard's round, 9% of its
    // instructions (callgrind, 20,000 games: 103.0M -> 94.0M).
    #[inline(always)]
    pub fn die(&mut self) -> u8 {
        self.roll(6)
    }

    /// One die of `sides` faces (2 or more), 1 to `sides`, each equally
    /// likely (an unbiased draw from the stream, as for six sides).
    #[inline(always)]
    pub fn roll(&mut self, sides: u8) -> u8 {
        debug_assert!(sides >= 2, "a die has at least two faces");
        match &mut self.script {
            None => below(&mut self.rng, u32::from(sides)) as u8 + 1,
            Some(script) => script.face(sides),
        }
    }

    /// `N` dice thrown at once.
    #[inline(always)]
    pub fn throw<const N: usize>(&mut self) -> [u8; N] {
        self.draw::<N>(None)
    }

    /// `N` dice thrown at once, for a game that reads only which faces
    /// came up, not which die showed which (their total, say): the same
    /// draws as [`Dice::throw`], but exploring dice
    /// ([`Dice::exploring`]) list each set of faces once, with the number
    /// of orders it comes in (56 sets of three dice, not 216 orders).
    ///
    /// ```
    /// use ludus::core::dice::Dice;
    /// let mut d = Dice::scripted(&[6, 6, 5]);
    /// assert_eq!(d.throw_set::<3>(), [6, 6, 5]);
    /// ```
    #[inline(always)]
    pub fn throw_set<const N: usize>(&mut self) -> [u8; N] {
        self.draw::<N>(Some(false))
    }

    /// `N` dice thrown at once, for a game that reads only their total
    /// (the faces are kept to be shown): the same draws as
    /// [`Dice::throw`], but exploring dice list each total once, with the
    /// number of orders of faces that make it (16 totals of three dice,
    /// not 56 sets), its faces the first ascending set that makes it.
    ///
    /// ```
    /// use ludus::core::dice::Dice;
    /// let mut d = Dice::scripted(&[6, 6, 5]);
    /// assert_eq!(d.throw_for_total::<3>(), [6, 6, 5]);
    /// ```
    #[inline(always)]
    pub fn throw_for_total<const N: usize>(&mut self) -> [u8; N] {
        self.draw::<N>(Some(true))
    }

    /// `N` dice thrown at once, exploring dice listing them in order
    /// (`read` none), by sets, or by totals (`read` true).
    #[inline(always)]
    fn draw<const N: usize>(&mut self, read: Option<bool>) -> [u8; N] {
        // Plain loops (`array::from_fn` here was left out of line), and
        // one test of the script for the throw, not one a die: a seeded
        // throw is what runs millions of times.
        let mut faces = [0; N];
        match &mut self.script {
            None => {
                for f in &mut faces {
                    *f = below(&mut self.rng, 6) as u8 + 1;
                }
            }
            Some(script) => {
                if let Some(by_total) = read {
                    script.set(N, by_total);
                }
                for f in &mut faces {
                    *f = script.face(6);
                }
            }
        }
        faces
    }

    /// The total of `n` dice.
    #[inline(always)]
    pub fn total(&mut self, n: u32) -> u32 {
        // Only the total is read: exploring dice list the totals.
        match &mut self.script {
            None => (0..n).map(|_| below(&mut self.rng, 6) + 1).sum(),
            Some(script) => {
                script.set(n as usize, true);
                (0..n).map(|_| u32::from(script.face(6))).sum()
            }
        }
    }

    /// How many single dice scripted or exploring dice have thrown; 0
    /// for seeded dice, which do not count, so that a seeded throw, the
    /// one that runs millions of times, stores nothing but the stream.
    pub fn thrown(&self) -> u64 {
        self.script.as_ref().map_or(0, |s| s.thrown)
    }

    /// Whether a script has faces left (always false when seeded).
    pub fn script_left(&self) -> usize {
        self.script.as_ref().map_or(0, |s| s.faces.len() - s.next)
    }
}

impl Script {
    /// Exploring, a set of `n` dice is about to be thrown (read only by
    /// its total if `by_total`): if it is the first throw past the faces
    /// given, it is wanted whole.
    #[cold]
    #[inline(never)]
    fn set(&mut self, n: usize, by_total: bool) {
        if self.explore.is_some() && self.next == self.faces.len() && self.wanted.is_none() {
            self.wanted = Some(6);
            self.wanted_dice = n as u8;
            self.wanted_total = by_total;
        }
    }

    /// The next face, on a die of `sides`: out of line, as only tests
    /// script their dice.
    #[cold]
    #[inline(never)]
    fn face(&mut self, sides: u8) -> u8 {
        self.thrown += 1;
        if self.next == self.faces.len()
            && let Some(rng) = &mut self.explore
        {
            self.wanted.get_or_insert(sides);
            let f = below(rng, u32::from(sides)) as u8 + 1;
            if let Some(shown) = &mut self.shown {
                shown.push(f);
            }
            return f;
        }
        let f = *self
            .faces
            .get(self.next)
            .unwrap_or_else(|| panic!("the script of {} faces ran out", self.faces.len()));
        assert!(
            f <= sides,
            "scripted face {f} on a die of {sides} sides (face {} of the script)",
            self.next + 1
        );
        self.next += 1;
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::seed::{Stream, stream};

    /// An eight-sided die shows every face, each about an eighth of the
    /// time: a chi-square test at 7 degrees of freedom, far from its 0.1%
    /// critical value (24.3) for a fair die and far above it for a die that
    /// missed a face or favoured one.
    #[test]
    fn eight_sided_die_is_fair() {
        let mut d = Dice::seeded(stream(7, Stream::Dice));
        let n = 80_000u32;
        let mut counts = [0u32; 9];
        for _ in 0..n {
            counts[d.roll(8) as usize] += 1;
        }
        assert_eq!(counts[0], 0);
        let e = f64::from(n) / 8.0;
        let chi: f64 = counts[1..]
            .iter()
            .map(|&c| (f64::from(c) - e).powi(2) / e)
            .sum();
        assert!(chi < 24.3, "chi-square {chi} for {counts:?}");
        assert_eq!(d.thrown(), 0, "seeded dice do not count");
    }

    #[test]
    #[should_panic(expected = "scripted face 7 on a die of 6 sides")]
    fn a_scripted_face_beyond_the_die_panics() {
        Dice::scripted(&[7]).die();
    }
}
