//! Which pieces attack a square. A square is attacked by every capture a side could make
//! there, including captures after passing over or bouncing off the side's own monsters;
//! pushes never attack. Only monsters capture monsters, and monsters capture nothing
//! else, so the question splits by what the target is.

use super::board::Position;
use super::geometry::{
    DIAGONAL, DIR_TO, KING, KNIGHT, NONE, PAWN_CAPTURES, PERPENDICULAR, RAY, STRAIGHT, between,
    bit, is_straight, nearest,
};
use super::movegen::monster::monster_capture_squares;
use super::types::{Bits, Color, Kind, SQUARES, Square, SquareSet};

/// Whether `by` attacks `sq`.
///
/// If `sq` holds a monster of the other side, only `by`'s monsters can take it, by
/// jumping over it. Otherwise the question is whether `by`'s other pieces could capture
/// an enemy king, queen, rook, bishop, knight or pawn standing there (the king-safety
/// question; a piece of `by` standing there counts as defended the same way).
///
/// # Examples
/// ```
/// use tensor_chess::{parse_fen, parse_square, is_attacked, Color};
/// // White's rook on b1 passes over its monster on b3 up the b-file, and bounces off it
/// // along rank 3, so it attacks h3 but not h4.
/// let pos = parse_fen("5k4/10/10/10/10/1T8/10/1R3K4 w - - 0 1").unwrap();
/// assert!(is_attacked(&pos, parse_square("h3").unwrap(), Color::White));
/// assert!(!is_attacked(&pos, parse_square("h4").unwrap(), Color::White));
/// ```
pub fn is_attacked(pos: &Position, sq: Square, by: Color) -> bool {
    if (sq as usize) >= SQUARES {
        return false;
    }
    if pos.mask(by.flip(), Kind::Monster) & bit(sq) != 0 {
        return monster_attackers(pos, sq, by) != 0;
    }
    piece_attacks(pos, sq, by)
}

/// The squares of `by`'s pieces that attack `sq`, in the sense of [`is_attacked`].
///
/// # Examples
/// ```
/// use tensor_chess::{parse_fen, parse_square, attackers, Color};
/// let pos = parse_fen("5k4/10/10/10/10/1T8/10/1R3K4 w - - 0 1").unwrap();
/// let a = attackers(&pos, parse_square("e3").unwrap(), Color::White);
/// assert_eq!(a.iter().collect::<Vec<_>>(), vec![parse_square("b1").unwrap()]);
/// ```
pub fn attackers(pos: &Position, sq: Square, by: Color) -> SquareSet {
    if (sq as usize) >= SQUARES {
        return SquareSet::EMPTY;
    }
    if pos.mask(by.flip(), Kind::Monster) & bit(sq) != 0 {
        return SquareSet(monster_attackers(pos, sq, by));
    }
    SquareSet(piece_attackers(pos, sq, by))
}

/// Whether the side to move is in check.
///
/// # Examples
/// ```
/// use tensor_chess::{Position, in_check};
/// assert!(!in_check(&Position::start()));
/// ```
pub fn in_check(pos: &Position) -> bool {
    let us = pos.side_to_move();
    match pos.king_square(us) {
        Some(k) => piece_attacks(pos, k, us.flip()),
        None => false,
    }
}

fn monster_attackers(pos: &Position, sq: Square, by: Color) -> u128 {
    let mut found = 0;
    for m in Bits(pos.mask(by, Kind::Monster)) {
        if monster_capture_squares(pos, m, by) & bit(sq) != 0 {
            found |= bit(m);
        }
    }
    found
}

/// The nearest piece of `by` that stops a ray in `dir` from `from`, treating `by`'s own
/// monsters as transparent (its sliders pass over them).
#[inline]
fn first_blocker(from: Square, dir: usize, blockers: u128) -> Square {
    let r = RAY[from as usize][dir] & blockers;
    if r == 0 { NONE } else { nearest(r, dir) }
}

