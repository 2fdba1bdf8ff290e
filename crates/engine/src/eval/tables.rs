//! How an evaluator is made from the rules: what the board walk needs of each piece
//! code, the per-square table of material and placement (middlegame and endgame) with
//! the goal terms and the square corrections added, and the king-bucket tables built
//! as a search meets them.

use super::bit_rays::BoardRays;
use super::family::Family;
use super::geometry::{self, Masks, PawnGeometry, RayTable};
use super::{
    CodeInfo, Evaluator, GEOMETRY_SQUARES, GOAL_STEP, Kind, chebyshev, material, net, pawn_cache,
    squares, values,
};
use crate::eval::Weights;
use chess4d_core::{Color, Piece, PieceKind, Position, Rules};
use std::sync::OnceLock;

/// The king corrections, and for each pair of king buckets the per-square table with
/// them added: built when a search first meets the pair (a game sees few of them), so
/// that a leaf looks up one value per piece as without them.
pub(super) struct KingTables {
    squares: squares::KingSquares,
    /// Per White king bucket * BUCKETS + Black king bucket.
    combined: Vec<OnceLock<Box<[[i32; 2]]>>>,
}

impl Evaluator {
    pub(crate) fn new(rules: &dyn Rules) -> Evaluator {
        let family = super::family::family_of(rules);
        let corrections = family.and_then(|f| squares::for_family(rules, f));
        // The default weights were fitted together with the square corrections; a
        // variant without them gets the set fitted alone, or its family's own.
        let weights = if corrections.is_some() {
            Weights::default()
        } else {
            Weights::for_axes(rules.info().shape.axes())
        };
        // A family's file is checked by a test; one that cannot be read adds nothing.
        let text = family.and_then(|f| f.values);
        let weights = text
            .and_then(|t| values::read_weights(t, weights.clone()).ok())
            .unwrap_or(weights);
        let mut eval = Evaluator::with_weights(rules, weights).corrected(corrections);
        eval.net = family.and_then(|f| net::NetEval::for_family(rules, f));
        if let Some(Ok(v)) = text.map(|t| values::read(t, rules)) {
            eval.add_values(&v);
        }
        eval
    }

    /// The evaluator for `w` and `values` in place of the family's own weights and
    /// material corrections (what `examples/tune_values.rs` fits).
    pub(crate) fn with_values(rules: &dyn Rules, w: Weights, v: &[values::KindValue]) -> Evaluator {
        let family = super::family::family_of(rules);
        let corrections = family.and_then(|f| squares::for_family(rules, f));
        let mut eval = Evaluator::with_weights(rules, w).corrected(corrections);
        eval.add_values(v);
        eval
    }

    /// `v` added to the material of each kind on every square and in hand.
    fn add_values(&mut self, v: &[values::KindValue]) {
        let n = self.squares;
        for (k, kv) in v.iter().enumerate().take(self.kinds.len()) {
            for color in Color::ALL {
                let code = Piece::new(PieceKind(k as u8), color).code() as usize;
                for cell in self.table.iter_mut().skip(code * n).take(n) {
                    cell[0] += kv.board[0];
                    cell[1] += kv.board[1];
                }
            }
            self.kinds[k].hand_value += kv.hand;
        }
    }

    /// The evaluator for `w` with the square corrections of the variant's family, if
    /// it has any.
    pub(crate) fn corrected_with(rules: &dyn Rules, w: Weights) -> Evaluator {
        let family: Option<&Family> = super::family::family_of(rules);
        let corrections = family.and_then(|f| squares::for_family(rules, f));
        Evaluator::with_weights(rules, w).corrected(corrections)
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
        let words = squares.div_ceil(64);
        let Learned {
            kinds,
            rays,
            region,
            pawns,
            zones,
            max_value,
        } = learn_kinds(rules, &w, squares, words);
        let royal: Vec<bool> = kinds.iter().map(|k| k.royal).collect();
        let safe_checks = (w.safe_check_mg, w.safe_check_eg) != (0, 0);
        // A hopper's reach depends on its screen: the walk keeps it.
        let bit_rays = if kinds.iter().any(|k| k.hopper) {
            None
        } else {
            BoardRays::build(&rays, squares)
        };
        let start = rules.start_position();
        let forward = forward(&coords, &start, &royal, shape.sizes());
        let phase_total = start
            .pieces()
            .filter(|(_, p)| !kinds[p.kind().index()].pawn)
            .map(|(_, p)| kinds[p.kind().index()].value)
            .sum::<i32>()
            .max(1);
        let mut e = Evaluator {
            id: pawn_cache::new_owner(),
            squares,
            words,
            w,
            max_value,
            table: Vec::new(),
            code_info: Box::new([CodeInfo::default(); 256]),
            kinds,
            coords,
            move_limit: info.move_limit_plies as i32,
            edge,
            bare_kings_draw: info.bare_kings_draw,
            phase_total,
            rays,
            bit_rays,
            region,
            pawns,
            zones,
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
            *info = match self.kinds.get(k) {
                Some(kind) => CodeInfo {
                    value: kind.value,
                    side: piece.color().index() as u8,
                    royal: kind.royal,
                    pawn: kind.pawn,
                    mates_alone: kind.mates_alone,
                },
                // Kinds the variant does not have count as royal: nothing is tallied.
                None => CodeInfo::default(),
            };
        }
    }

