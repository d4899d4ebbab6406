//! The run's stored state: partial.json (its schema, checks, plans and
//! seal), checkpoints and resume, merges of partials, the report folder's
//! rules and atomic writes, below the reports that are made from it.

pub mod atomic;
pub mod cell_checks;
pub mod cell_record;
pub mod cell_timing;
pub mod checkpoint_error;
pub mod folder;
pub mod folder_error;
pub mod identity;
pub mod merge;
pub mod metric_record;
pub mod packed_state;
pub mod partial;
pub mod partial_error;
pub mod partial_manifest;
pub mod partial_plans;
pub mod partial_seal;
pub mod partial_states;
pub mod record_numbers;
pub mod resume;
pub mod run_games;
pub mod script_read_error;
pub mod write_pace;
