//! Move ordering: table move, captures by MVV-LVA, promotions, killers, history; and
//! the principal-variation lines.

use super::Search;
use crate::eval::victim;
use crate::tt::MoveRef;
use chess4d_core::{Move, Position};

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;
const HISTORY_MAX: i32 = 1 << 24;

impl Search<'_> {
    pub(super) fn set_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    pub(super) fn is_killer(&self, ply: usize, mv: &Move) -> bool {
        self.killers[ply].contains(&Some(*mv))
    }

    pub(super) fn reward_quiet(&mut self, ply: usize, mv: Move, code: u8, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(h) = self
            .history
            .get_mut(code as usize * self.squares + mv.to.index())
        {
            *h = (*h + depth * depth).min(HISTORY_MAX);
        }
    }

    /// The ordering key of a move: table move, captures by MVV-LVA, promotions,
    /// killers, then history.
    #[inline]
    pub(super) fn static_key(
        &self,
        pos: &Position,
        mv: &Move,
        tt_move: Option<MoveRef>,
        ply: usize,
    ) -> i32 {
        if tt_move.is_some_and(|t| t.matches(mv)) {
            return TT_MOVE;
        }
        let promo = mv.promotion.map_or(0, |k| self.eval.value(k));
        // A drop's piece comes from hand: its history is the dropped piece's.
        let mover = pos.piece_at(mv.from).or_else(|| {
            mv.dropped()
                .map(|k| chess4d_core::Piece::new(k, pos.side_to_move()))
        });
        if let Some(v) = victim(pos, mv) {
            let attacker = mover.map_or(0, |p| self.eval.value(p.kind()));
            return CAPTURE + self.eval.value(v.kind()) * 64 - attacker / 16 + promo;
        }
        if mv.promotion.is_some() && !mv.is_drop() {
            return PROMOTION + promo;
        }
        let k = &self.killers[ply];
        if k[0] == Some(*mv) {
            return KILLER;
        }
        if k[1] == Some(*mv) {
            return KILLER - 1;
        }
        mover.map_or(0, |p| {
            self.history
                .get(p.code() as usize * self.squares + mv.to.index())
                .copied()
                .unwrap_or(0)
        })
    }

    pub(super) fn order_moves(&mut self, pos: &Position, ply: usize, tt_move: Option<MoveRef>) {
        let mut keys = std::mem::take(&mut self.keys[ply]);
        keys.clear();
        for mv in &self.moves[ply] {
            keys.push(self.static_key(pos, mv, tt_move, ply));
        }
        self.keys[ply] = keys;
    }

    /// Brings the best remaining move to slot `i` (selection sort: most nodes cut off
    /// after a few moves, so sorting the whole list would be wasted).
    #[inline]
    pub(super) fn pick(&mut self, ply: usize, i: usize) -> Move {
        let keys = &mut self.keys[ply];
        let mut best = i;
        for j in i + 1..keys.len() {
            if keys[j] > keys[best] {
                best = j;
            }
        }
        keys.swap(i, best);
        self.moves[ply].swap(i, best);
        self.moves[ply][i]
    }
}
