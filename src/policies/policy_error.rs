//! Why a policy could not be named or built: each error names the policy
//! (as written) or the game it is about.

use thiserror::Error;

use crate::core::plural::plural;
use crate::policies::lua::spec_error::LuaSpecError;
use crate::policies::settings_error::SettingsError;

/// A policy refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum PolicyError {
    /// Text without a policy's name (empty, or `:x`).
    #[error("`{text}` names no policy")]
    NoName {
        /// The text as given.
        text: String,
    },
    /// Text holding a control character.
    #[error("policy `{text}` holds a control character")]
    Control {
        /// The text, escaped ([`crate::core::text::inline`]).
        text: String,
    },
    /// A list of policies that has neither one policy nor one per seat.
    #[error("lists {} but {game} has {}", plural(*.listed, "policy"), plural(*.seats, "seat"))]
    SeatCount {
        /// How many policies the list names.
        listed: usize,
        /// The game, as the caller describes it.
        game: String,
        /// How many seats it has.
        seats: usize,
    },
    /// `lua` without a script.
    #[error("policy `lua` needs a script: lua:path/to/script.lua")]
    LuaNeedsScript,
    /// `random:x`.
    #[error("policy `random` takes no parameter")]
    RandomTakesNoParameter,
    /// A `lua:` policy's text refused.
    #[error(transparent)]
    LuaSpec(#[from] LuaSpecError),
    /// A search policy's parameter refused.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// A Lua script that cannot be read.
    #[error("policy `lua:{spec}`: cannot read {path}: {reason}")]
    ScriptUnreadable {
        /// The text after `lua:`.
        spec: String,
        /// The script's path.
        path: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// A Lua script that does not compile.
    #[error("policy `lua:{spec}`: {message}")]
    ScriptSyntax {
        /// The text after `lua:`.
        spec: String,
        /// The compiler's message, naming the file and line.
        message: String,
    },
    /// A parameter in the braces that the script does not declare.
    #[error(
        "policy `lua:{spec}`: {path} has no parameter `{key}`{}; {}",
        suggestion(.key, .declared),
        declared_list(.declared)
    )]
    UndeclaredParameter {
        /// The text after `lua:`.
        spec: String,
        /// The script's path.
        path: String,
        /// The parameter as written.
        key: String,
        /// What the script's `params` declares, by name.
        declared: Vec<String>,
    },
    /// A parameter whose value is not of its declared default's kind.
    #[error(transparent)]
    ParameterType(Box<ParameterType>),
    /// A script's `params` that declares no parameters a host can read.
    #[error("policy `lua:{spec}`: {path}: {message}")]
    BadDeclaration {
        /// The text after `lua:`.
        spec: String,
        /// The script's path.
        path: String,
        /// What is wrong with it.
        message: String,
    },
    /// `alphabeta` for a game of other than two seats.
    #[error("policy `alphabeta` plays games of two seats; {game} has {seats} (use mcts)")]
    AlphaBetaSeats {
        /// The game.
        game: &'static str,
        /// Its seats.
        seats: usize,
    },
    /// `alphabeta` for a game whose throws it cannot list.
    #[error(
        "policy `alphabeta` searches the dice by expectation where a throw has at most {limit} \
         ways to fall before the next decision; {game}'s first throw has more with these options \
         (use mcts)"
    )]
    AlphaBetaChance {
        /// The game.
        game: &'static str,
        /// The most ways a throw may have.
        limit: usize,
    },
    /// A policy the game does not know.
    #[error(
        "unknown policy `{policy}` for {game} (policies: {}){}",
        .known.join(", "),
        crate::core::suggest::did_you_mean(.policy, .known.iter().map(String::as_str))
    )]
    Unknown {
        /// The policy as written.
        policy: String,
        /// The game.
        game: &'static str,
        /// The policies it knows.
        known: Vec<String>,
    },
    /// What the game says of its own policy or of its options.
    #[error("{0}")]
    Game(String),
    /// `optimal`'s parameter is not an objective.
    #[error("policy `optimal:{param}`: the objective is `win` (the default) or `payoff`")]
    OptimalObjective {
        /// The parameter as given.
        param: String,
    },
    /// `optimal` could not solve the game.
    #[error("policy `optimal` cannot play {game}: {reason}")]
    Optimal {
        /// The game.
        game: &'static str,
        /// Why its strategy could not be computed.
        reason: String,
    },
}

/// "Did you mean" for a parameter: a declared name that differs only in
/// case first (too short for a likeness to find: `K` for `k`).
fn suggestion(key: &str, declared: &[String]) -> String {
    declared
        .iter()
        .find(|d| d.eq_ignore_ascii_case(key))
        .map(String::as_str)
        .or_else(|| crate::core::suggest::nearest(key, declared.iter().map(String::as_str)))
        .map_or(String::new(), |d| format!(" (did you mean `{d}`?)"))
}

/// The end of a message refusing an undeclared parameter: what the script
/// declares.
fn declared_list(declared: &[String]) -> String {
    if declared.is_empty() {
        "it declares none (`params = {}`): drop the braces' parameters".to_string()
    } else {
        format!(
            "its `params` table declares {}",
            declared
                .iter()
                .map(|d| format!("`{d}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// Where a text parameter was given a number or `true`/`false`: how to
/// write it as a text.
fn quote_hint(takes: &str, key: &str, value: &str) -> String {
    if takes == "a text" {
        format!(" (to pass it as a text, quote it: {key}=\"{value}\")")
    } else {
        String::new()
    }
}

/// A parameter whose value is not of its declared default's kind (boxed
/// in [`PolicyError`], which it would make twice as large).
#[derive(Clone, Debug, PartialEq, Error)]
#[error(
    "policy `lua:{spec}`: {path}'s parameter `{key}` takes {takes} (its default is \
     {default}), not {value}{}",
    quote_hint(.takes, .key, .value)
)]
pub struct ParameterType {
    /// The text after `lua:`.
    pub spec: String,
    /// The script's path.
    pub path: String,
    /// The parameter.
    pub key: String,
    /// The kind of value it takes: "a number", "true or false", "a text".
    pub takes: &'static str,
    /// Its declared default, as a script sees it.
    pub default: String,
    /// The value given, as a script would see it.
    pub value: String,
}