    /// Material and per-square terms for every piece code on every square.
    fn fill_tables(&mut self, centrality: &[i32], ranks: u8) {
        let codes = 2 * self.kinds.len() + 2;
        let n = self.squares;
        self.table = vec![[0; 2]; codes * n];
        let ranks = (ranks.max(2) - 1) as i32;
        for k in 0..self.kinds.len() {
            for color in Color::ALL {
                let code = Piece::new(PieceKind(k as u8), color).code() as usize;
                for (sq, &c) in centrality.iter().enumerate().take(n) {
                    let f = self.forward[color.index()][sq];
                    let material = self.kinds[k].value + self.kinds[k].liability;
                    let (mg, eg) = if self.kinds[k].royal {
                        (
                            (self.w.king_centre_mg * c + self.w.king_forward_mg * f) / 100,
                            (self.w.king_centre_eg * c + self.w.king_forward_eg * f) / 100,
                        )
                    } else if self.kinds[k].pawn {
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
                        let adv = self.kinds[k].value * p / 1024 * p / 1024;
                        (
                            adv * self.w.advance_mg / 100
                                + 4 * c / 100
                                + material * self.w.pawn_value_mg / 100,
                            adv * self.w.advance_eg / 100 + material * self.w.pawn_value_eg / 100,
                        )
                    } else {
                        let r = self.w.role(self.kinds[k].role.unwrap_or(0));
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

    /// The per-square table for where the kings stand.
    #[inline]
    pub(super) fn square_table(&self, pos: &Position) -> &[[i32; 2]] {
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
}

/// What the evaluator learns of the piece kinds from the rules on an empty board.
struct Learned {
    kinds: Vec<Kind>,
    rays: RayTable,
    region: Vec<u8>,
    pawns: Option<PawnGeometry>,
    zones: Option<Masks>,
    max_value: i32,
}

/// Each kind's rays, mobility, roles and weights; the pawns' lines and the kings'
/// zones (on boards small enough to learn them).
fn learn_kinds(rules: &dyn Rules, w: &Weights, squares: usize, words: usize) -> Learned {
    let info = rules.info();
    let kinds = info.pieces.len();
    let value: Vec<i32> = info
        .pieces
        .iter()
        .map(|p| if p.royal { 0 } else { p.value.max(0) })
        .collect();
    let royal: Vec<bool> = info.pieces.iter().map(|p| p.royal).collect();
    let pawn: Vec<bool> = info.pieces.iter().map(|p| p.pawn).collect();
    let learn = squares <= GEOMETRY_SQUARES;
    let movers: Vec<bool> = (0..kinds).map(|k| learn && !royal[k] && !pawn[k]).collect();
    let rays = RayTable::build(rules, &movers);
    let (mobility_scale, mobility_mean) = mobility_weights(&rays, squares, kinds, &movers);
    let hopper = geometry::hoppers(rules, &rays, &movers);
    let mates_alone: Vec<bool> = (0..kinds)
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
    let line_slider: Vec<bool> = match &pawns {
        Some(g) => geometry::line_sliders(&rays, g, squares, &movers, words)
            .into_iter()
            .zip(&value)
            .map(|(s, &v)| s && v < max_value)
            .collect(),
        None => vec![false; kinds],
    };
    let outpost_kind: Vec<bool> = (0..kinds)
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
    let attack_weight: Vec<i32> = role
        .iter()
        .zip(&value)
        .map(|(r, &v)| isqrt(v) / 6 * r.map_or(100, |r| w.role(r).attack) / 25)
        .collect();
    let mobility: Vec<[i32; 2]> = role
        .iter()
        .map(|r| r.map_or([0, 0], |r| w.role(r).mobility))
        .collect();
    let kinds: Vec<Kind> = (0..kinds)
        .map(|k| Kind {
            value: value[k],
            liability: if royal[k] {
                0
            } else {
                info.pieces[k].value.min(0)
            },
            royal: royal[k],
            pawn: pawn[k],
            mobility_scale: mobility_scale[k],
            mobility_mean: mobility_mean[k],
            attack_weight: attack_weight[k],
            hopper: hopper[k],
            mates_alone: mates_alone[k],
            line_slider: line_slider[k],
            outpost: outpost_kind[k],
            bound: bound[k],
            role: role[k],
            mobility: mobility[k],
            hand_value: value[k],
        })
        .collect();
    Learned {
        kinds,
        rays,
        region,
        pawns,
        zones,
        max_value,
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
