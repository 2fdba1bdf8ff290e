//! Players, ratings and the game archive as the program uses them: the archive file
//! chosen by `--data-dir`, `CHESS4D_DATA_DIR` or the platform's data folder; local
//! profiles and the current player; one profile per computer level; finished games
//! recorded (and rated) from a core [`Game`]; adjourned games saved and resumed by
//! replaying their moves. [`panel`] draws it all in egui; nothing else here knows egui.
//!
//! ```
//! use chess4d::ratings::{PlayerRef, Ratings};
//! use chess4d_core::{Color, Game};
//!
//! // The program opens `Ratings::open_data_dir(data_dir)`; a test keeps it in memory.
//! let mut ratings = Ratings::in_memory()?;
//! let ann = ratings.create_profile("Ann")?;
//! ratings.set_current(Some(ann))?;
//!
//! let mut game = Game::new(chess4d_variants::Catalog::embedded().get("full")?);
//! game.play_str("a2[0,0]a3[0,0]")?;
//! game.resign(Color::Black); // the game is over: record it, once
//! let recorded = ratings.record_game(&game, PlayerRef::Profile(ann), PlayerRef::Computer(3), true)?;
//! assert!(recorded.white.expect("rated").delta() > 0.0);
//! assert_eq!(ratings.history(ann, "full")?.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
pub mod panel;
mod plot;
mod replay;

#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};

use crate::session::clock::Clock;
use chess4d_archive::storage::GameRecord;
use chess4d_archive::storage::{
    Archive, DB_FILE_NAME, GameFilter, GameId, GameStatus, GameSummary, Player, PlayerId,
    PlayerKind, PlayerRating, RatingPoint, RecordedGame, default_db_path,
};
use chess4d_core::{Color, Game};
use chess4d_variants::Catalog;

pub use error::{RatingsError, ReplayError};
pub use replay::{game_record, game_result, replay};

/// The computer levels that have a profile of their own.
pub const COMPUTER_LEVELS: std::ops::RangeInclusive<u8> = 1..=8;

/// The file beside the archive that remembers who sits at the board between runs.
const CURRENT_PLAYER_FILE: &str = "current-player";

/// Who played one side of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerRef {
    /// A profile of the archive (a person, usually the current player).
    Profile(PlayerId),
    /// The computer at this level (1 to 8); its profile is "Computer level N".
    Computer(u8),
}

/// An adjourned game brought back to the board.
#[derive(Debug, Clone)]
pub struct ResumedGame {
    /// The archived game; hand it to [`Ratings::save_adjourned`] or
    /// [`Ratings::finish_resumed`].
    pub id: GameId,
    /// The game with every stored move replayed.
    pub game: Game,
    /// The player of the white pieces.
    pub white: Player,
    /// The player of the black pieces.
    pub black: Player,
    /// Whether the game counts for ratings once finished.
    pub rated: bool,
    /// Its clock as it stood after the last move, for a clocked game.
    pub clock: Option<crate::session::clock::Clock>,
}

/// The archive path for `--data-dir DIR` when given, else `CHESS4D_DATA_DIR`, else the
/// platform's data folder (see [`default_db_path`]).
pub fn archive_path(data_dir: Option<&Path>) -> Result<PathBuf, RatingsError> {
    match data_dir {
        Some(dir) => Ok(dir.join(DB_FILE_NAME)),
        None => Ok(default_db_path()?),
    }
}

/// The ratings service: the open archive, the current player, and a change counter
/// views use to know when to read again.
///
/// # Examples
///
/// ```
/// use chess4d::ratings::{PlayerRef, Ratings};
/// use chess4d_core::Game;
/// use chess4d_variants::Catalog;
///
/// let mut ratings = Ratings::in_memory()?;
/// let ann = ratings.create_profile("Ann")?;
/// let mut game = Game::new(Catalog::embedded().get("full")?);
/// game.play_str("a2[0,0]a3[0,0]")?;
/// // Adjourn, and later bring it back by replaying its moves.
/// let id = ratings.adjourn(&game, PlayerRef::Profile(ann), PlayerRef::Computer(2), true)?;
/// let resumed = ratings.resume(id, &Catalog::embedded())?;
/// assert_eq!(resumed.game.position(), game.position());
/// assert_eq!(resumed.white.id, ann);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Ratings {
    archive: Archive,
    /// Where the current player's name is kept; `None` for an in-memory archive.
    current_file: Option<PathBuf>,
    current: Option<PlayerId>,
    generation: u64,
}

impl Ratings {
    /// Opens (creating when missing) the archive in `data_dir`, or where
    /// [`archive_path`] says when `None`, and makes the computer levels' profiles.
    pub fn open_data_dir(data_dir: Option<&Path>) -> Result<Ratings, RatingsError> {
        Ratings::open(&archive_path(data_dir)?)
    }

