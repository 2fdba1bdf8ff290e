//! The rules of chess on boards of one to four axes, with no I/O.
//!
//! A board is a [`Shape`] of up to four axes; squares are dense indices. A variant is
//! anything that implements [`Rules`]; [`TableRules`] runs any variant described in the
//! movement vocabulary "which axes change, and by how much" ([`MoveAtom`]). A [`Game`]
//! adds history, undo, and the draw rules that need history; [`perft`] checks it all.
//! Positions keep each side's squares as bits too (boards of up to 128 squares), which
//! the move generator scans without changing the order of the moves it lists, and which
//! perft's last ply counts by popcounts where a variant's moves are the board moves alone
//! ([`Rules::count_legal_moves`]).
//! Moves are written for people in SAN ([`san`]) and for other programs in UCI
//! ([`UciMove`]: `e2e4`, `N@b1`, `e6e7+`), and asked what they are ([`Move::kind`]).
//!
//! Squares are indices into a [`Shape`], named by their coordinates: file and rank, then
//! the axes the board has beyond them in brackets.
//!
//! ```
//! use chess4d_core::Shape;
//!
//! let shape = Shape::new(&[4, 4, 2, 2])?; // x (files a-d), y (ranks 1-4), z, w
//! let b2 = shape.parse_square("b2[0,1]")?;
//! assert_eq!(shape.coords(b2), [1, 1, 0, 1]);
//! // One step along w from a1 on the bottom-left board reaches a1 on the board above.
//! let a1 = shape.parse_square("a1[0,0]")?;
//! let above = shape.offset(a1, [0, 0, 0, 1]).ok_or("off the board")?;
//! assert_eq!(shape.square_name(above), "a1[0,1]");
//! // An 8x8 board has no brackets: its squares are named as in chess.
//! let chess = Shape::new(&[8, 8])?;
//! assert_eq!(chess.square_name(chess.parse_square("e4")?), "e4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A variant is data: the pieces say which axes their moves change, and by how much.
//! Here kings and a rook on the 4x4x2x2 board (`chess4d-variants` reads the same
//! definition from a TOML file):
//!
//! ```
//! use chess4d_core::*;
//!
//! // A tiny variant: kings and rooks on a 4x4x2x2 board.
//! let piece = |letter, name: &str, royal, moves| PieceDef {
//!     info: PieceInfo { letter, name: name.into(), value: 500, royal, pawn: false },
//!     moves,
//!     confined: None,
//! };
//! let king_moves = (1..=4).map(|n| MoveAtom::new(&vec![1; n], 1)).collect();
//! let def = VariantDef {
//!     name: "mini".into(),
//!     title: "Kings and rooks".into(),
//!     description: String::new(),
//!     shape: Shape::new(&[4, 4, 2, 2]).unwrap(),
//!     pieces: vec![piece('K', "king", true, king_moves), piece('R', "rook", false, vec![MoveAtom::new(&[1], 0)])],
//!     start: "4/4/4/KR2|4/4/4/4|4/4/4/4|k3/4/4/4 w - - 0 1".into(),
//!     castling: vec![],
//!     castling960: None,
//!     en_passant: false,
//!     double_step_rank: None,
//!     triple_step: false,
//!     holes: vec![],
//!     wrap: 0,
//!     promotion: vec![],
//!     promotion_axes: 0b10,
//!     repetition_limit: 3,
//!     move_limit_plies: 100,
//!     bare_kings_draw: true,
//!     regions: vec![],
//!     promotion_region: None,
//!     double_step_region: None,
//!     promotion_rules: PromotionDef::default(),
//!     ends: EndsDef::default(),
//!     drops: DropsDef::default(),
//!     forms: FormsDef::default(),
//!     passing: Default::default(),
//!     gating: GatingDef::default(),
//!     promotion_move: PromotionMoveDef::default(),
//! };
//! let rules = TableRules::new(def).unwrap();
//! let mut pos = rules.start_position();
//! // The rook on b1[0,0] moves along X, Y, Z or W: 2 + 3 + 1 + 1 squares.
//! let rook_moves = {
//!     let mut v = Vec::new();
//!     rules.legal_moves(&pos, &mut v);
//!     v.iter().filter(|m| rules.info().shape.square_name(m.from) == "b1[0,0]").count()
//! };
//! assert_eq!(rook_moves, 7);
//! let mv = rules.parse_move(&pos, "b1[0,0]b1[0,1]").unwrap();
//! rules.make_move(&mut pos, mv);
//! assert_eq!(rules.format_position(&pos), "4/4/4/K3|4/4/4/4|4/4/4/1R2|k3/4/4/4 b - - 1 1");
//! ```

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod game;
mod geometry;
mod moves;
mod notation;
mod perft;
mod piece;
mod position;
mod rules;
mod table;

pub use game::{Game, IllegalMoveError, IllegalMoveKind, Outcome, Reason};
pub use geometry::{
    Axis, MAX_FILES, MAX_SQUARES, Shape, ShapeError, Square, SquareParseError, SquareParseErrorKind,
};
pub use moves::{Move, MoveKind};
pub use notation::{
    SanHistory, UciMove, UciSuffix, find_uci_move, format_uci_move, game_san, parse_notation,
    parse_san, parse_uci_move, play_notation, san, san_line, san_moves,
};
pub use perft::{divide, perft};
pub use piece::{Color, MAX_KINDS, Piece, PieceInfo, PieceKind};
pub use position::{
    FenError, FenErrorKind, MAX_CHANGES, MAX_FULLMOVE, Position, PositionError, PositionErrorKind,
    Undo, check_position, format_fen, parse_fen, zobrist,
};
pub use rules::{
    BoardLook, MoveError, MoveErrorKind, MoveParseError, MoveParseErrorKind, Rules, Status,
    VariantInfo, bare_kings, coordinate_notation, parse_among_legal, reach,
    write_coordinate_notation,
};
pub use table::{
    BitSet, Castling960Def, CastlingDef, DropsDef, EndsDef, ExtinctionDef, FormsDef, GatingDef,
    GoalDef, Mode, MoveAtom, PassingDef, Path, PieceDef, PromotionDef, PromotionMoveDef, RegionDef,
    SquareSet, TableRules, VariantDef, VariantError, Verdict,
};
