//! The readings of the pieces the sources disagree on, as the rules
//! choose them: what the aanca, the unicorn and the king's first move may do.

/// The aanca's slide after its diagonal step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AancaReading {
    /// Along either orthogonal component of the step, outward (the brief's default).
    Outward,
    /// Along any orthogonal (the seed read literally: "w pionie lub poziomie").
    AnyOrthogonal,
}

/// The unicorn's slide after its knight's leap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnicornReading {
    /// After a forward leap onto an empty square, on along the leap's
    /// outward diagonal (the seed: "tylko do przodu").
    Forward,
    /// After any leap onto an empty square (Cazaux, Wikipedia, Ludii).
    Outward,
    /// A non-capturing knight's leap as its first move, a bishop ever after (Murray).
    Murray,
}

/// The king's first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingLeap {
    /// No leap (Four Seasons).
    None,
    /// Two squares any of eight ways, over anything, capturing, even out of check (the seed).
    Seed,
    /// As the seed's, but not capturing, not out of check and not over an attacked square (Cazaux).
    Cazaux,
    /// Only the three forward leaps (Ludii).
    Forward,
}
