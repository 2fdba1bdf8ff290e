//! Elo: one number per player. The archive rates with Glicko-2; Elo is here for the
//! figure players know ("you should score 64% against this opponent") and as a second,
//! simpler implementation of the shared traits.

use super::{InvalidRatingConfig, Outcome, Rating, RatingSystem};

/// The score a player rated `rating` is expected to make against one rated `opponent`,
/// on Elo's logistic curve (400 points = ten to one odds).
///
/// # Examples
///
/// ```
/// use chess4d_archive::rating::elo::expected_score;
///
/// assert_eq!(expected_score(1500.0, 1500.0), 0.5);
/// assert!((expected_score(1900.0, 1500.0) - 10.0 / 11.0).abs() < 1e-12);
/// ```
pub fn expected_score(rating: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - rating) / 400.0))
}

/// An Elo rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloRating {
    /// The rating, 1500 for a newcomer here.
    pub rating: f64,
}

impl Default for EloRating {
    fn default() -> Self {
        EloRating { rating: 1500.0 }
    }
}

impl Rating for EloRating {
    fn rating(&self) -> f64 {
        self.rating
    }

    fn uncertainty(&self) -> Option<f64> {
        None
    }
}

/// The Elo system with a fixed K-factor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    k: f64,
}

impl Default for Elo {
    fn default() -> Self {
        Elo { k: 32.0 }
    }
}

impl Elo {
    /// Elo with K-factor `k`: the most one game can move a rating.
    pub fn new(k: f64) -> Result<Self, InvalidRatingConfig> {
        if k.is_finite() && k > 0.0 {
            Ok(Elo { k })
        } else {
            Err(InvalidRatingConfig {
                setting: "k",
                value: k,
                expected: "a finite number above 0",
            })
        }
    }
}

impl RatingSystem for Elo {
    type Rating = EloRating;

    fn rate_game(
        &self,
        first: &EloRating,
        second: &EloRating,
        outcome: Outcome,
    ) -> (EloRating, EloRating) {
        let expected = expected_score(first.rating, second.rating);
        let change = self.k * (outcome.score() - expected);
        (
            EloRating {
                rating: first.rating + change,
            },
            EloRating {
                rating: second.rating - change,
            },
        )
    }

    fn expected_scores(&self, first: &EloRating, second: &EloRating) -> (f64, f64) {
        let first_expects = expected_score(first.rating, second.rating);
        (first_expects, 1.0 - first_expects)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_score_is_symmetric_and_monotonic() {
        assert!(
            (expected_score(1700.0, 1500.0) + expected_score(1500.0, 1700.0) - 1.0).abs() < 1e-12
        );
        assert!(expected_score(1600.0, 1500.0) > expected_score(1550.0, 1500.0));
        assert!((expected_score(1500.0, 1900.0) - 1.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn a_win_between_equals_moves_half_of_k() {
        let (winner, loser) =
            Elo::default().rate_game(&EloRating::default(), &EloRating::default(), Outcome::Win);
        assert_eq!(winner.rating, 1516.0);
        assert_eq!(loser.rating, 1484.0);
        assert_eq!(winner.uncertainty(), None);
    }

    #[test]
    fn rejects_a_bad_k_factor() {
        assert!(Elo::new(0.0).is_err());
        assert!(Elo::new(f64::NAN).is_err());
        assert_eq!(Elo::new(16.0), Ok(Elo { k: 16.0 }));
    }
}
