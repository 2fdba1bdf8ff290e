//! An opening explorer built from engine games, for any variant.
//!
//! No variant program offers one, and most variants have no master games to build it
//! from; chess4d has an engine for every variant. A corpus is made by self-play
//! ([`play_games`]: each side at a level drawn from 2 to 4, every move's noise seeded,
//! each side's first move drawn at random and scored by the engine, so one seed always
//! plays the same games and the games open differently). Its first
//! plies are counted into a table ([`Explorer::from_games`]): for each position, the
//! moves played from it with their games, White wins, draws, Black wins and the
//! engine's average score. The table is kept as a text file ([`Explorer::to_text`],
//! [`Explorer::open`]) and looked up by position ([`Explorer::moves`]); small corpora
//! for the full and classic 4D sets ship with chess4d ([`shipped`]).

mod corpus;
mod selfplay;

pub use corpus::{CorpusError, Explorer, MoveStat};
pub use selfplay::{CorpusGame, GameEnd, MAX_PLIES, RANDOM_PLIES, SCORE_CAP, SelfPlay, play_games};

/// Plies of each game the explorer's table counts by default: the opening.
pub const OPENING_PLIES: usize = 16;

/// The corpora shipped with chess4d (`puzzles/openings/*.tsv`, made by
/// `scripts/gen-openings.sh`): the variant's catalog name and the file's text.
pub const SHIPPED: &[(&str, &str)] = &[
    (
        "full",
        include_str!("../../../../puzzles/openings/full.tsv"),
    ),
    (
        "classic",
        include_str!("../../../../puzzles/openings/classic.tsv"),
    ),
];

/// The shipped corpus of `variant` (`None`: none ships for it).
pub fn shipped(variant: &str) -> Option<Result<Explorer, CorpusError>> {
    SHIPPED
        .iter()
        .find(|(name, _)| *name == variant)
        .map(|(_, text)| Explorer::parse(text))
}
