//! Move ordering: table move, captures that do not lose material (by exchange
//! evaluation) in MVV-LVA order, promotions, killers, history, then the captures that
//! lose material; and the principal-variation lines.

use super::{Search, history};
use crate::eval::victim;
use crate::tt::MoveRef;
use chess4d_core::{Move, Position};

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;
/// Above every history score (three tables of `±history::LIMIT`).
const HISTORY_MAX: i32 = 1 << 24;
/// Moves picked one by one (the likely cutoffs) before the rest are sorted at once.
const SORT_AFTER: usize = 3;
/// Captures that lose material sort below every quiet move (history stays within
/// `±HISTORY_MAX`); a negative key marks them for pruning.
const BAD_CAPTURE: i32 = -(1 << 26);

/// The piece a move moves: the one on its square, or for a drop the piece from hand.
#[inline]
pub(super) fn mover(pos: &Position, mv: &Move) -> Option<chess4d_core::Piece> {
    pos.piece_at(mv.from).or_else(|| {
        mv.dropped()
            .map(|k| chess4d_core::Piece::new(k, pos.side_to_move()))
    })
}

/// What the ordering keys of one node's moves share.
pub(super) struct KeyContext {
    tt_move: Option<MoveRef>,
    killers: [Option<Move>; 2],
    /// The quiet move that last refuted the opponent's last move.
    countermove: Option<Move>,
    /// The history slots of the last two moves played.
    before: [Option<history::Slot>; 2],
}

