//! Players (people and computer levels) and their rating per variant.

use rusqlite::{Connection, OptionalExtension, Row};

use super::{Archive, Context, GameId, PlayerId, StorageError, UnixTime};
use crate::rating::glicko2::Glicko2Rating;

/// The longest player name accepted.
const MAX_NAME_CHARS: usize = 100;

/// Who sits at the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A person.
    Human,
    /// The computer; each level of the computer opponent has its own profile.
    Engine {
        /// The engine level, when the profile belongs to one.
        level: Option<u8>,
    },
}

impl PlayerKind {
    fn as_str(self) -> &'static str {
        match self {
            PlayerKind::Human => "human",
            PlayerKind::Engine { .. } => "engine",
        }
    }

    fn level(self) -> Option<i64> {
        match self {
            PlayerKind::Human => None,
            PlayerKind::Engine { level } => level.map(i64::from),
        }
    }
}

/// A player profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The row id.
    pub id: PlayerId,
    /// The unique name shown on the board.
    pub name: String,
    /// Person or computer.
    pub kind: PlayerKind,
    /// When the profile was made.
    pub created: UnixTime,
}

/// A player's rating in one variant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerRating {
    /// The Glicko-2 rating.
    pub rating: Glicko2Rating,
    /// Rated games played in the variant.
    pub games: u32,
}

impl Default for PlayerRating {
    fn default() -> Self {
        PlayerRating {
            rating: Glicko2Rating::NEWCOMER,
            games: 0,
        }
    }
}

/// A player's rating right after one rated game: a point of the rating plot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingPoint {
    /// The game that set this rating.
    pub game: GameId,
    /// The rating after the game.
    pub rating: Glicko2Rating,
    /// When the game was recorded.
    pub at: UnixTime,
}

/// The name of the profile of computer level `level`.
///
/// # Examples
///
/// ```
/// assert_eq!(chess4d_archive::storage::computer_name(4), "Computer level 4");
/// ```
pub fn computer_name(level: u8) -> String {
    format!("Computer level {level}")
}

impl Archive {
    /// Adds a player, or updates the kind of the one with this name; returns its id.
    /// Names of the form "Computer level N" belong to [`Archive::computer_player`].
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::storage::{Archive, PlayerKind};
    ///
    /// let mut archive = Archive::open_in_memory()?;
    /// let ann = archive.upsert_player("Ann", PlayerKind::Human)?;
    /// assert_eq!(archive.upsert_player("Ann", PlayerKind::Human)?, ann);
    /// assert!(archive.upsert_player("Computer level 2", PlayerKind::Human).is_err());
    /// # Ok::<(), chess4d_archive::storage::StorageError>(())
    /// ```
    pub fn upsert_player(
        &mut self,
        name: &str,
        kind: PlayerKind,
    ) -> Result<PlayerId, StorageError> {
        check_text("player name", name, MAX_NAME_CHARS)?;
        let reserved = name
            .strip_prefix("Computer level ")
            .is_some_and(|level| level.parse::<u8>().is_ok());
        if reserved && kind == PlayerKind::Human {
            return Err(StorageError::BadText {
                field: "player name",
                value: name.to_owned(),
                expected: "a name other than \"Computer level N\", which the computer uses"
                    .to_owned(),
            });
        }
        let tx = self
            .connection
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .context("save a player")?;
        let id: i64 = tx
            .query_row(
                "INSERT INTO players (name, kind, engine_level, created) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (name) DO UPDATE
                    SET kind = excluded.kind, engine_level = excluded.engine_level
                 RETURNING id",
                (name, kind.as_str(), kind.level(), super::now()),
                |row| row.get(0),
            )
            .context("save a player")?;
        tx.commit().context("save a player")?;
        Ok(PlayerId(id))
    }

    /// The profile of computer level `level` ("Computer level N"), made on first use.
    pub fn computer_player(&mut self, level: u8) -> Result<PlayerId, StorageError> {
        self.upsert_player(
            &computer_name(level),
            PlayerKind::Engine { level: Some(level) },
        )
    }

    /// The player with this id.
    pub fn player(&self, id: PlayerId) -> Result<Player, StorageError> {
        player_by_id(&self.connection, id)
    }

    /// The player with this name, if there is one.
    pub fn player_by_name(&self, name: &str) -> Result<Option<Player>, StorageError> {
        self.connection
            .query_row(
                "SELECT id, name, kind, engine_level, created FROM players WHERE name = ?1",
                [name],
                player_from_row,
            )
            .optional()
            .context("look up a player")?
            .transpose()
    }

    /// Every player, by name.
    pub fn list_players(&self) -> Result<Vec<Player>, StorageError> {
        let mut statement = self
            .connection
            .prepare("SELECT id, name, kind, engine_level, created FROM players ORDER BY name")
            .context("list players")?;
        let rows = statement
            .query_map([], player_from_row)
            .context("list players")?;
        let mut players = Vec::new();
        for row in rows {
            players.push(row.context("list players")??);
        }
        Ok(players)
    }

