//! The transposition table: one slot per hash index, the deeper search wins the slot.
//! Its memory is shared: every thread of a search (and every search of a UCI
//! session) reads and writes the same slots without locks.

use crate::huge::{Zeroable, ZeroedSlice};
use chess4d_core::Move;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU8, AtomicU64};

/// The largest table, in MiB.
pub(crate) const MAX_MB: usize = 1024;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least this (a beta cutoff).
    Lower,
    /// The true value is at most this (every move failed low).
    Upper,
}

impl Bound {
    /// What a node's `best` score says, given the window `(alpha, beta)` it was
    /// searched with.
    pub(crate) fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A stored move, checked against the legal list before use: a hash collision can
/// never make the search play a move that is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveRef {
    from: u16,
    to: u16,
    tag: u16,
}

impl MoveRef {
    pub(crate) fn of(mv: &Move) -> MoveRef {
        MoveRef {
            from: mv.from.0,
            to: mv.to.0,
            tag: tag(mv),
        }
    }

    /// Whether `mv` is the stored move.
    #[inline]
    pub(crate) fn matches(&self, mv: &Move) -> bool {
        mv.from.0 == self.from && mv.to.0 == self.to && tag(mv) == self.tag
    }
}

/// Distinguishes moves with equal from and to (promotions, second pieces, jump captures).
#[inline]
fn tag(mv: &Move) -> u16 {
    let p = mv.promotion.map_or(0, |k| k.0 as u16 + 1);
    let c = mv.capture.map_or(0, |s| s.0.wrapping_add(1));
    let s = mv.second.map_or(0, |(a, b)| {
        a.0.wrapping_mul(31).wrapping_add(b.0).wrapping_add(1)
    });
    p ^ c.rotate_left(5) ^ s.rotate_left(10)
}

/// One slot's contents, unpacked.
#[derive(Clone, Copy, Debug)]
struct Slot {
    mv: MoveRef,
    has_move: bool,
    score: i16,
    depth: u8,
    bound: u8,
    generation: u8,
}

impl Slot {
    /// The two data words of a slot: the move and score, then depth, bound,
    /// generation and whether there is a move.
    fn pack(&self) -> (u64, u64) {
        let a = self.mv.from as u64
            | (self.mv.to as u64) << 16
            | (self.mv.tag as u64) << 32
            | (self.score as u16 as u64) << 48;
        let b = self.depth as u64
            | (self.bound as u64) << 8
            | (self.generation as u64) << 16
            | (self.has_move as u64) << 24;
        (a, b)
    }

    fn unpack(a: u64, b: u64) -> Slot {
        Slot {
            mv: MoveRef {
                from: a as u16,
                to: (a >> 16) as u16,
                tag: (a >> 32) as u16,
            },
            score: (a >> 48) as u16 as i16,
            depth: b as u8,
            bound: (b >> 8) as u8,
            generation: (b >> 16) as u8,
            has_move: (b >> 24) & 1 == 1,
        }
    }
}

/// One slot in memory: the key is stored XORed with both data words, so a slot that
/// two threads wrote at once (one word from each) fails the key check and reads as
/// empty instead of handing back a mix (the "lockless hashing" of chess programs).
struct Cell {
    check: AtomicU64,
    a: AtomicU64,
    b: AtomicU64,
}

// SAFETY: three atomics; all zero is an empty slot (generation 0 reads as none).
unsafe impl Zeroable for Cell {}

impl Cell {
    /// The slot if it holds `key` (and was ever written).
    #[inline]
    fn read(&self, key: u64) -> Option<Slot> {
        let a = self.a.load(Relaxed);
        let b = self.b.load(Relaxed);
        let check = self.check.load(Relaxed);
        let slot = Slot::unpack(a, b);
        (check ^ a ^ b == key && slot.generation != 0).then_some(slot)
    }

    /// The generation and depth of whatever the slot holds, and whether it is `key`.
    #[inline]
    fn occupant(&self, key: u64) -> (bool, Option<Slot>) {
        let a = self.a.load(Relaxed);
        let b = self.b.load(Relaxed);
        let check = self.check.load(Relaxed);
        let slot = Slot::unpack(a, b);
        if slot.generation == 0 {
            return (false, None);
        }
        (check ^ a ^ b == key, Some(slot))
    }

    #[inline]
    fn write(&self, key: u64, slot: &Slot) {
        let (a, b) = slot.pack();
        self.a.store(a, Relaxed);
        self.b.store(b, Relaxed);
        self.check.store(key ^ a ^ b, Relaxed);
    }

    fn clear(&self) {
        self.a.store(0, Relaxed);
        self.b.store(0, Relaxed);
        self.check.store(0, Relaxed);
    }
}

/// The memory of a table, shared by every thread that searches with it.
pub(crate) struct Shared {
    cells: ZeroedSlice<Cell>,
    mask: usize,
    generation: AtomicU8,
}

impl Shared {
    /// A table of at most `mb` MiB (a power of two slots, at least 1 MiB).
    pub(crate) fn new(mb: usize) -> Shared {
        // Capped so that a mistyped size cannot ask for more memory than a desktop has.
        let bytes = mb.clamp(1, MAX_MB) << 20;
        let want = bytes / std::mem::size_of::<Cell>();
        let len = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() >> 1
        };
        Shared {
            cells: ZeroedSlice::new(len),
            mask: len - 1,
            generation: AtomicU8::new(1),
        }
    }

    /// Marks a new search: older entries give way to newer ones whatever their depth.
    pub(crate) fn new_search(&self) {
        let next = self.generation.load(Relaxed).wrapping_add(1).max(1);
        self.generation.store(next, Relaxed);
    }

    /// Empties every slot.
    pub(crate) fn clear(&self) {
        for c in self.cells.iter() {
            c.clear();
        }
    }

    /// The table's size in MiB.
    pub(crate) fn size_mb(&self) -> usize {
        (self.cells.len() * std::mem::size_of::<Cell>()) >> 20
    }

    /// How full the table is with this search's entries, in permille (sampled on the
    /// first thousand slots, as UCI's `hashfull` is).
    pub(crate) fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let sample = self.cells.len().min(1000);
        let used = self.cells[..sample]
            .iter()
            .filter(|c| Slot::unpack(c.a.load(Relaxed), c.b.load(Relaxed)).generation == generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: Option<MoveRef>,
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
}

