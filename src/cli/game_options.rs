//! The `--opt key=value` and `--rules` arguments shared by the one-game commands.

use clap::Args;

use ludus::core::options::Options;
use ludus::runner::game_entry::GameEntry;

use crate::cli::Failure;

/// A game's options on the command line.
#[derive(Args, Debug)]
pub struct GameOptions {
    /// An option, as key=value; repeat for several (see `ludus games`).
    #[arg(long = "opt", value_name = "KEY=VALUE")]
    opts: Vec<String>,
    /// Shorthand for `--opt rules=R` (the rule set, for games that have several).
    #[arg(long, value_name = "R")]
    rules: Option<String>,
}

impl GameOptions {
    /// Resolves the options against the game's, naming whatever is wrong.
    pub fn resolve(&self, entry: &dyn GameEntry) -> Result<Options, Failure> {
        self.resolve_over(entry, &[])
    }

    /// As [`GameOptions::resolve`], over options `implied` (by a game
    /// record) that those given on the command line override key by key.
    pub fn resolve_over(
        &self,
        entry: &dyn GameEntry,
        implied: &[(String, String)],
    ) -> Result<Options, Failure> {
        let mut given = Vec::new();
        for o in &self.opts {
            let (k, v) = o.split_once('=').ok_or_else(|| {
                Failure::Input(format!(
                    "--opt `{}`: write it as key=value",
                    ludus::core::text::inline(o)
                ))
            })?;
            given.push((k.trim().to_string(), v.trim().to_string()));
        }
        if let Some(r) = &self.rules {
            given.push(("rules".to_string(), r.clone()));
        }
        let mut all: Vec<(String, String)> = implied
            .iter()
            .filter(|(k, _)| given.iter().all(|(g, _)| g != k))
            .cloned()
            .collect();
        all.extend(given);
        Options::resolve(entry.option_specs(), &all)
            .map_err(|e| Failure::Input(format!("{}: {e}", entry.name())))
    }
}
