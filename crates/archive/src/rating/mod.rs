//! Rating systems behind shared traits, one module per algorithm (the shape of the
//! `skillratings` crate): [`glicko2`] rates every game of the archive, [`elo`] gives the
//! familiar expected-score figure a player reads beside a rating.

pub mod elo;
pub mod glicko2;

use std::fmt;

/// How a game ended, seen from one player's side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player won.
    Win,
    /// Neither side won.
    Draw,
    /// The player lost.
    Loss,
}

impl Outcome {
    /// The score the rating formulas use: 1 for a win, ½ for a draw, 0 for a loss.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::rating::Outcome;
    /// assert_eq!(Outcome::Draw.score(), 0.5);
    /// ```
    pub fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }

    /// The same game seen from the opponent's side.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// A player's strength as some rating system measures it.
pub trait Rating: Copy + fmt::Debug {
    /// The headline number shown to players.
    fn rating(&self) -> f64;
    /// How unsure the system is of [`Rating::rating`], when it tracks that at all.
    fn uncertainty(&self) -> Option<f64>;
}

/// A system that rates a single game between two players as soon as it ends.
pub trait RatingSystem {
    /// The rating this system keeps per player.
    type Rating: Rating;

    /// Both players' ratings after one game; `outcome` is seen from `first`'s side.
    fn rate_game(
        &self,
        first: &Self::Rating,
        second: &Self::Rating,
        outcome: Outcome,
    ) -> (Self::Rating, Self::Rating);

    /// The score each player is expected to make against the other (they sum to 1).
    fn expected_scores(&self, first: &Self::Rating, second: &Self::Rating) -> (f64, f64);
}

/// A system that rates a player over a rating period: any number of games (none at all
/// for a player who sat the period out), all against the opponents' ratings at its start.
pub trait RatingPeriodSystem {
    /// The rating this system keeps per player.
    type Rating: Rating;

    /// The player's rating after the period; each result pairs an opponent's rating at
    /// the start of the period with the outcome seen from `player`'s side.
    fn rate_period(
        &self,
        player: &Self::Rating,
        results: &[(Self::Rating, Outcome)],
    ) -> Self::Rating;
}

/// A rating system was given a setting it cannot work with.
#[derive(Debug, Clone, PartialEq)]
pub struct InvalidRatingConfig {
    /// The setting at fault.
    pub setting: &'static str,
    /// The value given.
    pub value: f64,
    /// What the setting must be.
    pub expected: &'static str,
}

impl fmt::Display for InvalidRatingConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rating setting `{}` is {} but must be {}",
            self.setting, self.value, self.expected
        )
    }
}

impl std::error::Error for InvalidRatingConfig {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_scores_and_reversal() {
        assert_eq!(Outcome::Win.score(), 1.0);
        assert_eq!(Outcome::Loss.score(), 0.0);
        for outcome in [Outcome::Win, Outcome::Draw, Outcome::Loss] {
            assert_eq!(outcome.score() + outcome.reversed().score(), 1.0);
            assert_eq!(outcome.reversed().reversed(), outcome);
        }
    }

    #[test]
    fn invalid_config_message_names_the_setting() {
        let error = InvalidRatingConfig {
            setting: "tau",
            value: -1.0,
            expected: "a finite number above 0",
        };
        assert_eq!(
            error.to_string(),
            "rating setting `tau` is -1 but must be a finite number above 0"
        );
    }
}
