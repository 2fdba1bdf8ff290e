//! Ratings: Glicko-2 exactly as `crates/archive` computes it, each game its own period.

use chess4d_archive::rating::glicko2::{Glicko2, Glicko2Rating};
use chess4d_archive::rating::{Outcome, RatingSystem};
use chess4d_protocol::Side;

/// Both players' ratings after a game that `winner` won (none: a draw).
pub fn rate(
    white: &Glicko2Rating,
    black: &Glicko2Rating,
    winner: Option<Side>,
) -> (Glicko2Rating, Glicko2Rating) {
    let outcome = match winner {
        Some(Side::White) => Outcome::Win,
        Some(Side::Black) => Outcome::Loss,
        None => Outcome::Draw,
    };
    Glicko2::default().rate_game(white, black, outcome)
}
