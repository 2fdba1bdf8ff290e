//! The raw C ABI: `#[repr(C)]` types, constants and the function table.
//!
//! `include/chess4d_plugin.h` declares the same layout for C; the size assertions at the
//! end of this file fail the build if either side drifts, which forces an
//! [`ABI_VERSION`] bump. Every enum-like value is a `u32` (an out-of-range Rust enum read
//! from the other side would be undefined behaviour); every function reports a status
//! code and writes its results through pointers the host owns.

use std::ffi::c_char;
use std::mem::{align_of, offset_of, size_of};

/// The version of the table layout and of the meaning of its functions.
///
/// Version 2 added what positions gained for n-check and drops: the per-side counters
/// in [`RawState`], the pieces in hand and promoted marks lent beside the board
/// ([`RawPosition::hands`], [`RawPosition::promoted`]), drops as moves
/// ([`Move::drop`]), [`SquareChange::flags`], the hand change in [`RawAfter`] and the
/// variant's [`RawVariant::counter_limit`] and [`RawVariant::pockets`], and game ends by
/// a rule of the variant ([`GAME_WHITE_WINS`] and the `END_*` reasons). A version 1
/// plugin is refused when loaded.
pub const ABI_VERSION: u32 = 2;

/// The symbol every plugin exports: `const Chess4dPluginTable *chess4d_plugin_entry(void)`.
pub const ENTRY_SYMBOL: &str = "chess4d_plugin_entry";

/// The entry symbol with its terminating NUL, as `dlsym` wants it.
pub const ENTRY_SYMBOL_NUL: &[u8] = b"chess4d_plugin_entry\0";

/// "No square" in a `u16` square field (capture, second move, en passant).
pub const NO_SQUARE: u16 = 0xFFFF;

/// "No promotion" in [`Move::promotion`].
pub const NO_PROMOTION: u8 = 0xFF;

/// The most board squares one move may change (the host's undo record holds this many).
pub const MAX_CHANGES: usize = 6;

/// The most squares a board may have (8x8x8x8).
pub const MAX_SQUARES: usize = 4096;

/// The most piece kinds a variant may define (piece codes stay below 256).
pub const MAX_KINDS: usize = 64;

/// The most castling options (bits of [`RawState::castling`]).
pub const MAX_CASTLING: usize = 8;

/// The length of a hands array ([`RawPosition::hands`]): a count per side and kind, at
/// `side * MAX_KINDS + kind`. A count is at most the board's number of squares (and
/// 255); kinds the variant does not have hold 0.
pub const HANDS_LEN: usize = 2 * MAX_KINDS;

/// The call succeeded.
pub const STATUS_OK: u32 = 0;
/// The plugin refused the input (a bad position string, an unknown move); the message
/// buffer says why.
pub const STATUS_ERROR: u32 = 1;
/// An output buffer was too small; the count or length field holds the size needed.
pub const STATUS_BUFFER_TOO_SMALL: u32 = 2;
/// The plugin panicked (or failed internally); the message buffer says where.
pub const STATUS_PANIC: u32 = 3;
/// An optional function the plugin does not provide: the host uses its default.
pub const STATUS_UNSUPPORTED: u32 = 4;
/// The host passed something malformed (a null pointer, a board of the wrong length).
pub const STATUS_BAD_ARGUMENT: u32 = 5;

/// [`PluginTable::text`] key: the short catalog name (`tensor`).
pub const TEXT_NAME: u32 = 0;
/// [`PluginTable::text`] key: the title shown to people.
pub const TEXT_TITLE: u32 = 1;
/// [`PluginTable::text`] key: one paragraph describing the variant.
pub const TEXT_DESCRIPTION: u32 = 2;
/// [`PluginTable::text`] key: the name of piece kind `index` ("monster").
pub const TEXT_PIECE_NAME: u32 = 3;
/// [`PluginTable::text`] key: the castling letters, one character per castling bit.
pub const TEXT_CASTLING_LETTERS: u32 = 4;

/// [`RawPiece::flags`]: capturing (checkmating) this piece ends the game.
pub const PIECE_ROYAL: u32 = 1;
/// [`RawPiece::flags`]: a pawn (promotes, resets the move counter).
pub const PIECE_PAWN: u32 = 2;

/// [`SquareChange::flags`]: the piece now on the square was promoted (it goes back to
/// hand demoted, as crazyhouse's `Q~`). Only for a variant with pockets.
pub const CHANGE_PROMOTED: u8 = 1;

