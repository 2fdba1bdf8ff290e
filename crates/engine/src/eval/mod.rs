//! Evaluation from the variant's own piece values and terms derived from its geometry.
//!
//! When a search starts the evaluator learns the board from the rules on an empty
//! board ([`geometry`]): each piece's rays, the lines pawns advance along and how far
//! each square is from promotion, the squares around a king; [`tables`] turns that
//! into what each piece kind is ([`Kind`]) and a per-square table of material and
//! placement. At a leaf it walks the board once for material and per-square terms,
//! then adds pawn structure and passed pawns, mobility, king safety ([`terms`]), and
//! scales the result by what the material can still win ([`material`]). Middlegame
//! and endgame weights are blended by the non-pawn material left; the weights are in
//! [`Weights`]. Where the rules are chess's ([`family`]: by what they are, never by
//! name), corrections fitted to Stockfish's own evaluations ([`squares`]) add what the
//! geometric terms cannot say, and a network trained on them ([`net`]) joins in; where
//! a family's material was fitted to Fairy-Stockfish's evaluations ([`values`]), its
//! corrections join the per-square table.
//! [`kept`] and [`pawn_cache`] are the caches that spare a game relearning.

mod bit_rays;
mod bit_terms;
mod family;
mod geometry;
mod kept;
mod material;
pub mod net;
mod pawn_cache;
pub mod squares;
mod static_eval;
mod tables;
mod terms;
pub mod values;
mod weights;

pub use static_eval::StaticEval;
pub use weights::Weights;

pub(crate) use kept::Kept;

use bit_rays::BoardRays;
use chess4d_core::{Color, Piece, PieceKind, Position, Square};
use geometry::{Masks, PawnGeometry, RayTable};

/// Boards larger than this skip the learned geometry (building it would cost more than
/// it gives on a short search); material and the per-square terms still apply.
const GEOMETRY_SQUARES: usize = 1024;
/// The most u64 words a square set needs on a board with learned geometry.
pub(crate) const MAX_WORDS: usize = GEOMETRY_SQUARES / 64;
/// The most pieces the board walk remembers for the mobility pass, as (square, code):
/// u16 both, so that the list has no padding and starts zeroed at the cost of a memset.
const MAX_PIECES: usize = 256;

/// The bonus per step nearer its goal region for a piece that wins by reaching it.
const GOAL_STEP: i32 = 60;

/// What the evaluation knows of one piece kind, learned from the rules.
#[derive(Clone, Debug, Default)]
pub(crate) struct Kind {
    /// Its value (0 for royal pieces).
    value: i32,
    /// A negative value as the file gives it (the antichess family, where a piece is a
    /// liability: fewer is better), else 0. Only the material tables use it.
    liability: i32,
    royal: bool,
    pawn: bool,
    /// Mobility weight per move (per 16) and the move count it is centred on.
    mobility_scale: i32,
    mobility_mean: i32,
    /// Weight of its attacks on a king's neighbourhood.
    attack_weight: i32,
    /// Whether it captures by hopping over a screen (a xiangqi cannon): its rays
    /// attack what lies behind the first piece they meet.
    hopper: bool,
    /// Whether it reaches enough of the board to mate with its king alone.
    mates_alone: bool,
    /// Whether it slides along the pawns' lines and is not the most valuable kind (a
    /// rook, for the open-line terms).
    line_slider: bool,
    /// Whether a pawn-defended square the enemy pawns cannot reach is an outpost for it
    /// (the minor pieces: neither line sliders nor the most valuable).
    outpost: bool,
    /// Whether it is bound to half the board (a bishop).
    bound: bool,
    /// Its role for the per-role weights (see [`Weights::role`]: 0 minor, 1 bound,
    /// 2 line, 3 major); `None` for pawns and royals.
    role: Option<usize>,
    /// The mobility weight per safe move, middlegame and endgame.
    mobility: [i32; 2],
    /// What one in hand is worth: its value and the family's correction
    /// ([`values`]).
    hand_value: i32,
}

