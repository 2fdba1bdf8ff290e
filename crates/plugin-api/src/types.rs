//! Plain Rust types a plugin works with: sides, states, positions, the variant's
//! description, and a board shape helper. The glue in [`crate::export`] converts them
//! to and from the raw ABI types.

use crate::abi::{HANDS_LEN, HandChange, MAX_KINDS, NO_SQUARE, RawState, SquareChange};

/// A side of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Moves first; piece codes are odd.
    White,
    /// Moves second; piece codes are even.
    Black,
}

impl Side {
    /// 0 for White, 1 for Black (the ABI's `side` value).
    pub fn index(self) -> u32 {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// The side with this ABI value.
    pub fn from_index(i: u32) -> Option<Side> {
        match i {
            0 => Some(Side::White),
            1 => Some(Side::Black),
            _ => None,
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// The piece code of kind `kind` and side `side`: `1 + kind*2 + side`.
///
/// # Examples
///
/// ```
/// use chess4d_plugin_api::{Side, piece_code, piece_kind, piece_side};
/// let c = piece_code(2, Side::Black);
/// assert_eq!(c, 6);
/// assert_eq!((piece_kind(c), piece_side(c)), (2, Side::Black));
/// ```
pub const fn piece_code(kind: u8, side: Side) -> u8 {
    1 + kind * 2
        + match side {
            Side::White => 0,
            Side::Black => 1,
        }
}

/// The kind of a (non-zero) piece code.
pub const fn piece_kind(code: u8) -> u8 {
    code.saturating_sub(1) / 2
}

/// The side of a (non-zero) piece code.
pub const fn piece_side(code: u8) -> Side {
    if code.saturating_sub(1) & 1 == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// Side to move, castling rights, en-passant square, clocks and the per-side counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The side to move.
    pub side: Side,
    /// Castling rights; bit `i` is castling letter `i`.
    pub castling: u32,
    /// The square a pawn passed over, capturable en passant.
    pub en_passant: Option<u16>,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, from 1.
    pub fullmove_number: u32,
    /// The per-side counters (White's, Black's) of a variant that declares a
    /// [`VariantDesc::counter_limit`]: in n-check, the checks each side has left to
    /// give. `[0, 0]` otherwise.
    pub counters: [u8; 2],
}

impl State {
    /// White to move, no rights, move 1, no counters.
    pub const fn new() -> State {
        State {
            side: Side::White,
            castling: 0,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            counters: [0, 0],
        }
    }

    /// The state after `side` has moved: the other side to move, the move number
    /// advanced after Black, the clock reset or advanced.
    pub fn after_move(self, reset_clock: bool) -> State {
        State {
            side: self.side.other(),
            castling: self.castling,
            en_passant: None,
            halfmove_clock: if reset_clock {
                0
            } else {
                self.halfmove_clock.saturating_add(1)
            },
            fullmove_number: match self.side {
                Side::White => self.fullmove_number,
                Side::Black => self.fullmove_number.saturating_add(1),
            },
            counters: self.counters,
        }
    }

    /// The raw form.
    pub fn to_raw(self) -> RawState {
        RawState {
            side: self.side.index(),
            castling: self.castling,
            en_passant: self.en_passant.map_or(NO_SQUARE as u32, u32::from),
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            counters: self.counters,
            reserved: [0; 2],
        }
    }

    /// Reads the raw form; `None` if the side or en-passant field is out of range.
    pub fn from_raw(raw: RawState) -> Option<State> {
        Some(State {
            side: Side::from_index(raw.side)?,
            castling: raw.castling,
            en_passant: match raw.en_passant {
                e if e == NO_SQUARE as u32 => None,
                e => Some(u16::try_from(e).ok()?),
            },
            halfmove_clock: raw.halfmove_clock,
            fullmove_number: raw.fullmove_number,
            counters: raw.counters,
        })
    }
}

impl Default for State {
    fn default() -> State {
        State::new()
    }
}

/// The pieces in hand and the promoted marks of a position, borrowed (a variant with
/// [`VariantDesc::pockets`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PocketsRef<'a> {
    /// [`HANDS_LEN`] counts, side `s`'s kind `k` at `s * MAX_KINDS + k`.
    pub hands: &'a [u8],
    /// One bit per square, 64 to a word: the piece there was promoted.
    pub promoted: &'a [u64],
}

impl PocketsRef<'_> {
    /// How many pieces of `kind` `side` holds.
    pub fn in_hand(&self, side: Side, kind: u8) -> u8 {
        self.hands
            .get(side.index() as usize * MAX_KINDS + kind as usize)
            .copied()
            .unwrap_or(0)
    }

    /// Whether the piece on `sq` was promoted.
    pub fn is_promoted(&self, sq: u16) -> bool {
        self.promoted
            .get(sq as usize / 64)
            .is_some_and(|w| w >> (sq % 64) & 1 != 0)
    }

    /// An owned copy.
    pub fn to_owned(&self) -> Pockets {
        Pockets {
            hands: self.hands.to_vec(),
            promoted: self.promoted.to_vec(),
        }
    }
}

/// The pieces in hand and the promoted marks of a position the plugin owns.
///
/// # Examples
///
/// ```
/// use chess4d_plugin_api::{Pockets, Side};
/// let mut p = Pockets::new(64);
/// p.set_in_hand(Side::Black, 3, 2);
/// p.set_promoted(10, true);
/// assert_eq!((p.as_ref().in_hand(Side::Black, 3), p.as_ref().in_hand(Side::White, 3)), (2, 0));
/// assert!(p.as_ref().is_promoted(10) && !p.as_ref().is_promoted(11));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pockets {
    hands: Vec<u8>,
    promoted: Vec<u64>,
}

impl Pockets {
    /// Empty hands and no marks for a board of `squares` squares.
    pub fn new(squares: usize) -> Pockets {
        Pockets {
            hands: vec![0; HANDS_LEN],
            promoted: vec![0; squares.div_ceil(64)],
        }
    }

