//! Planning: experiment and tournament files read into the plans of their
//! cells, each holding its game from the registry (the one lookup by
//! name), checked before any game is played.

pub mod cell_games;
pub mod cell_plan;
pub mod exact_cache;
pub mod exact_reach;
pub mod experiment;
pub mod plan_error;
pub mod report_columns;
pub mod search_plan;
pub mod skill_ladder;
pub mod tournament;
pub mod unsolved;
