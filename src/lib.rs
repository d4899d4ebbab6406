//! ludus: plays medieval games at scale.
//!
//! Layers import only downward: [`core`] (traits, seeding, dice, options) <-
//! [`games`] <- [`analysis`] and [`policies`] <- [`runner`] <- [`registry`] <- [`reports`] and the CLI.

pub mod analysis;
pub mod core;
pub mod games;
pub mod policies;
pub mod registry;
pub mod reports;
pub mod runner;