    /// Sets how many pieces of `kind` `side` holds (kinds past [`MAX_KINDS`] ignored).
    pub fn set_in_hand(&mut self, side: Side, kind: u8, count: u8) {
        if let Some(slot) = self
            .hands
            .get_mut(side.index() as usize * MAX_KINDS + kind as usize)
        {
            *slot = count;
        }
    }

    /// Marks the piece on `sq` promoted or not (squares off the board ignored).
    pub fn set_promoted(&mut self, sq: u16, promoted: bool) {
        if let Some(w) = self.promoted.get_mut(sq as usize / 64) {
            let bit = 1u64 << (sq % 64);
            *w = if promoted { *w | bit } else { *w & !bit };
        }
    }

    /// Borrows them.
    pub fn as_ref(&self) -> PocketsRef<'_> {
        PocketsRef {
            hands: &self.hands,
            promoted: &self.promoted,
        }
    }
}

/// A position the host lends for one call: the board (piece codes), the state, and for
/// a variant with pockets the pieces in hand.
#[derive(Clone, Copy, Debug)]
pub struct PositionRef<'a> {
    /// One piece code per square: 0 empty, else `1 + kind*2 + side`.
    pub board: &'a [u8],
    /// Side, rights and counters.
    pub state: State,
    /// Pieces in hand and promoted marks; `None` for a variant without pockets.
    pub pockets: Option<PocketsRef<'a>>,
}

impl PositionRef<'_> {
    /// The piece code on a square, `None` if empty or off the board.
    pub fn piece(&self, sq: u16) -> Option<u8> {
        self.board.get(sq as usize).copied().filter(|&c| c != 0)
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.state.side
    }

    /// How many pieces of `kind` `side` holds in hand (0 without pockets).
    pub fn in_hand(&self, side: Side, kind: u8) -> u8 {
        self.pockets.map_or(0, |p| p.in_hand(side, kind))
    }

    /// Whether the piece on `sq` was promoted (false without pockets).
    pub fn is_promoted(&self, sq: u16) -> bool {
        self.pockets.is_some_and(|p| p.is_promoted(sq))
    }
}

/// A position the plugin owns (the start position, a parsed position string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionData {
    /// One piece code per square.
    pub board: Vec<u8>,
    /// Side, rights and counters.
    pub state: State,
    /// Pieces in hand and promoted marks: `Some` exactly when the variant declares
    /// [`VariantDesc::pockets`].
    pub pockets: Option<Pockets>,
}

impl PositionData {
    /// A board and state without pockets.
    pub fn new(board: Vec<u8>, state: State) -> PositionData {
        PositionData {
            board,
            state,
            pockets: None,
        }
    }

