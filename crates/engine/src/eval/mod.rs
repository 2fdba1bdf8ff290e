//! Evaluation from the variant's own piece values and terms derived from its geometry.
//!
//! When a search starts the evaluator learns the board from the rules on an empty
//! board ([`geometry`]): each piece's rays, the lines pawns advance along and how far
//! each square is from promotion, the squares around a king. At a leaf it walks the
//! board once for material and per-square terms, then adds pawn structure and passed
//! pawns, mobility, king safety ([`terms`]), and scales the result by what the
//! material can still win ([`material`]). Middlegame and endgame weights are blended
//! by the non-pawn material left; the weights are in [`Weights`]. On orthodox chess and
//! Chess960 corrections fitted to Stockfish's own evaluations ([`squares`]) add what
//! the geometric terms cannot say: a value per square (in the per-square table), and
//! one per square for where both kings stand.

mod geometry;
mod material;
mod net;
mod pawn_cache;
mod squares;
mod terms;
mod weights;

pub use weights::Weights;

use chess4d_core::{Color, Piece, PieceKind, Position, Rules, Square, VariantInfo};
use geometry::{Masks, PawnGeometry, RayTable};
use std::sync::{Arc, Mutex, OnceLock};

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
    /// Per kind: value (0 for royal pieces), royal, pawn.
    value: Vec<i32>,
    /// Per kind: a negative value as the file gives it (the antichess family, where a
    /// piece is a liability: fewer is better), else 0. Only the material tables use it.
    liability: Vec<i32>,
    max_value: i32,
    royal: Vec<bool>,
    pawn: Vec<bool>,
    /// Per kind: mobility weight per move (per 16) and the move count it is centred on.
    mobility_scale: Vec<i32>,
    mobility_mean: Vec<i32>,
    /// Per kind: weight of its attacks on a king's neighbourhood.
    attack_weight: Vec<i32>,
    /// Per kind: whether it reaches enough of the board to mate with its king alone.
    mates_alone: Vec<bool>,
    coords: Vec<[u8; 4]>,
    /// The variant's move limit in plies (0: none).
    move_limit: i32,
    /// 0 in the centre, 100 in a corner: where a lone king is easiest to mate.
    edge: Vec<i32>,
    bare_kings_draw: bool,
    /// Non-pawn material of both sides at the start: the middlegame's full phase.
    phase_total: i32,
    rays: RayTable,
    /// Per kind: whether it slides along the pawns' lines and is not the most valuable
    /// kind (a rook, for the open-line terms).
    line_slider: Vec<bool>,
    /// Per kind: whether a pawn-defended square the enemy pawns cannot reach is an
    /// outpost for it (the minor pieces: neither line sliders nor the most valuable).
    outpost_kind: Vec<bool>,
    /// Per kind: whether it is bound to half the board; per (kind, square) which half.
    bound: Vec<bool>,
    region: Vec<u8>,
    pawns: Option<PawnGeometry>,
    zones: Option<Masks>,
    /// Per kind: its role for the per-role weights (see [`Weights::role`]: 0 minor,
    /// 1 bound, 2 line, 3 major); `None` for pawns and royals.
    role: Vec<Option<usize>>,
    /// Per kind: the mobility weight per safe move, middlegame and endgame.
    mobility: Vec<[i32; 2]>,
    /// Per side and square: 0 at the side's own back rank, 100 at the enemy's.
    forward: [Vec<i32>; 2],
    /// Per side: its castling rights' bits in [`Position::castling_rights`].
    castling: [u32; 2],
    /// Whether checks from unguarded squares are weighed (their weights are not 0).
    safe_checks: bool,
    /// Corrections that follow where the kings stand (orthodox chess and Chess960).
    kings: Option<KingTables>,
    /// The network trained on Stockfish's evaluations (orthodox chess and Chess960).
    net: Option<net::NetEval>,
}

/// The king corrections, and for each pair of king buckets the per-square table with
/// them added: built when a search first meets the pair (a game sees few of them), so
/// that a leaf looks up one value per piece as without them.
struct KingTables {
    squares: squares::KingSquares,
    /// Per White king bucket * BUCKETS + Black king bucket.
    combined: Vec<OnceLock<Box<[[i32; 2]]>>>,
}

/// The evaluator of the variant searched last, kept with a hash table so that the
/// searches of one game (a UCI session's moves) learn the geometry once, not per move.
#[derive(Default)]
pub(crate) struct Kept(Mutex<Option<(Fingerprint, Arc<Evaluator>)>>);

/// What tells one variant's rules from another's: the object itself, its description
/// and its start (a variant edited in place, at the same address, differs in one).
#[derive(PartialEq)]
struct Fingerprint {
    address: usize,
    info: VariantInfo,
    start: u64,
}

impl Kept {
    /// The evaluator for `rules`: the kept one if it was made for them, else a new one.
    pub(crate) fn evaluator(&self, rules: &dyn Rules) -> Arc<Evaluator> {
        let print = Fingerprint {
            address: rules as *const dyn Rules as *const () as usize,
            info: rules.info().clone(),
            start: rules.start_position().hash(),
        };
        let mut kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((p, e)) = kept.as_ref()
            && *p == print
        {
            return e.clone();
        }
        let e = Arc::new(Evaluator::new(rules));
        *kept = Some((print, e.clone()));
        e
    }
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
}

