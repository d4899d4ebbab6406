//! The report folder's rules, shared by `ludus run`, `merge`, `tournament`
//! and `slurm`: a folder holding another experiment's report is refused
//! unless forced, one holding an input is never written, and whether it
//! can be written is known before anything is played. (Its files are
//! written atomically, [`crate::reports::atomic`]; its checkpoint is read
//! back by [`crate::reports::resume`].)

use std::path::{Path, PathBuf};

use crate::plan::experiment::Experiment;
use crate::reports::folder_error::FolderError;
use crate::reports::partial::{self, Partial};

/// Refuses a folder that holds the report of another experiment (another
/// name or file), or report files with no manifest, unless `force`.
pub fn check_folder(dir: &Path, exp: &Experiment, force: bool) -> Result<(), FolderError> {
    if force {
        return Ok(());
    }
    let dir_buf = || dir.to_path_buf();
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
