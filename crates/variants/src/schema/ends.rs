//! The `[ends]` table: how a game ends besides checkmate, and obligations on moves.

use serde::Deserialize;
use toml::Spanned;

/// ```toml
/// [ends]
/// goal = { region = "hill" }                         # a king on the hill wins
/// checks = 3                                        # the third check wins
/// extinction = { result = "win" }                   # losing every piece wins
/// stalemate = "win"                                 # "loss", "draw", "fewer-pieces"
/// checkmate = "win"                                 # for the mated side (losers)
/// must_capture = true
/// checks_forbidden = true
/// ```
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct EndsFile {
    pub checkmate: Option<Spanned<String>>,
    pub stalemate: Option<Spanned<String>>,
    pub goal: Option<Spanned<GoalFile>>,
    pub checks: Option<Spanned<i64>>,
    pub extinction: Option<Spanned<ExtinctionFile>>,
    #[serde(default)]
    pub must_capture: bool,
    #[serde(default)]
    pub checks_forbidden: bool,
    /// A king in check may move only to take its checker (makpong).
    #[serde(default)]
    pub checked_king_only_captures: bool,
    /// The kings may not face each other on an open line (xiangqi).
    #[serde(default)]
    pub flying_general: bool,
}

/// A region to reach.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct GoalFile {
    pub region: String,
    /// The pieces that count (default: the royal ones).
    pub pieces: Option<Vec<String>>,
    /// The opponent may answer by reaching its own goal (racing kings).
    #[serde(default)]
    pub reply: bool,
}

/// Losing the pieces of a kind.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExtinctionFile {
    /// The kinds counted one by one (default: all pieces together).
    pub pieces: Option<Vec<String>>,
    #[serde(default)]
    pub at_most: i64,
    #[serde(default)]
    pub opponent_at_least: i64,
    #[serde(default)]
    pub reply: bool,
    /// "loss" (default), "win" or "draw" for the extinct side.
    pub result: Option<String>,
}
