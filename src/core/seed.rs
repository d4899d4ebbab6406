//! Seeding: every game is reproducible from (experiment seed, cell, game index).
//!
//! A game's seed is a SplitMix64-style mix of the three numbers; from it come
//! independent streams, one for the dice and one per seat's policy, so that a
//! policy that draws more randomness never changes the dice the game throws.

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The SplitMix64 finaliser: a bijection on `u64` that scatters nearby inputs.
#[inline]
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Mixes a value into a running seed.
#[inline]
pub fn mix(seed: u64, value: u64) -> u64 {
    splitmix64(seed ^ splitmix64(value))
}

/// The seed of one game of an experiment.
///
/// ```
/// use ludus::core::seed::game_seed;
/// assert_eq!(game_seed(1, 0, 5), game_seed(1, 0, 5));
/// assert_ne!(game_seed(1, 0, 5), game_seed(1, 0, 6));
/// assert_ne!(game_seed(1, 0, 5), game_seed(1, 1, 5));
/// ```
#[inline]
pub fn game_seed(experiment_seed: u64, cell: u64, game_index: u64) -> u64 {
    mix(mix(splitmix64(experiment_seed), cell), game_index)
}

/// Which stream of a game an RNG draws from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// The game's chance events.
    Dice,
    /// One seat's policy.
    Seat(usize),
}

/// The random number generator used for every stream.
pub type Rng = Pcg64Mcg;

/// The RNG of one stream of the game whose seed is `game_seed`.
#[inline]
pub fn stream(game_seed: u64, which: Stream) -> Rng {
    let tag = match which {
        Stream::Dice => 0xD1CE,
        Stream::Seat(s) => 0x5EA7_0000 + s as u64,
    };
    let hi = mix(game_seed, tag);
    let lo = mix(hi, tag ^ 0xFFFF);
    Pcg64Mcg::from_seed(((u128::from(hi) << 64) | u128::from(lo)).to_le_bytes())
}

/// An unbiased draw from `0..n` (Lemire's multiply-and-reject), `n > 0`.
#[inline]
pub fn below(rng: &mut Rng, n: u32) -> u32 {
    use rand_core::RngCore;
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// A seat's stream, made the first time it is drawn from: games of pure
/// chance never pay for it, and the draws are the same as from
/// [`stream`]`(game_seed, Stream::Seat(seat))`.
#[derive(Clone, Debug)]
pub struct SeatRng {
    game_seed: u64,
    seat: usize,
    rng: Option<Rng>,
}

impl SeatRng {
    /// Seat `seat`'s stream of the game `game_seed`.
    #[inline]
    pub fn new(game_seed: u64, seat: usize) -> SeatRng {
        SeatRng {
            game_seed,
            seat,
            rng: None,
        }
    }

    /// The seed of the game this stream belongs to.
    #[inline]
    pub fn game_seed(&self) -> u64 {
        self.game_seed
    }

    /// The stream, made on first use.
    #[inline]
    pub fn get(&mut self) -> &mut Rng {
        let (seed, seat) = (self.game_seed, self.seat);
        self.rng
            .get_or_insert_with(|| stream(seed, Stream::Seat(seat)))
    }
}
