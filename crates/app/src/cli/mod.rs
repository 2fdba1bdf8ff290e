//! The command-line verbs. Each prints its result on stdout and its errors on stderr.

pub mod archive;
pub mod engine;
pub mod render;
pub mod rules;
pub mod uci;
pub mod view;

use std::fmt;

/// An error for the user: printed on stderr, exit status 1 (2 for usage errors).
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// Result of a verb.
pub type CliResult = Result<(), CliError>;
