//! Everything that can go wrong between a played game and the archive, each with a
//! message a person can act on.

use std::fmt;
use std::path::PathBuf;

use chess4d_archive::storage::{GameId, StorageError};
use chess4d_core::{Color, FenError, IllegalMoveError, Outcome};
use chess4d_variants::LoadError;

/// A move of a stored or imported game that the rules refuse now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The stored starting position does not read as a position of the variant.
    BadStart {
        /// The position string.
        fen: String,
        /// What the rules said.
        source: FenError,
    },
    /// A move does not parse or is not legal where it stands.
    BadMove {
        /// 0-based index in the move list (0 = the first move played).
        ply: usize,
        /// The number a game text gives the move (1 for the first pair).
        number: usize,
        /// The side that made it.
        side: Color,
        /// The move as stored.
        text: String,
        /// What the rules said.
        source: IllegalMoveError,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::BadStart { fen, source } => {
                write!(f, "the starting position \"{fen}\" does not read: {source}")
            }
            ReplayError::BadMove {
                number,
                side,
                text,
                source,
                ..
            } => {
                let dots = if *side == Color::White { "." } else { "..." };
                write!(f, "move {number}{dots} {text} ({side}): {source}")
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// A failure of the ratings service.
#[derive(Debug)]
pub enum RatingsError {
    /// The archive refused or failed.
    Storage(StorageError),
    /// Only computer levels 1 to 8 exist.
    ComputerLevel(u8),
    /// A profile with this name already exists.
    ProfileExists(String),
    /// No profile has this name.
    UnknownProfile(String),
    /// `record_game` was handed a game that is still going on.
    NotFinished,
    /// `adjourn` was handed a game that is already over.
    AlreadyOver(Outcome),
    /// The game's variant is not in the catalog (or its file is broken).
    Variant {
        /// The archived game, when it is one.
        game: Option<GameId>,
        /// The variant's name.
        variant: String,
        /// What the catalog said (boxed: a load error is large).
        source: Box<LoadError>,
    },
    /// An archived game no longer replays under the current rules.
    Replay {
        /// The game.
        game: GameId,
        /// The variant's name.
        variant: String,
        /// The move (or start) at fault.
        source: Box<ReplayError>,
    },
    /// The game is finished; only adjourned games can be resumed or saved over.
    NotAdjourned(GameId),
    /// The game handed in is not the archived game it claims to continue.
    DifferentGame {
        /// The archived game.
        game: GameId,
        /// What differs.
        what: String,
    },
    /// The file that remembers the current player could not be written.
    CurrentPlayerFile {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
}

impl fmt::Display for RatingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingsError::Storage(error) => error.fmt(f),
            RatingsError::ComputerLevel(level) => {
                write!(
                    f,
                    "there is no computer level {level}; levels go from 1 to 8"
                )
            }
            RatingsError::ProfileExists(name) => {
                write!(
                    f,
                    "a profile named \"{name}\" already exists; choose it instead"
                )
            }
            RatingsError::UnknownProfile(name) => write!(
                f,
                "there is no profile named \"{name}\"; `chess4d players` lists them"
            ),
            RatingsError::NotFinished => f.write_str(
                "the game is not over yet; adjourn it, or end it (resign, agree a draw) first",
            ),
            RatingsError::AlreadyOver(outcome) => write!(
                f,
                "the game is over ({outcome}); record it as finished instead of adjourning it"
            ),
            RatingsError::Variant {
                game,
                variant,
                source,
            } => {
                if let Some(game) = game {
                    write!(f, "{game}: ")?;
                }
                write!(f, "cannot load the variant \"{variant}\": {source}")
            }
            RatingsError::Replay {
                game,
                variant,
                source,
            } => write!(
                f,
                "{game} no longer replays under the rules of \"{variant}\": {source} (has the \
                 variant file changed since the game was played?)"
            ),
            RatingsError::NotAdjourned(game) => {
                write!(
                    f,
                    "{game} is finished; only an adjourned game can be continued"
                )
            }
            RatingsError::DifferentGame { game, what } => {
                write!(f, "this is not the game stored as {game}: {what}")
            }
            RatingsError::CurrentPlayerFile { path, source } => write!(
                f,
                "could not remember the current player in {}: {source}",
                path.display()
            ),
        }
    }
}

impl std::error::Error for RatingsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RatingsError::Storage(error) => Some(error),
            RatingsError::Variant { source, .. } => Some(source.as_ref()),
            RatingsError::Replay { source, .. } => Some(source.as_ref()),
            RatingsError::CurrentPlayerFile { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl From<StorageError> for RatingsError {
    fn from(error: StorageError) -> Self {
        RatingsError::Storage(error)
    }
}
