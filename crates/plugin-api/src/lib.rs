//! The C ABI between chess4d and a rule plugin, with no dependencies.
//!
//! A plugin is a dynamic library exporting `chess4d_plugin_entry`, which returns a
//! versioned [`PluginTable`] of `extern "C"` functions (`include/chess4d_plugin.h` is the
//! same contract for C). The host keeps the position and lends it to each call as piece
//! codes `1 + kind*2 + color`, with the per-side counters and, for a variant with drops,
//! the pieces in hand; the plugin answers with moves and square changes. In Rust,
//! implement [`RulesPlugin`] with plain types and call [`export_plugin!`]; every call is
//! wrapped in `catch_unwind`, so a panic reaches the host as [`STATUS_PANIC`].
//!
//! ```
//! use chess4d_plugin_api::*;
//!
//! /// Two kings on a 1x3 board that may only step right (a toy).
//! #[derive(Default)]
//! struct Toy;
//! impl RulesPlugin for Toy {
//!     fn variant(&self) -> VariantDesc {
//!         VariantDesc {
//!             name: "toy".into(), title: "Toy".into(), description: String::new(),
//!             sizes: vec![3],
//!             pieces: vec![PieceDesc { letter: 'K', name: "king".into(), value: 0, royal: true, pawn: false }],
//!             repetition_limit: 3, move_limit_plies: 100,
//!             ..VariantDesc::default()
//!         }
//!     }
//!     fn start_position(&self) -> PositionData {
//!         PositionData::new(vec![1, 0, 2], State::new())
//!     }
//!     fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<Move>) {
//!         if pos.side() == Side::White && pos.piece(1).is_none() { out.push(Move::new(0, 1)); }
//!     }
//!     fn apply_move(&self, pos: &PositionRef<'_>, mv: Move, ch: &mut Changes) -> Result<State, String> {
//!         standard_changes(pos, mv, ch);
//!         Ok(pos.state.after_move(false))
//!     }
//!     fn is_attacked(&self, _: &PositionRef<'_>, _: u16, _: Side) -> bool { false }
//!     fn attackers(&self, _: &PositionRef<'_>, _: u16, _: Side, _: &mut Vec<u16>) {}
//! }
//! export_plugin!(Toy);
//!
//! // What the host does after dlopen: read the table, check version and size first.
//! unsafe extern "C" {
//!     fn chess4d_plugin_entry() -> *const PluginTable;
//! }
//! let table = unsafe { &*chess4d_plugin_entry() };
//! assert_eq!((table.abi_version, table.size), (ABI_VERSION, TABLE_SIZE));
//! let board = [1u8, 0, 2];
//! let pos = RawPosition {
//!     board: board.as_ptr(), board_len: 3, state: State::new().to_raw(),
//!     hands: std::ptr::null(), promoted: std::ptr::null(), // no pockets
//! };
//! let mut moves = [Move::new(0, 0); 4];
//! let mut count = 0;
//! let legal = table.legal_moves.unwrap();
//! let status = unsafe { legal(&pos, moves.as_mut_ptr(), 4, &mut count, std::ptr::null_mut()) };
//! assert_eq!((status, count, moves[0].to), (STATUS_OK, 1, 1));
//! ```

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod abi;
#[doc(hidden)]
pub mod export;
mod plugin;
mod types;

pub use abi::*;
pub use plugin::RulesPlugin;
pub use types::{
    BoardMirror, BoardShape, Changes, EndReason, GameStatus, PieceDesc, Pockets, PocketsRef,
    PositionData, PositionRef, Side, State, VariantDesc, diff_boards, piece_code, piece_kind,
    piece_side, standard_changes,
};
