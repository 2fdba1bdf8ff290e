//! Everything that can go wrong reading or writing the archive, each with a message a
//! person can act on.

use std::fmt;
use std::path::PathBuf;

use super::{GameId, PlayerId};
use crate::record::BadMove;

/// A failure of the game archive.
#[derive(Debug)]
pub enum StorageError {
    /// The database file could not be opened or set up.
    Open {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// The folder for the database could not be created.
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// No data folder could be worked out because an environment variable is unset.
    NoDataDir {
        /// The variable that was needed.
        missing: &'static str,
    },
    /// SQLite refused an operation.
    Database {
        /// What the archive was doing, as "could not ..." completes it.
        action: &'static str,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// The database was written by a newer chess4d.
    NewerSchema {
        /// The database's schema version.
        found: u32,
        /// The newest version this build knows.
        known: u32,
    },
    /// The database holds something this build cannot read.
    Corrupt {
        /// What was found.
        what: String,
    },
    /// No player has this id.
    UnknownPlayer(PlayerId),
    /// No game has this id.
    UnknownGame(GameId),
    /// The game is finished; its record can no longer change.
    GameFinished(GameId),
    /// A rated game needs two different players.
    SelfPlay(PlayerId),
    /// A rated game needs a decided result.
    UndecidedRatedGame,
    /// An adjourned game cannot have a result yet.
    AdjournedWithResult(crate::GameResult),
    /// A move is not a storable move string.
    BadMove {
        /// The move's index in the game (0 = White's first).
        index: usize,
        /// What is wrong with it.
        source: BadMove,
    },
    /// A text field (a name, a variant, a FEN, a termination reason) is not acceptable.
    BadText {
        /// The field.
        field: &'static str,
        /// The value given.
        value: String,
        /// What the field must be.
        expected: String,
    },
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::Open { path, source } => write!(
                f,
                "could not open the game archive {}: {source} (is it a chess4d archive, and \
                 may this user write to it?)",
                path.display()
            ),
            StorageError::CreateFolder { path, source } => {
                write!(
                    f,
                    "could not create the folder {}: {source}",
                    path.display()
                )
            }
            StorageError::NoDataDir { missing } => write!(
                f,
                "cannot tell where to keep the game archive: {missing} is not set; set \
                 {} to a folder",
                super::DATA_DIR_VAR
            ),
            StorageError::Database { action, source } => {
                write!(f, "could not {action} in the game archive: {source}")
            }
            StorageError::NewerSchema { found, known } => write!(
                f,
                "the game archive has schema version {found} but this chess4d knows only up \
                 to {known}; use a newer chess4d or another archive file"
            ),
            StorageError::Corrupt { what } => {
                write!(f, "the game archive is damaged: {what}")
            }
            StorageError::UnknownPlayer(id) => write!(f, "there is no {id} in the archive"),
            StorageError::UnknownGame(id) => write!(f, "there is no {id} in the archive"),
            StorageError::GameFinished(id) => {
                write!(f, "{id} is finished; a finished game cannot change")
            }
            StorageError::SelfPlay(id) => write!(
                f,
                "{id} cannot play a rated game against itself; record it unrated"
            ),
            StorageError::UndecidedRatedGame => f.write_str(
                "a rated game needs a result of 1-0, 0-1 or 1/2-1/2, not *; record it unrated \
                 or adjourn it",
            ),
            StorageError::AdjournedWithResult(result) => write!(
                f,
                "an adjourned game has no result yet, but this one says {result}; record it \
                 as finished instead"
            ),
            StorageError::BadMove { index, source } => {
                write!(f, "move {} of the game: {source}", index + 1)
            }
            StorageError::BadText {
                field,
                value,
                expected,
            } => write!(
                f,
                "the {field} \"{}\" is not allowed: it must be {expected}",
                value.escape_debug()
            ),
        }
    }
}

impl std::error::Error for StorageError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StorageError::Open { source, .. } | StorageError::Database { source, .. } => {
                Some(source)
            }
            StorageError::CreateFolder { source, .. } => Some(source),
            StorageError::BadMove { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Names what the archive was doing when SQLite failed.
pub(crate) trait Context<T> {
    fn context(self, action: &'static str) -> Result<T, StorageError>;
}

impl<T> Context<T> for Result<T, rusqlite::Error> {
    fn context(self, action: &'static str) -> Result<T, StorageError> {
        self.map_err(|source| StorageError::Database { action, source })
    }
}
