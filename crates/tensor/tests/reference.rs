//! A second, deliberately naive implementation of the rules — coordinates instead of
//! masks, route walking instead of closures, and "attacked" defined literally as "some
//! capture of the other side lands there" — compared with the crate on random positions
//! and random games: the same set of resulting boards, and the same attacked squares.

mod common;
use std::collections::{HashMap, HashSet};
use tensor_chess::{
    Color, Move, Position, SQUARES, is_attacked, legal_moves, make_move, parse_fen, to_fen,
};

type Board = [u8; SQUARES];
const K: u8 = 0;
const Q: u8 = 1;
const R: u8 = 2;
const B: u8 = 3;
const N: u8 = 4;
const P: u8 = 5;
const T: u8 = 6;

fn code(kind: u8, color: u8) -> u8 {
    1 + kind * 2 + color
}
fn kind(c: u8) -> u8 {
    (c - 1) >> 1
}
fn color(c: u8) -> u8 {
    (c - 1) & 1
}
fn idx(x: i32, y: i32) -> Option<usize> {
    ((0..10).contains(&x) && (0..8).contains(&y)).then(|| (x + 10 * y) as usize)
}
fn xy(s: usize) -> (i32, i32) {
    ((s % 10) as i32, (s / 10) as i32)
}

const STRAIGHT: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ALL: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

struct Gen<'a> {
    b: &'a Board,
    us: u8,
    out: Vec<Board>,
}

