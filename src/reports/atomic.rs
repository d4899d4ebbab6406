//! Writing report files so that an interrupted run never leaves half a file.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file in the same folder and a
/// rename, which replaces the old file in one step. The file gets the mode a
/// plain new file gets (0666 less the umask, 0644 usually), not the private
/// 0600 of a temporary file: a report is meant to be read.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut builder = tempfile::Builder::new();
    builder.prefix(".ludus-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The kernel applies the umask to the mode asked for at creation.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
