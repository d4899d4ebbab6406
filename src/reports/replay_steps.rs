//! A recorded game replayed in Rust, step by step, with the picture of
//! every position: what a replay page shows. The record's decisions are
//! played as written (each matched to a legal move by its text) and the
//! dice thrown again from the game's seed, so that no policy is run and
//! the page needs no rules of its own.

use crate::core::dice::Dice;
use crate::core::game::Turn;
use crate::core::log::Transcript;
use crate::core::options::Options;
use crate::core::picture::Picture;
use crate::core::seed::{Stream, stream};
use crate::registry::{GameVisitor, Registered, visit_games};
use crate::reports::replay_error::ReplayError;
use crate::runner::game_record::{GameRecord, RecordedStep};

/// What a step of play was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// The position before play.
    Start,
    /// A seat's decision.
    Move,
    /// A throw of the dice (or lots drawn).
    Throw,
}

/// One position of a replayed game and the step that led to it.
#[derive(Clone, Debug)]
pub struct Step {
    /// What the step was.
    pub kind: StepKind,
    /// The seat that decided (from 0), for a move.
    pub seat: Option<usize>,
    /// The move as the record writes it, or the throw's lines.
    pub text: String,
    /// What the game said of the step (captures, removals, what a throw
    /// decides).
    pub said: Vec<String>,
    /// The position after the step.
    pub picture: Picture,
}

/// A recorded game replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The start, then one step per decision and throw.
    pub steps: Vec<Step>,
    /// Why the replay ended before the record did, if it did (a record
    /// of another ludus, or a game a failing policy left).
    pub stopped: Option<String>,
}

/// `record` replayed, every position pictured.
pub fn replay(record: &GameRecord) -> Result<Replay, ReplayError> {
    let mut visitor = Replayer {
        record,
        replay: None,
    };
    visit_games(&mut visitor);
    visitor
        .replay
        .unwrap_or_else(|| Err(ReplayError::UnknownGame(record.game.clone())))
}

struct Replayer<'a> {
    record: &'a GameRecord,
    replay: Option<Result<Replay, ReplayError>>,
}

impl GameVisitor for Replayer<'_> {
    fn visit<G: Registered>(&mut self) {
        if G::NAME == self.record.game {
            self.replay = Some(replay_as::<G>(self.record));
        }
    }
}

/// The picture of `game`, or the error of a game that draws none.
fn picture<G: Registered>(game: &G) -> Result<Picture, ReplayError> {
    game.picture()
        .ok_or_else(|| ReplayError::NoPicture(G::NAME.to_string()))
}

/// `record` replayed as game `G`.
fn replay_as<G: Registered>(record: &GameRecord) -> Result<Replay, ReplayError> {
    let options_error = |e: &dyn std::fmt::Display| ReplayError::Options {
        game: record.game.clone(),
        error: e.to_string(),
    };
    let given: Vec<(String, String)> = (record.options.iter())
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let options = Options::resolve(G::option_specs(), &given).map_err(|e| options_error(&e))?;
    let mut game = G::new(&options).map_err(|e| options_error(&e))?;
    // Watched dice throw as the run's did, and show the faces of games
    // whose positions keep none.
    let mut dice = Dice::watched(stream(record.seed, Stream::Dice));
    let mut moves = record.moves();
    let mut throws = record.play.iter().filter_map(|s| match s {
        RecordedStep::Throw(t) => Some(t.throw.as_str()),
        RecordedStep::Move(_) => None,
    });
    let mut steps = vec![Step {
        kind: StepKind::Start,
        seat: None,
        text: "start".to_string(),
        said: Vec::new(),
        picture: picture(&game)?,
    }];
    let mut buf = Vec::new();
    let mut stopped = None;
    while game.turn() != Turn::Over && game.length() < record.max_plies {
        let mut said = Transcript::default();
        let (kind, seat, text) = match game.turn() {
            Turn::Over => break,
            Turn::Chance => {
                dice.take_shown();
                game.chance_step(&mut dice, &mut said);
                if let Some(line) = (said.lines.iter()).find(|&l| throws.next() != Some(l)) {
                    stopped = Some(format!(
                        "the dice say `{line}` where the record says otherwise: \
                         the record is of another version of the game"
                    ));
                    break;
                }
                let text = if said.lines.is_empty() {
                    "a throw".to_string()
                } else {
                    said.lines.join("; ")
                };
                (StepKind::Throw, None, text)
            }
            Turn::Decide(seat) => {
                let Some(m) = moves.next() else {
                    stopped = Some(format!(
                        "the record has no more decisions where {} is to decide",
                        G::seat_name(seat)
                    ));
                    break;
                };
                game.legal_moves(&mut buf);
                let chosen = buf.iter().find(|mv| mv.to_string() == m.mv);
                let Some(&mv) = chosen.filter(|_| m.seat == seat + 1) else {
                    stopped = Some(format!(
                        "seat {}'s `{}` is not a legal move of {} here",
                        m.seat,
                        m.mv,
                        G::seat_name(seat)
                    ));
                    break;
                };
                game.play(mv, &mut said);
                (StepKind::Move, Some(seat), m.mv.clone())
            }
        };
        let said = if kind == StepKind::Throw {
            Vec::new()
        } else {
            said.lines
        };
        let mut picture = picture(&game)?;
        if kind == StepKind::Throw && picture.dice.is_empty() {
            picture.dice = dice.take_shown();
        }
        steps.push(Step {
            kind,
            seat,
            text,
            said,
            picture,
        });
    }
    Ok(Replay { steps, stopped })
}
