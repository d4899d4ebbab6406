//! A goal's estimate as table columns: its value and 95 % interval, named
//! as metrics.csv names them.

use crate::reports::metrics::Estimate;
use crate::reports::summary::fixed;

/// A metric's three columns.
pub fn triple(name: &str) -> [String; 3] {
    [
        name.to_string(),
        format!("{name}_low"),
        format!("{name}_high"),
    ]
}

/// An estimate's three cells; empty without one.
pub fn cells(e: Option<Estimate>) -> [String; 3] {
    match e {
        Some(e) => [fixed(e.value), fixed(e.low), fixed(e.high)],
        None => Default::default(),
    }
}
