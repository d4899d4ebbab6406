//! Rule tests for the dice games of seed 004 ("Rodzaje gier", a-l): forced
//! throws for each sentence of the rules, and win rates against exactly
//! derived probabilities.

mod banking_support;
mod support;

mod chance_loop;
mod exact_play;
mod exact_stages;
mod extreme;
mod faces;
mod growing_hazard;
mod guirguiesca;
mod half_hazard;
mod hazard;
mod hazard_stakes;
mod marlota;
mod optimal;
mod pair_ace;
mod panquist;
mod riffa;
mod staged_optimal;
mod staged_strategy_table;
mod state_keys;
mod tanto;
mod triga;
