//! The `[gating]` table: S-Chess's gating.

use serde::Deserialize;

/// ```toml
/// [gating]   # a piece in hand may enter on the square a first-rank piece leaves on
///            # its first move (the king's or the rook's square when castling); the
///            # open gates are in the start position's castling field (KQBCDFGkqbcdfg)
/// ```
///
/// The table has no keys yet: its presence turns gating on. Which pieces may enter
/// follows `[drops]` where the variant also drops (no pawn on its first rank), and
/// where captured pieces go (without `[drops]`: nowhere, and a side's gates close once
/// its hand is empty).
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct GatingFile {}
