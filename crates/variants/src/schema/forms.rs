//! The `[forms]` table: shogi promotion, each kind to its own promoted form.

use serde::Deserialize;
use std::collections::BTreeMap;

/// ```toml
/// [forms]
/// promotes = { P = "T", S = "V", B = "H", R = "D" }  # each kind's promoted form
/// zone = "camp"                # a move starting or ending here may promote
/// immobility_illegal = true    # never leave a piece where it cannot move (must promote)
/// mandatory = false            # a move that may promote must
/// ```
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct FormsFile {
    #[serde(default)]
    pub promotes: BTreeMap<String, String>,
    pub zone: Option<String>,
    #[serde(default)]
    pub immobility_illegal: bool,
    /// A move that may promote must.
    #[serde(default)]
    pub mandatory: bool,
    /// A promoted form that moves in the zone turns back (kyoto shogi).
    #[serde(default)]
    pub demotes: bool,
    /// A piece in hand may be dropped as its promoted form.
    #[serde(default)]
    pub drop_promoted: bool,
    /// Pieces flip when they capture, anywhere, instead of in a zone (micro shogi).
    #[serde(default)]
    pub on_capture: bool,
}
