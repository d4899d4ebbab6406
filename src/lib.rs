//! ludus: plays medieval games at scale.
//!
//! Layers import only downward: [`core`] (traits, seeding, dice, options) <-
//! [`games`] <- [`policies`] <- [`runner`] <- [`registry`] <- [`reports`] and the CLI.

pub mod core;
pub mod games;
pub mod policies;
pub mod registry;
pub mod reports;
pub mod runner;