/// Game status: the side to move has a legal move.
pub const GAME_ONGOING: u32 = 0;
/// Game status: the side to move is checkmated.
pub const GAME_CHECKMATE: u32 = 1;
/// Game status: the side to move has no legal move and is not in check.
pub const GAME_STALEMATE: u32 = 2;
/// Game status: neither side can ever win.
pub const GAME_INSUFFICIENT_MATERIAL: u32 = 3;
/// Game status: a rule of the variant ended the game and White won; the reason is added
/// as `END_* << END_REASON_SHIFT` (three-check: `GAME_WHITE_WINS | END_CHECKS << 8`).
pub const GAME_WHITE_WINS: u32 = 4;
/// Game status: a rule of the variant ended the game and Black won (reason as above).
pub const GAME_BLACK_WINS: u32 = 5;
/// Game status: a rule of the variant ended the game drawn (reason as above).
pub const GAME_DRAWN: u32 = 6;
/// Where the reason sits in a status word.
pub const END_REASON_SHIFT: u32 = 8;
/// Reason: checkmate, scored as the variant scores it.
pub const END_CHECKMATE: u32 = 0;
/// Reason: stalemate, scored as the variant scores it.
pub const END_STALEMATE: u32 = 1;
/// Reason: a piece reached the variant's goal (king of the hill).
pub const END_GOAL: u32 = 2;
/// Reason: a side gave its last check (n-check: its counter reached 0).
pub const END_CHECKS: u32 = 3;
/// Reason: a side lost every piece of a kind that counts (extinction).
pub const END_EXTINCTION: u32 = 4;

/// A move across the ABI (12 bytes).
///
/// Squares are dense indices `x + sx*(y + sy*(z + sz*w))`. `capture` is set only when
/// the captured piece is not on `to`; `from2`/`to2` move a second piece (a castling rook,
/// a pushed piece) and are both [`NO_SQUARE`] otherwise. A drop from hand is a move from
/// a square to itself whose `promotion` is the kind dropped ([`Move::drop`]); a move from
/// a square to itself without a promotion is a board move.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece starts.
    pub from: u16,
    /// Where it lands.
    pub to: u16,
    /// The square of a piece captured away from `to`, or [`NO_SQUARE`].
    pub capture: u16,
    /// A second piece's start square, or [`NO_SQUARE`].
    pub from2: u16,
    /// A second piece's landing square, or [`NO_SQUARE`].
    pub to2: u16,
    /// The piece kind promoted to, or [`NO_PROMOTION`].
    pub promotion: u8,
    /// Reserved: the plugin writes 0, the host passes 0.
    pub flags: u8,
}

impl Move {
    /// A plain move from one square to another.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_plugin_api::{Move, NO_SQUARE};
    /// let m = Move::new(0, 2).with_capture(1);
    /// assert_eq!((m.from, m.to, m.capture, m.from2), (0, 2, 1, NO_SQUARE));
    /// ```
    pub const fn new(from: u16, to: u16) -> Move {
        Move {
            from,
            to,
            capture: NO_SQUARE,
            from2: NO_SQUARE,
            to2: NO_SQUARE,
            promotion: NO_PROMOTION,
            flags: 0,
        }
    }

    /// The same move, promoting to piece kind `kind`.
    pub const fn with_promotion(mut self, kind: u8) -> Move {
        self.promotion = kind;
        self
    }

    /// The same move, capturing the piece on `sq` (not the landing square).
    pub const fn with_capture(mut self, sq: u16) -> Move {
        self.capture = sq;
        self
    }

    /// The same move, also moving a second piece from `from2` to `to2`.
    pub const fn with_second(mut self, from2: u16, to2: u16) -> Move {
        self.from2 = from2;
        self.to2 = to2;
        self
    }

    /// A drop: a piece of `kind` from the mover's hand put on the empty square `sq`
    /// (written as a move from `sq` to itself promoting to `kind`).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_plugin_api::Move;
    /// let d = Move::drop(2, 5);
    /// assert!(d.is_drop());
    /// assert_eq!((d.dropped(), d.promotion()), (Some(2), Some(2)));
    /// assert!(!Move::new(0, 1).is_drop());
    /// assert!(!Move::new(3, 3).with_capture(4).is_drop(), "a round trip that takes");
    /// ```
    pub const fn drop(kind: u8, sq: u16) -> Move {
        Move::new(sq, sq).with_promotion(kind)
    }

    /// Whether the move drops a piece from hand: from a square to itself with a kind.
    /// (A board move may also end where it started, as Tensor chess's monster does
    /// after taking the monster it jumped over; it has no promotion.)
    pub const fn is_drop(&self) -> bool {
        self.from == self.to && self.promotion != NO_PROMOTION
    }

