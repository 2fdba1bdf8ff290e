//! Games: recording a finished one (and rating it in the same transaction), saving and
//! continuing an adjourned one, listing and loading.

use rusqlite::{Connection, OptionalExtension, Row, Transaction, TransactionBehavior};

use super::game_records::{
    GameFilter, GameRecord, GameStatus, GameSummary, RatingChange, RecordedGame, StoredGame,
};
use super::players::{PlayerRating, player_by_id, read_rating, write_rating};
use super::{Archive, Context, GameId, PlayerId, StorageError, UnixTime};
use crate::rating::RatingSystem;
use crate::record::{GameResult, check_move};

impl Archive {
    /// Stores a finished game and, when `rated`, rates it for both players (a computer
    /// level's profile included) and adds both to the rating history: all in one
    /// transaction, so the game and its rating update exist together or not at all.
    /// A record with an `id` finishes that adjourned game.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::GameResult;
    /// use chess4d_archive::storage::{Archive, GameRecord, PlayerKind};
    ///
    /// let mut archive = Archive::open_in_memory()?;
    /// let ann = archive.upsert_player("Ann", PlayerKind::Human)?;
    /// let computer = archive.computer_player(2)?;
    /// let game = GameRecord::new("full", computer, ann, GameResult::BlackWins)
    ///     .with_termination("checkmate");
    /// let recorded = archive.record_finished_game(&game, true)?;
    /// let ann_change = recorded.black.expect("a rated game changes ratings");
    /// assert!(ann_change.delta() > 0.0);
    /// assert_eq!(archive.rating(ann, "full")?.games, 1);
    /// # Ok::<(), chess4d_archive::storage::StorageError>(())
    /// ```
    pub fn record_finished_game(
        &mut self,
        game: &GameRecord,
        rated: bool,
    ) -> Result<RecordedGame, StorageError> {
        game.check()?;
        let outcome = match (rated, game.result.white_outcome()) {
            (false, _) => None,
            (true, None) => return Err(StorageError::UndecidedRatedGame),
            (true, Some(_)) if game.white == game.black => {
                return Err(StorageError::SelfPlay(game.white));
            }
            (true, Some(outcome)) => Some(outcome),
        };
        let now = super::now();
        let tx = begin(&mut self.connection, "record a game")?;
        player_by_id(&tx, game.white)?;
        player_by_id(&tx, game.black)?;
        let sequence: i64 = tx
            .query_row(
                "SELECT coalesce(max(finished_seq), 0) + 1 FROM games",
                [],
                |row| row.get(0),
            )
            .context("record a game")?;
        let id = write_game(&tx, game, rated, GameStatus::Finished, Some(sequence), now)?;

        let mut recorded = RecordedGame {
            id,
            white: None,
            black: None,
        };
        if let Some(outcome) = outcome {
            let white = read_rating(&tx, game.white, &game.variant)?;
            let black = read_rating(&tx, game.black, &game.variant)?;
            let (white_after, black_after) =
                self.glicko.rate_game(&white.rating, &black.rating, outcome);
            for (player, before, after) in [
                (game.white, white, white_after),
                (game.black, black, black_after),
            ] {
                let rating = PlayerRating {
                    rating: after,
                    games: before.games.saturating_add(1),
                };
                write_rating(&tx, player, &game.variant, &rating)?;
                tx.execute(
                    "INSERT INTO rating_history
                        (player, variant, game, rating, deviation, volatility, at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    (
                        player.0,
                        &game.variant,
                        id.0,
                        after.rating,
                        after.deviation,
                        after.volatility,
                        now,
                    ),
                )
                .context("write the rating history")?;
            }
            recorded.white = Some(RatingChange {
                before: white.rating,
                after: white_after,
            });
            recorded.black = Some(RatingChange {
                before: black.rating,
                after: black_after,
            });
        }
        tx.commit().context("commit a finished game")?;
        Ok(recorded)
    }

    /// Saves an unfinished game to continue later: a new one when the record has no
    /// `id`, else over the adjourned game with that id. `rated` says whether it will
    /// count once finished. The result must still be `*`.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::GameResult;
    /// use chess4d_archive::storage::{Archive, GameRecord, GameStatus, PlayerKind};
    ///
    /// let mut archive = Archive::open_in_memory()?;
    /// let ann = archive.upsert_player("Ann", PlayerKind::Human)?;
    /// let computer = archive.computer_player(1)?;
    /// let game = GameRecord::new("full", ann, computer, GameResult::Undecided)
    ///     .with_moves(["a2[0,0]a3[0,0]"]);
    /// let id = archive.save_adjourned_game(&game, true)?;
    /// archive.update_game_moves(id, &["a2[0,0]a3[0,0]".into(), "b3[0,1]b2[0,1]".into()])?;
    /// let stored = archive.load_game(id)?;
    /// assert_eq!(stored.status, GameStatus::Adjourned);
    /// assert_eq!(stored.moves.len(), 2);
    /// # Ok::<(), chess4d_archive::storage::StorageError>(())
    /// ```
    pub fn save_adjourned_game(
        &mut self,
        game: &GameRecord,
        rated: bool,
    ) -> Result<GameId, StorageError> {
        game.check()?;
        if game.result != GameResult::Undecided {
            return Err(StorageError::AdjournedWithResult(game.result));
        }
        let tx = begin(&mut self.connection, "adjourn a game")?;
        player_by_id(&tx, game.white)?;
        player_by_id(&tx, game.black)?;
        let id = write_game(&tx, game, rated, GameStatus::Adjourned, None, super::now())?;
        tx.commit().context("commit an adjourned game")?;
        Ok(id)
    }

    /// Replaces the moves of adjourned game `id` (the autosave after each move).
    pub fn update_game_moves(&mut self, id: GameId, moves: &[String]) -> Result<(), StorageError> {
        check_moves(moves)?;
        let tx = begin(&mut self.connection, "save the moves")?;
        require_adjourned(&tx, id)?;
        tx.execute(
            "UPDATE games SET moves = ?1, updated = ?2 WHERE id = ?3",
            (moves.join(" "), super::now(), id.0),
        )
        .context("save the moves")?;
        tx.commit().context("commit the moves")
    }

    /// Replaces the clock readings of adjourned game `id` (saved with its moves).
    pub fn update_game_clocks(&mut self, id: GameId, clocks: &[u64]) -> Result<(), StorageError> {
        let tx = begin(&mut self.connection, "save the clocks")?;
        require_adjourned(&tx, id)?;
        tx.execute(
            "UPDATE games SET clocks = ?1 WHERE id = ?2",
            (join_clocks(clocks), id.0),
        )
        .context("save the clocks")?;
        tx.commit().context("commit the clocks")
    }

    /// The archived game `id`.
    pub fn load_game(&self, id: GameId) -> Result<StoredGame, StorageError> {
        let row = self
            .connection
            .query_row(
                "SELECT id, variant, start_fen, white, black, result, termination, rated,
                        status, moves, created, updated, time_control, clocks
                 FROM games WHERE id = ?1",
                [id.0],
                RawGame::from_row,
            )
            .optional()
            .context("load a game")?
            .ok_or(StorageError::UnknownGame(id))?;
        Ok(StoredGame {
            id,
            white: player_by_id(&self.connection, PlayerId(row.white))?,
            black: player_by_id(&self.connection, PlayerId(row.black))?,
            result: parse_result(&row.result)?,
            status: GameStatus::parse(&row.status)?,
            moves: split_moves(&row.moves)?,
            clocks: split_clocks(&row.clocks)?,
            time_control: row.time_control,
            variant: row.variant,
            start_fen: row.start_fen,
            termination: row.termination,
            rated: row.rated,
            created: row.created,
            updated: row.updated,
        })
    }

    /// The games `filter` selects, most recently saved first.
    pub fn list_games(&self, filter: &GameFilter) -> Result<Vec<GameSummary>, StorageError> {
        let mut statement = self
            .connection
            .prepare(
                "SELECT g.id, g.variant, g.white, w.name, g.black, b.name, g.result, g.rated,
                        g.status,
                        CASE WHEN g.moves = '' THEN 0
                             ELSE length(g.moves) - length(replace(g.moves, ' ', '')) + 1 END,
                        g.created, g.updated
                 FROM games g
                 JOIN players w ON w.id = g.white
                 JOIN players b ON b.id = g.black
                 WHERE (?1 IS NULL OR g.white = ?1 OR g.black = ?1)
                   AND (?2 IS NULL OR g.variant = ?2)
                   AND (?3 IS NULL OR g.status = ?3)
                 ORDER BY g.updated DESC, g.id DESC
                 LIMIT ?4",
            )
            .context("list games")?;
        let limit = filter.limit.map_or(-1, i64::from);
        let rows = statement
            .query_map(
                (
                    filter.player.map(|p| p.0),
                    filter.variant.as_deref(),
                    filter.status.map(GameStatus::as_str),
                    limit,
                ),
                |row| {
                    Ok((
                        GameId(row.get(0)?),
                        row.get::<_, String>(1)?,
                        PlayerId(row.get(2)?),
                        row.get::<_, String>(3)?,
                        PlayerId(row.get(4)?),
                        row.get::<_, String>(5)?,
                        row.get::<_, String>(6)?,
                        row.get::<_, bool>(7)?,
                        row.get::<_, String>(8)?,
                        row.get::<_, i64>(9)?,
                        row.get::<_, i64>(10)?,
                        row.get::<_, i64>(11)?,
                    ))
                },
            )
            .context("list games")?;
        let mut games = Vec::new();
        for row in rows {
            let (
                id,
                variant,
                white,
                white_name,
                black,
                black_name,
                result,
                rated,
                status,
                plies,
                created,
                updated,
            ) = row.context("list games")?;
            games.push(GameSummary {
                id,
                variant,
                white,
                white_name,
                black,
                black_name,
                result: parse_result(&result)?,
                rated,
                status: GameStatus::parse(&status)?,
                plies: u32::try_from(plies).unwrap_or(u32::MAX),
                created,
                updated,
            });
        }
        Ok(games)
    }
}

/// Write transactions take the lock up front, so two processes sharing the archive
/// wait for each other (busy timeout) instead of failing halfway.
fn begin<'c>(
    connection: &'c mut Connection,
    action: &'static str,
) -> Result<Transaction<'c>, StorageError> {
    connection
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .context(action)
}

