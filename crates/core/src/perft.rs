//! Perft: counting the leaf nodes of the move tree, the standard test of move generation.

use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;

/// Counts the positions `depth` plies below `pos` (leaf nodes), counting the last ply
/// in bulk ([`Rules::count_legal_moves`]: without listing the moves where the rules can).
///
/// # Examples
///
/// ```
/// # use chess4d_core::{perft, Rules};
/// # fn demo(rules: &dyn Rules) {
/// let mut pos = rules.start_position();
/// let nodes = perft(rules, &mut pos, 2);
/// # }
/// ```
pub fn perft<R: Rules + ?Sized>(rules: &R, pos: &mut Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(128)).collect();
    perft_inner(rules, pos, depth, &mut buffers)
}

fn perft_inner<R: Rules + ?Sized>(
    rules: &R,
    pos: &mut Position,
    depth: u32,
    buffers: &mut [Vec<Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return rules.count_legal_moves(pos, moves);
    }
    rules.legal_moves(pos, moves);
    let mut nodes = 0;
    for &mv in moves.iter() {
        let undo = rules.make_move(pos, mv);
        nodes += perft_inner(rules, pos, depth - 1, rest);
        rules.unmake_move(pos, &undo);
    }
    nodes
}

/// Perft split by first move: each legal move with the leaf count below it.
///
/// # Examples
///
/// ```
/// # use chess4d_core::{divide, Rules};
/// # fn demo(rules: &dyn Rules) {
/// let mut pos = rules.start_position();
/// for (mv, nodes) in divide(rules, &mut pos, 2) {
///     println!("{}: {nodes}", mv);
/// }
/// # }
/// ```
pub fn divide<R: Rules + ?Sized>(rules: &R, pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let name = rules.format_move(pos, mv);
        let undo = rules.make_move(pos, mv);
        let n = if depth <= 1 {
            1
        } else {
            perft(rules, pos, depth - 1)
        };
        rules.unmake_move(pos, &undo);
        out.push((name, n));
    }
    out
}
