//! The PostgreSQL store: the same tables as SQLite's (crate::store::schema), reached
//! through a small pool (crate::store::pg_pool). Several `chess4d serve` nodes may share
//! one database: every write is a statement or a transaction of its own, committed
//! (`synchronous_commit` as the database has it: on, by default) before its future
//! resolves, and the migrations take an advisory lock so two nodes starting together
//! apply each one once.

use super::pg_pool::{PgConn, Pool, db};
use super::schema::{Dialect, MIGRATIONS, VERSION_TABLE, latest, render, too_new};
use super::{
    Finish, GameFilter, GameRow, HistoryRow, MoveRow, NewGame, ProfileRows, RatingRow, Store,
    StoreError, StoreFuture, UserId, UserRow,
};
use crate::rating;
use chess4d_archive::rating::glicko2::Glicko2Rating;
use chess4d_protocol::{ClockConfig, GameEnd, GameId, GameStatus, RatingChange, Side};
use tokio_postgres::Row;
use tokio_postgres::error::SqlState;

/// Connections per node: moves are single statements, so a few suffice.
pub const POOL_SIZE: usize = 8;

/// The advisory lock key the migrations hold (any constant; "c4d" in ASCII).
const MIGRATION_LOCK: i64 = 0x0063_3464;

/// The PostgreSQL store.
pub struct PgStore {
    pool: Pool,
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

/// A column read, with the database's words when its type is not the one expected.
fn col<'a, T: tokio_postgres::types::FromSql<'a>>(row: &'a Row, i: usize) -> Result<T, StoreError> {
    row.try_get(i).map_err(db)
}

impl PgStore {
    /// Connects to `url` (`postgres://user:password@host:port/database`) and brings the
    /// schema up to date.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let pool = Pool::open(url, POOL_SIZE).await?;
        let store = PgStore { pool };
        store.migrate().await?;
        Ok(store)
    }

    /// Applies the missing migrations, one transaction each, under an advisory lock
    /// (a second node starting at the same time waits, then finds them applied).
    async fn migrate(&self) -> Result<(), StoreError> {
        let mut c = self.pool.get().await?;
        let c = &mut *c;
        in_transaction(c, async |c: &mut PgConn| {
            c.client
                .execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
                .await
                .map_err(db)?;
            c.client
                .batch_execute(&render(VERSION_TABLE, Dialect::Postgres))
                .await
                .map_err(db)?;
            let at: i64 = col(
                &c.client
                    .query_one(
                        "SELECT COALESCE(MAX(version), 0)::BIGINT FROM schema_migrations",
                        &[],
                    )
                    .await
                    .map_err(db)?,
                0,
            )?;
            if at > latest() {
                return Err(StoreError::Database(too_new(at)));
            }
            for m in MIGRATIONS.iter().filter(|m| m.version > at) {
                c.client
                    .batch_execute(&render(m.sql, Dialect::Postgres))
                    .await
                    .map_err(db)?;
                c.client
                    .execute(
                        "INSERT INTO schema_migrations (version, name, applied_ms) VALUES ($1, $2, $3)",
                        &[&m.version, &m.name, &(crate::clock::now_ms() as i64)],
                    )
                    .await
                    .map_err(db)?;
            }
            Ok(())
        })
        .await
    }
}

/// Runs `f` between `BEGIN` and `COMMIT`, rolling back when it fails (the connection
/// then goes back to the pool clean).
async fn in_transaction<T>(
    c: &mut PgConn,
    f: impl AsyncFnOnce(&mut PgConn) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    c.client.batch_execute("BEGIN").await.map_err(db)?;
    match f(c).await {
        Ok(v) => {
            c.client.batch_execute("COMMIT").await.map_err(db)?;
            Ok(v)
        }
        Err(e) => {
            let _ = c.client.batch_execute("ROLLBACK").await;
            Err(e)
        }
    }
}

