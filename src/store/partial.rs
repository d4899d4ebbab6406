//! partial.json: the exact tallies of some of a run's games, and what run
//! they belong to. A shard writes one (`ludus run --shard K/N`), every run
//! keeps one as its checkpoint (`--resume` reads it), and `ludus merge`
//! sums them into the reports a single run writes.
//!
//! The format is versioned ([`FORMAT`], [`VERSION`]) and documented in
//! reports/README.md. Every count is an exact integer, so partials add up
//! to exactly what one run counts, whatever the shards and threads.
//!
//! The format's parts are files of their own: [`crate::store::partial_manifest`]
//! (what run it is of), [`crate::store::cell_record`] (a cell's exact
//! tally), the seal ([`crate::store::partial_seal`]), and its checks: the
//! plans it is of ([`crate::store::partial_plans`]), its cells' states
//! ([`crate::store::partial_states`], [`crate::store::cell_checks`]).

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::core::input::read_text;
use crate::core::text::printable;
use crate::store::cell_record::CellRecord;
use crate::store::partial_error::{PartialError, PartialFileError};
use crate::store::partial_manifest::PartialManifest;

/// The file's name in a report or shard folder.
pub const FILE: &str = "partial.json";

/// What the file's `format` says.
pub const FORMAT: &str = "ludus-partial";

/// The version of the format this ludus writes and reads.
pub const VERSION: u32 = 5;

/// `kind` of a partial of `ludus run`.
pub const EXPERIMENT: &str = "experiment";

/// `kind` of a partial of `ludus tournament`.
pub const TOURNAMENT: &str = "tournament";

/// The largest partial read.
pub const MAX_BYTES: u64 = 1 << 30;

/// A partial: the manifest, then one record per cell of the experiment.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Partial {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format's version, [`VERSION`].
    pub version: u32,
    /// SHA-256 of everything below but the seconds, as ludus wrote it: a
    /// partial changed by hand or damaged is refused. It is no signature
    /// (whoever rewrites a partial can seal it again); the checks of
    /// [`Partial::states`] are what stand against a rewritten one.
    #[serde(default)]
    pub seal: String,
    /// What run the tallies belong to.
    pub manifest: PartialManifest,
    /// Every cell of the experiment, in order, with the games held of it.
    pub cells: Vec<CellRecord>,
}

impl Partial {
    /// A partial of `manifest` with a record per cell.
    pub fn new(manifest: PartialManifest, cells: Vec<CellRecord>) -> Partial {
        Partial {
            format: FORMAT.to_string(),
            version: VERSION,
            seal: String::new(),
            manifest,
            cells,
        }
    }

    /// Reads and checks a partial (see [`Partial::states`]), and that it
    /// is as ludus wrote it (its seal); the error names the file.
    pub fn read(path: &Path) -> Result<Partial, PartialFileError> {
        Partial::read_unnamed(path).map_err(|error| PartialFileError {
            path: path.to_path_buf(),
            error,
        })
    }

    /// [`Partial::read`], the error not naming the file.
    fn read_unnamed(path: &Path) -> Result<Partial, PartialError> {
        let text =
            read_text(&path.to_string_lossy(), MAX_BYTES).map_err(PartialError::Unreadable)?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| PartialError::NotJson(e.to_string()))?;
        drop(text);
        if value["format"] != FORMAT {
            return Err(PartialError::NotPartial { format: FORMAT });
        }
        if value["version"] != VERSION {
            return Err(PartialError::Version {
                found: printable(value["version"].to_string().as_bytes(), false),
                reads: VERSION,
            });
        }
        let p: Partial =
            serde_json::from_value(value).map_err(|e| PartialError::Shape(e.to_string()))?;
        p.states()?;
        if p.seal != p.seal_of() {
            return Err(PartialError::at(
                "seal",
                "does not match what it holds: the partial was changed after ludus wrote it, \
                 or damaged; use the partial as the run wrote it (or play its games again)",
            ));
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_no_partial_is_named_with_what_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("partial.json");
        std::fs::write(&path, "{\"format\": \"other\"}").unwrap();
        let e = Partial::read(&path).unwrap_err();
        assert_eq!(e.path, path);
        assert!(matches!(e.error, PartialError::NotPartial { .. }));
        assert_eq!(
            e.to_string(),
            format!(
                "{}: is not a ludus partial (no \"format\": \"ludus-partial\")",
                path.display()
            )
        );
    }
}
