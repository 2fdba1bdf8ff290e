//! The game archive: one SQLite file holding players, their Glicko-2 rating per
//! variant with its history, every game, finished or adjourned, and every puzzle
//! attempt with the player's and the puzzle's Glicko-2 ratings (puzzles.rs).
//!
//! Every write is one transaction, and the database runs in WAL mode with full syncs, so
//! killing the program at any moment loses at most the write in flight: never half a
//! game, never a game without its rating update, never a rating update without its game.

mod error;
mod exchange;
mod game_records;
mod games;
mod paths;
mod players;
mod puzzles;
mod schema;

use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::Connection;

use crate::rating::glicko2::{Glicko2, Glicko2Rating};

pub(crate) use error::Context;
pub use error::StorageError;
pub use game_records::{
    GameFilter, GameRecord, GameStatus, GameSummary, RatingChange, RecordedGame, StoredGame,
};
pub use paths::{DATA_DIR_VAR, DB_FILE_NAME, Platform, data_dir_for, default_db_path};
pub use players::{Player, PlayerKind, PlayerRating, RatingPoint, computer_name};
pub use puzzles::{
    PUZZLE_DEVIATION, PuzzleAttempt, PuzzleRating, PuzzleResult, RatedAttempt, StoredAttempt,
};
pub use schema::SCHEMA_VERSION;

/// A player's row id in the archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub i64);

/// A game's row id in the archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "player #{}", self.0)
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game #{}", self.0)
    }
}

/// Seconds since 1970-01-01 UTC.
pub type UnixTime = i64;

/// How long a write waits for another process (the CLI beside the app) to finish its
/// own before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// An open game archive.
///
/// # Examples
///
/// ```
/// use chess4d_archive::GameResult;
/// use chess4d_archive::storage::{Archive, GameRecord, PlayerKind};
///
/// let mut archive = Archive::open_in_memory()?;
/// let ann = archive.upsert_player("Ann", PlayerKind::Human)?;
/// let computer = archive.computer_player(3)?;
/// let game = GameRecord::new("full", ann, computer, GameResult::WhiteWins)
///     .with_moves(["a2[0,0]a3[0,0]", "b3[0,1]b2[0,1]"]);
/// let recorded = archive.record_finished_game(&game, true)?;
/// assert!(archive.rating(ann, "full")?.rating.rating > 1500.0);
/// assert!(archive.rating(computer, "full")?.rating.rating < 1500.0);
/// assert_eq!(archive.load_game(recorded.id)?.moves.len(), 2);
/// # Ok::<(), chess4d_archive::storage::StorageError>(())
/// ```
#[derive(Debug)]
pub struct Archive {
    connection: Connection,
    glicko: Glicko2,
}