/// A variant's evaluation tables.
pub(crate) struct Evaluator {
    /// Tells this evaluator's entries in the per-thread pawn cache from another's.
    id: u64,
    squares: usize,
    words: usize,
    w: Weights,
    /// Middlegame and endgame material plus per-square terms: `code * squares + sq`.
    table: Vec<[i32; 2]>,
    /// Per piece code (every byte value, so the board walk indexes without a check):
    /// what the walk needs of its kind.
    code_info: Box<[CodeInfo; 256]>,
    /// Per kind (`PieceKind(i)` is `kinds[i]`).
    kinds: Vec<Kind>,
    max_value: i32,
    coords: Vec<[u8; 4]>,
    /// The variant's move limit in plies (0: none).
    move_limit: i32,
    /// 0 in the centre, 100 in a corner: where a lone king is easiest to mate.
    edge: Vec<i32>,
    bare_kings_draw: bool,
    /// Non-pawn material of both sides at the start: the middlegame's full phase.
    phase_total: i32,
    rays: RayTable,
    /// The rays as square sets, where the board has at most 128 squares, every ray runs
    /// straight through the indices and no kind hops: the terms' pass then counts on
    /// sets instead of walking.
    bit_rays: Option<BoardRays>,
    /// Per (kind, square): which half of the board a bound kind stands on.
    region: Vec<u8>,
    pawns: Option<PawnGeometry>,
    zones: Option<Masks>,
    /// Per side and square: 0 at the side's own back rank, 100 at the enemy's.
    forward: [Vec<i32>; 2],
    /// Per side: its castling rights' bits in [`Position::castling_rights`].
    castling: [u32; 2],
    /// Whether checks from unguarded squares are weighed (their weights are not 0).
    safe_checks: bool,
    /// Corrections that follow where the kings stand (the chess family).
    kings: Option<tables::KingTables>,
    /// The network trained on Stockfish's evaluations (the chess family).
    net: Option<net::NetEval>,
}

/// What the board walk needs of a piece code's kind.
#[derive(Clone, Copy)]
struct CodeInfo {
    value: i32,
    /// The piece's colour as an index (0 White, 1 Black).
    side: u8,
    royal: bool,
    pawn: bool,
    mates_alone: bool,
}

impl Default for CodeInfo {
    fn default() -> CodeInfo {
        CodeInfo {
            value: 0,
            side: 0,
            royal: true,
            pawn: false,
            mates_alone: false,
        }
    }
}

/// What [`Evaluator::walk`] gathers, with room for `PIECES` pieces in its list (none
/// where the network alone scores: the list is over a kilobyte to clear).
struct Walk<const PIECES: usize> {
    side: [Side; 2],
    keys: Keys,
    pawn_sets: [[u64; MAX_WORDS]; 2],
    /// The pieces other than pawns and royals, as (square, code): the first `count`.
    pieces: [(u16, u16); PIECES],
    count: usize,
}

impl<const PIECES: usize> Walk<PIECES> {
    #[inline(always)]
    fn empty() -> Walk<PIECES> {
        Walk {
            side: [Side::default(); 2],
            keys: Keys::default(),
            pawn_sets: [[0u64; MAX_WORDS]; 2],
            pieces: [(0u16, 0u16); PIECES],
            count: 0,
        }
    }
}

/// A side's tallies from the board walk.
#[derive(Clone, Copy, Default)]
struct Side {
    mg: i32,
    eg: i32,
    material: i32,
    pieces: i32,
    pawns: i32,
    /// The value of its most valuable single piece (not pawns or royals).
    best_piece: i32,
    /// How many pieces it has (not pawns or royals).
    count: i32,
    /// Whether one of them could mate with the king's help alone.
    mater: bool,
    /// The value of its pieces in hand (drop variants).
    held: i32,
}

impl Evaluator {
    /// The value of a piece kind (0 for royal pieces and unknown kinds).
    #[inline]
    pub(crate) fn value(&self, kind: PieceKind) -> i32 {
        self.kinds.get(kind.index()).map_or(0, |k| k.value)
    }

