//! The `[passing]` table: the king's pass and the endings it brings (janggi).

use serde::Deserialize;
use std::collections::BTreeMap;

/// ```toml
/// [passing]
/// king = true              # the king may pass (its square twice: e2e2), when not in check
/// facing_kings = true      # bikjang: kings facing on an open line must be parted, or a pass ends the game
/// points = { R = 13, C = 7, N = 5, B = 3, A = 3, P = 2 }   # score such an ending (none: a draw)
/// black_bonus = 1.5        # Black's points besides its pieces
/// ```
///
/// Two passes in a row end the game.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct PassingFile {
    #[serde(default)]
    pub king: bool,
    #[serde(default)]
    pub facing_kings: bool,
    #[serde(default)]
    pub points: BTreeMap<String, i64>,
    pub black_bonus: Option<f64>,
}