impl Gen<'_> {
    fn own_monster(&self, s: usize) -> bool {
        self.b[s] != 0 && color(self.b[s]) == self.us && kind(self.b[s]) == T
    }
    /// Empty, or an enemy that is not a monster.
    fn can_land(&self, s: usize) -> bool {
        self.b[s] == 0 || (color(self.b[s]) != self.us && kind(self.b[s]) != T)
    }
    fn result(&mut self, from: usize, to: usize, piece: u8) {
        let mut r = *self.b;
        r[from] = 0;
        r[to] = piece;
        self.out.push(r);
    }

    fn monster(&mut self, s: usize) {
        let mut base = *self.b;
        base[s] = 0;
        let me = self.b[s];
        let (x, y) = xy(s);
        for (dx, dy) in ALL {
            if let Some(t) = idx(x + dx, y + dy).filter(|&t| base[t] == 0) {
                self.result(s, t, me);
            }
        }
        for family in [&STRAIGHT, &DIAG] {
            let mut reach = vec![s];
            let mut seen = HashSet::from([s]);
            let mut i = 0;
            while i < reach.len() {
                let (qx, qy) = xy(reach[i]);
                i += 1;
                for &(dx, dy) in family.iter() {
                    let (Some(over), Some(land)) =
                        (idx(qx + dx, qy + dy), idx(qx + 2 * dx, qy + 2 * dy))
                    else {
                        continue;
                    };
                    if base[over] != 0 && base[land] == 0 && seen.insert(land) {
                        reach.push(land);
                    }
                    if base[over] != 0
                        && color(base[over]) != self.us
                        && kind(base[over]) == T
                        && base[land] == 0
                    {
                        let mut r = base;
                        r[over] = 0;
                        r[land] = me;
                        self.out.push(r);
                    }
                }
            }
            for &t in &reach[1..] {
                self.result(s, t, me);
            }
        }
    }

    /// Slides on from `from` (exclusive) in `d`, passing over own monsters.
    fn slide_stops(&self, from: usize, d: (i32, i32)) -> Vec<usize> {
        let mut stops = Vec::new();
        let (mut x, mut y) = xy(from);
        loop {
            x += d.0;
            y += d.1;
            let Some(t) = idx(x, y) else { break };
            if self.b[t] == 0 {
                stops.push(t);
            } else if self.own_monster(t) {
                continue;
            } else {
                if self.can_land(t) {
                    stops.push(t);
                }
                break;
            }
        }
        stops
    }

    fn slider(&mut self, s: usize, dirs: &[(i32, i32)]) {
        let me = self.b[s];
        for &d in dirs {
            for t in self.slide_stops(s, d) {
                self.result(s, t, me);
            }
            // Every own monster along the way: bounce or push.
            let (mut x, mut y) = xy(s);
            loop {
                x += d.0;
                y += d.1;
                let Some(m) = idx(x, y) else { break };
                if self.b[m] == 0 {
                    continue;
                }
                if !self.own_monster(m) {
                    break;
                }
                let family = if d.0 == 0 || d.1 == 0 {
                    &STRAIGHT
                } else {
                    &DIAG
                };
                for &e in family.iter().filter(|e| e.0 * d.0 + e.1 * d.1 == 0) {
                    for t in self.slide_stops(m, e) {
                        self.result(s, t, me);
                    }
                }
                let mut pushed = *self.b;
                pushed[s] = 0;
                pushed[m] = me;
                for &e in dirs {
                    let (mut px, mut py) = xy(m);
                    loop {
                        px += e.0;
                        py += e.1;
                        let Some(t) = idx(px, py).filter(|&t| pushed[t] == 0) else {
                            break;
                        };
                        let mut r = pushed;
                        r[t] = self.b[m];
                        self.out.push(r);
                    }
                }
            }
        }
    }

    fn knight(&mut self, s: usize) {
        let me = self.b[s];
        let (x, y) = xy(s);
        for (dx, dy) in KNIGHT {
            let Some(t) = idx(x + dx, y + dy) else {
                continue;
            };
            if self.can_land(t) {
                self.result(s, t, me);
            }
            if self.own_monster(t) {
                let (tx, ty) = xy(t);
                for (ex, ey) in KNIGHT {
                    let Some(u) = idx(tx + ex, ty + ey) else {
                        continue;
                    };
                    if u != s && self.can_land(u) {
                        self.result(s, u, me);
                    }
                    if u == s || self.b[u] == 0 {
                        let mut r = *self.b;
                        r[s] = 0;
                        r[t] = me;
                        r[u] = self.b[t];
                        self.out.push(r);
                    }
                }
            }
        }
    }

    fn pawn(&mut self, s: usize, ep: Option<usize>) {
        let me = self.b[s];
        let (x, y) = xy(s);
        let (f, start, last) = if self.us == 0 { (1, 1, 7) } else { (-1, 6, 0) };
        let land = |g: &mut Gen, to: usize| {
            if xy(to).1 == last {
                for k in [Q, R, B, N, T] {
                    g.result(s, to, code(k, g.us));
                }
            } else {
                g.result(s, to, me);
            }
        };
        if let Some(one) = idx(x, y + f) {
            if self.b[one] == 0 {
                land(self, one);
            }
            if let Some(two) = idx(x, y + 2 * f).filter(|&t| y == start && self.b[t] == 0) {
                if self.b[one] == 0 || self.own_monster(one) {
                    self.result(s, two, me);
                }
                if self.own_monster(one) {
                    let mut r = *self.b;
                    r[s] = 0;
                    r[one] = me;
                    r[two] = self.b[one];
                    self.out.push(r);
                }
            }
        }
        for dx in [-1, 1] {
            let Some(t) = idx(x + dx, y + f) else {
                continue;
            };
            if self.b[t] != 0 && self.can_land(t) {
                land(self, t);
            } else if let Some(v) = idx(x + dx, y).filter(|_| Some(t) == ep) {
                let mut r = *self.b;
                r[s] = 0;
                r[v] = 0;
                r[t] = me;
                self.out.push(r);
            }
        }
    }

    fn king(&mut self, s: usize) {
        let me = self.b[s];
        let (x, y) = xy(s);
        for (dx, dy) in ALL {
            if let Some(t) = idx(x + dx, y + dy).filter(|&t| self.can_land(t)) {
                self.result(s, t, me);
            }
        }
    }
}

fn pseudo(b: &Board, us: u8, ep: Option<usize>) -> Vec<Board> {
    let mut g = Gen {
        b,
        us,
        out: Vec::new(),
    };
    for (s, &c) in b.iter().enumerate() {
        if c == 0 || color(c) != us {
            continue;
        }
        match kind(c) {
            K => g.king(s),
            Q => g.slider(s, &ALL),
            R => g.slider(s, &STRAIGHT),
            B => g.slider(s, &DIAG),
            N => g.knight(s),
            P => g.pawn(s, ep),
            _ => g.monster(s),
        }
    }
    g.out
}

/// Literally: with a piece of the other side standing on `sq` (a stand-in knight when
/// the square is empty or holds a piece of `by`), some move of `by` lands on it.
fn attacked(b: &Board, sq: usize, by: u8) -> bool {
    let mut probe = *b;
    if probe[sq] == 0 || color(probe[sq]) == by {
        probe[sq] = code(N, 1 - by);
    }
    pseudo(&probe, by, None)
        .iter()
        .any(|r| r[sq] != 0 && color(r[sq]) == by)
}

