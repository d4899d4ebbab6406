//! Game options: what a game lets players agree on, with defaults and checks.

use crate::core::text::inline;
use std::fmt;

use crate::core::option_error::OptionError;

/// The values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number in `min..=max`.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// One of a fixed list of names.
    Choice(&'static [&'static str]),
    /// A whole number in `min..=max`, or one of a few words (e.g. `preset`, `off`).
    IntOr {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
        /// The words allowed instead of a number.
        words: &'static [&'static str],
    },
}

/// One option of a game.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The key used in experiment files and `--opt key=value`.
    pub name: &'static str,
    /// What it means, one line.
    pub doc: &'static str,
    /// Its values.
    pub kind: OptionKind,
    /// Its default, written as a user would write it.
    pub default: &'static str,
}

/// A resolved option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A whole number.
    Int(i64),
    /// One of the choices.
    Choice(&'static str),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Int(v) => write!(f, "{v}"),
            OptionValue::Choice(c) => f.write_str(c),
        }
    }
}

impl OptionSpec {
    /// Parses `text` as a value of this option, or says why it cannot be one.
    pub fn parse(&self, text: &str) -> Result<OptionValue, OptionError> {
        let refused = |message: String| OptionError::Value {
            key: self.name,
            message,
        };
        match self.kind {
            OptionKind::Int { min, max } => {
                let v: i64 = text.trim().parse().map_err(|_| {
                    refused(format!("takes a whole number, not `{}`", inline(text)))
                })?;
                if v < min || v > max {
                    return Err(refused(format!("must be between {min} and {max}, not {v}")));
                }
                Ok(OptionValue::Int(v))
            }
            OptionKind::IntOr { min, max, words } => {
                if let Some(w) = words.iter().find(|w| **w == text.trim()) {
                    return Ok(OptionValue::Choice(w));
                }
                OptionSpec {
                    kind: OptionKind::Int { min, max },
                    ..*self
                }
                .parse(text)
                .map_err(|e| match e {
                    OptionError::Value { key, message } => OptionError::Value {
                        key,
                        message: format!("{message} (or one of {})", words.join(", ")),
                    },
                    other => other,
                })
            }
            OptionKind::Choice(names) => names
                .iter()
                .find(|n| **n == text.trim())
                .map(|n| OptionValue::Choice(n))
                .ok_or_else(|| {
                    refused(format!(
                        "is one of {}, not `{}`",
                        names.join(", "),
                        inline(text)
                    ))
                }),
        }
    }

    /// The values it takes, as shown by `ludus games`.
    pub fn values(&self) -> String {
        match self.kind {
            OptionKind::Int { min, max } => format!("{min}..{max}"),
            OptionKind::Choice(names) => names.join("|"),
            OptionKind::IntOr { min, max, words } => format!("{}|{min}..{max}", words.join("|")),
        }
    }
}

/// Every option of one game, resolved: given values where set, defaults elsewhere.
///
/// ```
/// use ludus::core::options::{OptionKind, OptionSpec, Options};
/// const SPECS: &[OptionSpec] = &[OptionSpec {
///     name: "players", doc: "how many play",
///     kind: OptionKind::Int { min: 2, max: 6 }, default: "2",
/// }];
/// let o = Options::resolve(SPECS, &[("players".into(), "4".into())]).unwrap();
/// assert_eq!(o.int("players"), 4);
/// assert!(Options::resolve(SPECS, &[("player".into(), "4".into())]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    values: Vec<(&'static str, OptionValue)>,
}

impl Options {
    /// [`Options::resolve`] of pairs written as string literals, as tests
    /// and examples give them.
    ///
    /// ```
    /// use ludus::core::game::Game;
    /// use ludus::core::options::Options;
    /// use ludus::games::dice::hazard::Hazard;
    /// let o = Options::of(Hazard::option_specs(), &[("players", "3")]).unwrap();
    /// assert_eq!(o.int("players"), 3);
    /// ```
    pub fn of(specs: &[OptionSpec], given: &[(&str, &str)]) -> Result<Options, OptionError> {
        let given: Vec<(String, String)> = given
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Options::resolve(specs, &given)
    }