    /// The value of the most valuable kind.
    #[inline]
    pub(crate) fn max_value(&self) -> i32 {
        self.max_value
    }

    /// Whether a piece kind is royal (unknown kinds count as royal: never traded).
    #[inline]
    pub(crate) fn is_royal(&self, kind: PieceKind) -> bool {
        self.kinds.get(kind.index()).is_none_or(|k| k.royal)
    }

    /// Tells this evaluator from every other (what its caches are keyed by).
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// Whether the side has a piece other than pawns and royals (null moves are safe).
    pub(crate) fn has_pieces(&self, pos: &Position, side: Color) -> bool {
        pos.board().iter().flatten().any(|p| {
            p.color() == side && {
                let k = p.kind().index();
                self.kinds.get(k).is_some_and(|k| !k.royal && !k.pawn)
            }
        })
    }

    /// The score from the side to move's view.
    pub(crate) fn evaluate(&self, pos: &Position) -> i32 {
        self.fade(pos, self.raw(pos))
    }

    /// The score from the side to move's view before the move-limit fade: a function
    /// of the board and the side to move alone, so it can be cached by hash.
    pub(crate) fn raw(&self, pos: &Position) -> i32 {
        self.raw_keyed(pos).0
    }

    /// [`Evaluator::raw`], and the keys of where the pawns stand and where each side's
    /// other pieces stand: positions that share one share an error of the evaluation
    /// that the search can learn and correct.
    pub(crate) fn raw_keyed(&self, pos: &Position) -> (i32, Keys) {
        if let Some(n) = &self.net
            && n.mode() == net::Mode::Alone
            && let Some(found) = self.net_alone(pos, n)
        {
            return found;
        }
        self.raw_keyed_by_hand(pos)
    }

    /// [`Evaluator::raw_keyed`] where the network alone scores the board: its walk
    /// leaves out the square terms and the pieces' list, which only the hand-written
    /// evaluation reads. `None` where that evaluation must answer after all (a lone
    /// king, or a man the network does not know).
    fn net_alone(&self, pos: &Position, n: &net::NetEval) -> Option<(i32, Keys)> {
        let mut walk = Walk::<0>::empty();
        self.walk::<false, 0>(pos, &mut walk);
        let Walk { side, keys, .. } = walk;
        if self.bare_kings_draw && side.iter().all(|s| s.material == 0) {
            return Some((0, keys));
        }
        if !side.iter().all(|s| s.material > 0) {
            return None;
        }
        Some((self.alone_score(pos, &side, n.white_score(pos)?), keys))
    }

    /// The score for the side to move where the network's score from White's view,
    /// `white`, stands alone: mop-up added, scaled by the material.
    #[inline]
    fn alone_score(&self, pos: &Position, side: &[Side; 2], white: i32) -> i32 {
        let white = material::scale(white + self.mop_up(pos, side), side);
        // The network learned Stockfish's score for the side to move, its tempo
        // included: [`Evaluator::fade`] adds ours back.
        let ours = if pos.side_to_move() == Color::White {
            white
        } else {
            -white
        };
        ours - self.w.tempo
    }