fn king_of(b: &Board, us: u8) -> Option<usize> {
    (0..SQUARES).find(|&s| b[s] == code(K, us))
}

fn reference_results(pos: &Position) -> HashSet<Board> {
    let b = *pos.board();
    let us = pos.side_to_move() as u8;
    let ep = pos.en_passant().map(|s| s as usize);
    let mut all = pseudo(&b, us, ep);
    // Castling, straight from the rule text.
    let y = if us == 0 { 0 } else { 7 };
    let rights = pos.castling_rights() >> (2 * us);
    for (bit, rook_x, options) in [(1u8, 9, [(8, 7), (7, 6)]), (2u8, 0, [(1, 2), (2, 3)])] {
        if rights & bit == 0 {
            continue;
        }
        let (Some(kf), Some(rf)) = (idx(5, y), idx(rook_x, y)) else {
            continue;
        };
        let lo = rook_x.min(5) + 1;
        let hi = rook_x.max(5);
        let clear = (lo..hi).all(|x| {
            let s = (x + 10 * y) as usize;
            b[s] == 0 || (color(b[s]) == us && kind(b[s]) == T)
        });
        if !clear || attacked(&b, kf, 1 - us) {
            continue;
        }
        for (kx, rx) in options {
            let (kt, rt) = ((kx + 10 * y) as usize, (rx + 10 * y) as usize);
            if b[kt] != 0 || b[rt] != 0 {
                continue;
            }
            let step = if kx > 5 { 1 } else { -1 };
            let mut x = 5;
            let mut safe = true;
            while x != kx {
                x += step;
                let s = (x + 10 * y) as usize;
                let own_monster = b[s] != 0 && color(b[s]) == us && kind(b[s]) == T;
                if !own_monster && attacked(&b, s, 1 - us) {
                    safe = false;
                }
            }
            if safe {
                let mut r = b;
                r[kf] = 0;
                r[rf] = 0;
                r[kt] = code(K, us);
                r[rt] = code(R, us);
                all.push(r);
            }
        }
    }
    all.into_iter()
        .filter(|r| king_of(r, us).is_some_and(|k| !attacked(r, k, 1 - us)))
        .collect()
}

/// Returns the crate's resulting boards. Two moves may give the same board only in one
/// case: two monsters each jumping out over the same enemy monster and back onto their
/// own start squares to take it. They are different moves (different pieces, different
/// from-squares), as the spec's list of what identifies a move says.
fn crate_results(pos: &Position) -> HashSet<Board> {
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    let mut seen: HashMap<Board, Move> = HashMap::new();
    for &mv in &moves {
        let mut next = pos.clone();
        make_move(&mut next, mv);
        if let Some(other) = seen.insert(*next.board(), mv) {
            let returns = |m: Move| m.from() == m.to() && m.capture_square().is_some();
            assert!(
                returns(mv) && returns(other) && mv.capture_square() == other.capture_square(),
                "{other} and {mv} give the same board in {}",
                to_fen(pos)
            );
        }
    }
    seen.into_keys().collect()
}

