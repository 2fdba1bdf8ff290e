//! Puzzle ratings, as lichess keeps them: every attempt is a rated game between the
//! player and the puzzle, so both Glicko-2 ratings move, the player's up and the
//! puzzle's down when it is solved. A player has one puzzle rating per variant (the
//! skills differ: seeing across W is not seeing a xiangqi cannon); a puzzle starts
//! from the rating its generator graded it with, at [`PUZZLE_DEVIATION`].
//!
//! The attempt, both ratings before and after it, and both new ratings are written in
//! one transaction, so a script can replay the arithmetic from the rows alone.

use rusqlite::{Connection, OptionalExtension, TransactionBehavior};

use super::players::{check_text, player_by_id};
use super::{Archive, Context, PlayerId, StorageError, UnixTime};
use crate::rating::glicko2::Glicko2Rating;
use crate::rating::{Outcome, RatingSystem};

/// The deviation a puzzle starts with: its graded rating is an estimate from the
/// engine's search depth, surer than a newcomer's 350 but not yet tested by players.
pub const PUZZLE_DEVIATION: f64 = 200.0;

/// The longest puzzle id or variant name accepted.
const MAX_ID_CHARS: usize = 100;

/// How an attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PuzzleResult {
    /// Solved without help: a win against the puzzle.
    Solved,
    /// Solved after a hint: half a point, a draw against the puzzle.
    Hinted,
    /// A wrong move, or the solution asked for: a loss.
    Failed,
}

impl PuzzleResult {
    /// The result as the player's game against the puzzle.
    pub fn outcome(self) -> Outcome {
        match self {
            PuzzleResult::Solved => Outcome::Win,
            PuzzleResult::Hinted => Outcome::Draw,
            PuzzleResult::Failed => Outcome::Loss,
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            PuzzleResult::Solved => "solved",
            PuzzleResult::Hinted => "hinted",
            PuzzleResult::Failed => "failed",
        }
    }

    fn parse(text: &str) -> Option<PuzzleResult> {
        match text {
            "solved" => Some(PuzzleResult::Solved),
            "hinted" => Some(PuzzleResult::Hinted),
            "failed" => Some(PuzzleResult::Failed),
            _ => None,
        }
    }
}

/// One attempt to record.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleAttempt {
    /// Who tried.
    pub player: PlayerId,
    /// The variant's catalog name (the player's puzzle rating is per variant).
    pub variant: String,
    /// The puzzle's id (`full-0007`).
    pub puzzle: String,
    /// The rating the puzzle was graded with, its start before anyone tried it.
    pub graded: f64,
    /// How it ended.
    pub result: PuzzleResult,
}

/// A rating and how many attempts made it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleRating {
    /// The Glicko-2 rating.
    pub rating: Glicko2Rating,
    /// Attempts rated so far.
    pub attempts: u32,
}

/// What recording an attempt did to both ratings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedAttempt {
    /// The attempt's row id.
    pub id: i64,
    /// The player's puzzle rating.
    pub player: super::RatingChange,
    /// The puzzle's rating.
    pub puzzle: super::RatingChange,
}

/// An attempt as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredAttempt {
    /// The puzzle's id.
    pub puzzle: String,
    /// How it ended.
    pub result: PuzzleResult,
    /// The player's puzzle rating change.
    pub player: super::RatingChange,
    /// When it was recorded.
    pub at: UnixTime,
}

