//! A game kept whole: its seed, options and seats, every decision and
//! throw, and how it ended. A run's `record = N` keeps its first games so
//! (one JSON object a line, `records.jsonl`), and `ludus play --record`
//! plays one again and checks that it comes out the same.

use crate::runner::record_line_error::RecordLineError;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::core::seat::Seat;
use crate::runner::cell::Cell;
use crate::runner::drive::{BOT_ERROR, SeatFailure, forfeit};
use crate::runner::game_entry::GameEntry;
use crate::runner::play_one::{LogDyn, OneGame, PlayedGame};

/// One decision of a recorded game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedMove {
    /// The seat that chose it, from 1.
    pub seat: usize,
    /// The move, as the game writes it (its narration's "chooses" text).
    #[serde(rename = "move")]
    pub mv: String,
}

/// One line of the game's narration said while chance is resolved (a
/// throw and what it decides, the lots for the first move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedThrow {
    /// The line, as `ludus play` prints it.
    pub throw: String,
}

/// One step of a recorded game: a decision or a throw, in the order they
/// happened, so that a reader sees which throw each decision answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RecordedStep {
    /// A seat's decision.
    Move(RecordedMove),
    /// A line said while chance was resolved.
    Throw(RecordedThrow),
}

/// One game, as `records.jsonl` keeps it (the fields in this order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The cell's index in the experiment; in a tournament, the seating's
    /// (two a pairing: the pairing's first policy in seat 1, then in seat 2).
    pub cell: usize,
    /// In a tournament, the pairing's index (both its seatings play on its
    /// game seeds); a run's records have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing: Option<usize>,
    /// The game's registry name.
    pub game: String,
    /// The game's index in its cell.
    pub index: u64,
    /// The game's seed, as `ludus play --seed` takes it.
    pub seed: u64,
    /// The length at which the game is stopped as a draw.
    pub max_plies: u32,
    /// Every option the game was made with, defaults included, as text.
    pub options: BTreeMap<String, String>,
    /// One policy per seat, as experiment files write them.
    pub seats: Vec<String>,
    /// Every decision and every line said while chance is resolved (the
    /// throws and what they decide), in the order they happened.
    pub play: Vec<RecordedStep>,
    /// The game's length, in its own unit (turns, throws).
    pub length: u32,
    /// Why it ended (the `reason` of endings.csv).
    pub ending: String,
    /// The sole winner's seat, from 1; `None` for a draw.
    pub winner: Option<usize>,
    /// Each seat's payoff.
    pub payoffs: Vec<i64>,
    /// Where a policy failed (`--on-bot-error forfeit`): which seat and
    /// why; the game was scored as that seat's forfeit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
}

/// A [`LogDyn`] that keeps a game's decisions and throws, and passes
/// every line on to another log (`ludus play` prints them).
pub struct Recorder<'a> {
    echo: &'a mut dyn LogDyn,
    throwing: bool,
    play: Vec<RecordedStep>,
}

impl LogDyn for Recorder<'_> {
    fn line_dyn(&mut self, text: String) {
        if self.throwing {
            self.play.push(RecordedStep::Throw(RecordedThrow {
                throw: text.clone(),
            }));
        }
        self.echo.line_dyn(text);
    }

    fn boards(&self) -> bool {
        self.echo.boards()
    }

    fn throwing_dyn(&mut self, throwing: bool) {
        self.throwing = throwing;
    }

    fn decided_dyn(&mut self, seat: Seat, mv: String) {
        self.play
            .push(RecordedStep::Move(RecordedMove { seat: seat + 1, mv }));
    }
}

/// A log that says nothing: what recording a run's games echoes to.
struct Quiet;

impl LogDyn for Quiet {
    fn line_dyn(&mut self, _text: String) {}
}

impl GameRecord {
    /// Plays `one` of `entry` through the narrated path (narrating to
    /// `echo`) and records it as game `index` of cell `cell`; also returns
    /// how the play went, for `ludus play` to report (a failing policy's
    /// message is the record's `failure`).
    pub fn play(
        entry: &dyn GameEntry,
        one: &OneGame<'_>,
        (cell, index): (usize, u64),
        echo: &mut dyn LogDyn,
    ) -> (GameRecord, Result<PlayedGame, SeatFailure>) {
        let mut recorder = Recorder {
            echo,
            throwing: false,
            play: Vec::new(),
        };
        let played = entry.play_one(one, &mut recorder);
        let players = one.seats.len();
        let (length, ending, winner, payoffs, failure) = match &played {
            Ok(p) => (
                p.length,
                p.outcome.reason.to_string(),
                p.outcome.sole_winner(),
                p.payoffs.clone(),
                None,
            ),
            Err(f) => (
                f.ply,
                BOT_ERROR.to_string(),
                forfeit(players, f.seat).sole_winner(),
                vec![0; players],
                Some(format!(
                    "seat {} ({}): {}",
                    f.seat + 1,
                    one.seats[f.seat],
                    f.error.message
                )),
            ),
        };
        let record = GameRecord {
            cell,
            pairing: None,
            game: entry.name().to_string(),
            index,
            seed: one.seed,
            max_plies: one.max_plies,
            options: one
                .options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            seats: one.seats.iter().map(ToString::to_string).collect(),
            play: recorder.play,
            length,
            ending,
            winner: winner.map(|w| w + 1),
            payoffs,
            failure,
        };
        (record, played)
    }

    /// Game `index` of `cell` played again from its seed and recorded, as
    /// a run keeps it.
    pub fn of_cell(entry: &dyn GameEntry, cell: &Cell, index: u64) -> GameRecord {
        let one = OneGame {
            options: &cell.options,
            seats: &cell.seats,
            seed: crate::core::seed::game_seed(cell.seed, cell.index as u64, index),
            max_plies: cell.max_plies,
        };
        GameRecord::play(entry, &one, (cell.index, index), &mut Quiet).0
    }

