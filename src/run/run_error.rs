//! Why a run was refused or stopped. A run stopped once play began has
//! written its report folder first: every finished cell is kept.

use thiserror::Error;

use crate::core::option_error::OptionError;
use crate::reports::write_error::WriteError;
use crate::runner::shard::Shard;
use crate::store::checkpoint_error::CheckpointError;
use crate::store::folder_error::FolderError;
use crate::store::script_read_error::ScriptReadError;

/// A run refused before play, or stopped during it.
#[derive(Debug, Error)]
pub enum RunError {
    /// No pool of this many worker threads could be started.
    #[error("cannot start {threads} threads: {error}")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// Why not.
        error: String,
    },
    /// `max_forfeits` is not a share from 0 to 1.
    #[error("max_forfeits takes a share of a cell's games, 0 to 1, not {0}")]
    MaxForfeits(f64),
    /// The experiment names a metrics evaluator that its metrics level
    /// does not use (the message names the file).
    #[error("{0}")]
    UnusedEvaluator(String),
    /// A shard cannot keep game records: it writes only partial.json.
    #[error(
        "shard {shard}: a shard cannot keep game records (record = {record}): it writes \
         only partial.json"
    )]
    ShardRecords {
        /// The shard.
        shard: Shard,
        /// The games of each cell the experiment would record.
        record: u64,
    },
    /// A shard cannot play a cell to a precision: when the cell stops is
    /// decided from all its games so far, which no one shard holds.
    #[error(
        "shard {shard}: cell {cell} ({game}, `{key}`) plays to a precision (`until_se`), and \
         when it stops is decided from every game it has played so far, which no one shard \
         holds: run the experiment without --shard, or give the cell a number of games"
    )]
    ShardPrecision {
        /// The shard.
        shard: Shard,
        /// The first such cell, by index.
        cell: usize,
        /// Its game.
        game: String,
        /// The key that sets its precision (`games` or `cells[i].games`).
        key: String,
    },
    /// The report folder cannot take this run.
    #[error(transparent)]
    Folder(#[from] FolderError),
    /// The folder's checkpoint is of another run, or unfinished (boxed:
    /// it is the largest).
    #[error(transparent)]
    Checkpoint(Box<CheckpointError>),
    /// A Lua script of the experiment cannot be read.
    #[error(transparent)]
    Script(#[from] ScriptReadError),
    /// No game can be made of cell `cell`'s options.
    #[error("{error}")]
    Cell {
        /// The cell, by index.
        cell: usize,
        /// Why.
        error: OptionError,
    },
    /// The report could not be written.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// The report could not be written while the games were played.
    #[error("{0}")]
    Unwritten(String),
    /// A policy failed under `on_bot_error = "stop"`.
    #[error("{said}\n({kept})")]
    Bot {
        /// Which game, how, and the command that replays it.
        said: String,
        /// What the folder holds, and how to finish the run.
        kept: String,
    },
    /// Every game was played, but a cell's forfeits passed `max_forfeits`.
    #[error("{said}\n(every game was played: {kept})")]
    TooManyForfeits {
        /// Which cell, how many, and the first forfeit's replay command.
        said: String,
        /// What the folder holds.
        kept: String,
    },
    /// The halt flag was raised before every cell finished.
    #[error("interrupted: {kept}")]
    Interrupted {
        /// What the folder holds, and how to finish the run.
        kept: String,
    },
}

impl From<CheckpointError> for RunError {
    fn from(e: CheckpointError) -> RunError {
        RunError::Checkpoint(Box::new(e))
    }
}
