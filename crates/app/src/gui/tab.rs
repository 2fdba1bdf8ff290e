//! The side panel's tabs, apart from panels.rs so that a card that switches tabs
//! (welcome.rs) does not import the panels that draw it.

/// The side panel's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// The game: players, level, the computer's thinking, moves, files.
    Play,
    /// Engines, the analysis mode, attackers and defenders (gui/analysis.rs).
    Analysis,
    /// The page's four steps and "try it".
    Learn,
    /// One piece's reach.
    Explore,
    /// Views and the camera.
    View,
    /// The catalog and broken variant files.
    Variants,
    /// Profiles, ratings and adjourned games.
    Players,
    /// The puzzle trainer (puzzles.rs).
    Puzzles,
    /// Play people through a server (online.rs).
    Online,
}
