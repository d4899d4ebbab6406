//! Why a run setting was refused (`--shard`, `--sprt`, `on_bot_error`,
//! `metrics`).

use thiserror::Error;

/// A run setting refused; the message says what the setting takes.
///
/// ```
/// use ludus::runner::shard::Shard;
/// let e = Shard::parse("0/4").unwrap_err();
/// assert_eq!(e.setting, "--shard");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct RunSettingError {
    /// The setting, as the command line or a file names it.
    pub setting: &'static str,
    /// What it takes, and the value given.
    pub message: String,
}
