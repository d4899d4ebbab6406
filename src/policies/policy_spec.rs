//! Naming policies in experiment files and on the command line.

use crate::core::native_policies::NativePolicies;
use std::fmt;

use crate::analysis::equilibrium::Objective;
use crate::core::game::Game;
use crate::core::options::Options;
use crate::core::policy::Policy;
use crate::policies::alphabeta::{self, AlphaBeta, AlphaBetaSettings};
use crate::policies::lua::LuaPolicy;
use crate::policies::lua::spec::split_top_level;
use crate::policies::mcts::{Mcts, MctsSettings};
use crate::policies::optimal::Optimal;
use crate::policies::policy_error::PolicyError;
use crate::policies::random::UniformRandom;

/// A policy as a user names it: `random`, a game's native policy with a
/// parameter after a colon, e.g. `threshold:2`, or a Lua script,
/// `lua:scripts/bank.lua` or `lua:scripts/bank.lua{k=2}` (see
/// [`crate::policies::lua::spec`]).
///
/// ```
/// use ludus::policies::policy_spec::PolicySpec;
/// let p = PolicySpec::parse("threshold:2").unwrap();
/// assert_eq!((p.name.as_str(), p.param.as_deref()), ("threshold", Some("2")));
/// assert_eq!(p.to_string(), "threshold:2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicySpec {
    /// The policy's name.
    pub name: String,
    /// Its parameter, if any.
    pub param: Option<String>,
}

impl PolicySpec {
    /// Whether the policy is a search (`mcts`, `alphabeta`) or a Lua
    /// script: its choice is never a known distribution, which exact
    /// play needs.
    pub fn searches_or_scripts(&self) -> bool {
        matches!(self.name.as_str(), "mcts" | "alphabeta" | "lua")
    }

    /// Whether the policy has a judgement of a position of its own
    /// ([`crate::core::policy::Policy::evaluate`]), which a
    /// `metrics_evaluator` needs: a search's, or a Lua script's
    /// `evaluate` (checked when first asked).
    pub fn judges(&self) -> bool {
        matches!(self.name.as_str(), "mcts" | "alphabeta" | "lua")
    }

    /// Parses `name` or `name:param`; refuses a text holding a control
    /// character (no policy, script path or parameter needs one), so that
    /// no message naming a policy prints one.
    ///
    /// ```
    /// use ludus::policies::policy_spec::PolicySpec;
    /// let e = PolicySpec::parse("random\nerror: forged").unwrap_err();
    /// assert_eq!(e.to_string(), "policy `random\\nerror: forged` holds a control character");
    /// ```
    pub fn parse(text: &str) -> Result<PolicySpec, PolicyError> {
        if crate::core::control_text::has_control(text) {
            return Err(PolicyError::Control {
                text: crate::core::text::inline(text),
            });
        }
        let text = text.trim();
        let (name, param) = match text.split_once(':') {
            Some((n, p)) => (n, Some(p.to_string())),
            None => (text, None),
        };
        if name.is_empty() {
            return Err(PolicyError::NoName {
                text: text.to_string(),
            });
        }
        Ok(PolicySpec {
            name: name.to_string(),
            param,
        })
    }

    /// Parses a comma-separated list of policies; commas inside a Lua
    /// script's `{...}` parameters do not separate, nor do those before a
    /// search policy's settings: a piece `key=value` (no policy's name
    /// holds a `=`) goes on the parameter of the policy before it, so that
    /// `mcts:20,c=1.0,random` is two policies. A Lua script's parameters
    /// go in braces, so a piece after one is a policy of its own.
    /// (`ludus play --seat`, one policy an argument, needs no such rule.)
    ///
    /// ```
    /// use ludus::policies::policy_spec::PolicySpec;
    /// let l = PolicySpec::parse_list("lua:b.lua{k=2, j=3},random").unwrap();
    /// assert_eq!(l.len(), 2);
    /// assert_eq!(l[0].param.as_deref(), Some("b.lua{k=2, j=3}"));
    /// let l = PolicySpec::parse_list("mcts:20,c=1.0,lua:bad.lua").unwrap();
    /// assert_eq!(l.len(), 2);
    /// assert_eq!(l[0].to_string(), "mcts:20,c=1.0");
    /// let l = PolicySpec::parse_list("alphabeta:3,nodes=500").unwrap();
    /// assert_eq!(l.len(), 1);
    /// ```
    pub fn parse_list(text: &str) -> Result<Vec<PolicySpec>, PolicyError> {
        let mut pieces: Vec<String> = Vec::new();
        for piece in split_top_level(text) {
            match pieces.last_mut() {
                Some(last) if is_setting(piece) && takes_settings(last) => {
                    last.push(',');
                    last.push_str(piece);
                }
                _ => pieces.push(piece.to_string()),
            }
        }
        pieces.iter().map(|p| PolicySpec::parse(p)).collect()
    }