impl Archive {
    /// Rates one attempt (player against puzzle, both ratings move) and stores it.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::storage::{Archive, PlayerKind, PuzzleAttempt, PuzzleResult};
    ///
    /// let mut archive = Archive::open_in_memory()?;
    /// let ann = archive.upsert_player("Ann", PlayerKind::Human)?;
    /// let rated = archive.record_puzzle_attempt(&PuzzleAttempt {
    ///     player: ann,
    ///     variant: "full".into(),
    ///     puzzle: "full-0001".into(),
    ///     graded: 1400.0,
    ///     result: PuzzleResult::Solved,
    /// })?;
    /// assert!(rated.player.delta() > 0.0 && rated.puzzle.delta() < 0.0);
    /// assert_eq!(archive.puzzle_rating(ann, "full")?.rating, rated.player.after);
    /// # Ok::<(), chess4d_archive::storage::StorageError>(())
    /// ```
    pub fn record_puzzle_attempt(
        &mut self,
        attempt: &PuzzleAttempt,
    ) -> Result<RatedAttempt, StorageError> {
        check_text("variant", &attempt.variant, MAX_ID_CHARS)?;
        check_text("puzzle id", &attempt.puzzle, MAX_ID_CHARS)?;
        if !(attempt.graded.is_finite() && attempt.graded > 0.0) {
            return Err(StorageError::BadText {
                field: "puzzle's graded rating",
                value: attempt.graded.to_string(),
                expected: "a positive number, as the puzzle file's last column".to_owned(),
            });
        }
        let glicko = self.glicko;
        let tx = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .context("record a puzzle attempt")?;
        player_by_id(&tx, attempt.player)?;
        let player = read_player(&tx, attempt.player, &attempt.variant)?;
        let puzzle = read_puzzle(&tx, &attempt.puzzle)?.unwrap_or(PuzzleRating {
            rating: Glicko2Rating::new(attempt.graded, PUZZLE_DEVIATION, 0.06),
            attempts: 0,
        });
        let (player_after, puzzle_after) =
            glicko.rate_game(&player.rating, &puzzle.rating, attempt.result.outcome());
        tx.execute(
            "INSERT INTO puzzle_ratings (player, variant, rating, deviation, volatility, attempts)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (player, variant) DO UPDATE SET rating = excluded.rating,
                deviation = excluded.deviation, volatility = excluded.volatility,
                attempts = excluded.attempts",
            (
                attempt.player.0,
                &attempt.variant,
                player_after.rating,
                player_after.deviation,
                player_after.volatility,
                i64::from(player.attempts) + 1,
            ),
        )
        .context("write a puzzle rating")?;
        tx.execute(
            "INSERT INTO puzzles (id, rating, deviation, volatility, attempts)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (id) DO UPDATE SET rating = excluded.rating,
                deviation = excluded.deviation, volatility = excluded.volatility,
                attempts = excluded.attempts",
            (
                &attempt.puzzle,
                puzzle_after.rating,
                puzzle_after.deviation,
                puzzle_after.volatility,
                i64::from(puzzle.attempts) + 1,
            ),
        )
        .context("write a puzzle's rating")?;
        let (p, q, pa, qa) = (player.rating, puzzle.rating, player_after, puzzle_after);
        tx.execute(
            "INSERT INTO puzzle_attempts (player, variant, puzzle, result,
                player_rating, player_deviation, player_volatility,
                puzzle_rating, puzzle_deviation, puzzle_volatility,
                player_rating_after, player_deviation_after, player_volatility_after,
                puzzle_rating_after, puzzle_deviation_after, puzzle_volatility_after, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
            rusqlite::params![
                attempt.player.0,
                &attempt.variant,
                &attempt.puzzle,
                attempt.result.as_str(),
                p.rating,
                p.deviation,
                p.volatility,
                q.rating,
                q.deviation,
                q.volatility,
                pa.rating,
                pa.deviation,
                pa.volatility,
                qa.rating,
                qa.deviation,
                qa.volatility,
                super::now(),
            ],
        )
        .context("record a puzzle attempt")?;
        let id = tx.last_insert_rowid();
        tx.commit().context("record a puzzle attempt")?;
        Ok(RatedAttempt {
            id,
            player: super::RatingChange {
                before: p,
                after: pa,
            },
            puzzle: super::RatingChange {
                before: q,
                after: qa,
            },
        })
    }

    /// The player's puzzle rating in `variant`; a newcomer's before the first attempt.
    pub fn puzzle_rating(
        &self,
        player: PlayerId,
        variant: &str,
    ) -> Result<PuzzleRating, StorageError> {
        player_by_id(&self.connection, player)?;
        read_player(&self.connection, player, variant)
    }

    /// A puzzle's rating, once someone has tried it (`None` before: it still stands at
    /// its graded rating).
    pub fn puzzle_standing(&self, puzzle: &str) -> Result<Option<PuzzleRating>, StorageError> {
        read_puzzle(&self.connection, puzzle)
    }

    /// The player's attempts in `variant`, oldest first.
    pub fn puzzle_attempts(
        &self,
        player: PlayerId,
        variant: &str,
    ) -> Result<Vec<StoredAttempt>, StorageError> {
        player_by_id(&self.connection, player)?;
        let mut statement = self
            .connection
            .prepare(
                "SELECT puzzle, result, player_rating, player_deviation, player_volatility,
                    player_rating_after, player_deviation_after, player_volatility_after, at
                 FROM puzzle_attempts WHERE player = ?1 AND variant = ?2 ORDER BY id",
            )
            .context("list puzzle attempts")?;
        let rows = statement
            .query_map((player.0, variant), |row| {
                let result: String = row.get(1)?;
                let rating = |i| -> rusqlite::Result<Glicko2Rating> {
                    Ok(Glicko2Rating::new(
                        row.get(i)?,
                        row.get(i + 1)?,
                        row.get(i + 2)?,
                    ))
                };
                Ok((
                    row.get::<_, String>(0)?,
                    result,
                    rating(2)?,
                    rating(5)?,
                    row.get::<_, i64>(8)?,
                ))
            })
            .context("list puzzle attempts")?;
        let mut out = Vec::new();
        for row in rows {
            let (puzzle, result, before, after, at) = row.context("list puzzle attempts")?;
            let result = PuzzleResult::parse(&result).ok_or_else(|| StorageError::Corrupt {
                what: format!("a puzzle attempt has the result '{result}'"),
            })?;
            out.push(StoredAttempt {
                puzzle,
                result,
                player: super::RatingChange { before, after },
                at,
            });
        }
        Ok(out)
    }
}

