//! ludus: plays medieval games at scale.
//!
//! Layers import only downward: [`core`] (traits, seeding, dice, options) <-
//! [`games`] <- [`analysis`] <- [`policies`] (`optimal` plays what an
//! analysis solved) <- [`runner`] <- [`registry`] <- [`plan`] <-
//! [`store`] (the run's stored state) <- [`reports`] <- [`run`] (a run
//! driven from the library) <- [`search`] (which rule settings are best)
//! <- the command line (the binary).

pub mod analysis;
pub mod core;
pub mod games;
pub mod plan;
pub mod policies;
pub mod registry;
pub mod reports;
pub mod run;
pub mod runner;
pub mod search;
pub mod store;
