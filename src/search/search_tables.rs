//! What a search writes: candidates.csv (every candidate tried, each
//! goal at each level with its 95 % interval, the round it was dropped in
//! and by which), front.csv (the best settings, ranked), confirm.toml (an
//! experiment that plays the front again with fresh seeds),
//! manifest.json and index.html ([`search_page`]). Documented in
//! docs/search.md.

use std::path::Path;

use crate::plan::search_plan::{Method, Robust, SearchPlan};
use crate::reports::write_error::WriteError;
use crate::search::contender::GoalStanding;
use crate::search::estimate_cells::{cells, triple};
use crate::search::ntbea_table::ntbea_table;
use crate::search::race::{Race, seed_of};
use crate::search::search_error::SearchError;
use crate::search::search_page;
use crate::store::atomic::write_atomic;

/// The manifest's name in the search's folder.
pub const MANIFEST: &str = "manifest.json";

/// Which word the seed of confirm.toml mixes in, so that its games are
/// none of the search's.
const CONFIRM: u64 = 0xC0_4F1_12E;

/// Refuses a folder that holds another search's tables (unless `force`).
pub fn check_folder(plan: &SearchPlan, dir: &Path, force: bool) -> Result<(), SearchError> {
    let Ok(bytes) = std::fs::read(dir.join(MANIFEST)) else {
        return Ok(());
    };
    let found = serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| v["search"].as_str().map(str::to_string))
        .unwrap_or_else(|| "(not a search)".into());
    if force || found == plan.name {
        return Ok(());
    }
    Err(SearchError::OtherSearch {
        dir: dir.to_path_buf(),
        found,
        wanted: plan.name.clone(),
    })
}

/// One row's standing: every goal of one contender.
struct Row {
    index: usize,
    standing: Vec<GoalStanding>,
}

/// Writes every table of `race` into `dir`, and the page that shows them.
pub fn write(plan: &SearchPlan, race: &Race, dir: &Path, secs: f64) -> Result<(), SearchError> {
    std::fs::create_dir_all(dir).map_err(|e| WriteError::report(dir, e))?;
    let rows: Vec<Row> = (0..race.contenders.len())
        .map(|index| Row {
            index,
            standing: race.contenders[index].standing(&plan.goals, plan.robust, 1.0),
        })
        .collect();
    let front = front(plan, race, &rows);
    let on_front = |i: usize| front.contains(&i);
    let all: Vec<&Row> = rows.iter().collect();
    let io = |e| WriteError::report(dir, e);
    write_atomic(
        &dir.join("candidates.csv"),
        &table(plan, race, &all, &on_front),
    )
    .map_err(io)?;
    let best: Vec<&Row> = front.iter().map(|&i| &rows[i]).collect();
    write_atomic(&dir.join("front.csv"), &table(plan, race, &best, &on_front)).map_err(io)?;
    write_atomic(
        &dir.join("confirm.toml"),
        confirm(plan, race, &front).as_bytes(),
    )
    .map_err(io)?;
    let manifest = serde_json::json!({
        "search": plan.name,
        "source": plan.source,
        "search_sha256": plan.sha256,
        "ludus_version": env!("CARGO_PKG_VERSION"),
        "seed": plan.seed,
        "budget": plan.budget,
        "method": match plan.method { Method::Race => "race", Method::Ntbea => "ntbea" },
        "space": plan.candidate_count().to_string(),
        "games_played": race.spent + race.ntbea.as_ref().map_or(0, |n| n.spent),
        "ntbea_games": race.ntbea.as_ref().map(|n| n.spent),
        "ntbea_batches": race.ntbea.as_ref().map(|n| n.batches),
        "ntbea_settings": race.ntbea.as_ref().map(|n| n.points.len()),
        "ntbea_games_each": race.ntbea.as_ref().map(|n| n.games_each),
        "ntbea_passed_over": race.ntbea.as_ref().map(|n| n.passed_over),
        "rounds": race.rounds,
        "candidates": race.contenders.len(),
        "solved_exactly": race.contenders.iter().filter(|c| c.exact()).count(),
        "survivors": race.survivors(),
        "front": front.len(),
        "robust": match plan.robust { Robust::Worst => "worst", Robust::Mean => "mean" },
        "levels": plan.levels.iter().map(|l| l.label.clone()).collect::<Vec<_>>(),
        "goals": plan.goals.iter().map(|g| g.metric.clone()).collect::<Vec<_>>(),
        "seconds": secs,
    });
    let text = serde_json::to_vec_pretty(&manifest).expect("a manifest serializes");
    write_atomic(&dir.join(MANIFEST), &text).map_err(io)?;
    if let Some(ntbea) = &race.ntbea {
        write_atomic(&dir.join("ntbea.csv"), &ntbea_table(plan, ntbea)).map_err(io)?;
    }
    let standings: Vec<Vec<GoalStanding>> = rows.into_iter().map(|r| r.standing).collect();
    let page = search_page::page(plan, race, &standings, &front);
    write_atomic(&dir.join("index.html"), page.as_bytes()).map_err(io)?;
    Ok(())
}

