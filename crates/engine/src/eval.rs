//! Evaluation from the variant's own piece values, with shape-free positional terms.
//!
//! Everything positional is precomputed per (piece, square) when the search starts:
//! a piece's reach on the empty board (its mobility there), centralisation from
//! coordinates normalised per axis, and pawn advancement. At a leaf the evaluator only
//! walks the board once, adding table entries and a king-tropism term (enemy pieces
//! close to a king) that stands in for king safety on any board shape.

use chess4d_core::{Color, Piece, PieceKind, Position, Rules, Square};

/// The bonus for having the move, in centipawns.
const TEMPO: i32 = 10;
/// Boards larger than this skip the reach tables (building them would cost more than
/// they give on a short search).
const REACH_SQUARES: usize = 1024;

/// A variant's evaluation tables.
pub(crate) struct Evaluator {
    squares: usize,
    /// Material plus position for every piece code on every square: `code * squares + sq`.
    table: Vec<i32>,
    /// Per kind: value (0 for royal pieces), royal, pawn, tropism weight.
    value: Vec<i32>,
    royal: Vec<bool>,
    pawn: Vec<bool>,
    tropism: Vec<i32>,
    coords: Vec<[u8; 4]>,
    /// The variant's move limit in plies (0: none).
    move_limit: i32,
    /// 0 in the centre, 100 in a corner: where a lone king is easiest to mate.
    edge: Vec<i32>,
    bare_kings_draw: bool,
}

impl Evaluator {
    pub(crate) fn new(rules: &dyn Rules) -> Evaluator {
        let info = rules.info();
        let shape = info.shape;
        let squares = shape.len();
        let sizes = shape.sizes();
        let coords: Vec<[u8; 4]> = shape.squares().map(|s| shape.coords(s)).collect();
        // Centralisation counts only axes longer than two: on a two-long axis both
        // positions are equally central.
        let centre = |c: &[u8; 4]| -> f32 {
            let (mut sum, mut n) = (0.0f32, 0);
            for (axis, &size) in sizes.iter().enumerate() {
                if size > 2 {
                    let t = c[axis] as f32 / (size - 1) as f32;
                    sum += 1.0 - (2.0 * t - 1.0).abs();
                    n += 1;
                }
            }
            if n == 0 { 0.5 } else { sum / n as f32 }
        };
        let centrality: Vec<f32> = coords.iter().map(centre).collect();
        let edge = centrality
            .iter()
            .map(|&c| ((1.0 - c) * 100.0) as i32)
            .collect();
        let kinds = info.pieces.len();
        let value: Vec<i32> = info
            .pieces
            .iter()
            .map(|p| if p.royal { 0 } else { p.value.max(0) })
            .collect();
        let royal: Vec<bool> = info.pieces.iter().map(|p| p.royal).collect();
        let pawn: Vec<bool> = info.pieces.iter().map(|p| p.pawn).collect();
        let tropism = value.iter().map(|v| (v / 100).min(12) * 2).collect();

        let codes = 2 * kinds + 2;
        let mut table = vec![0i32; codes * squares];
        let ranks = sizes[1].max(2) as f32 - 1.0;
        for k in 0..kinds {
            let reach = if royal[k] || pawn[k] || squares > REACH_SQUARES {
                None
            } else {
                reach_table(rules, PieceKind(k as u8))
            };
            for color in Color::ALL {
                let code = Piece::new(PieceKind(k as u8), color).code() as usize;
                for sq in 0..squares {
                    let c = &coords[sq];
                    let positional = if royal[k] {
                        0
                    } else if pawn[k] {
                        let y = c[1] as f32;
                        let progress = match color {
                            Color::White => y / ranks,
                            Color::Black => (ranks - y) / ranks,
                        };
                        (value[k] as f32 * 0.35 * progress * progress + 6.0 * centrality[sq]) as i32
                    } else {
                        let mobility = reach.as_ref().map_or(0, |r| r[sq]);
                        mobility + (10.0 * centrality[sq]) as i32
                    };
                    table[code * squares + sq] = value[k] + positional;
                }
            }
        }
        Evaluator {
            squares,
            table,
            value,
            royal,
            pawn,
            tropism,
            coords,
            move_limit: info.move_limit_plies as i32,
            edge,
            bare_kings_draw: info.bare_kings_draw,
        }
    }

