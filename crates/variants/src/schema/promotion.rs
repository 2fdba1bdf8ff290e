//! The `[promotion]` table: optional promotion and limits on the kinds promoted to.

use serde::Deserialize;
use std::collections::BTreeMap;

/// ```toml
/// [promotion]
/// optional = true                      # may stay a pawn in the region, not at the far end
/// limits = { Q = 1, R = 2 }            # only while the side has fewer of that piece
/// ```
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct PromotionFile {
    #[serde(default)]
    pub optional: bool,
    #[serde(default)]
    pub limits: BTreeMap<String, i64>,
}
