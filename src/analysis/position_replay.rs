//! A position reached by moves written as the game writes them, from the
//! start or a position file, and shown as text or JSON (`ludus position`).

use crate::analysis::analysis_error::AnalysisError;
use crate::analysis::start::chance_error;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::presentation::Presentation;

/// Plays `moves` (each as [`std::fmt::Display`] writes a move of `G`) on
/// `game`; the error names the move at fault by its place in the list.
pub fn replay<G: Game>(game: &mut G, moves: &[String]) -> Result<(), AnalysisError> {
    let mut legal = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if game.turn() == Turn::Over {
            return Err(AnalysisError::Move {
                number: i + 1,
                text: text.clone(),
                why: ": the game is already over",
            });
        }
        if game.turn() == Turn::Chance {
            return Err(chance_error::<G>("it has no positions to set up"));
        }
        game.legal_moves(&mut legal);
        let mv = legal
            .iter()
            .copied()
            .find(|m| m.to_string() == *text)
            .ok_or_else(|| AnalysisError::Move {
                number: i + 1,
                text: text.clone(),
                why: " is not legal here",
            })?;
        game.play(mv, &mut Silent);
    }
    Ok(())
}

/// `game` as a diagram, or as one JSON object with `json`; an error for a
/// game that has no positions to show (the dice games).
pub fn show<G: Game + Presentation>(game: &G, json: bool) -> Result<String, AnalysisError> {
    let shown = if json {
        game.to_json().to_string()
    } else {
        game.diagram()
    };
    // `Game::diagram` and `Game::to_json` show nothing (empty, null) in a
    // game that has no positions.
    if shown.trim().is_empty() || shown == "null" {
        return Err(AnalysisError::Unsuited(format!(
            "the game has no positions to show (`ludus play {}` narrates a game)",
            G::NAME
        )));
    }
    Ok(shown)
}