    /// Borrows it as a [`PositionRef`].
    pub fn as_ref(&self) -> PositionRef<'_> {
        PositionRef {
            board: &self.board,
            state: self.state,
            pockets: self.pockets.as_ref().map(Pockets::as_ref),
        }
    }

    /// Plays a move's [`Changes`] on this position, with the state after it.
    pub fn apply(&mut self, changes: &Changes, after: State) {
        for c in &changes.squares {
            if let Some(slot) = self.board.get_mut(c.square as usize) {
                *slot = c.piece;
            }
            if let Some(p) = self.pockets.as_mut() {
                p.set_promoted(c.square, c.is_promoted());
            }
        }
        if let (Some(h), Some(p)) = (changes.hand, self.pockets.as_mut()) {
            let side = Side::from_index(h.side as u32).unwrap_or(Side::White);
            let n = p.as_ref().in_hand(side, h.kind);
            p.set_in_hand(side, h.kind, n.saturating_add_signed(h.delta));
        }
        self.state = after;
    }
}

/// What a move changes: its squares, in order (at most [`crate::MAX_CHANGES`]), and at
/// most one count in hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// The squares and what stands on each afterwards.
    pub squares: Vec<SquareChange>,
    /// The count in hand the move changes.
    pub hand: Option<HandChange>,
}

impl Changes {
    /// No changes.
    pub fn new() -> Changes {
        Changes::default()
    }

    /// Adds a changed square.
    pub fn push(&mut self, change: SquareChange) {
        self.squares.push(change);
    }

    /// Records that `side`'s count of `kind` in hand changes by `delta` (+1 a capture
    /// to hand, -1 a drop).
    pub fn to_hand(&mut self, side: Side, kind: u8, delta: i8) {
        self.hand = Some(HandChange {
            side: side.index() as u8,
            kind,
            delta,
            reserved: 0,
        });
    }

    /// Empties both lists.
    pub fn clear(&mut self) {
        self.squares.clear();
        self.hand = None;
    }
}

/// One piece kind as the plugin describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDesc {
    /// The uppercase ASCII letter used in position strings and notation.
    pub letter: char,
    /// The name people use.
    pub name: String,
    /// Worth in centipawns (for the engine).
    pub value: i32,
    /// Checkmating (capturing) it ends the game.
    pub royal: bool,
    /// A pawn: promotes, resets the move counter.
    pub pawn: bool,
}

/// What a variant is: name, board, pieces and draw settings.
///
/// Build it with `..VariantDesc::default()` to stay source-compatible when fields are
/// added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantDesc {
    /// Short catalog name (letters, digits, `-`, `_`).
    pub name: String,
    /// The name shown to people.
    pub title: String,
    /// One paragraph for people choosing a variant.
    pub description: String,
    /// Axis sizes, X first, 1 to 4 of them.
    pub sizes: Vec<u8>,
    /// The piece kinds; kind `i` is `pieces[i]`.
    pub pieces: Vec<PieceDesc>,
    /// The castling letters, one per castling bit (`"KQkq"`), or empty.
    pub castling_letters: String,
    /// Whether en passant exists.
    pub en_passant: bool,
    /// The occurrence of a position that draws (0 off).
    pub repetition_limit: u8,
    /// Plies without capture or pawn move that draw (0 off).
    pub move_limit_plies: u16,
    /// Whether two bare kings draw.
    pub bare_kings_draw: bool,
    /// The largest value of the per-side counters in [`State::counters`] (n-check: the
    /// checks to give, 3 in three-check); 0 when the variant keeps none.
    pub counter_limit: u8,
    /// Whether positions keep pieces in hand and promoted marks (a variant with drops):
    /// then every [`PositionData`] has [`Pockets`] and drops are legal moves.
    pub pockets: bool,
}

/// Why a rule of the variant ended the game ([`GameStatus::Ended`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Checkmate, scored as the variant scores it (a win for the mated side in some).
    Checkmate,
    /// Stalemate, scored as the variant scores it.
    Stalemate,
    /// A piece reached the variant's goal.
    Goal,
    /// A side gave its last check (its counter reached 0).
    Checks,
    /// A side lost every piece of a kind that counts.
    Extinction,
}

impl EndReason {
    /// The ABI's `END_*` value.
    pub fn to_raw(self) -> u32 {
        match self {
            EndReason::Checkmate => crate::abi::END_CHECKMATE,
            EndReason::Stalemate => crate::abi::END_STALEMATE,
            EndReason::Goal => crate::abi::END_GOAL,
            EndReason::Checks => crate::abi::END_CHECKS,
            EndReason::Extinction => crate::abi::END_EXTINCTION,
        }
    }
}

