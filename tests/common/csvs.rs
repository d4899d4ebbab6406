//! The CSVs of a report that hold no timing, and the check that two
//! reports' are the same byte for byte (a merge, a resume, a library run
//! against the binary's).

use std::path::Path;

/// The CSVs a merge must write byte-identical to a run's.
pub const CSVS: [&str; 6] = [
    "summary.csv",
    "cells.csv",
    "endings.csv",
    "lengths.csv",
    "places.csv",
    "metrics.csv",
];

/// Asserts that every CSV of `a` and `b` is the same, byte for byte.
pub fn same_csvs(a: &Path, b: &Path) {
    for f in CSVS {
        let (x, y) = (
            std::fs::read(a.join(f)).unwrap(),
            std::fs::read(b.join(f)).unwrap(),
        );
        assert!(
            x == y,
            "{f} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}
