//! The `[castling960]` table: castling from any start array (Chess960).

use serde::Deserialize;
use toml::Spanned;

/// ```toml
/// [castling960]
/// king_files = ["g", "c"]   # where the king ends: castling towards the last file, the first
/// piece = "R"               # the piece it castles with (default R)
/// ```
///
/// The rights are written `KQkq` (the outermost rook) or by file letter (`HAha`), the
/// castling line is the line along x through each king's start square.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct Castling960File {
    pub king_files: Spanned<[String; 2]>,
    pub piece: Option<Spanned<String>>,
}