/// Where a position stands by the rules alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can win.
    InsufficientMaterial,
    /// A rule of the variant ended the game (the last check of n-check, a goal
    /// reached, a checkmate scored otherwise than in chess).
    Ended {
        /// The winner, or `None` for a draw.
        winner: Option<Side>,
        /// Why it ended.
        reason: EndReason,
    },
}

impl GameStatus {
    /// The ABI's `GAME_*` value.
    pub fn to_raw(self) -> u32 {
        match self {
            GameStatus::Ongoing => crate::abi::GAME_ONGOING,
            GameStatus::Checkmate => crate::abi::GAME_CHECKMATE,
            GameStatus::Stalemate => crate::abi::GAME_STALEMATE,
            GameStatus::InsufficientMaterial => crate::abi::GAME_INSUFFICIENT_MATERIAL,
            GameStatus::Ended { winner, reason } => {
                let result = match winner {
                    Some(Side::White) => crate::abi::GAME_WHITE_WINS,
                    Some(Side::Black) => crate::abi::GAME_BLACK_WINS,
                    None => crate::abi::GAME_DRAWN,
                };
                result | reason.to_raw() << crate::abi::END_REASON_SHIFT
            }
        }
    }
}

/// Board geometry for plugins: dense square indices and coordinates.
///
/// # Examples
///
/// ```
/// use chess4d_plugin_api::BoardShape;
/// let b = BoardShape::new(&[4, 4, 2, 2]).unwrap();
/// assert_eq!(b.len(), 64);
/// assert_eq!(b.coords(17), [1, 0, 1, 0]);
/// assert_eq!(b.offset(17, [-1, 0, 0, 1]), Some(48));
/// assert_eq!(b.offset(17, [-2, 0, 0, 0]), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardShape {
    sizes: [u8; 4],
    len: u16,
}

impl BoardShape {
    /// A shape of 1 to 4 axes; `None` if an axis is 0 or the board is over 4096 squares.
    pub fn new(sizes: &[u8]) -> Option<BoardShape> {
        if sizes.is_empty() || sizes.len() > 4 || sizes.contains(&0) {
            return None;
        }
        let mut full = [1u8; 4];
        full[..sizes.len()].copy_from_slice(sizes);
        let len: usize = full.iter().map(|&s| s as usize).product();
        (len <= crate::abi::MAX_SQUARES).then_some(BoardShape {
            sizes: full,
            len: len as u16,
        })
    }

    /// The number of squares.
    #[allow(clippy::len_without_is_empty)] // a board has at least one square
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// The coordinates of a square, X first.
    pub fn coords(&self, sq: u16) -> [u8; 4] {
        let mut rest = sq;
        let mut out = [0u8; 4];
        for (o, &s) in out.iter_mut().zip(&self.sizes) {
            *o = (rest % s as u16) as u8;
            rest /= s as u16;
        }
        out
    }

    /// The square at these coordinates, if on the board.
    pub fn square(&self, coords: [u8; 4]) -> Option<u16> {
        let mut idx = 0u16;
        let mut stride = 1u16;
        for (&c, &s) in coords.iter().zip(&self.sizes) {
            if c >= s {
                return None;
            }
            idx += c as u16 * stride;
            stride *= s as u16;
        }
        Some(idx)
    }

    /// The square reached by adding a signed step per axis, if on the board.
    pub fn offset(&self, sq: u16, delta: [i8; 4]) -> Option<u16> {
        let c = self.coords(sq);
        let mut out = [0u8; 4];
        for i in 0..4 {
            let v = c[i] as i16 + delta[i] as i16;
            if !(0..self.sizes[i] as i16).contains(&v) {
                return None;
            }
            out[i] = v as u8;
        }
        self.square(out)
    }
}