impl Evaluator {
    pub(crate) fn new(rules: &dyn Rules) -> Evaluator {
        let corrections = squares::for_variant(rules);
        // The default weights were fitted together with the square corrections; a
        // variant without them gets the set fitted alone.
        let weights = if corrections.is_some() {
            Weights::default()
        } else {
            Weights::for_axes(rules.info().shape.axes())
        };
        let mut eval = Evaluator::with_weights(rules, weights).corrected(corrections);
        eval.net = net::NetEval::for_variant(rules);
        eval
    }

    /// The evaluator for `w` with the variant's square corrections, if it has any.
    pub(crate) fn corrected_with(rules: &dyn Rules, w: Weights) -> Evaluator {
        Evaluator::with_weights(rules, w).corrected(squares::for_variant(rules))
    }

    /// This evaluator with `corrections` added to its per-square table.
    fn corrected(mut self, corrections: Option<squares::Corrections>) -> Evaluator {
        if let Some(corrections) = corrections {
            for (cell, d) in self.table.iter_mut().zip(corrections.plain) {
                cell[0] += d[0];
                cell[1] += d[1];
            }
            self.kings = corrections.kings.map(|squares| KingTables {
                squares,
                combined: (0..squares::BUCKETS * squares::BUCKETS)
                    .map(|_| OnceLock::new())
                    .collect(),
            });
        }
        self
    }

    pub(crate) fn with_weights(rules: &dyn Rules, w: Weights) -> Evaluator {
        let info = rules.info();
        let shape = info.shape;
        let squares = shape.len();
        let coords: Vec<[u8; 4]> = shape.squares().map(|s| shape.coords(s)).collect();
        let centrality = centrality(&coords, shape.sizes());
        let edge = centrality.iter().map(|&c| 100 - c).collect();
        let kinds = info.pieces.len();
        let value: Vec<i32> = info
            .pieces
            .iter()
            .map(|p| if p.royal { 0 } else { p.value.max(0) })
            .collect();
        let royal: Vec<bool> = info.pieces.iter().map(|p| p.royal).collect();
        let pawn: Vec<bool> = info.pieces.iter().map(|p| p.pawn).collect();
        let learn = squares <= GEOMETRY_SQUARES;
        let words = squares.div_ceil(64);
        let movers: Vec<bool> = (0..kinds).map(|k| learn && !royal[k] && !pawn[k]).collect();
        let rays = RayTable::build(rules, &movers);
        let (mobility_scale, mobility_mean) = mobility_weights(&rays, squares, kinds, &movers);
        let mates_alone = (0..kinds)
            .map(|k| !movers[k] || material::mates_alone(mobility_mean[k] * 2, squares))
            .collect();
        let pawns = pawn
            .iter()
            .position(|&p| p)
            .filter(|_| learn)
            .map(|k| PawnGeometry::learn(rules, PieceKind(k as u8), words));
        let zones = royal
            .iter()
            .position(|&r| r)
            .filter(|_| learn)
            .map(|k| geometry::king_zones(rules, PieceKind(k as u8), words));
        let max_value = value.iter().copied().max().unwrap_or(0);
        let line_slider = match &pawns {
            Some(g) => geometry::line_sliders(&rays, g, squares, &movers, words)
                .into_iter()
                .zip(&value)
                .map(|(s, &v)| s && v < max_value)
                .collect(),
            None => vec![false; kinds],
        };
        let outpost_kind = (0..kinds)
            .map(|k| movers[k] && !line_slider[k] && value[k] < max_value)
            .collect();
        let (bound, region) = geometry::colour_regions(&rays, squares, &movers);
        let role: Vec<Option<usize>> = (0..kinds)
            .map(|k| {
                if royal[k] || pawn[k] {
                    None
                } else if value[k] == max_value {
                    Some(3)
                } else if line_slider[k] {
                    Some(2)
                } else if bound[k] {
                    Some(1)
                } else {
                    Some(0)
                }
            })
            .collect();
        let attack_weight = role
            .iter()
            .zip(&value)
            .map(|(r, &v)| isqrt(v) / 6 * r.map_or(100, |r| w.role(r).attack) / 25)
            .collect();
        let mobility = role
            .iter()
            .map(|r| r.map_or([0, 0], |r| w.role(r).mobility))
            .collect();
        let safe_checks = (w.safe_check_mg, w.safe_check_eg) != (0, 0);
        let start = rules.start_position();
        let forward = forward(&coords, &start, &royal, shape.sizes());
        let phase_total = start
            .pieces()
            .filter(|(_, p)| !pawn[p.kind().index()])
            .map(|(_, p)| value[p.kind().index()])
            .sum::<i32>()
            .max(1);
        let mut e = Evaluator {
            id: pawn_cache::new_owner(),
            squares,
            words,
            w,
            max_value,
            liability: info
                .pieces
                .iter()
                .map(|p| if p.royal { 0 } else { p.value.min(0) })
                .collect(),
            table: Vec::new(),
            code_info: Box::new([CodeInfo::default(); 256]),
            value,
            royal,
            pawn,
            mobility_scale,
            mobility_mean,
            attack_weight,
            mates_alone,
            coords,
            move_limit: info.move_limit_plies as i32,
            edge,
            bare_kings_draw: info.bare_kings_draw,
            phase_total,
            rays,
            line_slider,
            outpost_kind,
            bound,
            region,
            pawns,
            zones,
            role,
            mobility,
            forward,
            castling: castling_masks(&info.castling_letters),
            kings: None,
            net: None,
            safe_checks,
        };
        e.fill_tables(&centrality, shape.sizes()[1]);
        e.fill_code_info();
        e.add_goal_terms(rules);
        e
    }

