//! Scores: centipawns from the side to move's view, with mates as distance from the root.

use std::fmt;

/// The score of mating at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores at or beyond this (either sign) are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Beyond every real score: the open window.
pub(crate) const INFINITY: i32 = 32_500;

/// A search score from the side to move's view.
///
/// # Examples
///
/// ```
/// use chess4d_engine::{MATE, Score};
/// assert_eq!(Score(MATE - 3).mate_in(), Some(2)); // mate with the side's 2nd move
/// assert_eq!(Score(-MATE + 2).mate_in(), Some(-1)); // mated after one reply
/// assert_eq!(Score(35).to_string(), "cp 35");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// The raw value: centipawns, or `±(MATE - plies)` for mates.
    pub fn value(self) -> i32 {
        self.0
    }

    /// Whether the score announces a forced mate (for either side).
    pub fn is_mate(self) -> bool {
        self.0.abs() >= MATE_BOUND
    }

    /// Moves to mate: positive when the side to move mates, negative when it is mated.
    pub fn mate_in(self) -> Option<i32> {
        if self.0 >= MATE_BOUND {
            Some((MATE - self.0 + 1) / 2)
        } else if self.0 <= -MATE_BOUND {
            Some(-((MATE + self.0) / 2))
        } else {
            None
        }
    }
}

impl fmt::Display for Score {
    /// `cp N` or `mate N`, as chess engines print them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_in() {
            Some(n) => write!(f, "mate {n}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

/// A score as stored in the table: mates counted from the node, not the root.
#[inline]
pub(crate) fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score brought back to a distance from the root.
#[inline]
pub(crate) fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
