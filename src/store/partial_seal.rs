//! A partial's seal: the SHA-256 of everything it holds but the seconds,
//! made of its cells' digests so that a writer streams them, and its JSON
//! sealed. A partial changed by hand or damaged is refused by it.

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::store::cell_record::CellRecord;
use crate::store::partial::{FORMAT, Partial, VERSION};
use crate::store::partial_manifest::PartialManifest;

/// The SHA-256 of `bytes`, in hex.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// What [`Partial::to_json`] writes: the partial with its seal.
#[derive(Serialize)]
struct Sealed<'a> {
    format: &'a str,
    version: u32,
    seal: &'a str,
    manifest: &'a PartialManifest,
    cells: &'a [CellRecord],
}

impl Partial {
    /// The SHA-256 of everything the partial holds but the seconds (which
    /// are not exact and need not survive a round trip through decimal
    /// text bit for bit).
    pub(crate) fn seal_of(&self) -> String {
        Partial::seal_from(&self.manifest, self.cells.iter().map(CellRecord::digest))
    }

    /// The seal of a partial of `manifest` whose cells' records have these
    /// [`CellRecord::digest`]s, in cell order: made of the digests, so that
    /// a writer that streams the records need not hold them all at once.
    pub fn seal_from(
        manifest: &PartialManifest,
        digests: impl Iterator<Item = [u8; 32]>,
    ) -> String {
        let mut h = Sha256::new();
        h.update(serde_json::to_vec(&(FORMAT, VERSION)).expect("a pair serializes"));
        h.update(serde_json::to_vec(manifest).expect("a manifest serializes"));
        for d in digests {
            h.update(d);
        }
        format!("{:x}", h.finalize())
    }

    /// The partial's JSON, sealed.
    pub fn to_json(&self) -> Vec<u8> {
        self.to_json_sealed(&self.seal_of())
    }

    /// The partial's JSON with the seal `seal` (see [`Partial::seal_from`]).
    pub fn to_json_sealed(&self, seal: &str) -> Vec<u8> {
        serde_json::to_vec(&Sealed {
            format: &self.format,
            version: self.version,
            seal,
            manifest: &self.manifest,
            cells: &self.cells,
        })
        .expect("a partial serializes")
    }
}
