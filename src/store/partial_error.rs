//! `PartialError`: why a partial.json is refused, naming the field
//! (`cells[3].lengths[0]`); `PartialFileError`: the same, naming the file.

use crate::core::input_error::InputError;
use std::path::PathBuf;

use thiserror::Error;

/// What is wrong with a partial.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PartialError {
    /// The file cannot be read as text (too large, not a file, ...).
    #[error("{0}")]
    Unreadable(InputError),
    /// It is not JSON.
    #[error("is not JSON: {0}")]
    NotJson(String),
    /// It is JSON, but no partial.
    #[error("is not a ludus partial (no \"format\": \"{format}\")")]
    NotPartial {
        /// What a partial's `format` says.
        format: &'static str,
    },
    /// A partial of another version of the format.
    #[error("is a partial of format version {found}; this ludus reads version {reads}")]
    Version {
        /// The version it says, as written.
        found: String,
        /// The version this ludus reads.
        reads: u32,
    },
    /// Its fields are not a partial's (a field missing, unknown, of
    /// another type), as serde says.
    #[error("{0}")]
    Shape(String),
    /// A field holds what no run of its experiment writes.
    #[error("{field}: {problem}")]
    Field {
        /// The field, as a path into the JSON (`cells[3].lengths[0]`).
        field: String,
        /// What is wrong with it.
        problem: String,
    },
}

impl PartialError {
    /// Field `field` holds what no run writes: `problem`.
    pub fn at(field: impl Into<String>, problem: impl Into<String>) -> PartialError {
        PartialError::Field {
            field: field.into(),
            problem: problem.into(),
        }
    }

    /// The error of a field inside `outer` (`cells[3]`): the field's path
    /// from the top of the file.
    pub fn within(self, outer: &str) -> PartialError {
        match self {
            PartialError::Field { field, problem } => PartialError::Field {
                field: format!("{outer}.{field}"),
                problem,
            },
            other => other,
        }
    }
}

/// A partial file that is refused: the file and what is wrong with it.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{}: {error}", path.display())]
pub struct PartialFileError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    #[source]
    pub error: PartialError,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_inside_a_cell_is_named_from_the_top_of_the_file() {
        let e = PartialError::at("lengths[0]", "length 5 after 7: lengths must increase")
            .within("cells[3]");
        assert!(matches!(&e, PartialError::Field { field, .. } if field == "cells[3].lengths[0]"));
        assert_eq!(
            e.to_string(),
            "cells[3].lengths[0]: length 5 after 7: lengths must increase"
        );
    }
}
