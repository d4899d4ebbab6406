//! How much of metrics.csv a run measures: what every run counts, or all
//! of it at a cost.

use crate::runner::run_setting_error::RunSettingError;

/// An experiment's `metrics` setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MetricsLevel {
    /// What costs little and every run counts; where a game's fast random
    /// draw does not count the options (chess, Rithmomachy), they are
    /// counted at a sample of decisions
    /// ([`crate::runner::decisions::SAMPLED`]).
    #[default]
    Basic,
    /// Everything: the options of every decision counted, the lead followed
    /// by the evaluator ([`crate::runner::judge::Judge`]), and the
    /// positions met looked up for `repetition`.
    All,
}

impl MetricsLevel {
    /// The setting's name, as [`MetricsLevel::parse`] reads it.
    ///
    /// ```
    /// use ludus::runner::metrics_level::MetricsLevel;
    /// assert_eq!(MetricsLevel::parse(MetricsLevel::All.name()).unwrap(), MetricsLevel::All);
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            MetricsLevel::Basic => "basic",
            MetricsLevel::All => "all",
        }
    }

    /// Parses `basic` or `all`.
    ///
    /// ```
    /// use ludus::runner::metrics_level::MetricsLevel;
    /// assert_eq!(MetricsLevel::parse("all").unwrap(), MetricsLevel::All);
    /// assert!(MetricsLevel::parse("most").unwrap_err().to_string().contains("`basic` or `all`"));
    /// ```
    pub fn parse(text: &str) -> Result<MetricsLevel, RunSettingError> {
        match text {
            "basic" => Ok(MetricsLevel::Basic),
            "all" => Ok(MetricsLevel::All),
            _ => Err(RunSettingError {
                setting: "metrics",
                message: format!("`{text}` must be `basic` or `all`"),
            }),
        }
    }
}
