//! Reports: CSVs a spreadsheet, pandas or R reads, and the run's manifest.

pub mod atomic;
pub mod bradley_terry;
pub mod cells;
pub mod charts;
pub mod endings;
pub mod interval;
pub mod length_stats;
pub mod lengths;
pub mod manifest;
pub mod merge;
pub mod partial;
pub mod payoff;
pub mod places;
pub mod report;
pub mod standings;
pub mod summary;
pub mod table;
pub mod timings;