/// Inserts the game, or overwrites the adjourned game it continues; returns its id.
fn write_game(
    tx: &Transaction<'_>,
    game: &GameRecord,
    rated: bool,
    status: GameStatus,
    finished_seq: Option<i64>,
    now: UnixTime,
) -> Result<GameId, StorageError> {
    let moves = game.moves.join(" ");
    let clocks = join_clocks(&game.clocks);
    match game.id {
        Some(id) => {
            require_adjourned(tx, id)?;
            tx.execute(
                "UPDATE games SET variant = ?1, start_fen = ?2, white = ?3, black = ?4,
                    result = ?5, termination = ?6, rated = ?7, status = ?8, moves = ?9,
                    updated = ?10, finished_seq = ?11, time_control = ?13, clocks = ?14
                 WHERE id = ?12",
                (
                    &game.variant,
                    &game.start_fen,
                    game.white.0,
                    game.black.0,
                    game.result.as_str(),
                    &game.termination,
                    rated,
                    status.as_str(),
                    moves,
                    now,
                    finished_seq,
                    id.0,
                    &game.time_control,
                    clocks,
                ),
            )
            .context("save a game")?;
            Ok(id)
        }
        None => {
            tx.execute(
                "INSERT INTO games (variant, start_fen, white, black, result, termination,
                    rated, status, moves, created, updated, finished_seq, time_control, clocks)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12, ?13)",
                (
                    &game.variant,
                    &game.start_fen,
                    game.white.0,
                    game.black.0,
                    game.result.as_str(),
                    &game.termination,
                    rated,
                    status.as_str(),
                    moves,
                    now,
                    finished_seq,
                    &game.time_control,
                    clocks,
                ),
            )
            .context("save a game")?;
            Ok(GameId(tx.last_insert_rowid()))
        }
    }
}