    /// The kind dropped, when the move is a drop.
    pub fn dropped(&self) -> Option<u8> {
        if self.is_drop() {
            self.promotion()
        } else {
            None
        }
    }

    /// The promotion kind, if any (for a drop: the kind dropped).
    pub fn promotion(&self) -> Option<u8> {
        (self.promotion != NO_PROMOTION).then_some(self.promotion)
    }

    /// The capture square away from `to`, if any.
    pub fn capture(&self) -> Option<u16> {
        (self.capture != NO_SQUARE).then_some(self.capture)
    }

    /// The second piece's movement, if any.
    pub fn second(&self) -> Option<(u16, u16)> {
        (self.from2 != NO_SQUARE).then_some((self.from2, self.to2))
    }
}

/// One square a move changes: what stands there afterwards (4 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareChange {
    /// The square.
    pub square: u16,
    /// The piece code `1 + kind*2 + color` now on it, or 0 for empty.
    pub piece: u8,
    /// [`CHANGE_PROMOTED`] when the piece now there was promoted, else 0.
    pub flags: u8,
}

impl SquareChange {
    /// The square now holds `piece` (a piece code, 0 empty), not a promoted one.
    pub const fn new(square: u16, piece: u8) -> SquareChange {
        SquareChange {
            square,
            piece,
            flags: 0,
        }
    }

    /// The same change, marking the piece as promoted (or not).
    pub const fn promoted(mut self, promoted: bool) -> SquareChange {
        self.flags = if promoted { CHANGE_PROMOTED } else { 0 };
        self
    }

    /// Whether the piece now on the square is marked promoted.
    pub const fn is_promoted(&self) -> bool {
        self.flags & CHANGE_PROMOTED != 0
    }
}

/// The one count in hand a move changes (4 bytes): a capture puts a piece in the
/// captor's hand (`delta` 1), a drop takes one out (`delta` -1). `delta` 0: none.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HandChange {
    /// 0 White, 1 Black: whose hand.
    pub side: u8,
    /// The piece kind.
    pub kind: u8,
    /// How the count changes; 0 when the move changes no hand.
    pub delta: i8,
    /// Reserved, 0.
    pub reserved: u8,
}

/// Everything about a position besides the board and the hands (24 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RawState {
    /// 0 White, 1 Black.
    pub side: u32,
    /// Castling rights; bit `i` is castling letter `i`.
    pub castling: u32,
    /// The en-passant square, or [`NO_SQUARE`].
    pub en_passant: u32,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, from 1.
    pub fullmove_number: u32,
    /// The per-side counters (White's, Black's) of a variant that keeps them: in
    /// n-check, the checks each side has left to give, 0 to
    /// [`RawVariant::counter_limit`]. Both 0 where the variant keeps none.
    pub counters: [u8; 2],
    /// Reserved, 0.
    pub reserved: [u8; 2],
}

/// What `apply_move` writes besides the changed squares (28 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RawAfter {
    /// Side, rights and counters after the move.
    pub state: RawState,
    /// The count in hand the move changes (`delta` 0: none).
    pub hand: HandChange,
}

/// A position the host lends to the plugin for one call (the board is borrowed).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RawPosition {
    /// `board_len` piece codes, one per square (0 empty, else `1 + kind*2 + color`).
    pub board: *const u8,
    /// The number of squares.
    pub board_len: u32,
    /// Side, rights and counters.
    pub state: RawState,
    /// Null for a variant without pockets; else [`HANDS_LEN`] counts of pieces in hand,
    /// side `s`'s kind `k` at `s * MAX_KINDS + k`.
    pub hands: *const u8,
    /// Null for a variant without pockets; else `(board_len + 63) / 64` words of one bit
    /// per square (bit `s % 64` of word `s / 64`): the piece on `s` was promoted.
    pub promoted: *const u64,
}

/// A position the plugin writes: the host provides `board` with `board_len` bytes (and,
/// for a variant with pockets, zeroed `hands` and `promoted` as in [`RawPosition`]).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RawPositionOut {
    /// Host memory of `board_len` bytes for the piece codes.
    pub board: *mut u8,
    /// The number of squares.
    pub board_len: u32,
    /// Side, rights and counters, written by the plugin.
    pub state: RawState,
    /// Null, or host memory of [`HANDS_LEN`] counts in hand.
    pub hands: *mut u8,
    /// Null, or host memory of `(board_len + 63) / 64` words of promoted marks.
    pub promoted: *mut u64,
}

