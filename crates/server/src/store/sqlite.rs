//! The embedded store: one SQLite file (WAL, `synchronous = NORMAL`: a committed
//! transaction survives the process being killed), written by one thread of its own
//! that batches whatever is waiting into one transaction, each job in a savepoint so a
//! refused job changes nothing and its neighbours still commit. Answers go out only
//! after the commit. WAL checkpoints are copied by a second thread, so that the disk's
//! fsyncs stay out of the commits that moves wait on (see `Wal`).

use super::{
    Finish, GameFilter, GameRow, HistoryRow, MoveRow, NewGame, RatingRow, Store, StoreError,
    StoreFuture, UserId, UserRow,
};
use crate::rating;
use chess4d_archive::rating::glicko2::Glicko2Rating;
use chess4d_protocol::{ClockConfig, GameEnd, GameId, GameStatus, RatingChange, Side};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::mpsc;
use tokio::sync::oneshot;

type Reply = Box<dyn FnOnce(Result<(), StoreError>) + Send>;
/// A job runs on the connection inside the batch's transaction, or, when that
/// transaction could not begin, is handed the error and never runs.
type Job = Box<dyn FnOnce(Result<&Connection, StoreError>) -> Reply + Send>;

/// The most jobs one transaction takes.
const BATCH: usize = 256;

fn db(e: rusqlite::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

/// The SQLite store.
pub struct SqliteStore {
    jobs: mpsc::Sender<Job>,
    /// Held while the store lives; the checkpoint thread stops when it is gone.
    _alive: std::sync::Arc<()>,
}

/// How often the checkpoint thread copies the WAL into the database file.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

impl SqliteStore {
    /// Opens (or creates) the database file and starts its writer thread.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let mut conn = Connection::open(path).map_err(db)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(db)?;
        conn.execute_batch(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
        )
        .map_err(db)?;
        migrate(&mut conn)?;
        // Checkpoints (the fsyncs of WAL + NORMAL) are copied on a thread and connection
        // of their own, so a commit rarely waits for the disk; the writer only finishes
        // one that is nearly done, which lets the WAL start over (see `Wal`).
        conn.execute_batch("PRAGMA wal_autocheckpoint = 0;")
            .map_err(db)?;
        let checkpointer = Connection::open(path).map_err(db)?;
        checkpointer
            .busy_timeout(std::time::Duration::from_secs(5))
            .map_err(db)?;
        let alive = std::sync::Arc::new(());
        let wal = std::sync::Arc::new(Wal::default());
        let (watch, seen) = (std::sync::Arc::downgrade(&alive), wal.clone());
        std::thread::Builder::new()
            .name("chess4d-checkpoint".into())
            .spawn(move || {
                while watch.upgrade().is_some() {
                    std::thread::sleep(CHECKPOINT_EVERY);
                    seen.checkpoint(&checkpointer);
                }
            })
            .map_err(|e| {
                StoreError::Database(format!("cannot start the checkpoint thread: {e}"))
            })?;
        let (jobs, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("chess4d-sqlite".into())
            .spawn(move || writer(conn, rx, &wal))
            .map_err(|e| StoreError::Database(format!("cannot start the storage thread: {e}")))?;
        Ok(SqliteStore {
            jobs,
            _alive: alive,
        })
    }

    fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> StoreFuture<'_, T> {
        let (tx, rx) = oneshot::channel();
        let job = job_for(f, tx);
        let sent = self.jobs.send(job).is_ok();
        Box::pin(async move {
            if !sent {
                return Err(StoreError::Database(
                    "the storage thread has stopped".into(),
                ));
            }
            rx.await
                .map_err(|_| StoreError::Database("the storage thread has stopped".into()))?
        })
    }
}

