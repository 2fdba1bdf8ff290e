//! Rifle chess on an 8x8 board: a chess4d rule plugin to copy for a 2D game.
//!
//! King, queen, rooks, bishops and knights on their chess squares, no pawns. Every
//! piece moves as in chess, along the direction tables below (edit them for new
//! pieces: a diagonal, a camel, a wazir). The rule a variant file cannot say: a
//! capture is a *shot* — the captured piece leaves the board and the shooter stays
//! where it stood. Notation, position strings, checkmate and stalemate are left to the
//! host's defaults. Build with `cargo build -p chess4d-plugin-template-8x8` and point
//! a variant file at it (`rifle-board.toml`).
//!
//! ```
//! use chess4d_plugin_api::RulesPlugin;
//! let rules = rifle_board::RifleBoard;
//! let start = rules.start_position();
//! let mut moves = Vec::new();
//! rules.legal_moves(&start.as_ref(), &mut moves);
//! // Rooks 7 each, knights 3, bishops 7, the queen 14, the king 2 (e2, f2: d2 is on
//! // the black queen's open file).
//! let expected = 50;
//! assert_eq!(
//!     moves.len(),
//!     expected,
//!     "the start position's move count: after changing the pieces or the start on \
//!      purpose, set `expected` here to the new count (and PERFT in tests/load.rs)"
//! );
//! ```

use chess4d_plugin_api::{
    Changes, Move, PieceDesc, PositionData, PositionRef, RulesPlugin, Side, SquareChange, State,
    VariantDesc, export_plugin, piece_code, piece_kind, piece_side,
};

/// Files and ranks.
const SIZE: i8 = 8;
/// Squares: `x + 8 * y`, a1 = 0, h8 = 63.
const LEN: u16 = 64;
const KING: u8 = 0;
const QUEEN: u8 = 1;
const ROOK: u8 = 2;
const BISHOP: u8 = 3;
const KNIGHT: u8 = 4;

