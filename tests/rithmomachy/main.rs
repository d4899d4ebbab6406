//! Rithmomachy: every sentence of seed 001 on a hand-made position, the
//! perft anchors, victories and settings, position files, and properties of
//! random play.

mod boardspace_records;
mod captures;
mod dagonell;
mod files;
mod fulke;
mod glorious_near;
mod medieval;
mod medieval_options;
mod movement;
mod properties;
mod support;
mod triumphs;
mod values;
mod victories;
