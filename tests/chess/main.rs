//! The chess games of seed 004: an independent reference for Grande
//! Acedrex's moves under every reading, the brief's first-move counts,
//! every seed sentence, check, mate and stalemate in made positions,
//! position files and the dice.

mod anchors;
mod die_turns;
mod draws;
mod files;
mod json_keys;
mod made;
mod perft_page;
mod reference;
mod seasons;
mod seasons_reference;
mod seed;
mod setup_options;
mod stalemate_readings;
#[path = "../morris/support.rs"]
mod support;