    /// The record as one line of JSON (without the newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a record is plain data")
    }

    /// A record read back from one line of JSON, or why it is not one:
    /// malformed, or with a text holding a control character (no game,
    /// seat, option or move of a record has one; see
    /// [`crate::core::control_text`]).
    pub fn from_line(line: &str) -> Result<GameRecord, RecordLineError> {
        let value: serde_json::Value = serde_json::from_str(line)?;
        if let Some(refused) = crate::core::control_text::json_control(&value) {
            return Err(refused.into());
        }
        Ok(serde_json::from_value(value)?)
    }

    /// Where the game was played, said for a person: `cell 2`, or in a
    /// tournament `pairing 1, seating 3`.
    pub fn place(&self) -> String {
        match self.pairing {
            Some(p) => format!("pairing {p}, seating {}", self.cell),
            None => format!("cell {}", self.cell),
        }
    }

    /// The game's decisions, in order.
    pub fn moves(&self) -> impl Iterator<Item = &RecordedMove> {
        self.play.iter().filter_map(|s| match s {
            RecordedStep::Move(m) => Some(m),
            RecordedStep::Throw(_) => None,
        })
    }

    /// How many decisions the game had.
    pub fn decisions(&self) -> usize {
        self.moves().count()
    }

    /// The decisions among the first `steps` steps of play.
    fn moves_before(&self, steps: usize) -> usize {
        self.play[..steps.min(self.play.len())]
            .iter()
            .filter(|s| matches!(s, RecordedStep::Move(_)))
            .count()
    }

    /// Where `replay` first parts from this record, said for a person;
    /// `None` if they agree in every decision, throw and result.
    pub fn first_difference(&self, replay: &GameRecord) -> Option<String> {
        let steps = self.play.len().max(replay.play.len());
        if let Some(i) = (0..steps).find(|&i| self.play.get(i) != replay.play.get(i)) {
            // Named as a person counts them: the n-th move or throw line.
            let (kind, n) = match self.play.get(i).or(replay.play.get(i)) {
                Some(RecordedStep::Move(_)) => ("move", self.moves_before(i) + 1),
                _ => ("throw line", i - self.moves_before(i) + 1),
            };
            return Some(format!(
                "{kind} {n} (from 1): the record has {}, the replay {}",
                said(self.play.get(i)),
                said(replay.play.get(i))
            ));
        }
        let fields: [(&str, String, String); 5] = [
            ("length", self.length.to_string(), replay.length.to_string()),
            ("ending", self.ending.clone(), replay.ending.clone()),
            ("winner", winner(self.winner), winner(replay.winner)),
            ("payoffs", payoffs(&self.payoffs), payoffs(&replay.payoffs)),
            (
                "failure",
                failure(self.failure.as_deref()),
                failure(replay.failure.as_deref()),
            ),
        ];
        fields
            .into_iter()
            .find(|(_, a, b)| a != b)
            .map(|(name, a, b)| format!("{name}: the record has {a}, the replay {b}"))
    }
}

/// A winner as a person reads it: the seat from 1, or a draw.
fn winner(w: Option<usize>) -> String {
    w.map_or_else(|| "a draw".to_string(), |s| format!("seat {s} winning"))
}

/// Payoffs as a person reads them: `+2, -2`.
fn payoffs(p: &[i64]) -> String {
    p.iter()
        .map(|x| format!("{x:+}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A recorded failure as a person reads it, quoted.
fn failure(f: Option<&str>) -> String {
    f.map_or_else(
        || "no failure".to_string(),
        |m| format!("the failure \"{m}\""),
    )
}

/// A step of play as a person reads it in a message.
fn said(step: Option<&RecordedStep>) -> String {
    match step {
        None => "nothing more (the game is over)".to_string(),
        Some(RecordedStep::Move(m)) => format!("seat {} `{}`", m.seat, m.mv),
        Some(RecordedStep::Throw(t)) => format!("`{}`", t.throw),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(winner: Option<usize>, payoffs: Vec<i64>) -> GameRecord {
        GameRecord {
            cell: 0,
            pairing: None,
            game: "hazard".into(),
            index: 0,
            seed: 1,
            max_plies: 10,
            options: BTreeMap::new(),
            seats: vec!["random".into(), "random".into()],
            play: Vec::new(),
            length: 3,
            ending: "won".into(),
            winner,
            payoffs,
            failure: None,
        }
    }

    /// A difference in the result is said in words, not Rust's debug text
    /// (issue 55, defect 9: "the record has Some(2), the replay Some(1)").
    #[test]
    fn a_different_result_is_said_in_words() {
        let said = |a: &GameRecord, b: &GameRecord| a.first_difference(b).unwrap();
        let won = record(Some(2), vec![-1, 1]);
        assert_eq!(
            said(&won, &record(Some(1), vec![-1, 1])),
            "winner: the record has seat 2 winning, the replay seat 1 winning"
        );
        assert_eq!(
            said(&won, &record(None, vec![-1, 1])),
            "winner: the record has seat 2 winning, the replay a draw"
        );
        assert_eq!(
            said(&won, &record(Some(2), vec![-2, 2])),
            "payoffs: the record has -1, +1, the replay -2, +2"
        );
        let mut failed = record(Some(2), vec![-1, 1]);
        failed.failure = Some("seat 1: boom".into());
        assert_eq!(
            said(&failed, &won),
            "failure: the record has the failure \"seat 1: boom\", the replay no failure"
        );
        assert_eq!(won.first_difference(&won.clone()), None);
    }
}
