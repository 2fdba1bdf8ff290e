//! The `[drops]` table: pieces in hand and the rules of dropping them.

use serde::Deserialize;

/// ```toml
/// [drops]
/// captures = "hand"            # a captured piece goes to the captor's hand ("none": gone)
/// demote = "P"                 # a captured promoted piece goes to hand as a pawn
/// first_rank_pawns = false     # pawns may be dropped on their own first rank
/// promotion_zone_pawns = false # pawns may be dropped into their promotion zone
/// region = "camp"              # drops only onto this region
/// must_drop = false            # a side with pieces in hand must drop
/// one_pawn_per_file = false    # shogi's nifu
/// no_pawn_drop_mate = false    # shogi's uchifuzume
/// opposite_colors = "B"        # the two bishops go on squares of opposite colours
/// castling_rook = "R"          # king and rook dropped on their squares may castle
/// piece_regions = { R = "back" } # that piece is dropped only onto that region
/// ```
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct DropsFile {
    #[serde(default = "hand")]
    pub captures: String,
    pub demote: Option<String>,
    #[serde(default)]
    pub first_rank_pawns: bool,
    #[serde(default)]
    pub promotion_zone_pawns: bool,
    pub region: Option<String>,
    #[serde(default)]
    pub must_drop: bool,
    #[serde(default)]
    pub one_pawn_per_file: bool,
    #[serde(default)]
    pub no_pawn_drop_mate: bool,
    /// Two of this kind go on squares of opposite colours (placement's bishops).
    pub opposite_colors: Option<String>,
    /// Dropping the king and this piece on their castling squares gives the right.
    pub castling_rook: Option<String>,
    /// By piece letter: the region it is dropped onto (sittuyin's rooks: the first rank).
    #[serde(default)]
    pub piece_regions: std::collections::BTreeMap<String, String>,
}

fn hand() -> String {
    "hand".into()
}