/// The survivors that no other survivor matches or beats on every goal
/// (by value), ranked: by the weighted sum of the goals' utilities where
/// the file weighs them, else by the first goal's, best first; ties in
/// the space's order.
fn front(plan: &SearchPlan, race: &Race, rows: &[Row]) -> Vec<usize> {
    let utils = |r: &Row| -> Option<Vec<f64>> {
        r.standing
            .iter()
            .map(|s| s.overall.map(|(_, u)| u.value))
            .collect()
    };
    let alive: Vec<(usize, Vec<f64>)> = rows
        .iter()
        .filter(|r| race.contenders[r.index].dropped.is_none())
        .filter_map(|r| utils(r).map(|u| (r.index, u)))
        .collect();
    let beaten = |a: &[f64]| {
        alive.iter().any(|(_, b)| {
            b.iter().zip(a).all(|(x, y)| x >= y) && b.iter().zip(a).any(|(x, y)| x > y)
        })
    };
    let mut front: Vec<(usize, f64)> = alive
        .iter()
        .filter(|(_, u)| !beaten(u))
        .map(|(i, u)| {
            let weighted: f64 = plan.goals.iter().zip(u).map(|(g, x)| g.weight * x).sum();
            let weighs = plan.goals.iter().any(|g| g.weight != 0.0);
            (*i, if weighs { weighted } else { u[0] })
        })
        .collect();
    front.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    front.into_iter().map(|(i, _)| i).collect()
}

/// A CSV of `rows`.
fn table(
    plan: &SearchPlan,
    race: &Race,
    rows: &[&Row],
    on_front: &dyn Fn(usize) -> bool,
) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let several = plan.levels.len() > 1;
    let mut header: Vec<String> = vec!["candidate".into()];
    header.extend(plan.space.iter().map(|d| d.key.clone()));
    header.push("exact".into());
    header.push("games".into());
    if several {
        header.extend(plan.levels.iter().map(|l| format!("games@{}", l.label)));
    }
    for g in &plan.goals {
        header.extend(triple(&g.metric));
        if several {
            for l in &plan.levels {
                header.extend(triple(&format!("{}@{}", g.metric, l.label)));
            }
        }
    }
    header.extend([
        "on_front".into(),
        "dropped_round".into(),
        "dropped_by".into(),
    ]);
    w.write_record(&header).expect("a CSV row writes to memory");
    for r in rows {
        let c = &race.contenders[r.index];
        let mut row: Vec<String> = vec![plan.index_of(&c.candidate).to_string()];
        row.extend((0..plan.space.len()).map(|d| plan.value(&c.candidate, d)));
        row.push(c.exact().to_string());
        let games = c.games();
        row.push(games.iter().sum::<u64>().to_string());
        if several {
            row.extend(games.iter().map(u64::to_string));
        }
        for s in &r.standing {
            row.extend(cells(s.overall.map(|(m, _)| m)));
            if several {
                for e in &s.levels {
                    row.extend(cells(*e));
                }
            }
        }
        row.push(on_front(r.index).to_string());
        match c.dropped {
            Some((round, by)) => row.extend([
                round.to_string(),
                plan.index_of(&race.contenders[by].candidate).to_string(),
            ]),
            None => row.extend([String::new(), String::new()]),
        }
        w.write_record(&row).expect("a CSV row writes to memory");
    }
    w.into_inner().expect("a CSV flushes to memory")
}

/// An experiment that plays the front again at every level with fresh
/// seeds, as many games a cell as the most a front candidate played at a
/// level (at least 1,000), to check the answer.
fn confirm(plan: &SearchPlan, race: &Race, front: &[usize]) -> String {
    let games = front
        .iter()
        .flat_map(|&i| race.contenders[i].games())
        .max()
        .unwrap_or(0)
        .max(1000);
    let cells: Vec<_> = front
        .iter()
        .flat_map(|&i| {
            (0..plan.levels.len()).map(move |l| (race.contenders[i].candidate.clone(), l))
        })
        .collect();
    let text = plan.experiment_text(
        &format!("{}-confirm", plan.name),
        seed_of(plan.seed, CONFIRM),
        games,
        &cells,
    );
    format!(
        "# The front of the search `{}` ({}), played again with fresh seeds:\n# ludus run confirm.toml\n{text}",
        plan.name, plan.source
    )
}