    /// The value of a piece kind (0 for royal pieces and unknown kinds).
    #[inline]
    pub(crate) fn value(&self, kind: PieceKind) -> i32 {
        self.value.get(kind.index()).copied().unwrap_or(0)
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

    /// The worth of the pieces `side` holds in hand.
    fn in_hand(&self, pos: &Position, side: Color) -> i32 {
        (0..self.value.len())
            .map(|k| self.value[k] * pos.in_hand(side, PieceKind(k as u8)) as i32)
            .sum()
    }

    /// The score from the side to move's view.
    pub(crate) fn evaluate(&self, pos: &Position) -> i32 {
        let kings = [pos.king(Color::White), pos.king(Color::Black)];
        let king_at = |c: usize| kings[c].map(|k| self.coords[k.index()]);
        let king_coords = [king_at(0), king_at(1)];
        let mut score = [0i32; 2];
        let mut material = [0i32; 2];
        let mut any = false;
        for (i, slot) in pos.board().iter().enumerate() {
            let Some(p) = *slot else { continue };
            let code = p.code() as usize;
            let k = p.kind().index();
            let c = p.color().index();
            score[c] += self
                .table
                .get(code * self.squares + i)
                .copied()
                .unwrap_or(0);
            if self.royal.get(k).copied().unwrap_or(true) {
                continue;
            }
            any = true;
            material[c] += self.value[k];
            if let Some(ek) = king_coords[1 - c] {
                let d = chebyshev(&self.coords[i], &ek);
                score[c] += self.tropism[k] * (3 - d).max(0);
            }
        }
        // Pieces in hand (crazyhouse, shogi) count at their value.
        if pos.has_pockets() {
            for c in Color::ALL {
                let held = self.in_hand(pos, c);
                score[c.index()] += held;
                material[c.index()] += held;
                any |= held > 0;
            }
        }
        if !any && self.bare_kings_draw {
            return 0;
        }
        // Mop-up: the side far ahead drives the lone king to the edge and walks its own
        // king closer, which is how a won ending becomes a mate.
        for strong in 0..2 {
            let weak = 1 - strong;
            if material[strong] >= material[weak] + 400
                && material[weak] <= 1000
                && let (Some(wk), Some(sk)) = (kings[weak], king_coords[strong])
            {
                let wc = self.coords[wk.index()];
                score[strong] += self.edge[wk.index()] / 3 + 8 * (4 - chebyshev(&wc, &sk)).max(0);
            }
        }
        let us = pos.side_to_move().index();
        let s = score[us] - score[1 - us] + TEMPO;
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
}

#[inline]
fn chebyshev(a: &[u8; 4], b: &[u8; 4]) -> i32 {
    let mut d = 0;
    for i in 0..4 {
        d = d.max((a[i] as i32 - b[i] as i32).abs());
    }
    d
}

/// A piece's mobility bonus on every square: its move count standing alone on the
/// board, centred on its average and scaled to about ±12 centipawns.
fn reach_table(rules: &dyn Rules, kind: PieceKind) -> Option<Vec<i32>> {
    let shape = rules.info().shape;
    let mut counts = Vec::with_capacity(shape.len());
    let mut moves = Vec::new();
    for sq in shape.squares() {
        let mut pos = Position::empty(shape);
        pos.put(sq, Some(Piece::new(kind, Color::White)));
        rules.legal_moves(&pos, &mut moves);
        counts.push(moves.len() as i32);
    }
    let (min, max) = (*counts.iter().min()?, *counts.iter().max()?);
    if max == min {
        return None;
    }
    let mean = counts.iter().sum::<i32>() / counts.len() as i32;
    Some(
        counts
            .iter()
            .map(|&n| (n - mean) * 24 / (max - min))
            .collect(),
    )
}

/// The square of the captured piece of `mv`, if it takes an enemy piece.
#[inline]
pub(crate) fn victim(pos: &Position, mv: &chess4d_core::Move) -> Option<Piece> {
    let us = pos.side_to_move();
    let at = |s: Square| pos.piece_at(s).filter(|p| p.color() != us);
    mv.capture.and_then(at).or_else(|| at(mv.to))
}