    /// [`Evaluator::raw_keyed`] with every term the board's walk can give.
    fn raw_keyed_by_hand(&self, pos: &Position) -> (i32, Keys) {
        // Filled in place: the walk's arrays are sized for the largest board (over a
        // kilobyte), and moving them out of a call cost more than the walk's sums.
        let mut walk = Walk::<MAX_PIECES>::empty();
        self.walk::<true, MAX_PIECES>(pos, &mut walk);
        let Walk {
            side,
            keys,
            ref pawn_sets,
            ref pieces,
            count,
        } = walk;
        if self.bare_kings_draw && side.iter().all(|s| s.material == 0) {
            return (0, keys);
        }
        let us = pos.side_to_move();
        // Stockfish's games that taught the network stop once decided, so it has not
        // seen a lone king: there the hand-written terms (mop-up) know more.
        let net = match &self.net {
            Some(n) if side.iter().all(|s| s.material > 0) => {
                n.white_score(pos).map(|v| (n.mode(), v))
            }
            _ => None,
        };
        // The reference for `net_alone`, which answers first (a test holds the two
        // equal).
        if let Some((net::Mode::Alone, white)) = net {
            return (self.alone_score(pos, &side, white), keys);
        }
        let (mut mg, mut eg) = (side[0].mg - side[1].mg, side[0].eg - side[1].eg);
        let rights = pos.castling_rights();
        mg += self.w.castling_mg
            * ((rights & self.castling[0]).count_ones() as i32
                - (rights & self.castling[1]).count_ones() as i32);
        if self.pawns.is_some() || self.zones.is_some() {
            let (m, e) = self.positional(pos, pawn_sets, &pieces[..count]);
            mg += m;
            eg += e;
        }
        let phase = self.phase(&side);
        let mut white = (mg * phase + eg * (256 - phase)) / 256;
        match net {
            Some((net::Mode::Correction, correction)) => white += correction,
            Some((net::Mode::Mean, v)) => white = (white + v) / 2,
            _ => {}
        }
        white += self.mop_up(pos, &side);
        white = material::scale(white, &side);
        (if us == Color::White { white } else { -white }, keys)
    }

    /// How much of the start's pieces (not pawns) is still on the board: 256 the
    /// middlegame, 0 the endgame. (Counting the pieces in hand too, so that a drop game
    /// stays a middlegame, did not win in self-play: see the guide.)
    fn phase(&self, side: &[Side; 2]) -> i32 {
        let on_board = side.iter().map(|s| s.pieces).sum::<i32>();
        (on_board * 256 / self.phase_total).min(256)
    }

    /// One walk over the board (and the pockets): each side's tallies and per-square
    /// terms, the keys of the pawns and of each side's other pieces, the pawn sets and
    /// the pieces for the mobility pass (`TERMS`: the square terms and the pieces'
    /// list, which the network alone does not read).
    #[inline(always)]
    fn walk<const TERMS: bool, const PIECES: usize>(
        &self,
        pos: &Position,
        walk: &mut Walk<PIECES>,
    ) {
        let mut piece_keys = [0u64; 2];
        let codes = pos.board_codes();
        let table = if TERMS { self.square_table(pos) } else { &[] };
        if !TERMS && codes.len() <= 64 {
            // Only the men's own squares, by the position's bits, lowest first as the
            // full walk visits them. (The full walk's body is too large for this to pay:
            // kept in registers, its flat scan of 64 bytes is cheaper.)
            let mut men = (pos.occupancy(Color::White) | pos.occupancy(Color::Black)) as u64;
            while men != 0 {
                let i = men.trailing_zeros() as usize;
                men &= men - 1;
                self.tally::<TERMS, PIECES>(walk, &mut piece_keys, table, i, codes[i]);
            }
        } else {
            for (i, &code) in codes.iter().enumerate() {
                if code != 0 {
                    self.tally::<TERMS, PIECES>(walk, &mut piece_keys, table, i, code);
                }
            }
        }
        let Walk {
            side, pawn_sets, ..
        } = walk;
        // Pieces in hand (crazyhouse, shogi) count at their value, and can mate.
        if pos.has_pockets() {
            for c in Color::ALL {
                let s = &mut side[c.index()];
                for (k, kind) in self.kinds.iter().enumerate() {
                    let n = pos.in_hand(c, PieceKind(k as u8)) as i32;
                    let held = kind.value * n;
                    s.material += held;
                    s.held += held;
                    s.mg += kind.hand_value * n;
                    s.eg += kind.hand_value * n;
                    s.mater |= held > 0;
                }
            }
        }
        let mut pawn_key = 0u64;
        for set in pawn_sets.iter() {
            for &word in &set[..self.words.min(MAX_WORDS)] {
                pawn_key = (pawn_key ^ word)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .rotate_left(29);
            }
        }
        walk.keys = Keys {
            pawns: (pawn_key >> 32) as u32 ^ pawn_key as u32,
            pieces: piece_keys.map(|k| (k >> 32) as u32 ^ k as u32),
        };
    }

