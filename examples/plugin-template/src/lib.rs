//! Rifle chess on a line: the smallest chess4d rule plugin, made to be copied.
//!
//! Eight squares a–h, `K N R . . r n k`. The king steps one square, the knight jumps
//! exactly two, the rook slides. The rule a variant file cannot say: a capture is a
//! *shot* — the captured piece leaves the board and the shooter stays where it stood.
//! Everything else (notation parsing, position strings, checkmate and stalemate) is left
//! to the host's defaults. Build with `cargo build -p chess4d-plugin-template` and point
//! a variant file at it (`rifle.toml`).
//!
//! ```
//! use chess4d_plugin_api::{Move, RulesPlugin};
//! let rules = rifle_line::RifleLine;
//! let start = rules.start_position();
//! let mut moves = Vec::new();
//! rules.legal_moves(&start.as_ref(), &mut moves);
//! // Knight b-d, rook c-d, c-e, and the shot c×f (the rook stays on c).
//! let expected = 4;
//! assert_eq!(
//!     moves.len(),
//!     expected,
//!     "the start position's move count: after changing the pieces or the start on \
//!      purpose, set `expected` here to the new count (and PERFT in tests/load.rs)"
//! );
//! assert!(moves.contains(&Move::new(2, 5)));
//! ```

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

use chess4d_plugin_api::{
    Changes, Move, PieceDesc, PositionData, PositionRef, RulesPlugin, Side, SquareChange, State,
    VariantDesc, export_plugin, piece_code, piece_kind, piece_side,
};

/// Squares on the line.
const LEN: u16 = 8;
const KING: u8 = 0;
const KNIGHT: u8 = 1;
const ROOK: u8 = 2;

/// The rules; the plugin holds no state (the host lends the position to every call).
#[derive(Clone, Copy, Debug, Default)]
pub struct RifleLine;

/// Every square the piece on `from` reaches: (target, whether it is a shot).
fn reach(board: &[u8], from: u16, mut visit: impl FnMut(u16)) {
    let Some(&code) = board.get(from as usize).filter(|&&c| c != 0) else {
        return;
    };
    let (steps, slides): (&[i16], bool) = match piece_kind(code) {
        KING => (&[-1, 1], false),
        KNIGHT => (&[-2, 2], false),
        _ => (&[-1, 1], true),
    };
    for &d in steps {
        let mut sq = from as i16 + d;
        while (0..LEN as i16).contains(&sq) {
            let target = board[sq as usize];
            if target == 0 || piece_side(target) != piece_side(code) {
                visit(sq as u16);
            }
            if target != 0 || !slides {
                break;
            }
            sq += d;
        }
    }
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

impl RulesPlugin for RifleLine {
    fn variant(&self) -> VariantDesc {
        let piece = |letter, name: &str, value, royal| PieceDesc {
            letter,
            name: name.into(),
            value,
            royal,
            pawn: false,
        };
        VariantDesc {
            name: "rifle-line".into(),
            title: "Rifle chess on a line".into(),
            description: "One-dimensional chess where a capture is a shot: the captured \
                          piece leaves the board and the shooter stays where it stood."
                .into(),
            sizes: vec![LEN as u8],
            pieces: vec![
                piece('K', "king", 0, true),
                piece('N', "knight", 300, false),
                piece('R', "rook", 500, false),
            ],
            repetition_limit: 3,
            move_limit_plies: 50,
            bare_kings_draw: true,
            // No castling, en passant, check counters or pieces in hand (plugin ABI 2
            // carries counters and pockets: set `counter_limit` and `pockets` to use them).
            ..VariantDesc::default()
        }
    }

    fn start_position(&self) -> PositionData {
        let (w, b) = (Side::White, Side::Black);
        let mut board = vec![0; LEN as usize];
        board[0] = piece_code(KING, w);
        board[1] = piece_code(KNIGHT, w);
        board[2] = piece_code(ROOK, w);
        board[5] = piece_code(ROOK, b);
        board[6] = piece_code(KNIGHT, b);
        board[7] = piece_code(KING, b);
        PositionData::new(board, State::new())
    }

    fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<Move>) {
        let us = pos.side();
        for from in 0..LEN {
            if pos.piece(from).is_none_or(|c| piece_side(c) != us) {
                continue;
            }
            reach(pos.board, from, |to| {
                let mv = Move::new(from, to);
                let after = play(pos.board, mv);
                let king = piece_code(KING, us);
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
        out.extend((0..LEN).filter(|&s| hits(pos.board, s, square, by)));
    }

    fn format_move(&self, pos: &PositionRef<'_>, mv: Move) -> Option<String> {
        let file = |sq: u16| char::from(b'a' + sq as u8);
        let sep = if pos.piece(mv.to).is_some() { "x" } else { "" };
        Some(format!("{}{sep}{}", file(mv.from), file(mv.to)))
    }

    fn describe_move(&self, pos: &PositionRef<'_>, mv: Move) -> Option<String> {
        let name = |sq: u16| {
            let kind = pos.piece(sq).map(piece_kind);
            ["king", "knight", "rook"][kind.unwrap_or(KING) as usize]
        };
        let file = |sq: u16| char::from(b'a' + sq as u8);
        Some(match pos.piece(mv.to) {
            Some(_) => format!(
                "the {} on {} shoots the {} on {} and stays",
                name(mv.from),
                file(mv.from),
                name(mv.to),
                file(mv.to)
            ),
            None => format!("{} {}-{}", name(mv.from), file(mv.from), file(mv.to)),
        })
    }
}

/// Whether the piece on `from`, of side `by`, hits `square`.
fn hits(board: &[u8], from: u16, square: u16, by: Side) -> bool {
    if board
        .get(from as usize)
        .is_none_or(|&c| c == 0 || piece_side(c) != by)
    {
        return false;
    }
    let mut found = false;
    // Put an enemy piece on the target so that `reach` counts it as a shot.
    let mut probe = [0u8; LEN as usize];
    probe.copy_from_slice(&board[..LEN as usize]);
    if probe[square as usize] == 0 {
        probe[square as usize] = piece_code(KING, by.other());
    }
    reach(&probe, from, |to| found |= to == square);
    found
}

/// Whether any piece of `by` hits `square`.
fn attacks(board: &[u8], square: u16, by: Side) -> bool {
    (0..LEN).any(|s| hits(board, s, square, by))
}

export_plugin!(RifleLine);

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
        RifleLine.legal_moves(&pos, &mut out);
        out
    }

    #[test]
    fn a_shot_leaves_the_shooter_in_place() {
        let start = RifleLine.start_position();
        let mut changes = Changes::new();
        let state = RifleLine
            .apply_move(&start.as_ref(), Move::new(2, 5), &mut changes)
            .unwrap();
        assert_eq!(changes.squares, [SquareChange::new(5, 0)]);
        assert_eq!((state.side, state.halfmove_clock), (Side::Black, 0));
    }

    #[test]
    fn a_move_into_check_is_not_legal() {
        // White king a, knight b, black rook c: the knight's only jump (to d) would open
        // the line from the rook to the king, and the king's step is blocked: stalemate.
        let board = [1, 3, 6, 0, 0, 0, 0, 2];
        assert_eq!(moves(&board, Side::White), []);
        // Black's rook on c may shoot the knight (and stay), or slide towards its king.
        let black = moves(&board, Side::Black);
        assert!(black.contains(&Move::new(2, 1)) && black.contains(&Move::new(2, 6)));
    }
}
