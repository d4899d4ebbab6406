//! The report folder's rules, shared by `ludus run`, `merge`, `tournament`
//! and `slurm`: a folder holding another experiment's report is refused
//! unless forced, one holding an input is never written, and whether it
//! can be written is known before anything is played. (Its files are
//! written atomically, [`crate::store::atomic`]; its checkpoint is read
//! back by [`crate::store::resume`].)

use std::path::{Path, PathBuf};

use crate::plan::experiment::Experiment;
use crate::store::folder_error::FolderError;
use crate::store::partial::{self, Partial};

/// The file a tournament's report is known by.
pub const TOURNAMENT_MANIFEST: &str = "tournament.json";

/// The keys of tournament.json that settle which games its report holds:
/// two reports that agree on them are of the same games.
pub const TOURNAMENT_IDENTITY: &[&str] = &[
    "tournament",
    "source",
    "file_sha256",
    "ludus_version",
    "game",
    "options",
    "policies",
    "seed",
    "games_per_pairing",
    "on_bot_error",
];

/// Refuses a folder that holds the report of another experiment (another
/// name or file), a tournament's report, or report files with no
/// manifest, unless `force`. (A finished run of other settings is
/// refused by its checkpoint, [`crate::store::resume::prior_states`].)
pub fn check_folder(dir: &Path, exp: &Experiment, force: bool) -> Result<(), FolderError> {
    if force {
        return Ok(());
    }
    let dir_buf = || dir.to_path_buf();
    if dir.join(TOURNAMENT_MANIFEST).exists() {
        return Err(FolderError::OtherKind {
            dir: dir_buf(),
            found: "a tournament",
            wanted: "an experiment",
        });
    }
    match std::fs::read(dir.join("manifest.json")) {
        Ok(bytes) => match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(m) => {
                let name = m["experiment"].as_str().unwrap_or("");
                let source = m["source"].as_str().unwrap_or("");
                if name != exp.name || source != exp.source {
                    return Err(FolderError::OtherReport {
                        dir: dir_buf(),
                        experiment: name.to_string(),
                        file: source.to_string(),
                        wanted: exp.name.clone(),
                        wanted_file: exp.source.clone(),
                    });
                }
                Ok(())
            }
            Err(_) => Err(FolderError::ForeignManifest { dir: dir_buf() }),
        },
        // A run killed while writing its report may leave its CSVs without
        // a manifest, but its checkpoint says whose they are.
        Err(_) if dir.join("summary.csv").exists() => {
            match Partial::read(&dir.join(partial::FILE)) {
                Ok(p) if p.manifest.experiment == exp.name && p.manifest.source == exp.source => {
                    Ok(())
                }
                _ => Err(FolderError::NoManifest { dir: dir_buf() }),
            }
        }
        Err(_) => Ok(()),
    }
}

/// Refuses, unless `force`, a folder that holds an experiment's report,
/// or the report of a tournament whose `identity` (the
/// [`TOURNAMENT_IDENTITY`] keys of its tournament.json) is not this one's:
/// a tournament played again with the same settings rewrites the same
/// report, with others it would lose one.
pub fn check_tournament_folder(
    dir: &Path,
    identity: &serde_json::Value,
    force: bool,
) -> Result<(), FolderError> {
    if force {
        return Ok(());
    }
    let dir_buf = || dir.to_path_buf();
    if dir.join("manifest.json").exists() || dir.join("summary.csv").exists() {
        return Err(FolderError::OtherKind {
            dir: dir_buf(),
            found: "an experiment",
            wanted: "a tournament",
        });
    }
    let Ok(bytes) = std::fs::read(dir.join(TOURNAMENT_MANIFEST)) else {
        return Ok(());
    };
    let Ok(held) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
        return Err(FolderError::OtherSettings {
            dir: dir_buf(),
            differs: format!("its {TOURNAMENT_MANIFEST} is not a ludus tournament's"),
        });
    };
    let differs: Vec<String> = TOURNAMENT_IDENTITY
        .iter()
        .filter(|&&k| held[k] != identity[k])
        .map(|&k| format!("{k} {}, not {}", held[k], identity[k]))
        .collect();
    if differs.is_empty() {
        return Ok(());
    }
    Err(FolderError::OtherSettings {
        dir: dir_buf(),
        differs: differs.join("; "),
    })
}

/// Checks, before any game is played, that the report can be written
/// into `dir`: it is made if needed and a scratch file is written and
/// removed.
pub fn check_writable(dir: &Path) -> Result<(), FolderError> {
    let refuse = |error: std::io::Error| FolderError::Unwritable {
        dir: dir.to_path_buf(),
        error,
    };
    std::fs::create_dir_all(dir).map_err(refuse)?;
    let probe = tempfile::Builder::new()
        .prefix(".ludus-write-check")
        .tempfile_in(dir)
        .map_err(refuse)?;
    probe.close().map_err(refuse)
}

/// Refuses an output folder that holds one of the partials to merge: the
/// merge would write its own partial.json (and report files) over it.
/// Paths are compared canonical, so that `s1/.`, `./s1` or a link to `s1`
/// are `s1`. An output folder inside an input folder, or an input inside
/// the output, is written beside the partials and overwrites none.
pub fn check_out_is_no_input(out: &Path, files: &[PathBuf]) -> Result<(), FolderError> {
    let Ok(out_real) = out.canonicalize() else {
        // A folder not made yet holds no partial.
        return Ok(());
    };
    for file in files {
        let folder = match file.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        if file.exists() && folder.canonicalize().is_ok_and(|f| f == out_real) {
            return Err(FolderError::OutIsInput {
                out: out.to_path_buf(),
                file: file.clone(),
            });
        }
    }
    Ok(())
}
