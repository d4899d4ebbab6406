//! `WriteError`: a report, or one of its files, that cannot be written.

use std::path::PathBuf;

use thiserror::Error;

/// A report that cannot be written (exit code 1); what was computed is
/// kept where it could be.
#[derive(Debug, Error)]
pub enum WriteError {
    /// A file of the report folder `dir`.
    #[error("cannot write the report to {}: {error}", dir.display())]
    Report {
        /// The folder.
        dir: PathBuf,
        /// Why.
        #[source]
        error: std::io::Error,
    },
    /// The file `path`.
    #[error("cannot write {}: {error}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        error: std::io::Error,
    },
}

impl WriteError {
    /// The report folder `dir` could not be written: `error`.
    pub fn report(dir: &std::path::Path, error: std::io::Error) -> WriteError {
        WriteError::Report {
            dir: dir.to_path_buf(),
            error,
        }
    }
}
