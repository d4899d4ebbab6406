//! The [`Game`] interface of the banking games, Half Hazard (004 j) and
//! Growing Hazard (004 k), written once: each says only its options, how a
//! throw is resolved and what stopping does.

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::native_policies::NativePolicyError;
use crate::core::native_policies::{NativePolicies, NativePolicyInfo};
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::picture::{BoardShape, Picture};
use crate::core::policy::Policy;
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::seat::Seat;
use crate::core::stages::Stages;
use crate::core::state_key::StateKey;
use crate::core::view::{View, ViewArg, ViewInfo};
use crate::core::view_error::ViewError;
use crate::games::dice::banking::{self, Banked, MOVES, Move};
use crate::games::dice::banking_table::{self, Banking, Table};
use crate::games::dice::banking_view::{self, Stakes};

/// A banking game: two seats, a thrower who may stop, a purse and a pot.
/// Every such type is a [`Game`] and a [`Banked`].
pub trait BankingGame: Banking + Clone + std::hash::Hash + Send + Sync + Sized + 'static {
    /// The registry name.
    const NAME: &'static str;
    /// The reader's name.
    const TITLE: &'static str;
    /// The options.
    const OPTIONS: &'static [OptionSpec];
    /// The rules as implemented.
    const RULES: &'static str;
    /// A new game.
    fn new(options: &Options) -> Result<Self, OptionError>;
    /// The thrower stops: what he takes, before his turn ends.
    fn stop<L: Log>(&mut self, log: &mut L);
    /// The table, to read.
    fn table_ref(&self) -> &Table;
    /// What stopping now takes from the pot (none where the pot stays).
    fn banked(&self) -> i64 {
        0
    }
    /// The stakes as the views show them.
    fn stakes(&self) -> Stakes<'_> {
        let table = self.table_ref();
        Stakes {
            table,
            numbers: table.numbers,
            banked: self.banked(),
            turn_hazards: table.hazards,
        }
    }
    /// The same game, the turn's hazards (which only policies read) set
    /// to `hazards`: for the keys of its state.
    fn with_turn_hazards(&self, hazards: u32) -> Self {
        let mut g = self.clone();
        g.table().hazards = hazards;
        g
    }
    /// The purses that play alike with this table's in the turn about to
    /// start (what each can still put in): `None` where the turn's start
    /// ends the game (a player who cannot cover his share).
    fn funds_apart(&self) -> Option<[i64; 2]>;
    /// The pot that plays alike with this table's in the turn about to
    /// start: by default the pot itself (what the thrower may win is
    /// bounded by it).
    fn pot_apart(&self) -> i64 {
        self.table_ref().purse.pot
    }
    /// Whether stopping takes winnings from the pot (Half Hazard), so
    /// that what the thrower has won is part of his choice.
    const BANKS: bool;
}

impl<B: BankingGame> Game for B {
    type Move = Move;
    const NAME: &'static str = <B as BankingGame>::NAME;

    fn option_specs() -> &'static [OptionSpec] {
        B::OPTIONS
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        <B as BankingGame>::new(options)
    }

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        self.stakes().table.turn()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        out.extend_from_slice(&MOVES);
    }

    fn play<L: Log>(&mut self, mv: Move, log: &mut L) {
        self.table().decided(<B as BankingGame>::NAME);
        if mv == Move::Stop {
            self.stop(log);
            self.table().end_turn(log);
        }
    }

    fn chance_step<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        banking_table::chance_step(self, dice, log);
    }

    fn chance<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        banking_table::chance(self, dice, log);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.stakes().table.outcome
    }

    fn length(&self) -> u32 {
        self.stakes().table.throws
    }

    fn payoff(&self, seat: Seat) -> i64 {
        self.stakes().table.purse.payoff(seat)
    }

    fn first_mover(&self) -> Option<Seat> {
        self.stakes().table.first
    }

    /// Judged by money, as the game is won: the lead each would have if
    /// the game ended now (the pot split between them), over a tenth of
    /// the starting money, through tanh: a lead of a tenth of a purse is
    /// worth 0.76.
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let p = &self.stakes().table.purse;
        let lead = (p.funds[seat] - p.funds[1 - seat]) as f64;
        Some((lead / (p.start as f64 / 10.0).max(1.0)).tanh())
    }

    /// The hazards of the turn count up to [`banking::MAX_K`], where
    /// every `threshold:k` decides alike: so that a thrower who throws on
    /// for ever does not make the states endless.
    fn state_key(&self, key: &mut StateKey) -> bool {
        let hazards = self.stakes().turn_hazards.min(banking::MAX_K);
        key.add(&self.with_turn_hazards(hazards));
        true
    }

    /// Also numbers that mirror each other ([`banking::Numbers::as_they_play`])
    /// give one key: they play alike in chance, though not throw for
    /// throw, which the state key promises.
    fn rules_key(&self, key: &mut StateKey) -> bool {
        let mut g = self.with_turn_hazards(0);
        let numbers = g.table().numbers.as_they_play();
        g.table().numbers = numbers;
        key.add(&g);
        true
    }

    fn views() -> &'static [ViewInfo] {
        banking_view::VIEWS
    }

    fn view(&self, name: &str, _arg: ViewArg<'_, Move>) -> Result<View, ViewError> {
        banking_view::view::<Self>(&self.stakes(), name)
    }
}

