//! Tournaments: every pair of a list of policies plays a game of two
//! seats, half the games with each seating, on the same game seeds
//! (common random numbers: the dice and each seat's stream of game `k`
//! are the same whichever policy sits there, so a pairing's difference
//! comes from the policies, not from luck).
//!
//! A tournament is TOML, on its own or as the `[tournament]` table of an
//! experiment file:
//!
//! ```toml
//! name = "rithmomachy-bots"
//! seed = 1
//! game = "rithmomachy"
//! options = { rules = "boardspace" }
//! policies = ["random", "mcts:200", "alphabeta:3", "lua:scripts/rithmomachy/greedy.lua"]
//! games = 200          # per pairing, half with each seating (an even number)
//! max_plies = 2000     # optional: longer games stop as a draw
//! on_bot_error = "forfeit" # optional
//! rank_by = "payoff"   # optional: standings by mean payoff, not Elo
//! gauntlet = "mcts:400" # optional: only this policy against each listed one
//! record = 2           # optional: keep games 0-1 of each seating whole, in records.jsonl
//! ```
//!
//! A gauntlet plays one policy under test against each of the listed
//! ones (a star, not every pair): n listed policies make n pairings. The
//! ratings come from the same Bradley-Terry fit, so the opponents are
//! rated only through the policy under test.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::core::control_text::read_toml;
use crate::core::options::Options;
use crate::plan::cell_plan::CellPlan;
use crate::plan::experiment::DEFAULT_MAX_PLIES;
use crate::plan::plan_error::PlanError;
use crate::policies::policy_spec::PolicySpec;
use crate::registry;
use crate::runner::cell::Cell;
use crate::runner::game_entry::GameEntry;
use crate::runner::metrics_level::MetricsLevel;
use crate::runner::on_bot_error::OnBotError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TournamentFile {
    name: Option<String>,
    seed: Option<u64>,
    game: String,
    #[serde(default)]
    options: toml::Table,
    policies: Vec<String>,
    games: u64,
    max_plies: Option<u32>,
    on_bot_error: Option<String>,
    rank_by: Option<String>,
    gauntlet: Option<String>,
    record: Option<u64>,
}

/// What orders a tournament's standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankBy {
    /// The Elo rating, from wins, draws and losses (the default).
    Elo,
    /// The mean payoff per game: in a money game, what a policy takes
    /// home, which its wins alone may belie.
    Payoff,
}

/// A tournament, checked.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// Its name: the report folder's.
    pub name: String,
    /// The seed every game's seed comes from.
    pub seed: u64,
    /// The game.
    pub game: &'static dyn GameEntry,
    /// The options as given.
    pub options: Options,
    /// The options as they are in force ([`crate::core::game::Game::options_in_force`]).
    pub in_force: Options,
    /// The policies, in the file's order; in a gauntlet, the policy under
    /// test first.
    pub policies: Vec<PolicySpec>,
    /// Whether `policies[0]` is a gauntlet's policy under test, paired
    /// only with each other policy, rather than every pair playing.
    pub gauntlet: bool,
    /// Games per seating of each pairing.
    pub games_per_seating: u64,
    /// Longest game before it stops as a draw.
    pub max_plies: u32,
    /// What a failing policy does.
    pub on_bot_error: OnBotError,
    /// What orders the standings.
    pub rank_by: RankBy,
    /// A hash of the file's text.
    pub hash: String,
    /// How many games of each seating (those of index below it) the
    /// report keeps whole in records.jsonl; 0: none.
    pub record: u64,
}

/// The most policies a tournament takes (pairings grow as its square).
pub const MAX_POLICIES: usize = 64;

impl Tournament {
    /// Reads a tournament from a file's text (its `[tournament]` table if
    /// it has one, whose `name` and `seed` default to the file's own);
    /// `file` names it in messages.
    pub fn parse(text: &str, file: &str) -> Result<Tournament, PlanError> {
        Tournament::parse_checking(text, file, true)
    }

    /// Reads a tournament whose games were played already (from a
    /// partial): as [`Tournament::parse`], but its policies are not built,
    /// so that its Lua scripts need not be at hand.
    pub fn parse_played(text: &str, file: &str) -> Result<Tournament, PlanError> {
        Tournament::parse_checking(text, file, false)
    }

