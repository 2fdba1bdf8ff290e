//! Following a winning first move to the end of its line, checking at every move of
//! the solver's that it is the only one that wins.

use crate::probe::{WIN, best, gives_check, is_capture, two_lines};
use chess4d_core::{Move, Position, Rules, Status};

/// The most moves of the solver's a material line runs to.
const MAX_SOLVER_MOVES: usize = 3;

/// The full line of a mate in `n` starting with `key`, the opponent's best defence
/// included, or `None` when some later move of the solver's is not the only mate (a
/// slower mate or a different one that is not as fast) or the line does not end in
/// checkmate.
pub fn mate_line(rules: &dyn Rules, pos: &Position, key: Move, n: u8) -> Option<Vec<Move>> {
    let mut p = pos.clone();
    let mut line = vec![key];
    rules.make_move(&mut p, key);
    let mut remaining = i32::from(n) - 1;
    while remaining > 0 {
        let (reply, _) = best(rules, &p, 2 * remaining as u32)?;
        rules.make_move(&mut p, reply);
        line.push(reply);
        let lines = two_lines(rules, &p, 2 * remaining as u32 - 1)?;
        if lines.score.mate_in() != Some(remaining) {
            return None;
        }
        // Another mate is allowed only where it is as fast.
        if lines
            .second
            .and_then(|s| s.mate_in())
            .is_some_and(|second| second > 0 && second != remaining)
        {
            return None;
        }
        rules.make_move(&mut p, lines.best);
        line.push(lines.best);
        remaining -= 1;
    }
    (rules.status(&p) == Status::Checkmate).then_some(line)
}

/// The line of a material win starting with `key`, searched at `depth`: after each
/// reply the solver goes on while its best move is forcing (a capture, a check or a
/// promotion), still wins, and is the only move that keeps the win (the second-best
/// scores at least [`WIN`] less).
pub fn material_line(rules: &dyn Rules, pos: &Position, key: Move, depth: u32) -> Vec<Move> {
    let mut p = pos.clone();
    let mut line = vec![key];
    rules.make_move(&mut p, key);
    let depth = depth.max(2);
    while line.len().div_ceil(2) < MAX_SOLVER_MOVES {
        let Some((reply, _)) = best(rules, &p, depth - 1) else {
            break;
        };
        let mut next = p.clone();
        rules.make_move(&mut next, reply);
        let Some(lines) = two_lines(rules, &next, depth - 1) else {
            break;
        };
        let mv = lines.best;
        let forcing = is_capture(&next, mv)
            || gives_check(rules, &next, mv)
            || (!mv.is_drop() && mv.promotion.is_some());
        let only = lines
            .second
            .is_none_or(|s| lines.score.value() - s.value() >= WIN);
        if !(forcing && only && lines.score.value() >= WIN) || lines.score.is_mate() {
            break;
        }
        rules.make_move(&mut next, mv);
        line.extend([reply, mv]);
        p = next;
    }
    line
}
