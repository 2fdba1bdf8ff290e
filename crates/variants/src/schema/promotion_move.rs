//! The `[promotion_move]` table: promotion as a move of its own (sittuyin).

use serde::Deserialize;

/// ```toml
/// [promotion_move]
/// to = "F"              # instead of moving, a pawn becomes this piece: on its own square
///                       # or an empty one the piece could move to from there
/// region = "diagonals"  # where a pawn may (any square when it is its side's last pawn)
/// limit = 1             # only while its side has fewer than this many of that piece
/// ```
///
/// The new piece may attack no enemy piece, and the move may give no check.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct PromotionMoveFile {
    pub to: String,
    pub region: Option<String>,
    #[serde(default)]
    pub limit: u8,
}