    /// The player's rating in `variant`; a newcomer's 1500 / 350 / 0.06 before the
    /// first rated game.
    pub fn rating(&self, player: PlayerId, variant: &str) -> Result<PlayerRating, StorageError> {
        player_by_id(&self.connection, player)?;
        read_rating(&self.connection, player, variant)
    }

    /// Every rated player of `variant` with their rating, best first.
    pub fn leaderboard(&self, variant: &str) -> Result<Vec<(Player, PlayerRating)>, StorageError> {
        let mut statement = self
            .connection
            .prepare(
                "SELECT p.id, p.name, p.kind, p.engine_level, p.created,
                        r.rating, r.deviation, r.volatility, r.games
                 FROM ratings r JOIN players p ON p.id = r.player
                 WHERE r.variant = ?1 ORDER BY r.rating DESC, p.name",
            )
            .context("list ratings")?;
        let rows = statement
            .query_map([variant], |row| {
                Ok((player_from_row(row)?, rating_from_row(row, 5)?))
            })
            .context("list ratings")?;
        let mut board = Vec::new();
        for row in rows {
            let (player, rating) = row.context("list ratings")?;
            board.push((player?, rating?));
        }
        Ok(board)
    }

    /// The player's rating after each rated game of `variant`, oldest first.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::GameResult;
    /// use chess4d_archive::storage::{Archive, GameRecord, PlayerKind};
    ///
    /// let mut archive = Archive::open_in_memory()?;
    /// let ann = archive.upsert_player("Ann", PlayerKind::Human)?;
    /// let bob = archive.upsert_player("Bob", PlayerKind::Human)?;
    /// for result in [GameResult::WhiteWins, GameResult::Draw] {
    ///     archive.record_finished_game(&GameRecord::new("full", ann, bob, result), true)?;
    /// }
    /// let plot = archive.rating_history(ann, "full")?;
    /// assert_eq!(plot.len(), 2);
    /// assert!(plot[1].rating.deviation < plot[0].rating.deviation);
    /// # Ok::<(), chess4d_archive::storage::StorageError>(())
    /// ```
    pub fn rating_history(
        &self,
        player: PlayerId,
        variant: &str,
    ) -> Result<Vec<RatingPoint>, StorageError> {
        player_by_id(&self.connection, player)?;
        let mut statement = self
            .connection
            .prepare(
                "SELECT game, rating, deviation, volatility, at FROM rating_history
                 WHERE player = ?1 AND variant = ?2 ORDER BY id",
            )
            .context("read the rating history")?;
        let rows = statement
            .query_map((player.0, variant), |row| {
                Ok(RatingPoint {
                    game: GameId(row.get(0)?),
                    rating: Glicko2Rating::new(row.get(1)?, row.get(2)?, row.get(3)?),
                    at: row.get(4)?,
                })
            })
            .context("read the rating history")?;
        rows.collect::<Result<_, _>>()
            .context("read the rating history")
    }
}

pub(super) fn player_by_id(connection: &Connection, id: PlayerId) -> Result<Player, StorageError> {
    connection
        .query_row(
            "SELECT id, name, kind, engine_level, created FROM players WHERE id = ?1",
            [id.0],
            player_from_row,
        )
        .optional()
        .context("look up a player")?
        .ok_or(StorageError::UnknownPlayer(id))?
}

/// Reads the player columns `id, name, kind, engine_level, created` from the row's start.
/// The outer result is SQLite's, the inner one says whether the values make sense.
fn player_from_row(row: &Row<'_>) -> rusqlite::Result<Result<Player, StorageError>> {
    let id: i64 = row.get(0)?;
    let name: String = row.get(1)?;
    let kind: String = row.get(2)?;
    let level: Option<i64> = row.get(3)?;
    let created: i64 = row.get(4)?;
    let corrupt = |what: String| Err(StorageError::Corrupt { what });
    let kind = match (kind.as_str(), level) {
        ("human", None) => PlayerKind::Human,
        ("engine", None) => PlayerKind::Engine { level: None },
        ("engine", Some(level)) => match u8::try_from(level) {
            Ok(level) => PlayerKind::Engine { level: Some(level) },
            Err(_) => return Ok(corrupt(format!("player {name} has engine level {level}"))),
        },
        (kind, _) => return Ok(corrupt(format!("player {name} is of unknown kind {kind}"))),
    };
    Ok(Ok(Player {
        id: PlayerId(id),
        name,
        kind,
        created,
    }))
}

/// Reads `rating, deviation, volatility, games` starting at column `first`.
fn rating_from_row(
    row: &Row<'_>,
    first: usize,
) -> rusqlite::Result<Result<PlayerRating, StorageError>> {
    let rating = Glicko2Rating::new(row.get(first)?, row.get(first + 1)?, row.get(first + 2)?);
    let games: i64 = row.get(first + 3)?;
    Ok(match u32::try_from(games) {
        Ok(games) => Ok(PlayerRating { rating, games }),
        Err(_) => Err(StorageError::Corrupt {
            what: format!("a rating counts {games} games"),
        }),
    })
}

