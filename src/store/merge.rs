//! Summing partials (see [`crate::store::partial`]) into one: the
//! shards of a run, checked to be of the same run, not to overlap and,
//! unless allowed, to hold every game.

use std::collections::BTreeSet;

use crate::runner::checkpoint::{CellState, Conflict};
use crate::runner::game_ranges::GameRanges;
use crate::store::cell_record::MAX_LENGTH_ENTRIES;
use crate::store::partial::Partial;
use crate::store::partial_manifest::{MissingGames, PartialManifest};

/// The sum of some partials.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The first partial's manifest, for the run as a whole: no shard,
    /// complete if no game is missing, the games missing listed.
    pub manifest: PartialManifest,
    /// Every cell's games and tally.
    pub states: Vec<CellState>,
}

/// A partial that cannot be merged, with the file to blame.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {problem}")]
pub struct MergeError {
    /// The file (or files, for missing shards) the problem is in.
    pub file: String,
    /// What is wrong.
    pub problem: String,
}

/// Sums `partials` (each with the file it was read from). They must be of
/// one run (the same experiment, seed, games, ludus version, scripts) and
/// of the ludus `version` merging them, and hold no game twice; every game
/// of the run must be in one of them unless `allow_missing`, and then the
/// manifest lists what is missing.
pub fn merge(
    partials: &[(String, Partial)],
    version: &str,
    allow_missing: bool,
) -> Result<Merged, MergeError> {
    let Some((first_file, first)) = partials.first() else {
        return Err(MergeError {
            file: "(no partial)".into(),
            problem: "name at least one partial folder".into(),
        });
    };
    let err = |file: &str, problem: String| MergeError {
        file: file.to_string(),
        problem,
    };
    for (file, p) in partials {
        if p.manifest.ludus_version != version {
            return Err(err(
                file,
                format!(
                    "was written by ludus {}; this is ludus {version}, which merges only its own",
                    p.manifest.ludus_version
                ),
            ));
        }
        if let Some(d) = first.manifest.differs(&p.manifest, false) {
            return Err(err(
                file,
                format!("is of another run than {first_file}: {d}"),
            ));
        }
    }
    let m = &first.manifest;
    // The merged length tables are as long as the longest of each cell's.
    let mut entries = vec![0u64; m.cell_games.len()];
    for (file, p) in partials {
        for (e, c) in entries.iter_mut().zip(&p.cells) {
            *e = (*e).max(c.table_entries());
        }
        if entries.iter().fold(0u64, |a, &e| a.saturating_add(e)) > MAX_LENGTH_ENTRIES {
            return Err(err(
                file,
                format!(
                    "holds games so long that with the partials before it their length tables \
                     would take more than {MAX_LENGTH_ENTRIES} entries"
                ),
            ));
        }
    }
    let mut states: Vec<Option<(usize, CellState)>> = vec![None; m.cell_games.len()];
    for (k, (file, p)) in partials.iter().enumerate() {
        let cells = p.states().map_err(|e| err(file, e.to_string()))?;
        for (c, s) in cells.into_iter().enumerate() {
            states[c] = Some(match states[c].take() {
                None => (k, s),
                Some((j, prior)) => match prior.merge(&s) {
                    Ok(sum) => (k, sum),
                    Err(Conflict::Overflow) => {
                        return Err(err(
                            file,
                            format!(
                                "cells[{c}]: its counts added to those before it pass 2^64 \
                                 (more games than any run plays)"
                            ),
                        ));
                    }
                    Err(Conflict::Overlap(r)) => {
                        // Name a file that held the games before this one.
                        let earlier = partials[..k]
                            .iter()
                            .find(|(_, q)| {
                                q.cells[c]
                                    .ranges
                                    .iter()
                                    .any(|&[a, b]| a < r.end && r.start < b)
                            })
                            .map_or(&partials[j].0, |(f, _)| f);
                        return Err(err(
                            file,
                            format!(
                                "holds games {}..{} of cell {c}, which {earlier} holds too \
                                 (overlapping partials: was a shard given twice?)",
                                r.start, r.end
                            ),
                        ));
                    }
                },
            });
        }
    }
    let states: Vec<CellState> = states
        .into_iter()
        .map(|s| s.expect("every partial lists every cell").1)
        .collect();
    let mut missing = Vec::new();
    for (c, s) in states.iter().enumerate() {
        let lack = GameRanges::from(0..m.cell_games[c]).minus(&s.done);
        if !lack.is_empty() {
            missing.push(MissingGames {
                cell: c,
                ranges: lack.ranges().iter().map(|r| [r.start, r.end]).collect(),
            });
        }
    }
    if !missing.is_empty() && !allow_missing {
        return Err(missing_error(partials, &missing));
    }
    let mut manifest = m.clone();
    manifest.shard = None;
    manifest.complete = missing.is_empty();
    // Each partial's counts were checked to add up; so do their sums.
    manifest.games_planned = m.cell_games.iter().fold(0u64, |a, &g| a.saturating_add(g));
    manifest.games_played = states
        .iter()
        .fold(0u64, |a, s| a.saturating_add(s.tally.games));
    manifest.missing = missing;
    Ok(Merged { manifest, states })
}

/// What to say of missing games: the shards no partial is of, the
/// partials that are unfinished, the games lacking.
fn missing_error(partials: &[(String, Partial)], missing: &[MissingGames]) -> MergeError {
    let shards: BTreeSet<(u64, u64)> = partials
        .iter()
        .filter_map(|(_, p)| p.manifest.shard.map(|s| (s.count, s.index)))
        .collect();
    let counts: BTreeSet<u64> = shards.iter().map(|s| s.0).collect();
    let unfinished: Vec<&str> = partials
        .iter()
        .filter(|(_, p)| !p.manifest.complete)
        .map(|(f, _)| f.as_str())
        .collect();
    let first = &missing[0];
    let lack = format!(
        "games {}..{} of cell {} (and {} in all)",
        first.ranges[0][0],
        first.ranges[0][1],
        first.cell,
        plural_games(missing)
    );
    let advice = "merge them once every shard is done, or pass --allow-partial";
    if !unfinished.is_empty() {
        return MergeError {
            file: unfinished.join(", "),
            problem: format!(
                "unfinished (an interrupted shard: run it again with --resume); {lack} are missing; {advice}"
            ),
        };
    }
    if counts.len() == 1 {
        let n = *counts.first().expect("one count");
        let absent: Vec<String> = (1..=n)
            .filter(|k| !shards.contains(&(n, *k)))
            .map(|k| format!("{k}/{n}"))
            .collect();
        if !absent.is_empty() {
            return MergeError {
                file: partials
                    .iter()
                    .map(|(f, _)| f.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                problem: format!(
                    "no partial of shard {} among these: {lack} are missing; {advice}",
                    absent.join(", ")
                ),
            };
        }
    }
    MergeError {
        file: partials
            .iter()
            .map(|(f, _)| f.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        problem: format!("{lack} are in none of these partials; {advice}"),
    }
}

/// The games missing, in words.
fn plural_games(missing: &[MissingGames]) -> String {
    let n = missing
        .iter()
        .flat_map(|m| m.ranges.iter().map(|r| r[1] - r[0]))
        .fold(0u64, u64::saturating_add);
    crate::core::plural::plural(n as usize, "game")
}