/// Applies the migrations this file lacks (crate::store::schema), each in a
/// transaction with its version row, so a crash leaves a version applied or not at all.
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    use super::schema::{Dialect, MIGRATIONS, VERSION_TABLE, latest, render, too_new};
    conn.execute_batch(&render(VERSION_TABLE, Dialect::Sqlite))
        .map_err(db)?;
    let at: i64 = conn
        .query_row(
            "SELECT COALESCE(MAX(version), 0) FROM schema_migrations",
            [],
            |r| r.get(0),
        )
        .map_err(db)?;
    if at > latest() {
        return Err(StoreError::Database(too_new(at)));
    }
    for m in MIGRATIONS.iter().filter(|m| m.version > at) {
        let tx = conn.transaction().map_err(db)?;
        tx.execute_batch(&render(m.sql, Dialect::Sqlite))
            .map_err(db)?;
        tx.execute(
            "INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?1, ?2, ?3)",
            params![m.version, m.name, crate::clock::now_ms() as i64],
        )
        .map_err(db)?;
        tx.commit().map_err(db)?;
    }
    Ok(())
}

/// A LIKE pattern (with `ESCAPE '\'`) matching exactly `text`, case aside.
fn like_exact(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if matches!(ch, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

/// The job running `f`, whose result (or the batch's failure) goes to `tx`.
fn job_for<T: Send + 'static>(
    f: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    tx: oneshot::Sender<Result<T, StoreError>>,
) -> Job {
    Box::new(move |conn: Result<&Connection, StoreError>| {
        let result = conn.and_then(|conn| in_savepoint(conn, f));
        Box::new(move |commit: Result<(), StoreError>| {
            let _ = tx.send(commit.and(result));
        })
    })
}

fn in_savepoint<T>(
    conn: &Connection,
    f: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    conn.execute_batch("SAVEPOINT job").map_err(db)?;
    let result = f(conn);
    let end = if result.is_ok() {
        "RELEASE job"
    } else {
        "ROLLBACK TO job; RELEASE job"
    };
    conn.execute_batch(end).map_err(db)?;
    result
}

/// The writer thread: takes every job waiting (up to [`BATCH`]), runs them in one
/// transaction, commits, then answers them all.
fn writer(conn: Connection, rx: mpsc::Receiver<Job>, wal: &Wal) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        // Without the transaction each job's SAVEPOINT would commit on its own while its
        // reply said it failed: when BEGIN fails no job runs and all are told why.
        let commit = match conn.execute_batch("BEGIN IMMEDIATE").map_err(db) {
            Ok(()) => {
                let replies: Vec<Reply> = batch.into_iter().map(|job| job(Ok(&conn))).collect();
                let commit = conn.execute_batch("COMMIT").map_err(db);
                if commit.is_err() {
                    let _ = conn.execute_batch("ROLLBACK");
                }
                (replies, commit)
            }
            Err(e) => {
                let replies = batch.into_iter().map(|job| job(Err(e.clone()))).collect();
                (replies, Err(e))
            }
        };
        let (replies, commit) = commit;
        for reply in replies {
            reply(commit.clone());
        }
        wal.finish_if_nearly_done(&conn);
    }
}

/// The WAL as the checkpoint thread last saw it. A PASSIVE checkpoint beside a busy
/// writer never catches up with it, and the WAL starts over only once it is entirely
/// copied, so left alone it would grow without end; the writer therefore finishes a
/// checkpoint itself when the WAL is long and the background has copied nearly all of it
/// (a few frames and the fsyncs, instead of SQLite's default of copying 1,000 pages in
/// the commit path every few seconds).
#[derive(Default)]
struct Wal {
    /// Frames in the WAL.
    frames: std::sync::atomic::AtomicI64,
    /// Frames not yet copied into the database.
    behind: std::sync::atomic::AtomicI64,
}

/// WAL frames (pages of 4 KiB) past which the writer finishes a checkpoint.
const WAL_RESTART_FRAMES: i64 = 8_000;
/// At most this many frames left to copy when the writer does it.
const WAL_CATCH_UP_FRAMES: i64 = 400;

impl Wal {
    fn checkpoint(&self, conn: &Connection) {
        use std::sync::atomic::Ordering::Relaxed;
        let row = conn.query_row("PRAGMA wal_checkpoint(PASSIVE);", [], |r| {
            Ok((r.get::<_, i64>(1)?, r.get::<_, i64>(2)?))
        });
        if let Ok((frames, copied)) = row {
            self.frames.store(frames, Relaxed);
            self.behind.store(frames - copied, Relaxed);
        }
    }