pub(super) fn read_rating(
    connection: &Connection,
    player: PlayerId,
    variant: &str,
) -> Result<PlayerRating, StorageError> {
    let found = connection
        .query_row(
            "SELECT rating, deviation, volatility, games FROM ratings
             WHERE player = ?1 AND variant = ?2",
            (player.0, variant),
            |row| rating_from_row(row, 0),
        )
        .optional()
        .context("read a rating")?;
    match found {
        Some(rating) => rating,
        None => Ok(PlayerRating::default()),
    }
}

pub(super) fn write_rating(
    connection: &Connection,
    player: PlayerId,
    variant: &str,
    rating: &PlayerRating,
) -> Result<(), StorageError> {
    connection
        .execute(
            "INSERT INTO ratings (player, variant, rating, deviation, volatility, games)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (player, variant) DO UPDATE SET rating = excluded.rating,
                deviation = excluded.deviation, volatility = excluded.volatility,
                games = excluded.games",
            (
                player.0,
                variant,
                rating.rating.rating,
                rating.rating.deviation,
                rating.rating.volatility,
                i64::from(rating.games),
            ),
        )
        .context("write a rating")?;
    Ok(())
}

/// Refuses empty, over-long or control-character text, and text with spaces at an end
/// (two names that look the same must be the same name).
pub(super) fn check_text(
    field: &'static str,
    value: &str,
    max_chars: usize,
) -> Result<(), StorageError> {
    let bad = |expected: &str| {
        Err(StorageError::BadText {
            field,
            value: value.to_owned(),
            expected: expected.to_owned(),
        })
    };
    if value.trim().is_empty() {
        return bad("not empty");
    }
    if value.chars().count() > max_chars {
        return bad(&format!("at most {max_chars} characters long"));
    }
    if value.chars().any(char::is_control) {
        return bad("free of control characters such as line breaks and tabs");
    }
    if value.trim() != value {
        return bad("free of spaces at either end");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_unique_by_name_and_listed_by_name() {
        let mut archive = Archive::open_in_memory().expect("archive");
        let bob = archive
            .upsert_player("Bob", PlayerKind::Human)
            .expect("bob");
        let ann = archive
            .upsert_player("Ann", PlayerKind::Human)
            .expect("ann");
        assert_ne!(ann, bob);
        assert_eq!(
            archive
                .upsert_player("Bob", PlayerKind::Human)
                .expect("again"),
            bob
        );
        let names: Vec<String> = archive
            .list_players()
            .expect("list")
            .into_iter()
            .map(|p| p.name)
            .collect();
        assert_eq!(names, ["Ann", "Bob"]);
        assert_eq!(
            archive.player_by_name("Ann").expect("find").map(|p| p.id),
            Some(ann)
        );
        assert_eq!(archive.player_by_name("Cy").expect("find"), None);
    }

    #[test]
    fn each_computer_level_has_its_own_profile() {
        let mut archive = Archive::open_in_memory().expect("archive");
        let one = archive.computer_player(1).expect("level 1");
        let five = archive.computer_player(5).expect("level 5");
        assert_ne!(one, five);
        assert_eq!(archive.computer_player(5).expect("again"), five);
        let player = archive.player(five).expect("player");
        assert_eq!(player.name, "Computer level 5");
        assert_eq!(player.kind, PlayerKind::Engine { level: Some(5) });
    }

    #[test]
    fn bad_names_are_refused_with_the_reason() {
        let mut archive = Archive::open_in_memory().expect("archive");
        for name in ["", "   ", " Ann", "Ann\n", "A\tB", &"x".repeat(101)] {
            let error = archive
                .upsert_player(name, PlayerKind::Human)
                .expect_err(name);
            assert!(
                matches!(
                    error,
                    StorageError::BadText {
                        field: "player name",
                        ..
                    }
                ),
                "{error}"
            );
        }
        let error = archive
            .upsert_player("Computer level 3", PlayerKind::Human)
            .expect_err("reserved");
        assert!(error.to_string().contains("computer"), "{error}");
        // A name that merely starts like the computer's is a person's to take.
        assert!(
            archive
                .upsert_player("Computer level fan", PlayerKind::Human)
                .is_ok()
        );
    }

    #[test]
    fn an_unrated_player_has_the_newcomer_rating() {
        let mut archive = Archive::open_in_memory().expect("archive");
        let ann = archive
            .upsert_player("Ann", PlayerKind::Human)
            .expect("ann");
        let rating = archive.rating(ann, "full").expect("rating");
        assert_eq!(rating.rating, Glicko2Rating::new(1500.0, 350.0, 0.06));
        assert_eq!(rating.games, 0);
        assert!(matches!(
            archive.rating(PlayerId(77), "full"),
            Err(StorageError::UnknownPlayer(PlayerId(77)))
        ));
        assert!(
            archive
                .rating_history(ann, "full")
                .expect("history")
                .is_empty()
        );
    }
}
