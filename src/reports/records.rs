//! `records.jsonl`: the games a run kept whole (`record = N`), one JSON
//! object a line, in (cell, index) order; and reading one back. Beside
//! it, `records/`: each kept game of a game that has a standard notation
//! (Rithmomachy: boardspace.net's SGF) in that notation, one file a game.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use crate::core::input::check_file;
use crate::core::input_error::InputError;
use crate::reports::records_error::RecordsError;
use crate::reports::replay_page::{self, ReplayPage};
use crate::runner::game_record::GameRecord;
use crate::store::atomic::{write_atomic, write_atomic_with};

/// The file's name in a report folder.
pub const FILE: &str = "records.jsonl";

/// The largest records file read: far past what a run keeps of a few
/// games a cell, and small enough to refuse a wrong file quickly.
pub const MAX_FILE_BYTES: u64 = 1 << 32;

/// The folder, beside the file, of the kept games in their game's own
/// notation.
pub const NOTATION_DIR: &str = "records";

/// Writes `records` (in the order given) to `dir`/records.jsonl, replacing
/// any older one in one step once the last is written, and each record
/// that its game can write in its own notation to `dir`/records/ as
/// `cell-C-game-I.EXT`, replacing the folder's older files; then
/// `dir`/records.html, the games replayed on their boards
/// ([`crate::reports::replay_page`]). Each record is written and replayed
/// as it comes and dropped, so that keeping every game of a run costs
/// disk, not memory (the page keeps its first games' pictures, as SVG).
/// Returns how many records were written.
pub fn write(dir: &Path, records: impl IntoIterator<Item = GameRecord>) -> std::io::Result<usize> {
    remove_notation(dir).map_err(|e| naming(NOTATION_DIR, e))?;
    let mut count = 0;
    let mut page = ReplayPage::new();
    // Set when the error met is a notation file's, named already.
    let mut in_notation = false;
    write_atomic_with(&dir.join(FILE), |w| {
        let mut w = std::io::BufWriter::new(w);
        for r in records {
            writeln!(w, "{}", r.to_line())?;
            page.add(&r);
            if let Some((name, text)) = notation(&r) {
                let folder = dir.join(NOTATION_DIR);
                let file = format!("{NOTATION_DIR}/{name}");
                in_notation = true;
                std::fs::create_dir_all(&folder).map_err(|e| naming(NOTATION_DIR, e))?;
                write_atomic(&folder.join(name), text.as_bytes()).map_err(|e| naming(&file, e))?;
                in_notation = false;
            }
            count += 1;
        }
        w.flush()
    })
    .map_err(|e| if in_notation { e } else { naming(FILE, e) })?;
    let folder = dir.file_name().unwrap_or(dir.as_os_str());
    let title = format!("Replays: {}", folder.to_string_lossy());
    write_atomic(&dir.join(replay_page::FILE), page.html(&title).as_bytes())
        .map_err(|e| naming(replay_page::FILE, e))?;
    Ok(count)
}

/// `error`, saying the file (in the report folder) it was met writing.
fn naming(file: &str, error: std::io::Error) -> std::io::Error {
    std::io::Error::new(error.kind(), format!("{file}: {error}"))
}

/// The file name and text of `record` in its game's own notation, if the
/// game has one and the record's game fits it.
fn notation(record: &GameRecord) -> Option<(String, String)> {
    let entry = crate::registry::find(&record.game)?;
    let extension = entry.written_extension()?;
    let moves: Vec<(usize, &str)> = (record.moves())
        .map(|m| (m.seat - 1, m.mv.as_str()))
        .collect();
    let players: Vec<String> = (record.seats.iter().enumerate())
        .map(|(s, p)| format!("seat {}: {p}", s + 1))
        .collect();
    let options: Vec<(String, String)> = (record.options.iter())
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let given: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let comment = format!(
        "ludus {}: {}, game {}, seed {}, {}; ended by {}",
        record.game,
        record.place(),
        record.index,
        record.seed,
        given.join(" "),
        record.ending
    );
    let text = entry.write_record(&options, &moves, &players, &comment)?;
    let name = format!("cell-{}-game-{}.{extension}", record.cell, record.index);
    Some((name, text))
}

/// Removes `dir`/records.jsonl, records.html and the notation folder if
/// there are any: a run that records nothing leaves no records of an
/// earlier run beside its report.
pub fn remove(dir: &Path) -> std::io::Result<()> {
    for file in [FILE, replay_page::FILE] {
        match std::fs::remove_file(dir.join(file)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    remove_notation(dir)
}

/// Removes the notation folder's files of an earlier run (only the files
/// of the names this module writes, so that nothing else a user keeps
/// there is lost), and the folder if that empties it.
fn remove_notation(dir: &Path) -> std::io::Result<()> {
    let folder = dir.join(NOTATION_DIR);
    let entries = match std::fs::read_dir(&folder) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        other => other?,
    };
    for entry in entries {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("cell-") && name.contains("-game-") {
            std::fs::remove_file(&path)?;
        }
    }
    // Left where the user keeps other files in it.
    let _ = std::fs::remove_dir(&folder);
    Ok(())
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
