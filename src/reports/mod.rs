//! Reports: CSVs a spreadsheet, pandas or R reads, charts, pages and the
//! run's manifest, written from what the store (`crate::store`) holds.

pub mod bradley_terry;
pub mod cell_result;
pub mod cells;
pub mod charts;
pub mod endings;
pub mod exact_beside;
pub mod exact_note;
pub mod finished_states;
pub mod interval;
pub mod length_stats;
pub mod lengths;
pub mod manifest;
pub mod metrics;
pub mod payoff;
pub mod places;
pub mod records;
pub mod records_error;
pub mod replay_command;
pub mod replay_error;
pub mod replay_page;
pub mod replay_steps;
pub mod replay_svg;
pub mod report;
pub mod run_folder;
pub mod standings;
pub mod summary;
pub mod table;
pub mod timings;
pub mod tournament_records;
pub mod write_error;
