//! Writing report files so that an interrupted run never leaves half a file.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file in the same folder and a
/// rename, which replaces the old file in one step. The file gets the mode a
/// plain new file gets (0666 less the umask, 0644 usually), not the private
/// 0600 of a temporary file: a report is meant to be read.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_replacing(path, bytes, true)
}

/// As [`write_atomic`], without waiting for the disk: for files made again
/// from the CSVs whenever a report is written (the charts and the page),
/// where a crash may lose the new file but never leaves half of one.
/// Thousands of charts each synced would cost more than the run.
pub fn write_derived(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_replacing(path, bytes, false)
}

/// As [`write_atomic`], for a file written piece by piece by `write`
/// (buffered), so that a large file is never held whole in memory.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    replace_with(path, true, write)
}

fn write_replacing(path: &Path, bytes: &[u8], sync: bool) -> std::io::Result<()> {
    replace_with(path, sync, |w| w.write_all(bytes))
}

fn replace_with(
    path: &Path,
    sync: bool,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
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
    {
        let mut buffered = std::io::BufWriter::with_capacity(1 << 16, tmp.as_file_mut());
        write(&mut buffered)?;
        buffered.flush()?;
    }
    if sync {
        tmp.as_file().sync_all()?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
