//! `[region.NAME]` tables: named sets of squares on a board of any axes.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// One region: the union of the squares, ranks, files and box it lists.
///
/// ```toml
/// [region.hill]
/// box = { x = [4, 5], y = [4, 5] }   # 1-based, inclusive, per axis; missing axes: all
/// [region.zone]
/// ranks = [6, 7, 8]
/// mirror = ["y"]                     # Black's squares: White's flipped along y
/// ```
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct RegionFile {
    /// Squares by name (`d4`, `b1[0,1]`).
    pub squares: Option<Vec<Spanned<String>>>,
    /// Whole ranks (1-based y).
    pub ranks: Option<Vec<Spanned<i64>>>,
    /// Whole files by letter.
    pub files: Option<Vec<Spanned<String>>>,
    /// A box of coordinates: per axis (`x`, `y`, `z`, `w`) a 1-based inclusive range.
    #[serde(rename = "box")]
    pub cuboid: Option<BTreeMap<String, Spanned<[i64; 2]>>>,
    /// Axes along which Black's region is White's mirrored (none: the same squares).
    pub mirror: Option<Vec<Spanned<String>>>,
}