    /// Per square, a bonus for the pieces that win by reaching a goal (king of the
    /// hill, racing kings): the nearer the goal, the more, so that the search runs for
    /// it even when the arrival lies beyond its horizon.
    fn add_goal_terms(&mut self, rules: &dyn Rules) {
        let n = self.squares;
        for color in Color::ALL {
            let Some((kinds, goal)) = rules.goal(color) else {
                continue;
            };
            if goal.is_empty() {
                continue;
            }
            let distance: Vec<i32> = self
                .coords
                .iter()
                .map(|c| {
                    goal.iter()
                        .filter_map(|g| self.coords.get(g.index()))
                        .map(|g| chebyshev(c, g))
                        .min()
                        .unwrap_or(0)
                })
                .collect();
            let far = distance.iter().copied().max().unwrap_or(0);
            for k in kinds {
                let code = Piece::new(k, color).code() as usize;
                for (sq, &d) in distance.iter().enumerate() {
                    let bonus = GOAL_STEP * (far - d);
                    if let Some([mg, eg]) = self.table.get_mut(code * n + sq) {
                        *mg += bonus;
                        *eg += bonus;
                    }
                }
            }
        }
    }

    fn fill_code_info(&mut self) {
        for (code, info) in self.code_info.iter_mut().enumerate() {
            let Some(piece) = u8::try_from(code).ok().and_then(Piece::from_code) else {
                continue;
            };
            let k = piece.kind().index();
            *info = match self.value.get(k) {
                Some(&value) => CodeInfo {
                    value,
                    side: piece.color().index() as u8,
                    royal: self.royal[k],
                    pawn: self.pawn[k],
                    mates_alone: self.mates_alone[k],
                },
                // Kinds the variant does not have count as royal: nothing is tallied.
                None => CodeInfo::default(),
            };
        }
    }

    /// Material and per-square terms for every piece code on every square.
    fn fill_tables(&mut self, centrality: &[i32], ranks: u8) {
        let codes = 2 * self.value.len() + 2;
        let n = self.squares;
        self.table = vec![[0; 2]; codes * n];
        let ranks = (ranks.max(2) - 1) as i32;
        for k in 0..self.value.len() {
            for color in Color::ALL {
                let code = Piece::new(PieceKind(k as u8), color).code() as usize;
                for (sq, &c) in centrality.iter().enumerate().take(n) {
                    let f = self.forward[color.index()][sq];
                    let material = self.value[k] + self.liability[k];
                    let (mg, eg) = if self.royal[k] {
                        (
                            (self.w.king_centre_mg * c + self.w.king_forward_mg * f) / 100,
                            (self.w.king_centre_eg * c + self.w.king_forward_eg * f) / 100,
                        )
                    } else if self.pawn[k] {
                        // Progress from the learned distance where there is one, else
                        // along the second axis.
                        let p = self
                            .pawns
                            .as_ref()
                            .and_then(|g| g.progress(color, n, sq))
                            .unwrap_or_else(|| {
                                let y = self.coords[sq][1] as i32;
                                let y = if color == Color::White { y } else { ranks - y };
                                y * 1024 / ranks
                            });
                        let adv = self.value[k] * p / 1024 * p / 1024;
                        (
                            adv * self.w.advance_mg / 100
                                + 4 * c / 100
                                + material * self.w.pawn_value_mg / 100,
                            adv * self.w.advance_eg / 100 + material * self.w.pawn_value_eg / 100,
                        )
                    } else {
                        let r = self.w.role(self.role[k].unwrap_or(0));
                        let term = |i: usize| {
                            material * r.value[i] / 100
                                + (r.centre[i] * c + r.forward[i] * f) / 100
                                + if f == 0 { r.back[i] } else { 0 }
                        };
                        (term(0), term(1))
                    };
                    self.table[code * n + sq] = [material + mg, material + eg];
                }
            }
        }
    }

    /// The value of a piece kind (0 for royal pieces and unknown kinds).
    #[inline]
    pub(crate) fn value(&self, kind: PieceKind) -> i32 {
        self.value.get(kind.index()).copied().unwrap_or(0)
    }

    /// The value of the most valuable kind.
    #[inline]
    pub(crate) fn max_value(&self) -> i32 {
        self.max_value
    }

