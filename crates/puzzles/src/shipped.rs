//! The puzzle sets shipped with chess4d (`puzzles/*.tsv`, made by
//! `scripts/gen-puzzles.sh`), embedded in the program.

use crate::record::{Puzzle, PuzzleError, parse_set};

/// Every shipped set: the variant's catalog name and the file's text. Crazyhouse is
/// not shipped: Fairy-Stockfish at depth 12 agreed with only 6 of the first 20
/// (`scripts/verify-puzzles-fsf.py`). Its disputes are mostly not of depth: in 7 of
/// the 14 it plays the same first move but scores the second line as winning too (its
/// crazyhouse scores run to thousands of centipawns, drops in hand counted high), in 4
/// it prefers another move, in 3 it finds the solver losing. chess4d's own search
/// still keeps 17 of the 20 at depth 7 and 13 at depth 9, so a deeper confirmation by
/// the same engine would not make the oracle agree.
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
