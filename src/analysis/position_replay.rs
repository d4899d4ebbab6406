//! A position reached by moves written as the game writes them, from the
//! start or a position file, and shown as text or JSON (`ludus position`).

use crate::analysis::start::chance_error;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;

/// Plays `moves` (each as [`std::fmt::Display`] writes a move of `G`) on
/// `game`; the error names the move at fault by its place in the list.
pub fn replay<G: Game>(game: &mut G, moves: &[String]) -> Result<(), String> {
    let mut legal = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if game.turn() == Turn::Over {
            return Err(format!("move {} `{text}`: the game is already over", i + 1));
        }
        if game.turn() == Turn::Chance {
            return Err(chance_error::<G>("it has no positions to set up"));
        }
        game.legal_moves(&mut legal);
        let mv = legal
            .iter()
            .copied()
            .find(|m| m.to_string() == *text)
            .ok_or_else(|| format!("move {} `{text}` is not legal here", i + 1))?;
        game.play(mv, &mut Silent);
    }
    Ok(())
}

/// `game` as a diagram, or as one JSON object with `json`; an error for a
/// game that has no positions to show (the dice games).
pub fn show<G: Game>(game: &G, json: bool) -> Result<String, String> {
    let shown = if json {
        game.to_json().to_string()
    } else {
        game.diagram()
    };
    // `Game::diagram` and `Game::to_json` show nothing (empty, null) in a
    // game that has no positions.
    if shown.trim().is_empty() || shown == "null" {
        return Err(format!(
            "the game has no positions to show (`ludus play {}` narrates a game)",
            G::NAME
        ));
    }
    Ok(shown)
}
