//! The database schema as an ordered list of migrations. A database records every
//! migration it has run in `schema_version`; opening one runs the rest, all in one
//! transaction, so an interrupted upgrade leaves the old schema intact.

use rusqlite::{Connection, TransactionBehavior};

use super::{Context, StorageError};

/// Migration `i` brings a database from version `i` to version `i + 1`.
/// Never edit a released migration: append a new one.
const MIGRATIONS: &[&str] = &[
    // 1: players, per-variant ratings with their history, and games.
    "CREATE TABLE players (
        id           INTEGER PRIMARY KEY,
        name         TEXT NOT NULL UNIQUE,
        kind         TEXT NOT NULL CHECK (kind IN ('human', 'engine')),
        engine_level INTEGER CHECK (engine_level IS NULL OR kind = 'engine'),
        created      INTEGER NOT NULL
    );
    CREATE TABLE ratings (
        player     INTEGER NOT NULL REFERENCES players(id),
        variant    TEXT NOT NULL,
        rating     REAL NOT NULL,
        deviation  REAL NOT NULL,
        volatility REAL NOT NULL,
        games      INTEGER NOT NULL CHECK (games >= 0),
        PRIMARY KEY (player, variant)
    ) WITHOUT ROWID;
    CREATE TABLE games (
        id           INTEGER PRIMARY KEY,
        variant      TEXT NOT NULL,
        start_fen    TEXT,
        white        INTEGER NOT NULL REFERENCES players(id),
        black        INTEGER NOT NULL REFERENCES players(id),
        result       TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2', '*')),
        termination  TEXT,
        rated        INTEGER NOT NULL CHECK (rated IN (0, 1)),
        status       TEXT NOT NULL CHECK (status IN ('finished', 'adjourned')),
        moves        TEXT NOT NULL,
        created      INTEGER NOT NULL,
        updated      INTEGER NOT NULL,
        -- The order games finished in: ratings are a replay of rated games in this order.
        finished_seq INTEGER UNIQUE,
        CHECK ((status = 'finished') = (finished_seq IS NOT NULL)),
        CHECK (status = 'finished' OR result = '*')
    );
    CREATE INDEX games_by_white ON games (white);
    CREATE INDEX games_by_black ON games (black);
    CREATE INDEX games_by_updated ON games (updated);
    CREATE TABLE rating_history (
        id         INTEGER PRIMARY KEY,
        player     INTEGER NOT NULL REFERENCES players(id),
        variant    TEXT NOT NULL,
        game       INTEGER NOT NULL REFERENCES games(id),
        rating     REAL NOT NULL,
        deviation  REAL NOT NULL,
        volatility REAL NOT NULL,
        at         INTEGER NOT NULL,
        UNIQUE (player, game)
    );
    CREATE INDEX rating_history_by_player ON rating_history (player, variant, id);",
    // 2: puzzles (storage/puzzles.rs): each player's puzzle rating per variant, each
    // puzzle's own rating, and every attempt with both ratings before and after it.
    "CREATE TABLE puzzle_ratings (
        player     INTEGER NOT NULL REFERENCES players(id),
        variant    TEXT NOT NULL,
        rating     REAL NOT NULL,
        deviation  REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts   INTEGER NOT NULL CHECK (attempts >= 0),
        PRIMARY KEY (player, variant)
    ) WITHOUT ROWID;
    CREATE TABLE puzzles (
        id         TEXT PRIMARY KEY,
        rating     REAL NOT NULL,
        deviation  REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts   INTEGER NOT NULL CHECK (attempts >= 0)
    ) WITHOUT ROWID;
    CREATE TABLE puzzle_attempts (
        id                 INTEGER PRIMARY KEY,
        player             INTEGER NOT NULL REFERENCES players(id),
        variant            TEXT NOT NULL,
        puzzle             TEXT NOT NULL,
        result             TEXT NOT NULL CHECK (result IN ('solved', 'hinted', 'failed')),
        player_rating      REAL NOT NULL,
        player_deviation   REAL NOT NULL,
        player_volatility  REAL NOT NULL,
        puzzle_rating      REAL NOT NULL,
        puzzle_deviation   REAL NOT NULL,
        puzzle_volatility  REAL NOT NULL,
        player_rating_after     REAL NOT NULL,
        player_deviation_after  REAL NOT NULL,
        player_volatility_after REAL NOT NULL,
        puzzle_rating_after     REAL NOT NULL,
        puzzle_deviation_after  REAL NOT NULL,
        puzzle_volatility_after REAL NOT NULL,
        at                 INTEGER NOT NULL
    );
    CREATE INDEX puzzle_attempts_by_player ON puzzle_attempts (player, variant, id);",
    // 3: clocked games: the time control (PGN's TimeControl value, "300+3") and the
    // mover's time left after each move in milliseconds, space-separated.
    "ALTER TABLE games ADD COLUMN time_control TEXT;
    ALTER TABLE games ADD COLUMN clocks TEXT NOT NULL DEFAULT '';",
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// Brings the database up to [`SCHEMA_VERSION`], refusing one written by a newer build.
pub(super) fn migrate(connection: &mut Connection) -> Result<(), StorageError> {
    let tx = connection
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .context("start the schema upgrade")?;
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_version (
            version INTEGER PRIMARY KEY,
            applied INTEGER NOT NULL
        )",
    )
    .context("create the schema version table")?;
    let found: i64 = tx
        .query_row(
            "SELECT coalesce(max(version), 0) FROM schema_version",
            [],
            |row| row.get(0),
        )
        .context("read the schema version")?;
    let found = u32::try_from(found).map_err(|_| StorageError::Corrupt {
        what: format!("the schema version is {found}"),
    })?;
    if found > SCHEMA_VERSION {
        return Err(StorageError::NewerSchema {
            found,
            known: SCHEMA_VERSION,
        });
    }
    let now = super::now();
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        tx.execute_batch(sql).context("upgrade the schema")?;
        tx.execute(
            "INSERT INTO schema_version (version, applied) VALUES (?1, ?2)",
            (index as i64 + 1, now),
        )
        .context("record the schema version")?;
    }
    tx.commit().context("commit the schema upgrade")
}

/// The schema version a database is at.
pub(super) fn version(connection: &Connection) -> Result<u32, StorageError> {
    let version: i64 = connection
        .query_row(
            "SELECT coalesce(max(version), 0) FROM schema_version",
            [],
            |row| row.get(0),
        )
        .context("read the schema version")?;
    u32::try_from(version).map_err(|_| StorageError::Corrupt {
        what: format!("the schema version is {version}"),
    })
}
