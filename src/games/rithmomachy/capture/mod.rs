//! The captures. After each move every capture the mover has anywhere on
//! the board happens at once, decided on the position after the move
//! ([`scan`]); seed 002's and 003's captures by moving onto the victim are
//! moves of their own ([`onto`]).
//!
//! One file per capture rule, each saying when its relation holds:
//! [`siege`], [`equality`], [`eruption`], [`ambush`], [`oblivion`],
//! [`assault`], [`sally`]. [`standing`] reuses a scan across many moves tried from one position;
//! [`rules`] flattens a rule set's capture rules
//! for them; [`hit`] is what a capture takes.

pub mod ambush;
pub mod assault;
pub mod equality;
pub mod eruption;
pub mod hit;
pub mod oblivion;
pub mod onto;
pub mod rules;
pub mod sally;
pub mod scan;
pub mod siege;
pub mod standing;

pub use hit::{CaptureKind, Hit};
pub use rules::CaptureRules;
pub use scan::{at, find_all, find_near};
pub use standing::Standing;
