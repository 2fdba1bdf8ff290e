//! What the search has learned about quiet moves: the butterfly history (piece and
//! destination) and the continuation histories (the same, following the opponent's
//! last move and our own move before it). They order the quiet moves and steer how
//! much a late quiet move is reduced.
//!
//! The correction tables learn how far the static evaluation was from what the search
//! found, by pawn structure and by where each side's other pieces stand; the search
//! adds their weighted mean to later evaluations.
//!
//! Every entry moves towards a bonus by a share of the distance left ("gravity"), so
//! it stays within `±LIMIT` however often it is rewarded, and recent results weigh more
//! than old ones.

/// The bound of every history entry.
pub(super) const LIMIT: i32 = 16_384;

/// Continuation tables are kept only while `(piece codes × squares)²` entries stay
/// small: on a large board with many kinds they would cost more memory than they give.
const CONTINUATION_SLOTS: usize = 1024;

/// Correction entries per side (a power of two).
const CORRECTIONS: usize = 16_384;
/// Correction entries are kept in 1/GRAIN of a centipawn, so small steps add up.
const GRAIN: i32 = 256;
/// The most a correction moves an evaluation, in centipawns.
const MAX_CORRECTION: i32 = 64;

use crate::eval::Keys;
use crate::huge::ZeroedSlice;
use std::sync::Mutex;

/// A (piece code, destination) pair as one index: `code * squares + to`.
pub(super) type Slot = usize;

pub(crate) struct Histories {
    slots: usize,
    main: Vec<i32>,
    /// `continuation[previous slot * slots + slot]`; empty where the board is too big.
    /// Megabytes read at random, so kept small: in `i16` (an entry stays within
    /// `±LIMIT`), on huge pages where the system lends them.
    continuation: ZeroedSlice<i16>,
    /// `correction[side * CORRECTIONS + pawn key % CORRECTIONS]`, in 1/GRAIN cp.
    correction: Vec<i32>,
    /// The same by the key of White's pieces other than pawns, then of Black's:
    /// `piece_correction[owner][side * CORRECTIONS + key % CORRECTIONS]`.
    piece_correction: [Vec<i32>; 2],
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

/// Moves `entry` towards `delta`'s sign by gravity. From within `±LIMIT`, and with
/// `|delta|` at most `LIMIT` (a [`bonus`] is at most 1,600), it stays within `±LIMIT`:
/// for `entry = LIMIT - k` and `delta > 0` it becomes `LIMIT - k + ceil(k * delta /
/// LIMIT)`, at most `LIMIT`, and the same below.
#[inline]
fn nudge(entry: &mut i32, delta: i32) {
    *entry += delta - *entry * delta.abs() / LIMIT;
}

/// An entry (within `±LIMIT`, see [`nudge`]) as the `i16` it is kept in.
#[inline]
fn narrow(entry: i32) -> i16 {
    debug_assert!(entry.abs() <= LIMIT);
    entry.clamp(-LIMIT, LIMIT) as i16
}

impl Histories {
    pub(crate) fn new(slots: usize) -> Histories {
        let continuation = ZeroedSlice::new(if slots <= CONTINUATION_SLOTS {
            slots * slots
        } else {
            0
        });
        Histories {
            slots,
            main: vec![0; slots],
            continuation,
            correction: vec![0; 2 * CORRECTIONS],
            piece_correction: [vec![0; 2 * CORRECTIONS], vec![0; 2 * CORRECTIONS]],
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
                    .map_or(0, |&h| i32::from(h));
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
                let mut entry = i32::from(*h);
                nudge(&mut entry, delta);
                *h = narrow(entry);
            }
        }
    }
}

impl Histories {
    #[inline]
    fn correction_index(side: usize, key: u32) -> usize {
        side * CORRECTIONS + (key as usize & (CORRECTIONS - 1))
    }

