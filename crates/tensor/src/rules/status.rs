//! Game status as far as one position can tell: checkmate, stalemate, bare kings and the
//! 50-move rule. Threefold repetition needs the game's history; compare
//! [`Position::key`] values across it.

use super::attacks::in_check;
use super::board::Position;
use super::movegen::has_legal_move;
use super::types::{Color, Kind};

/// How the game stands in a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameStatus {
    /// The side to move has a legal move and no draw applies.
    Ongoing,
    /// The side to move is checkmated; `winner` is the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Only the two kings are left.
    InsufficientMaterial,
    /// 100 plies without a capture or a pawn move.
    FiftyMoveRule,
}

/// The status of a position (mate and stalemate take precedence over the draws).
///
/// # Examples
/// ```
/// use tensor_chess::{Position, parse_fen, status, GameStatus, Color};
/// assert_eq!(status(&Position::start()), GameStatus::Ongoing);
/// let bare = parse_fen("5k4/10/10/10/10/10/10/5K4 w - - 0 1").unwrap();
/// assert_eq!(status(&bare), GameStatus::InsufficientMaterial);
/// let mate = parse_fen("k9/2Q7/1K8/10/10/10/10/10 b - - 0 1").unwrap();
/// assert_eq!(status(&mate), GameStatus::Stalemate);
/// ```
pub fn status(pos: &Position) -> GameStatus {
    if !has_legal_move(pos) {
        return if in_check(pos) {
            GameStatus::Checkmate {
                winner: pos.side_to_move().flip(),
            }
        } else {
            GameStatus::Stalemate
        };
    }
    let kings = pos.mask(Color::White, Kind::King) | pos.mask(Color::Black, Kind::King);
    if pos.all() == kings {
        return GameStatus::InsufficientMaterial;
    }
    if pos.halfmove_clock() >= 100 {
        return GameStatus::FiftyMoveRule;
    }
    GameStatus::Ongoing
}
