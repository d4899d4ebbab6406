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
//! games = 200          # per pairing, half with each seating
//! max_plies = 2000     # optional: longer games stop as a draw
//! on_bot_error = "forfeit" # optional
//! ```

use std::ops::Range;

use serde::Deserialize;

use crate::core::options::Options;
use crate::registry::{self, GameEntry};
use crate::runner::batch::{self, Ended, Observer};
use crate::runner::cell_run::{CellJob, CellPlan, OnBotError};
use crate::runner::experiment::DEFAULT_MAX_PLIES;
use crate::runner::game_ranges::GameRanges;
use crate::runner::policy_spec::PolicySpec;
use crate::runner::selected_games::SelectedGames;
use crate::runner::sprt::{Sprt, Verdict};
use crate::runner::tally::Tally;

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
}

/// A tournament, checked.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// Its name: the report folder's.
    pub name: String,
    /// The seed every game's seed comes from.
    pub seed: u64,
    /// The game.
    pub game: &'static str,
    /// The options as given.
    pub options: Options,
    /// The policies, in the file's order.
    pub policies: Vec<PolicySpec>,
    /// Games per seating of each pairing.
    pub games_per_seating: u64,
    /// Longest game before it stops as a draw.
    pub max_plies: u32,
    /// What a failing policy does.
    pub on_bot_error: OnBotError,
    /// A hash of the file's text.
    pub hash: String,
}

/// The most policies a tournament takes (pairings grow as its square).
pub const MAX_POLICIES: usize = 64;

impl Tournament {
    /// Reads a tournament from a file's text (its `[tournament]` table if
    /// it has one, whose `name` and `seed` default to the file's own);
    /// `file` names it in messages.
    pub fn parse(text: &str, file: &str) -> Result<Tournament, String> {
        Tournament::parse_checking(text, file, true)
    }

    /// Reads a tournament whose games were played already (from a
    /// partial): as [`Tournament::parse`], but its policies are not built,
    /// so that its Lua scripts need not be at hand.
    pub fn parse_played(text: &str, file: &str) -> Result<Tournament, String> {
        Tournament::parse_checking(text, file, false)
    }

    /// The paths of the Lua scripts among the policies, sorted.
    pub fn script_paths(&self) -> Vec<String> {
        crate::runner::policy_spec::script_paths(&self.policies)
    }

    /// The seatings' cells, two per pairing (the first policy in seat 1,
    /// then in seat 2), in the order of [`Tournament::pairings`]: what a
    /// partial of a tournament lists.
    pub fn seatings(&self) -> Result<Vec<CellPlan>, String> {
        let mut plans = Vec::new();
        for (k, (i, j)) in self.pairings().into_iter().enumerate() {
            plans.push(self.plan(k, i, j)?);
            plans.push(self.plan(k, j, i)?);
        }
        Ok(plans)
    }