/// The squares an ordinary move changes: `from` emptied, a capture square away from
/// `to` emptied, a second piece moved, and the mover (or its promotion) on `to`. A drop
/// puts the dropped piece on its square and takes it out of the mover's hand.
///
/// With pockets, promoted marks move with their pieces and a promotion marks the piece;
/// where a captured piece goes (the captor's hand, demoted, nowhere) is the variant's
/// rule, so the plugin adds it with [`Changes::to_hand`].
///
/// Plugins whose moves do nothing more unusual can build `apply_move` on it.
pub fn standard_changes(pos: &PositionRef<'_>, mv: crate::Move, out: &mut Changes) {
    let side = pos.side();
    if let Some(kind) = mv.dropped() {
        out.push(SquareChange::new(mv.to, piece_code(kind, side)));
        out.to_hand(side, kind, -1);
        return;
    }
    let mover = pos.piece(mv.from).unwrap_or(0);
    out.push(SquareChange::new(mv.from, 0));
    if let Some(c) = mv.capture() {
        out.push(SquareChange::new(c, 0));
    }
    if let Some((f2, t2)) = mv.second() {
        let second = pos.piece(f2).unwrap_or(0);
        out.push(SquareChange::new(f2, 0));
        out.push(SquareChange::new(t2, second).promoted(pos.is_promoted(f2)));
    }
    let landed = match mv.promotion() {
        Some(kind) => piece_code(kind, piece_side(mover)),
        None => mover,
    };
    let marked = pos.pockets.is_some() && (mv.promotion().is_some() || pos.is_promoted(mv.from));
    out.push(SquareChange::new(mv.to, landed).promoted(marked));
}

/// The squares that differ between two boards of the same length, as changes to `after`.
///
/// A plugin that plays moves on its own board type can diff before and after.
pub fn diff_boards(before: &[u8], after: &[u8], out: &mut Changes) {
    for (i, (&a, &b)) in before.iter().zip(after).enumerate() {
        if a != b {
            out.push(SquareChange::new(i as u16, b));
        }
    }
}

/// The last board a plugin saw, to update its own board by the few squares that changed
/// instead of rebuilding it on every call (keep one per thread: calls come from several).
///
/// # Examples
///
/// ```
/// use chess4d_plugin_api::BoardMirror;
/// let mut mirror = BoardMirror::default();
/// let mut changed = Vec::new();
/// assert!(!mirror.sync(&[1, 0, 2], |sq, code| changed.push((sq, code))), "first sight");
/// assert!(mirror.sync(&[0, 1, 2], |sq, code| changed.push((sq, code))));
/// assert_eq!(changed, [(0, 0), (1, 1)]);
/// // The plugin played a move on its own board: record the board after it.
/// mirror.apply(&[chess4d_plugin_api::SquareChange::new(2, 0)]);
/// assert!(mirror.sync(&[0, 1, 0], |_, _| panic!("nothing changed")));
/// mirror.remember(&[2, 2, 2]);
/// assert!(mirror.sync(&[2, 2, 2], |_, _| panic!("nothing changed")));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardMirror {
    last: Vec<u8>,
}

impl BoardMirror {
    /// Calls `changed(square, new_code)` for every square that differs from the last
    /// board and remembers `board`. Returns false (calling nothing) when there is no
    /// last board of the same length: the caller then builds its board from scratch.
    pub fn sync(&mut self, board: &[u8], mut changed: impl FnMut(u16, u8)) -> bool {
        if self.last.len() != board.len() {
            self.last = board.to_vec();
            return false;
        }
        // Compare eight squares at a time as one word: most calls differ in two to four
        // squares, so nearly every word is equal.
        let mut i = 0;
        for (a, b) in self.last.chunks_exact_mut(8).zip(board.chunks_exact(8)) {
            let wa = u64::from_ne_bytes([a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]]);
            let wb = u64::from_ne_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
            if wa != wb {
                for (j, (x, &y)) in a.iter_mut().zip(b).enumerate() {
                    if *x != y {
                        *x = y;
                        changed((i + j) as u16, y);
                    }
                }
            }
            i += 8;
        }
        for (j, (x, &y)) in self.last[i..].iter_mut().zip(&board[i..]).enumerate() {
            if *x != y {
                *x = y;
                changed((i + j) as u16, y);
            }
        }
        true
    }

    /// Remembers `board` as the last one seen without reporting changes: after playing
    /// a move on its own board, a plugin records the board after it, so that the next
    /// call (usually on that position) finds nothing to update.
    pub fn remember(&mut self, board: &[u8]) {
        self.last.clear();
        self.last.extend_from_slice(board);
    }

    /// Applies square changes to the remembered board (as [`BoardMirror::remember`] of
    /// the board after them).
    pub fn apply(&mut self, changes: &[SquareChange]) {
        for c in changes {
            if let Some(slot) = self.last.get_mut(c.square as usize) {
                *slot = c.piece;
            }
        }
    }

    /// Forgets the last board (the next [`BoardMirror::sync`] returns false).
    pub fn clear(&mut self) {
        self.last.clear();
    }
}
