//! The batch runner: experiments, cells, parallel play, tallies.

pub mod batch;
pub mod cell;
pub mod cell_error;
pub mod cell_job;
pub mod cell_progress;
pub mod cell_run;
pub mod checkpoint;
pub mod decisions;
pub mod dispatch;
pub mod drive;
pub mod fixed_mean;
pub mod game_entry;
pub mod game_ranges;
pub mod metric_sums;
pub mod metrics_level;
pub mod on_bot_error;
pub mod packed_tally;
pub mod play_one;
pub mod run_setting_error;
pub mod search_speed;
pub mod selected_games;
pub mod shard;
pub mod sprt;
pub mod tally;
pub mod tournament;
