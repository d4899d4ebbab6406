//! The `ludus` command line as a user meets it: exit codes and messages,
//! `ludus play` and `ludus position`, and `ludus run` with the reports it
//! writes (read as pandas or R would), its charts, its progress, Ctrl-C and
//! the report folders it refuses; shards, merge, resume and Slurm jobs.

mod answers_table;
mod calibrated_skill;
mod chess_input;
mod commands;
#[path = "../common/csvs.rs"]
mod common_csvs;
#[path = "../common/scratch.rs"]
mod common_scratch;
mod estimate;
mod exact;
mod exact_beside;
mod exact_skill;
mod exact_strategy;
mod giant_sweeps;
mod hostile_output;
mod judged_metrics;
mod limits;
mod metrics;
mod partials;
mod play;
mod position_files;
mod precision;
mod readable_boards;
mod records;
mod replay;
mod replay_pages;
mod resume;
mod rule_search;
mod run_charts;
mod run_control;
mod run_reports;
mod shards;
mod skill_gap;
mod skill_sweeps;
mod slurm;
mod slurm_search;
mod support;
mod tidy_csv;
mod toml_options;
