//! The session's side of the ratings archive: a finished game (against the computer,
//! or between two people) is recorded exactly once, a game in progress the player
//! leaves is adjourned, and an adjourned game comes back onto the board. The window
//! calls [`Scorebook::update`] after every frame; tests drive the same calls.

use super::clock::Clock;
use super::{LeftGame, Mode, Player, Session};
use crate::ratings::{PlayerRef, Ratings, RatingsError};
use chess4d_archive::storage::{GameId, GameSummary, PlayerId, PlayerKind, RatingChange};
use chess4d_core::{Color, Game, Move};
use chess4d_engine::Level;
use std::path::Path;

/// The profile a person plays under when no profile is chosen; their games are kept
/// but never rated.
pub const GUEST: &str = "Guest";

/// The ratings service and what it knows about the game on the board.
#[derive(Debug)]
pub struct Scorebook {
    ratings: Ratings,
    /// Why the archive on disk could not be opened; games then live only in memory.
    open_error: Option<String>,
    /// [`Session::game_tag`] of the game the fields below are about.
    tag: u64,
    /// The archived game the board continues (resumed or adjourned before).
    archived: Option<GameId>,
    /// The rating choice stored with `archived`, which a resumed game keeps.
    archived_rated: Option<bool>,
    /// This game's end is already stored (or the game was over when it arrived).
    recorded: bool,
    /// The "Rated game" box; counts only while a profile is chosen.
    rated: bool,
    /// The profile playing and the box, as they were at the game's first move: choosing
    /// another profile in the middle of a game does not change who played it.
    sitting: Option<Sitting>,
    /// The moves of this game as the archive last saw them (or as it arrived), so a
    /// game in progress is saved once after each move, not every frame.
    saved: Vec<Move>,
}

/// Who sits at the board for one game.
#[derive(Clone, Copy, Debug)]
struct Sitting {
    profile: Option<PlayerId>,
    rated: bool,
}

impl Scorebook {
    /// Opens the archive in `data_dir` (`None`: `CHESS4D_DATA_DIR`, else the platform's
    /// data folder). When that fails the scorebook keeps games in memory and
    /// [`Scorebook::open_error`] says why; only a failing in-memory archive is an error.
    pub fn open(data_dir: Option<&Path>) -> Result<Scorebook, RatingsError> {
        match Ratings::open_data_dir(data_dir) {
            Ok(r) => Ok(Scorebook::new(r)),
            Err(e) => {
                let mut book = Scorebook::new(Ratings::in_memory()?);
                book.open_error = Some(format!(
                    "{e}; games and ratings are kept only until the window closes"
                ));
                Ok(book)
            }
        }
    }

    /// A scorebook over an open service.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d::ratings::Ratings;
    /// use chess4d::session::{Session, scorebook::Scorebook};
    /// let mut book = Scorebook::new(Ratings::in_memory()?);
    /// let mut s = Session::new(chess4d_variants::Catalog::embedded(), "full")?;
    /// book.update(&mut s); // after every frame
    /// assert!(book.rated_counts() == false); // nobody chosen: a guest game
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(ratings: Ratings) -> Scorebook {
        Scorebook {
            ratings,
            open_error: None,
            tag: 0,
            archived: None,
            archived_rated: None,
            recorded: false,
            rated: true,
            sitting: None,
            saved: Vec::new(),
        }
    }

    /// The service, for reading.
    pub fn ratings(&self) -> &Ratings {
        &self.ratings
    }

    /// The service, for the panel's writes.
    pub fn ratings_mut(&mut self) -> &mut Ratings {
        &mut self.ratings
    }

    /// Why the archive file could not be opened, if it could not.
    pub fn open_error(&self) -> Option<&str> {
        self.open_error.as_deref()
    }

    /// The "Rated game" box.
    pub fn rated_box(&mut self) -> &mut bool {
        &mut self.rated
    }

    /// Whether the box may change: before the first move of a new game.
    pub fn rated_editable(&self, session: &Session) -> bool {
        self.archived_rated.is_none() && session.game().notation().next().is_none()
    }

    /// Whether Undo may act: there is a move, and the game is not a rated one that has
    /// ended (its result stands).
    pub fn undo_allowed(&self, session: &Session) -> bool {
        let rated_and_over = session.game().outcome().is_some() && self.rated_counts();
        !session.game().moves().is_empty() && !rated_and_over
    }

    /// Whether the game on the board will count for ratings when it ends.
    pub fn rated_counts(&self) -> bool {
        match self.archived_rated {
            Some(r) => r,
            None => {
                let s = self.sitting();
                s.rated && s.profile.is_some()
            }
        }
    }

