//! Raw static evaluations by position hash, kept between the searches of a game.
//!
//! The searches of one game walk much the same positions move after move (the table
//! keeps their scores, but a node still evaluates for its pruning), and one
//! evaluation costs as much as generating the moves a few times over: the cache that
//! the search fills is handed to the next one, as the histories are.

use crate::eval::Keys;
use crate::huge::{Zeroable, ZeroedSlice};
use std::sync::Mutex;

/// Entries (a power of two): 6 MiB, a few moves' worth of searches at 0.3 s.
const ENTRIES: usize = 1 << 18;

/// A direct-mapped cache of one evaluator's raw evaluations and their keys.
pub(crate) struct EvalCache {
    /// The evaluator whose values these are ([`crate::eval::Evaluator::id`]).
    owner: u64,
    entries: ZeroedSlice<Entry>,
}

/// One slot. The hash is kept inverted, so that the zeroed memory a cache starts from
/// is empty: it answers only the hash `u64::MAX`, as a slot marked empty by that hash
/// would.
#[derive(Clone, Copy)]
struct Entry {
    inverted_hash: u64,
    value: i32,
    keys: Keys,
}

// SAFETY: integers only; all zero is an empty slot.
unsafe impl Zeroable for Entry {}

impl EvalCache {
    /// An empty cache for the evaluator `owner`.
    pub(crate) fn new(owner: u64) -> EvalCache {
        EvalCache {
            owner,
            entries: ZeroedSlice::new(ENTRIES),
        }
    }

    /// The raw evaluation and keys stored for `hash`, if any.
    #[inline]
    pub(crate) fn get(&self, hash: u64) -> Option<(i32, Keys)> {
        let e = self.entries[(hash as usize) & (ENTRIES - 1)];
        (e.inverted_hash == !hash).then_some((e.value, e.keys))
    }

    /// Starts bringing `hash`'s entry into the cache (see [`crate::tt::prefetch`]).
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        if let Some(entry) = self.entries.get((hash as usize) & (ENTRIES - 1)) {
            crate::tt::prefetch(entry);
        }
    }

    /// Stores the raw evaluation and keys of `hash`, replacing what shared its slot.
    #[inline]
    pub(crate) fn put(&mut self, hash: u64, value: i32, keys: Keys) {
        self.entries[(hash as usize) & (ENTRIES - 1)] = Entry {
            inverted_hash: !hash,
            value,
            keys,
        };
    }
}

/// The cache of the last search, kept with a hash table.
#[derive(Default)]
pub(crate) struct Kept(Mutex<Option<EvalCache>>);

impl Kept {
    /// The kept cache if it holds `owner`'s evaluations, else a new one.
    pub(crate) fn take(&self, owner: u64) -> EvalCache {
        let mut kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        kept.take()
            .filter(|c| c.owner == owner)
            .unwrap_or_else(|| EvalCache::new(owner))
    }

    /// Keeps `cache` for the next search.
    pub(crate) fn keep(&self, cache: EvalCache) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(cache);
    }

    /// Forgets it (a new game: a hash of the old game's evaluator may meet a new one).
    pub(crate) fn clear(&self) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_cache_serves_only_its_own_evaluator() {
        let kept = Kept::default();
        let mut cache = kept.take(7);
        let keys = Keys {
            pawns: 1,
            pieces: [2, 3],
        };
        cache.put(42, 55, keys);
        assert_eq!(cache.get(42), Some((55, keys)));
        assert_eq!(cache.get(42 + ENTRIES as u64), None);
        // A fresh cache holds nothing, though its memory starts zeroed.
        assert_eq!(EvalCache::new(7).get(0), None);
        kept.keep(cache);
        assert_eq!(kept.take(7).get(42), Some((55, keys)));
        kept.keep(EvalCache::new(7));
        assert_eq!(kept.take(8).get(42), None);
    }
}
