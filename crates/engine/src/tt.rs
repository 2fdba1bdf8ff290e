//! The transposition table: one slot per hash index, the deeper search wins the slot.

use chess4d_core::Move;

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

#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    mv: MoveRef,
    has_move: bool,
    score: i16,
    depth: u8,
    bound: u8,
    generation: u8,
}

const EMPTY: Slot = Slot {
    key: 0,
    mv: MoveRef {
        from: 0,
        to: 0,
        tag: 0,
    },
    has_move: false,
    score: 0,
    depth: 0,
    bound: 0,
    generation: 0,
};

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: Option<MoveRef>,
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
}

/// A fixed-size table indexed by the low bits of the Zobrist hash.
pub(crate) struct Table {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `mb` MiB (a power of two slots, at least 1 MiB).
    pub(crate) fn new(mb: usize) -> Table {
        // Capped so that a mistyped size cannot ask for more memory than a desktop has.
        let bytes = mb.clamp(1, MAX_MB) << 20;
        let want = bytes / std::mem::size_of::<Slot>();
        let len = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() >> 1
        };
        Table {
            slots: vec![EMPTY; len],
            mask: len - 1,
            generation: 1,
        }
    }

    /// Marks a new search: older entries give way to newer ones whatever their depth.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Hit> {
        let s = &self.slots[key as usize & self.mask];
        if s.key != key || s.generation == 0 {
            return None;
        }
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
        let s = &mut self.slots[key as usize & self.mask];
        let same = s.key == key && s.generation != 0;
        if !same && s.generation == generation && (depth as u8) < s.depth {
            return;
        }
        // A shallower result for the same position keeps the better-searched move
        // when it found none of its own.
        let keep_move = same && mv.is_none();
        let old_move = (s.has_move, s.mv);
        *s = Slot {
            key,
            mv: mv.unwrap_or(old_move.1),
            has_move: mv.is_some() || (keep_move && old_move.0),
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.min(255) as u8,
            bound: match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            },
            generation,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_core::Square;

    #[test]
    fn deeper_entries_keep_their_slot_within_a_search() {
        let mut t = Table::new(1);
        let key = 12345u64;
        let other = key + ((t.mask as u64) + 1); // same slot, different key
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
        t.new_search();
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
}
