//! `records.jsonl`: the games a run kept whole (`record = N`), one JSON
//! object a line, in (cell, index) order; and reading one back.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use crate::core::input::check_file;
use crate::core::input_error::InputError;
use crate::reports::atomic::write_atomic_with;
use crate::reports::records_error::RecordsError;
use crate::runner::game_record::GameRecord;

/// The file's name in a report folder.
pub const FILE: &str = "records.jsonl";

/// The largest records file read: far past what a run keeps of a few
/// games a cell, and small enough to refuse a wrong file quickly.
pub const MAX_FILE_BYTES: u64 = 1 << 32;

/// Writes `records` (in the order given) to `dir`/records.jsonl in one
/// step, replacing any older one.
pub fn write(dir: &Path, records: &[GameRecord]) -> std::io::Result<()> {
    write_atomic_with(&dir.join(FILE), |w| {
        let mut w = std::io::BufWriter::new(w);
        for r in records {
            writeln!(w, "{}", r.to_line())?;
        }
        w.flush()
    })
}

/// Removes `dir`/records.jsonl if there is one: a run that records
/// nothing leaves no records of an earlier run beside its report.
pub fn remove(dir: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(dir.join(FILE)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Game `game` (the line of that number, from 0) of the records file `path`.
pub fn read(path: &str, game: u64) -> Result<GameRecord, RecordsError> {
    let file_error = |error| RecordsError::File {
        path: path.to_string(),
        error,
    };
    check_file(path, MAX_FILE_BYTES).map_err(file_error)?;
    let file = std::fs::File::open(path).map_err(|e| file_error(InputError::Io(e.to_string())))?;
    let mut lines = 0;
    for line in BufReader::new(file).split(b'\n') {
        let line = line.map_err(|e| file_error(InputError::Io(e.to_string())))?;
        if lines == game {
            let malformed = |error: String| RecordsError::Malformed {
                path: path.to_string(),
                line: game,
                error,
            };
            let text = String::from_utf8(line).map_err(|e| malformed(e.to_string()))?;
            return GameRecord::from_line(&text).map_err(|e| malformed(e.to_string()));
        }
        lines += 1;
    }
    Err(RecordsError::OutOfRange {
        path: path.to_string(),
        game,
        lines,
    })
}