/// One thread's view of a shared table: the memory, and the generation its search
/// writes.
pub(crate) struct Table {
    shared: Arc<Shared>,
    generation: u8,
}

impl Table {
    /// A fresh table of its own, of at most `mb` MiB.
    #[cfg(test)]
    pub(crate) fn new(mb: usize) -> Table {
        Table::on(Arc::new(Shared::new(mb)))
    }

    /// A view of `shared`, writing its current generation.
    pub(crate) fn on(shared: Arc<Shared>) -> Table {
        let generation = shared.generation.load(Relaxed);
        Table { shared, generation }
    }

    /// How full the table is with this search's entries, in permille.
    pub(crate) fn hashfull(&self) -> u32 {
        self.shared.hashfull()
    }

    /// Starts bringing `key`'s slot into the cache: called as soon as a move is made,
    /// so that the child's probe finds it there instead of waiting on memory.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        if let Some(cell) = self.shared.cells.get(key as usize & self.shared.mask) {
            prefetch(cell);
        }
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Hit> {
        let s = self.shared.cells[key as usize & self.shared.mask].read(key)?;
        Some(Hit {
            mv: s.has_move.then_some(s.mv),
            score: s.score as i32,
            depth: s.depth as u32,
            bound: match s.bound {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        depth: u32,
        score: i32,
        bound: Bound,
        mv: Option<MoveRef>,
    ) {
        let generation = self.generation;
        let cell = &self.shared.cells[key as usize & self.shared.mask];
        let (same, old) = cell.occupant(key);
        if let Some(o) = old
            && !same
            && o.generation == generation
            && (depth as u8) < o.depth
        {
            return;
        }
        // A shallower result for the same position keeps the better-searched move
        // when it found none of its own.
        let old_move = old.filter(|o| same && o.has_move).map(|o| o.mv);
        let mv = mv.or(old_move);
        cell.write(
            key,
            &Slot {
                mv: mv.unwrap_or(MoveRef {
                    from: 0,
                    to: 0,
                    tag: 0,
                }),
                has_move: mv.is_some(),
                score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                depth: depth.min(255) as u8,
                bound: match bound {
                    Bound::Exact => 0,
                    Bound::Lower => 1,
                    Bound::Upper => 2,
                },
                generation,
            },
        );
    }
}

/// Asks the processor to bring the cache line of `item` in, ahead of a read that
/// would otherwise wait on memory. A hint only: nothing the program reads changes.
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing into the program and cannot fault; the pointer
    // comes from a reference.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_core::Square;

    #[test]
    fn deeper_entries_keep_their_slot_within_a_search() {
        let mut t = Table::new(1);
        let key = 12345u64;
        let other = key + ((t.shared.mask as u64) + 1); // same slot, different key
        let mv = MoveRef::of(&Move::new(Square(1), Square(2)));
        t.store(key, 6, 40, Bound::Exact, Some(mv));
        t.store(other, 2, 10, Bound::Lower, None);
        let hit = t.probe(key).expect("deep entry kept");
        assert_eq!((hit.depth, hit.score, hit.bound), (6, 40, Bound::Exact));
        assert!(
            hit.mv
                .is_some_and(|m| m.matches(&Move::new(Square(1), Square(2))))
        );
        assert!(t.probe(other).is_none());
        t.shared.new_search();
        let mut t = Table::on(t.shared.clone());
        t.store(other, 2, 10, Bound::Lower, None);
        assert!(
            t.probe(other).is_some(),
            "a new search replaces old entries"
        );
    }

    #[test]
    fn tags_tell_promotions_apart() {
        use chess4d_core::PieceKind;
        let a = Move::new(Square(8), Square(12)).with_promotion(PieceKind(1));
        let b = Move::new(Square(8), Square(12)).with_promotion(PieceKind(2));
        assert!(!MoveRef::of(&a).matches(&b));
        assert!(MoveRef::of(&a).matches(&a));
    }

    #[test]
    fn threads_writing_at_once_never_read_a_mix() {
        // Keys that all share a few slots, each stored with a score derived from the
        // key: a probe that finds a key must find its own score, never another's.
        let shared = Arc::new(Shared::new(1));
        let mask = shared.mask as u64;
        let score_of = |key: u64| (key % 20_000) as i32 - 10_000;
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let shared = shared.clone();
                scope.spawn(move || {
                    let mut table = Table::on(shared);
                    for i in 0..200_000u64 {
                        let key = ((i * 7 + t) % 64) * (mask + 1) + (i % 4);
                        table.store(key, (i % 30) as u32, score_of(key), Bound::Exact, None);
                        let probe = key.wrapping_add(mask + 1);
                        if let Some(hit) = table.probe(probe) {
                            assert_eq!(hit.score, score_of(probe));
                        }
                    }
                });
            }
        });
        let t = Table::on(shared.clone());
        assert!(t.hashfull() > 0);
        shared.clear();
        assert_eq!(t.hashfull(), 0);
    }
}
