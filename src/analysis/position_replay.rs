//! A position reached by moves written as the game writes them, from the
//! start or a position file, and shown as text or JSON (`ludus position`).

use crate::analysis::analysis_error::AnalysisError;
use crate::analysis::start::chance_error;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::presentation::Presentation;

/// Plays `moves` (each as [`std::fmt::Display`] writes a move of `G`) on
/// `game`; the error names the move at fault by its place in the list.
///
/// A turn of several decisions by one seat may be given whole, its parts
/// written one after the other (`a1-a4/g7` for `a1-a4` then `/g7`), or
/// part by part. A turn given whole ends there: where the seat could still
/// go on (a chain of jumps that may stop early) and the next entry is not
/// one of its decisions, the turn's end ([`Game::turn_end`]) is played.
pub fn replay<G: Game>(game: &mut G, moves: &[String]) -> Result<(), AnalysisError> {
    let mut legal = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let at_fault = |why| AnalysisError::Move {
            number: i + 1,
            text: text.clone(),
            why,
        };
        let seat = match game.turn() {
            Turn::Over => return Err(at_fault(": the game is already over")),
            Turn::Chance => return Err(chance_error::<G>("it has no positions to set up")),
            Turn::Decide(s) => s,
        };
        let mut rest = text.as_str();
        while !rest.is_empty() {
            if game.turn() != Turn::Decide(seat) {
                return Err(at_fault(": the turn is over before its end"));
            }
            game.legal_moves(&mut legal);
            let mv = part(&legal, rest).ok_or_else(|| at_fault(" is not legal here"))?;
            rest = &rest[mv.1..];
            game.play(mv.0, &mut Silent);
        }
        if game.turn() == Turn::Decide(seat)
            && let Some(end) = game.turn_end()
            && let Some(next) = moves.get(i + 1)
        {
            game.legal_moves(&mut legal);
            if part(&legal, next).is_none() {
                game.play(end, &mut Silent);
            }
        }
    }
    Ok(())
}

/// The legal decision `text` is, or else the longest one it begins with,
/// and how many bytes of `text` it takes.
fn part<M: Copy + std::fmt::Display>(legal: &[M], text: &str) -> Option<(M, usize)> {
    let mut best: Option<(M, usize)> = None;
    for &m in legal {
        let shown = m.to_string();
        if shown == text {
            return Some((m, shown.len()));
        }
        if !shown.is_empty() && text.starts_with(&shown) && best.is_none_or(|b| shown.len() > b.1) {
            best = Some((m, shown.len()));
        }
    }
    best
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
