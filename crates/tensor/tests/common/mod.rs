//! Helpers shared by the integration tests: positions from FEN, move lists as strings.
#![allow(dead_code)]

use tensor_chess::{Move, Position, Square, legal_moves, move_to_string, parse_fen, parse_square};

pub fn pos(fen: &str) -> Position {
    match parse_fen(fen) {
        Ok(p) => p,
        Err(e) => panic!("test FEN {fen:?} should parse: {e}"),
    }
}

pub fn sq(name: &str) -> Square {
    parse_square(name).unwrap_or_else(|| panic!("test square {name:?}"))
}

pub fn legal(p: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    legal_moves(p, &mut moves);
    moves
}

/// All legal moves in notation, sorted.
pub fn names(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = legal(p).into_iter().map(move_to_string).collect();
    v.sort();
    v
}

/// The legal moves starting on `from`, in notation, sorted.
pub fn names_from(p: &Position, from: &str) -> Vec<String> {
    names(p)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

pub fn has(p: &Position, mv: &str) -> bool {
    names(p).iter().any(|m| m == mv)
}

pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}
