//! The positional terms over the learned geometry: pawn structure and passed pawns,
//! mobility, and king safety. Everything is from White's view, middlegame and endgame
//! apart.

use super::bit_rays::BoardRays;
use super::geometry::{PawnGeometry, common, holds, meets};
use super::pawn_cache::{self, CACHED_WORDS, PawnInfo, Set};
use super::{Evaluator, GEOMETRY_SQUARES, MAX_WORDS, chebyshev};
use chess4d_core::{Color, Piece, Position};

/// Square flags for the ray walk: attacked by White's pawns (Black's: shifted by one).
const PAWN_ATTACK: u8 = 1;
/// Square flags: in White's king neighbourhood (Black's: shifted by one), which is
/// also where that king attacks.
const KING_ZONE: u8 = 4;
/// Square flags: an occupied square that a White piece's ray reaches (Black's: shifted
/// by one): attacked or defended by a piece.
const PIECE_ATTACK: u8 = 16;
/// Square flags: every way a side attacks a square (shift by the side's index).
const ANY_ATTACK: u8 = PAWN_ATTACK | KING_ZONE | PIECE_ATTACK;
/// Square flags: an empty square a White piece's ray reaches (Black's: shifted by one).
const REACH: u8 = 64;

/// The most piece kinds per side whose checking squares are worked out per position.
pub(super) const CHECK_KINDS: usize = 8;
/// The most possible checks remembered per position, as (square, side): u16 both, so
/// that the list has no padding and starts zeroed at the cost of a memset.
pub(super) const MAX_CHECKS: usize = 64;

/// Per side: the squares from which each kind of its pieces would check the enemy
/// king, worked out for the kinds it has as the walk meets them.
struct CheckSquares {
    kinds: [u8; CHECK_KINDS],
    sets: [Set; CHECK_KINDS],
    len: usize,
}

/// Attack units (quarters) beyond this add no danger (a king cannot be more than lost).
const MAX_UNITS: i32 = 192;

/// Per side: middlegame and endgame sums, and the attacks on its king.
#[derive(Default, Clone, Copy)]
pub(super) struct Tally {
    pub(super) mg: i32,
    pub(super) eg: i32,
    /// Pieces of the other side that reach this side's king neighbourhood.
    pub(super) attackers: i32,
    /// Their weighted number of squares reached there.
    pub(super) units: i32,
}