    /// What to add to the static evaluation of `side` (0 White, 1 Black) to move with
    /// these pawns and pieces, in centipawns: the pawn table's entry weighs as much as
    /// the two piece tables' together.
    #[inline]
    pub(super) fn correction(&self, side: usize, keys: Keys) -> i32 {
        let at = |table: &[i32], key| {
            table
                .get(Self::correction_index(side, key))
                .copied()
                .unwrap_or(0)
        };
        let sum = 2 * at(&self.correction, keys.pawns)
            + at(&self.piece_correction[0], keys.pieces[0])
            + at(&self.piece_correction[1], keys.pieces[1]);
        sum / (4 * GRAIN)
    }

    /// Learns that a search of `depth` found `error` centipawns more than the
    /// uncorrected static evaluation: deeper searches weigh more.
    pub(super) fn learn_correction(&mut self, side: usize, keys: Keys, error: i32, depth: i32) {
        let weight = (depth + 1).clamp(1, 16);
        let target = error.clamp(-4 * MAX_CORRECTION, 4 * MAX_CORRECTION) * GRAIN;
        let [white, black] = &mut self.piece_correction;
        for (table, key) in [
            (&mut self.correction, keys.pawns),
            (white, keys.pieces[0]),
            (black, keys.pieces[1]),
        ] {
            if let Some(c) = table.get_mut(Self::correction_index(side, key)) {
                *c = ((*c * (256 - weight) + target * weight) / 256)
                    .clamp(-MAX_CORRECTION * GRAIN, MAX_CORRECTION * GRAIN);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bound that lets the continuation entries be kept in `i16`: from anywhere
    /// within `±LIMIT`, any bonus or malus a search gives keeps an entry there.
    #[test]
    fn a_nudge_keeps_an_entry_within_the_limit() {
        for entry in (-LIMIT..=LIMIT)
            .step_by(7)
            .chain([-LIMIT, LIMIT, LIMIT - 1])
        {
            for delta in (-1600..=1600).step_by(13).chain([-1600, 1600]) {
                let mut e = entry;
                nudge(&mut e, delta);
                assert!(e.abs() <= LIMIT, "{entry} by {delta}: {e}");
            }
        }
        assert_eq!((1..64).map(bonus).max(), Some(1600));
    }

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

    fn keys(pawns: u32, white: u32, black: u32) -> Keys {
        Keys {
            pawns,
            pieces: [white, black],
        }
    }

    #[test]
    fn corrections_follow_the_search_within_their_bound() {
        let mut h = Histories::new(64);
        let k = keys(99, 5, 7);
        assert_eq!(h.correction(0, k), 0);
        for _ in 0..200 {
            h.learn_correction(0, k, 30, 10);
        }
        assert!(
            (28..=30).contains(&h.correction(0, k)),
            "{}",
            h.correction(0, k)
        );
        // The other side to move with the same pawns has its own entry.
        assert_eq!(h.correction(1, k), 0);
        for _ in 0..200 {
            h.learn_correction(0, k, -5000, 10);
        }
        assert_eq!(h.correction(0, k), -MAX_CORRECTION);
    }

    #[test]
    fn each_table_carries_its_share_of_a_correction() {
        let mut h = Histories::new(64);
        for _ in 0..400 {
            h.learn_correction(0, keys(1, 2, 3), 40, 15);
        }
        // (A running average in whole grains stops a grain or so short.)
        let all = h.correction(0, keys(1, 2, 3));
        assert!((38..=40).contains(&all), "{all}");
        // The same pawns with other pieces: the pawn table's half.
        let pawns = h.correction(0, keys(1, 8, 9));
        assert!((19..=20).contains(&pawns), "{pawns}");
        // Other pawns and Black's pieces moved: White's pieces' quarter.
        let white = h.correction(0, keys(4, 2, 9));
        assert!((9..=10).contains(&white), "{white}");
        assert_eq!(h.correction(0, keys(4, 8, 9)), 0);
    }

    #[test]
    fn large_boards_keep_the_main_table_only() {
        let mut h = Histories::new(4096);
        h.update(10, [Some(1), Some(2)], bonus(4));
        assert_eq!(h.score(10, [Some(1), Some(2)]), h.score(10, [None, None]));
        assert!(h.score(10, [None, None]) > 0);
    }
}