    fn finish_if_nearly_done(&self, conn: &Connection) {
        use std::sync::atomic::Ordering::Relaxed;
        if self.frames.load(Relaxed) > WAL_RESTART_FRAMES
            && self.behind.load(Relaxed) < WAL_CATCH_UP_FRAMES
        {
            self.checkpoint(conn);
            if self.behind.load(Relaxed) > 0 {
                // Not finished (a reader held frames): try again after the next commit.
                return;
            }
            self.frames.store(0, Relaxed);
        }
    }
}

fn status_str(s: GameStatus) -> &'static str {
    match s {
        GameStatus::Playing => "playing",
        GameStatus::Finished => "finished",
        GameStatus::Aborted => "aborted",
    }
}

fn status_of(s: &str) -> GameStatus {
    match s {
        "finished" => GameStatus::Finished,
        "aborted" => GameStatus::Aborted,
        _ => GameStatus::Playing,
    }
}

fn json<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(|e| StoreError::Database(e.to_string()))
}

const GAME_COLUMNS: &str = "g.id, g.variant, g.variant_sha256, g.white_id, g.black_id, g.rated,
    g.clock, g.start_fen, g.started_ms, g.status, g.end_json, g.white_ms, g.black_ms,
    w.name, b.name, w.guest, b.guest";

fn read_game(row: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    let clock: String = row.get(6)?;
    let end: Option<String> = row.get(10)?;
    let white_ms: Option<i64> = row.get(11)?;
    let black_ms: Option<i64> = row.get(12)?;
    Ok(GameRow {
        id: GameId(row.get::<_, i64>(0)? as u64),
        game: NewGame {
            variant: row.get(1)?,
            variant_sha256: row.get(2)?,
            white: UserId(row.get(3)?),
            black: UserId(row.get(4)?),
            rated: row.get(5)?,
            clock: serde_json::from_str(&clock).unwrap_or(ClockConfig::Unlimited),
            start_fen: row.get(7)?,
            started_at_ms: row.get::<_, i64>(8)? as u64,
        },
        status: status_of(&row.get::<_, String>(9)?),
        end: end.and_then(|e| serde_json::from_str(&e).ok()),
        final_clocks: white_ms.zip(black_ms).map(|(w, b)| (w as u64, b as u64)),
        white_name: row.get(13)?,
        black_name: row.get(14)?,
        white_guest: row.get(15)?,
        black_guest: row.get(16)?,
        moves: Vec::new(),
    })
}

fn load_moves(conn: &Connection, game: &mut GameRow) -> Result<(), StoreError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT ply, mv, white_ms, black_ms, at_ms FROM moves WHERE game_id = ?1 ORDER BY ply",
        )
        .map_err(db)?;
    game.moves = stmt
        .query_map([game.id.0 as i64], |r| {
            Ok(MoveRow {
                ply: r.get(0)?,
                mv: r.get(1)?,
                white_ms: r.get::<_, i64>(2)? as u64,
                black_ms: r.get::<_, i64>(3)? as u64,
                at_ms: r.get::<_, i64>(4)? as u64,
            })
        })
        .map_err(db)?
        .collect::<Result<_, _>>()
        .map_err(db)?;
    Ok(())
}

fn games_where(
    conn: &Connection,
    clause: &str,
    args: &[&dyn rusqlite::ToSql],
    with_moves: bool,
) -> Result<Vec<GameRow>, StoreError> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games g JOIN users w ON w.id = g.white_id
         JOIN users b ON b.id = g.black_id {clause}"
    );
    let mut stmt = conn.prepare_cached(&sql).map_err(db)?;
    let mut games: Vec<GameRow> = stmt
        .query_map(args, read_game)
        .map_err(db)?
        .collect::<Result<_, _>>()
        .map_err(db)?;
    for g in &mut games {
        if with_moves {
            load_moves(conn, g)?;
        } else {
            let n: i64 = conn
                .prepare_cached("SELECT COUNT(*) FROM moves WHERE game_id = ?1")
                .and_then(|mut s| s.query_row([g.id.0 as i64], |r| r.get(0)))
                .map_err(db)?;
            g.moves = (0..n as u32)
                .map(|ply| MoveRow {
                    ply,
                    mv: String::new(),
                    white_ms: 0,
                    black_ms: 0,
                    at_ms: 0,
                })
                .collect();
        }
    }
    Ok(games)
}

