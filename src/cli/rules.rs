//! `ludus rules <game>`.

use crate::cli::{Failure, find_game};

/// Prints the rules of `game` as implemented.
pub fn rules(game: &str) -> Result<(), Failure> {
    let g = find_game(game)?;
    print!("{}", g.rules());
    Ok(())
}