    /// Whether a piece kind is royal (unknown kinds count as royal: never traded).
    #[inline]
    pub(crate) fn is_royal(&self, kind: PieceKind) -> bool {
        self.royal.get(kind.index()).copied().unwrap_or(true)
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
                !self.royal.get(k).copied().unwrap_or(true) && !self.pawn[k]
            }
        })
    }

    /// The per-square table for where the kings stand.
    #[inline]
    fn square_table(&self, pos: &Position) -> &[[i32; 2]] {
        let Some(k) = &self.kings else {
            return &self.table;
        };
        let Some(b) = k.squares.buckets(pos) else {
            return &self.table;
        };
        k.combined[b[0] * squares::BUCKETS + b[1]].get_or_init(|| {
            let n = self.squares;
            let codes = self.table.len() / n.max(1);
            let mut table = self.table.clone();
            for code in 0..codes.min(256) {
                let side = usize::from(self.code_info[code].side);
                for sq in 0..n {
                    let [mg, eg] = k.squares.value(code, side, sq, b);
                    table[code * n + sq][0] += mg;
                    table[code * n + sq][1] += eg;
                }
            }
            table.into_boxed_slice()
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
        let mut piece_keys = [0u64; 2];
        let mut side = [Side::default(); 2];
        let mut pawn_sets = [[0u64; MAX_WORDS]; 2];
        let mut pieces = [(0u16, 0u16); MAX_PIECES];
        let mut count = 0;
        let n = self.squares;
        let table = self.square_table(pos);
        for (i, &code) in pos.board_codes().iter().enumerate() {
            if code == 0 {
                continue;
            }
            let info = self.code_info[code as usize];
            let c = usize::from(info.side);
            let s = &mut side[c];
            let [mg, eg] = table.get(code as usize * n + i).copied().unwrap_or([0; 2]);
            s.mg += mg;
            s.eg += eg;
            if !info.pawn {
                // A sum of mixed (piece, square) pairs: the same pieces give the same key
                // whatever order the board lists them in.
                piece_keys[c] = piece_keys[c].wrapping_add(mix((code as u64) << 32 | i as u64));
            }
            if info.royal {
                continue;
            }
            s.material += info.value;
            if info.pawn {
                s.pawns += 1;
                if i < GEOMETRY_SQUARES {
                    pawn_sets[c][i / 64] |= 1 << (i % 64);
                }
            } else {
                s.pieces += info.value;
                s.best_piece = s.best_piece.max(info.value);
                s.count += 1;
                s.mater |= info.mates_alone;
                if count < MAX_PIECES {
                    pieces[count] = (i as u16, u16::from(code));
                    count += 1;
                }
            }
        }
        // Pieces in hand (crazyhouse, shogi) count at their value, and can mate.
        if pos.has_pockets() {
            for c in Color::ALL {
                let s = &mut side[c.index()];
                for (k, &v) in self.value.iter().enumerate() {
                    let held = v * pos.in_hand(c, PieceKind(k as u8)) as i32;
                    s.material += held;
                    s.mg += held;
                    s.eg += held;
                    s.mater |= held > 0;
                }
            }
        }
        let mut pawn_key = 0u64;
        for set in &pawn_sets {
            for &word in &set[..self.words.min(MAX_WORDS)] {
                pawn_key = (pawn_key ^ word)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .rotate_left(29);
            }
        }
        let keys = Keys {
            pawns: (pawn_key >> 32) as u32 ^ pawn_key as u32,
            pieces: piece_keys.map(|k| (k >> 32) as u32 ^ k as u32),
        };
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
        if let Some((net::Mode::Alone, white)) = net {
            let white = material::scale(white + self.mop_up(pos, &side), &side);
            // The network learned Stockfish's score for the side to move, its tempo
            // included: [`Evaluator::fade`] adds ours back.
            let ours = if us == Color::White { white } else { -white };
            return (ours - self.w.tempo, keys);
        }
        let (mut mg, mut eg) = (side[0].mg - side[1].mg, side[0].eg - side[1].eg);
        let rights = pos.castling_rights();
        mg += self.w.castling_mg
            * ((rights & self.castling[0]).count_ones() as i32
                - (rights & self.castling[1]).count_ones() as i32);
        if self.pawns.is_some() {
            let (m, e) = self.positional(pos, &pawn_sets, &pieces[..count]);
            mg += m;
            eg += e;
        }
        let phase = ((side[0].pieces + side[1].pieces) * 256 / self.phase_total).min(256);
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

/// Per side: the bits of its castling rights (White's letters are upper case).
fn castling_masks(letters: &[char]) -> [u32; 2] {
    let mut masks = [0; 2];
    for (i, l) in letters.iter().enumerate().take(32) {
        masks[usize::from(!l.is_uppercase())] |= 1 << i;
    }
    masks
}

/// Per side and square: how far toward the enemy's side it lies, 0 on the side's own
/// king's rank to 100 on the enemy king's, along the axes on which the two kings start
/// apart (the second axis where there are no kings).
fn forward(coords: &[[u8; 4]], start: &Position, royal: &[bool], sizes: [u8; 4]) -> [Vec<i32>; 2] {
    let king = |c: Color| {
        start
            .pieces()
            .find(|(_, p)| p.color() == c && royal.get(p.kind().index()).copied().unwrap_or(false))
            .and_then(|(s, _)| coords.get(s.index()).copied())
    };
    let (white, black) = match (king(Color::White), king(Color::Black)) {
        (Some(w), Some(b)) if w != b => (w, b),
        _ => {
            let far = sizes[1].saturating_sub(1);
            ([0, 0, 0, 0], [0, far, 0, 0])
        }
    };
    let along = |c: &[u8; 4], from: &[u8; 4], to: &[u8; 4]| {
        let (mut sum, mut n) = (0, 0);
        for a in 0..4 {
            let span = to[a] as i32 - from[a] as i32;
            if span != 0 {
                sum += ((c[a] as i32 - from[a] as i32) * 100 / span).clamp(0, 100);
                n += 1;
            }
        }
        if n == 0 { 0 } else { sum / n }
    };
    [
        coords.iter().map(|c| along(c, &white, &black)).collect(),
        coords.iter().map(|c| along(c, &black, &white)).collect(),
    ]
}

/// Per square: 100 in the centre, 0 in a corner. Only axes longer than two count: on
/// a two-long axis both positions are equally central.
fn centrality(coords: &[[u8; 4]], sizes: [u8; 4]) -> Vec<i32> {
    coords
        .iter()
        .map(|c| {
            let (mut sum, mut n) = (0.0f32, 0);
            for (axis, &size) in sizes.iter().enumerate() {
                if size > 2 {
                    let t = c[axis] as f32 / (size - 1) as f32;
                    sum += 1.0 - (2.0 * t - 1.0).abs();
                    n += 1;
                }
            }
            (if n == 0 { 50.0 } else { 100.0 * sum / n as f32 }) as i32
        })
        .collect()
}

/// Per kind: the mobility weight per move (per 16: fewer moves on the empty board, more
/// each is worth) and the count mobility is centred on (half the empty-board average).
fn mobility_weights(
    rays: &RayTable,
    squares: usize,
    kinds: usize,
    movers: &[bool],
) -> (Vec<i32>, Vec<i32>) {
    let mut scale = vec![0; kinds];
    let mut mean = vec![0; kinds];
    for k in 0..kinds {
        if !movers[k] {
            continue;
        }
        let code = Piece::new(PieceKind(k as u8), Color::White).code() as usize;
        let total: usize = (0..squares)
            .map(|sq| rays.rays(code, squares, sq).map(|r| r.len()).sum::<usize>())
            .sum();
        let avg = (total as f32 / squares.max(1) as f32).max(1.0);
        scale[k] = (32.0 * (5.0 / avg).sqrt()) as i32;
        mean[k] = (avg / 2.0) as i32;
    }
    (scale, mean)
}

fn isqrt(v: i32) -> i32 {
    (v.max(0) as f64).sqrt() as i32
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

/// The static evaluation with chosen weights, for tuning them (`examples/tune.rs`).
///
/// # Examples
///
/// ```
/// use chess4d_engine::{StaticEval, Weights};
/// let rules = chess4d_variants::Catalog::embedded().resolve("orthodox").unwrap();
/// let eval = StaticEval::new(&*rules, Weights::default());
/// let start = rules.start_position();
/// assert!(eval.is_quiet(&*rules, &start));
/// assert!(eval.white_score(&start).abs() < 50);
/// ```
pub struct StaticEval {
    eval: Evaluator,
}

impl StaticEval {
    /// Learns the variant's geometry and fills the tables for `weights`: the
    /// hand-written terms alone, without the square corrections a search adds on
    /// orthodox chess (what `examples/tune.rs` and `examples/train_squares.rs` fit).
    pub fn new(rules: &dyn Rules, weights: Weights) -> StaticEval {
        StaticEval {
            eval: Evaluator::with_weights(rules, weights),
        }
    }

    /// The evaluation a search uses: the hand-written terms and, on orthodox chess and
    /// Chess960, the network trained on Stockfish's evaluations (and, where it does
    /// not apply, the square corrections fitted to them).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_engine::{StaticEval, Weights};
    /// let rules = chess4d_variants::Catalog::embedded().resolve("orthodox").unwrap();
    /// let hand = StaticEval::new(&*rules, Weights::default());
    /// let searched = StaticEval::searched(&*rules);
    /// // A knight on its own rim square: the corrections think less of it.
    /// let pos = rules
    ///     .parse_position("rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq - 1 1")
    ///     .unwrap();
    /// assert_ne!(hand.white_score(&pos), searched.white_score(&pos));
    /// ```
    pub fn searched(rules: &dyn Rules) -> StaticEval {
        StaticEval {
            eval: Evaluator::new(rules),
        }
    }

    /// The evaluation a search would use with `weights` in place of its own: what
    /// `examples/tune.rs` fits when `SQUARES=1` (the square corrections held fixed), and
    /// what `examples/train_net.rs` compares its network with. The network is left out.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_engine::{StaticEval, Weights};
    /// let rules = chess4d_variants::Catalog::embedded().resolve("orthodox").unwrap();
    /// let start = rules.start_position();
    /// let ours = StaticEval::searched_with(&*rules, Weights::default()).white_score(&start);
    /// let no_tempo = Weights { tempo: 0, ..Weights::default() };
    /// let other = StaticEval::searched_with(&*rules, no_tempo);
    /// assert_eq!(other.white_score(&start), ours - Weights::default().tempo);
    /// ```
    pub fn searched_with(rules: &dyn Rules, weights: Weights) -> StaticEval {
        StaticEval {
            eval: Evaluator::corrected_with(rules, weights),
        }
    }

    /// The evaluation from White's view, in centipawns (the tempo bonus included).
    pub fn white_score(&self, pos: &Position) -> i32 {
        let s = self.eval.evaluate(pos);
        if pos.side_to_move() == Color::White {
            s
        } else {
            -s
        }
    }

    /// Whether the position is quiet enough for its static score to mean something:
    /// the side to move is not in check and has no capture or promotion that wins
    /// material in the exchange.
    pub fn is_quiet(&self, rules: &dyn Rules, pos: &Position) -> bool {
        if rules.in_check(pos) {
            return false;
        }
        let mut noisy = Vec::new();
        rules.legal_captures(pos, &mut noisy);
        let mut scratch = pos.clone();
        let mut exchange = crate::see::Exchange::default();
        noisy
            .iter()
            .all(|mv| !exchange.at_least(rules, &self.eval, &mut scratch, mv, 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(variant: &str) -> (std::sync::Arc<dyn Rules>, Evaluator) {
        let mut catalog = chess4d_variants::Catalog::embedded();
        catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
        let rules = catalog.resolve(variant).expect("catalog variant");
        let e = Evaluator::new(&*rules);
        (rules, e)
    }

    #[test]
    fn each_key_follows_its_own_pieces_only() {
        let (rules, e) = setup("orthodox");
        let keys = |fen: &str| e.raw_keyed(&rules.parse_position(fen).expect("test FEN")).1;
        let start = keys("r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2");
        // White's knight elsewhere: only White's piece key changes.
        let knight = keys("r1bqkbnr/pppppppp/2n5/8/8/7N/PPPPPPPP/RNBQKB1R w KQkq - 2 2");
        assert_eq!(knight.pawns, start.pawns);
        assert_ne!(knight.pieces[0], start.pieces[0]);
        assert_eq!(knight.pieces[1], start.pieces[1]);
        // A pawn pushed: only the pawn key.
        let pawn = keys("r1bqkbnr/pppppppp/2n5/8/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 2");
        assert_ne!(pawn.pawns, start.pawns);
        assert_eq!(pawn.pieces, start.pieces);
        // Black's king on e7 (its pawn gone): Black's piece key changes too, the king
        // being one of the pieces.
        let king = keys("r1bq1bnr/ppppkppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQ - 2 2");
        assert_eq!(king.pieces[0], start.pieces[0]);
        assert_ne!(king.pieces[1], start.pieces[1]);
    }

    /// How much the terms that `set` sizes give to `fen` (side to move's view): the
    /// score with them set to 40 less the score with them set to 0, the other weights
    /// at their defaults.
    fn term(variant: &str, fen: &str, set: impl Fn(&mut Weights, i32)) -> i32 {
        let (rules, _) = setup(variant);
        let score = |v: i32| {
            let mut w = Weights::default();
            set(&mut w, v);
            let e = Evaluator::with_weights(&*rules, w);
            e.evaluate(&rules.parse_position(fen).expect("test FEN"))
        };
        score(40) - score(0)
    }

    #[test]
    fn a_piece_attacked_by_a_pawn_or_left_undefended_scores_lower() {
        let threats = |w: &mut Weights, v| {
            w.threat_pawn_mg = v;
            w.threat_pawn_eg = v;
            w.hanging_mg = v;
            w.hanging_eg = v;
            w.hanging_pawn_mg = v;
            w.hanging_pawn_eg = v;
        };
        // (Both sides keep pawns, so that no material scaling hides the terms.) The
        // knight on e4 is attacked by the d5 pawn and defended by nothing.
        let attacked = term("orthodox", "4k3/6pp/8/3p4/4N3/8/PP6/4K3 w - - 0 1", threats);
        // Here the pawn attacks nothing and the knight is defended by the king.
        let safe = term("orthodox", "4k3/p5pp/8/8/4N3/4K3/PP6/8 w - - 0 1", threats);
        assert!(attacked < -40, "attacked knight: {attacked}");
        assert_eq!(safe, 0);
        // A rook attacked by a knight: the knight's side gains.
        let lesser = |w: &mut Weights, v| {
            w.threat_lesser_mg = v;
            w.threat_lesser_eg = v;
        };
        let by_knight = term("orthodox", "4k3/6pp/8/3r4/8/4N3/PP6/4K3 w - - 0 1", lesser);
        assert!(by_knight > 0, "rook attacked by a knight: {by_knight}");
        // A rook attacking a knight is no threat by a lesser piece.
        let by_rook = term("orthodox", "4k3/6pp/8/3n4/8/8/PP6/3RK3 w - - 0 1", lesser);
        assert_eq!(by_rook, 0);
    }

    #[test]
    fn a_rook_on_an_open_line_scores_higher_than_on_a_closed_one() {
        let lines = |w: &mut Weights, v| {
            w.line_open_mg = v;
            w.line_open_eg = v;
            w.line_half_mg = v / 2;
            w.line_half_eg = v / 2;
        };
        let open = term("orthodox", "4k3/pp6/8/8/8/8/PP6/3RK3 w - - 0 1", lines);
        let half = term("orthodox", "4k3/pp1p4/8/8/8/8/PP6/3RK3 w - - 0 1", lines);
        let closed = term("orthodox", "4k3/pp6/8/8/8/8/PP1P4/3RK3 w - - 0 1", lines);
        assert!(open > half && half > 0, "open {open} half {half}");
        assert_eq!(closed, 0);
        // The rook slides along the pawns' lines on every board; the bishop and the
        // queen (the most valuable kind) do not count.
        for variant in ["orthodox", "classic"] {
            let (rules, e) = setup(variant);
            let kind = |l: char| rules.info().kind_by_letter(l).expect("piece").index();
            assert!(e.line_slider[kind('R')], "{variant}");
            assert!(!e.line_slider[kind('B')] && !e.line_slider[kind('Q')]);
        }
    }

    #[test]
    fn bishops_on_both_colours_make_a_pair() {
        let (rules, e) = setup("orthodox");
        let kind = |l: char| rules.info().kind_by_letter(l).expect("piece").index();
        assert!(e.bound[kind('B')]);
        assert!(!e.bound[kind('N')] && !e.bound[kind('R')] && !e.bound[kind('Q')]);
        let pair_weights = |w: &mut Weights, v| {
            w.pair_mg = v;
            w.pair_eg = v;
        };
        let pair = term(
            "orthodox",
            "4k3/pp6/8/8/8/8/PP6/2B1KB2 w - - 0 1",
            pair_weights,
        );
        let same = term(
            "orthodox",
            "4k3/pp6/8/8/8/4B3/PP6/2B1K3 w - - 0 1",
            pair_weights,
        );
        assert!(pair > 0, "pair {pair}");
        assert_eq!(same, 0);
    }

    #[test]
    fn a_knight_on_an_outpost_scores_higher() {
        let outposts = |w: &mut Weights, v| {
            w.outpost_mg = v;
            w.outpost_eg = v;
        };
        // The e4 pawn defends d5 and no black pawn can come to attack it.
        let outpost = term(
            "orthodox",
            "4k3/pp5p/8/3N4/4P3/8/PP6/4K3 w - - 0 1",
            outposts,
        );
        // The c7 pawn can.
        let attackable = term(
            "orthodox",
            "4k3/ppp4p/8/3N4/4P3/8/PP6/4K3 w - - 0 1",
            outposts,
        );
        // No pawn defends it.
        let undefended = term(
            "orthodox",
            "4k3/pp5p/8/3N4/8/4P3/PP6/4K3 w - - 0 1",
            outposts,
        );
        assert!(outpost > 0, "outpost {outpost}");
        assert_eq!((attackable, undefended), (0, 0));
    }

    #[test]
    fn castling_rights_a_piece_at_home_and_pawns_side_by_side_have_their_weights() {
        let castling = |w: &mut Weights, v| w.castling_mg = v;
        let rights = term(
            "orthodox",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1",
            castling,
        );
        let none = term(
            "orthodox",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1",
            castling,
        );
        assert!(rights > 0, "castling rights {rights}");
        assert_eq!(none, 0);
        let home = |w: &mut Weights, v| {
            w.bound_back_mg = v;
            w.bound_back_eg = v;
        };
        let at_home = term("orthodox", "4k3/pp6/8/8/8/8/PP6/2B1K3 w - - 0 1", home);
        let out = term("orthodox", "4k3/pp6/8/8/8/8/PP1B4/4K3 w - - 0 1", home);
        assert!(at_home > 0, "bishop at home {at_home}");
        assert_eq!(out, 0);
        let phalanx = |w: &mut Weights, v| {
            w.phalanx_mg = v;
            w.phalanx_eg = v;
        };
        let beside = term("orthodox", "4k3/p1p5/8/8/3PP3/8/8/4K3 w - - 0 1", phalanx);
        let behind = term("orthodox", "4k3/p1p5/8/4P3/3P4/8/8/4K3 w - - 0 1", phalanx);
        assert!(beside > 0, "pawns side by side {beside}");
        assert_eq!(behind, 0);
    }

    #[test]
    fn a_check_from_an_unguarded_square_counts_against_the_king() {
        let checks = |w: &mut Weights, v| {
            w.safe_check_mg = v;
            w.safe_check_eg = v;
        };
        // The queen can check from d8, which nothing of Black's guards.
        let open = term("orthodox", "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", checks);
        // The rook on a8 guards d8.
        let guarded = term("orthodox", "r5k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", checks);
        assert!(open < 0, "safe check {open}");
        assert_eq!(guarded, 0);
    }

    #[test]
    fn the_pawn_cache_gives_what_the_evaluation_works_out() {
        let (rules, e) = setup("orthodox");
        let (classic, c) = setup("classic");
        let fens = [
            "r1bq1rk1/pp1nbppp/2p1pn2/6B1/2BP4/2N1PN2/PP3PPP/2RQK2R b K - 0 9",
            "8/5k2/3p4/1p1P1p2/1P3P2/6K1/8/8 w - - 0 1",
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        ];
        let first: Vec<i32> = fens
            .iter()
            .map(|f| e.evaluate(&rules.parse_position(f).expect("test FEN")))
            .collect();
        // Another variant's evaluator in between takes the thread's table over.
        let start = c.evaluate(&classic.start_position());
        for (f, &score) in fens.iter().zip(&first) {
            let pos = rules.parse_position(f).expect("test FEN");
            assert_eq!(e.evaluate(&pos), score, "{f}");
            assert_eq!(e.evaluate(&pos), score, "{f}");
        }
        assert_eq!(c.evaluate(&classic.start_position()), start);
        // A second evaluator with other weights never reads the first one's entries.
        let w = Weights {
            doubled_mg: 0,
            doubled_eg: 0,
            ..Weights::default()
        };
        let other = Evaluator::with_weights(&*rules, w);
        let doubled = rules
            .parse_position("4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1")
            .expect("test FEN");
        let fresh = other.evaluate(&doubled);
        assert_ne!(e.evaluate(&doubled), fresh);
        assert_eq!(other.evaluate(&doubled), fresh);
    }

    fn mates(rules: &dyn Rules, e: &Evaluator, letter: char) -> bool {
        let k = rules.info().kind_by_letter(letter).expect("piece");
        e.mates_alone[k.index()]
    }

    #[test]
    fn the_network_serves_orthodox_chess_and_chess960_only() {
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        for (variant, networked) in [
            ("orthodox", true),
            ("fischerandom", true),
            ("3check", false),
        ] {
            let (rules, e) = setup(variant);
            assert_eq!(e.net.is_some(), networked, "{variant}");
            let pos = rules.parse_position(fen).expect("test FEN");
            let without = Evaluator::corrected_with(&*rules, e.w.clone());
            assert_eq!(
                e.evaluate(&pos) != without.evaluate(&pos),
                networked,
                "{variant}"
            );
        }
    }

    #[test]
    fn the_weights_fitted_with_the_corrections_serve_only_the_variants_that_have_them() {
        let start = |e: &Evaluator, rules: &dyn Rules| e.evaluate(&rules.start_position());
        // Orthodox chess: the default set, under the corrections (the network aside).
        let (rules, mut e) = setup("orthodox");
        e.net = None;
        let fitted = Evaluator::corrected_with(&*rules, Weights::default());
        let alone = Evaluator::corrected_with(&*rules, Weights::for_axes(2));
        assert_eq!(start(&e, &*rules), start(&fitted, &*rules));
        assert_ne!(start(&e, &*rules), start(&alone, &*rules));
        // Three-check has no corrections: the 2D set fitted alone.
        let (rules, e) = setup("3check");
        let alone = Evaluator::with_weights(&*rules, Weights::for_axes(2));
        let fitted = Evaluator::with_weights(&*rules, Weights::default());
        assert_eq!(start(&e, &*rules), start(&alone, &*rules));
        assert_ne!(start(&e, &*rules), start(&fitted, &*rules));
    }

    #[test]
    fn the_pieces_that_mate_alone_follow_the_board() {
        let (rules, e) = setup("orthodox");
        assert!(mates(&*rules, &e, 'Q') && mates(&*rules, &e, 'R'));
        assert!(!mates(&*rules, &e, 'B') && !mates(&*rules, &e, 'N'));
        let (rules, e) = setup("classic");
        assert!(mates(&*rules, &e, 'Q'));
        assert!(!mates(&*rules, &e, 'R') && !mates(&*rules, &e, 'B') && !mates(&*rules, &e, 'N'));
    }

    #[test]
    fn in_giveaway_a_piece_more_is_a_liability() {
        // The file's values are negative: the side with fewer pieces stands better.
        let (rules, e) = setup("giveaway");
        let score = |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN"));
        let fewer = score("4k3/pppp4/8/8/8/8/PP6/4K3 w - - 0 1");
        let more = score("4k3/pp6/8/8/8/8/PPPP4/4K3 w - - 0 1");
        assert!(fewer > more, "fewer pieces {fewer}, more pieces {more}");
        // Orthodox values stay assets.
        let (rules, e) = setup("orthodox");
        let score = |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN"));
        let more = score("4k3/pp6/8/8/8/8/PPPP4/4K3 w - - 0 1");
        let fewer = score("4k3/pppp4/8/8/8/8/PP6/4K3 w - - 0 1");
        assert!(more > fewer, "more pieces {more}, fewer pieces {fewer}");
    }

    #[test]
    fn material_that_cannot_mate_scores_near_a_draw() {
        // The side to move's tempo bonus aside, which every score carries.
        let (rules, e) = setup("orthodox");
        let score =
            |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN")) - e.w.tempo;
        let kb = score("8/8/4k3/8/8/3BK3/8/8 w - - 0 1");
        assert!(kb.abs() < 80, "{kb}");
        assert!(score("8/8/4k3/8/8/3RK3/8/8 w - - 0 1") > 400);
        assert!(score("8/8/4k3/3b4/8/3RK3/8/8 w - - 0 1").abs() < 80);
        let (rules, e) = setup("classic");
        let score =
            |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN")) - e.w.tempo;
        let rook = score("4/4/4/R1K1|4/4/4/4|3k/4/4/4|4/4/4/4 w - - 0 1");
        assert!(rook.abs() < 100, "{rook}");
        assert!(score("4/4/4/Q1K1|4/4/4/4|3k/4/4/4|4/4/4/4 w - - 0 1") > 400);
    }

    #[test]
    fn a_passed_pawn_is_worth_more_the_closer_it_is_to_promotion() {
        let (rules, e) = setup("orthodox");
        let score = |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN"));
        let far = score("4k3/8/8/8/8/P7/8/4K3 w - - 0 1");
        let near = score("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let blocked_by_pawn = score("4k3/p7/8/8/8/P7/8/4K3 w - - 0 1");
        assert!(near > far + 100, "near {near} far {far}");
        assert!(
            far > blocked_by_pawn + 60,
            "far {far} blocked {blocked_by_pawn}"
        );
    }
}
