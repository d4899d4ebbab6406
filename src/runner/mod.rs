//! The batch runner: experiments, cells, parallel play, tallies.

pub mod cell_run;
pub mod drive;
pub mod experiment;
pub mod policy_spec;
pub mod tally;