fn compare(pos: &Position, with_attacks: bool) {
    let mine = crate_results(pos);
    let theirs = reference_results(pos);
    if mine != theirs {
        // Name each differing board by the squares it changes (square:code).
        let show = |b: &Board| {
            (0..SQUARES)
                .filter(|&s| b[s] != pos.board()[s])
                .map(|s| format!("{}:{}", tensor_chess::square_name(s as u8), b[s]))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let extra: Vec<String> = mine.difference(&theirs).map(show).collect();
        let missing: Vec<String> = theirs.difference(&mine).map(show).collect();
        panic!(
            "{}\n crate only: {extra:?}\n reference only: {missing:?}",
            to_fen(pos)
        );
    }
    if !with_attacks {
        return;
    }
    // Attack tests agree on every empty or non-monster square, for both sides.
    let b = pos.board();
    for s in 0..SQUARES {
        if b[s] != 0 && kind(b[s]) == T {
            continue;
        }
        for by in [Color::White, Color::Black] {
            assert_eq!(
                is_attacked(pos, s as u8, by),
                attacked(b, s, by as u8),
                "attack on {} by {by:?} in {}",
                tensor_chess::square_name(s as u8),
                to_fen(pos)
            );
        }
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_position(rng: &mut Rng) -> Option<Position> {
    let mut b: Board = [0; SQUARES];
    let castle = rng.below(2) == 0;
    let mut rights = String::new();
    if castle {
        b[5] = code(K, 0);
        b[75] = code(K, 1);
        for (sq, c, color) in [(9, 'K', 0), (0, 'Q', 0), (79, 'k', 1), (70, 'q', 1)] {
            if rng.below(4) != 0 {
                b[sq] = code(R, color);
                rights.push(c);
            }
        }
    } else {
        let wk = rng.below(SQUARES);
        b[wk] = code(K, 0);
        let bk = rng.below(SQUARES);
        if b[bk] != 0 {
            return None;
        }
        b[bk] = code(K, 1);
    }
    let extra = 2 + rng.below(14);
    for _ in 0..extra {
        let s = rng.below(SQUARES);
        // Monsters are the point: make them common.
        let k = [Q, R, B, N, P, T, T, T][rng.below(8)];
        let c = rng.below(2) as u8;
        let y = s / 10;
        if b[s] != 0 || (k == P && (y == 0 || y == 7)) {
            continue;
        }
        if castle && rng.below(2) == 0 && y != 0 && y != 7 {
            // Crowd the back ranks to exercise the castling rules.
            let back = (s % 10) + if c == 0 { 0 } else { 70 };
            if b[back] == 0 {
                b[back] = code(if rng.below(2) == 0 { T } else { k }, c);
                if kind(b[back]) == P {
                    b[back] = code(T, c);
                }
                continue;
            }
        }
        b[s] = code(k, c);
    }
    let mut fen = String::new();
    for y in (0..8).rev() {
        let mut empty = 0;
        for x in 0..10 {
            let c = b[x + 10 * y];
            if c == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                fen += &empty.to_string();
                empty = 0;
            }
            let letter = ['K', 'Q', 'R', 'B', 'N', 'P', 'T'][kind(c) as usize];
            fen.push(if color(c) == 0 {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
        if empty > 0 {
            fen += &empty.to_string();
        }
        if y > 0 {
            fen.push('/');
        }
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    if rights.is_empty() {
        rights.push('-');
    }
    parse_fen(&format!("{fen} {side} {rights} - 0 1")).ok()
}

#[test]
fn random_positions_agree_with_the_naive_rules() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut checked = 0;
    // What kinds of move the sample exercised: castling, push, bounce, monster capture.
    let mut seen = [0usize; 4];
    while checked < 3000 {
        if let Some(p) = random_position(&mut rng) {
            compare(&p, true);
            checked += 1;
            let mut moves = Vec::new();
            legal_moves(&p, &mut moves);
            for mv in moves {
                let monster = p
                    .piece_at(mv.from())
                    .is_some_and(|x| x.kind == tensor_chess::Kind::Monster);
                seen[0] += mv.is_castling() as usize;
                seen[1] += mv.is_push() as usize;
                seen[2] += (!monster && tensor_chess::move_path(&p, mv).len() == 3) as usize;
                seen[3] += (monster && mv.capture_square().is_some()) as usize;
            }
        }
    }
    assert!(seen.iter().all(|&n| n >= 50), "sample too tame: {seen:?}");
}

#[test]
fn random_games_agree_with_the_naive_rules() {
    let mut rng = Rng(0x0bad_cafe_f00d_0002);
    let starts = [
        Position::start(),
        common::pos("rt3k2tr/pppt1tpppp/10/10/10/10/PPPT1TPPPP/RT3K2TR w KQkq - 0 1"),
    ];
    for game in 0..60 {
        let mut p = starts[game % starts.len()].clone();
        for _ in 0..80 {
            compare(&p, true);
            let mut moves = Vec::new();
            legal_moves(&p, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            make_move(&mut p, mv);
        }
    }
}

/// Every position of the start's three-ply tree agrees (so perft 4 agrees too).
#[test]
fn the_whole_three_ply_tree_from_the_start_agrees() {
    fn walk(p: &mut Position, depth: u32, leaves: &mut u64) {
        compare(p, false);
        let mut moves = Vec::new();
        legal_moves(p, &mut moves);
        if depth == 0 {
            *leaves += moves.len() as u64;
            return;
        }
        for mv in moves {
            let undo = make_move(p, mv);
            walk(p, depth - 1, leaves);
            tensor_chess::unmake_move(p, &undo);
        }
    }
    let mut leaves = 0;
    walk(&mut Position::start(), 3, &mut leaves);
    assert_eq!(leaves, 1_046_520);
}
