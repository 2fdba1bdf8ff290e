//! The counting path's per-square entries in the board's own word (`u64` on boards of
//! up to 64 squares, `u128` up to 128), packed for the hot loops of `count.rs`.
//!
//! Perft's last ply visits every piece of both sides once per position, so what each
//! visit reads is what the count costs: here one entry of 32 bytes (on `u64`) holds
//! everything the loops ask of a piece on a square (its attack masks, whether its
//! moves are counted by masks, as a pawn, or listed, and whether it is royal), and its
//! long lines are one run of masks, those whose first blocker is the lowest bit first,
//! so that each walk is a loop without a branch on its direction.

use super::pawn_set::PawnSet;
use crate::table::bitset::BitSet;

/// The piece's moves are listed by the ordinary generator and counted.
pub(in crate::table) const LISTED: u8 = 0;
/// Every line moves and captures and walks by bits: its moves are its attacks.
pub(in crate::table) const MASKED: u8 = 1;
/// A pawn counted by its [`LeanPawn`] masks.
pub(in crate::table) const PAWN: u8 = 2;
/// A pawn counted by `pawn_masks.rs` or line by line (a promotion on the way, a line
/// longer than one square, two double steps).
pub(in crate::table) const PAWN_SLOW: u8 = 3;

/// One piece on one square, as the count reads it.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::table) struct Lean<B> {
    /// The squares its capturing lines of one square attack.
    pub(in crate::table) leaps: B,
    /// Every square it may attack on an empty board.
    pub(in crate::table) reach: B,
    /// The squares of its capturing lines of two squares or more (on an empty board).
    pub(in crate::table) lines: B,
    /// Its long capturing lines: `long..long + nlong` in [`LeanTables::long`], the
    /// first `nup` walked up (first blocker the lowest bit), the rest down.
    pub(in crate::table) long: u32,
    pub(in crate::table) nup: u8,
    pub(in crate::table) nlong: u8,
    /// Whether its attacks are masks (else the count is not taken at all).
    pub(in crate::table) attacks: bool,
    /// How its moves are counted: [`LISTED`], [`MASKED`], [`PAWN`] or [`PAWN_SLOW`].
    pub(in crate::table) moves: u8,
    /// Whether it is royal (its moves are judged against the attack set).
    pub(in crate::table) royal: bool,
}

/// The entries by `code * squares + square`, and the long lines' masks.
#[derive(Clone, Debug, Default)]
pub(in crate::table) struct LeanTables<B> {
    pub(in crate::table) entries: Vec<Lean<B>>,
    pub(in crate::table) long: Vec<B>,
    /// By the same index: a pawn's masks where its moves are [`PAWN`] (default
    /// elsewhere).
    pub(in crate::table) pawns: Vec<LeanPawn<B>>,
    /// By colour: the pawns counted as one set.
    pub(in crate::table) pawn_sets: [PawnSet<B>; 2],
    /// By the same index, for a royal piece: the squares whose enemy pieces the
    /// attack set must visit (`near_tables` in `count.rs`).
    pub(in crate::table) near: Vec<B>,
}

/// A pawn on one square whose lines are all one square long, with at most one push
/// that may double and no promotion within reach: its moves are three popcounts and
/// the double step's.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::table) struct LeanPawn<B> {
    pub(in crate::table) captures: B,
    pub(in crate::table) pushes: B,
    pub(in crate::table) both: B,
    /// The push that may double (empty if none) and the squares beyond it.
    pub(in crate::table) double: B,
    pub(in crate::table) beyond: B,
    pub(in crate::table) beyond_down: bool,
}

impl<B: BitSet> LeanPawn<B> {
    /// Its moves on a board occupied as `occ` (`own` the mover's) landing on
    /// `allowed`; `None` where it may take en passant on `ep` (then it is listed, for
    /// the test of the board after).
    #[inline(always)]
    pub(in crate::table) fn count(&self, occ: B, own: B, ep: B, allowed: B) -> Option<u64> {
        if self.captures & ep != B::ZERO {
            return None;
        }
        let enemies = occ & !own;
        let n = (self.captures & enemies & allowed).count()
            + (self.pushes & !occ & allowed).count()
            + (self.both & !own & allowed).count()
            + (self.double_step(occ) & allowed).count();
        Some(u64::from(n))
    }

    /// Where its double step lands on a board occupied as `occ` (empty where it has
    /// none: both masks are empty then, or where the push is blocked).
    #[inline(always)]
    fn double_step(&self, occ: B) -> B {
        if self.double & occ != B::ZERO {
            return B::ZERO;
        }
        let blockers = occ & self.beyond;
        let reach = if self.beyond_down {
            blockers.up_from_highest()
        } else {
            blockers.through_lowest()
        };
        self.beyond & reach & !occ
    }
}

