//! Gates (S-Chess): the squares of a side's first rank whose piece has not moved yet,
//! where a piece from hand may enter as that piece leaves.
//!
//! The position keeps them as bits, one per gate square as the variant's rules number
//! them (the rules know which square each bit is); they live beside the pockets, so a
//! variant without pieces in hand pays nothing. The hash sees every gate.

use super::{Position, Undo, zobrist};
use crate::piece::Color;

/// The hash of both sides' gates.
pub(super) fn gates_hash(gates: [u64; 2]) -> u64 {
    let mut h = 0;
    for (c, &bits) in gates.iter().enumerate() {
        let mut b = bits;
        while b != 0 {
            h ^= zobrist::gate_key(c, b.trailing_zeros() as u8);
            b &= b - 1;
        }
    }
    h
}

impl Position {
    /// `color`'s gates: bit `i` is the rules' gate square `i` (0 without pockets).
    #[inline]
    pub fn gates(&self, color: Color) -> u64 {
        self.pockets.as_ref().map_or(0, |p| p.gates[color.index()])
    }

    /// Sets `color`'s gates, recording both sides' old gates in `undo` the first time
    /// a move changes them (hash kept current; ignored without pockets).
    #[inline]
    pub fn change_gates(&mut self, undo: &mut Undo, color: Color, gates: u64) {
        let Some(p) = self.pockets.as_ref() else {
            return;
        };
        if p.gates[color.index()] == gates {
            return;
        }
        if undo.pocket.gates.is_none() {
            undo.pocket.gates = Some(p.gates);
        }
        self.put_gates(color, gates);
    }

    /// Sets `color`'s gates while setting a position up (hash kept current; ignored
    /// without pockets).
    pub fn put_gates(&mut self, color: Color, gates: u64) {
        let Some(p) = self.pockets.as_mut() else {
            return;
        };
        let old = p.gates[color.index()];
        p.gates[color.index()] = gates;
        let mut both = [0u64; 2];
        both[color.index()] = old ^ gates;
        self.hash ^= gates_hash(both);
    }
}
