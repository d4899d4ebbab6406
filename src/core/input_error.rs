//! Why an input file could not be read. The message leaves the path out:
//! the caller names the file, as it knows what the file was for.

use thiserror::Error;

/// An input file refused.
///
/// ```
/// use ludus::core::input::read_text;
/// use ludus::core::input_error::InputError;
/// assert_eq!(read_text("/", 1000), Err(InputError::Directory));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InputError {
    /// The path names a directory.
    #[error("is a directory, not a file")]
    Directory,
    /// The path names a device, a FIFO or a socket.
    #[error("is not a regular file (a device, a FIFO or a socket?)")]
    NotRegular,
    /// The file is larger than any input of its kind needs.
    #[error("is larger than {} KiB, more than any input needs", .max >> 10)]
    TooBig {
        /// The most bytes it may have.
        max: u64,
    },
    /// The file is not UTF-8 text.
    #[error("is not UTF-8 text (a byte that is not, at offset {offset})")]
    NotUtf8 {
        /// The offset of the first byte that is not.
        offset: usize,
    },
    /// The system refused to read it (no such file, no permission).
    #[error("{0}")]
    Io(String),
}