    /// The profile the person at the board plays under (`None`: the guest): the
    /// current one until the game's first move, then fixed for that game.
    pub fn playing_as(&self) -> Option<PlayerId> {
        self.sitting().profile
    }

    /// Who sits at the board: fixed at the game's first move, the current choice before.
    fn sitting(&self) -> Sitting {
        self.sitting.unwrap_or(Sitting {
            profile: self.ratings.current(),
            rated: self.rated,
        })
    }

    /// The archive entry of the game on the board, once it has one (saved after its
    /// first move, or resumed).
    pub fn on_board(&self) -> Option<GameId> {
        self.archived
    }

    /// The adjourned games of the current player (everyone's when nobody is chosen).
    pub fn adjourned(&self) -> Result<Vec<GameSummary>, RatingsError> {
        self.ratings.adjourned_games(self.ratings.current())
    }

    /// Keeps the archive in step with the session: adjourns games the player left,
    /// starts afresh on a new game and records a game that just ended, once. Call it
    /// after every frame's clicks and `tick`; what it did shows as session notices.
    pub fn update(&mut self, session: &mut Session) {
        self.record_puzzles(session); // puzzle_archive.rs
        for left in session.take_left_games() {
            self.adjourn(session, &left);
        }
        // Learn's "try it" board is not a game for the archive, nor a board the analysis
        // tried moves on (a line played through to its mate is no result).
        if matches!(session.mode(), Mode::Learn | Mode::Puzzle | Mode::Online) || session.analysed()
        {
            return;
        }
        if session.game_tag() != self.tag {
            self.tag = session.game_tag();
            self.archived = None;
            self.archived_rated = None;
            self.sitting = None;
            // A loaded game that is already over is not a result of this sitting.
            self.recorded = session.game().outcome().is_some();
            // A game arriving with moves (a loaded file) is saved at its next move.
            self.saved = session.game().moves().to_vec();
        }
        if self.sitting.is_none() && session.game().notation().next().is_some() {
            self.sitting = Some(self.sitting());
        }
        self.save_in_progress(session);
        // A result reached while the rules fault is not trusted: it is not stored (the
        // game can still be adjourned), and is recorded once the fault is gone.
        if !self.recorded && session.game().outcome().is_some() && session.game().fault().is_none()
        {
            // Once per game, even if storing fails: a retry each frame would only repeat
            // the error.
            self.recorded = true;
            match self.record(session) {
                Ok(Some(text)) => session.notify(false, text),
                Ok(None) => {}
                Err(e) => session.notify(true, format!("the game was not recorded: {e}")),
            }
        }
    }

    /// Adjourns the game in progress before the window closes.
    pub fn quit(&mut self, session: &mut Session) {
        if matches!(session.mode(), Mode::Learn | Mode::Puzzle | Mode::Online) {
            // Brings the real game back from under "try it" or a puzzle.
            session.set_mode(Mode::Play);
        }
        self.update(session);
        if let Some(left) = session.leaving() {
            self.adjourn(session, &left);
        }
    }

    /// Brings adjourned game `id` back onto the board, with its players and the
    /// computer's level; the game in progress is adjourned first.
    pub fn resume(&mut self, session: &mut Session, id: GameId) -> Result<(), RatingsError> {
        self.update(session);
        let resumed = self.ratings.resume(id, session.catalog())?;
        let side = |kind: PlayerKind| match kind {
            PlayerKind::Engine { .. } => Player::Computer,
            PlayerKind::Human => Player::Human,
        };
        let level = [resumed.white.kind, resumed.black.kind]
            .into_iter()
            .find_map(|k| match k {
                PlayerKind::Engine { level: Some(n) } => Level::new(n).ok(),
                _ => None,
            });
        session.load_game(
            resumed.game,
            side(resumed.white.kind),
            side(resumed.black.kind),
        );
        // The clock as it stood at the last move saved; its side to move runs again.
        session.set_clock(resumed.clock);
        if let Some(level) = level {
            session.set_level(level);
        }
        // Adjourns the game just left, with the bookkeeping of that game.
        for left in session.take_left_games() {
            self.adjourn(session, &left);
        }
        self.tag = session.game_tag();
        self.archived = Some(id);
        self.archived_rated = Some(resumed.rated);
        self.sitting = None;
        self.recorded = false;
        self.saved = session.game().moves().to_vec();
        session.notify(false, format!("{id} resumed"));
        Ok(())
    }

    /// Who sits on a side, as the archive knows them: the computer at `level`, or the
    /// current profile (the guest's when nobody is chosen).
    fn seat(&mut self, player: Player, level: Level) -> Result<PlayerRef, RatingsError> {
        match player {
            Player::Computer => Ok(PlayerRef::Computer(level.get())),
            Player::Human => match self.sitting().profile {
                Some(id) => Ok(PlayerRef::Profile(id)),
                None => self.guest().map(PlayerRef::Profile),
            },
        }
    }

