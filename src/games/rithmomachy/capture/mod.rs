//! The captures. After each move every capture the mover has anywhere on
//! the board happens at once, decided on the position after the move
//! ([`scan`]); seed 002's and 003's captures by moving onto the victim are
//! moves of their own ([`onto`]).
//!
//! One file per capture rule, each saying when its relation holds:
//! [`siege`], [`equality`], [`eruption`], [`ambush`], [`oblivion`],
//! [`assault`], [`sally`] ([`sallies`] keeps every sally up to date move
//! by move). [`foresight`] carries what one side's scan finds
//! along lines for the other side's next move; [`standing`] reuses a scan
//! across many moves tried from one position;
//! [`rules`] flattens a rule set's capture rules
//! for them; [`hit`] is what a capture takes.

pub mod ambush;
pub mod assault;
pub mod equality;
pub mod eruption;
pub mod foresight;
pub mod hit;
pub mod oblivion;
pub mod onto;
pub mod rules;
pub mod sallies;
pub mod sally;
pub mod scan;
pub mod siege;
pub mod standing;

pub use foresight::Foresight;
pub use hit::{CaptureKind, Hit};
pub use rules::CaptureRules;
pub use sallies::Sallies;
pub use scan::{Ahead, at, find_all, find_near, find_near_ahead};
pub use standing::Standing;
