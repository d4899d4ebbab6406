//! Policies a game offers of its own beside the generic ones (the banking
//! dice games' `threshold:k`). A trait apart from [`Game`], so that the play
//! trait does not depend on the policy trait, which depends on it.

use thiserror::Error;

use crate::core::game::Game;
use crate::core::policy::Policy;

/// A native policy a game offers beside the generic ones (e.g. `threshold:2`).
#[derive(Clone, Copy, Debug)]
pub struct NativePolicyInfo {
    /// The name before the colon.
    pub name: &'static str,
    /// What its parameter is and what it does.
    pub doc: &'static str,
}

/// A native policy's parameter refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct NativePolicyError {
    /// The policy's name.
    pub policy: &'static str,
    /// What is wrong with the parameter and what it takes, naming the
    /// policy as written (`policy `threshold:x`: ...`).
    pub message: String,
}

/// The native policies of a game; none by default.
pub trait NativePolicies: Game + crate::core::stages::Stages {
    /// The natives policies this game offers beside `random`.
    fn native_policies() -> &'static [NativePolicyInfo] {
        &[]
    }

    /// Builds a native policy of this game from its name and parameter, or
    /// `Ok(None)` if the name is not one of [`NativePolicies::native_policies`].
    fn native_policy(
        _name: &str,
        _param: Option<&str>,
    ) -> Result<Option<Box<dyn Policy<Self>>>, NativePolicyError> {
        Ok(None)
    }
}