    /// One policy per seat of `game`, a game of `players` seats, from a
    /// list as `--seats` takes it: one policy per seat, or one policy that
    /// plays every seat. The error names `game` (as the caller describes it).
    ///
    /// ```
    /// use ludus::policies::policy_spec::PolicySpec;
    /// assert_eq!(PolicySpec::parse_seats("random", 3, "hazard").unwrap().len(), 3);
    /// let e = PolicySpec::parse_seats("random,random", 3, "hazard").unwrap_err();
    /// assert_eq!(e.to_string(), "lists 2 policies but hazard has 3 seats");
    /// ```
    pub fn parse_seats(
        text: &str,
        players: usize,
        game: &str,
    ) -> Result<Vec<PolicySpec>, PolicyError> {
        let specs = PolicySpec::parse_list(text)?;
        match specs.len() {
            1 => Ok(vec![specs[0].clone(); players]),
            n if n == players => Ok(specs),
            n => Err(PolicyError::SeatCount {
                listed: n,
                game: game.to_string(),
                seats: players,
            }),
        }
    }

    /// Builds the policy for game `G` with its default options in force.
    pub fn build<G: Game + NativePolicies>(&self) -> Result<Box<dyn Policy<G>>, PolicyError> {
        let defaults = Options::defaults(G::option_specs());
        let in_force =
            G::options_in_force(&defaults).map_err(|e| PolicyError::Game(e.to_string()))?;
        self.build_for::<G>(&in_force)
    }

    /// Builds the policy for a game `G` played with `options` (the options
    /// in force: what a script's `info.options` shows), or says why it cannot.
    pub fn build_for<G: Game + NativePolicies>(
        &self,
        options: &Options,
    ) -> Result<Box<dyn Policy<G>>, PolicyError> {
        if self.name == "lua" {
            let text = self.param.as_deref().ok_or(PolicyError::LuaNeedsScript)?;
            return Ok(Box::new(LuaPolicy::<G>::new(text, options)?));
        }
        if self.name == "random" {
            if self.param.is_some() {
                return Err(PolicyError::RandomTakesNoParameter);
            }
            return Ok(Box::new(UniformRandom));
        }
        if self.name == "mcts" {
            let settings = MctsSettings::parse(self.param.as_deref())?;
            return Ok(Box::new(Mcts::<G>::new(settings)));
        }
        if self.name == "optimal" {
            let objective = Objective::parse(self.param.as_deref()).ok_or_else(|| {
                PolicyError::OptimalObjective {
                    param: self.param.clone().unwrap_or_default(),
                }
            })?;
            return Ok(Box::new(Optimal::<G>::new(options, objective)?));
        }
        if self.name == "alphabeta" {
            let settings = AlphaBetaSettings::parse(self.param.as_deref())?;
            // Some games are made only from the options as given, not as
            // in force (a preset stated); those are checked at the start
            // of each game instead.
            if let Ok(game) = G::new(options) {
                alphabeta::check(&game)?;
            }
            return Ok(Box::new(AlphaBeta::<G>::new(settings)));
        }
        match G::native_policy(&self.name, self.param.as_deref())
            .map_err(|e| PolicyError::Game(e.to_string()))?
        {
            Some(p) => Ok(p),
            None => {
                let mut known = vec![
                    "random".to_string(),
                    "mcts:<playouts>".to_string(),
                    "alphabeta:<depth>".to_string(),
                    "optimal".to_string(),
                    "lua:<script>".to_string(),
                ];
                known.extend(G::native_policies().iter().map(|p| p.name.to_string()));
                Err(PolicyError::Unknown {
                    policy: self.to_string(),
                    game: G::NAME,
                    known,
                })
            }
        }
    }
}

impl PolicySpec {
    /// Builds the policy as a cell's `metrics_evaluator` for a game `G`
    /// played with `options`: as [`PolicySpec::build_for`], a Lua script in
    /// a VM apart from the seats'.
    pub fn build_evaluator_for<G: Game + NativePolicies>(
        &self,
        options: &Options,
    ) -> Result<Box<dyn Policy<G>>, PolicyError> {
        match (self.name.as_str(), self.param.as_deref()) {
            ("lua", Some(text)) => Ok(Box::new(LuaPolicy::<G>::evaluator(text, options)?)),
            _ => self.build_for::<G>(options),
        }
    }
}

/// Whether a piece of a policy list is a setting, `key=value`, rather
/// than a policy: its text before the `=` is a name.
fn is_setting(piece: &str) -> bool {
    piece.trim().split_once('=').is_some_and(|(k, _)| {
        k.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Whether the policy `piece` names takes settings after a comma: one with
/// a parameter, other than a Lua script (whose settings go in braces).
fn takes_settings(piece: &str) -> bool {
    piece
        .trim()
        .split_once(':')
        .is_some_and(|(name, _)| name.trim() != "lua")
}

impl fmt::Display for PolicySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.param {
            Some(p) => write!(f, "{}:{p}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// The paths of the Lua scripts that `specs` name, each once, sorted (what
/// a partial records the hashes of).
pub fn script_paths<'a>(specs: impl IntoIterator<Item = &'a PolicySpec>) -> Vec<String> {
    let mut paths: Vec<String> = specs
        .into_iter()
        .filter(|s| s.name == "lua")
        .filter_map(|s| s.param.as_deref())
        .filter_map(|p| crate::policies::lua::spec::LuaSpec::parse(p).ok())
        .map(|s| s.path)
        .collect();
    paths.sort();
    paths.dedup();
    paths
}
