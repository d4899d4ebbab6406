//! The parameter of a search policy as users write it after the colon: a
//! budget, then `key=value` settings, e.g. `mcts:1000,c=0.7,cap=300`.

use crate::policies::settings_error::SettingsError;

/// A budget and its settings, parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchParams {
    /// The number before the first comma.
    pub budget: u64,
    settings: Vec<(String, String)>,
}

impl SearchParams {
    /// Parses `N[,key=value...]` for the policy `policy`, whose budget is
    /// described as `budget_name` in messages, allowing the keys `keys`.
    ///
    /// ```
    /// use ludus::policies::search_params::SearchParams;
    /// let p = SearchParams::parse("mcts", "playouts", Some("500,c=0.5"), &["c", "cap"]).unwrap();
    /// assert_eq!(p.budget, 500);
    /// assert_eq!(p.float("c", 1.4).unwrap(), 0.5);
    /// assert_eq!(p.int("cap", 200).unwrap(), 200);
    /// assert!(SearchParams::parse("mcts", "playouts", Some("500,k=1"), &["c"]).is_err());
    /// ```
    pub fn parse(
        policy: &'static str,
        budget_name: &'static str,
        param: Option<&str>,
        keys: &'static [&'static str],
    ) -> Result<SearchParams, SettingsError> {
        let param = param.ok_or(SettingsError::NoBudget {
            policy,
            budget: budget_name,
            keys,
        })?;
        let mut parts = param.split(',').map(str::trim);
        let first = parts.next().unwrap_or("");
        let budget: u64 =
            first
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| SettingsError::BadBudget {
                    policy,
                    budget: budget_name,
                    keys,
                    text: first.to_string(),
                })?;
        let mut settings: Vec<(String, String)> = Vec::new();
        for part in parts {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| SettingsError::NotKeyValue {
                    policy,
                    budget: budget_name,
                    keys,
                    text: part.to_string(),
                })?;
            let (k, v) = (k.trim(), v.trim());
            if !keys.contains(&k) {
                return Err(SettingsError::UnknownSetting {
                    policy,
                    key: k.to_string(),
                    keys,
                });
            }
            if settings.iter().any(|(x, _)| x == k) {
                return Err(SettingsError::Twice {
                    policy,
                    key: k.to_string(),
                });
            }
            settings.push((k.to_string(), v.to_string()));
        }
        Ok(SearchParams { budget, settings })
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// A positive finite number setting, or its default.
    pub fn float(&self, key: &str, default: f64) -> Result<f64, SettingsError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| SettingsError::NotNumber {
                    key: key.to_string(),
                    value: v.to_string(),
                }),
        }
    }

    /// A whole-number setting of at least 1, or its default.
    pub fn int(&self, key: &str, default: u64) -> Result<u64, SettingsError> {
        Ok(self.maybe_int(key)?.unwrap_or(default))
    }

    /// A whole-number setting of at least 1, if given.
    pub fn maybe_int(&self, key: &str) -> Result<Option<u64>, SettingsError> {
        self.get(key)
            .map(|v| {
                v.parse::<u64>()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| SettingsError::NotWhole {
                        key: key.to_string(),
                        value: v.to_string(),
                    })
            })
            .transpose()
    }

    /// A yes-or-no setting (`yes` or `no`), or its default.
    pub fn switch(&self, key: &str, default: bool) -> Result<bool, SettingsError> {
        match self.get(key) {
            None => Ok(default),
            Some("yes") => Ok(true),
            Some("no") => Ok(false),
            Some(v) => Err(SettingsError::NotSwitch {
                key: key.to_string(),
                value: v.to_string(),
            }),
        }
    }
}
