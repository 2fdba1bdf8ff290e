//! The shapes of games going into and coming out of the archive.

use super::games::check_moves;
use super::players::check_text;
use super::{GameId, Player, PlayerId, StorageError, UnixTime};
use crate::rating::glicko2::Glicko2Rating;
use crate::record::GameResult;

const MAX_VARIANT_CHARS: usize = 64;
const MAX_FEN_CHARS: usize = 4096;
const MAX_TERMINATION_CHARS: usize = 200;
const MAX_TIME_CONTROL_CHARS: usize = 32;

/// Whether a game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Over; its record never changes again.
    Finished,
    /// Interrupted, to be continued.
    Adjourned,
}

impl GameStatus {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            GameStatus::Finished => "finished",
            GameStatus::Adjourned => "adjourned",
        }
    }

    pub(super) fn parse(text: &str) -> Result<GameStatus, StorageError> {
        match text {
            "finished" => Ok(GameStatus::Finished),
            "adjourned" => Ok(GameStatus::Adjourned),
            other => Err(StorageError::Corrupt {
                what: format!("a game has the unknown status {other}"),
            }),
        }
    }
}

/// A game as the caller hands it to the archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The archived game this continues (an adjourned one), or `None` for a new game.
    pub id: Option<GameId>,
    /// The variant's name, as in `[Variant "full"]`.
    pub variant: String,
    /// The starting position when it is not the variant's own.
    pub start_fen: Option<String>,
    /// The player of the white pieces.
    pub white: PlayerId,
    /// The player of the black pieces.
    pub black: PlayerId,
    /// The result (`*` while undecided).
    pub result: GameResult,
    /// Why the game ended ("checkmate", "time forfeit", "resignation" ...).
    pub termination: Option<String>,
    /// The moves in long coordinate notation, White's first.
    pub moves: Vec<String>,
    /// A clocked game's time control, as PGN's `TimeControl` writes it ("300+3").
    pub time_control: Option<String>,
    /// The mover's time left after each move, in milliseconds (PGN's `%clk`).
    pub clocks: Vec<u64>,
}

impl GameRecord {
    /// A new game with no moves, from the variant's own start.
    pub fn new(variant: &str, white: PlayerId, black: PlayerId, result: GameResult) -> GameRecord {
        GameRecord {
            id: None,
            variant: variant.to_owned(),
            start_fen: None,
            white,
            black,
            result,
            termination: None,
            moves: Vec::new(),
            time_control: None,
            clocks: Vec::new(),
        }
    }

    /// The same game played with clock `time_control` ("300+3"), the mover's time
    /// left after each move in milliseconds.
    pub fn with_clocks(mut self, time_control: &str, clocks: Vec<u64>) -> GameRecord {
        self.time_control = Some(time_control.to_owned());
        self.clocks = clocks;
        self
    }

    /// The same game with these moves.
    pub fn with_moves<S: Into<String>>(mut self, moves: impl IntoIterator<Item = S>) -> GameRecord {
        self.moves = moves.into_iter().map(Into::into).collect();
        self
    }

    /// The same game starting from `fen`.
    pub fn with_start_fen(mut self, fen: &str) -> GameRecord {
        self.start_fen = Some(fen.to_owned());
        self
    }

    /// The same game ended for `reason`.
    pub fn with_termination(mut self, reason: &str) -> GameRecord {
        self.termination = Some(reason.to_owned());
        self
    }

    /// The same game continuing archived game `id`.
    pub fn continuing(mut self, id: GameId) -> GameRecord {
        self.id = Some(id);
        self
    }

    pub(super) fn check(&self) -> Result<(), StorageError> {
        check_text("variant name", &self.variant, MAX_VARIANT_CHARS)?;
        if let Some(fen) = &self.start_fen {
            check_text("starting position", fen, MAX_FEN_CHARS)?;
        }
        if let Some(reason) = &self.termination {
            check_text("termination reason", reason, MAX_TERMINATION_CHARS)?;
        }
        if let Some(tc) = &self.time_control {
            check_text("time control", tc, MAX_TIME_CONTROL_CHARS)?;
        }
        check_clocks(self.clocks.len(), self.moves.len())?;
        check_moves(&self.moves)
    }
}

/// A game as the archive holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// The row id.
    pub id: GameId,
    /// The variant's name.
    pub variant: String,
    /// The starting position when it is not the variant's own.
    pub start_fen: Option<String>,
    /// The player of the white pieces.
    pub white: Player,
    /// The player of the black pieces.
    pub black: Player,
    /// The result (`*` while adjourned).
    pub result: GameResult,
    /// Why the game ended.
    pub termination: Option<String>,
    /// Whether the game counts (or will count) for ratings.
    pub rated: bool,
    /// Finished or adjourned.
    pub status: GameStatus,
    /// The moves in long coordinate notation, White's first.
    pub moves: Vec<String>,
    /// A clocked game's time control ("300+3").
    pub time_control: Option<String>,
    /// The mover's time left after each move, in milliseconds.
    pub clocks: Vec<u64>,
    /// When the game was first saved.
    pub created: UnixTime,
    /// When the game was last saved.
    pub updated: UnixTime,
}

impl StoredGame {
    /// The record to hand back to the archive when continuing this game.
    pub fn to_record(&self) -> GameRecord {
        GameRecord {
            id: Some(self.id),
            variant: self.variant.clone(),
            start_fen: self.start_fen.clone(),
            white: self.white.id,
            black: self.black.id,
            result: self.result,
            termination: self.termination.clone(),
            moves: self.moves.clone(),
            time_control: self.time_control.clone(),
            clocks: self.clocks.clone(),
        }
    }
}

/// More clock readings than moves cannot be matched to moves.
pub(super) fn check_clocks(clocks: usize, moves: usize) -> Result<(), StorageError> {
    if clocks > moves {
        return Err(StorageError::BadText {
            field: "clock readings",
            value: format!("{clocks} readings"),
            expected: format!("at most one per move ({moves} moves)"),
        });
    }
    Ok(())
}

/// One line of a game list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// The row id.
    pub id: GameId,
    /// The variant's name.
    pub variant: String,
    /// The player of the white pieces.
    pub white: PlayerId,
    /// Their name.
    pub white_name: String,
    /// The player of the black pieces.
    pub black: PlayerId,
    /// Their name.
    pub black_name: String,
    /// The result.
    pub result: GameResult,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// Finished or adjourned.
    pub status: GameStatus,
    /// Moves made by both sides together.
    pub plies: u32,
    /// When the game was first saved.
    pub created: UnixTime,
    /// When the game was last saved.
    pub updated: UnixTime,
}

/// Which games to list; the default lists all, most recently saved first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// Only games this player played, on either side.
    pub player: Option<PlayerId>,
    /// Only games of this variant.
    pub variant: Option<String>,
    /// Only finished or only adjourned games.
    pub status: Option<GameStatus>,
    /// At most this many games.
    pub limit: Option<u32>,
}

/// How one rated game moved one player's rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingChange {
    /// The rating before the game.
    pub before: Glicko2Rating,
    /// The rating after it.
    pub after: Glicko2Rating,
}

impl RatingChange {
    /// The change of the headline number ("+12").
    pub fn delta(&self) -> f64 {
        self.after.rating - self.before.rating
    }
}

/// What recording a finished game did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RecordedGame {
    /// The game's id.
    pub id: GameId,
    /// White's rating change, for a rated game.
    pub white: Option<RatingChange>,
    /// Black's rating change, for a rated game.
    pub black: Option<RatingChange>,
}
