//! Board geometry computed once, at compile time: steps along the eight lines, rays,
//! leaps, pawn captures and the line joining two squares. Everything that depends only
//! on the 10x8 board lives here so that move generation only looks things up.

use super::types::{FILES, RANKS, SQUARES, Square};

/// "No square" in the u8 tables.
pub(crate) const NONE: u8 = 255;

/// All 80 squares.
pub(crate) const BOARD: u128 = (1u128 << SQUARES) - 1;

const fn file_mask(file: usize) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < RANKS {
        m |= 1u128 << (file + FILES * r);
        r += 1;
    }
    m
}

pub(crate) const FILE_A: u128 = file_mask(0);
pub(crate) const FILE_J: u128 = file_mask(FILES - 1);
pub(crate) const RANK_1: u128 = (1u128 << FILES) - 1;
pub(crate) const RANK_8: u128 = RANK_1 << (FILES * (RANKS - 1));

/// Line directions: 0..4 are the straight ones (N S E W), 4..8 the diagonals
/// (NE NW SE SW).
pub(crate) const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
pub(crate) const STRAIGHT: [usize; 4] = [0, 1, 2, 3];
pub(crate) const DIAGONAL: [usize; 4] = [4, 5, 6, 7];
pub(crate) const ALL_DIRS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// The index change of one step in each direction.
pub(crate) const DELTA: [i8; 8] = [10, -10, 1, -1, 11, 9, -9, -11];

/// Whether stepping in the direction increases the square index (so the nearest piece
/// on a ray is its lowest set bit).
pub(crate) const POSITIVE: [bool; 8] = [true, false, true, false, true, true, false, false];

/// The two directions at a right angle to each direction, of the same family: a rook's
/// or straight-arriving queen's bounce turns onto these, and so does a bishop's along the
/// other diagonal.
pub(crate) const PERPENDICULAR: [[usize; 2]; 8] = [
    [2, 3],
    [2, 3],
    [0, 1],
    [0, 1],
    [5, 6],
    [4, 7],
    [4, 7],
    [5, 6],
];

#[inline]
pub(crate) const fn is_straight(dir: usize) -> bool {
    dir < 4
}

#[inline]
pub(crate) const fn bit(sq: Square) -> u128 {
    1u128 << sq
}

const fn offset(sq: usize, dx: i32, dy: i32) -> u8 {
    let x = (sq % FILES) as i32 + dx;
    let y = (sq / FILES) as i32 + dy;
    if x < 0 || y < 0 || x >= FILES as i32 || y >= RANKS as i32 {
        NONE
    } else {
        (x as usize + FILES * y as usize) as u8
    }
}

