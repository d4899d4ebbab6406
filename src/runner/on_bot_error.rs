//! What a run does when a seat's policy fails.

use crate::runner::run_setting_error::RunSettingError;

/// What happens when a seat's policy fails (a script error, a budget
/// exceeded, an illegal answer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnBotError {
    /// The cell stops; the run ends with the failure (exit code 3).
    #[default]
    Stop,
    /// The failing seat leaves the game, taking the last place, and the
    /// cell goes on: the others play on where the game allows it
    /// ([`crate::core::game::Game::retire`]); otherwise the game ends there
    /// (ending `bot-error`), the others sharing first place.
    Forfeit,
}

impl OnBotError {
    /// The word a file or a flag gives it by, `stop` or `forfeit`.
    pub fn name(self) -> &'static str {
        match self {
            OnBotError::Stop => "stop",
            OnBotError::Forfeit => "forfeit",
        }
    }

    /// Parses `stop` or `forfeit`.
    pub fn parse(text: &str) -> Result<OnBotError, RunSettingError> {
        match text {
            "stop" => Ok(OnBotError::Stop),
            "forfeit" => Ok(OnBotError::Forfeit),
            _ => Err(RunSettingError {
                setting: "on_bot_error",
                message: format!("`{text}` must be `stop` or `forfeit`"),
            }),
        }
    }
}
