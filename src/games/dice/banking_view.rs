//! What a script may read of a banking game (Half Hazard, Growing Hazard):
//! the pot and the players' money, the thrower's two numbers, the hazards of
//! his turn, what stopping would bank, and the last throw.

use crate::core::game::{Game, unknown_view};
use crate::core::seat::Seat;
use crate::core::view::{View, ViewInfo};
use crate::core::view_error::ViewError;
use crate::games::dice::banking::Numbers;
use crate::games::dice::banking_table::Table;
use crate::games::dice::throw::total;

/// The views of both banking games.
pub const VIEWS: &[ViewInfo] = &[
    ViewInfo {
        name: "table",
        doc: "{pot, funds = {seat 1, seat 2}, thrower (1-based), numbers = {opponent, own}, \
              banked (what stopping now takes from the pot), turn_hazards, \
              turn_totals = {totals of this turn's throws after the numbers, oldest first, the last 32}, \
              last_throw = {die, die, die}, last_total, throws, turns}",
    },
    ViewInfo {
        name: "turn_totals",
        doc: "the totals of this turn's throws after the numbers were assigned, oldest first (the last 32)",
    },
    ViewInfo {
        name: "turn_hazards",
        doc: "hazards the thrower has thrown this turn (what `threshold:k` counts)",
    },
    ViewInfo {
        name: "pot",
        doc: "money in the pot",
    },
    ViewInfo {
        name: "banked",
        doc: "what stopping now takes from the pot (0 in Growing Hazard, where the pot stays)",
    },
];

/// A banking game's state as its views show it.
#[derive(Clone, Copy, Debug)]
pub struct Stakes<'a> {
    /// The course of the game and the purse.
    pub table: &'a Table,
    /// The thrower's numbers this turn.
    pub numbers: Numbers,
    /// What stopping now takes from the pot.
    pub banked: i64,
    /// Hazards thrown this turn.
    pub turn_hazards: u32,
}

fn seat(s: Seat) -> View {
    View::Int(s as i64 + 1)
}

/// Answers the view `name` of game `G` from its stakes.
pub fn view<G: Game>(s: &Stakes<'_>, name: &str) -> Result<View, ViewError> {
    let t = s.table;
    match name {
        "table" => Ok(View::record(vec![
            ("pot", View::Int(t.purse.pot)),
            (
                "funds",
                View::List(t.purse.funds.iter().map(|&f| View::Int(f)).collect()),
            ),
            ("thrower", seat(t.thrower)),
            (
                "numbers",
                View::record(vec![
                    ("opponent", View::Int(i64::from(s.numbers.opponent))),
                    ("own", View::Int(i64::from(s.numbers.own))),
                ]),
            ),
            ("banked", View::Int(s.banked)),
            ("turn_hazards", View::Int(i64::from(s.turn_hazards))),
            (
                "turn_totals",
                View::List(
                    t.turn_totals()
                        .into_iter()
                        .map(|x| View::Int(i64::from(x)))
                        .collect(),
                ),
            ),
            (
                "last_throw",
                View::List(
                    t.last_throw
                        .iter()
                        .map(|&d| View::Int(i64::from(d)))
                        .collect(),
                ),
            ),
            ("last_total", View::Int(i64::from(total(t.last_throw)))),
            ("throws", View::Int(i64::from(t.throws))),
            ("turns", View::Int(i64::from(t.turns))),
        ])),
        "turn_hazards" => Ok(View::Int(i64::from(s.turn_hazards))),
        "turn_totals" => Ok(View::List(
            t.turn_totals()
                .into_iter()
                .map(|x| View::Int(i64::from(x)))
                .collect(),
        )),
        "pot" => Ok(View::Int(t.purse.pot)),
        "banked" => Ok(View::Int(s.banked)),
        _ => Err(unknown_view::<G>(name)),
    }
}
