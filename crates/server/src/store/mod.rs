//! Storage behind one interface: users, tokens, games, moves, ratings.
//!
//! The game logic talks only to [`Store`]; [`sqlite::SqliteStore`] is the embedded
//! default, and a PostgreSQL store fits the same trait. Every method returns a boxed
//! future so that the trait stays object-safe (`Arc<dyn Store>`) and an async driver
//! (tokio-postgres, sqlx) can implement it directly; SQLite's blocking calls run on a
//! writer thread of their own, never on the async threads.
//!
//! Durability contract: when a method's future resolves `Ok`, the change is committed
//! (a move acknowledged to players survives `kill -9` of the server).

pub mod pg_pool;
pub mod postgres;
pub mod schema;
pub mod sqlite;

use chess4d_archive::rating::glicko2::Glicko2Rating;
use chess4d_protocol::{ClockConfig, GameEnd, GameId, GameStatus};
use std::fmt;
use std::future::Future;
use std::pin::Pin;

/// A user's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(pub i64);

/// The future every store method returns.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// What a store refused or failed at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The name is taken.
    NameTaken,
    /// A move for a ply already stored (a second writer, or a replay).
    Conflict(String),
    /// The database failed.
    Database(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NameTaken => f.write_str("the name is taken"),
            StoreError::Conflict(m) => write!(f, "conflict: {m}"),
            StoreError::Database(m) => write!(f, "storage failed: {m}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// A user as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRow {
    /// The number.
    pub id: UserId,
    /// The name.
    pub name: String,
    /// A guest (no password, casual games only).
    pub guest: bool,
    /// The argon2id hash in PHC form (`$argon2id$...`); empty for guests.
    pub password_hash: String,
    /// When the token it was found by expires (None when found by name).
    pub token_expires_ms: Option<u64>,
}

/// A game to create.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The variant's catalog name.
    pub variant: String,
    /// The SHA-256 of the variant's TOML when the game started.
    pub variant_sha256: String,
    /// White.
    pub white: UserId,
    /// Black.
    pub black: UserId,
    /// Rated.
    pub rated: bool,
    /// The time control.
    pub clock: ClockConfig,
    /// The start position.
    pub start_fen: String,
    /// When it started (ms since 1970).
    pub started_at_ms: u64,
}

/// A stored move with the clocks after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// Its index.
    pub ply: u32,
    /// The rules' notation.
    pub mv: String,
    /// White's time left after the move.
    pub white_ms: u64,
    /// Black's time left after the move.
    pub black_ms: u64,
    /// When the server received it (ms since 1970).
    pub at_ms: u64,
}

/// A stored game.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Its number.
    pub id: GameId,
    /// How it was created.
    pub game: NewGame,
    /// White's name.
    pub white_name: String,
    /// Black's name.
    pub black_name: String,
    /// White is a guest.
    pub white_guest: bool,
    /// Black is a guest.
    pub black_guest: bool,
    /// Where it stands.
    pub status: GameStatus,
    /// How it ended.
    pub end: Option<GameEnd>,
    /// The moves, in order.
    pub moves: Vec<MoveRow>,
    /// The final clocks of a finished game (white, black).
    pub final_clocks: Option<(u64, u64)>,
}

/// Which games to list.
#[derive(Clone, Debug, Default)]
pub struct GameFilter {
    /// Only games in this state.
    pub status: Option<GameStatus>,
    /// Only this player's.
    pub player: Option<String>,
    /// Only this variant's.
    pub variant: Option<String>,
    /// At most this many (newest first).
    pub limit: u32,
}

/// How a game ends, for the store to record (and rate, if the game is rated).
#[derive(Clone, Debug)]
pub struct Finish {
    /// The game.
    pub game: GameId,
    /// Finished or aborted.
    pub status: GameStatus,
    /// The end (its ratings are filled in by the store for rated games).
    pub end: GameEnd,
    /// The final clocks (white, black).
    pub clocks: (u64, u64),
    /// When (ms since 1970).
    pub at_ms: u64,
}

/// A player's rating in a variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRow {
    /// The Glicko-2 rating.
    pub rating: Glicko2Rating,
    /// Rated games played.
    pub games: u32,
}

/// A rated game in a history.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    /// The game.
    pub game: GameId,
    /// The variant.
    pub variant: String,
    /// Before.
    pub before: f64,
    /// After.
    pub after: f64,
    /// When (ms since 1970).
    pub at_ms: u64,
}

/// A player's ratings per variant (variant, rating) and rated history, newest first.
pub type ProfileRows = (Vec<(String, RatingRow)>, Vec<HistoryRow>);

/// The server's storage. Implementations must make every `Ok` durable before it resolves.
pub trait Store: Send + Sync {
    /// Creates an account (or a guest, with an empty hash); [`StoreError::NameTaken`] if
    /// the name exists.
    fn create_user(&self, name: &str, password_hash: &str, guest: bool) -> StoreFuture<'_, UserId>;
    /// The user of that name.
    fn user_by_name(&self, name: &str) -> StoreFuture<'_, Option<UserRow>>;
    /// Stores a session token's hash.
    fn insert_token(
        &self,
        token_hash: &str,
        user: UserId,
        expires_at_ms: u64,
    ) -> StoreFuture<'_, ()>;
    /// The user of an unrevoked token hash that has not expired at `now_ms`.
    fn user_by_token(&self, token_hash: &str, now_ms: u64) -> StoreFuture<'_, Option<UserRow>>;
    /// Revokes a token; whether it existed.
    fn revoke_token(&self, token_hash: &str) -> StoreFuture<'_, bool>;
    /// Creates a game.
    fn create_game(&self, game: NewGame) -> StoreFuture<'_, GameId>;
    /// Appends a move; [`StoreError::Conflict`] if that ply is stored already.
    fn append_move(&self, game: GameId, row: MoveRow) -> StoreFuture<'_, ()>;
    /// Deletes the moves from `ply` on (a takeback).
    fn truncate_moves(&self, game: GameId, ply: u32) -> StoreFuture<'_, ()>;
    /// Ends a game; for a rated finished game, updates both ratings by Glicko-2 in the
    /// same transaction and returns the end with its rating changes.
    fn finish_game(&self, finish: Finish) -> StoreFuture<'_, GameEnd>;
    /// A game with its moves.
    fn load_game(&self, id: GameId) -> StoreFuture<'_, Option<GameRow>>;
    /// Every game still being played (to resume after a restart).
    fn playing_games(&self) -> StoreFuture<'_, Vec<GameRow>>;
    /// Games by filter, newest first, without their moves' details beyond the count.
    fn list_games(&self, filter: GameFilter) -> StoreFuture<'_, Vec<GameRow>>;
    /// A player's rating in a variant, if they have played it rated.
    fn rating(&self, user: UserId, variant: &str) -> StoreFuture<'_, Option<RatingRow>>;
    /// The best-rated players of a variant: (name, rating).
    fn leaderboard(&self, variant: &str, limit: u32) -> StoreFuture<'_, Vec<(String, RatingRow)>>;
    /// A player's ratings per variant and rated history (newest first).
    fn profile(&self, user: UserId) -> StoreFuture<'_, ProfileRows>;
}
