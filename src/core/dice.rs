//! Dice: the chance events of the dice games, drawn from the game's seeded
//! dice stream, or from a script of faces in tests.

use crate::core::seed::{Rng, below};

/// Where the faces come from.
#[derive(Clone, Debug)]
enum Source {
    Seeded(Rng),
    Scripted { faces: Vec<u8>, next: usize },
}

/// Six-sided dice.
///
/// ```
/// use ludus::core::dice::Dice;
/// let mut d = Dice::scripted(&[6, 6, 5]);
/// assert_eq!(d.throw::<3>(), [6, 6, 5]);
/// ```
#[derive(Clone, Debug)]
pub struct Dice {
    source: Source,
    thrown: u64,
}

impl Dice {
    /// Dice drawing from a seeded stream (see [`crate::core::seed::stream`]).
    pub fn seeded(rng: Rng) -> Dice {
        Dice {
            source: Source::Seeded(rng),
            thrown: 0,
        }
    }

    /// Dice that show the given faces in order; a test that throws more than
    /// it scripted panics, naming how many faces it had.
    pub fn scripted(faces: &[u8]) -> Dice {
        assert!(
            faces.iter().all(|f| (1..=6).contains(f)),
            "scripted faces must be 1-6: {faces:?}"
        );
        Dice {
            source: Source::Scripted {
                faces: faces.to_vec(),
                next: 0,
            },
            thrown: 0,
        }
    }

    /// One die, 1-6.
    #[inline]
    pub fn die(&mut self) -> u8 {
        self.thrown += 1;
        match &mut self.source {
            Source::Seeded(rng) => below(rng, 6) as u8 + 1,
            Source::Scripted { faces, next } => {
                let f = *faces
                    .get(*next)
                    .unwrap_or_else(|| panic!("the script of {} faces ran out", faces.len()));
                *next += 1;
                f
            }
        }
    }

    /// `N` dice thrown at once.
    #[inline]
    pub fn throw<const N: usize>(&mut self) -> [u8; N] {
        std::array::from_fn(|_| self.die())
    }

    /// The total of `n` dice.
    #[inline]
    pub fn total(&mut self, n: u32) -> u32 {
        let mut t = 0;
        for _ in 0..n {
            t += u32::from(self.die());
        }
        t
    }

    /// How many single dice have been thrown.
    pub fn thrown(&self) -> u64 {
        self.thrown
    }

    /// Whether a script has faces left (always false when seeded).
    pub fn script_left(&self) -> usize {
        match &self.source {
            Source::Seeded(_) => 0,
            Source::Scripted { faces, next } => faces.len() - next,
        }
    }
}
