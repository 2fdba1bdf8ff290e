//! Errors that point at a place in a variant file.

use std::fmt;
use std::ops::Range;

/// A problem in a variant file, located by line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantFileError {
    /// The file (or `<embedded:NAME>` for built-in variants).
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The line of the file where it is (empty when there is no file text).
    pub source_line: String,
}

impl VariantFileError {
    /// An error at a byte offset of `text`.
    pub(crate) fn at(path: &str, text: &str, offset: usize, message: impl Into<String>) -> Self {
        let offset = offset.min(text.len());
        let mut line = 1;
        let mut line_start = 0;
        for (i, b) in text.bytes().enumerate().take(offset) {
            if b == b'\n' {
                line += 1;
                line_start = i + 1;
            }
        }
        let column = text
            .get(line_start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        VariantFileError {
            path: path.to_string(),
            line,
            column,
            message: message.into(),
            source_line: text[line_start..].lines().next().unwrap_or("").to_string(),
        }
    }

    pub(crate) fn spanned(
        path: &str,
        text: &str,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        Self::at(path, text, span.start, message)
    }
}

impl fmt::Display for VariantFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.path, self.line, self.column, self.message
        )?;
        if !self.source_line.trim().is_empty() {
            // Keep tabs so the caret lines up under the column.
            let pad: String = self
                .source_line
                .chars()
                .take(self.column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "\n  | {}\n  | {pad}^", self.source_line)?;
        }
        Ok(())
    }
}

impl std::error::Error for VariantFileError {}

/// Why a variant could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io {
        /// The file.
        path: String,
        /// The system's error.
        error: std::io::Error,
    },
    /// The file is wrong at a known place.
    File(VariantFileError),
    /// No variant of that name in the catalog.
    Unknown {
        /// The name asked for.
        name: String,
        /// The names there are.
        known: Vec<String>,
        /// The known names nearest to it, best first (empty when none is close).
        nearest: Vec<String>,
    },
    /// A rule plugin could not be loaded or misbehaved (a stored message).
    Plugin(String),
    /// A rule plugin library could not be found, opened or trusted.
    PluginLibrary(crate::plugin::PluginError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io { path, error } => write!(f, "{path}: cannot read: {error}"),
            LoadError::File(e) => e.fmt(f),
            LoadError::Unknown {
                name,
                known,
                nearest,
            } => {
                write!(f, "no variant named '{name}'")?;
                match nearest.as_slice() {
                    [] => {}
                    [one] => write!(f, "; did you mean '{one}'?")?,
                    many => write!(f, "; did you mean one of: {}?", many.join(", "))?,
                }
                write!(
                    f,
                    " (`chess4d variants` lists all {}; a path to a .toml file also works)",
                    known.len()
                )
            }
            LoadError::Plugin(msg) => write!(f, "{msg}"),
            LoadError::PluginLibrary(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {}

impl From<VariantFileError> for LoadError {
    fn from(e: VariantFileError) -> Self {
        LoadError::File(e)
    }
}