impl<B: BankingGame> Presentation for B {
    const TITLE: &'static str = <B as BankingGame>::TITLE;
    const LENGTH_UNIT: &'static str = "throws";

    fn rules() -> &'static str {
        B::RULES
    }

    /// A table of dice: the last throw of the betting, each player's
    /// money, the pot, the thrower and his numbers, and how the game ended.
    fn picture(&self) -> Option<Picture> {
        let s = self.stakes();
        let t = s.table;
        let names = [Self::seat_name(0), Self::seat_name(1)];
        let mut pic = Picture::new(BoardShape::Table, &[&names[0], &names[1]]);
        pic.dice = t.last_throw.iter().copied().filter(|&f| f != 0).collect();
        for (seat, name) in names.iter().enumerate() {
            pic.say(format!("{name} purse"), t.purse.funds[seat]);
        }
        pic.say("pot", t.purse.pot);
        pic.say("throws", t.throws);
        match &t.outcome {
            Some(o) => {
                let said = match o.sole_winner() {
                    Some(w) => format!("{} wins by {}", names[w], o.reason),
                    None => format!("a draw by {}", o.reason),
                };
                pic.say("over", said);
            }
            None => {
                pic.say("thrower", &names[t.thrower]);
                if s.numbers.own != 0 {
                    pic.say(
                        "numbers",
                        format!("own {}, opponent's {}", s.numbers.own, s.numbers.opponent),
                    );
                }
                if B::BANKS && s.banked != 0 {
                    pic.say("won this turn", s.banked);
                }
            }
        }
        Some(pic)
    }

    /// The turn, the thrower, his lead in money, the two numbers, the pot
    /// and (where stopping banks) what he has won: what the thrower's
    /// choice can depend on (the turn's hazards so far are in the pot and
    /// the winnings).
    fn situation(&self) -> Vec<(&'static str, i64)> {
        let s = self.stakes();
        let t = s.table;
        let me = t.thrower;
        let funds = t.purse.funds;
        let mut out = vec![
            ("turn", i64::from(t.turns) + 1),
            ("thrower", me as i64 + 1),
            ("lead", funds[me] - funds[1 - me]),
            ("opponent's number", i64::from(s.numbers.opponent)),
            ("own number", i64::from(s.numbers.own)),
            ("pot", t.purse.pot),
        ];
        if B::BANKS {
            out.push(("won", s.banked));
        }
        out
    }

    fn situation_meanings() -> &'static [(&'static str, &'static str)] {
        &[
            ("turn", "the turn being thrown, counted from 1"),
            ("thrower", "the seat throwing this turn"),
            (
                "lead",
                "the thrower's money less the other's, the pot left out",
            ),
            (
                "opponent's number",
                "the total assigned to the other player this turn (a total and 21 less it play alike: the smaller is shown)",
            ),
            (
                "own number",
                "the total the thrower assigned himself this turn",
            ),
            (
                "pot",
                "the money in the pot, the thrower's winnings of this turn included",
            ),
            (
                "won",
                "what the thrower has won this turn and takes from the pot if he stops now; he loses it if he throws a number no one holds",
            ),
        ]
    }
}

impl<B: BankingGame> NativePolicies for B {
    fn native_policies() -> &'static [NativePolicyInfo] {
        banking::NATIVE_POLICIES
    }

    fn native_policy(
        name: &str,
        param: Option<&str>,
    ) -> Result<Option<Box<dyn Policy<Self>>>, NativePolicyError> {
        banking::native_policy::<Self>(name, param)
    }
}

impl<B: BankingGame> RecordFormats for B {}

/// A turn is a stage: what happens in it depends on the pot, the thrower
/// and what each player can still put in, not on the turns played.
impl<B: BankingGame> Stages for B {
    fn stage_begins(&self) -> bool {
        self.table_ref().turn_pending()
    }

    fn stage(&self) -> Option<Self> {
        let table = self.table_ref();
        if !table.turn_pending() {
            return None;
        }
        let funds = self.funds_apart()?;
        let mut apart = self.clone();
        *apart.table() = table.apart(funds, self.pot_apart());
        Some(apart)
    }

    fn after_stage(&self, apart: &Self, end: &Self) -> Self {
        let mut after = end.clone();
        after.table().rejoin(self.table_ref(), apart.table_ref());
        after
    }

    /// As [`Stages::after_stage`] but for the turn still in play: the
    /// purses and counts put back, the turn not passed on.
    fn within_stage(&self, apart: &Self, state: &Self) -> Self {
        let mut within = state.clone();
        within.table().restore(self.table_ref(), apart.table_ref());
        within
    }

    /// The second seat's turns are the first's mirrored: all but the
    /// table counts from the thrower.
    fn mirror(&mut self) -> bool {
        let mirrored = self.table_ref().has_mirror();
        if mirrored {
            self.table().exchange_seats();
        }
        mirrored
    }
}

impl<B: BankingGame> Banked for B {
    fn turn_hazards(&self) -> u32 {
        self.stakes().turn_hazards
    }
}