    /// Opens (creating when missing) the archive file at `path`.
    pub fn open(path: &Path) -> Result<Ratings, RatingsError> {
        let archive = Archive::open(path)?;
        let current_file = path
            .parent()
            .map(|dir| dir.join(CURRENT_PLAYER_FILE))
            .unwrap_or_else(|| PathBuf::from(CURRENT_PLAYER_FILE));
        Ratings::start(archive, Some(current_file))
    }

    /// A service over an archive kept in memory (tests, a guest session).
    pub fn in_memory() -> Result<Ratings, RatingsError> {
        Ratings::start(Archive::open_in_memory()?, None)
    }

    fn start(archive: Archive, current_file: Option<PathBuf>) -> Result<Ratings, RatingsError> {
        let mut ratings = Ratings {
            archive,
            current_file,
            current: None,
            generation: 0,
        };
        for level in COMPUTER_LEVELS {
            // Look first: opening the archive should not write when nothing is new.
            if ratings
                .archive
                .player_by_name(&chess4d_archive::storage::computer_name(level))?
                .is_none()
            {
                ratings.archive.computer_player(level)?;
            }
        }
        ratings.current = ratings.remembered_current()?;
        Ok(ratings)
    }

    /// The current player remembered from the last run, if that profile still exists.
    fn remembered_current(&self) -> Result<Option<PlayerId>, RatingsError> {
        let Some(file) = &self.current_file else {
            return Ok(None);
        };
        // A missing or unreadable note only means nobody was chosen yet.
        let Ok(name) = std::fs::read_to_string(file) else {
            return Ok(None);
        };
        let name = name.trim_end_matches(['\n', '\r']);
        Ok(self
            .archive
            .player_by_name(name)?
            .filter(|player| player.kind == PlayerKind::Human)
            .map(|player| player.id))
    }

    /// The archive itself, for reading.
    pub fn archive(&self) -> &Archive {
        &self.archive
    }

    /// The archive itself, for writing; counts as a change for [`Ratings::generation`].
    pub fn archive_mut(&mut self) -> &mut Archive {
        self.generation += 1;
        &mut self.archive
    }

    /// A number that grows with every change made through this service; a view reads
    /// the archive again when it differs from the one it last saw.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Makes a new local profile (a person). A name in use is refused, so two people
    /// never share a profile by accident.
    pub fn create_profile(&mut self, name: &str) -> Result<PlayerId, RatingsError> {
        if self.archive.player_by_name(name)?.is_some() {
            return Err(RatingsError::ProfileExists(name.to_owned()));
        }
        let id = self.archive.upsert_player(name, PlayerKind::Human)?;
        self.generation += 1;
        Ok(id)
    }

    /// Every profile of a person, by name.
    pub fn profiles(&self) -> Result<Vec<Player>, RatingsError> {
        let mut players = self.archive.list_players()?;
        players.retain(|player| player.kind == PlayerKind::Human);
        Ok(players)
    }

    /// The profiles of computer levels 1 to 8, in level order.
    pub fn computer_profiles(&self) -> Result<Vec<Player>, RatingsError> {
        let mut players = self.archive.list_players()?;
        players.retain(|player| matches!(player.kind, PlayerKind::Engine { level: Some(_) }));
        players.sort_by_key(|player| match player.kind {
            PlayerKind::Engine { level } => level,
            PlayerKind::Human => None,
        });
        Ok(players)
    }

    /// The profile called `name`.
    pub fn profile_named(&self, name: &str) -> Result<Player, RatingsError> {
        self.archive
            .player_by_name(name)?
            .ok_or_else(|| RatingsError::UnknownProfile(name.to_owned()))
    }

    /// The current player (the one who sits at the board), if one is chosen.
    pub fn current(&self) -> Option<PlayerId> {
        self.current
    }

    /// Chooses the current player (`None`: nobody), remembered for the next run.
    pub fn set_current(&mut self, player: Option<PlayerId>) -> Result<(), RatingsError> {
        let name = match player {
            Some(id) => self.archive.player(id)?.name,
            None => String::new(),
        };
        if let Some(file) = &self.current_file {
            std::fs::write(file, &name).map_err(|source| RatingsError::CurrentPlayerFile {
                path: file.clone(),
                source,
            })?;
        }
        self.current = player;
        self.generation += 1;
        Ok(())
    }

    /// The profile of computer level `level` (1 to 8).
    pub fn computer(&mut self, level: u8) -> Result<PlayerId, RatingsError> {
        if !COMPUTER_LEVELS.contains(&level) {
            return Err(RatingsError::ComputerLevel(level));
        }
        Ok(self.archive.computer_player(level)?)
    }