fn read_rating(
    conn: &Connection,
    user: i64,
    variant: &str,
) -> Result<Option<RatingRow>, StoreError> {
    conn.prepare_cached(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE user_id = ?1 AND variant = ?2",
    )
    .and_then(|mut s| {
        s.query_row(params![user, variant], |r| {
            Ok(RatingRow {
                rating: Glicko2Rating::new(r.get(0)?, r.get(1)?, r.get(2)?),
                games: r.get(3)?,
            })
        })
        .optional()
    })
    .map_err(db)
}

/// Rates a finished rated game inside the transaction: both ratings read, Glicko-2
/// applied (crate::rating), both written with a history row each.
fn rate(conn: &Connection, finish: &Finish, end: &mut GameEnd) -> Result<(), StoreError> {
    let (white, black, variant): (i64, i64, String) = conn
        .query_row(
            "SELECT white_id, black_id, variant FROM games WHERE id = ?1",
            [finish.game.0 as i64],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .map_err(db)?;
    let w = read_rating(conn, white, &variant)?;
    let b = read_rating(conn, black, &variant)?;
    let wb = w.map_or(Glicko2Rating::NEWCOMER, |r| r.rating);
    let bb = b.map_or(Glicko2Rating::NEWCOMER, |r| r.rating);
    let (wa, ba) = rating::rate(&wb, &bb, end.winner);
    for (user, before, after, games, side) in [
        (white, wb, wa, w.map_or(0, |r| r.games), Side::White),
        (black, bb, ba, b.map_or(0, |r| r.games), Side::Black),
    ] {
        conn.execute(
            "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (user_id, variant) DO UPDATE SET rating = ?3, deviation = ?4,
             volatility = ?5, games = ?6",
            params![
                user,
                variant,
                after.rating,
                after.deviation,
                after.volatility,
                games + 1
            ],
        )
        .map_err(db)?;
        conn.execute(
            "INSERT INTO rating_history (user_id, game_id, variant, before, after, at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                user,
                finish.game.0 as i64,
                variant,
                before.rating,
                after.rating,
                finish.at_ms as i64
            ],
        )
        .map_err(db)?;
        let change = Some(RatingChange {
            before: before.rating,
            after: after.rating,
            deviation: after.deviation,
            volatility: after.volatility,
        });
        match side {
            Side::White => end.white_rating = change,
            Side::Black => end.black_rating = change,
        }
    }
    Ok(())
}

