//! The mobility, threat and king-attack pass of [`super::terms`] on square sets, for
//! boards of at most 128 squares ([`BitRays`]): each piece's reach is one set, and
//! what the ray walk counts square by square is counted on sets. It gives the walk's
//! every figure exactly (a test holds the two side by side); it is the walk less the
//! walking, which was a third of a 4D search's instructions.

use super::bit_rays::{BitRays, from_words, has, one};
use super::terms::{CHECK_KINDS, MAX_CHECKS, PawnView, Tally};
use super::{Evaluator, MAX_WORDS};
use chess4d_core::{BitSet, Color, Piece, PieceKind, Position};

/// Per side, what the walk's square flags say, as sets.
#[derive(Clone, Copy)]
struct Attacks<B> {
    /// Squares its pawns attack.
    pawns: B,
    /// Its king's neighbourhood (where that king attacks).
    zone: B,
    /// Men its pieces reach: attacked or defended.
    men: B,
    /// Empty squares its pieces reach.
    empty: B,
}

impl<B: BitSet> Attacks<B> {
    /// Every way the side attacks a man.
    fn any(&self) -> B {
        self.pawns | self.zone | self.men
    }
}

/// Per side, the squares from which each kind of its pieces would check the enemy
/// king, worked out for the kinds it has as the pass meets them.
struct CheckSquares<B> {
    kinds: [u8; CHECK_KINDS],
    sets: [B; CHECK_KINDS],
    len: usize,
}

/// Bits of a count of checks from one square: the walk keeps at most [`MAX_CHECKS`].
const COUNT_BITS: usize = 7;
const _: () = assert!(MAX_CHECKS < 1 << COUNT_BITS);

/// Empty squares from which a piece could check, as the walk lists them (a square once
/// per piece that checks from it, at most [`MAX_CHECKS`] in all): per side and square
/// the count, kept as bit planes (`planes[c][k]` holds the squares whose count has bit
/// `k`), so that the checks from any set of squares are counted by a few popcounts.
struct Checks<B> {
    planes: [[B; COUNT_BITS]; 2],
    squares: usize,
}

impl<B: BitSet> Checks<B> {
    fn new() -> Checks<B> {
        Checks {
            planes: [[B::ZERO; COUNT_BITS]; 2],
            squares: 0,
        }
    }

    /// Counts each square of `set` once more for side `c`.
    fn add(&mut self, c: usize, set: B) {
        let mut carry = set;
        for plane in &mut self.planes[c] {
            let was = *plane;
            *plane = (was | carry) & !(was & carry);
            carry &= was;
            if carry == B::ZERO {
                break;
            }
        }
        self.squares += set.count() as usize;
    }

    /// How many of side `c`'s checks come from the squares of `set`.
    fn count_in(&self, c: usize, set: B) -> i32 {
        if self.squares == 0 {
            return 0;
        }
        let planes = self.planes[c].iter().enumerate();
        planes.map(|(k, &p)| ((p & set).count() << k) as i32).sum()
    }
}

impl Evaluator {
    /// [`Evaluator::positional_with`]'s pass over the pieces on square sets.
    #[allow(clippy::too_many_arguments)] // the pass's inputs, as the walk has them
    pub(super) fn positional_bits<B: BitSet>(
        &self,
        pos: &Position,
        pawns: &[[u64; MAX_WORDS]; 2],
        pieces: &[(u16, u16)],
        info: &PawnView,
        bits: &BitRays<B>,
        (zones, zone_len): ([Option<&[u64]>; 2], [i32; 2]),
        mut t: [Tally; 2],
    ) -> (i32, i32) {
        let board = pos.board();
        let side = [Color::White, Color::Black].map(|c| B::narrow(pos.occupancy(c)));
        let occupied = side[0] | side[1];
        let mut a = [0, 1].map(|c| Attacks {
            pawns: from_words::<B>(info.attacks[c]),
            zone: zones[c].map_or(B::ZERO, from_words::<B>),
            men: B::ZERO,
            empty: B::ZERO,
        });
        let mut halves = [0u8; 2];
        // Per side, the squares of its pieces (not pawns or royals).
        let mut own = [B::ZERO; 2];
        let kings = [pos.king(Color::White), pos.king(Color::Black)];
        let mut check_squares = [(); 2].map(|_| CheckSquares {
            kinds: [0; CHECK_KINDS],
            sets: [B::ZERO; CHECK_KINDS],
            len: 0,
        });
        let mut checks = Checks::new();
        for &(sq, code) in pieces {
            let Some(p) = u8::try_from(code).ok().and_then(Piece::from_code) else {
                continue;
            };
            let (c, k, sq) = (p.color().index(), p.kind().index(), sq as usize);
            own[c] |= one::<B>(sq);
            let defended = has(a[c].pawns, sq);
            self.placement_terms(c, k, sq, pawns, defended, &mut halves, &mut t[c]);
            let reach = bits.reach(code as usize, sq, occupied);
            let (men, empty) = (reach & occupied, reach & !occupied);
            let enemies = reach & side[1 - c];
            a[c].men |= men;
            a[c].empty |= empty;
            let hits = (reach & a[1 - c].zone).count() as i32;
            let moves = (empty & !a[1 - c].pawns).count() + enemies.count();
            let mut threatened = enemies;
            while threatened != B::ZERO {
                let to = threatened.lowest() as usize;
                threatened = threatened.without_lowest();
                if let Some(q) = board.get(to).copied().flatten() {
                    let (mg, eg) = self.lesser_threat(k, q.kind().index());
                    t[c].mg += mg;
                    t[c].eg += eg;
                }
            }
            if let Some(king) = kings[1 - c].filter(|_| self.safe_checks) {
                let from = self.check_set_bits(
                    &mut check_squares[c],
                    bits,
                    k,
                    1 - c,
                    king.index(),
                    occupied,
                );
                if let Some(from) = from {
                    self.add_checks(&mut checks, code as usize, sq, empty & from, c);
                }
            }
            self.mobility_terms(c, k, moves as i32, hits, zone_len[1 - c], &mut t);
        }
        for c in 0..2 {
            let guard = a[1 - c].any() | a[1 - c].empty;
            let unguarded = checks.count_in(c, !guard);
            t[1 - c].mg += unguarded * self.w.safe_check_mg;
            t[1 - c].eg += unguarded * self.w.safe_check_eg;
        }
        let threats =
            [0, 1].map(|c| self.threats_bits(c, &a, board, own[c], from_words::<B>(&pawns[c])));
        self.closing_terms(pos, pawns, halves, threats, t)
    }

