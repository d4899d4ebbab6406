//! Seeded mutation fuzzing of every file ludus reads: position files of
//! every game, boardspace.net records, experiment and tournament files,
//! partials, and exact analysis's options and seats. Each family mutates real inputs (files ludus wrote
//! itself and those under data/) with a seeded generator and feeds
//! thousands of them to the library functions the command line calls, in
//! process, and a few dozen to the binary under a timeout and an
//! address-space limit: every input must end in a result or a clean error
//! (exit 0 or 2), never a panic, a hang or unbounded memory (the test
//! process itself runs under an address-space limit too, so that a runaway
//! allocation fails, aborting with the input in the family's scratch
//! folder, rather than take the machine's memory).
//!
//! `LUDUS_FUZZ_SEED` (a number, decimal or 0x hex) and `LUDUS_FUZZ_CASES`
//! (inputs per family in process) override the defaults for longer runs;
//! a failure names the seed, the case and a file holding the input.

#[path = "../common/scratch.rs"]
mod common_scratch;
mod exact;
mod experiments;
mod harness;
mod mutate;
mod partials;
mod positions;
mod records;
mod rng;
mod tournaments;
