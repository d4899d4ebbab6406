//! Reading an input file (an experiment, a position, a script) that may be
//! anything a path can name: only a regular file is read, only up to a
//! size no input needs, so that `/dev/zero`, a FIFO or a directory is
//! refused at once with a message instead of hanging or filling memory.

use std::io::Read;

use crate::core::input_error::InputError;
use crate::core::position_error::PositionError;

/// Checks, without opening it, that `path` is a regular file of at most
/// `max` bytes.
pub fn check_file(path: &str, max: u64) -> Result<std::fs::Metadata, InputError> {
    // metadata() follows links and, unlike open(), never blocks on a FIFO.
    let meta = std::fs::metadata(path).map_err(|e| InputError::Io(e.to_string()))?;
    if meta.is_dir() {
        return Err(InputError::Directory);
    }
    if !meta.is_file() {
        return Err(InputError::NotRegular);
    }
    if meta.len() > max {
        return Err(InputError::TooBig { max });
    }
    Ok(meta)
}

/// The text of the regular file `path`, at most `max` bytes of UTF-8, or
/// why it cannot be read (without the path: the caller names the file).
///
/// ```
/// use ludus::core::input::read_text;
/// assert!(read_text("/dev/zero", 1000).unwrap_err().to_string().contains("not a regular file"));
/// assert!(read_text("/", 1000).unwrap_err().to_string().contains("a directory"));
/// ```
pub fn read_text(path: &str, max: u64) -> Result<String, InputError> {
    let meta = check_file(path, max)?;
    let file = std::fs::File::open(path).map_err(|e| InputError::Io(e.to_string()))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| InputError::Io(e.to_string()))?;
    if bytes.len() as u64 > max {
        return Err(InputError::TooBig { max });
    }
    String::from_utf8(bytes).map_err(|e| InputError::NotUtf8 {
        offset: e.utf8_error().valid_up_to(),
    })
}

/// The most plies a position file may say were played before it: far past
/// any game's cap, and far enough below `u32::MAX` that counting on from
/// it never wraps.
pub const MAX_PLY: u32 = 1_000_000_000;

/// `ply` as a position file gives it, or why it is refused. A reader takes
/// the number as a `u64`, so that a ply past `u32::MAX` is refused here,
/// with the number given and the key named, rather than by the JSON reader.
///
/// ```
/// use ludus::core::input::check_ply;
/// assert_eq!(check_ply(12), Ok(12));
/// assert!(check_ply(u32::MAX.into()).unwrap_err().to_string().contains("`ply`"));
/// assert!(check_ply(1_000_000_000_000).unwrap_err().to_string().contains("1000000000000"));
/// ```
pub fn check_ply(ply: u64) -> Result<u32, PositionError> {
    match u32::try_from(ply) {
        Ok(ply) if ply <= MAX_PLY => Ok(ply),
        _ => Err(PositionError::Content(format!(
            "`ply`: {ply} is more than the {MAX_PLY} plies a position may have behind it"
        ))),
    }
}
