//! A per-thread cache of what the pawns alone decide: each side's structure terms, the
//! squares its pawns attack and which of them are passed. A search meets the same
//! pawn structure at most of its leaves (pieces move far more often than pawns), so
//! this work is done once per structure instead of once per evaluation.
//!
//! The cache lives in a thread-local because the evaluator is shared by the search
//! threads behind `&self`; each thread keeps its own table and no locking is needed.
//! Entries are compared on the full pawn sets, never on the hash alone, so a hit gives
//! exactly what the computation would.

use super::MAX_WORDS;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Boards needing more words per square set than this are not cached (an entry would
/// be large and such boards are searched shallowly anyway).
pub(super) const CACHED_WORDS: usize = 4;
/// Entries per thread (a power of two).
const ENTRIES: usize = 1024;

pub(super) type Set = [u64; MAX_WORDS];

/// What the pawn sets of both sides decide, per side, in sets of `W` words.
#[derive(Clone, Copy)]
pub(super) struct PawnInfo<const W: usize> {
    /// The structure terms (doubled, isolated, supported, side by side), mg and eg.
    pub(super) terms: [(i32, i32); 2],
    /// The squares the side's pawns attack.
    pub(super) attacks: [[u64; W]; 2],
    /// The side's pawns that may count as passed (no enemy pawn in their span).
    pub(super) passed: [[u64; W]; 2],
}

impl<const W: usize> PawnInfo<W> {
    pub(super) fn new() -> PawnInfo<W> {
        PawnInfo {
            terms: [(0, 0); 2],
            attacks: [[0; W]; 2],
            passed: [[0; W]; 2],
        }
    }
}

type Cached = PawnInfo<CACHED_WORDS>;

#[derive(Clone, Copy)]
struct Entry {
    /// Both sides' pawn sets (all zero beyond the board's words).
    key: [[u64; CACHED_WORDS]; 2],
    valid: bool,
    info: Cached,
}

/// One thread's table, for the evaluator `owner`.
struct Table {
    owner: u64,
    entries: Vec<Entry>,
}

thread_local! {
    static TABLE: RefCell<Table> = const {
        RefCell::new(Table { owner: 0, entries: Vec::new() })
    };
}

/// A fresh identity for an evaluator, so that no thread's table serves one evaluator
/// the entries of another (their weights or board may differ).
pub(super) fn new_owner() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

fn key(pawns: &[Set; 2]) -> [[u64; CACHED_WORDS]; 2] {
    let mut key = [[0; CACHED_WORDS]; 2];
    for (k, p) in key.iter_mut().zip(pawns) {
        k.copy_from_slice(&p[..CACHED_WORDS]);
    }
    key
}

/// The slot of `key`, from the `words` words a side the board's sets have (the rest
/// are zero).
fn slot(key: &[[u64; CACHED_WORDS]; 2], words: usize) -> usize {
    let mut h = 0u64;
    for &w in key.iter().flat_map(|k| &k[..words.min(CACHED_WORDS)]) {
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
    }
    (h >> 40) as usize & (ENTRIES - 1)
}

/// The pawn information for `pawns` (on a board of `words` words per set, at most
/// [`CACHED_WORDS`]): from this thread's table when it holds it, else from `compute`
/// (then kept).
pub(super) fn lookup(
    owner: u64,
    pawns: &[Set; 2],
    words: usize,
    compute: impl FnOnce() -> Cached,
) -> Cached {
    let key = key(pawns);
    let at = slot(&key, words);
    let cached = TABLE.with(|t| {
        let t = t.try_borrow().ok()?;
        let e = t.entries.get(at).filter(|_| t.owner == owner)?;
        (e.valid && e.key == key).then_some(e.info)
    });
    if let Some(info) = cached {
        return info;
    }
    let info = compute();
    TABLE.with(|t| {
        let Ok(mut t) = t.try_borrow_mut() else {
            return;
        };
        if t.owner != owner || t.entries.len() != ENTRIES {
            t.owner = owner;
            let empty = Entry {
                key: [[0; CACHED_WORDS]; 2],
                valid: false,
                info: Cached::new(),
            };
            t.entries.clear();
            t.entries.resize(ENTRIES, empty);
        }
        t.entries[at] = Entry {
            key,
            valid: true,
            info,
        };
    });
    info
}