impl<B: BitSet> LeanPawn<B> {
    /// Where its moves land on a board occupied as `occ` (`own` the mover's), line by
    /// line as [`LeanPawn::count`] counts them (a square in two sets is two moves);
    /// `None` where it may take en passant on `ep`.
    #[inline(always)]
    pub(in crate::table) fn landings(&self, occ: B, own: B, ep: B) -> Option<[B; 4]> {
        if self.captures & ep != B::ZERO {
            return None;
        }
        Some([
            self.captures & occ & !own,
            self.pushes & !occ,
            self.both & !own,
            self.double_step(occ),
        ])
    }
}

impl<B: BitSet> LeanTables<B> {
    /// The squares the piece of `e` attacks on a board occupied as `occ`: its leaps
    /// and each long line up to and including its first blocker.
    #[inline(always)]
    pub(in crate::table) fn attacks(&self, e: &Lean<B>, occ: B) -> Option<B> {
        let start = e.long as usize;
        let lines = self.long.get(start..start + e.nlong as usize)?;
        let (up, down) = lines.split_at_checked(e.nup as usize)?;
        let mut set = e.leaps;
        for &m in up {
            set |= m & (occ & m).through_lowest();
        }
        for &m in down {
            set |= m & (occ & m).up_from_highest();
        }
        Some(set)
    }
}

/// The tables of the width `Self`, chosen at compile time in the generic count.
pub(in crate::table) trait Width: BitSet {
    fn tables(lean: &LeanPair) -> &LeanTables<Self>;
}

/// The tables of both widths; only the one that fits the board is filled.
#[derive(Clone, Debug, Default)]
pub(in crate::table) struct LeanPair {
    pub(in crate::table) narrow: LeanTables<u64>,
    pub(in crate::table) wide: LeanTables<u128>,
}

impl Width for u64 {
    #[inline(always)]
    fn tables(lean: &LeanPair) -> &LeanTables<u64> {
        &lean.narrow
    }
}

impl Width for u128 {
    #[inline(always)]
    fn tables(lean: &LeanPair) -> &LeanTables<u128> {
        &lean.wide
    }
}

/// One entry as built from the `u128` tables: the attack masks, the long lines as
/// `(mask, walked down)`, and how the moves are counted.
pub(in crate::table) struct Source<'a> {
    pub(in crate::table) code: u8,
    pub(in crate::table) leaps: u128,
    pub(in crate::table) reach: u128,
    pub(in crate::table) lines: u128,
    pub(in crate::table) long: &'a [(u128, bool)],
    pub(in crate::table) attacks: bool,
    pub(in crate::table) moves: u8,
    pub(in crate::table) royal: bool,
    /// Where `moves` is [`PAWN`]: its masks, and the double step's walk.
    pub(in crate::table) pawn: LeanPawn<u128>,
}

impl<B: BitSet> LeanTables<B> {
    /// Appends one entry (in `code * squares + square` order), a pawn of `color` on
    /// square `sq` to its colour's set where its lines allow.
    pub(in crate::table) fn push(&mut self, s: Source, color: usize, sq: u32) {
        if s.moves == PAWN
            && !s.royal
            && let Some(set) = self.pawn_sets.get_mut(color)
        {
            set.add(s.code, sq, &s.pawn);
        }
        let p = s.pawn;
        self.pawns.push(LeanPawn {
            captures: B::narrow(p.captures),
            pushes: B::narrow(p.pushes),
            both: B::narrow(p.both),
            double: B::narrow(p.double),
            beyond: B::narrow(p.beyond),
            beyond_down: p.beyond_down,
        });
        let start = self.long.len() as u32;
        let ups = s.long.iter().filter(|l| !l.1);
        let downs = s.long.iter().filter(|l| l.1);
        self.long.extend(ups.clone().map(|l| B::narrow(l.0)));
        self.long.extend(downs.map(|l| B::narrow(l.0)));
        // An entry with more lines than a byte holds cannot be walked here.
        let fits = s.long.len() <= usize::from(u8::MAX);
        self.entries.push(Lean {
            leaps: B::narrow(s.leaps),
            reach: B::narrow(s.reach),
            lines: B::narrow(s.lines),
            long: start,
            nup: ups.count().min(255) as u8,
            nlong: s.long.len().min(255) as u8,
            attacks: s.attacks && fits,
            moves: if fits { s.moves } else { LISTED },
            royal: s.royal,
        });
    }
}