    fn parse_checking(text: &str, file: &str, check: bool) -> Result<Tournament, String> {
        let table: toml::Table = toml::from_str(text).map_err(|e| format!("{file}: {e}"))?;
        let (mut body, outer) = match table.get("tournament") {
            Some(toml::Value::Table(t)) => (t.clone(), Some(&table)),
            Some(_) => return Err(format!("{file}: `tournament` must be a table")),
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
        let f: TournamentFile = toml::Value::Table(body)
            .try_into()
            .map_err(|e| format!("{file}: {where_}{e}"))?;
        let at = |key: &str| format!("{file}: `{where_}{key}`");
        let entry: &dyn GameEntry = registry::find(&f.game).ok_or_else(|| {
            let names: Vec<&str> = registry::games().iter().map(|g| g.name()).collect();
            format!(
                "{}: unknown game `{}` (games: {})",
                at("game"),
                f.game,
                names.join(", ")
            )
        })?;
        let given: Vec<(String, String)> = f
            .options
            .iter()
            .map(|(k, v)| {
                crate::runner::experiment::option_text(entry.option_specs(), k, v)
                    .map(|text| (k.clone(), text))
                    .map_err(|e| format!("{}: {e}", at(&format!("options.{k}"))))
            })
            .collect::<Result<_, _>>()?;
        let options = Options::resolve(entry.option_specs(), &given)
            .map_err(|e| format!("{}: {e}", at("options")))?;
        let players = entry
            .players(&options)
            .map_err(|e| format!("{}: {e}", at("options")))?;
        if players != 2 {
            return Err(format!(
                "{}: a tournament pairs policies in games of two seats; {} has {players} with these options",
                at("game"),
                f.game
            ));
        }
        if f.policies.len() < 2 || f.policies.len() > MAX_POLICIES {
            return Err(format!(
                "{}: between 2 and {MAX_POLICIES} policies, not {}",
                at("policies"),
                f.policies.len()
            ));
        }
        let in_force = entry
            .options_in_force(&options)
            .map_err(|e| format!("{}: {e}", at("options")))?;
        let mut policies = Vec::new();
        for (i, p) in f.policies.iter().enumerate() {
            let spec = PolicySpec::parse(p)
                .map_err(|e| format!("{}: {e}", at(&format!("policies[{i}]"))))?;
            if check {
                entry
                    .check_policy(&spec, &in_force)
                    .map_err(|e| format!("{}: {e}", at(&format!("policies[{i}]"))))?;
            }
            if policies.contains(&spec) {
                return Err(format!("{}: `{spec}` is listed twice", at("policies")));
            }
            policies.push(spec);
        }
        if f.games == 0 || f.games > 1_000_000_000_000 {
            return Err(format!(
                "{}: between 1 and 10^12 games per pairing",
                at("games")
            ));
        }
        if let Some(name) = &f.name {
            crate::runner::experiment::check_name(name)
                .map_err(|e| format!("{}: {e}", at("name")))?;
        }
        let on_bot_error = match &f.on_bot_error {
            Some(t) => OnBotError::parse(t).map_err(|e| format!("{}: {e}", at("on_bot_error")))?,
            None => OnBotError::Stop,
        };
        use sha2::{Digest, Sha256};
        let hash = format!("{:x}", Sha256::digest(text.as_bytes()));
        Ok(Tournament {
            name: f.name.unwrap_or_else(|| "tournament".to_string()),
            seed: f.seed.unwrap_or(1),
            game: entry.name(),
            options,
            policies,
            games_per_seating: f.games.div_ceil(2),
            max_plies: f.max_plies.unwrap_or(DEFAULT_MAX_PLIES),
            on_bot_error,
            hash,
        })
    }

    /// The pairings, each policy with every later one: (i, j) with i < j.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.policies.len();
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    }

    /// The cell of pairing `k` with `first` in seat 1 and `second` in seat
    /// 2: both seatings of a pairing share its index, hence its game seeds.
    fn plan(&self, k: usize, first: usize, second: usize) -> Result<CellPlan, String> {
        let entry = registry::find(self.game).expect("a registered game");
        Ok(CellPlan {
            index: k,
            game: self.game,
            in_force: entry.options_in_force(&self.options)?,
            options: self.options.clone(),
            entry: k,
            swept: Vec::new(),
            seats: vec![self.policies[first].clone(), self.policies[second].clone()],
            games: self.games_per_seating,
            seed: self.seed,
            max_plies: self.max_plies,
            on_bot_error: self.on_bot_error,
        })
    }
}

/// What a pairing came to, from the first policy's side.
#[derive(Clone, Debug)]
pub struct PairingResult {
    /// The first policy's index.
    pub i: usize,
    /// The second policy's index.
    pub j: usize,
    /// The games with `i` in seat 1.
    pub i_first: Tally,
    /// The games with `j` in seat 1.
    pub j_first: Tally,
}

