//! The `games` key of an experiment (top level or a `[[cells]]` entry): a
//! count of games, or a precision to play to (`{ until_se = 0.005, max =
//! 200000 }`, see [`crate::runner::precision`]).

use crate::plan::plan_error::PlanError;
use crate::runner::precision::Precision;

/// How many games a cell plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CellGames {
    /// This many.
    Count(u64),
    /// Blocks until the standard errors are within a bound, or the most.
    Until(Precision),
}

impl CellGames {
    /// The most games the cell may play: its count, or its `max`.
    pub fn most(&self) -> u64 {
        match self {
            CellGames::Count(n) => *n,
            CellGames::Until(p) => p.max,
        }
    }

    /// The precision it plays to, if it plays to one.
    pub fn precision(&self) -> Option<Precision> {
        match self {
            CellGames::Count(_) => None,
            CellGames::Until(p) => Some(*p),
        }
    }

    /// Reads the value of `key` in `file`: a whole number at least 1, or a
    /// table of `until_se` (a number in (0, 0.5]) and `max` (a whole number
    /// at least 1), no other key.
    ///
    /// ```
    /// use ludus::plan::cell_games::CellGames;
    /// let v: toml::Value = toml::from_str::<toml::Table>("g = { until_se = 0.01, max = 5000 }")
    ///     .unwrap()["g"].clone();
    /// assert_eq!(CellGames::read(&v, "e.toml", "games").unwrap().most(), 5000);
    /// let bad: toml::Value = toml::from_str::<toml::Table>("g = { until_se = 0.7, max = 5 }")
    ///     .unwrap()["g"].clone();
    /// let e = CellGames::read(&bad, "e.toml", "games").unwrap_err().to_string();
    /// assert!(e.starts_with("e.toml: `games.until_se`: "), "{e}");
    /// ```
    pub fn read(value: &toml::Value, file: &str, key: &str) -> Result<CellGames, PlanError> {
        let at = |sub: &str, msg: String| PlanError::at(file, &format!("{key}{sub}"), msg);
        let whole = |v: &toml::Value, sub: &str| match v.as_integer() {
            Some(n) if n >= 1 => Ok(n as u64),
            Some(_) => Err(at(sub, "must be at least 1".into())),
            None => Err(at(
                sub,
                format!("must be a whole number of games, not `{v}`"),
            )),
        };
        let table = match value {
            toml::Value::Table(t) => t,
            toml::Value::Integer(_) => return whole(value, "").map(CellGames::Count),
            other => {
                return Err(at(
                    "",
                    format!(
                        "must be a whole number of games or a precision, e.g. \
                         {{ until_se = 0.005, max = 200000 }}, not `{other}`"
                    ),
                ));
            }
        };
        if let Some(k) = table
            .keys()
            .find(|k| !["until_se", "max"].contains(&k.as_str()))
        {
            return Err(at(
                &format!(".{k}"),
                "is no key of `games`: it takes `until_se` and `max`".into(),
            ));
        }
        let until_se = match table.get("until_se") {
            None => {
                return Err(at(
                    ".until_se",
                    "is missing: the bound on the standard errors".into(),
                ));
            }
            Some(v) => match v.as_float().or_else(|| v.as_integer().map(|i| i as f64)) {
                Some(x) if x > 0.0 && x <= 0.5 => x,
                _ => {
                    return Err(at(
                        ".until_se",
                        format!(
                            "must be a number above 0 and at most 0.5 (the largest standard \
                             error of a win rate), not `{v}`"
                        ),
                    ));
                }
            },
        };
        let max = match table.get("max") {
            None => {
                return Err(at(
                    ".max",
                    "is missing: the most games the cell plays".into(),
                ));
            }
            Some(v) => whole(v, ".max")?,
        };
        Ok(CellGames::Until(Precision { until_se, max }))
    }
}
