//! `ludus rules <game> [--rules R]`.

use clap::Args;

use crate::cli::game_options::GameOptions;
use crate::cli::{Failure, find_game};

/// Arguments of `ludus rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The game's name (see `ludus games`).
    game: String,
    #[command(flatten)]
    options: GameOptions,
}

/// Prints the rules of a game as implemented: the page of the rule set the
/// options choose, where the game has several.
pub fn rules(args: RulesArgs) -> Result<(), Failure> {
    let g = find_game(&args.game)?;
    let options = args.options.resolve(g)?;
    print!("{}", g.rules_page(&options));
    Ok(())
}