impl PairingResult {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.i_first.games + self.j_first.games
    }

    /// The first policy's wins.
    pub fn wins(&self) -> u64 {
        self.i_first.wins[0] + self.j_first.wins[1]
    }

    /// The first policy's losses.
    pub fn losses(&self) -> u64 {
        self.i_first.wins[1] + self.j_first.wins[0]
    }

    /// Games no one won.
    pub fn draws(&self) -> u64 {
        self.games() - self.wins() - self.losses()
    }

    /// The first policy's score: a win 1, a draw 1/2.
    pub fn score(&self) -> f64 {
        self.wins() as f64 + self.draws() as f64 / 2.0
    }
}

/// How a tournament ended.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Every pairing's results so far.
    pub pairings: Vec<PairingResult>,
    /// The SPRT's verdict and log-likelihood ratio, if one ran.
    pub sprt: Option<(Sprt, Verdict, f64)>,
    /// How the batch ended (a failure stops it).
    pub ended: Ended,
}

/// Game pairs per block of an SPRT match: the test looks after each.
pub const SPRT_BLOCK: u64 = 100;

/// Plays the games `games` of every seating of the tournament (all of
/// them, `0..t.games_per_seating`, or a shard's) on `threads` workers of
/// `pool`. With `sprt` (two policies only) the match is played in blocks
/// of [`SPRT_BLOCK`] games per seating and stops after the first block
/// whose results cross a bound; blocks are fixed, so where it stops does
/// not depend on the threads.
pub fn play(
    t: &Tournament,
    sprt: Option<Sprt>,
    games: Range<u64>,
    pool: &rayon::ThreadPool,
    threads: usize,
    halt: &std::sync::atomic::AtomicBool,
    observer: &mut dyn Observer,
) -> Result<Outcome, String> {
    let entry = registry::find(t.game).expect("a registered game");
    let pairings = t.pairings();
    if sprt.is_some() && pairings.len() != 1 {
        return Err(format!(
            "--sprt stops a match of two policies; the tournament has {}",
            t.policies.len()
        ));
    }
    let mut results: Vec<PairingResult> = pairings
        .iter()
        .map(|&(i, j)| PairingResult {
            i,
            j,
            i_first: Tally::new(2),
            j_first: Tally::new(2),
        })
        .collect();
    let blocks: Vec<(u64, u64)> = match sprt {
        None => vec![(games.start, games.end - games.start)],
        Some(_) => games
            .clone()
            .step_by(SPRT_BLOCK as usize)
            .map(|s| (s, SPRT_BLOCK.min(games.end - s)))
            .collect(),
    };
    let mut verdict = None;
    for (start, len) in blocks {
        let mut jobs: Vec<Box<dyn CellJob>> = Vec::new();
        for (k, &(i, j)) in pairings.iter().enumerate() {
            for (a, b) in [(i, j), (j, i)] {
                let inner = entry.cell_job(&t.plan(k, a, b)?)?;
                jobs.push(Box::new(SelectedGames::new(
                    inner,
                    GameRanges::from(start..start + len),
                )));
            }
        }
        let (progress, ended) = batch::play(&jobs, pool, threads, halt, observer);
        let mut cells = progress.cells.into_iter().map(|c| c.into_tally());
        for r in results.iter_mut() {
            let (a, b) = (cells.next(), cells.next());
            let take = |t: &mut Tally, x: Option<Tally>| {
                *t = std::mem::replace(t, Tally::new(2)).merge(x.expect("two cells a pairing"));
            };
            take(&mut r.i_first, a);
            take(&mut r.j_first, b);
        }
        if let Some(s) = sprt {
            let r = &results[0];
            let (w, d, l) = (r.wins(), r.draws(), r.losses());
            verdict = Some((s, s.verdict(w, d, l), s.llr(w, d, l)));
        }
        if !matches!(ended, Ended::Complete) {
            return Ok(Outcome {
                pairings: results,
                sprt: verdict,
                ended,
            });
        }
        if verdict.is_some_and(|(_, v, _)| v != Verdict::Continue) {
            break;
        }
    }
    Ok(Outcome {
        pairings: results,
        sprt: verdict,
        ended: Ended::Complete,
    })
}
