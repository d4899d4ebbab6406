//! Why a command failed, and the exit code that tells a script.

use std::fmt;

use ludus::core::text::printable;
use ludus::reports::write_error::WriteError;
use ludus::store::checkpoint_error::CheckpointError;
use ludus::store::folder_error::FolderError;
use ludus::store::merge::MergeError;
use ludus::store::partial_error::PartialFileError;
use ludus::store::script_read_error::ScriptReadError;

/// A failed command.
#[derive(Debug)]
pub enum Failure {
    /// Bad input: an experiment file, an option, a game name (exit code 2).
    Input(String),
    /// A policy failed during a game (exit code 3).
    Bot(String),
    /// The report could not be written (exit code 1).
    Io(String),
    /// The run was stopped by Ctrl-C (SIGINT) (exit code 130, as a shell
    /// reports a process killed by SIGINT).
    Interrupted(String),
}

impl Failure {
    /// The process exit code.
    pub fn code(&self) -> i32 {
        match self {
            Failure::Input(_) => 2,
            Failure::Bot(_) => 3,
            Failure::Io(_) => 1,
            Failure::Interrupted(_) => 130,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Input(m) | Failure::Bot(m) | Failure::Io(m) | Failure::Interrupted(m) => {
                f.write_str(m)
            }
        }
    }
}

/// A failure travels through the library as an error (a search's round
/// played on Slurm, [`ludus::search::round_player::RoundPlayer`]) and comes
/// back whole, exit code and all.
impl std::error::Error for Failure {}

/// `text` as it may reach the terminal: every control character that did
/// not come from ludus's own layout (a file name, a game name, a position
/// file's or a record's text quoted in a message) escaped, so that none
/// retitles, clears or rewrites the terminal. Newlines and tabs stay: the
/// messages are laid out with them.
pub fn shown(text: &str) -> String {
    printable(text.as_bytes(), true)
}

// The errors of the library's reports, each to its exit code.

impl From<FolderError> for Failure {
    fn from(e: FolderError) -> Failure {
        match e {
            FolderError::Unwritable { .. } => Failure::Io(e.to_string()),
            _ => Failure::Input(e.to_string()),
        }
    }
}

/// `From` for errors that are bad input whatever their kind (exit code 2).
macro_rules! input_errors {
    ($($error:ty),*) => {$(
        impl From<$error> for Failure {
            fn from(e: $error) -> Failure {
                Failure::Input(e.to_string())
            }
        }
    )*};
}

input_errors!(
    CheckpointError,
    PartialFileError,
    MergeError,
    ScriptReadError,
    ludus::core::option_error::OptionError,
    ludus::core::position_error::PositionError,
    ludus::core::record_error::RecordError,
    ludus::analysis::analysis_error::AnalysisError,
    ludus::plan::plan_error::PlanError,
    ludus::policies::policy_error::PolicyError,
    ludus::registry::UnknownGame,
    ludus::runner::run_setting_error::RunSettingError
);

/// A policy that fails while it is timed is a bot failure (exit code 3).
impl From<ludus::runner::cell_error::CellError> for Failure {
    fn from(e: ludus::runner::cell_error::CellError) -> Failure {
        match e {
            ludus::runner::cell_error::CellError::Bot(b) => Failure::Bot(b.message),
            other => Failure::Input(other.to_string()),
        }
    }
}

impl From<WriteError> for Failure {
    fn from(e: WriteError) -> Failure {
        Failure::Io(e.to_string())
    }
}

/// A run's refusals are bad input, its failing bots exit 3, what it
/// could not write exits 1.
impl From<ludus::run::RunError> for Failure {
    fn from(e: ludus::run::RunError) -> Failure {
        use ludus::run::RunError as E;
        match e {
            E::Folder(f) => f.into(),
            E::Threads { .. } | E::Write(_) | E::Unwritten(_) => Failure::Io(e.to_string()),
            E::Bot { .. } | E::TooManyForfeits { .. } => Failure::Bot(e.to_string()),
            E::Interrupted { .. } => Failure::Interrupted(e.to_string()),
            E::MaxForfeits(_)
            | E::UnusedEvaluator(_)
            | E::ShardRecords { .. }
            | E::ShardPrecision { .. }
            | E::Checkpoint(_)
            | E::Script(_)
            | E::Cell { .. } => Failure::Input(e.to_string()),
        }
    }
}