/// One square along a file or rank.
const ORTHOGONAL: &[(i8, i8)] = &[(1, 0), (-1, 0), (0, 1), (0, -1)];
/// One square along a diagonal.
const DIAGONAL: &[(i8, i8)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Both.
const ALL: &[(i8, i8)] = &[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// The knight's jumps.
const JUMPS: &[(i8, i8)] = &[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// How a kind moves: its steps, and whether it repeats them along a line.
fn movement(kind: u8) -> (&'static [(i8, i8)], bool) {
    match kind {
        KING => (ALL, false),
        QUEEN => (ALL, true),
        ROOK => (ORTHOGONAL, true),
        BISHOP => (DIAGONAL, true),
        _ => (JUMPS, false),
    }
}

/// The square `(dx, dy)` away from `sq`, if on the board.
fn offset(sq: u16, (dx, dy): (i8, i8)) -> Option<u16> {
    let (x, y) = ((sq % 8) as i8 + dx, (sq / 8) as i8 + dy);
    ((0..SIZE).contains(&x) && (0..SIZE).contains(&y)).then(|| (x + SIZE * y) as u16)
}

/// The rules; the plugin holds no state (the host lends the position to every call).
#[derive(Clone, Copy, Debug, Default)]
pub struct RifleBoard;

/// Every square the piece on `from` reaches: empty squares, and enemy pieces to shoot.
fn reach(board: &[u8], from: u16, mut visit: impl FnMut(u16)) {
    let Some(&code) = board.get(from as usize).filter(|&&c| c != 0) else {
        return;
    };
    let (steps, slides) = movement(piece_kind(code));
    for &step in steps {
        let mut at = offset(from, step);
        while let Some(sq) = at {
            let target = board[sq as usize];
            if target == 0 || piece_side(target) != piece_side(code) {
                visit(sq);
            }
            if target != 0 || !slides {
                break;
            }
            at = offset(sq, step);
        }
    }
}

/// Whether the piece on `from` hits `square` (empty or not): the step that leads
/// there, and for a slider an empty path.
fn hits(board: &[u8], from: u16, square: u16) -> bool {
    let Some(&code) = board.get(from as usize).filter(|&&c| c != 0) else {
        return false;
    };
    let (steps, slides) = movement(piece_kind(code));
    steps.iter().any(|&step| {
        let mut at = offset(from, step);
        while let Some(sq) = at {
            if sq == square {
                return true;
            }
            if board[sq as usize] != 0 || !slides {
                return false;
            }
            at = offset(sq, step);
        }
        false
    })
}

/// Whether any piece of `by` hits `square`.
fn attacks(board: &[u8], square: u16, by: Side) -> bool {
    (0..LEN).any(|s| {
        let c = board[s as usize];
        c != 0 && piece_side(c) == by && hits(board, s, square)
    })
}

/// The board after a move: a shot empties the target, a quiet move moves the piece.
fn play(board: &[u8], mv: Move) -> [u8; LEN as usize] {
    let mut after = [0u8; LEN as usize];
    after.copy_from_slice(&board[..LEN as usize]);
    let (from, to) = (mv.from as usize, mv.to as usize);
    if after[to] == 0 {
        after[to] = after[from];
        after[from] = 0;
    } else {
        after[to] = 0;
    }
    after
}

impl RulesPlugin for RifleBoard {
    fn variant(&self) -> VariantDesc {
        let piece = |letter, name: &str, value, royal| PieceDesc {
            letter,
            name: name.into(),
            value,
            royal,
            pawn: false,
        };
        VariantDesc {
            name: "rifle-board".into(),
            title: "Rifle chess on 8x8".into(),
            description: "Chess pieces without pawns where a capture is a shot: the \
                          captured piece leaves the board and the shooter stays where it \
                          stood."
                .into(),
            sizes: vec![SIZE as u8, SIZE as u8],
            pieces: vec![
                piece('K', "king", 0, true),
                piece('Q', "queen", 900, false),
                piece('R', "rook", 500, false),
                piece('B', "bishop", 330, false),
                piece('N', "knight", 320, false),
            ],
            repetition_limit: 3,
            move_limit_plies: 100,
            bare_kings_draw: true,
            // No castling, en passant, check counters or pieces in hand (plugin ABI 2
            // carries counters and pockets: set `counter_limit` and `pockets` to use them).
            ..VariantDesc::default()
        }
    }

    fn start_position(&self) -> PositionData {
        let rank = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];
        let mut board = vec![0; LEN as usize];
        for (x, &kind) in rank.iter().enumerate() {
            board[x] = piece_code(kind, Side::White);
            board[56 + x] = piece_code(kind, Side::Black);
        }
        PositionData::new(board, State::new())
    }

    fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<Move>) {
        let us = pos.side();
        let king = piece_code(KING, us);
        for from in 0..LEN {
            if pos.piece(from).is_none_or(|c| piece_side(c) != us) {
                continue;
            }
            reach(pos.board, from, |to| {
                let mv = Move::new(from, to);
                let after = play(pos.board, mv);
                let safe = (0..LEN)
                    .find(|&s| after[s as usize] == king)
                    .is_none_or(|k| !attacks(&after, k, us.other()));
                if safe {
                    out.push(mv);
                }
            });
        }
    }

    fn apply_move(
        &self,
        pos: &PositionRef<'_>,
        mv: Move,
        changes: &mut Changes,
    ) -> Result<State, String> {
        let shot = pos.piece(mv.to).is_some();
        let change = SquareChange::new;
        if shot {
            changes.push(change(mv.to, 0));
        } else {
            let mover = pos.piece(mv.from).ok_or("no piece on the start square")?;
            changes.push(change(mv.from, 0));
            changes.push(change(mv.to, mover));
        }
        Ok(pos.state.after_move(shot))
    }

    fn is_attacked(&self, pos: &PositionRef<'_>, square: u16, by: Side) -> bool {
        attacks(pos.board, square, by)
    }

    fn attackers(&self, pos: &PositionRef<'_>, square: u16, by: Side, out: &mut Vec<u16>) {
        out.extend((0..LEN).filter(|&s| {
            let c = pos.board[s as usize];
            c != 0 && piece_side(c) == by && hits(pos.board, s, square)
        }));
    }
}

export_plugin!(RifleBoard);

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(board: &[u8], side: Side) -> Vec<Move> {
        let pos = PositionRef {
            board,
            state: State {
                side,
                ..State::new()
            },
            pockets: None,
        };
        let mut out = Vec::new();
        RifleBoard.legal_moves(&pos, &mut out);
        out
    }

    #[test]
    fn a_shot_leaves_the_shooter_in_place() {
        // The queen on d1 shoots the queen on d8 up the open file.
        let start = RifleBoard.start_position();
        let mut changes = Changes::new();
        let state = RifleBoard
            .apply_move(&start.as_ref(), Move::new(3, 59), &mut changes)
            .unwrap();
        assert_eq!(changes.squares, [SquareChange::new(59, 0)]);
        assert_eq!((state.side, state.halfmove_clock), (Side::Black, 0));
    }

    #[test]
    fn a_pinned_piece_stays() {
        // White king e1, bishop e2; black rook e8: the bishop may not leave the file,
        // and the king has d1, f1, d2, f2 (not e2, its own bishop).
        let mut board = [0u8; 64];
        board[4] = piece_code(KING, Side::White);
        board[12] = piece_code(BISHOP, Side::White);
        board[60] = piece_code(ROOK, Side::Black);
        board[56] = piece_code(KING, Side::Black);
        let white = moves(&board, Side::White);
        assert!(white.iter().all(|m| m.from == 4), "{white:?}");
        assert_eq!(white.len(), 4);
    }
}