    /// The walk's step for the man of `code` on square `i`.
    #[inline(always)]
    fn tally<const TERMS: bool, const PIECES: usize>(
        &self,
        walk: &mut Walk<PIECES>,
        piece_keys: &mut [u64; 2],
        table: &[[i32; 2]],
        i: usize,
        code: u8,
    ) {
        let info = self.code_info[code as usize];
        let c = usize::from(info.side);
        let s = &mut walk.side[c];
        if TERMS {
            let [mg, eg] = table
                .get(code as usize * self.squares + i)
                .copied()
                .unwrap_or([0; 2]);
            s.mg += mg;
            s.eg += eg;
        }
        if !info.pawn {
            // A sum of mixed (piece, square) pairs: the same pieces give the same key
            // whatever order the board lists them in.
            piece_keys[c] = piece_keys[c].wrapping_add(mix((code as u64) << 32 | i as u64));
        }
        if info.royal {
            return;
        }
        s.material += info.value;
        if info.pawn {
            s.pawns += 1;
            if i < GEOMETRY_SQUARES {
                walk.pawn_sets[c][i / 64] |= 1 << (i % 64);
            }
        } else {
            s.pieces += info.value;
            s.best_piece = s.best_piece.max(info.value);
            s.count += 1;
            s.mater |= info.mates_alone;
            if TERMS && walk.count < PIECES {
                walk.pieces[walk.count] = (i as u16, u16::from(code));
                walk.count += 1;
            }
        }
    }

    /// `s` faded by the move-limit clock, plus the tempo bonus.
    #[inline]
    pub(crate) fn fade(&self, pos: &Position, s: i32) -> i32 {
        let s = s + self.w.tempo;
        // An advantage fades as the move-limit draw nears: the side ahead then prefers
        // the captures and pawn moves that reset the clock, which is how it makes
        // progress instead of shuffling into a draw.
        if self.move_limit > 0 {
            let left = (2 * self.move_limit - pos.halfmove_clock() as i32).max(self.move_limit);
            s * left / (2 * self.move_limit)
        } else {
            s
        }
    }

    /// Mop-up, from White's view: the side far ahead drives the lone king to the edge
    /// and walks its own king closer, which is how a won ending becomes a mate.
    fn mop_up(&self, pos: &Position, side: &[Side; 2]) -> i32 {
        let kings = [pos.king(Color::White), pos.king(Color::Black)];
        let mut out = 0;
        for strong in 0..2 {
            let weak = 1 - strong;
            if side[strong].material >= side[weak].material + 400
                && side[weak].material <= 1000
                && let (Some(wk), Some(sk)) = (kings[weak], kings[strong])
            {
                let d = chebyshev(&self.coords[wk.index()], &self.coords[sk.index()]);
                let bonus = self.edge[wk.index()] / 3 + 8 * (4 - d).max(0);
                out += if strong == 0 { bonus } else { -bonus };
            }
        }
        out
    }
}

#[inline]
pub(crate) fn chebyshev(a: &[u8; 4], b: &[u8; 4]) -> i32 {
    let mut d = 0;
    for i in 0..4 {
        d = d.max((a[i] as i32 - b[i] as i32).abs());
    }
    d
}

/// The keys of a position's pawn structure and of each side's other pieces (White's,
/// then Black's), as [`Evaluator::raw_keyed`] gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Keys {
    pub(crate) pawns: u32,
    pub(crate) pieces: [u32; 2],
}

/// A 64-bit mix (splitmix64's finaliser): nearby inputs give unrelated outputs.
#[inline]
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The captured piece of `mv`, if it takes an enemy piece.
#[inline]
pub(crate) fn victim(pos: &Position, mv: &chess4d_core::Move) -> Option<Piece> {
    let us = pos.side_to_move();
    let at = |s: Square| pos.piece_at(s).filter(|p| p.color() != us);
    mv.capture.and_then(at).or_else(|| at(mv.to))
}

#[cfg(test)]
mod tests;