fn require_adjourned(connection: &Connection, id: GameId) -> Result<(), StorageError> {
    let status: Option<String> = connection
        .query_row("SELECT status FROM games WHERE id = ?1", [id.0], |row| {
            row.get(0)
        })
        .optional()
        .context("look up a game")?;
    match status.as_deref().map(GameStatus::parse).transpose()? {
        None => Err(StorageError::UnknownGame(id)),
        Some(GameStatus::Finished) => Err(StorageError::GameFinished(id)),
        Some(GameStatus::Adjourned) => Ok(()),
    }
}

pub(super) fn check_moves(moves: &[String]) -> Result<(), StorageError> {
    for (index, text) in moves.iter().enumerate() {
        check_move(text).map_err(|source| StorageError::BadMove { index, source })?;
    }
    Ok(())
}

fn split_moves(text: &str) -> Result<Vec<String>, StorageError> {
    let moves: Vec<String> = text
        .split(' ')
        .filter(|m| !m.is_empty())
        .map(str::to_owned)
        .collect();
    check_moves(&moves).map_err(|error| StorageError::Corrupt {
        what: format!("a stored game has a bad move: {error}"),
    })?;
    Ok(moves)
}

fn join_clocks(clocks: &[u64]) -> String {
    let words: Vec<String> = clocks.iter().map(u64::to_string).collect();
    words.join(" ")
}

fn split_clocks(text: &str) -> Result<Vec<u64>, StorageError> {
    text.split_whitespace()
        .map(|w| {
            w.parse().map_err(|_| StorageError::Corrupt {
                what: format!("a stored game has the clock reading '{w}'"),
            })
        })
        .collect()
}

fn parse_result(text: &str) -> Result<GameResult, StorageError> {
    text.parse().map_err(|error| StorageError::Corrupt {
        what: format!("a stored game: {error}"),
    })
}

/// A games row before its values are checked.
struct RawGame {
    variant: String,
    start_fen: Option<String>,
    white: i64,
    black: i64,
    result: String,
    termination: Option<String>,
    rated: bool,
    status: String,
    moves: String,
    created: i64,
    updated: i64,
    time_control: Option<String>,
    clocks: String,
}

impl RawGame {
    fn from_row(row: &Row<'_>) -> rusqlite::Result<RawGame> {
        Ok(RawGame {
            variant: row.get(1)?,
            start_fen: row.get(2)?,
            white: row.get(3)?,
            black: row.get(4)?,
            result: row.get(5)?,
            termination: row.get(6)?,
            rated: row.get(7)?,
            status: row.get(8)?,
            moves: row.get(9)?,
            created: row.get(10)?,
            updated: row.get(11)?,
            time_control: row.get(12)?,
            clocks: row.get(13)?,
        })
    }
}
