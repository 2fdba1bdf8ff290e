//! Tensor chess rules, split by concern: the vocabulary ([`types`]), precomputed
//! geometry, the position and its FEN form, moves and how they are played, attacks,
//! move generation by piece family, notation, game status and perft.

pub mod attacks;
pub mod board;
pub mod describe;
pub mod fen;
pub(crate) mod geometry;
pub mod makemove;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod status;
pub mod types;
pub(crate) mod zobrist;

pub use attacks::{attackers, in_check, is_attacked};
pub use board::{BLACK_LONG, BLACK_SHORT, Position, START_FEN, WHITE_LONG, WHITE_SHORT};
pub use describe::{describe_move, move_path};
pub use fen::{FenError, parse_fen, to_fen};
pub use makemove::{make_move, unmake_move};
pub use movegen::{has_legal_move, legal_moves, legal_moves_in_place, pseudo_legal_moves};
pub use moves::{Move, MovePartsError, Undo, is_capture};
pub use notation::{MoveParseError, move_to_string, parse_move, parse_move_text};
pub use perft::{divide, perft};
pub use status::{GameStatus, status};
pub use types::{
    Bits, Color, FILES, Kind, Piece, RANKS, SQUARES, Square, SquareSet, file_of, parse_square,
    rank_of, square, square_name,
};