    fn guest(&mut self) -> Result<PlayerId, RatingsError> {
        match self.ratings.profile_named(GUEST) {
            Ok(p) => Ok(p.id),
            Err(RatingsError::UnknownProfile(_)) => self.ratings.create_profile(GUEST),
            Err(e) => Err(e),
        }
    }

    /// Stores the finished game on the board; the text to show, if any.
    fn record(&mut self, session: &Session) -> Result<Option<String>, RatingsError> {
        let game = session.game();
        let [white, black] = Color::ALL.map(|c| session.player(c));
        if self.archived.is_none() && white == Player::Computer && black == Player::Computer {
            return Ok(None);
        }
        let clock = session.clock();
        let recorded = match self.archived.take() {
            Some(id) => self.ratings.finish_resumed_clocked(id, game, clock)?,
            None => {
                let w = self.seat(white, session.level())?;
                let b = self.seat(black, session.level())?;
                // One profile on both sides (two people, no profiles): store, don't rate.
                let rated = self.rated_counts() && w != b;
                self.ratings.record_clocked_game(game, clock, w, b, rated)?
            }
        };
        let stored = self.ratings.archive().load_game(recorded.id)?;
        let change = |name: &str, c: Option<RatingChange>| {
            c.map(|c| format!("{name} {:.0} ({:+.0})", c.after.rating, c.delta()))
        };
        let changes: Vec<String> = [
            change(&stored.white.name, recorded.white),
            change(&stored.black.name, recorded.black),
        ]
        .into_iter()
        .flatten()
        .collect();
        Ok(Some(if changes.is_empty() {
            format!("{} stored (not rated)", recorded.id)
        } else {
            format!("rated {}: {}", recorded.id, changes.join(", "))
        }))
    }

    /// Saves the game in progress after each move, as an adjourned entry (created at
    /// the first move, then updated), so killing the program loses at most the move
    /// being made; its end is later recorded over that same entry. Not while moves can
    /// be replayed (the archive keeps the moves played until a different one is made),
    /// nor once the game is over, nor before a person's first move (Resign then aborts
    /// the game, which leaves nothing behind).
    fn save_in_progress(&mut self, session: &mut Session) {
        let game = session.game();
        if self.recorded
            || (self.archived.is_none() && session.resign_aborts())
            || game.outcome().is_some()
            || game.can_redo()
            || game.moves() == self.saved.as_slice()
            || (self.archived.is_none() && game.moves().is_empty())
        {
            return;
        }
        let [white, black] = Color::ALL.map(|c| session.player(c));
        if self.archived.is_none() && white == Player::Computer && black == Player::Computer {
            return;
        }
        // Marked saved even when storing fails: a retry each frame would only repeat
        // the error; the next move tries again.
        self.saved = game.moves().to_vec();
        let clock = session.clock();
        let result = match self.archived {
            Some(id) => self
                .ratings
                .save_adjourned_clocked(id, game, clock)
                .map(|()| id),
            None => self.adjourn_new(game, clock, white, black, session.level()),
        };
        match result {
            Ok(id) => self.archived = Some(id),
            Err(e) => session.notify(true, format!("the game in progress was not saved: {e}")),
        }
    }

    /// Adjourns (or saves again, when it came from the archive) a game left in
    /// progress; failures become notices.
    fn adjourn(&mut self, session: &mut Session, left: &LeftGame) {
        let same = left.tag == self.tag;
        if same && self.recorded {
            // Undone after its end: the result is already final.
            return;
        }
        let [white, black] = left.players;
        if white == Player::Computer && black == Player::Computer {
            return;
        }
        let clock = left.clock.as_ref();
        let result = match self.archived.filter(|_| same) {
            Some(id) => self
                .ratings
                .save_adjourned_clocked(id, &left.game, clock)
                .map(|()| id),
            None => self.adjourn_new(&left.game, clock, white, black, left.level),
        };
        match result {
            Ok(id) => {
                if same {
                    self.archived = Some(id);
                }
                session.notify(
                    false,
                    format!("{id} adjourned: resume it from the Players tab"),
                );
            }
            Err(e) => session.notify(true, format!("the game was not adjourned: {e}")),
        }
    }

    fn adjourn_new(
        &mut self,
        game: &Game,
        clock: Option<&Clock>,
        white: Player,
        black: Player,
        level: Level,
    ) -> Result<GameId, RatingsError> {
        let w = self.seat(white, level)?;
        let b = self.seat(black, level)?;
        let rated = self.rated_counts() && w != b;
        self.ratings.adjourn_clocked(game, clock, w, b, rated)
    }
}
