//! A side's free pawns counted as one set, by whole-set shifts (perft's last ply).
//!
//! Square indices step by a constant along any direction, so a pawn's one-square line
//! from `s` lands on `s + d` for a `d` fixed by the line's direction. Grouping the lines
//! of one pawn code by (mode, `d`), each group is a mask of the squares it starts from,
//! and all the pawns' targets of one group are one shift of the pawns on those squares:
//! eight pawns cost a few shifts and popcounts, and the count's loop never visits them
//! (`Position` keeps the pawns' squares). A group maps distinct pawns to distinct
//! squares and one pawn's groups to distinct squares, so every popcounted bit is one
//! move, as the list has it. Only squares whose lines all fall into groups (the entries
//! of `lean.rs` counted as [`super::lean::PAWN`]) are in a group's mask; pawns elsewhere
//! are counted one by one.

use super::lean::LeanPawn;
use crate::table::bitset::BitSet;

/// The most groups one pawn code may have (an orthodox pawn has four: two captures,
/// a push and a double step; a 4D pawn more).
const MAX_GROUPS: usize = 12;

const CAPTURE: u8 = 0;
const PUSH: u8 = 1;
const BOTH: u8 = 2;
/// A double step: the push square and the one beyond, both empty.
const DOUBLE: u8 = 3;

/// One group: the squares its line starts from, the index step, the mode.
#[derive(Clone, Copy, Debug, Default)]
struct Group<B> {
    from: B,
    step: i32,
    mode: u8,
}

/// The groups of the one pawn code of a colour counted as a set.
#[derive(Clone, Debug, Default)]
pub(in crate::table) struct PawnSet<B> {
    /// The pawn code (`0`: none of this colour is counted as a set).
    pub(in crate::table) code: u8,
    /// The squares whose pawn is counted by the groups.
    pub(in crate::table) squares: B,
    groups: Vec<Group<B>>,
}

/// `set` moved by `step` squares of index (up where positive).
#[inline(always)]
fn shift<B: BitSet>(set: B, step: i32) -> B {
    if step >= 0 {
        set.shl(step as u32)
    } else {
        set.shr(step.unsigned_abs())
    }
}

impl<B: BitSet> PawnSet<B> {
    /// Adds the pawn of `code` on square `s` with lines `p` (as `u128`) where every
    /// line fits a group and the code is one `Position` keeps the squares of; else the
    /// pawn stays counted one by one.
    pub(in crate::table) fn add(&mut self, code: u8, s: u32, p: &LeanPawn<u128>) {
        if code == 0
            || usize::from(code) > crate::position::TRACKED_CODES
            || (self.code != 0 && self.code != code)
        {
            return;
        }
        let mut wanted: Vec<(i32, u8)> = Vec::new();
        for (mut bits, mode) in [(p.captures, CAPTURE), (p.pushes, PUSH), (p.both, BOTH)] {
            while bits != 0 {
                let t = bits.trailing_zeros();
                bits &= bits - 1;
                wanted.push((t as i32 - s as i32, mode));
            }
        }
        if p.double != 0 {
            // The square beyond must be one more step the same way.
            let push = p.double.trailing_zeros() as i32;
            let step = push - s as i32;
            if p.double.count_ones() != 1
                || p.beyond.count_ones() != 1
                || p.beyond.trailing_zeros() as i32 != push + step
            {
                return;
            }
            wanted.push((step, DOUBLE));
        }
        let known = |g: &Group<B>, step: i32, mode: u8| g.step == step && g.mode == mode;
        let new = wanted
            .iter()
            .filter(|&&(step, mode)| !self.groups.iter().any(|g| known(g, step, mode)))
            .count();
        if self.groups.len() + new > MAX_GROUPS {
            return;
        }
        let bit = B::bit(s);
        for (step, mode) in wanted {
            match self.groups.iter_mut().find(|g| known(g, step, mode)) {
                Some(g) => g.from |= bit,
                None => self.groups.push(Group {
                    from: bit,
                    step,
                    mode,
                }),
            }
        }
        self.code = code;
        self.squares |= bit;
    }

    /// The squares of pawns that may take en passant on `ep` (listed one by one, for
    /// the test of the board after).
    #[inline(always)]
    pub(in crate::table) fn en_passant_takers(&self, ep: B) -> B {
        let mut takers = B::ZERO;
        if ep != B::ZERO {
            for g in &self.groups {
                if g.mode == CAPTURE {
                    takers |= shift(ep, -g.step) & g.from;
                }
            }
        }
        takers
    }

    /// The moves of the free `pawns` (all on [`PawnSet::squares`]) landing on
    /// `allowed`, on a board occupied as `occ` (`own` the mover's).
    #[inline(always)]
    pub(in crate::table) fn count(&self, pawns: B, occ: B, own: B, allowed: B) -> u64 {
        let empty = !occ;
        let enemies = occ & !own;
        let mut n = 0;
        for g in &self.groups {
            let to = shift(pawns & g.from, g.step);
            let landing = match g.mode {
                CAPTURE => to & enemies,
                PUSH => to & empty,
                BOTH => to & !own,
                _ => shift(to & empty, g.step) & empty,
            };
            n += (landing & allowed).count();
        }
        u64::from(n)
    }
}
