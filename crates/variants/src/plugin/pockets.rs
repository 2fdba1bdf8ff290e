//! Pieces in hand and promoted marks across the ABI (version 2): reading a plugin's
//! pockets into a position, checking the hand change and promoted flags `apply_move`
//! returns, and checking the drops `legal_moves` lists. Every check fails with words
//! that say what the plugin did wrong; the caller records them as a fault.

use super::PluginRules;
use chess4d_core::{Color, Move, PieceKind, Position, Square, Undo};
use chess4d_plugin_api::{
    CHANGE_PROMOTED, HANDS_LEN, HandChange, MAX_KINDS, Move as RawMove, NO_SQUARE, SquareChange,
};

/// The most promoted marks one move may change (the core's undo record holds this many:
/// the mover's start and landing squares and a capture square elsewhere).
const MAX_MARK_CHANGES: usize = 3;

/// Host memory a plugin writes pockets into (`start_position`, `parse_position`).
pub(super) struct PocketBuffers {
    pub hands: Vec<u8>,
    pub promoted: Vec<u64>,
}

impl PocketBuffers {
    /// Zeroed buffers for a board of `squares`, or `None` for a variant without pockets.
    pub(super) fn new(pockets: bool, squares: usize) -> Option<PocketBuffers> {
        pockets.then(|| PocketBuffers {
            hands: vec![0; HANDS_LEN],
            promoted: vec![0; squares.div_ceil(64)],
        })
    }
}

/// A checked count in hand a move changes.
#[derive(Clone, Copy, Debug)]
pub(super) struct CheckedHand {
    color: Color,
    kind: PieceKind,
    delta: i8,
}

/// The side of a colour index.
fn color(index: u8) -> Option<Color> {
    match index {
        0 => Some(Color::White),
        1 => Some(Color::Black),
        _ => None,
    }
}