/// The games query with `$tail` (a WHERE clause) after its FROM: the columns
/// `read_game` reads, and the move count.
macro_rules! game_select {
    ($tail:literal) => {
        concat!(
            "SELECT g.id, g.variant, g.variant_sha256, g.white_id, g.black_id, g.rated,
             g.clock, g.start_fen, g.started_ms, g.status, g.end_json, g.white_ms, g.black_ms,
             w.name, b.name, w.guest, b.guest,
             (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
             FROM games g JOIN users w ON w.id = g.white_id JOIN users b ON b.id = g.black_id",
            $tail
        )
    };
}

const GAME_BY_ID: &str = game_select!(" WHERE g.id = $1");
const GAMES_PLAYING: &str = game_select!(" WHERE g.status = 'playing' ORDER BY g.id");
/// A filter left out is NULL; names and variants match as written, case aside (no
/// wildcards, as in SQLite's escaped LIKE).
const GAMES_LISTED: &str = game_select!(
    " WHERE ($1::TEXT IS NULL OR g.status = $1)
      AND ($2::TEXT IS NULL OR lower(w.name) = lower($2) OR lower(b.name) = lower($2))
      AND ($3::TEXT IS NULL OR lower(g.variant) = lower($3))
      ORDER BY g.id DESC LIMIT $4"
);

fn read_game(row: &Row) -> Result<GameRow, StoreError> {
    let clock: String = col(row, 6)?;
    let end: Option<String> = col(row, 10)?;
    let white_ms: Option<i64> = col(row, 11)?;
    let black_ms: Option<i64> = col(row, 12)?;
    let count: i64 = col(row, 17)?;
    Ok(GameRow {
        id: GameId(col::<i64>(row, 0)? as u64),
        game: NewGame {
            variant: col(row, 1)?,
            variant_sha256: col(row, 2)?,
            white: UserId(col(row, 3)?),
            black: UserId(col(row, 4)?),
            rated: col(row, 5)?,
            clock: serde_json::from_str(&clock).unwrap_or(ClockConfig::Unlimited),
            start_fen: col(row, 7)?,
            started_at_ms: col::<i64>(row, 8)? as u64,
        },
        status: status_of(&col::<String>(row, 9)?),
        end: end.and_then(|e| serde_json::from_str(&e).ok()),
        final_clocks: white_ms.zip(black_ms).map(|(w, b)| (w as u64, b as u64)),
        white_name: col(row, 13)?,
        black_name: col(row, 14)?,
        white_guest: col(row, 15)?,
        black_guest: col(row, 16)?,
        // Listings carry only the count; load_moves fills in the moves themselves.
        moves: (0..count.max(0) as u32)
            .map(|ply| MoveRow {
                ply,
                mv: String::new(),
                white_ms: 0,
                black_ms: 0,
                at_ms: 0,
            })
            .collect(),
    })
}

async fn load_moves(c: &mut PgConn, game: &mut GameRow) -> Result<(), StoreError> {
    let s = c
        .prepared(
            "SELECT ply, mv, white_ms, black_ms, at_ms FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .await?;
    let rows = c
        .client
        .query(&s, &[&(game.id.0 as i64)])
        .await
        .map_err(db)?;
    game.moves = rows
        .iter()
        .map(|r| {
            Ok(MoveRow {
                ply: col::<i64>(r, 0)? as u32,
                mv: col(r, 1)?,
                white_ms: col::<i64>(r, 2)? as u64,
                black_ms: col::<i64>(r, 3)? as u64,
                at_ms: col::<i64>(r, 4)? as u64,
            })
        })
        .collect::<Result<_, StoreError>>()?;
    Ok(())
}

fn read_rating_row(r: &Row, from: usize) -> Result<RatingRow, StoreError> {
    Ok(RatingRow {
        rating: Glicko2Rating::new(col(r, from)?, col(r, from + 1)?, col(r, from + 2)?),
        games: col::<i64>(r, from + 3)? as u32,
    })
}

async fn read_rating(
    c: &mut PgConn,
    user: i64,
    variant: &str,
) -> Result<Option<RatingRow>, StoreError> {
    let s = c
        .prepared(
            "SELECT rating, deviation, volatility, games FROM ratings
             WHERE user_id = $1 AND variant = $2",
        )
        .await?;
    let row = c
        .client
        .query_opt(&s, &[&user, &variant])
        .await
        .map_err(db)?;
    row.map(|r| read_rating_row(&r, 0)).transpose()
}

/// Rates a finished rated game inside the transaction (both players' rows locked first,
/// so two games ending at once for one player are rated one after the other).
async fn rate(c: &mut PgConn, finish: &Finish, end: &mut GameEnd) -> Result<(), StoreError> {
    let row = c
        .client
        .query_one(
            "SELECT white_id, black_id, variant FROM games WHERE id = $1",
            &[&(finish.game.0 as i64)],
        )
        .await
        .map_err(db)?;
    let (white, black, variant): (i64, i64, String) = (col(&row, 0)?, col(&row, 1)?, col(&row, 2)?);
    c.client
        .execute(
            "SELECT id FROM users WHERE id IN ($1, $2) ORDER BY id FOR UPDATE",
            &[&white, &black],
        )
        .await
        .map_err(db)?;
    let w = read_rating(c, white, &variant).await?;
    let b = read_rating(c, black, &variant).await?;
    let wb = w.map_or(Glicko2Rating::NEWCOMER, |r| r.rating);
    let bb = b.map_or(Glicko2Rating::NEWCOMER, |r| r.rating);
    let (wa, ba) = rating::rate(&wb, &bb, end.winner);
    for (user, before, after, games, side) in [
        (white, wb, wa, w.map_or(0, |r| r.games), Side::White),
        (black, bb, ba, b.map_or(0, |r| r.games), Side::Black),
    ] {
        c.client
            .execute(
                "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (user_id, variant) DO UPDATE SET rating = $3, deviation = $4,
                 volatility = $5, games = $6",
                &[
                    &user,
                    &variant,
                    &after.rating,
                    &after.deviation,
                    &after.volatility,
                    &(i64::from(games) + 1),
                ],
            )
            .await
            .map_err(db)?;
        c.client
            .execute(
                "INSERT INTO rating_history (user_id, game_id, variant, before, after, at_ms)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &user,
                    &(finish.game.0 as i64),
                    &variant,
                    &before.rating,
                    &after.rating,
                    &(finish.at_ms as i64),
                ],
            )
            .await
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

fn user_row(r: &Row, expires: bool) -> Result<UserRow, StoreError> {
    Ok(UserRow {
        id: UserId(col(r, 0)?),
        name: col(r, 1)?,
        guest: col(r, 2)?,
        password_hash: col(r, 3)?,
        token_expires_ms: if expires {
            Some(col::<i64>(r, 4)?.max(0) as u64)
        } else {
            None
        },
    })
}

impl PgStore {
    /// The games of a prepared query, each with its moves when `with_moves`.
    async fn games(
        &self,
        sql: &'static str,
        args: &[&(dyn tokio_postgres::types::ToSql + Sync)],
        with_moves: bool,
    ) -> Result<Vec<GameRow>, StoreError> {
        let mut c = self.pool.get().await?;
        let s = c.prepared(sql).await?;
        let rows = c.client.query(&s, args).await.map_err(db)?;
        let mut games = rows.iter().map(read_game).collect::<Result<Vec<_>, _>>()?;
        if with_moves {
            for g in &mut games {
                load_moves(&mut c, g).await?;
            }
        }
        Ok(games)
    }
}

impl Store for PgStore {
    fn create_user(&self, name: &str, password_hash: &str, guest: bool) -> StoreFuture<'_, UserId> {
        let (name, hash) = (name.to_string(), password_hash.to_string());
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            let s = c
                .prepared(
                    "INSERT INTO users (name, guest, password_hash) VALUES ($1, $2, $3) RETURNING id",
                )
                .await?;
            match c.client.query_one(&s, &[&name, &guest, &hash]).await {
                Ok(row) => Ok(UserId(col(&row, 0)?)),
                // The unique index on lower(name) decides, so two nodes signing up the
                // same name at once cannot both win.
                Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => {
                    Err(StoreError::NameTaken)
                }
                Err(e) => Err(db(e)),
            }
        })
    }

    fn user_by_name(&self, name: &str) -> StoreFuture<'_, Option<UserRow>> {
        let name = name.to_string();
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            let s = c
                .prepared(
                    "SELECT id, name, guest, password_hash FROM users WHERE lower(name) = lower($1)",
                )
                .await?;
            let row = c.client.query_opt(&s, &[&name]).await.map_err(db)?;
            row.map(|r| user_row(&r, false)).transpose()
        })
    }

    fn insert_token(
        &self,
        token_hash: &str,
        user: UserId,
        expires_at_ms: u64,
    ) -> StoreFuture<'_, ()> {
        let hash = token_hash.to_string();
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            let s = c
                .prepared(
                    "INSERT INTO tokens (token_hash, user_id, expires_ms) VALUES ($1, $2, $3)",
                )
                .await?;
            c.client
                .execute(&s, &[&hash, &user.0, &(expires_at_ms as i64)])
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn user_by_token(&self, token_hash: &str, now_ms: u64) -> StoreFuture<'_, Option<UserRow>> {
        let hash = token_hash.to_string();
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            let s = c
                .prepared(
                    "SELECT u.id, u.name, u.guest, u.password_hash, t.expires_ms FROM tokens t
                     JOIN users u ON u.id = t.user_id
                     WHERE t.token_hash = $1 AND NOT t.revoked AND t.expires_ms > $2",
                )
                .await?;
            let row = c
                .client
                .query_opt(&s, &[&hash, &(now_ms as i64)])
                .await
                .map_err(db)?;
            row.map(|r| user_row(&r, true)).transpose()
        })
    }

    fn revoke_token(&self, token_hash: &str) -> StoreFuture<'_, bool> {
        let hash = token_hash.to_string();
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            let s = c
                .prepared("UPDATE tokens SET revoked = TRUE WHERE token_hash = $1")
                .await?;
            Ok(c.client.execute(&s, &[&hash]).await.map_err(db)? > 0)
        })
    }

    fn create_game(&self, game: NewGame) -> StoreFuture<'_, GameId> {
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            let s = c
                .prepared(
                    "INSERT INTO games (variant, variant_sha256, white_id, black_id, rated, clock,
                     start_fen, started_ms, status)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'playing') RETURNING id",
                )
                .await?;
            let row = c
                .client
                .query_one(
                    &s,
                    &[
                        &game.variant,
                        &game.variant_sha256,
                        &game.white.0,
                        &game.black.0,
                        &game.rated,
                        &json(&game.clock)?,
                        &game.start_fen,
                        &(game.started_at_ms as i64),
                    ],
                )
                .await
                .map_err(db)?;
            Ok(GameId(col::<i64>(&row, 0)? as u64))
        })
    }

    fn append_move(&self, game: GameId, row: MoveRow) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            let s = c
                .prepared(
                    "INSERT INTO moves (game_id, ply, mv, white_ms, black_ms, at_ms)
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                )
                .await?;
            let n = c
                .client
                .execute(
                    &s,
                    &[
                        &(game.0 as i64),
                        &i64::from(row.ply),
                        &row.mv,
                        &(row.white_ms as i64),
                        &(row.black_ms as i64),
                        &(row.at_ms as i64),
                    ],
                )
                .await
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
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            let s = c
                .prepared("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .await?;
            c.client
                .execute(&s, &[&(game.0 as i64), &i64::from(ply)])
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn finish_game(&self, finish: Finish) -> StoreFuture<'_, GameEnd> {
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            in_transaction(&mut c, async |c: &mut PgConn| {
                // FOR UPDATE: a second finisher (another node) waits, then sees it over.
                let row = c
                    .client
                    .query_opt(
                        "SELECT status, rated FROM games WHERE id = $1 FOR UPDATE",
                        &[&(finish.game.0 as i64)],
                    )
                    .await
                    .map_err(db)?
                    .ok_or_else(|| {
                        StoreError::Database(format!("game {} is not stored", finish.game.0))
                    })?;
                let (status, rated): (String, bool) = (col(&row, 0)?, col(&row, 1)?);
                if status != "playing" {
                    return Err(StoreError::Conflict(format!(
                        "game {} is over",
                        finish.game.0
                    )));
                }
                let mut end = finish.end.clone();
                if rated && finish.status == GameStatus::Finished {
                    rate(c, &finish, &mut end).await?;
                }
                c.client
                    .execute(
                        "UPDATE games SET status = $2, end_json = $3, ended_ms = $4,
                         white_ms = $5, black_ms = $6 WHERE id = $1",
                        &[
                            &(finish.game.0 as i64),
                            &status_str(finish.status),
                            &json(&end)?,
                            &(finish.at_ms as i64),
                            &(finish.clocks.0 as i64),
                            &(finish.clocks.1 as i64),
                        ],
                    )
                    .await
                    .map_err(db)?;
                // A game over needs no owner (crate::cluster).
                c.client
                    .execute(
                        "DELETE FROM game_leases WHERE game_id = $1",
                        &[&(finish.game.0 as i64)],
                    )
                    .await
                    .map_err(db)?;
                Ok(end)
            })
            .await
        })
    }

    fn load_game(&self, id: GameId) -> StoreFuture<'_, Option<GameRow>> {
        Box::pin(async move { Ok(self.games(GAME_BY_ID, &[&(id.0 as i64)], true).await?.pop()) })
    }

    fn playing_games(&self) -> StoreFuture<'_, Vec<GameRow>> {
        Box::pin(self.games(GAMES_PLAYING, &[], true))
    }

    fn list_games(&self, filter: GameFilter) -> StoreFuture<'_, Vec<GameRow>> {
        Box::pin(async move {
            let status = filter.status.map(status_str);
            let limit = i64::from(filter.limit);
            self.games(
                GAMES_LISTED,
                &[&status, &filter.player, &filter.variant, &limit],
                false,
            )
            .await
        })
    }

    fn rating(&self, user: UserId, variant: &str) -> StoreFuture<'_, Option<RatingRow>> {
        let variant = variant.to_string();
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            read_rating(&mut c, user.0, &variant).await
        })
    }

    fn leaderboard(&self, variant: &str, limit: u32) -> StoreFuture<'_, Vec<(String, RatingRow)>> {
        let variant = variant.to_string();
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            let s = c
                .prepared(
                    "SELECT u.name, r.rating, r.deviation, r.volatility, r.games FROM ratings r
                     JOIN users u ON u.id = r.user_id WHERE r.variant = $1
                     ORDER BY r.rating DESC LIMIT $2",
                )
                .await?;
            let rows = c
                .client
                .query(&s, &[&variant, &i64::from(limit)])
                .await
                .map_err(db)?;
            rows.iter()
                .map(|r| Ok((col(r, 0)?, read_rating_row(r, 1)?)))
                .collect()
        })
    }

    fn profile(&self, user: UserId) -> StoreFuture<'_, ProfileRows> {
        Box::pin(async move {
            let mut c = self.pool.get().await?;
            let s = c
                .prepared(
                    "SELECT variant, rating, deviation, volatility, games FROM ratings
                     WHERE user_id = $1 ORDER BY variant",
                )
                .await?;
            let rows = c.client.query(&s, &[&user.0]).await.map_err(db)?;
            let ratings = rows
                .iter()
                .map(|r| Ok((col(r, 0)?, read_rating_row(r, 1)?)))
                .collect::<Result<_, StoreError>>()?;
            let s = c
                .prepared(
                    "SELECT game_id, variant, before, after, at_ms FROM rating_history
                     WHERE user_id = $1 ORDER BY game_id DESC LIMIT 200",
                )
                .await?;
            let rows = c.client.query(&s, &[&user.0]).await.map_err(db)?;
            let history = rows
                .iter()
                .map(|r| {
                    Ok(HistoryRow {
                        game: GameId(col::<i64>(r, 0)? as u64),
                        variant: col(r, 1)?,
                        before: col(r, 2)?,
                        after: col(r, 3)?,
                        at_ms: col::<i64>(r, 4)? as u64,
                    })
                })
                .collect::<Result<_, StoreError>>()?;
            Ok((ratings, history))
        })
    }
}
