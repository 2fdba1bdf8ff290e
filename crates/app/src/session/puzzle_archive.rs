//! The puzzle trainer and the archive: each ended attempt is rated once (player
//! against puzzle, Glicko-2, storage/puzzles.rs in chess4d-archive) under the current
//! profile, or the guest's when nobody is chosen (a puzzle rating is worth keeping
//! even for a guest, unlike a guest's games); and the next puzzle is the one nearest
//! the player's puzzle rating that they have not tried, among the chosen themes.

use super::Session;
use super::puzzle::PuzzleOutcome;
use super::scorebook::{GUEST, Scorebook};
use crate::ratings::RatingsError;
use chess4d_archive::rating::glicko2::Glicko2Rating;
use chess4d_archive::storage::{PlayerId, PuzzleAttempt, PuzzleRating};
use chess4d_puzzles::Puzzle;
use std::collections::HashSet;

impl Scorebook {
    /// Rates the attempts the puzzle board ended since the last call; each says the
    /// rating's change as a notice. Called from [`Scorebook::update`].
    pub fn record_puzzles(&mut self, session: &mut Session) {
        for outcome in session.take_puzzle_results() {
            match self.rate_puzzle(&outcome) {
                Ok(text) => session.notify(false, text),
                Err(e) => session.notify(true, format!("the puzzle attempt was not recorded: {e}")),
            }
        }
    }

    fn rate_puzzle(&mut self, outcome: &PuzzleOutcome) -> Result<String, RatingsError> {
        let player = self.puzzle_player()?;
        let rated = self
            .ratings_mut()
            .archive_mut()
            .record_puzzle_attempt(&PuzzleAttempt {
                player,
                variant: outcome.variant.clone(),
                puzzle: outcome.puzzle.clone(),
                graded: outcome.graded,
                result: outcome.result,
            })?;
        let (before, after) = (rated.player.before.rating, rated.player.after.rating);
        Ok(format!(
            "Puzzle rating {before:.0} -> {after:.0} ({:+.0}); puzzle {} now {:.0}",
            after - before,
            outcome.puzzle,
            rated.puzzle.after.rating
        ))
    }

    /// Whom puzzles are rated for: the current profile, else the guest's (made on the
    /// first attempt).
    pub fn puzzle_player(&mut self) -> Result<PlayerId, RatingsError> {
        if let Some(id) = self.ratings().current() {
            return Ok(id);
        }
        match self.ratings().profile_named(GUEST) {
            Ok(p) => Ok(p.id),
            Err(RatingsError::UnknownProfile(_)) => self.ratings_mut().create_profile(GUEST),
            Err(e) => Err(e),
        }
    }

    /// The player's puzzle rating in `variant` (a newcomer's before any attempt).
    pub fn puzzle_rating(&self, variant: &str) -> Result<PuzzleRating, RatingsError> {
        let newcomer = PuzzleRating {
            rating: Glicko2Rating::NEWCOMER,
            attempts: 0,
        };
        let Some(player) = self.reading_player()? else {
            return Ok(newcomer);
        };
        Ok(self.ratings().archive().puzzle_rating(player, variant)?)
    }

    /// The puzzles of `variant` the player has tried.
    pub fn puzzles_tried(&self, variant: &str) -> Result<HashSet<String>, RatingsError> {
        let Some(player) = self.reading_player()? else {
            return Ok(HashSet::new());
        };
        let tried = self.ratings().archive().puzzle_attempts(player, variant)?;
        Ok(tried.into_iter().map(|a| a.puzzle).collect())
    }

    /// The player puzzles are read for, without making the guest's profile.
    fn reading_player(&self) -> Result<Option<PlayerId>, RatingsError> {
        if let Some(id) = self.ratings().current() {
            return Ok(Some(id));
        }
        match self.ratings().profile_named(GUEST) {
            Ok(p) => Ok(Some(p.id)),
            Err(RatingsError::UnknownProfile(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// The next puzzle: among those carrying one of `themes` (all when none is chosen),
/// the untried one graded nearest `rating`; when every one was tried, the nearest
/// other than `current`.
///
/// # Examples
///
/// ```
/// use chess4d::session::puzzle_archive::next_puzzle;
/// let set = chess4d_puzzles::parse_set(
///     "a\t8/8/8/8/8/8/8/8 w - - 0 1\te2e4\tfork\t900\n\
///      b\t8/8/8/8/8/8/8/8 w - - 0 1\te2e4\tmate\t1600\n",
/// )
/// .unwrap();
/// let none = Default::default();
/// assert_eq!(next_puzzle(&set, 1500.0, &none, &[], None).unwrap().id, "b");
/// assert_eq!(next_puzzle(&set, 1500.0, &none, &["fork".into()], None).unwrap().id, "a");
/// ```
pub fn next_puzzle<'a>(
    set: &'a [Puzzle],
    rating: f64,
    tried: &HashSet<String>,
    themes: &[String],
    current: Option<&str>,
) -> Option<&'a Puzzle> {
    let chosen = |p: &&Puzzle| themes.is_empty() || p.themes.iter().any(|t| themes.contains(t));
    let distance = |p: &&Puzzle| (f64::from(p.rating) - rating).abs();
    let nearest = |pool: Vec<&'a Puzzle>| {
        pool.into_iter()
            .min_by(|a, b| distance(a).total_cmp(&distance(b)).then(a.id.cmp(&b.id)))
    };
    let untried: Vec<&Puzzle> = set
        .iter()
        .filter(chosen)
        .filter(|p| !tried.contains(&p.id) && Some(p.id.as_str()) != current)
        .collect();
    nearest(untried).or_else(|| {
        nearest(
            set.iter()
                .filter(chosen)
                .filter(|p| Some(p.id.as_str()) != current)
                .collect(),
        )
    })
}
