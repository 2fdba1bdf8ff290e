//! The puzzle sets shipped with chess4d (`puzzles/*.tsv`, made by
//! `scripts/gen-puzzles.sh`), embedded in the program.

use crate::record::{Puzzle, PuzzleError, parse_set};

/// Every shipped set: the variant's catalog name and the file's text. Crazyhouse is
/// not shipped: Fairy-Stockfish at depth 12 agreed with only 5 of the first 20
/// (`scripts/verify-puzzles-fsf.py`); the 5-ply search is too shallow for drops.
pub const SETS: &[(&str, &str)] = &[
    ("full", include_str!("../../../puzzles/full.tsv")),
    ("classic", include_str!("../../../puzzles/classic.tsv")),
    (
        "raumschach",
        include_str!("../../../puzzles/raumschach.tsv"),
    ),
    ("xiangqi", include_str!("../../../puzzles/xiangqi.tsv")),
    ("shogi", include_str!("../../../puzzles/shogi.tsv")),
    ("orthodox", include_str!("../../../puzzles/orthodox.tsv")),
];

/// The shipped puzzles of `variant` (`None`: no set ships for it).
pub fn shipped(variant: &str) -> Option<Result<Vec<Puzzle>, PuzzleError>> {
    SETS.iter()
        .find(|(name, _)| *name == variant)
        .map(|(_, text)| parse_set(text))
}