    /// Makes the tournament a gauntlet of `policy` against the policies
    /// listed (those other than a gauntlet policy the file named, which
    /// `policy` replaces). Refused where `policy` does not read, does not
    /// play the game, or is listed already: the error ([`PlanError::Value`])
    /// says so, for the caller to name the key or flag.
    pub fn set_gauntlet(&mut self, policy: &str) -> Result<(), PlanError> {
        self.put_gauntlet(policy, true).map_err(PlanError::Value)
    }

    /// As [`Tournament::set_gauntlet`]; the policy is checked against the
    /// game only if `check`.
    fn put_gauntlet(&mut self, policy: &str, check: bool) -> Result<(), String> {
        let spec = PolicySpec::parse(policy).map_err(|e| e.to_string())?;
        if check {
            self.game
                .check_policy(&spec, &self.in_force)
                .map_err(|e| e.to_string())?;
        }
        if self.gauntlet {
            self.policies.remove(0);
            self.gauntlet = false;
        }
        if self.policies.contains(&spec) {
            return Err(format!(
                "`{spec}` is also listed in `policies`: a gauntlet plays it against the \
                 others, so take it out of the list"
            ));
        }
        self.policies.insert(0, spec);
        self.gauntlet = true;
        Ok(())
    }

    /// The paths of the Lua scripts among the policies, sorted.
    pub fn script_paths(&self) -> Vec<String> {
        crate::policies::policy_spec::script_paths(&self.policies)
    }

    /// The seatings' cells, two per pairing (the first policy in seat 1,
    /// then in seat 2), in the order of [`Tournament::pairings`]: what a
    /// partial of a tournament lists.
    pub fn seatings(&self) -> Vec<CellPlan> {
        let mut plans = Vec::new();
        for (k, (i, j)) in self.pairings().into_iter().enumerate() {
            plans.push(self.plan(k, i, j));
            plans.push(self.plan(k, j, i));
        }
        plans
    }

