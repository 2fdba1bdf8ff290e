//! Pockets: the pieces each side holds in hand (crazyhouse, shogi), and which pieces on
//! the board were promoted (written `Q~` in Fairy-Stockfish's FEN), kept beside the
//! board for the variants with drops.
//!
//! A position without pockets (every variant without drops) carries `None` here and
//! pays nothing; the hash sees every count in hand and every promoted mark, so a
//! repetition is only a repetition when the hands agree too.

use super::{Position, Undo, zobrist};
use crate::geometry::Square;
use crate::piece::{Color, MAX_KINDS, PieceKind};

/// Pieces in hand per side and the promoted marks of the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Pockets {
    /// By `color * MAX_KINDS + kind`: how many of that kind the side holds.
    hands: Box<[u8]>,
    /// One bit per square: the piece there was promoted (it goes to hand as a pawn).
    promoted: Box<[u64]>,
    /// By colour: the side's gates (seirawan), one bit per gate square as the rules
    /// number them (`super::gates`).
    pub(super) gates: [u64; 2],
}

/// What a move changed in the pockets: at most two counts in hand (a capture and a
/// piece gated in the same move), three marks (from, to, and a capture square
/// elsewhere) and the gates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) struct PocketUndo {
    /// (colour index, kind, count before), `hands` of them.
    hand: [(u8, u8, u8); 2],
    hands: u8,
    marks: [(u16, bool); 3],
    len: u8,
    /// Both sides' gates before the move, when it changed them.
    pub(super) gates: Option<[u64; 2]>,
}

impl Pockets {
    fn new(squares: usize) -> Pockets {
        Pockets {
            hands: vec![0; 2 * MAX_KINDS].into_boxed_slice(),
            promoted: vec![0; squares.div_ceil(64)].into_boxed_slice(),
            gates: [0; 2],
        }
    }
}

impl Position {
    /// Gives the position empty pockets (a variant with drops); without them every
    /// count in hand reads 0 and nothing can be put in hand.
    pub fn enable_pockets(&mut self) {
        if self.pockets.is_none() {
            self.pockets = Some(Box::new(Pockets::new(self.shape.len())));
        }
    }

    /// Whether the position keeps pieces in hand.
    #[inline]
    pub fn has_pockets(&self) -> bool {
        self.pockets.is_some()
    }

    /// Every count in hand, at `color * MAX_KINDS + kind` (`2 * MAX_KINDS` of them), and
    /// the promoted marks, one bit per square 64 to a word: what a rule plugin is lent,
    /// with no copy. `None` without pockets.
    #[inline]
    pub fn pocket_words(&self) -> Option<(&[u8], &[u64])> {
        self.pockets
            .as_deref()
            .map(|p| (&p.hands[..], &p.promoted[..]))
    }

    /// How many pieces of `kind` `color` holds in hand.
    #[inline]
    pub fn in_hand(&self, color: Color, kind: PieceKind) -> u8 {
        self.pockets.as_ref().map_or(0, |p| {
            p.hands
                .get(color.index() * MAX_KINDS + kind.index())
                .copied()
                .unwrap_or(0)
        })
    }

    /// Sets how many pieces of `kind` `color` holds (hash kept current; ignored when
    /// the position has no pockets).
    pub fn set_in_hand(&mut self, color: Color, kind: PieceKind, count: u8) {
        let Some(p) = self.pockets.as_mut() else {
            return;
        };
        let Some(slot) = p.hands.get_mut(color.index() * MAX_KINDS + kind.index()) else {
            return;
        };
        self.hash ^= zobrist::hand_key(color.index(), kind.0, *slot)
            ^ zobrist::hand_key(color.index(), kind.0, count);
        *slot = count;
    }

    /// Adds `delta` (+1 a capture, -1 a drop) to a count in hand, recording the old
    /// count in `undo` (two changes per move at most: a capture and a gated piece).
    #[inline]
    pub fn change_hand(&mut self, undo: &mut Undo, color: Color, kind: PieceKind, delta: i8) {
        let old = self.in_hand(color, kind);
        let pu = &mut undo.pocket;
        if (pu.hands as usize) < pu.hand.len() {
            pu.hand[pu.hands as usize] = (color.index() as u8, kind.0, old);
            pu.hands += 1;
        } else {
            debug_assert!(false, "a move changed more than two counts in hand");
        }
        self.set_in_hand(color, kind, old.saturating_add_signed(delta));
    }

    /// Whether the piece on `sq` was promoted (crazyhouse's `~`).
    #[inline]
    pub fn is_promoted(&self, sq: Square) -> bool {
        self.pockets.as_ref().is_some_and(|p| {
            p.promoted
                .get(sq.index() / 64)
                .is_some_and(|w| w & (1 << (sq.index() % 64)) != 0)
        })
    }

    /// Marks or unmarks the piece on `sq` as promoted, recording the old mark in
    /// `undo` (hash kept current; ignored without pockets).
    #[inline]
    pub fn set_promoted(&mut self, undo: &mut Undo, sq: Square, promoted: bool) {
        let old = self.is_promoted(sq);
        if old == promoted || self.pockets.is_none() {
            return;
        }
        let pu = &mut undo.pocket;
        if (pu.len as usize) < pu.marks.len() {
            pu.marks[pu.len as usize] = (sq.0, old);
            pu.len += 1;
        }
        self.write_mark(sq, promoted);
    }

    /// Marks a square promoted while setting a position up.
    pub fn put_promoted(&mut self, sq: Square, promoted: bool) {
        if self.is_promoted(sq) != promoted {
            self.write_mark(sq, promoted);
        }
    }

    fn write_mark(&mut self, sq: Square, promoted: bool) {
        let Some(p) = self.pockets.as_mut() else {
            return;
        };
        if let Some(w) = p.promoted.get_mut(sq.index() / 64) {
            *w ^= 1 << (sq.index() % 64);
            debug_assert_eq!(*w & (1 << (sq.index() % 64)) != 0, promoted);
            self.hash ^= zobrist::promoted_key(sq.0);
        }
    }

    /// Puts the pockets back as `undo` found them (the hash is restored with the rest).
    #[inline]
    pub(super) fn restore_pockets(&mut self, undo: &PocketUndo) {
        let Some(p) = self.pockets.as_mut() else {
            return;
        };
        for &(c, k, n) in undo.hand[..undo.hands as usize].iter().rev() {
            if let Some(slot) = p.hands.get_mut(c as usize * MAX_KINDS + k as usize) {
                *slot = n;
            }
        }
        if let Some(gates) = undo.gates {
            p.gates = gates;
        }
        for &(sq, old) in undo.marks[..undo.len as usize].iter().rev() {
            let (i, bit) = (sq as usize / 64, 1u64 << (sq % 64));
            if let Some(w) = p.promoted.get_mut(i) {
                *w = if old { *w | bit } else { *w & !bit };
            }
        }
    }

    /// The pockets' share of the hash, from scratch.
    pub(super) fn pockets_hash(&self) -> u64 {
        let Some(p) = self.pockets.as_ref() else {
            return 0;
        };
        let mut h = 0;
        for (i, &n) in p.hands.iter().enumerate() {
            h ^= zobrist::hand_key(i / MAX_KINDS, (i % MAX_KINDS) as u8, n);
        }
        for sq in 0..self.shape.len() {
            if self.is_promoted(Square(sq as u16)) {
                h ^= zobrist::promoted_key(sq as u16);
            }
        }
        h ^ super::gates::gates_hash(p.gates)
    }
}
