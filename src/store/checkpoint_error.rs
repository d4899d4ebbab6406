//! `CheckpointError`: why a report folder's checkpoint (its partial.json)
//! stops a run from starting or resuming.

use std::path::PathBuf;

use thiserror::Error;

use crate::store::folder_error::FolderError;
use crate::store::partial_error::{PartialError, PartialFileError};

/// A checkpoint in the report folder that a run may not resume or replace
/// without `--force` (exit code 2).
#[derive(Debug, Error)]
pub enum CheckpointError {
    /// It cannot be read, or is not as ludus wrote it.
    #[error("{error}; pass --force to replace it, or --out another folder")]
    Unreadable {
        /// The file and what is wrong with it.
        error: PartialFileError,
    },
    /// It is another experiment's.
    #[error(
        "{}: holds the checkpoint of experiment `{experiment}` ({file}), not `{wanted}` \
         ({wanted_file}); pass --force to replace it, or --out another folder",
        path.display()
    )]
    OtherExperiment {
        /// The checkpoint.
        path: PathBuf,
        /// The experiment it is of.
        experiment: String,
        /// That experiment's file.
        file: String,
        /// The experiment to play.
        wanted: String,
        /// Its file.
        wanted_file: String,
    },
    /// It is of an unfinished run, and `--resume` was not given.
    #[error(
        "{}: holds an unfinished run ({played} of {planned} games played); pass --resume to \
         finish it, or --force to start again",
        path.display()
    )]
    Unfinished {
        /// The checkpoint.
        path: PathBuf,
        /// Its games played.
        played: u64,
        /// Its games planned.
        planned: u64,
    },
    /// It is of a finished run of other settings, which a run without
    /// `--force` would replace ([`FolderError::OtherSettings`]).
    #[error(transparent)]
    Folder(#[from] FolderError),
    /// `--resume` of a checkpoint of another run.
    #[error(
        "{}: cannot resume: the checkpoint is of another run ({differs}); resume with the \
         same arguments, or pass --force to start again",
        path.display()
    )]
    OtherRun {
        /// The checkpoint.
        path: PathBuf,
        /// How the runs differ.
        differs: String,
    },
    /// Its cells do not check out against the experiment.
    #[error("{}: {error}; pass --force to start again", path.display())]
    Cells {
        /// The checkpoint.
        path: PathBuf,
        /// The field and what is wrong with it.
        error: PartialError,
    },
    /// A cell has other seats than the experiment's.
    #[error(
        "{}: cell {cell} has {held} seats in the checkpoint, {seats} in the experiment",
        path.display()
    )]
    Seats {
        /// The checkpoint.
        path: PathBuf,
        /// The cell.
        cell: usize,
        /// Its seats in the checkpoint.
        held: usize,
        /// Its seats in the experiment.
        seats: usize,
    },
}
