//! Zobrist keys, computed on demand from a fixed mixing function.
//!
//! Keys depend only on (square, piece code), so every rules implementation — table
//! rules or a plugin behind the host — hashes positions the same way with no table to
//! build or share.

/// SplitMix64's finaliser: a fast, well-mixed 64-bit hash.
#[inline]
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a piece code on a square.
#[inline]
pub fn piece_key(square: u16, code: u8) -> u64 {
    mix(((square as u64) << 8) | code as u64)
}

/// The key of Black to move.
pub const BLACK_TO_MOVE: u64 = mix(0x1_0000_0000);

/// The key of a set of castling rights (bit mask).
#[inline]
pub fn castling_key(rights: u32) -> u64 {
    if rights == 0 {
        0
    } else {
        mix(0x2_0000_0000 | rights as u64)
    }
}

/// The key of an en-passant target square.
#[inline]
pub fn en_passant_key(square: u16) -> u64 {
    mix(0x3_0000_0000 | square as u64)
}

/// The key of the per-side counters (n-check's checks left); 0 when there are none.
#[inline]
pub fn counters_key(counters: Option<[u8; 2]>) -> u64 {
    match counters {
        None => 0,
        Some([w, b]) => mix(0x4_0000_0000 | (w as u64) << 8 | b as u64),
    }
}

/// The key of `count` pieces of `kind` in the hand of colour `color` (0 for none).
#[inline]
pub fn hand_key(color: usize, kind: u8, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        mix(0x5_0000_0000 | (color as u64) << 16 | (kind as u64) << 8 | count as u64)
    }
}

/// The key of a promoted mark on a square (crazyhouse's `Q~`).
#[inline]
pub fn promoted_key(square: u16) -> u64 {
    mix(0x6_0000_0000 | square as u64)
}

/// The key of gate number `gate` of colour `color` (seirawan's gating squares).
#[inline]
pub fn gate_key(color: usize, gate: u8) -> u64 {
    mix(0x7_0000_0000 | (color as u64) << 8 | gate as u64)
}
