//! The chess games of seed 004: an independent reference for Grande
//! Acedrex's moves under every reading, the brief's first-move counts,
//! every seed sentence, check, mate and stalemate in made positions,
//! position files and the dice.

mod anchors;
mod draws;
mod files;
mod made;
mod reference;
mod seasons;
mod seasons_reference;
mod seed;
#[path = "../morris/support.rs"]
mod support;
