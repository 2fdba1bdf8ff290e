//! Tensor chess rules in pure Rust: a 10x8 board where each side adds two monsters (T),
//! pieces that step like a king, jump like checkers and let their own side's pieces pass
//! over, bounce off and push them. This crate parses and prints FEN, generates the legal
//! moves (each distinct board result once), plays and takes back moves, tests attacks,
//! reads and writes the coordinate notation, and counts perft. Built as a cdylib it is the
//! rule plugin `chess4d` loads for `variants/tensor.toml` (see [`plugin`]).
//!
//! ```
//! use tensor_chess::{Position, legal_moves, parse_move, make_move, perft, to_fen};
//! let mut pos = Position::start();
//! let mut moves = Vec::new();
//! legal_moves(&pos, &mut moves);
//! assert_eq!(moves.len(), 30);
//! let mv = parse_move(&pos, "b1d3").unwrap(); // the monster jumps over the c2 pawn
//! make_move(&mut pos, mv);
//! assert!(to_fen(&pos).starts_with("rtnbqkbntr/pppppppppp/10/10/10/3T6/PPPPPPPPPP/R1NBQKBNTR b"));
//! assert_eq!(perft(&Position::start(), 2), 900);
//! ```
//!
//! Squares are `file + 10 * rank` (a1 = 0, j1 = 9, j8 = 79). Piece codes on the board
//! are `1 + kind * 2 + color` with kinds K Q R B N P T = 0..6 and White = 0, Black = 1
//! (see [`Piece::code`]).

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod plugin;
pub mod rules;

pub use rules::*;