    fn parse_checking(text: &str, file: &str, check: bool) -> Result<Tournament, PlanError> {
        let table: toml::Table = read_toml(text).map_err(|e| PlanError::whole(file, e))?;
        let (mut body, outer) = match table.get("tournament") {
            Some(toml::Value::Table(t)) => (t.clone(), Some(&table)),
            Some(_) => return Err(PlanError::at(file, "tournament", "must be a table")),
            None => (table.clone(), None),
        };
        if let Some(outer) = outer {
            for key in ["name", "seed"] {
                if !body.contains_key(key)
                    && let Some(v) = outer.get(key)
                {
                    body.insert(key.to_string(), v.clone());
                }
            }
        }
        let where_ = if outer.is_some() { "tournament." } else { "" };
        let f: TournamentFile = toml::Value::Table(body).try_into().map_err(|e| {
            let e = e.to_string();
            PlanError::whole(file, format!("{where_}{}", e.trim().replace('\n', " ")))
        })?;
        let at = |key: &str, e: &dyn std::fmt::Display| {
            PlanError::at(file, &format!("{where_}{key}"), e)
        };
        let entry: &'static dyn GameEntry = registry::game(&f.game).map_err(|e| at("game", &e))?;
        let given: Vec<(String, String)> = f
            .options
            .iter()
            .map(|(k, v)| {
                crate::plan::experiment::option_text(entry.option_specs(), k, v)
                    .map(|text| (k.clone(), text))
                    .map_err(|e| at(&format!("options.{k}"), &e))
            })
            .collect::<Result<_, _>>()?;
        let options =
            Options::resolve(entry.option_specs(), &given).map_err(|e| at("options", &e))?;
        let players = entry.players(&options).map_err(|e| at("options", &e))?;
        if players != 2 {
            return Err(at(
                "game",
                &format!(
                    "a tournament pairs policies in games of two seats; {} has {players} with these options",
                    f.game
                ),
            ));
        }
        // A gauntlet's policy makes one more: the tournament's policies
        // stay within MAX_POLICIES.
        if f.gauntlet.is_some() && (f.policies.is_empty() || f.policies.len() >= MAX_POLICIES) {
            return Err(at(
                "policies",
                &format!(
                    "a gauntlet plays its policy against between 1 and {} listed \
                     policies, not {}",
                    MAX_POLICIES - 1,
                    f.policies.len()
                ),
            ));
        }
        if f.gauntlet.is_none() && (f.policies.len() < 2 || f.policies.len() > MAX_POLICIES) {
            return Err(at(
                "policies",
                &format!(
                    "between 2 and {MAX_POLICIES} policies, not {}",
                    f.policies.len()
                ),
            ));
        }
        let in_force = entry
            .options_in_force(&options)
            .map_err(|e| at("options", &e))?;
        let mut policies = Vec::new();
        for (i, p) in f.policies.iter().enumerate() {
            let spec = PolicySpec::parse(p).map_err(|e| at(&format!("policies[{i}]"), &e))?;
            if check {
                entry
                    .check_policy(&spec, &in_force)
                    .map_err(|e| at(&format!("policies[{i}]"), &e))?;
            }
            if policies.contains(&spec) {
                return Err(at("policies", &format!("`{spec}` is listed twice")));
            }
            policies.push(spec);
        }
        if !entry.decides() {
            return Err(at(
                "game",
                &format!(
                    "{} has no decisions: the dice alone play it, so every policy plays \
                     it alike and a tournament cannot tell them apart; `ludus run` \
                     estimates its odds and `ludus exact` gives them",
                    entry.name()
                ),
            ));
        }
        if f.games == 0 || f.games > 1_000_000_000_000 {
            return Err(at("games", &"between 1 and 10^12 games per pairing"));
        }
        if f.games % 2 == 1 {
            return Err(at("games", &even_games(f.games)));
        }
        if f.max_plies == Some(0) {
            return Err(at(
                "max_plies",
                &"at least 1: a cap of 0 plies ends every game as a draw before it starts",
            ));
        }
        if let Some(name) = &f.name {
            crate::plan::experiment::check_name(name).map_err(|e| at("name", &e))?;
        }
        let on_bot_error = match &f.on_bot_error {
            Some(t) => OnBotError::parse(t).map_err(|e| at("on_bot_error", &e))?,
            None => OnBotError::Stop,
        };
        let rank_by = match f.rank_by.as_deref() {
            None | Some("elo") => RankBy::Elo,
            Some("payoff") => RankBy::Payoff,
            Some(other) => {
                return Err(at("rank_by", &format!("`elo` or `payoff`, not `{other}`")));
            }
        };
        use sha2::{Digest, Sha256};
        let hash = format!("{:x}", Sha256::digest(text.as_bytes()));
        let mut t = Tournament {
            name: f.name.unwrap_or_else(|| "tournament".to_string()),
            seed: f.seed.unwrap_or(1),
            game: entry,
            options,
            in_force,
            policies,
            games_per_seating: f.games.div_ceil(2),
            max_plies: f.max_plies.unwrap_or(DEFAULT_MAX_PLIES),
            on_bot_error,
            rank_by,
            hash,
            gauntlet: false,
            record: f.record.unwrap_or(0),
        };
        if let Some(g) = &f.gauntlet {
            t.put_gauntlet(g, check).map_err(|e| at("gauntlet", &e))?;
        }
        Ok(t)
    }

    /// The pairings: in a round robin each policy with every later one,
    /// (i, j) with i < j; in a gauntlet the policy under test (0) with
    /// each other, in the list's order.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.policies.len();
        if self.gauntlet {
            return (1..n).map(|j| (0, j)).collect();
        }
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    }

    /// The cell of pairing `k` with `first` in seat 1 and `second` in seat
    /// 2: both seatings of a pairing share its index, hence its game seeds.
    fn plan(&self, k: usize, first: usize, second: usize) -> CellPlan {
        CellPlan {
            game: self.game,
            cell: Cell {
                index: k,
                in_force: self.in_force.clone(),
                options: self.options.clone(),
                seats: vec![self.policies[first].clone(), self.policies[second].clone()],
                games: self.games_per_seating,
                seed: self.seed,
                max_plies: self.max_plies,
                on_bot_error: self.on_bot_error,
                // A tournament rates policies; its pairings' metrics are
                // what every run counts.
                metrics: MetricsLevel::Basic,
                evaluator: None,
                // Tournament reports show no exact values.
                exact_budget: 0,
            },
            entry: k,
            label: None,
            swept: Vec::new(),
            params: Vec::new(),
            precision: None,
            exact: OnceLock::new(),
            skill: OnceLock::new(),
            skill_elo: OnceLock::new(),
        }
    }
}

/// Why an odd number of games per pairing is refused, for the file's
/// `games` and for `--games`.
pub fn even_games(games: u64) -> String {
    format!(
        "an even number: half of a pairing's games are played with each seating, on the \
         same seeds; not {games} (say {} or {})",
        games - 1,
        games + 1
    )
}
