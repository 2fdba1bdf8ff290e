//! The engine's view of a position, as the puzzle maker asks for it: the two best
//! lines at a fixed depth, on one thread with a fresh table, so that the same position
//! always gives the same answer (the generator is deterministic from its seed).

use chess4d_core::{Move, Position, Rules};
use chess4d_engine::{Limits, Score, SearchInfo, search_with};
use std::sync::atomic::AtomicBool;

/// A score that wins, in centipawns: a move scoring at least this wins clearly; a
/// second-best move below it does not.
pub const WIN: i32 = 200;

/// The depth, in plies, at which the shipped puzzles of a variant are re-verified in
/// the test suite: deeper on small boards, shallower where a 4D board has hundreds of
/// moves a ply. The generator searches one ply deeper than this and confirms two
/// deeper.
pub fn fast_depth(rules: &dyn Rules) -> u32 {
    match rules.info().shape.len() {
        0..=100 => 4,
        101..=200 => 3,
        _ => 2,
    }
}

/// The best two lines of a position.
#[derive(Clone, Debug)]
pub(crate) struct TwoLines {
    /// The best move.
    pub best: Move,
    /// Its score, from the side to move's view.
    pub score: Score,
    /// The second-best move's score (`None`: only one legal move).
    pub second: Option<Score>,
}

/// Searches `pos` to `depth` with two lines (MultiPV 2); `None` when it has no move.
pub(crate) fn two_lines(rules: &dyn Rules, pos: &Position, depth: u32) -> Option<TwoLines> {
    let limits = Limits {
        depth: Some(depth),
        multipv: 2,
        hash_mb: 4,
        ..Limits::default()
    };
    let mut infos: Vec<SearchInfo> = Vec::new();
    let stop = AtomicBool::new(false);
    let result = search_with(rules, pos, &limits, &stop, &mut |i| infos.push(i.clone())).ok()?;
    let second = infos
        .iter()
        .rev()
        .find(|i| i.depth == result.depth && i.multipv == 2)
        .map(|i| i.score);
    Some(TwoLines {
        best: result.best,
        score: result.score,
        second,
    })
}

/// The best move and its score at `depth` (one line).
pub(crate) fn best(rules: &dyn Rules, pos: &Position, depth: u32) -> Option<(Move, Score)> {
    let limits = Limits {
        depth: Some(depth),
        hash_mb: 4,
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let r = search_with(rules, pos, &limits, &stop, &mut |_| {}).ok()?;
    Some((r.best, r.score))
}

/// Whether a score wins for the side it belongs to: a mate, or at least [`WIN`].
pub(crate) fn wins(score: Score) -> bool {
    score.mate_in().is_some_and(|n| n > 0) || score.value() >= WIN
}

/// Whether `mv` takes a piece.
pub(crate) fn is_capture(pos: &Position, mv: Move) -> bool {
    !mv.is_drop()
        && (mv.capture.is_some()
            || pos
                .piece_at(mv.to)
                .is_some_and(|p| p.color() != pos.side_to_move()))
}

/// Whether `mv` leaves the opponent in check.
pub(crate) fn gives_check(rules: &dyn Rules, pos: &Position, mv: Move) -> bool {
    let mut after = pos.clone();
    rules.make_move(&mut after, mv);
    rules.in_check(&after)
}
