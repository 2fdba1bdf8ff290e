//! Richer forms of a move for people: the route the piece takes (jump chain, bounce
//! square) and a sentence naming what kind of move it is. Moves stay small; the route
//! is recomputed from the position on demand.

use super::board::Position;
use super::geometry::{DIAGONAL, KING, KNIGHT, NONE, PERPENDICULAR, STEP, STRAIGHT, bit};
use super::movegen::monster::jump_route;
use super::movegen::sliders::{Sides, slide, slide_dirs};
use super::moves::Move;
use super::types::{Bits, Kind, Square, file_of, rank_of, square_name};

/// The squares the moving piece touches, in order: start, then every landing of a
/// monster's jump chain (a shortest one) or the bounce square, then the landing square.
/// Plain moves, pushes and castling give `[from, to]`.
///
/// # Examples
/// ```
/// use tensor_chess::{parse_fen, parse_move, move_path, parse_square};
/// let pos = parse_fen("5k4/10/10/10/10/1T8/10/1R3K4 w - - 0 1").unwrap();
/// let mv = parse_move(&pos, "b1e3").unwrap();
/// let sq = |s| parse_square(s).unwrap();
/// assert_eq!(move_path(&pos, mv), vec![sq("b1"), sq("b3"), sq("e3")]);
/// ```
pub fn move_path(pos: &Position, mv: Move) -> Vec<Square> {
    let (from, to) = (mv.from(), mv.to());
    let direct = vec![from, to];
    let Some(piece) = pos.piece_at(from) else {
        return direct;
    };
    if mv.is_push() || mv.is_castling() {
        return direct;
    }
    match piece.kind {
        Kind::Monster => monster_path(pos, mv).unwrap_or(direct),
        Kind::Knight => {
            if KNIGHT[from as usize] & bit(to) != 0 {
                return direct;
            }
            let own = pos.mask(piece.color, Kind::Monster);
            Bits(KNIGHT[from as usize] & own)
                .find(|&m| KNIGHT[m as usize] & bit(to) != 0)
                .map_or(direct, |m| vec![from, m, to])
        }
        kind => {
            let Some(dirs) = slide_dirs(kind) else {
                return direct;
            };
            let sides = Sides::of(pos, piece.color);
            if dirs.iter().any(|&d| slide(from, d, &sides) & bit(to) != 0) {
                return direct;
            }
            bounce_square(from, to, dirs, &sides).map_or(direct, |m| vec![from, m, to])
        }
    }
}

fn bounce_square(from: Square, to: Square, dirs: &[usize], sides: &Sides) -> Option<Square> {
    for &d in dirs {
        let mut sq = STEP[from as usize][d];
        while sq != NONE && (sides.occupied & bit(sq) == 0 || sides.own_monsters & bit(sq) != 0) {
            if sides.own_monsters & bit(sq) != 0
                && PERPENDICULAR[d]
                    .iter()
                    .any(|&e| slide(sq, e, sides) & bit(to) != 0)
            {
                return Some(sq);
            }
            sq = STEP[sq as usize][d];
        }
    }
    None
}

fn monster_path(pos: &Position, mv: Move) -> Option<Vec<Square>> {
    let (from, to) = (mv.from(), mv.to());
    if let Some(taken) = mv.capture_square() {
        // The last jump goes from the square as far behind the prey as `to` is beyond it.
        let back = 2 * taken as i16 - to as i16;
        let back = u8::try_from(back).ok().filter(|&b| b < 80)?;
        let straight = file_of(to) == file_of(taken) || rank_of(to) == rank_of(taken);
        let dirs = if straight { &STRAIGHT } else { &DIAGONAL };
        let mut route = if back == from {
            vec![from]
        } else {
            jump_route(pos, from, back, dirs)?
        };
        route.push(to);
        return Some(route);
    }
    if KING[from as usize] & bit(to) != 0 {
        return Some(vec![from, to]);
    }
    jump_route(pos, from, to, &DIAGONAL).or_else(|| jump_route(pos, from, to, &STRAIGHT))
}

/// A sentence for people saying what the move does: which piece, the route, what is
/// taken, pushed, promoted or castled.
///
/// # Examples
/// ```
/// use tensor_chess::{Position, parse_move, describe_move};
/// let pos = Position::start();
/// let mv = parse_move(&pos, "a1b1>a1").unwrap();
/// assert_eq!(describe_move(&pos, mv), "rook a1-b1, pushing its monster b1-a1");
/// let mv = parse_move(&pos, "b1d3").unwrap();
/// assert_eq!(describe_move(&pos, mv), "monster b1-d3, jumping");
/// ```
pub fn describe_move(pos: &Position, mv: Move) -> String {
    let name = pos.piece_at(mv.from()).map_or("piece", |p| p.kind.name());
    let path = move_path(pos, mv);
    let route: Vec<String> = path.iter().map(|&s| square_name(s)).collect();
    let mut s = format!("{name} ");
    let target = pos.piece_at(mv.to());
    if mv.is_castling() {
        let (a, b) = mv.second().unwrap_or((mv.to(), mv.to()));
        s += &format!(
            "{}-{}, castling with the rook {}-{}",
            square_name(mv.from()),
            square_name(mv.to()),
            square_name(a),
            square_name(b)
        );
        return s;
    }
    if mv.is_push() {
        let (a, b) = mv.second().unwrap_or((mv.to(), mv.to()));
        s += &format!(
            "{}-{}, pushing its monster {}-{}",
            square_name(mv.from()),
            square_name(mv.to()),
            square_name(a),
            square_name(b)
        );
        return s;
    }
    let is_monster = pos
        .piece_at(mv.from())
        .is_some_and(|p| p.kind == Kind::Monster);
    if is_monster && (path.len() > 2 || KING[mv.from() as usize] & bit(mv.to()) == 0) {
        s += &route.join("-");
        s += ", jumping";
    } else if path.len() == 3 {
        s += &format!("{}-{}, bouncing off {}", route[0], route[2], route[1]);
    } else if target.is_some() {
        s += &format!("{}x{}", square_name(mv.from()), square_name(mv.to()));
    } else {
        s += &format!("{}-{}", square_name(mv.from()), square_name(mv.to()));
    }
    if let Some(t) = target.filter(|_| path.len() == 3) {
        s += &format!(", taking the {} on {}", t.kind.name(), square_name(mv.to()));
    }
    if let Some(c) = mv.capture_square() {
        let what = pos.piece_at(c).map_or("piece", |p| p.kind.name());
        let how = if is_monster { "" } else { " en passant" };
        s += &format!(", taking the {what} on {}{how}", square_name(c));
    }
    if let Some(k) = mv.promotion() {
        s += &format!(", promoting to a {}", k.name());
    }
    let is_pawn = pos
        .piece_at(mv.from())
        .is_some_and(|p| p.kind == Kind::Pawn);
    let jumped = (mv.from() as u16 + mv.to() as u16) / 2;
    if is_pawn && mv.from().abs_diff(mv.to()) == 20 && pos.board()[jumped as usize] != 0 {
        s += &format!(
            ", jumping over its monster on {}",
            square_name(jumped as Square)
        );
    }
    s
}