    /// Resolves `given` (key, text) pairs against `specs`, rejecting unknown
    /// keys, repeated keys and bad values with a message naming the key.
    pub fn resolve(
        specs: &[OptionSpec],
        given: &[(String, String)],
    ) -> Result<Options, OptionError> {
        for (i, (k, _)) in given.iter().enumerate() {
            if !specs.iter().any(|s| s.name == k) {
                return Err(OptionError::Unknown {
                    key: k.clone(),
                    known: specs.iter().map(|s| s.name).collect(),
                });
            }
            if given[..i].iter().any(|(k2, _)| k2 == k) {
                return Err(OptionError::Repeated(k.clone()));
            }
        }
        let mut values = Vec::with_capacity(specs.len());
        for spec in specs {
            let text = given
                .iter()
                .find(|(k, _)| k == spec.name)
                .map_or(spec.default, |(_, v)| v.as_str());
            values.push((spec.name, spec.parse(text)?));
        }
        Ok(values).map(|values| Options { values })
    }

    /// The defaults of `specs`.
    pub fn defaults(specs: &[OptionSpec]) -> Options {
        Options::resolve(specs, &[]).expect("a game's defaults are valid")
    }

    fn get(&self, name: &str) -> &OptionValue {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
            .unwrap_or_else(|| {
                panic!("no option `{name}`: a game asked for an option it does not declare")
            })
    }

    /// A whole-number option. Panics if the game did not declare it so.
    pub fn int(&self, name: &str) -> i64 {
        match self.get(name) {
            OptionValue::Int(v) => *v,
            other => panic!("option `{name}` is {other:?}, not a number"),
        }
    }

    /// A choice option. Panics if the game did not declare it so.
    pub fn choice(&self, name: &str) -> &'static str {
        match self.get(name) {
            OptionValue::Choice(c) => c,
            other => panic!("option `{name}` is {other:?}, not a choice"),
        }
    }

    /// The value of an option, whichever its kind.
    pub fn value(&self, name: &str) -> &OptionValue {
        self.get(name)
    }

    /// (name, value) pairs in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &OptionValue)> {
        self.values.iter().map(|(n, v)| (*n, v))
    }

    /// Replaces the value of a declared option: how a game states the
    /// value in force of an option whose given value (`preset`) stood for
    /// another. Panics if the option is not declared.
    pub fn set(&mut self, name: &str, value: OptionValue) {
        let slot = self
            .values
            .iter_mut()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("no option `{name}` to set"));
        slot.1 = value;
    }

    /// The options whose value differs from `specs`' defaults, as
    /// `key=value` pairs joined by `;` (empty when every option has its
    /// default).
    ///
    /// ```
    /// use ludus::core::options::{OptionKind, OptionSpec, Options};
    /// const SPECS: &[OptionSpec] = &[
    ///     OptionSpec { name: "players", doc: "", kind: OptionKind::Int { min: 2, max: 6 }, default: "2" },
    ///     OptionSpec { name: "order", doc: "", kind: OptionKind::Choice(&["fixed", "highest"]), default: "fixed" },
    /// ];
    /// let o = Options::resolve(SPECS, &[("players".into(), "4".into())]).unwrap();
    /// assert_eq!(o.changed_from_defaults(SPECS), "players=4");
    /// assert_eq!(Options::defaults(SPECS).changed_from_defaults(SPECS), "");
    /// ```
    pub fn changed_from_defaults(&self, specs: &[OptionSpec]) -> String {
        let changed: Vec<String> = self
            .changed(specs)
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        changed.join(";")
    }

    /// The options given off `specs`' defaults, each with its value in
    /// force (`in_force`): what a heading says of a setting, so that an
    /// option given as `preset` reads as the rule set's value.
    pub fn changed_in_force(&self, specs: &[OptionSpec], in_force: &Options) -> Vec<String> {
        self.changed(specs)
            .map(
                |(n, v)| match in_force.values.iter().find(|(m, _)| *m == n) {
                    Some((_, w)) => format!("{n}={w}"),
                    None => format!("{n}={v}"),
                },
            )
            .collect()
    }

    /// The (name, value) pairs whose value differs from `specs`' default,
    /// in declaration order.
    pub fn changed<'a>(
        &'a self,
        specs: &[OptionSpec],
    ) -> impl Iterator<Item = (&'static str, &'a OptionValue)> + 'a {
        let defaults = Options::defaults(specs);
        self.iter().filter(move |(n, v)| defaults.get(n) != *v)
    }
}

impl fmt::Display for Options {
    /// `key=value` pairs joined by `;`, as in the `options` column of the reports.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (n, v)) in self.values.iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            write!(f, "{n}={v}")?;
        }
        Ok(())
    }
}