fn read_player(
    connection: &Connection,
    player: PlayerId,
    variant: &str,
) -> Result<PuzzleRating, StorageError> {
    let found = connection
        .query_row(
            "SELECT rating, deviation, volatility, attempts FROM puzzle_ratings
             WHERE player = ?1 AND variant = ?2",
            (player.0, variant),
            rating_from_row,
        )
        .optional()
        .context("read a puzzle rating")?;
    Ok(found.unwrap_or(PuzzleRating {
        rating: Glicko2Rating::NEWCOMER,
        attempts: 0,
    }))
}

fn read_puzzle(
    connection: &Connection,
    puzzle: &str,
) -> Result<Option<PuzzleRating>, StorageError> {
    connection
        .query_row(
            "SELECT rating, deviation, volatility, attempts FROM puzzles WHERE id = ?1",
            [puzzle],
            rating_from_row,
        )
        .optional()
        .context("read a puzzle's rating")
}

fn rating_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<PuzzleRating> {
    let attempts: i64 = row.get(3)?;
    Ok(PuzzleRating {
        rating: Glicko2Rating::new(row.get(0)?, row.get(1)?, row.get(2)?),
        // The table's CHECK keeps it non-negative; a count past u32 saturates.
        attempts: u32::try_from(attempts).unwrap_or(u32::MAX),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::glicko2::Glicko2;
    use crate::storage::PlayerKind;

    fn attempt(player: PlayerId, puzzle: &str, result: PuzzleResult) -> PuzzleAttempt {
        PuzzleAttempt {
            player,
            variant: "full".into(),
            puzzle: puzzle.into(),
            graded: 1300.0,
            result,
        }
    }

    #[test]
    fn an_attempt_is_a_glicko2_game_between_player_and_puzzle() {
        let mut archive = Archive::open_in_memory().expect("archive");
        let ann = archive
            .upsert_player("Ann", PlayerKind::Human)
            .expect("ann");
        let first = archive
            .record_puzzle_attempt(&attempt(ann, "full-0001", PuzzleResult::Solved))
            .expect("first");
        // The same arithmetic done here, from the starting ratings.
        let start = Glicko2Rating::new(1300.0, PUZZLE_DEVIATION, 0.06);
        let (p, q) = Glicko2::default().rate_game(&Glicko2Rating::NEWCOMER, &start, Outcome::Win);
        assert_eq!(first.player.before, Glicko2Rating::NEWCOMER);
        assert_eq!(first.player.after, p);
        assert_eq!(first.puzzle.before, start);
        assert_eq!(first.puzzle.after, q);
        // A failed second try of the same puzzle starts from where both now stand.
        let second = archive
            .record_puzzle_attempt(&attempt(ann, "full-0001", PuzzleResult::Failed))
            .expect("second");
        let (p2, q2) = Glicko2::default().rate_game(&p, &q, Outcome::Loss);
        assert_eq!((second.player.after, second.puzzle.after), (p2, q2));
        assert!(second.player.delta() < 0.0 && second.puzzle.delta() > 0.0);
        let stored = archive.puzzle_rating(ann, "full").expect("rating");
        assert_eq!((stored.rating, stored.attempts), (p2, 2));
        let puzzle = archive.puzzle_standing("full-0001").expect("puzzle");
        assert_eq!(puzzle.map(|r| (r.rating, r.attempts)), Some((q2, 2)));
        let list = archive.puzzle_attempts(ann, "full").expect("list");
        let results: Vec<PuzzleResult> = list.iter().map(|a| a.result).collect();
        assert_eq!(results, [PuzzleResult::Solved, PuzzleResult::Failed]);
        assert_eq!(list[1].player.after, p2);
        // Another variant's puzzle rating is its own.
        let other = archive.puzzle_rating(ann, "classic").expect("classic");
        assert_eq!((other.rating, other.attempts), (Glicko2Rating::NEWCOMER, 0));
    }

    #[test]
    fn a_hint_scores_half_and_bad_input_is_refused_with_a_reason() {
        let mut archive = Archive::open_in_memory().expect("archive");
        let ann = archive
            .upsert_player("Ann", PlayerKind::Human)
            .expect("ann");
        let hinted = archive
            .record_puzzle_attempt(&PuzzleAttempt {
                graded: 1500.0,
                ..attempt(ann, "full-0002", PuzzleResult::Hinted)
            })
            .expect("hinted");
        // A draw between equal ratings: only the deviations shrink.
        assert!((hinted.player.after.rating - 1500.0).abs() < 1e-6);
        assert!(hinted.player.after.deviation < 350.0);
        let unknown =
            archive.record_puzzle_attempt(&attempt(PlayerId(99), "x", PuzzleResult::Solved));
        assert!(matches!(unknown, Err(StorageError::UnknownPlayer(_))));
        let blank = archive.record_puzzle_attempt(&attempt(ann, " ", PuzzleResult::Solved));
        assert!(
            blank
                .expect_err("blank id")
                .to_string()
                .contains("puzzle id")
        );
        let graded = archive.record_puzzle_attempt(&PuzzleAttempt {
            graded: f64::NAN,
            ..attempt(ann, "full-0003", PuzzleResult::Solved)
        });
        assert!(graded.expect_err("nan").to_string().contains("graded"));
        // Nothing of a refused attempt was written.
        assert_eq!(archive.puzzle_attempts(ann, "full").expect("list").len(), 1);
    }
}