    /// The archive's id of a player.
    pub fn player_id(&mut self, who: PlayerRef) -> Result<PlayerId, RatingsError> {
        match who {
            PlayerRef::Profile(id) => Ok(self.archive.player(id)?.id),
            PlayerRef::Computer(level) => self.computer(level),
        }
    }

    /// The player's rating in `variant` (a newcomer's 1500 ± 350 before any rated game).
    pub fn rating(&self, player: PlayerId, variant: &str) -> Result<PlayerRating, RatingsError> {
        Ok(self.archive.rating(player, variant)?)
    }

    /// The player's rating in every variant they have a rated game in, by variant name.
    pub fn ratings_of(
        &self,
        player: PlayerId,
    ) -> Result<Vec<(String, PlayerRating)>, RatingsError> {
        let filter = GameFilter {
            player: Some(player),
            ..GameFilter::default()
        };
        let mut variants: Vec<String> = self
            .archive
            .list_games(&filter)?
            .into_iter()
            .filter(|game| game.rated)
            .map(|game| game.variant)
            .collect();
        variants.sort();
        variants.dedup();
        let mut ratings = Vec::with_capacity(variants.len());
        for variant in variants {
            let rating = self.archive.rating(player, &variant)?;
            if rating.games > 0 {
                ratings.push((variant, rating));
            }
        }
        Ok(ratings)
    }

    /// The player's rating after each rated game of `variant`, oldest first.
    pub fn history(
        &self,
        player: PlayerId,
        variant: &str,
    ) -> Result<Vec<RatingPoint>, RatingsError> {
        Ok(self.archive.rating_history(player, variant)?)
    }

    /// The last `limit` games of `player` (everyone's when `None`), newest first.
    pub fn recent_games(
        &self,
        player: Option<PlayerId>,
        limit: u32,
    ) -> Result<Vec<GameSummary>, RatingsError> {
        Ok(self.archive.list_games(&GameFilter {
            player,
            limit: Some(limit),
            ..GameFilter::default()
        })?)
    }

    /// The adjourned games of `player` (everyone's when `None`), newest first.
    pub fn adjourned_games(
        &self,
        player: Option<PlayerId>,
    ) -> Result<Vec<GameSummary>, RatingsError> {
        Ok(self.archive.list_games(&GameFilter {
            player,
            status: Some(GameStatus::Adjourned),
            ..GameFilter::default()
        })?)
    }

    /// Records a finished game: variant, start position, moves, result and reason, in
    /// one transaction with both players' rating updates when `rated` (one rating per
    /// player per variant). Call it once, when `game.outcome()` turns `Some`.
    pub fn record_game(
        &mut self,
        game: &Game,
        white: PlayerRef,
        black: PlayerRef,
        rated: bool,
    ) -> Result<RecordedGame, RatingsError> {
        self.record_clocked_game(game, None, white, black, rated)
    }

    /// [`Ratings::record_game`] of a game played with `clock`.
    pub fn record_clocked_game(
        &mut self,
        game: &Game,
        clock: Option<&Clock>,
        white: PlayerRef,
        black: PlayerRef,
        rated: bool,
    ) -> Result<RecordedGame, RatingsError> {
        if game.outcome().is_none() {
            return Err(RatingsError::NotFinished);
        }
        let white = self.player_id(white)?;
        let black = self.player_id(black)?;
        let record = with_clock(game_record(game, white, black), clock);
        let recorded = self.archive.record_finished_game(&record, rated)?;
        self.generation += 1;
        Ok(recorded)
    }

    /// Saves an unfinished game to continue later; returns its id for
    /// [`Ratings::save_adjourned`] (later saves) and [`Ratings::resume`].
    pub fn adjourn(
        &mut self,
        game: &Game,
        white: PlayerRef,
        black: PlayerRef,
        rated: bool,
    ) -> Result<GameId, RatingsError> {
        self.adjourn_clocked(game, None, white, black, rated)
    }

    /// [`Ratings::adjourn`] of a game played with `clock`.
    pub fn adjourn_clocked(
        &mut self,
        game: &Game,
        clock: Option<&Clock>,
        white: PlayerRef,
        black: PlayerRef,
        rated: bool,
    ) -> Result<GameId, RatingsError> {
        if let Some(outcome) = game.outcome() {
            return Err(RatingsError::AlreadyOver(outcome));
        }
        let white = self.player_id(white)?;
        let black = self.player_id(black)?;
        let record = with_clock(game_record(game, white, black), clock);
        let id = self.archive.save_adjourned_game(&record, rated)?;
        self.generation += 1;
        Ok(id)
    }

