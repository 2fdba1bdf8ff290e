//! Perft: the number of move sequences of a given length, the standard check that move
//! generation counts what the rules allow. One move list per ply is allocated up front;
//! the recursion itself does not allocate.

use super::board::Position;
use super::makemove::{make_move, unmake_move};
use super::movegen::legal_moves_in_place;
use super::moves::Move;

/// Counts the leaf positions `depth` plies below `pos`.
///
/// # Examples
/// ```
/// use tensor_chess::{Position, perft};
/// assert_eq!(perft(&Position::start(), 2), 900);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut scratch = pos.clone();
    let mut lists: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count(&mut scratch, &mut lists)
}

fn count(pos: &mut Position, lists: &mut [Vec<Move>]) -> u64 {
    let Some((moves, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    legal_moves_in_place(pos, moves);
    if deeper.is_empty() {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = make_move(pos, mv);
        total += count(pos, deeper);
        unmake_move(pos, &undo);
    }
    total
}

/// Perft split by first move: each legal move with the leaf count below it.
///
/// # Examples
/// ```
/// use tensor_chess::{Position, divide};
/// let split = divide(&Position::start(), 2);
/// assert_eq!(split.len(), 30);
/// assert!(split.iter().all(|&(_, n)| n == 30));
/// ```
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut scratch = pos.clone();
    let mut first = Vec::with_capacity(128);
    legal_moves_in_place(&mut scratch, &mut first);
    let mut lists: Vec<Vec<Move>> = (1..depth).map(|_| Vec::with_capacity(128)).collect();
    first
        .into_iter()
        .map(|mv| {
            let undo = make_move(&mut scratch, mv);
            let n = count(&mut scratch, &mut lists);
            unmake_move(&mut scratch, &undo);
            (mv, n)
        })
        .collect()
}
