//! The names summary.csv, metrics.csv and cells.csv give their own
//! columns, which a swept policy parameter's column may not take.
//!
//! The reports (a layer above) own the tables; the names are listed here
//! so that an experiment is refused when it is read, not when its report
//! is written. A test of `reports::cells` checks that this list and the
//! tables' columns are the same names.

/// Every column the three tables write before their option columns
/// (`seat_1`, `seat_2`, ... of cells.csv aside: see [`seat_column`]).
pub const OWN_COLUMNS: &[&str] = &[
    // summary.csv
    "cell",
    "game",
    "options",
    "seat",
    "side",
    "policy",
    "games",
    "wins",
    "draws",
    "losses",
    "score",
    "score_rate",
    "mean_place",
    "win_rate",
    "wilson_low",
    "wilson_high",
    "cp_low",
    "cp_high",
    "mean_payoff",
    "se_payoff",
    "sd_payoff",
    "mean_length",
    "sd_length",
    "min_length",
    "median_length",
    "p90_length",
    "max_length",
    "mean_decisions",
    "sd_decisions",
    "moved_first",
    "first_wins",
    "first_win_rate",
    "exact_win_rate",
    "z_win_rate",
    "exact_payoff",
    "z_payoff",
    "skill_gap",
    // metrics.csv, less those above
    "seats",
    "balance",
    "balance_low",
    "balance_high",
    "balance_decided",
    "balance_decided_low",
    "balance_decided_high",
    "advantage_first",
    "advantage_first_low",
    "advantage_first_high",
    "completion",
    "completion_low",
    "completion_high",
    "drawishness",
    "drawishness_low",
    "drawishness_high",
    "timeouts",
    "timeouts_low",
    "timeouts_high",
    "duration_turns",
    "duration_turns_sd",
    "duration_turns_se",
    "duration_decisions",
    "duration_decisions_sd",
    "duration_decisions_se",
    "decision_moves",
    "decision_moves_se",
    "branching_factor",
    "branching_factor_se",
    "branching_factor_median",
    "branching_factor_max",
    "decision_factor",
    "decision_factor_se",
    "repetition",
    "repetition_se",
    "lead_change",
    "lead_change_se",
    "stability",
    "stability_se",
    "drama",
    "drama_se",
    "decisiveness",
    "decisiveness_se",
    "clarity_variance",
    "clarity_variance_se",
    "clarity_narrowness",
    "clarity_narrowness_se",
    "skill_elo",
    "skill_elo_low",
    "skill_elo_high",
    // cells.csv, less those above
    "entry",
    "label",
    "first_game_seed",
    "stopped",
];

/// The name of cells.csv's column holding seat `k`'s policy, `k` from 1.
///
/// ```
/// use ludus::plan::report_columns::seat_column;
/// assert_eq!(seat_column(2), "seat_2");
/// ```
pub fn seat_column(k: usize) -> String {
    format!("seat_{k}")
}

/// Whether `name` is a column the tables write of their own: one of
/// [`OWN_COLUMNS`], or a seat's column of cells.csv (`seat_` and a
/// number, [`seat_column`]), however many seats a cell has.
///
/// ```
/// use ludus::plan::report_columns::is_own_column;
/// assert!(is_own_column("games") && is_own_column("seat_12"));
/// assert!(!is_own_column("budget") && !is_own_column("seat_x"));
/// ```
pub fn is_own_column(name: &str) -> bool {
    OWN_COLUMNS.contains(&name)
        || name
            .strip_prefix("seat_")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}