    /// Saves the moves of resumed game `id` again (after a move, or on closing).
    pub fn save_adjourned(&mut self, id: GameId, game: &Game) -> Result<(), RatingsError> {
        self.save_adjourned_clocked(id, game, None)
    }

    /// [`Ratings::save_adjourned`] with the clock readings of a clocked game.
    pub fn save_adjourned_clocked(
        &mut self,
        id: GameId,
        game: &Game,
        clock: Option<&Clock>,
    ) -> Result<(), RatingsError> {
        self.check_same_game(id, game)?;
        let moves: Vec<String> = game.notation().map(str::to_owned).collect();
        self.archive.update_game_moves(id, &moves)?;
        if let Some(clock) = clock {
            self.archive.update_game_clocks(id, &clock.readings_ms())?;
        }
        self.generation += 1;
        Ok(())
    }

    /// Brings adjourned game `id` back: its variant from `catalog`, its moves replayed
    /// one by one. A move the rules refuse now (the variant file changed) is an error
    /// naming the move.
    pub fn resume(&self, id: GameId, catalog: &Catalog) -> Result<ResumedGame, RatingsError> {
        let stored = self.archive.load_game(id)?;
        if stored.status != GameStatus::Adjourned {
            return Err(RatingsError::NotAdjourned(id));
        }
        // `get`, not `resolve`: a stored name is a catalog name, never a file to load.
        let rules = catalog
            .get(&stored.variant)
            .map_err(|source| RatingsError::Variant {
                game: Some(id),
                variant: stored.variant.clone(),
                source: Box::new(source),
            })?;
        let game = replay(rules, stored.start_fen.as_deref(), &stored.moves).map_err(|source| {
            RatingsError::Replay {
                game: id,
                variant: stored.variant.clone(),
                source: Box::new(source),
            }
        })?;
        let first = game.start_position().side_to_move();
        let clock = stored_clock(&stored, first);
        Ok(ResumedGame {
            id,
            game,
            white: stored.white,
            black: stored.black,
            rated: stored.rated,
            clock,
        })
    }

    /// Records resumed game `id`, now finished, with the players and rating choice it
    /// was adjourned with.
    pub fn finish_resumed(
        &mut self,
        id: GameId,
        game: &Game,
    ) -> Result<RecordedGame, RatingsError> {
        self.finish_resumed_clocked(id, game, None)
    }

    /// [`Ratings::finish_resumed`] of a game played with `clock`.
    pub fn finish_resumed_clocked(
        &mut self,
        id: GameId,
        game: &Game,
        clock: Option<&Clock>,
    ) -> Result<RecordedGame, RatingsError> {
        if game.outcome().is_none() {
            return Err(RatingsError::NotFinished);
        }
        let stored = self.check_same_game(id, game)?;
        let record = game_record(game, stored.white.id, stored.black.id).continuing(id);
        let record = with_clock(record, clock);
        let recorded = self.archive.record_finished_game(&record, stored.rated)?;
        self.generation += 1;
        Ok(recorded)
    }

    /// The stored game `id`, when it is adjourned and `game` continues it (same variant,
    /// same start): saving one game over another would lose it.
    fn check_same_game(
        &self,
        id: GameId,
        game: &Game,
    ) -> Result<chess4d_archive::storage::StoredGame, RatingsError> {
        let stored = self.archive.load_game(id)?;
        if stored.status != GameStatus::Adjourned {
            return Err(RatingsError::NotAdjourned(id));
        }
        let rules = game.rules();
        let variant = &rules.info().name;
        if &stored.variant != variant {
            return Err(RatingsError::DifferentGame {
                game: id,
                what: format!("it is {}, this is {variant}", stored.variant),
            });
        }
        let start = rules.format_position(game.start_position());
        let stored_start = match &stored.start_fen {
            Some(fen) => fen.clone(),
            None => rules.format_position(&rules.start_position()),
        };
        if stored_start != start {
            return Err(RatingsError::DifferentGame {
                game: id,
                what: "it starts from another position".to_owned(),
            });
        }
        Ok(stored)
    }
}

/// `record` with the time control and readings of `clock`, when the game had one.
fn with_clock(record: GameRecord, clock: Option<&Clock>) -> GameRecord {
    match clock {
        Some(c) => record.with_clocks(&c.control().pgn_tag(), c.readings_ms()),
        None => record,
    }
}

/// The clock a stored game was adjourned with (`None`: no clock, or an unreadable one).
fn stored_clock(stored: &chess4d_archive::storage::StoredGame, first: Color) -> Option<Clock> {
    Clock::from_record(stored.time_control.as_deref(), &stored.clocks, first)
}
