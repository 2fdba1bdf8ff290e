//! The positional terms over the learned geometry: pawn structure and passed pawns,
//! mobility, and king safety. Everything is from White's view, middlegame and endgame
//! apart.

use super::geometry::{common, holds, meets};
use super::{Evaluator, GEOMETRY_SQUARES, MAX_WORDS, chebyshev};
use chess4d_core::{Color, Piece, Position};

type Set = [u64; MAX_WORDS];

/// Square flags for the ray walk: attacked by White's pawns (Black's: shifted by one).
const PAWN_ATTACK: u8 = 1;
/// Square flags: in White's king neighbourhood (Black's: shifted by one).
const KING_ZONE: u8 = 4;

/// Attack units beyond this add no danger (a king cannot be more than lost).
const MAX_UNITS: i32 = 48;

/// Per side: middlegame and endgame sums, and the attacks on its king.
#[derive(Default, Clone, Copy)]
struct Tally {
    mg: i32,
    eg: i32,
    /// Pieces of the other side that reach this side's king neighbourhood.
    attackers: i32,
    /// Their weighted number of squares reached there.
    units: i32,
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
        pieces: &[(u16, u8)],
    ) -> (i32, i32) {
        let Some(g) = self.pawns.as_ref() else {
            return (0, 0);
        };
        let words = self.words;
        let n = self.squares;
        let mut t = [Tally::default(); 2];
        let mut pawn_attacks = [[0u64; MAX_WORDS]; 2];
        for (c, color) in Color::ALL.into_iter().enumerate() {
            let own = &pawns[c][..words];
            let enemy = &pawns[1 - c][..words];
            each(own, |sq| {
                let set = c * n + sq;
                for (a, b) in pawn_attacks[c].iter_mut().zip(g.attacks.get(set)) {
                    *a |= b;
                }
                let (mg, eg) = self.pawn_terms(pos, color, sq, own, enemy);
                t[c].mg += mg;
                t[c].eg += eg;
            });
        }
        let board = pos.board();
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
        // One byte per square says what the ray walk asks of it: in which king's
        // neighbourhood it lies and which side's pawns attack it.
        let mut flags = [0u8; GEOMETRY_SQUARES];
        for c in 0..2 {
            each(&pawn_attacks[c][..words], |sq| {
                flags[sq] |= PAWN_ATTACK << c
            });
            if let Some(z) = zones[c] {
                each(z, |sq| flags[sq] |= KING_ZONE << c);
            }
        }
        for &(sq, code) in pieces {
            let Some(p) = Piece::from_code(code) else {
                continue;
            };
            let c = p.color().index();
            let k = p.kind().index();
            let (unsafe_bit, zone_bit) = (PAWN_ATTACK << (1 - c), KING_ZONE << (1 - c));
            let (mut moves, mut hits) = (0i32, 0i32);
            for ray in self.rays.rays(code as usize, n, sq as usize) {
                for &to in ray {
                    let to = to as usize;
                    let f = flags[to];
                    hits += (f & zone_bit != 0) as i32;
                    match board[to] {
                        None => moves += (f & unsafe_bit == 0) as i32,
                        Some(q) => {
                            moves += (q.color() != p.color()) as i32;
                            break;
                        }
                    }
                }
            }
            let mob = (moves - self.mobility_mean[k]) * self.mobility_scale[k];
            t[c].mg += mob * self.w.mobility_mg / 16;
            t[c].eg += mob * self.w.mobility_eg / 16;
            if hits > 0 {
                t[1 - c].attackers += 1;
                let hits = (hits * 9 + zone_len[1 - c] / 2) / zone_len[1 - c];
                t[1 - c].units += hits.min(4) * self.attack_weight[k];
            }
        }
        for (c, color) in Color::ALL.into_iter().enumerate() {
            if let Some(k) = pos.king(color) {
                let (mg, eg) = self.king_terms(color, k.index(), &pawns[c][..words], &t[c]);
                t[c].mg += mg;
                t[c].eg += eg;
            }
        }
        (t[0].mg - t[1].mg, t[0].eg - t[1].eg)
    }

    /// One pawn's structure terms: doubled, isolated, supported, passed.
    fn pawn_terms(
        &self,
        pos: &Position,
        color: Color,
        sq: usize,
        own: &[u64],
        enemy: &[u64],
    ) -> (i32, i32) {
        let Some(g) = self.pawns.as_ref() else {
            return (0, 0);
        };
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
        if !meets(g.passed_span.get(set), enemy)
            && let Some(p) = g.progress(color, self.squares, sq)
        {
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
            mg += bmg;
            eg += beg;
        }
        (mg, eg)
    }

    /// King safety: the pawn shield, lines into the king without a pawn of its side,
    /// and the attacks on its neighbourhood.
    fn king_terms(&self, color: Color, king: usize, own: &[u64], t: &Tally) -> (i32, i32) {
        let Some(g) = self.pawns.as_ref() else {
            return (0, 0);
        };
        let w = &self.w;
        let set = color.index() * self.squares + king;
        let shield = common(g.shield.get(set), own).min(3) as i32;
        let mut mg = shield * w.shield_mg;
        let lines = &g.lateral[king];
        if !lines.is_empty() {
            let open = lines
                .iter()
                .filter(|&&s| {
                    let s = s as usize;
                    !holds(own, s)
                        && !meets(g.front_line.get(color.index() * self.squares + s), own)
                })
                .count() as i32;
            mg += w.open_line_mg * open * 3 / lines.len() as i32;
        }
        // Danger grows with the square of the attack: one piece near the king is
        // little, several together are a mating attack.
        let units = t.units.min(MAX_UNITS);
        let mut danger = units * units / 64;
        if t.attackers < 2 {
            danger /= 4;
        }
        mg += danger * w.king_attack_mg;
        let eg = danger * w.king_attack_eg;
        (mg, eg)
    }
}
