//! Who plays a search's rounds when not this process: a hook that the
//! CLI fills with Slurm job arrays, so that the search knows nothing of them.

use std::path::Path;

use crate::plan::experiment::Experiment;

/// Plays a round's games somewhere other than in this process (the CLI's
/// Slurm job arrays), so that the search stays free of how.
pub trait RoundPlayer: std::fmt::Debug + Send + Sync {
    /// Plays every game of `exp`, the round's experiment, and leaves their
    /// sum as the finished checkpoint (partial.json) of `folder`, the
    /// round's folder, which the search then reads as a finished run's:
    /// the results are a local round's, byte for byte. With `resume`,
    /// keeps what an earlier try of the round played.
    fn play(
        &self,
        exp: &Experiment,
        folder: &Path,
        resume: bool,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>>;
}