/// Fast yes/no form of [`piece_attackers`]: the king-safety test.
pub(crate) fn piece_attacks(pos: &Position, sq: Square, by: Color) -> bool {
    let s = sq as usize;
    let c = by.index();
    let p = &pos.pieces[c];
    if PAWN_CAPTURES[by.flip().index()][s] & p[Kind::Pawn.index()] != 0
        || KNIGHT[s] & p[Kind::Knight.index()] != 0
        || KING[s] & p[Kind::King.index()] != 0
    {
        return true;
    }
    let queens = p[Kind::Queen.index()];
    let straight = p[Kind::Rook.index()] | queens;
    let diagonal = p[Kind::Bishop.index()] | queens;
    let monsters = p[Kind::Monster.index()];
    let blockers = pos.all() & !monsters;
    if straight != 0 {
        for d in STRAIGHT {
            let b = first_blocker(sq, d, blockers);
            if b != NONE && straight & bit(b) != 0 {
                return true;
            }
        }
    }
    if diagonal != 0 {
        for d in DIAGONAL {
            let b = first_blocker(sq, d, blockers);
            if b != NONE && diagonal & bit(b) != 0 {
                return true;
            }
        }
    }
    if monsters == 0 {
        return false;
    }
    let knights = p[Kind::Knight.index()];
    bounce_attackers(sq, monsters, knights, straight, diagonal, blockers, true) != 0
}

/// Pieces of `by` that reach `sq` by bouncing off one of `by`'s monsters.
/// With `first_only` it stops at the first one found.
fn bounce_attackers(
    sq: Square,
    monsters: u128,
    knights: u128,
    straight: u128,
    diagonal: u128,
    blockers: u128,
    first_only: bool,
) -> u128 {
    let mut found = 0;
    if knights != 0 {
        for m in Bits(monsters & KNIGHT[sq as usize]) {
            // The knight's second leap may not end where it started: sq is not its start.
            found |= KNIGHT[m as usize] & knights & !bit(sq);
            if first_only && found != 0 {
                return found;
            }
        }
    }
    if straight | diagonal == 0 {
        return found;
    }
    for m in Bits(monsters) {
        let d = DIR_TO[m as usize][sq as usize];
        if d == NONE {
            continue;
        }
        let d = d as usize;
        let sliders = if is_straight(d) { straight } else { diagonal };
        if sliders == 0 || between(m, sq, d) & blockers != 0 {
            continue;
        }
        for e in PERPENDICULAR[d] {
            let b = first_blocker(m, e, blockers);
            if b != NONE && sliders & bit(b) != 0 {
                found |= bit(b);
                if first_only {
                    return found;
                }
            }
        }
    }
    found
}

fn piece_attackers(pos: &Position, sq: Square, by: Color) -> u128 {
    let s = sq as usize;
    let p = &pos.pieces[by.index()];
    let mut found = PAWN_CAPTURES[by.flip().index()][s] & p[Kind::Pawn.index()]
        | KNIGHT[s] & p[Kind::Knight.index()]
        | KING[s] & p[Kind::King.index()];
    let queens = p[Kind::Queen.index()];
    let straight = p[Kind::Rook.index()] | queens;
    let diagonal = p[Kind::Bishop.index()] | queens;
    let monsters = p[Kind::Monster.index()];
    let blockers = pos.all() & !monsters;
    for d in STRAIGHT {
        let b = first_blocker(sq, d, blockers);
        if b != NONE {
            found |= straight & bit(b);
        }
    }
    for d in DIAGONAL {
        let b = first_blocker(sq, d, blockers);
        if b != NONE {
            found |= diagonal & bit(b);
        }
    }
    found |= bounce_attackers(
        sq,
        monsters,
        p[Kind::Knight.index()],
        straight,
        diagonal,
        blockers,
        false,
    );
    found
}