    /// The squares from which a piece of kind `k` checks the king of side `defender`
    /// on `king` (worked out on first use), or `None` when the slots are full: as
    /// the walk's `check_set`, the reach of the same kind in the defender's colour
    /// standing on the king, less the men.
    fn check_set_bits<B: BitSet>(
        &self,
        cs: &mut CheckSquares<B>,
        bits: &BitRays<B>,
        k: usize,
        defender: usize,
        king: usize,
        occupied: B,
    ) -> Option<B> {
        if let Some(i) = cs.kinds[..cs.len].iter().position(|&x| x as usize == k) {
            return Some(cs.sets[i]);
        }
        if cs.len == CHECK_KINDS || k >= u8::MAX as usize {
            return None;
        }
        let color = Color::ALL[defender & 1];
        let code = Piece::new(PieceKind(k as u8), color).code() as usize;
        let set = bits.reach(code, king, occupied) & !occupied;
        cs.kinds[cs.len] = k as u8;
        cs.sets[cs.len] = set;
        cs.len += 1;
        Some(set)
    }

    /// Adds side `c`'s checking squares `set` of the piece `code` on `sq`. The walk
    /// keeps the first [`MAX_CHECKS`] it meets: where this piece's would pass that, it
    /// keeps those its rays reach first, in the walk's order.
    fn add_checks<B: BitSet>(
        &self,
        checks: &mut Checks<B>,
        code: usize,
        sq: usize,
        set: B,
        c: usize,
    ) {
        if set == B::ZERO || checks.squares >= MAX_CHECKS {
            return;
        }
        let count = set.count() as usize;
        let room = MAX_CHECKS - checks.squares;
        let kept = if count <= room {
            set
        } else {
            self.rays
                .steps(code, self.squares, sq)
                .iter()
                .map(|s| usize::from(s.to))
                .filter(|&to| has(set, to))
                .take(room)
                .fold(B::ZERO, |m, to| m | one::<B>(to))
        };
        checks.add(c, kept);
    }

    /// The threats against side `c`'s men once every attack is known: its `pieces`
    /// attacked by a pawn, and men attacked and defended by nothing.
    fn threats_bits<B: BitSet>(
        &self,
        c: usize,
        a: &[Attacks<B>; 2],
        board: &[Option<Piece>],
        pieces: B,
        pawns: B,
    ) -> (i32, i32) {
        let w = &self.w;
        let (enemy, own) = (a[1 - c].any(), a[c].any());
        let (mut mg, mut eg) = (0, 0);
        let mut attacked = pieces & a[1 - c].pawns;
        while attacked != B::ZERO {
            let sq = attacked.lowest() as usize;
            attacked = attacked.without_lowest();
            if let Some(p) = board.get(sq).copied().flatten() {
                let v = self.kinds[p.kind().index()].value;
                mg += v * w.threat_pawn_mg / 100;
                eg += v * w.threat_pawn_eg / 100;
            }
        }
        let hanging = (pieces & enemy & !own).count() as i32;
        let hanging_pawns = (pawns & enemy & !own).count() as i32;
        mg += hanging * w.hanging_mg + hanging_pawns * w.hanging_pawn_mg;
        eg += hanging * w.hanging_eg + hanging_pawns * w.hanging_pawn_eg;
        (mg, eg)
    }
}