impl PluginRules {
    /// Puts a plugin's pockets into `pos` (which has its board already): every count
    /// and mark checked.
    pub(super) fn read_pockets(
        &self,
        pos: &mut Position,
        hands: &[u8],
        promoted: &[u64],
    ) -> Result<(), String> {
        pos.enable_pockets();
        for (i, &n) in hands.iter().enumerate().take(HANDS_LEN) {
            self.limits.hand_count(i, n)?;
            if n > 0 {
                let c = if i < MAX_KINDS {
                    Color::White
                } else {
                    Color::Black
                };
                pos.set_in_hand(c, PieceKind((i % MAX_KINDS) as u8), n);
            }
        }
        for (w, &word) in promoted.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let sq = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let sq = self.limits.square(sq as u16, "a promoted mark's")?;
                if pos.piece_at(sq).is_none() {
                    return Err(format!(
                        "the empty square {} is marked promoted",
                        self.info.shape.square_name(sq)
                    ));
                }
                pos.put_promoted(sq, true);
            }
        }
        Ok(())
    }

    /// Checks a square change's flags: only [`CHANGE_PROMOTED`], only on a piece, only
    /// in a variant with pockets.
    pub(super) fn check_flags(&self, c: &SquareChange) -> Result<bool, String> {
        if c.flags == 0 {
            return Ok(false);
        }
        if c.flags & !CHANGE_PROMOTED != 0 {
            return Err(format!(
                "square change {} has unknown flags {:#x}",
                c.square, c.flags
            ));
        }
        if !self.limits.pockets {
            return Err(format!(
                "it marks square {} promoted in a variant without pockets",
                c.square
            ));
        }
        if c.piece == 0 {
            return Err(format!("it marks the emptied square {} promoted", c.square));
        }
        Ok(true)
    }

    /// Checks the count in hand a move changes: a variant with pockets, a real side and
    /// kind, a count that stays in range; a drop takes one piece out of the mover's hand.
    pub(super) fn check_hand(
        &self,
        pos: &Position,
        mv: Move,
        h: &HandChange,
    ) -> Result<Option<CheckedHand>, String> {
        let mover = pos.side_to_move();
        if h.delta == 0 {
            return match mv.dropped() {
                Some(_) if self.limits.pockets => {
                    Err("a drop that takes nothing out of hand".into())
                }
                _ => Ok(None),
            };
        }
        if !self.limits.pockets {
            return Err("it changes a count in hand in a variant without pockets".into());
        }
        let c = color(h.side).ok_or_else(|| {
            format!(
                "it changes the hand of side {}, which is neither 0 (White) nor 1 (Black)",
                h.side
            )
        })?;
        if h.kind >= self.limits.kinds {
            return Err(format!(
                "it changes the hand's count of piece kind {}, which does not exist",
                h.kind
            ));
        }
        let name = &self.info.pieces[h.kind as usize].name;
        if mv.dropped().is_some() && (c != mover || h.delta != -1) {
            return Err(format!(
                "a drop must take one piece out of the mover's hand, not change {c:?}'s \
                 {name} by {}",
                h.delta
            ));
        }
        let kind = PieceKind(h.kind);
        let before = pos.in_hand(c, kind);
        let after = before as i16 + h.delta as i16;
        if after < 0 || after > self.limits.max_in_hand() as i16 {
            return Err(format!(
                "it leaves {c:?} holding {after} {name} pieces, out of range (0 to {})",
                self.limits.max_in_hand()
            ));
        }
        Ok(Some(CheckedHand {
            color: c,
            kind,
            delta: h.delta,
        }))
    }

    /// The squares whose promoted mark the checked changes alter, with the new mark
    /// (the last change of a square wins); refused past what the undo can hold.
    pub(super) fn mark_changes(
        &self,
        pos: &Position,
        items: &[(Square, Option<chess4d_core::Piece>, bool)],
    ) -> Result<([(Square, bool); MAX_MARK_CHANGES], usize), String> {
        let mut out = [(Square(0), false); MAX_MARK_CHANGES];
        let mut n = 0;
        if !pos.has_pockets() {
            return Ok((out, 0));
        }
        for (i, &(sq, _, mark)) in items.iter().enumerate() {
            let last = items[i + 1..].iter().all(|&(s, _, _)| s != sq);
            if last && pos.is_promoted(sq) != mark {
                if n == MAX_MARK_CHANGES {
                    return Err(format!(
                        "it changes the promoted marks of more than {MAX_MARK_CHANGES} squares"
                    ));
                }
                out[n] = (sq, mark);
                n += 1;
            }
        }
        Ok((out, n))
    }

    /// Plays a checked hand change.
    pub(super) fn apply_hand(&self, pos: &mut Position, undo: &mut Undo, h: CheckedHand) {
        if pos.has_pockets() {
            pos.change_hand(undo, h.color, h.kind, h.delta);
        }
    }

    /// Whether a listed drop is possible: a kind the mover holds, onto an empty square,
    /// capturing nothing.
    #[inline]
    pub(super) fn drop_ok(board: &[u8], hands: &[u8], side: usize, m: &RawMove) -> bool {
        m.capture == NO_SQUARE
            && board.get(m.to as usize) == Some(&0)
            && hands
                .get(side * MAX_KINDS + m.promotion as usize)
                .is_some_and(|&n| n > 0)
    }

    /// Words for a listed drop that failed [`PluginRules::drop_ok`].
    #[cold]
    pub(super) fn describe_bad_drop(&self, pos: &Position, m: &RawMove) -> String {
        let sq = Square(m.to);
        let at = self.info.shape.square_name(sq);
        let kind = PieceKind(m.promotion);
        let name = self
            .info
            .pieces
            .get(kind.index())
            .map_or("?", |p| p.name.as_str());
        let side = pos.side_to_move();
        if pos.in_hand(side, kind) == 0 {
            format!(
                "legal_moves listed a drop of a {name} on {at}, but {side:?} holds no {name} \
                 in hand"
            )
        } else {
            format!("legal_moves listed a drop of a {name} onto the occupied square {at}")
        }
    }
}
