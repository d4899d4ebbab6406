//! `FolderError`: why a report folder is refused before anything is played.

use std::path::PathBuf;

use thiserror::Error;

/// A report folder refused: it holds another run's report, or one of the
/// inputs, or cannot be written.
#[derive(Debug, Error)]
pub enum FolderError {
    /// It holds the report of another experiment (exit code 2).
    #[error(
        "{}: holds the report of experiment `{experiment}` ({file}), not `{wanted}` \
         ({wanted_file}); pass --force to replace it, or --out another folder",
        dir.display()
    )]
    OtherReport {
        /// The folder.
        dir: PathBuf,
        /// The experiment its manifest names.
        experiment: String,
        /// That experiment's file.
        file: String,
        /// The experiment to write.
        wanted: String,
        /// Its file.
        wanted_file: String,
    },
    /// It holds a report of the other kind: a tournament's where an
    /// experiment's is to be written, or the other way round (exit code 2).
    #[error(
        "{}: holds {found} report, which {wanted} report would overwrite; --out another \
         folder, or pass --force to replace it",
        dir.display()
    )]
    OtherKind {
        /// The folder.
        dir: PathBuf,
        /// What it holds: "a tournament" or "an experiment".
        found: &'static str,
        /// What is to be written.
        wanted: &'static str,
    },
    /// It holds a finished report of the same experiment or tournament
    /// played with other settings (exit code 2).
    #[error(
        "{}: holds a finished report of other settings ({differs}); pass --force to \
         replace it, --out another folder, or the same settings",
        dir.display()
    )]
    OtherSettings {
        /// The folder.
        dir: PathBuf,
        /// How the settings differ.
        differs: String,
    },
    /// Its manifest.json is not a ludus report's (exit code 2).
    #[error(
        "{}: holds a manifest.json that is not a ludus report's; pass --force to replace \
         it, or --out another folder",
        dir.display()
    )]
    ForeignManifest {
        /// The folder.
        dir: PathBuf,
    },
    /// It holds report files but no manifest to say whose (exit code 2).
    #[error(
        "{}: holds a summary.csv but no manifest.json; pass --force to replace it, or --out \
         another folder",
        dir.display()
    )]
    NoManifest {
        /// The folder.
        dir: PathBuf,
    },
    /// It holds a partial to merge, which the merge would overwrite (exit code 2).
    #[error(
        "--out {}: holds {}, one of the partials to merge, which the merge would overwrite; \
         write the merged report to another folder",
        out.display(),
        file.display()
    )]
    OutIsInput {
        /// The folder.
        out: PathBuf,
        /// The partial in it.
        file: PathBuf,
    },
    /// It cannot be made or written (exit code 1).
    #[error("cannot write the report to {}: {error} (nothing was played)", dir.display())]
    Unwritable {
        /// The folder.
        dir: PathBuf,
        /// Why.
        #[source]
        error: std::io::Error,
    },
}
