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

/// What the pawn sets of both sides decide, per side.
#[derive(Clone, Copy)]
pub(super) struct PawnInfo {
    /// The structure terms (doubled, isolated, supported, side by side), mg and eg.
    pub(super) terms: [(i32, i32); 2],
    /// The squares the side's pawns attack.
    pub(super) attacks: [Set; 2],
    /// The side's pawns that may count as passed (no enemy pawn in their span).
    pub(super) passed: [Set; 2],
}

impl PawnInfo {
    pub(super) fn new() -> PawnInfo {
        PawnInfo {
            terms: [(0, 0); 2],
            attacks: [[0; MAX_WORDS]; 2],
            passed: [[0; MAX_WORDS]; 2],
        }
    }
}

/// One thread's table: a flat run of `u64`s per entry (validity, both sides' pawn
/// sets, attack sets, passed sets and the packed terms), `words` u64s per set.
struct Table {
    owner: u64,
    words: usize,
    data: Vec<u64>,
}

thread_local! {
    static TABLE: RefCell<Table> = const {
        RefCell::new(Table { owner: 0, words: 0, data: Vec::new() })
    };
}

/// A fresh identity for an evaluator, so that no thread's table serves one evaluator
/// the entries of another (their weights or board may differ).
pub(super) fn new_owner() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

fn stride(words: usize) -> usize {
    1 + 6 * words + 2
}

fn slot(pawns: &[Set; 2], words: usize) -> usize {
    let mut h = 0u64;
    for set in pawns {
        for &w in &set[..words] {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
    }
    (h >> 40) as usize & (ENTRIES - 1)
}

fn pack(t: (i32, i32)) -> u64 {
    (t.0 as u32 as u64) | ((t.1 as u32 as u64) << 32)
}

fn unpack(v: u64) -> (i32, i32) {
    (v as u32 as i32, (v >> 32) as u32 as i32)
}

/// The pawn information for `pawns` on a board of `words` words per set: from this
/// thread's table when it holds it, else from `compute` (and then kept).
pub(super) fn lookup(
    owner: u64,
    words: usize,
    pawns: &[Set; 2],
    compute: impl FnOnce() -> PawnInfo,
) -> PawnInfo {
    if words > CACHED_WORDS {
        return compute();
    }
    let cached = TABLE.with(|t| {
        let t = t.try_borrow().ok()?;
        if t.owner != owner || t.words != words {
            return None;
        }
        let e = &t.data[slot(pawns, words) * stride(words)..][..stride(words)];
        let key = &e[1..1 + 2 * words];
        let hit =
            e[0] == 1 && key[..words] == pawns[0][..words] && key[words..] == pawns[1][..words];
        hit.then(|| read(e, words))
    });
    if let Some(info) = cached {
        return info;
    }
    let info = compute();
    TABLE.with(|t| {
        let Ok(mut t) = t.try_borrow_mut() else {
            return;
        };
        if t.owner != owner || t.words != words {
            t.owner = owner;
            t.words = words;
            t.data.clear();
            t.data.resize(ENTRIES * stride(words), 0);
        }
        let at = slot(pawns, words) * stride(words);
        write(&mut t.data[at..at + stride(words)], words, pawns, &info);
    });
    info
}

fn read(e: &[u64], words: usize) -> PawnInfo {
    let mut info = PawnInfo::new();
    let sets = &e[1 + 2 * words..];
    for c in 0..2 {
        info.attacks[c][..words].copy_from_slice(&sets[c * words..(c + 1) * words]);
        info.passed[c][..words].copy_from_slice(&sets[(2 + c) * words..(3 + c) * words]);
        info.terms[c] = unpack(e[1 + 6 * words + c]);
    }
    info
}

fn write(e: &mut [u64], words: usize, pawns: &[Set; 2], info: &PawnInfo) {
    e[0] = 1;
    for c in 0..2 {
        e[1 + c * words..1 + (c + 1) * words].copy_from_slice(&pawns[c][..words]);
        let sets = &mut e[1 + 2 * words..];
        sets[c * words..(c + 1) * words].copy_from_slice(&info.attacks[c][..words]);
        sets[(2 + c) * words..(3 + c) * words].copy_from_slice(&info.passed[c][..words]);
        e[1 + 6 * words + c] = pack(info.terms[c]);
    }
}
