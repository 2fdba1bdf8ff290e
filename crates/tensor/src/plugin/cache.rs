//! The positions the host lent lately, kept built, so that most calls need no rebuild.
//!
//! A host walks a line of play: it asks for the moves of a position, plays one (the
//! plugin's `apply_move`), asks for the moves of the result, and later comes back to an
//! earlier position of the line. So the plugin keeps, per thread, the line of positions
//! it last saw: a position the host lends is looked up by its board and state (an exact
//! comparison, so a stale entry can never be used), and `apply_move` puts the child it
//! computes on top when it is exactly the board and state the host will hold.

use std::cell::RefCell;

use chess4d_plugin_api::{PositionRef, SquareChange, State};

use super::convert::{lend, state_of};
use crate::rules::{Move, Position, SQUARES, make_move};

/// Positions kept per thread; a deeper line drops its older half.
const DEPTH: usize = 64;

thread_local! {
    static LINE: RefCell<Vec<Position>> = RefCell::new(Vec::with_capacity(DEPTH));
}

/// Whether `pos` is the position the host lends.
#[inline]
fn same(pos: &Position, lent: &PositionRef<'_>) -> bool {
    // The state first: the line alternates the side to move, so most misses stop there.
    state_of(pos) == lent.state && pos.board()[..] == *lent.board
}

/// Forgets the line if the call using its top position unwinds mid-way (the position
/// may be half-played then).
struct ForgetOnUnwind<'a>(&'a mut Vec<Position>);

impl Drop for ForgetOnUnwind<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.clear();
        }
    }
}

/// Runs `f` on the position the host lends: the kept one when it is on the line, else a
/// fresh build (which starts a new line). `f` may play moves but must take them back.
pub(crate) fn with_lent<R>(
    lent: &PositionRef<'_>,
    f: impl FnOnce(&mut Position) -> R,
) -> Result<R, String> {
    LINE.with(|cell| {
        let Ok(mut line) = cell.try_borrow_mut() else {
            // Re-entered on this thread (not done by the plugin itself): build afresh.
            return lend(lent).map(|mut p| f(&mut p));
        };
        match line.iter().rposition(|p| same(p, lent)) {
            Some(i) => line.truncate(i + 1),
            None => {
                let p = lend(lent)?;
                line.clear();
                line.push(p);
            }
        }
        let guard = ForgetOnUnwind(&mut line);
        match guard.0.last_mut() {
            Some(top) => Ok(f(top)),
            None => lend(lent).map(|mut p| f(&mut p)),
        }
    })
}

/// After `apply_move` played `mv` on the lent position: keeps the child on the line if
/// the parent is there and the child is exactly what the host will hold (`changes`
/// applied to the lent board, and `after`). Best effort: otherwise nothing is kept.
pub(crate) fn keep_child(lent: &PositionRef<'_>, mv: Move, changes: &[SquareChange], after: State) {
    LINE.with(|cell| {
        let Ok(mut line) = cell.try_borrow_mut() else {
            return;
        };
        let Some(i) = line.iter().rposition(|p| same(p, lent)) else {
            return;
        };
        let Ok(mut expected) = <[u8; SQUARES]>::try_from(lent.board) else {
            return;
        };
        for c in changes {
            match expected.get_mut(c.square as usize) {
                Some(slot) => *slot = c.piece,
                None => return,
            }
        }
        line.truncate(i + 1);
        if line.len() >= DEPTH {
            line.drain(..DEPTH / 2);
        }
        // Copied in place and played there: one copy of the position, not two.
        let parent = line.len() - 1;
        line.extend_from_within(parent..);
        let guard = ForgetOnUnwind(&mut line);
        let kept = guard.0.last_mut().is_some_and(|child| {
            make_move(child, mv);
            *child.board() == expected && state_of(child) == after
        });
        if !kept {
            guard.0.pop();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::convert::position_data;
    use crate::rules::{legal_moves, parse_move, to_fen};

    fn line_len() -> usize {
        LINE.with(|c| c.borrow().len())
    }

    #[test]
    fn the_line_follows_the_host_and_never_serves_a_stale_position() {
        let start = Position::start();
        let data = position_data(&start);
        let fen = |p: &mut Position| to_fen(p);
        assert_eq!(with_lent(&data.as_ref(), fen), Ok(to_fen(&start)));
        assert_eq!(line_len(), 1);

        // The host plays e2e4: the child is kept, and served when lent.
        let mv = parse_move(&start, "e2e4").expect("legal");
        let mut changes = Vec::new();
        let (_, after) = super::super::apply::apply(
            &data.board,
            data.state,
            super::super::to_abi(mv),
            &mut changes,
        )
        .expect("plays");
        keep_child(&data.as_ref(), mv, &changes, after);
        assert_eq!(line_len(), 2);
        let mut board = data.board.clone();
        for c in &changes {
            board[c.square as usize] = c.piece;
        }
        let child = chess4d_plugin_api::PositionData::new(board, after);
        let mut moves = Vec::new();
        let served = with_lent(&child.as_ref(), |p| {
            legal_moves(p, &mut moves);
            to_fen(p)
        });
        assert!(
            served
                .expect("built")
                .starts_with("rtnbqkbntr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/")
        );
        assert_eq!(moves.len(), 30);
        assert_eq!(line_len(), 2, "served from the line");

        // Back to the start: the line is cut there.
        assert!(with_lent(&data.as_ref(), |_| ()).is_ok());
        assert_eq!(line_len(), 1);

        // The same board with another state is another position.
        let mut other = data.clone();
        other.state.halfmove_clock = 7;
        let clock = with_lent(&other.as_ref(), |p| p.halfmove_clock());
        assert_eq!(clock, Ok(7));
        assert_eq!(line_len(), 1, "a new line");

        // A child that does not match what the host will hold is not kept.
        let lent = other.as_ref();
        let wrong = State {
            halfmove_clock: 99,
            ..after
        };
        keep_child(&lent, mv, &changes, wrong);
        assert_eq!(line_len(), 1);
    }
}