impl Store for SqliteStore {
    fn create_user(&self, name: &str, password_hash: &str, guest: bool) -> StoreFuture<'_, UserId> {
        let (name, hash) = (name.to_string(), password_hash.to_string());
        self.call(move |c| {
            let taken: bool = c
                .query_row(
                    "SELECT COUNT(*) > 0 FROM users WHERE name = ?1",
                    [&name],
                    |r| r.get(0),
                )
                .map_err(db)?;
            if taken {
                return Err(StoreError::NameTaken);
            }
            c.execute(
                "INSERT INTO users (name, guest, password_hash) VALUES (?1, ?2, ?3)",
                params![name, guest, hash],
            )
            .map_err(db)?;
            Ok(UserId(c.last_insert_rowid()))
        })
    }

    fn user_by_name(&self, name: &str) -> StoreFuture<'_, Option<UserRow>> {
        let name = name.to_string();
        self.call(move |c| {
            c.query_row(
                "SELECT id, name, guest, password_hash FROM users WHERE name = ?1",
                [&name],
                |r| {
                    Ok(UserRow {
                        id: UserId(r.get(0)?),
                        name: r.get(1)?,
                        guest: r.get(2)?,
                        password_hash: r.get(3)?,
                        token_expires_ms: None,
                    })
                },
            )
            .optional()
            .map_err(db)
        })
    }

    fn insert_token(
        &self,
        token_hash: &str,
        user: UserId,
        expires_at_ms: u64,
    ) -> StoreFuture<'_, ()> {
        let hash = token_hash.to_string();
        self.call(move |c| {
            c.execute(
                "INSERT INTO tokens (token_hash, user_id, expires_ms) VALUES (?1, ?2, ?3)",
                params![hash, user.0, expires_at_ms as i64],
            )
            .map_err(db)?;
            Ok(())
        })
    }

    fn user_by_token(&self, token_hash: &str, now_ms: u64) -> StoreFuture<'_, Option<UserRow>> {
        let hash = token_hash.to_string();
        self.call(move |c| {
            c.prepare_cached(
                "SELECT u.id, u.name, u.guest, u.password_hash, t.expires_ms FROM tokens t JOIN users u
                 ON u.id = t.user_id WHERE t.token_hash = ?1 AND t.revoked = 0 AND t.expires_ms > ?2",
            )
            .and_then(|mut s| {
                s.query_row(params![hash, now_ms as i64], |r| {
                    Ok(UserRow {
                        id: UserId(r.get(0)?),
                        name: r.get(1)?,
                        guest: r.get(2)?,
                        password_hash: r.get(3)?,
                        token_expires_ms: Some(r.get::<_, i64>(4)?.max(0) as u64),
                    })
                })
                .optional()
            })
            .map_err(db)
        })
    }

    fn revoke_token(&self, token_hash: &str) -> StoreFuture<'_, bool> {
        let hash = token_hash.to_string();
        self.call(move |c| {
            let n = c
                .execute(
                    "UPDATE tokens SET revoked = 1 WHERE token_hash = ?1",
                    [&hash],
                )
                .map_err(db)?;
            Ok(n > 0)
        })
    }

    fn create_game(&self, game: NewGame) -> StoreFuture<'_, GameId> {
        self.call(move |c| {
            c.execute(
                "INSERT INTO games (variant, variant_sha256, white_id, black_id, rated, clock,
                 start_fen, started_ms, status) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'playing')",
                params![
                    game.variant,
                    game.variant_sha256,
                    game.white.0,
                    game.black.0,
                    game.rated,
                    json(&game.clock)?,
                    game.start_fen,
                    game.started_at_ms as i64
                ],
            )
            .map_err(db)?;
            Ok(GameId(c.last_insert_rowid() as u64))
        })
    }

    fn append_move(&self, game: GameId, row: MoveRow) -> StoreFuture<'_, ()> {
        self.call(move |c| {
            let n = c
                .prepare_cached(
                    "INSERT OR IGNORE INTO moves (game_id, ply, mv, white_ms, black_ms, at_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        game.0 as i64,
                        row.ply,
                        row.mv,
                        row.white_ms as i64,
                        row.black_ms as i64,
                        row.at_ms as i64
                    ])
                })
                .map_err(db)?;
            if n == 0 {
                return Err(StoreError::Conflict(format!(
                    "ply {} of game {} is stored",
                    row.ply, game.0
                )));
            }
            Ok(())
        })
    }

    fn truncate_moves(&self, game: GameId, ply: u32) -> StoreFuture<'_, ()> {
        self.call(move |c| {
            c.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
                params![game.0 as i64, ply],
            )
            .map_err(db)?;
            Ok(())
        })
    }

    fn finish_game(&self, finish: Finish) -> StoreFuture<'_, GameEnd> {
        self.call(move |c| {
            let (status, rated): (String, bool) = c
                .query_row(
                    "SELECT status, rated FROM games WHERE id = ?1",
                    [finish.game.0 as i64],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .map_err(db)?;
            if status != "playing" {
                return Err(StoreError::Conflict(format!(
                    "game {} is over",
                    finish.game.0
                )));
            }
            let mut end = finish.end.clone();
            if rated && finish.status == GameStatus::Finished {
                rate(c, &finish, &mut end)?;
            }
            c.execute(
                "UPDATE games SET status = ?2, end_json = ?3, ended_ms = ?4, white_ms = ?5,
                 black_ms = ?6 WHERE id = ?1",
                params![
                    finish.game.0 as i64,
                    status_str(finish.status),
                    json(&end)?,
                    finish.at_ms as i64,
                    finish.clocks.0 as i64,
                    finish.clocks.1 as i64
                ],
            )
            .map_err(db)?;
            Ok(end)
        })
    }

    fn load_game(&self, id: GameId) -> StoreFuture<'_, Option<GameRow>> {
        self.call(move |c| Ok(games_where(c, "WHERE g.id = ?1", &[&(id.0 as i64)], true)?.pop()))
    }

    fn playing_games(&self) -> StoreFuture<'_, Vec<GameRow>> {
        self.call(|c| games_where(c, "WHERE g.status = 'playing' ORDER BY g.id", &[], true))
    }

    fn list_games(&self, filter: GameFilter) -> StoreFuture<'_, Vec<GameRow>> {
        self.call(move |c| {
            let status = filter.status.map(status_str).unwrap_or("%");
            // A name or variant is matched as written: `_` (allowed in names) and `%`
            // are no wildcards.
            let player = filter.player.map_or_else(|| "%".into(), |p| like_exact(&p));
            let variant = filter.variant.map_or_else(|| "%".into(), |v| like_exact(&v));
            games_where(
                c,
                "WHERE g.status LIKE ?1 AND (w.name LIKE ?2 ESCAPE '\\' OR b.name LIKE ?2 ESCAPE '\\')
                 AND g.variant LIKE ?3 ESCAPE '\\' ORDER BY g.id DESC LIMIT ?4",
                &[&status, &player, &variant, &filter.limit],
                false,
            )
        })
    }

    fn rating(&self, user: UserId, variant: &str) -> StoreFuture<'_, Option<RatingRow>> {
        let variant = variant.to_string();
        self.call(move |c| read_rating(c, user.0, &variant))
    }

    fn leaderboard(&self, variant: &str, limit: u32) -> StoreFuture<'_, Vec<(String, RatingRow)>> {
        let variant = variant.to_string();
        self.call(move |c| {
            let mut s = c
                .prepare_cached(
                    "SELECT u.name, r.rating, r.deviation, r.volatility, r.games FROM ratings r
                     JOIN users u ON u.id = r.user_id WHERE r.variant = ?1
                     ORDER BY r.rating DESC LIMIT ?2",
                )
                .map_err(db)?;
            let rows = s
                .query_map(params![variant, limit], |r| {
                    Ok((
                        r.get(0)?,
                        RatingRow {
                            rating: Glicko2Rating::new(r.get(1)?, r.get(2)?, r.get(3)?),
                            games: r.get(4)?,
                        },
                    ))
                })
                .map_err(db)?
                .collect::<Result<_, _>>()
                .map_err(db)?;
            Ok(rows)
        })
    }

    fn profile(&self, user: UserId) -> StoreFuture<'_, super::ProfileRows> {
        self.call(move |c| {
            let mut s = c
                .prepare_cached(
                    "SELECT variant, rating, deviation, volatility, games FROM ratings
                     WHERE user_id = ?1 ORDER BY variant",
                )
                .map_err(db)?;
            let ratings = s
                .query_map([user.0], |r| {
                    Ok((
                        r.get(0)?,
                        RatingRow {
                            rating: Glicko2Rating::new(r.get(1)?, r.get(2)?, r.get(3)?),
                            games: r.get(4)?,
                        },
                    ))
                })
                .map_err(db)?
                .collect::<Result<_, _>>()
                .map_err(db)?;
            let mut s = c
                .prepare_cached(
                    "SELECT game_id, variant, before, after, at_ms FROM rating_history
                     WHERE user_id = ?1 ORDER BY game_id DESC LIMIT 200",
                )
                .map_err(db)?;
            let history = s
                .query_map([user.0], |r| {
                    Ok(HistoryRow {
                        game: GameId(r.get::<_, i64>(0)? as u64),
                        variant: r.get(1)?,
                        before: r.get(2)?,
                        after: r.get(3)?,
                        at_ms: r.get::<_, i64>(4)? as u64,
                    })
                })
                .map_err(db)?
                .collect::<Result<_, _>>()
                .map_err(db)?;
            Ok((ratings, history))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// `player=a_b` finds a_b's games, not axb's (`_` is no wildcard), nor `%` everyone's.
    #[tokio::test]
    async fn the_player_filter_matches_the_name_as_written() {
        let dir = std::env::temp_dir().join(format!("chess4d-like-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store = SqliteStore::open(&dir.join("s.sqlite3")).unwrap();
        let axb = store.create_user("axb", "", true).await.unwrap();
        let cat = store.create_user("cat", "", true).await.unwrap();
        store.create_user("a_b", "", true).await.unwrap();
        store
            .create_game(crate::store::NewGame {
                variant: "orthodox".into(),
                variant_sha256: String::new(),
                white: axb,
                black: cat,
                rated: false,
                clock: ClockConfig::Unlimited,
                start_fen: String::new(),
                started_at_ms: 0,
            })
            .await
            .unwrap();
        let count = |player: &str| {
            let filter = GameFilter {
                status: None,
                player: Some(player.into()),
                variant: None,
                limit: 10,
            };
            let store = &store;
            async move { store.list_games(filter).await.unwrap().len() }
        };
        assert_eq!(
            (count("axb").await, count("a_b").await, count("%").await),
            (1, 0, 0)
        );
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A file of the server before migrations were recorded (its tables made by
    /// `CREATE TABLE IF NOT EXISTS`, no `schema_migrations`) opens with its rows intact
    /// and every migration recorded; opening again applies nothing twice.
    #[tokio::test]
    async fn a_file_from_before_migrations_is_migrated_in_place() {
        let dir = std::env::temp_dir().join(format!("chess4d-migrate-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.sqlite3");
        {
            let old = Connection::open(&path).unwrap();
            old.execute_batch(
                "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                 guest INTEGER NOT NULL, password_hash TEXT NOT NULL, created_ms INTEGER NOT NULL DEFAULT 0);
                 INSERT INTO users (name, guest, password_hash) VALUES ('old_timer', 0, 'x');",
            )
            .unwrap();
        }
        for _ in 0..2 {
            let store = SqliteStore::open(&path).unwrap();
            assert!(store.user_by_name("OLD_TIMER").await.unwrap().is_some());
            assert_eq!(
                store.create_user("Old_Timer", "", true).await,
                Err(StoreError::NameTaken)
            );
        }
        let conn = Connection::open(&path).unwrap();
        let versions: Vec<i64> = conn
            .prepare("SELECT version FROM schema_migrations ORDER BY version")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let all: Vec<i64> = super::super::schema::MIGRATIONS
            .iter()
            .map(|m| m.version)
            .collect();
        assert_eq!(versions, all);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A batch whose transaction cannot begin runs none of its jobs (their SAVEPOINTs
    /// would otherwise commit one by one) and every job is told it failed.
    #[test]
    fn a_batch_whose_begin_fails_runs_no_job_and_fails_every_reply() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (x INTEGER); BEGIN")
            .unwrap(); // an open transaction: BEGIN IMMEDIATE must fail
        let ran = Arc::new(AtomicBool::new(false));
        let (jobs, rx) = mpsc::channel::<Job>();
        let mut answers = Vec::new();
        for _ in 0..2 {
            let (tx, answer) = oneshot::channel::<Result<(), StoreError>>();
            let ran = ran.clone();
            jobs.send(job_for(
                move |c: &Connection| {
                    ran.store(true, Ordering::SeqCst);
                    c.execute_batch("INSERT INTO t VALUES (1)").map_err(db)
                },
                tx,
            ))
            .unwrap();
            answers.push(answer);
        }
        drop(jobs);
        writer(conn, rx, &Wal::default());
        for mut answer in answers {
            assert!(
                matches!(answer.try_recv(), Ok(Err(_))),
                "the job was answered Ok"
            );
        }
        assert!(
            !ran.load(Ordering::SeqCst),
            "a job ran outside a transaction"
        );
    }
}