impl Archive {
    /// Opens the archive at `path`, creating the file (and its folder) when missing and
    /// upgrading an older schema.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::storage::Archive;
    ///
    /// let dir = std::env::temp_dir().join(format!("chess4d-doc-{}", std::process::id()));
    /// let archive = Archive::open(dir.join("archive.sqlite3"))?;
    /// assert_eq!(archive.list_players()?.len(), 0);
    /// # drop(archive);
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), chess4d_archive::storage::StorageError>(())
    /// ```
    pub fn open(path: impl AsRef<Path>) -> Result<Archive, StorageError> {
        let path = path.as_ref();
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|source| StorageError::CreateFolder {
                path: parent.to_path_buf(),
                source,
            })?;
        }
        let at_path = |source| StorageError::Open {
            path: path.to_path_buf(),
            source,
        };
        let connection = Connection::open(path).map_err(at_path)?;
        Archive::prepare(connection).map_err(|error| match error {
            StorageError::Database { source, .. } => at_path(source),
            other => other,
        })
    }

    /// An archive that lives in memory only (tests, a guest session).
    pub fn open_in_memory() -> Result<Archive, StorageError> {
        let connection = Connection::open_in_memory().context("open an in-memory archive")?;
        Archive::prepare(connection)
    }

    fn prepare(mut connection: Connection) -> Result<Archive, StorageError> {
        connection
            .busy_timeout(BUSY_TIMEOUT)
            .context("set the busy timeout")?;
        // WAL lets a reader (a game list) run beside the writer, and a killed writer's
        // torn tail is discarded on the next open.
        let _mode: String = connection
            .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
            .context("switch to write-ahead logging")?;
        connection
            .execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
            .context("set durability and foreign keys")?;
        schema::migrate(&mut connection)?;
        Ok(Archive {
            connection,
            glicko: Glicko2::default(),
        })
    }

    /// Rates future games with `glicko` instead of the default Glicko-2 settings.
    pub fn with_rating_system(mut self, glicko: Glicko2) -> Archive {
        self.glicko = glicko;
        self
    }

    /// The Glicko-2 system this archive rates games with.
    pub fn rating_system(&self) -> &Glicko2 {
        &self.glicko
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<u32, StorageError> {
        schema::version(&self.connection)
    }

    /// Runs SQLite's own consistency check; `Ok(())` when it reports "ok".
    pub fn check_integrity(&self) -> Result<(), StorageError> {
        let mut statement = self
            .connection
            .prepare("PRAGMA integrity_check")
            .context("check the database")?;
        let problems: Vec<String> = statement
            .query_map([], |row| row.get(0))
            .context("check the database")?
            .collect::<Result<_, _>>()
            .context("check the database")?;
        if problems == ["ok"] {
            Ok(())
        } else {
            Err(StorageError::Corrupt {
                what: problems.join("; "),
            })
        }
    }

    /// The newcomer rating every player starts a variant with.
    pub fn default_rating() -> Glicko2Rating {
        Glicko2Rating::NEWCOMER
    }
}

/// The current time; a clock before 1970 reads as 1970 rather than failing a save.
pub(crate) fn now() -> UnixTime {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "chess4d-archive-{name}-{}-{}",
            std::process::id(),
            now()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn opening_creates_the_folder_and_uses_wal() {
        let dir = temp_dir("wal");
        let path = dir.join("nested/deeper/archive.sqlite3");
        let archive = Archive::open(&path).expect("open");
        assert!(path.exists());
        let mode: String = archive
            .connection
            .query_row("PRAGMA journal_mode", [], |row| row.get(0))
            .expect("mode");
        assert_eq!(mode, "wal");
        let keys: i64 = archive
            .connection
            .query_row("PRAGMA foreign_keys", [], |row| row.get(0))
            .expect("keys");
        assert_eq!(keys, 1);
        assert_eq!(archive.schema_version().expect("version"), SCHEMA_VERSION);
        archive.check_integrity().expect("integrity");
        drop(archive);
        // Reopening runs no migration twice.
        let again = Archive::open(&path).expect("reopen");
        let rows: i64 = again
            .connection
            .query_row("SELECT count(*) FROM schema_version", [], |row| row.get(0))
            .expect("count");
        assert_eq!(rows, i64::from(SCHEMA_VERSION));
        drop(again);
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_newer_schema_is_refused_with_both_versions() {
        let dir = temp_dir("newer");
        let path = dir.join("archive.sqlite3");
        drop(Archive::open(&path).expect("open"));
        let connection = Connection::open(&path).expect("raw open");
        connection
            .execute("INSERT INTO schema_version VALUES (99, 0)", [])
            .expect("bump");
        drop(connection);
        let error = Archive::open(&path).expect_err("newer schema");
        assert!(
            matches!(error, StorageError::NewerSchema { found: 99, known } if known == SCHEMA_VERSION),
            "{error}"
        );
        assert!(error.to_string().contains("99"), "{error}");
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_file_that_is_not_a_database_names_its_path() {
        let dir = temp_dir("garbage");
        let path = dir.join("archive.sqlite3");
        std::fs::write(
            &path,
            b"this is a text file, not a database, long enough to be read as a header..........",
        )
        .expect("write");
        let error = Archive::open(&path).expect_err("not a database");
        assert!(matches!(error, StorageError::Open { .. }), "{error:?}");
        assert!(error.to_string().contains("archive.sqlite3"), "{error}");
        std::fs::remove_dir_all(dir).ok();
    }
}