/// A host-owned output buffer for UTF-8 text.
///
/// The plugin writes at most `cap` bytes at `ptr` and sets `len` to the full length of
/// the text; when `len > cap` the call returns [`STATUS_BUFFER_TOO_SMALL`] (for message
/// buffers the text is cut short at a character boundary instead).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RawBuf {
    /// Host memory of `cap` bytes.
    pub ptr: *mut u8,
    /// Capacity in bytes.
    pub cap: u32,
    /// Bytes the text needs (written by the plugin).
    pub len: u32,
}

/// The numbers that describe a variant (40 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RawVariant {
    /// 1 to 4.
    pub axes: u32,
    /// Axis sizes X, Y, Z, W; axes beyond `axes` are 1.
    pub sizes: [u8; 4],
    /// Piece kinds, 1 to [`MAX_KINDS`].
    pub piece_count: u32,
    /// Castling options, 0 to [`MAX_CASTLING`].
    pub castling_count: u32,
    /// 1 if en passant exists.
    pub en_passant: u32,
    /// The occurrence of a position that draws (0 turns the rule off).
    pub repetition_limit: u32,
    /// Plies without capture or pawn move that draw (0 turns it off).
    pub move_limit_plies: u32,
    /// 1 if two bare kings draw.
    pub bare_kings_draw: u32,
    /// The largest value of the per-side counters ([`RawState::counters`]; n-check's
    /// checks to give), 1 to 255; 0 when the variant keeps none.
    pub counter_limit: u32,
    /// 1 if positions keep pieces in hand and promoted marks (a variant with drops).
    pub pockets: u32,
}

/// One piece kind (12 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RawPiece {
    /// The uppercase ASCII letter (as a code point).
    pub letter: u32,
    /// Worth in centipawns.
    pub value: i32,
    /// [`PIECE_ROYAL`] | [`PIECE_PAWN`].
    pub flags: u32,
}

/// `variant_info(out, err)`.
pub type VariantInfoFn = unsafe extern "C" fn(out: *mut RawVariant, err: *mut RawBuf) -> u32;
/// `piece_info(kind, out, err)`.
pub type PieceInfoFn = unsafe extern "C" fn(kind: u32, out: *mut RawPiece, err: *mut RawBuf) -> u32;
/// `text(key, index, out, err)`: a `TEXT_*` string.
pub type TextFn =
    unsafe extern "C" fn(key: u32, index: u32, out: *mut RawBuf, err: *mut RawBuf) -> u32;
/// `start_position(out, err)`.
pub type StartPositionFn = unsafe extern "C" fn(out: *mut RawPositionOut, err: *mut RawBuf) -> u32;
/// `legal_moves(pos, out, cap, count, err)`: `*count` is the number of legal moves even
/// when it exceeds `cap` (then [`STATUS_BUFFER_TOO_SMALL`]).
pub type LegalMovesFn = unsafe extern "C" fn(
    pos: *const RawPosition,
    out: *mut Move,
    cap: u32,
    count: *mut u32,
    err: *mut RawBuf,
) -> u32;
/// `apply_move(pos, mv, changes, cap, count, after, err)`: the squares the move changes
/// (at most [`MAX_CHANGES`]), the state after it and the count in hand it changes.
pub type ApplyMoveFn = unsafe extern "C" fn(
    pos: *const RawPosition,
    mv: *const Move,
    changes: *mut SquareChange,
    cap: u32,
    count: *mut u32,
    after: *mut RawAfter,
    err: *mut RawBuf,
) -> u32;
/// `is_attacked(pos, square, by, result, err)`: `*result` 1 if `by` attacks `square`.
pub type IsAttackedFn = unsafe extern "C" fn(
    pos: *const RawPosition,
    square: u32,
    by: u32,
    result: *mut u32,
    err: *mut RawBuf,
) -> u32;
/// `attackers(pos, square, by, out, cap, count, err)`; also the shape of `move_path`.
pub type SquaresFn = unsafe extern "C" fn(
    pos: *const RawPosition,
    square: u32,
    by: u32,
    out: *mut u16,
    cap: u32,
    count: *mut u32,
    err: *mut RawBuf,
) -> u32;
/// `status(pos, out, err)`: a `GAME_*` value.
pub type StatusFn =
    unsafe extern "C" fn(pos: *const RawPosition, out: *mut u32, err: *mut RawBuf) -> u32;
