//! The HTTP API's bodies: accounts, and the read-only parts (games, PGN, ratings).

use crate::error::ErrorKind;
use crate::types::{ClockConfig, GameEnd, GameId, GameStatus, PlayerInfo};
use serde::{Deserialize, Serialize};

/// `POST /api/signup` and `POST /api/login`: a name and a password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credentials {
    /// 2 to 24 letters, digits, `_` or `-`.
    pub name: String,
    /// 8 to 256 bytes.
    pub password: String,
}

/// A session: the token to send in `hello` (and as `Authorization: Bearer` on HTTP).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionToken {
    /// The token; the server keeps only its SHA-256.
    pub token: String,
    /// Who it signs in.
    pub user: PlayerInfo,
    /// When it expires, in milliseconds since 1970.
    pub expires_at_ms: u64,
}

/// An HTTP error body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HttpError {
    /// The kind, as on the WebSocket.
    pub kind: ErrorKind,
    /// What went wrong, for people.
    pub message: String,
}

/// A variant the server serves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantSummary {
    /// The catalog name.
    pub name: String,
    /// Its title.
    pub title: String,
    /// The board's shape (`4x4x2x2`).
    pub board: String,
    /// The SHA-256 of its TOML.
    pub sha256: String,
    /// For a plugin variant, the library (and its SHA-256) a client needs to play it.
    #[serde(default)]
    pub plugin: Option<crate::types::PluginLibrary>,
}

/// `GET /api/variants`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantList {
    /// The variants.
    pub variants: Vec<VariantSummary>,
}

/// A game in a list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's number.
    pub id: GameId,
    /// The variant's name.
    pub variant: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Whether it is rated.
    pub rated: bool,
    /// The time control.
    pub clock: ClockConfig,
    /// Where it stands.
    pub status: GameStatus,
    /// How it ended.
    pub end: Option<GameEnd>,
    /// How many plies were played.
    pub plies: u32,
    /// When it started, in milliseconds since 1970.
    pub started_at_ms: u64,
}

/// `GET /api/games`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameList {
    /// The games, newest first.
    pub games: Vec<GameSummary>,
}

/// A row of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardRow {
    /// The player.
    pub name: String,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Rated games played in the variant.
    pub games: u32,
}

/// `GET /api/leaderboard/{variant}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    /// The variant.
    pub variant: String,
    /// Best first.
    pub rows: Vec<LeaderboardRow>,
}

/// One rated game in a player's history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingHistoryEntry {
    /// The game.
    pub game: GameId,
    /// The variant.
    pub variant: String,
    /// The rating before the game.
    pub before: f64,
    /// The rating after.
    pub after: f64,
    /// When the game ended, in milliseconds since 1970.
    pub at_ms: u64,
}

/// `GET /api/users/{name}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// The player's name.
    pub name: String,
    /// Ratings per variant (each row's `name` is the variant's).
    pub ratings: Vec<LeaderboardRow>,
    /// Rated games, newest first.
    pub history: Vec<RatingHistoryEntry>,
}
