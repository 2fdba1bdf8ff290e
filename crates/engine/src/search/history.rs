//! What the search has learned about quiet moves: the butterfly history (piece and
//! destination) and the continuation histories (the same, following the opponent's
//! last move and our own move before it). They order the quiet moves and steer how
//! much a late quiet move is reduced.
//!
//! Every entry moves towards a bonus by a share of the distance left ("gravity"), so
//! it stays within `±LIMIT` however often it is rewarded, and recent results weigh more
//! than old ones.

/// The bound of every history entry.
pub(super) const LIMIT: i32 = 16_384;

/// Continuation tables are kept only while `(piece codes × squares)²` entries stay
/// small: on a large board with many kinds they would cost more memory than they give.
const CONTINUATION_SLOTS: usize = 1024;

use std::sync::Mutex;

/// A (piece code, destination) pair as one index: `code * squares + to`.
pub(super) type Slot = usize;

pub(crate) struct Histories {
    slots: usize,
    main: Vec<i32>,
    /// `continuation[previous slot * slots + slot]`; empty where the board is too big.
    continuation: Vec<i32>,
}

/// The histories of the last search, kept with a hash table: the searches of one game
/// start from what the ones before learned instead of from nothing.
#[derive(Default)]
pub(crate) struct Kept(Mutex<Option<Histories>>);

impl Kept {
    /// The kept histories if they are for `slots` slots (the same board and pieces).
    pub(crate) fn take(&self, slots: usize) -> Option<Histories> {
        let mut kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        kept.take().filter(|h| h.slots == slots)
    }

    /// Keeps `histories` for the next search.
    pub(crate) fn keep(&self, histories: Histories) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(histories);
    }

    /// Forgets them (a new game).
    pub(crate) fn clear(&self) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
}

/// The bonus for a quiet move that cut off at `depth` (and the malus for the quiet
/// moves tried before it): grows with the square of the depth, capped.
#[inline]
pub(super) fn bonus(depth: i32) -> i32 {
    (24 * depth * depth + 40 * depth).min(1600)
}

#[inline]
fn nudge(entry: &mut i32, delta: i32) {
    *entry += delta - *entry * delta.abs() / LIMIT;
}

impl Histories {
    pub(crate) fn new(slots: usize) -> Histories {
        let continuation = if slots <= CONTINUATION_SLOTS {
            vec![0; slots * slots]
        } else {
            Vec::new()
        };
        Histories {
            slots,
            main: vec![0; slots],
            continuation,
        }
    }

    /// How many (piece code, destination) slots the tables have.
    pub(crate) fn slots(&self) -> usize {
        self.slots
    }

    /// The score of a quiet move landing `slot`, after the moves that landed `before`
    /// (one ply back, then two): the sum of the three tables, within `±3 * LIMIT`.
    #[inline]
    pub(super) fn score(&self, slot: Slot, before: [Option<Slot>; 2]) -> i32 {
        let mut s = self.main.get(slot).copied().unwrap_or(0);
        if !self.continuation.is_empty() {
            for prev in before.into_iter().flatten() {
                s += self
                    .continuation
                    .get(prev * self.slots + slot)
                    .copied()
                    .unwrap_or(0);
            }
        }
        s
    }

    /// Moves every table's entry for `slot` by `delta` (a bonus or a malus).
    pub(super) fn update(&mut self, slot: Slot, before: [Option<Slot>; 2], delta: i32) {
        if let Some(h) = self.main.get_mut(slot) {
            nudge(h, delta);
        }
        if self.continuation.is_empty() {
            return;
        }
        for prev in before.into_iter().flatten() {
            if let Some(h) = self.continuation.get_mut(prev * self.slots + slot) {
                nudge(h, delta);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_stay_within_the_limit_and_follow_recent_results() {
        let mut h = Histories::new(64);
        for _ in 0..10_000 {
            h.update(3, [Some(5), Some(7)], bonus(20));
        }
        let high = h.score(3, [Some(5), Some(7)]);
        assert!(high <= 3 * LIMIT && high > 2 * LIMIT, "{high}");
        // The continuation entries belong to the moves before: another one does not
        // see them.
        assert!(h.score(3, [Some(6), None]) <= LIMIT);
        for _ in 0..50 {
            h.update(3, [Some(5), Some(7)], -bonus(20));
        }
        assert!(h.score(3, [Some(5), Some(7)]) < 0);
    }

    #[test]
    fn large_boards_keep_the_main_table_only() {
        let mut h = Histories::new(4096);
        h.update(10, [Some(1), Some(2)], bonus(4));
        assert_eq!(h.score(10, [Some(1), Some(2)]), h.score(10, [None, None]));
        assert!(h.score(10, [None, None]) > 0);
    }
}
