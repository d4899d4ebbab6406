//! The batch runner: experiments, cells, parallel play, tallies.

pub mod batch;
pub mod cell_progress;
pub mod cell_run;
pub mod dispatch;
pub mod drive;
pub mod experiment;
pub mod policy_spec;
pub mod search_speed;
pub mod sprt;
pub mod tally;
pub mod tournament;