/// The pawns' own terms as [`Evaluator::positional_with`] reads them, whatever the
/// size of the sets they were worked out in.
pub(super) struct PawnView<'a> {
    pub(super) terms: [(i32, i32); 2],
    pub(super) attacks: [&'a [u64]; 2],
    pub(super) passed: [&'a [u64]; 2],
}

impl<'a> PawnView<'a> {
    fn of<const W: usize>(info: &'a PawnInfo<W>) -> PawnView<'a> {
        PawnView {
            terms: info.terms,
            attacks: [&info.attacks[0], &info.attacks[1]],
            passed: [&info.passed[0], &info.passed[1]],
        }
    }
}

/// Calls `f` with every square in a set.
#[inline]
fn each(set: &[u64], mut f: impl FnMut(usize)) {
    for (w, &word) in set.iter().enumerate() {
        let mut b = word;
        while b != 0 {
            f(w * 64 + b.trailing_zeros() as usize);
            b &= b - 1;
        }
    }
}

impl Evaluator {
    /// Pawn structure, mobility and king safety: (middlegame, endgame) for White.
    pub(super) fn positional(
        &self,
        pos: &Position,
        pawns: &[Set; 2],
        pieces: &[(u16, u16)],
    ) -> (i32, i32) {
        if self.words <= CACHED_WORDS {
            let info = pawn_cache::lookup(self.id, pawns, self.words, || self.pawn_info(pawns));
            self.positional_with(pos, pawns, pieces, PawnView::of(&info))
        } else {
            let info = self.pawn_info::<MAX_WORDS>(pawns);
            self.positional_with(pos, pawns, pieces, PawnView::of(&info))
        }
    }

    /// [`Evaluator::positional`] once the pawns' own terms are known.
    fn positional_with(
        &self,
        pos: &Position,
        pawns: &[Set; 2],
        pieces: &[(u16, u16)],
        info: PawnView,
    ) -> (i32, i32) {
        let mut t = self.pawn_tallies(pos, &info);
        let (zones, zone_len) = self.king_zones(pos);
        match &self.bit_rays {
            Some(BoardRays::Narrow(bits)) => {
                return self.positional_bits(pos, pawns, pieces, &info, bits, (zones, zone_len), t);
            }
            Some(BoardRays::Wide(bits)) => {
                return self.positional_bits(pos, pawns, pieces, &info, bits, (zones, zone_len), t);
            }
            None => {}
        }
        let (words, n) = (self.words, self.squares);
        let pawn_attacks = &info.attacks;
        // Both cut to the board's length, so that one bounds check serves the two.
        let board = &pos.board()[..n];
        // One byte per square says what the ray walk asks of it: in which king's
        // neighbourhood it lies and which side's pawns attack it.
        let mut flag_store = [0u8; GEOMETRY_SQUARES];
        let flags = &mut flag_store[..n];
        for c in 0..2 {
            each(&pawn_attacks[c][..words], |sq| {
                flags[sq] |= PAWN_ATTACK << c
            });
            if let Some(z) = zones[c] {
                each(z, |sq| flags[sq] |= KING_ZONE << c);
            }
        }
        // Per side: which halves of the board its half-bound pieces stand on.
        let mut halves = [0u8; 2];
        let kings = [pos.king(Color::White), pos.king(Color::Black)];
        let mut check_squares = [(); 2].map(|_| CheckSquares {
            kinds: [u8::MAX; CHECK_KINDS],
            sets: [[0; MAX_WORDS]; CHECK_KINDS],
            len: 0,
        });
        // Empty squares from which a piece could check the enemy king: (square, side).
        let mut checks = [(0u16, 0u16); MAX_CHECKS];
        let mut check_count = 0;
        for &(sq, code) in pieces {
            let Some(p) = u8::try_from(code).ok().and_then(Piece::from_code) else {
                continue;
            };
            let c = p.color().index();
            let k = p.kind().index();
            let defended = flags[sq as usize] & (PAWN_ATTACK << c) != 0;
            self.placement_terms(c, k, sq as usize, pawns, defended, &mut halves, &mut t[c]);
            let (unsafe_bit, zone_bit) = (PAWN_ATTACK << (1 - c), KING_ZONE << (1 - c));
            // (Beyond two axes the weights are 0: the squares are not worked out.)
            let checking = kings[1 - c].filter(|_| self.safe_checks).and_then(|king| {
                self.check_set(&mut check_squares[c], k, 1 - c, king.index(), board)
            });
            let (mut moves, mut hits) = (0i32, 0i32);
            let steps = self.rays.steps(code as usize, n, sq as usize);
            if self.kinds[k].hopper {
                let (m, h) = self.hopper_walk(c, k, steps, board, flags, zone_bit, &mut t[c]);
                (moves, hits) = (m, h);
            }
            let mut i = if self.kinds[k].hopper { steps.len() } else { 0 };
            while let Some(&step) = steps.get(i) {
                let to = step.to as usize;
                let f = flags[to];
                hits += (f & zone_bit != 0) as i32;
                i += 1;
                match board[to] {
                    None => {
                        moves += (f & unsafe_bit == 0) as i32;
                        flags[to] |= REACH << c;
                        if let Some(set) = checking
                            && holds(&check_squares[c].sets[set], to)
                            && check_count < MAX_CHECKS
                        {
                            checks[check_count] = (to as u16, c as u16);
                            check_count += 1;
                        }
                    }
                    Some(q) => {
                        flags[to] |= PIECE_ATTACK << c;
                        if q.color() != p.color() {
                            moves += 1;
                            let (mg, eg) = self.lesser_threat(k, q.kind().index());
                            t[c].mg += mg;
                            t[c].eg += eg;
                        }
                        // The rest of this ray lies behind it.
                        i += step.rest as usize;
                    }
                }
            }
            self.mobility_terms(c, k, moves, hits, zone_len[1 - c], &mut t);
        }
        self.unguarded_checks(flags, &checks[..check_count], &mut t);
        let threats = [0, 1].map(|c| self.threats(c, flags, pawns, pieces));
        self.closing_terms(pos, pawns, halves, threats, t)
    }

    /// Per side, the pawns' own terms and the passed pawns' bonuses.
    fn pawn_tallies(&self, pos: &Position, info: &PawnView) -> [Tally; 2] {
        let mut t = [Tally::default(); 2];
        for (c, color) in Color::ALL.into_iter().enumerate() {
            t[c].mg += info.terms[c].0;
            t[c].eg += info.terms[c].1;
            // Without a pawn kind (xiangqi's soldiers do not promote) there is no pawn
            // structure, but mobility, threats and the attack on the king still count.
            let Some(g) = self.pawns.as_ref() else {
                continue;
            };
            each(&info.passed[c][..self.words], |sq| {
                let (mg, eg) = self.passed_terms(pos, g, color, sq);
                t[c].mg += mg;
                t[c].eg += eg;
            });
        }
        t
    }

    /// Per side, its king's neighbourhood (where there is a king and zones are
    /// learnt) and how many squares it has (9 where there is none).
    #[allow(clippy::type_complexity)] // two arrays that are read side by side
    pub(super) fn king_zones(&self, pos: &Position) -> ([Option<&[u64]>; 2], [i32; 2]) {
        let zones = [Color::White, Color::Black].map(|c| {
            pos.king(c)
                .zip(self.zones.as_ref())
                .map(|(k, z)| z.get(k.index()))
        });
        // A king's neighbourhood is 9 squares on a 2D board and up to 81 in 4D: hits
        // count per 9 squares of it, so danger means the same on every board.
        let zone_len = zones.map(|z| {
            z.map_or(9, |z| {
                z.iter().map(|w| w.count_ones() as i32).sum::<i32>().max(1)
            })
        });
        (zones, zone_len)
    }

    /// The terms of side `c`'s piece of kind `k` on `sq` that do not follow from its
    /// moves: an open line, which half of the board a bound piece stands on, an
    /// outpost (`defended`: one of its pawns attacks the square).
    #[allow(clippy::too_many_arguments)] // the piece, its square's facts and its tallies
    #[inline(always)]
    pub(super) fn placement_terms(
        &self,
        c: usize,
        k: usize,
        sq: usize,
        pawns: &[Set; 2],
        defended: bool,
        halves: &mut [u8; 2],
        t: &mut Tally,
    ) {
        if self.kinds[k].line_slider {
            let (mg, eg) = self.line_terms(c, sq, pawns);
            t.mg += mg;
            t.eg += eg;
        }
        if self.kinds[k].bound {
            halves[c] |= 1 << self.region[k * self.squares + sq];
        }
        if self.kinds[k].outpost && defended && self.outpost(c, sq, &pawns[1 - c]) {
            t.mg += self.w.outpost_mg;
            t.eg += self.w.outpost_eg;
        }
    }

    /// Side `c`'s piece of kind `k` with `moves` safe moves and `hits` squares reached
    /// in the enemy king's neighbourhood (`zone_len` squares): its mobility, and its
    /// part in the attack on that king.
    #[inline]
    pub(super) fn mobility_terms(
        &self,
        c: usize,
        k: usize,
        moves: i32,
        hits: i32,
        zone_len: i32,
        t: &mut [Tally; 2],
    ) {
        let mob = (moves - self.kinds[k].mobility_mean) * self.kinds[k].mobility_scale;
        let [wmg, weg] = self.kinds[k].mobility;
        t[c].mg += mob * wmg / 64;
        t[c].eg += mob * weg / 64;
        if hits > 0 {
            t[1 - c].attackers += 1;
            let hits = (hits * 9 + zone_len / 2) / zone_len;
            t[1 - c].units += hits.min(4) * self.kinds[k].attack_weight;
        }
    }

    /// The terms read once every attack is known: the bound pieces' pair, `threats`
    /// (against each side), king safety; then the sum, White's less Black's.
    pub(super) fn closing_terms(
        &self,
        pos: &Position,
        pawns: &[Set; 2],
        halves: [u8; 2],
        threats: [(i32, i32); 2],
        mut t: [Tally; 2],
    ) -> (i32, i32) {
        for (c, color) in Color::ALL.into_iter().enumerate() {
            if halves[c] == 3 {
                t[c].mg += self.w.pair_mg;
                t[c].eg += self.w.pair_eg;
            }
            let (mg, eg) = threats[c];
            t[1 - c].mg += mg;
            t[1 - c].eg += eg;
            if let Some(k) = pos.king(color) {
                let (mg, eg) = self.king_terms(color, k.index(), &pawns[c][..self.words], &t[c]);
                t[c].mg += mg;
                t[c].eg += eg;
            }
        }
        (t[0].mg - t[1].mg, t[0].eg - t[1].eg)
    }

    /// The ray walk of a piece that captures by hopping (a xiangqi cannon): up to the
    /// first piece on a ray (the screen) it only moves; beyond it, it attacks every
    /// square up to and including the next piece. Its (moves, king-zone hits).
    #[allow(clippy::too_many_arguments)] // the ray walk's state, as the plain walk has it
    fn hopper_walk(
        &self,
        c: usize,
        k: usize,
        steps: &[super::geometry::Step],
        board: &[Option<Piece>],
        flags: &mut [u8],
        zone_bit: u8,
        t: &mut Tally,
    ) -> (i32, i32) {
        let unsafe_bit = PAWN_ATTACK << (1 - c);
        let (mut moves, mut hits) = (0i32, 0i32);
        let mut screened = false;
        let mut i = 0;
        while let Some(&step) = steps.get(i) {
            let to = step.to as usize;
            let f = flags[to];
            i += 1;
            match (board[to], screened) {
                (None, false) => moves += (f & unsafe_bit == 0) as i32,
                (Some(_), false) => screened = true,
                (None, true) => {
                    hits += (f & zone_bit != 0) as i32;
                    flags[to] |= REACH << c;
                }
                (Some(q), true) => {
                    hits += (f & zone_bit != 0) as i32;
                    flags[to] |= PIECE_ATTACK << c;
                    if q.color().index() != c {
                        moves += 1;
                        let (mg, eg) = self.lesser_threat(k, q.kind().index());
                        t.mg += mg;
                        t.eg += eg;
                    }
                    i += step.rest as usize;
                    screened = false;
                    continue;
                }
            }
            if step.rest == 0 {
                screened = false;
            }
        }
        (moves, hits)
    }

    /// Charges each king's side for the checks against it from squares it does not
    /// guard, once every attack is known: such a check is a real threat, one the
    /// defence covers is not.
    fn unguarded_checks(&self, flags: &[u8], checks: &[(u16, u16)], t: &mut [Tally; 2]) {
        for &(to, c) in checks {
            let c = c as usize;
            let guard = (ANY_ATTACK | REACH) << (1 - c);
            if flags[to as usize] & guard == 0 {
                t[1 - c].mg += self.w.safe_check_mg;
                t[1 - c].eg += self.w.safe_check_eg;
            }
        }
    }

    /// The slot in `cs` of the squares from which a piece of kind `k` checks the king
    /// of side `defender` on `king` (worked out on first use), or `None` when the
    /// slots are full.
    fn check_set(
        &self,
        cs: &mut CheckSquares,
        k: usize,
        defender: usize,
        king: usize,
        board: &[Option<Piece>],
    ) -> Option<usize> {
        if let Some(i) = cs.kinds[..cs.len].iter().position(|&x| x as usize == k) {
            return Some(i);
        }
        if cs.len == CHECK_KINDS || k >= u8::MAX as usize {
            return None;
        }
        let i = cs.len;
        cs.len += 1;
        cs.kinds[i] = k as u8;
        cs.sets[i] = [0; MAX_WORDS];
        // A piece checks from where the same kind of the defender's colour, standing
        // on the king, would reach: its moves mirrored.
        let color = if defender == 0 {
            Color::White
        } else {
            Color::Black
        };
        let code = Piece::new(chess4d_core::PieceKind(k as u8), color).code() as usize;
        let steps = self.rays.steps(code, self.squares, king);
        // A hopper checks from behind one screen: the empty squares past the first
        // piece on the ray, up to the second.
        let hopper = self.kinds[k].hopper;
        let mut screened = false;
        let mut j = 0;
        while let Some(&step) = steps.get(j) {
            let s = step.to as usize;
            j += 1;
            let last = step.rest == 0;
            match (board[s].is_some(), hopper && !screened) {
                (true, true) => screened = true,
                (true, false) => {
                    j += step.rest as usize;
                    screened = false;
                    continue;
                }
                (false, true) => {}
                (false, false) => cs.sets[i][s / 64] |= 1 << (s % 64),
            }
            if last {
                screened = false;
            }
        }
        Some(i)
    }

    /// The bonus for a piece of kind `attacker` reaching an enemy of kind `victim` that
    /// is worth more (a pawn or royal victim is scored elsewhere).
    #[inline]
    pub(super) fn lesser_threat(&self, attacker: usize, victim: usize) -> (i32, i32) {
        let v = self.kinds.get(victim).map_or(0, |k| k.value);
        if self.kinds.get(victim).is_none_or(|k| k.pawn) || v <= self.kinds[attacker].value {
            return (0, 0);
        }
        (self.w.threat_lesser_mg, self.w.threat_lesser_eg)
    }

    /// A line-sliding piece of side `c` on `sq`: the bonus for an open or half-open
    /// line (no pawn on it at all, or only enemy pawns).
    fn line_terms(&self, c: usize, sq: usize, pawns: &[Set; 2]) -> (i32, i32) {
        let Some(g) = self.pawns.as_ref() else {
            return (0, 0);
        };
        let n = self.squares;
        let (ahead, behind) = (g.front_line.get(sq), g.front_line.get(n + sq));
        let on_line = |set: &Set| meets(ahead, set) || meets(behind, set);
        if on_line(&pawns[c]) {
            (0, 0)
        } else if on_line(&pawns[1 - c]) {
            (self.w.line_half_mg, self.w.line_half_eg)
        } else {
            (self.w.line_open_mg, self.w.line_open_eg)
        }
    }

    /// Whether `sq` lies in the enemy half for side `c` and no pawn of `enemy` on a
    /// neighbouring line ahead can ever come to attack it.
    fn outpost(&self, c: usize, sq: usize, enemy: &Set) -> bool {
        let Some(g) = self.pawns.as_ref() else {
            return false;
        };
        let color = if c == 0 { Color::White } else { Color::Black };
        if g.progress(color, self.squares, sq).is_none_or(|p| p < 400) {
            return false;
        }
        let set = c * self.squares + sq;
        let (span, line) = (g.passed_span.get(set), g.front_line.get(set));
        !span
            .iter()
            .zip(line)
            .zip(enemy)
            .any(|((s, l), e)| s & !l & e != 0)
    }

    /// The threats against side `c`'s men once every attack is known (for the other
    /// side): pieces attacked by a pawn, and men attacked and defended by nothing.
    fn threats(
        &self,
        c: usize,
        flags: &[u8],
        pawns: &[Set; 2],
        pieces: &[(u16, u16)],
    ) -> (i32, i32) {
        let w = &self.w;
        let (enemy, own) = (ANY_ATTACK << (1 - c), ANY_ATTACK << c);
        let (mut mg, mut eg) = (0, 0);
        let mut hanging = 0;
        for &(sq, code) in pieces {
            let Some(p) = u8::try_from(code).ok().and_then(Piece::from_code) else {
                continue;
            };
            if p.color().index() != c {
                continue;
            }
            let f = flags[sq as usize];
            if f & (PAWN_ATTACK << (1 - c)) != 0 {
                let v = self.kinds[p.kind().index()].value;
                mg += v * w.threat_pawn_mg / 100;
                eg += v * w.threat_pawn_eg / 100;
            }
            hanging += (f & enemy != 0 && f & own == 0) as i32;
        }
        let mut hanging_pawns = 0;
        each(&pawns[c][..self.words], |sq| {
            let f = flags[sq];
            hanging_pawns += (f & enemy != 0 && f & own == 0) as i32;
        });
        mg += hanging * w.hanging_mg + hanging_pawns * w.hanging_pawn_mg;
        eg += hanging * w.hanging_eg + hanging_pawns * w.hanging_pawn_eg;
        (mg, eg)
    }

    /// What the pawn sets alone decide: per side the structure terms, the squares its
    /// pawns attack and which of its pawns are passed.
    fn pawn_info<const W: usize>(&self, pawns: &[Set; 2]) -> PawnInfo<W> {
        let mut info = PawnInfo::new();
        let Some(g) = self.pawns.as_ref() else {
            return info;
        };
        let (words, n) = (self.words, self.squares);
        for (c, color) in Color::ALL.into_iter().enumerate() {
            let own = &pawns[c][..words];
            let enemy = &pawns[1 - c][..words];
            let (mut mg, mut eg) = (0, 0);
            each(own, |sq| {
                let set = c * n + sq;
                for (a, b) in info.attacks[c].iter_mut().zip(g.attacks.get(set)) {
                    *a |= b;
                }
                let (m, e) = self.pawn_terms(g, color, sq, own);
                mg += m;
                eg += e;
                if !meets(g.passed_span.get(set), enemy) {
                    info.passed[c][sq / 64] |= 1 << (sq % 64);
                }
            });
            info.terms[c] = (mg, eg);
        }
        info
    }

    /// One pawn's structure terms: doubled, isolated, supported, side by side.
    fn pawn_terms(&self, g: &PawnGeometry, color: Color, sq: usize, own: &[u64]) -> (i32, i32) {
        let w = &self.w;
        let set = color.index() * self.squares + sq;
        let (mut mg, mut eg) = (0, 0);
        if meets(g.front_line.get(set), own) {
            mg += w.doubled_mg;
            eg += w.doubled_eg;
        }
        if !meets(g.neighbour_lines.get(set), own) {
            mg += w.isolated_mg;
            eg += w.isolated_eg;
        }
        if meets(g.defenders.get(set), own) {
            mg += w.supported_mg;
            eg += w.supported_eg;
        }
        if (w.phalanx_mg, w.phalanx_eg) != (0, 0)
            && g.lateral[sq]
                .iter()
                .any(|&s| s as usize != sq && holds(own, s as usize))
        {
            mg += w.phalanx_mg;
            eg += w.phalanx_eg;
        }
        (mg, eg)
    }

    /// A passed pawn's bonus: more the nearer it is to promotion and the nearer its
    /// own king is (the farther the enemy's), less when something stands in its way.
    fn passed_terms(
        &self,
        pos: &Position,
        g: &PawnGeometry,
        color: Color,
        sq: usize,
    ) -> (i32, i32) {
        let Some(p) = g.progress(color, self.squares, sq) else {
            return (0, 0);
        };
        let w = &self.w;
        let p2 = p * p / 1024;
        // On a short board every pawn is near promotion, and the promotion itself
        // is seen by quiescence: the bonus is for the long road of an 8x8 board
        // (six steps), in proportion on shorter ones.
        let road = (g.max_distance as i32).min(6);
        let mut bmg = w.passed_mg * p2 / 1024 * road / 6;
        let mut beg = (w.passed_base_eg + w.passed_eg * p2 / 1024) * road / 6;
        let here = &self.coords[sq];
        let dist = |c: Color| {
            pos.king(c)
                .map_or(4, |k| chebyshev(&self.coords[k.index()], here))
        };
        beg += (dist(!color) - dist(color)) * w.passed_king_eg * p / 1024;
        let blocked = g
            .next_step(color, self.squares, sq)
            .is_some_and(|s| pos.piece_at(s).is_some());
        if blocked {
            bmg = bmg * (100 - w.passed_blocked) / 100;
            beg = beg * (100 - w.passed_blocked) / 100;
        }
        (bmg, beg)
    }

    /// King safety: the pawn shield, lines into the king without a pawn of its side,
    /// and the attacks on its neighbourhood.
    fn king_terms(&self, color: Color, king: usize, own: &[u64], t: &Tally) -> (i32, i32) {
        let w = &self.w;
        let mut mg = 0;
        // The pawn shield and open lines, where there are pawns.
        if let Some(g) = self.pawns.as_ref() {
            let set = color.index() * self.squares + king;
            mg += common(g.shield.get(set), own).min(3) as i32 * w.shield_mg;
            let lines = &g.lateral[king];
            let base = color.index() * self.squares;
            let open = if let [word] = own {
                // One word (boards of up to 64 squares): a mask a line.
                let open = |&&s: &&u16| g.open_line.first_word(base + s as usize) & word == 0;
                lines.iter().filter(open).count()
            } else {
                let open = |&&s: &&u16| !meets(g.open_line.get(base + s as usize), own);
                lines.iter().filter(open).count()
            } as i32;
            mg += w.open_line_mg * open * 3 / (lines.len() as i32).max(1);
        }
        // Danger grows with the square of the attack: one piece near the king is
        // little, several together are a mating attack.
        let units = t.units.min(MAX_UNITS);
        let mut danger = units * units / 1024;
        if t.attackers < 2 {
            danger /= 4;
        }
        mg += danger * w.king_attack_mg;
        let eg = danger * w.king_attack_eg;
        (mg, eg)
    }
}