const fn build_step() -> [[u8; 8]; SQUARES] {
    let mut t = [[NONE; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            t[sq][d] = offset(sq, DIRS[d].0 as i32, DIRS[d].1 as i32);
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `STEP[sq][dir]`: the neighbour of `sq` in `dir`, or [`NONE`] at the edge.
pub(crate) static STEP: [[u8; 8]; SQUARES] = build_step();

const fn build_rays() -> [[u128; 8]; SQUARES] {
    let step = build_step();
    let mut t = [[0u128; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            let mut m = 0u128;
            let mut s = step[sq][d];
            while s != NONE {
                m |= 1u128 << s;
                s = step[s as usize][d];
            }
            t[sq][d] = m;
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `RAY[sq][dir]`: every square from `sq` (exclusive) to the edge in `dir`.
pub(crate) static RAY: [[u128; 8]; SQUARES] = build_rays();

const fn build_queen_lines() -> [u128; SQUARES] {
    let rays = build_rays();
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            t[sq] |= rays[sq][d];
            d += 1;
        }
        sq += 1;
    }
    t
}

/// Every square on one of the eight lines through a square (the square excluded).
pub(crate) static QUEEN_LINES: [u128; SQUARES] = build_queen_lines();

const fn build_leaps(jumps: &[(i32, i32)]) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < jumps.len() {
            let s = offset(sq, jumps[i].0, jumps[i].1);
            if s != NONE {
                t[sq] |= 1u128 << s;
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// Knight leaps from each square.
pub(crate) static KNIGHT: [u128; SQUARES] = build_leaps(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// King steps (and monster steps) from each square.
pub(crate) static KING: [u128; SQUARES] = build_leaps(&[
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
]);

/// `PAWN_CAPTURES[color][sq]`: the squares a pawn of `color` on `sq` captures on.
pub(crate) static PAWN_CAPTURES: [[u128; SQUARES]; 2] = [
    build_leaps(&[(1, 1), (-1, 1)]),
    build_leaps(&[(1, -1), (-1, -1)]),
];

const fn build_dir_to() -> [[u8; SQUARES]; SQUARES] {
    let rays = build_rays();
    let mut t = [[NONE; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < SQUARES {
                if rays[a][d] >> b & 1 != 0 {
                    t[a][b] = d as u8;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

/// `DIR_TO[a][b]`: the direction leading from `a` to `b` along a line, or [`NONE`].
pub(crate) static DIR_TO: [[u8; SQUARES]; SQUARES] = build_dir_to();

/// The squares strictly between `a` and `b` on the line `dir` leading from `a` to `b`.
#[inline]
pub(crate) fn between(a: Square, b: Square, dir: usize) -> u128 {
    RAY[a as usize][dir] & !RAY[b as usize][dir] & !bit(b)
}

/// The nearest square of a non-empty mask lying on a ray in `dir`.
#[inline]
pub(crate) fn nearest(mask: u128, dir: usize) -> Square {
    if POSITIVE[dir] {
        mask.trailing_zeros() as Square
    } else {
        (127 - mask.leading_zeros()) as Square
    }
}

/// Moves every square of a mask one step in `dir`, dropping those that leave the board.
#[inline]
pub(crate) fn shift(b: u128, dir: usize) -> u128 {
    match dir {
        0 => (b << 10) & BOARD,
        1 => b >> 10,
        2 => (b << 1) & !FILE_A & BOARD,
        3 => (b >> 1) & !FILE_J,
        4 => (b << 11) & !FILE_A & BOARD,
        5 => (b << 9) & !FILE_J & BOARD,
        6 => (b >> 9) & !FILE_A,
        _ => (b >> 11) & !FILE_J,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_matches_step_table() {
        for sq in 0..SQUARES as u8 {
            for d in 0..8 {
                let expect = if STEP[sq as usize][d] == NONE {
                    0
                } else {
                    bit(STEP[sq as usize][d])
                };
                assert_eq!(shift(bit(sq), d), expect, "sq {sq} dir {d}");
                if STEP[sq as usize][d] != NONE {
                    let by_delta = sq as i16 + DELTA[d] as i16;
                    assert_eq!(by_delta, STEP[sq as usize][d] as i16);
                }
            }
        }
    }

    #[test]
    fn perpendiculars_are_right_angles() {
        for d in 0..8 {
            for &e in &PERPENDICULAR[d] {
                let (a, b) = (DIRS[d], DIRS[e]);
                assert_eq!(a.0 * b.0 + a.1 * b.1, 0);
                assert_eq!(is_straight(d), is_straight(e));
            }
        }
    }

    #[test]
    fn knight_counts() {
        assert_eq!(KNIGHT[0].count_ones(), 2); // a1
        assert_eq!(KNIGHT[44].count_ones(), 8); // e5
        assert_eq!(KING[0].count_ones(), 3);
    }

    #[test]
    fn between_and_dir_to() {
        // a1 to e5 runs NE; b2 c3 d4 lie between.
        let d = DIR_TO[0][44] as usize;
        assert_eq!(d, 4);
        assert_eq!(between(0, 44, d), bit(11) | bit(22) | bit(33));
        assert_eq!(DIR_TO[0][12], NONE);
        assert_eq!(nearest(RAY[0][0], 0), 10);
        assert_eq!(nearest(RAY[79][1], 1), 69);
    }
}
