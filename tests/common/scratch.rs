//! Scratch folders for the tests: each test process writes under a folder
//! of its own in the system's temporary folder, and the folders of test
//! processes that have ended are removed when the next one starts, so that
//! runs of the suite do not pile folders up.

use std::path::{Path, PathBuf};
use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};

static NEXT: AtomicUsize = AtomicUsize::new(0);
static SWEPT: Once = Once::new();

/// The folder every test process writes under.
fn root() -> PathBuf {
    std::env::temp_dir().join("ludus-tests")
}

/// A fresh, empty folder for one test named `name`, in the folder of this
/// process of the test target `target`: tests run at once in one process,
/// so each call gets a numbered folder.
pub fn fresh(target: &str, name: &str) -> PathBuf {
    SWEPT.call_once(sweep);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = root()
        .join(format!("{target}-{}", std::process::id()))
        .join(format!("{name}-{n}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Removes the folders of test processes that no longer run (where /proc
/// says which do; elsewhere nothing is removed).
fn sweep() {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(root()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|n| n.rsplit('-').next())
            .and_then(|p| p.parse::<u32>().ok());
        if let Some(pid) = pid
            && pid != std::process::id()
            && !Path::new(&format!("/proc/{pid}")).exists()
        {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}
