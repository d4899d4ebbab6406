//! Reports: CSVs a spreadsheet, pandas or R reads, and the run's manifest.

pub mod atomic;
pub mod interval;
pub mod length_stats;
pub mod manifest;
pub mod report;
pub mod summary;
pub mod table;