/// `format_move` / `describe_move`: `(pos, mv, out, err)`.
pub type MoveTextFn = unsafe extern "C" fn(
    pos: *const RawPosition,
    mv: *const Move,
    out: *mut RawBuf,
    err: *mut RawBuf,
) -> u32;
/// `parse_move(pos, text, len, out, err)`.
pub type ParseMoveFn = unsafe extern "C" fn(
    pos: *const RawPosition,
    text: *const c_char,
    len: u32,
    out: *mut Move,
    err: *mut RawBuf,
) -> u32;
/// `move_path(pos, mv, out, cap, count, err)`.
pub type MovePathFn = unsafe extern "C" fn(
    pos: *const RawPosition,
    mv: *const Move,
    out: *mut u16,
    cap: u32,
    count: *mut u32,
    err: *mut RawBuf,
) -> u32;
/// `parse_position(text, len, out, err)`.
pub type ParsePositionFn = unsafe extern "C" fn(
    text: *const c_char,
    len: u32,
    out: *mut RawPositionOut,
    err: *mut RawBuf,
) -> u32;
/// `format_position(pos, out, err)`.
pub type FormatPositionFn =
    unsafe extern "C" fn(pos: *const RawPosition, out: *mut RawBuf, err: *mut RawBuf) -> u32;

/// The table a plugin's entry symbol returns. `abi_version` and `size` come first and
/// never move; the host reads them before anything else.
///
/// Every function is an `Option` so that a null pointer from C is a value, not undefined
/// behaviour. The first seven are required; a null optional function (or one that
/// returns [`STATUS_UNSUPPORTED`]) makes the host use its own default: coordinate
/// notation, FEN, the path `[from, to]`, status from the move list, no attackers list.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PluginTable {
    /// [`ABI_VERSION`].
    pub abi_version: u32,
    /// `size_of::<PluginTable>()` as the plugin was built.
    pub size: u32,
    /// Required.
    pub variant_info: Option<VariantInfoFn>,
    /// Required.
    pub piece_info: Option<PieceInfoFn>,
    /// Required.
    pub text: Option<TextFn>,
    /// Required.
    pub start_position: Option<StartPositionFn>,
    /// Required.
    pub legal_moves: Option<LegalMovesFn>,
    /// Required.
    pub apply_move: Option<ApplyMoveFn>,
    /// Required.
    pub is_attacked: Option<IsAttackedFn>,
    /// Optional.
    pub attackers: Option<SquaresFn>,
    /// Optional.
    pub status: Option<StatusFn>,
    /// Optional.
    pub format_move: Option<MoveTextFn>,
    /// Optional.
    pub parse_move: Option<ParseMoveFn>,
    /// Optional.
    pub describe_move: Option<MoveTextFn>,
    /// Optional.
    pub move_path: Option<MovePathFn>,
    /// Optional.
    pub parse_position: Option<ParsePositionFn>,
    /// Optional.
    pub format_position: Option<FormatPositionFn>,
}

/// The type of the entry symbol.
pub type EntryFn = unsafe extern "C" fn() -> *const PluginTable;

/// The size of [`PluginTable`] in bytes, as written into [`PluginTable::size`].
pub const TABLE_SIZE: u32 = size_of::<PluginTable>() as u32;

// The header declares these sizes too; a change here is a change of the ABI.
const PTR: usize = size_of::<*const u8>();
const _: () = {
    assert!(size_of::<Move>() == 12 && align_of::<Move>() == 2);
    assert!(size_of::<SquareChange>() == 4);
    assert!(size_of::<HandChange>() == 4);
    assert!(size_of::<RawState>() == 24);
    assert!(size_of::<RawAfter>() == 28);
    assert!(size_of::<RawPosition>() == if PTR == 8 { 56 } else { 40 });
    assert!(size_of::<RawPositionOut>() == size_of::<RawPosition>());
    assert!(size_of::<RawBuf>() == PTR + 8);
    assert!(size_of::<RawVariant>() == 40);
    assert!(size_of::<RawPiece>() == 12);
    assert!(size_of::<PluginTable>() == 8 + 15 * PTR);
    assert!(offset_of!(PluginTable, abi_version) == 0);
    assert!(offset_of!(PluginTable, size) == 4);
    assert!(offset_of!(PluginTable, variant_info) == 8);
    assert!(offset_of!(PluginTable, format_position) == 8 + 14 * PTR);
    assert!(offset_of!(Move, promotion) == 10);
    assert!(offset_of!(RawPosition, state) == PTR + 4);
    assert!(offset_of!(RawPosition, hands) == if PTR == 8 { 40 } else { 32 });
    assert!(offset_of!(RawState, counters) == 20);
    assert!(HANDS_LEN <= u8::MAX as usize + 1);
};