/// Whether an ordering key marks a capture or promotion that loses material.
#[inline]
pub(super) fn is_losing(key: i32) -> bool {
    key < -HISTORY_MAX
}

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
        if let Some(slot) = self.countermove_slot(ply) {
            self.countermoves[slot] = Some(mv);
        }
        let before = self.before(ply);
        self.histories
            .update(self.slot(code, &mv), before, history::bonus(depth));
    }

    /// Lowers the history of the quiet moves tried before the one that cut off.
    pub(super) fn punish_quiets(&mut self, pos: &Position, ply: usize, upto: usize, depth: i32) {
        let before = self.before(ply);
        for j in 0..upto {
            let mv = self.moves[ply][j];
            if mv.promotion.is_none()
                && victim(pos, &mv).is_none()
                && let Some(p) = pos.piece_at(mv.from)
            {
                let slot = self.slot(p.code(), &mv);
                self.histories.update(slot, before, -history::bonus(depth));
            }
        }
    }

    /// Where the answer to the opponent's last move is kept: by the piece it moved
    /// and the square it went to (`None` at the root or after a null move).
    #[inline]
    fn countermove_slot(&self, ply: usize) -> Option<usize> {
        self.before(ply)[0]
    }

    /// The history slot of a move by the piece `code`.
    #[inline]
    pub(super) fn slot(&self, code: u8, mv: &Move) -> history::Slot {
        code as usize * self.squares + mv.to.index()
    }

    /// The slots of the last two moves played before `ply` (the opponent's, then ours).
    #[inline]
    pub(super) fn before(&self, ply: usize) -> [Option<history::Slot>; 2] {
        let at = |back: usize| {
            let (code, to) = (*self.played.get(ply.checked_sub(back)?)?)?;
            Some(code as usize * self.squares + to as usize)
        };
        [at(1), at(2)]
    }

    /// The history score of a quiet move at `ply` (0 for a move without a mover).
    #[inline]
    pub(super) fn quiet_score(&self, pos: &Position, ply: usize, mv: &Move) -> i32 {
        let mover = mover(pos, mv);
        mover.map_or(0, |p| {
            self.histories
                .score(self.slot(p.code(), mv), self.before(ply))
        })
    }

    /// What the ordering keys of a node's moves share, looked up once per node.
    pub(super) fn key_context(&self, ply: usize, tt_move: Option<MoveRef>) -> KeyContext {
        KeyContext {
            tt_move,
            killers: self.killers[ply],
            countermove: self
                .countermove_slot(ply)
                .and_then(|slot| self.countermoves[slot]),
            before: self.before(ply),
        }
    }

    /// The ordering key of a move: table move, captures by MVV-LVA, promotions,
    /// killers, then history.
    #[inline]
    pub(super) fn static_key(&self, pos: &Position, mv: &Move, node: &KeyContext) -> i32 {
        if node.tt_move.is_some_and(|t| t.matches(mv)) {
            return TT_MOVE;
        }
        let promo = mv.promotion.map_or(0, |k| self.eval.value(k));
        // A drop's piece comes from hand: its history is the dropped piece's.
        let mover = mover(pos, mv);
        if let Some(v) = victim(pos, mv) {
            let attacker = mover.map_or(0, |p| self.eval.value(p.kind()));
            return CAPTURE + self.eval.value(v.kind()) * 64 - attacker / 16 + promo;
        }
        if mv.promotion.is_some() && !mv.is_drop() {
            return PROMOTION + promo;
        }
        if node.killers[0] == Some(*mv) {
            return KILLER;
        }
        if node.killers[1] == Some(*mv) {
            return KILLER - 1;
        }
        if node.countermove == Some(*mv) {
            return KILLER - 2;
        }
        mover.map_or(0, |p| {
            self.histories.score(self.slot(p.code(), mv), node.before)
        })
    }

    /// Keys for every move at `ply`. A capture or promotion that loses material in the
    /// exchange on its square gets a negative key, but only once [`Search::pick`]
    /// reaches it: the exchange is the costly part of ordering, and most nodes cut off
    /// before their later captures are looked at.
    pub(super) fn order_moves(&mut self, pos: &Position, ply: usize, tt_move: Option<MoveRef>) {
        let mut keys = std::mem::take(&mut self.keys[ply]);
        let mut unjudged = std::mem::take(&mut self.unjudged[ply]);
        keys.clear();
        unjudged.clear();
        let node = self.key_context(ply, tt_move);
        for mv in &self.moves[ply] {
            let key = self.static_key(pos, mv, &node);
            keys.push(key);
            unjudged.push(key != TT_MOVE && key >= PROMOTION);
        }
        self.keys[ply] = keys;
        self.unjudged[ply] = unjudged;
    }

    /// Judges the exchange of move `j` at `ply` if its key still awaits it; returns
    /// whether the key fell (the move loses material).
    #[inline]
    fn judge(&mut self, pos: &mut Position, ply: usize, j: usize) -> bool {
        if !std::mem::take(&mut self.unjudged[ply][j]) {
            return false;
        }
        let mv = self.moves[ply][j];
        if self.exchange.at_least(self.rules, self.eval, pos, &mv, 0) {
            return false;
        }
        let key = &mut self.keys[ply][j];
        *key = BAD_CAPTURE + (*key - PROMOTION) / 4;
        true
    }

    /// Brings the best remaining move to slot `i` (selection sort: most nodes cut off
    /// after a few moves, so sorting the whole list would be wasted).
    ///
    /// A capture is judged by its exchange when it comes up: if it loses material its
    /// key falls and the pick is made again. Keys only fall when judged, so the move
    /// picked is the one an order of judged keys would give.
    ///
    /// Past the first few moves the node is likely to search them all: the rest are
    /// then judged and sorted once instead of scanned for each.
    #[inline]
    pub(super) fn pick(&mut self, pos: &mut Position, ply: usize, i: usize) -> Move {
        let len = self.keys[ply].len();
        if i >= SORT_AFTER {
            if i == SORT_AFTER && len > SORT_AFTER + 1 {
                for j in i..len {
                    self.judge(pos, ply, j);
                }
                self.sort_rest(ply, i);
            } else {
                self.judge(pos, ply, i);
            }
            return self.moves[ply][i];
        }
        loop {
            let keys = &self.keys[ply];
            let mut best = i;
            for j in i + 1..len {
                if keys[j] > keys[best] {
                    best = j;
                }
            }
            if self.judge(pos, ply, best) {
                continue;
            }
            self.keys[ply].swap(i, best);
            self.unjudged[ply].swap(i, best);
            self.moves[ply].swap(i, best);
            return self.moves[ply][i];
        }
    }

    /// Sorts the moves from `i` on by their keys, best first, without allocating.
    fn sort_rest(&mut self, ply: usize, i: usize) {
        let mut buf = std::mem::take(&mut self.sort_buffer);
        buf.clear();
        let (keys, moves) = (&mut self.keys[ply], &mut self.moves[ply]);
        buf.extend(keys[i..].iter().copied().zip(moves[i..].iter().copied()));
        buf.sort_unstable_by_key(|&(k, _)| std::cmp::Reverse(k));
        for (j, &(k, m)) in buf.iter().enumerate() {
            keys[i + j] = k;
            moves[i + j] = m;
        }
        self.sort_buffer = buf;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, eval::Evaluator, tt::Table};
    use chess4d_core::Rules;
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;

    /// The moves of `fen` as picked one by one, with their keys; `judge_first` judges
    /// every exchange before the first pick (the order an eager ordering gives).
    fn picked(rules: &dyn Rules, fen: &str, judge_first: bool) -> (Vec<(Move, i32)>, usize) {
        let eval = Evaluator::new(rules);
        let mut table = Table::new(1);
        let stop = AtomicBool::new(false);
        let limits = Limits::depth(1);
        let mut s = Search::new(rules, &eval, &mut table, &stop, &limits, Instant::now());
        let mut pos = rules.parse_position(fen).expect("a legal test position");
        rules.legal_moves(&pos, &mut s.moves[0]);
        s.order_moves(&pos, 0, None);
        if judge_first {
            for j in 0..s.moves[0].len() {
                s.judge(&mut pos, 0, j);
            }
        }
        let picks = (0..s.moves[0].len())
            .map(|i| {
                let mv = s.pick(&mut pos, 0, i);
                (mv, s.keys[0][i])
            })
            .collect();
        let losing = s.keys[0].iter().filter(|&&k| is_losing(k)).count();
        (picks, losing)
    }

    #[test]
    fn captures_judged_when_picked_come_in_the_order_judged_keys_give() {
        let catalog = chess4d_variants::Catalog::embedded();
        let cases = [
            (
                "orthodox",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            ),
            (
                "orthodox",
                "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            ),
            ("orthodox", "4k3/8/3p4/2p1p3/3N4/2Q5/8/4K3 w - - 0 1"),
        ];
        let mut losing_seen = 0;
        for (variant, fen) in cases {
            let rules = catalog.resolve(variant).expect("an embedded variant");
            let (lazy, losing) = picked(&*rules, fen, false);
            let (eager, _) = picked(&*rules, fen, true);
            assert_eq!(lazy, eager, "{fen}");
            losing_seen += losing;
        }
        // The cases hold captures that lose material, whose keys fall when judged.
        assert!(losing_seen > 0);
    }
}
