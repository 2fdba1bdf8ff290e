//! [`PluginRules`]: a loaded plugin behind the core's `Rules` trait.
//!
//! The host keeps the position. A move costs one ABI call: the plugin returns the
//! squares it changes and the new state, and the host writes them through
//! [`Position::set`], so unmaking is the core's own `restore` with no call at all.

use super::PluginError;
use super::call::{CallError, CheckedState, Limits, call, raw_state, to_raw_move, with_raw};
use super::fault::Faults;
use super::library;
use super::optional::{OPT_DESCRIBE, OPT_FORMAT_MOVE};
use super::pockets::PocketBuffers;
use chess4d_core::{
    Color, FenError, Move, MoveError, MoveErrorKind, MoveParseError, Position, PositionError,
    Rules, Square, Status, Undo, VariantInfo, coordinate_notation,
};
use chess4d_plugin_api::{
    ApplyMoveFn, HANDS_LEN, HandChange, IsAttackedFn, LegalMovesFn, MAX_CHANGES, Move as RawMove,
    PluginTable, RawAfter, RawPosition, RawPositionOut, RawState, STATUS_BUFFER_TOO_SMALL,
    STATUS_UNSUPPORTED, SquareChange,
};
use std::cell::RefCell;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicU32;

/// The most moves the host accepts from one `legal_moves` call.
const MAX_MOVES: usize = 1 << 16;

/// The checked changes of one move: square, piece, promoted mark.
struct ArrayVec {
    items: [(Square, Option<chess4d_core::Piece>, bool); MAX_CHANGES],
    len: usize,
}

thread_local! {
    /// The buffer `legal_moves` answers into, reused so the hot path does not allocate.
    static RAW_MOVES: RefCell<Vec<RawMove>> = const { RefCell::new(Vec::new()) };
}

/// A rule plugin loaded from a dynamic library, implementing [`Rules`].
///
/// Every answer is checked: squares on the board, piece codes of the variant's kinds,
/// moves of the side to move, parsed moves among the legal ones, UTF-8 text. Methods
/// that can return an error do; the others drop bad data and record a fault, which
/// [`PluginRules::last_fault`] (or [`Rules::faults`] on a `dyn Rules`) reports.
pub struct PluginRules {
    pub(super) info: VariantInfo,
    pub(super) path: PathBuf,
    pub(super) table: PluginTable,
    pub(super) legal_fn: LegalMovesFn,
    pub(super) apply_fn: ApplyMoveFn,
    pub(super) attacked_fn: IsAttackedFn,
    pub(super) limits: Limits,
    /// Bit `k` set when piece kind `k` is royal.
    pub(super) royal: u64,
    pub(super) start: Position,
    pub(super) faults: Faults,
    pub(super) unsupported: AtomicU32,
}

impl fmt::Debug for PluginRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PluginRules")
            .field("name", &self.info.name)
            .field("path", &self.path)
            .field("faults", &self.faults.count())
            .finish()
    }
}

impl PluginRules {
    /// Finds plugin `library` (see [`super::search_dirs`]) and loads it as variant `name`.
    pub fn load(
        name: &str,
        library: &str,
        dirs: &[PathBuf],
    ) -> Result<Arc<PluginRules>, PluginError> {
        let path = library::find_plugin(library, dirs)?;
        PluginRules::open(&path, name)
    }

    /// Loads the plugin library at `path` as variant `name` (the catalog's name wins
    /// over the one the plugin gives itself).
    pub fn open(path: &Path, name: &str) -> Result<Arc<PluginRules>, PluginError> {
        let table = library::open(path)?;
        let bad_table = |reason: &str| PluginError::BadTable {
            path: path.to_path_buf(),
            reason: reason.to_string(),
        };
        let (Some(legal_fn), Some(apply_fn), Some(attacked_fn)) =
            (table.legal_moves, table.apply_move, table.is_attacked)
        else {
            return Err(bad_table("a required function is null"));
        };
        let (info, extra) = super::describe::variant_info(&table, path, name)?;
        let limits = Limits {
            squares: info.shape.len() as u16,
            kinds: info.pieces.len() as u8,
            castling_mask: ((1u64 << info.castling_letters.len()) - 1) as u32,
            counter_limit: extra.counter_limit,
            pockets: extra.pockets,
        };
        let royal = info
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .fold(0u64, |m, (i, _)| m | 1 << i);
        let mut rules = PluginRules {
            start: Position::empty(info.shape),
            info,
            path: path.to_path_buf(),
            table,
            legal_fn,
            apply_fn,
            attacked_fn,
            limits,
            royal,
            faults: Faults::default(),
            unsupported: AtomicU32::new(0),
        };
        let start = rules
            .read_position(|out, err| match table.start_position {
                // SAFETY: `out` describes a host board of the right length for the call.
                Some(f) => unsafe { f(out, err) },
                None => STATUS_UNSUPPORTED,
            })
            .map_err(|reason| PluginError::BadVariant {
                path: path.to_path_buf(),
                reason: format!("start position: {reason}"),
            })?;
        rules.start = start;
        // The plugin's start position is checked as every position from outside is.
        rules
            .check_position(&rules.start)
            .map_err(|e| PluginError::BadVariant {
                path: path.to_path_buf(),
                reason: format!("start position: {e}"),
            })?;
        Ok(Arc::new(rules))
    }

    /// The library file this plugin was loaded from.
    pub fn library_path(&self) -> &Path {
        &self.path
    }

    /// The latest thing the plugin did wrong (bad data dropped, a panic caught), if any.
    pub fn last_fault(&self) -> Option<String> {
        self.faults.last()
    }

    /// Returns and clears the latest fault (the count stays).
    pub fn take_fault(&self) -> Option<String> {
        self.faults.take()
    }

    /// How many faults the plugin has had since it was loaded.
    pub fn fault_count(&self) -> u64 {
        self.faults.count()
    }

    pub(super) fn fault(&self, what: impl fmt::Display) {
        self.faults.record(self.fault_text(what));
    }

    /// A fault in words that name the plugin and its file.
    fn fault_text(&self, what: impl fmt::Display) -> String {
        format!(
            "rule plugin '{}' ({}): {what}",
            self.info.name,
            self.path.display()
        )
    }

    pub(super) fn notation(&self, mv: Move) -> String {
        coordinate_notation(&self.info, mv)
    }

    /// Builds a position from what the plugin writes into a host board.
    fn read_position(
        &self,
        f: impl FnOnce(*mut RawPositionOut, *mut chess4d_plugin_api::RawBuf) -> u32,
    ) -> Result<Position, String> {
        self.fill_position(f)
            .map_err(|e| format!("the plugin {e}"))?
    }

    /// Lets the plugin write a position into a host board (and, for a variant with
    /// pockets, host hands and marks): the call's error outside, the checks' inside.
    pub(super) fn fill_position(
        &self,
        f: impl FnOnce(*mut RawPositionOut, *mut chess4d_plugin_api::RawBuf) -> u32,
    ) -> Result<Result<Position, String>, CallError> {
        let mut board = vec![0u8; self.info.shape.len()];
        let mut pockets = PocketBuffers::new(self.limits.pockets, board.len());
        let (hands, promoted) = match pockets.as_mut() {
            Some(p) => (p.hands.as_mut_ptr(), p.promoted.as_mut_ptr()),
            None => (std::ptr::null_mut(), std::ptr::null_mut()),
        };
        let mut out = RawPositionOut {
            board: board.as_mut_ptr(),
            board_len: board.len() as u32,
            state: raw_state(&self.start),
            hands,
            promoted,
        };
        call(|err| f(&mut out, err))?;
        let lent = pockets
            .as_ref()
            .map(|p| (&p.hands[..HANDS_LEN], &p.promoted[..]));
        Ok(self.build_position(&board, &out.state, lent))
    }

    pub(super) fn build_position(
        &self,
        board: &[u8],
        state: &RawState,
        pockets: Option<(&[u8], &[u64])>,
    ) -> Result<Position, String> {
        let state = self.limits.state(state)?;
        let mut pos = Position::empty(self.info.shape);
        for (i, &code) in board.iter().enumerate() {
            let sq = Square(i as u16);
            let piece = self
                .limits
                .piece(code)
                .map_err(|e| format!("square {}: {e}", self.info.shape.square_name(sq)))?;
            if let Some(p) = piece {
                pos.put(sq, Some(p));
                if self.is_royal_code(p) {
                    pos.set_king(p.color(), Some(sq));
                }
            }
        }
        pos.set_side_to_move(state.side);
        pos.set_castling_rights(state.castling);
        pos.set_en_passant(state.en_passant);
        pos.set_halfmove_clock(state.halfmove_clock);
        pos.set_fullmove_number(state.fullmove_number);
        pos.set_counters(state.counters);
        if let Some((hands, promoted)) = pockets {
            self.read_pockets(&mut pos, hands, promoted)?;
        }
        Ok(pos)
    }

    #[inline]
    pub(super) fn is_royal_code(&self, p: chess4d_core::Piece) -> bool {
        self.royal >> p.kind().0 & 1 != 0
    }

    /// Fills `buf` with the plugin's raw moves for `raw`; false after a fault.
    fn raw_moves(&self, raw: &RawPosition, buf: &mut Vec<RawMove>) -> Option<usize> {
        if buf.is_empty() {
            buf.resize(256, RawMove::new(0, 0));
        }
        for _ in 0..2 {
            let cap = buf.len();
            let mut count = 0u32;
            // SAFETY: `raw` is valid for the call; `buf` holds `cap` initialised moves.
            let res = call(|err| unsafe {
                (self.legal_fn)(raw, buf.as_mut_ptr(), cap as u32, &mut count, err)
            });
            let n = count as usize;
            match res {
                Ok(()) if n <= cap => return Some(n),
                Ok(()) => {
                    self.fault(format_args!(
                        "legal_moves reported {n} moves in a buffer of {cap}"
                    ));
                    return None;
                }
                Err(e) if e.status == STATUS_BUFFER_TOO_SMALL && n > cap && n <= MAX_MOVES => {
                    buf.resize(n, RawMove::new(0, 0));
                }
                Err(e) => {
                    self.fault(format_args!("legal_moves: {e}"));
                    return None;
                }
            }
        }
        self.fault("legal_moves kept asking for a bigger buffer");
        None
    }

    /// The plugin's legal moves, checked; every bad one dropped and recorded.
    fn checked_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        let side = pos.side_to_move();
        with_raw(pos, |raw| {
            RAW_MOVES.with(|cell| {
                let mut fresh = Vec::new();
                let mut guard = cell.try_borrow_mut();
                let buf = match guard.as_mut() {
                    Ok(b) => &mut **b,
                    Err(_) => &mut fresh,
                };
                let Some(n) = self.raw_moves(raw, buf) else {
                    return;
                };
                // SAFETY: `raw.board` holds `raw.board_len` bytes for this closure.
                let board =
                    unsafe { std::slice::from_raw_parts(raw.board, raw.board_len as usize) };
                let hands: &[u8] = if raw.hands.is_null() {
                    &[]
                } else {
                    // SAFETY: a non-null `hands` holds HANDS_LEN counts for this closure.
                    unsafe { std::slice::from_raw_parts(raw.hands, HANDS_LEN) }
                };
                let side_bit = side.index() as u8;
                let limits = self.limits;
                let own = |m: &RawMove| {
                    board
                        .get(m.from as usize)
                        .is_some_and(|&c| c != 0 && (c - 1) & 1 == side_bit)
                };
                // Without pockets a drop's empty start square fails `own` already, so the
                // variants without drops pay nothing for them.
                if hands.is_empty() {
                    self.keep_valid(pos, &buf[..n], out, |m| limits.in_range(m) && own(m));
                } else {
                    self.keep_valid(pos, &buf[..n], out, |m| {
                        limits.in_range(m)
                            && if m.is_drop() {
                                PluginRules::drop_ok(board, hands, side.index(), m)
                            } else {
                                own(m)
                            }
                    });
                }
            })
        });
    }

    /// Converts the plugin's moves into `out`, leaving out and recording those `valid`
    /// refuses.
    #[inline(always)]
    fn keep_valid(
        &self,
        pos: &Position,
        raw: &[RawMove],
        out: &mut Vec<Move>,
        valid: impl Fn(&RawMove) -> bool,
    ) {
        // Convert all in one pass (no branch on the result), and only if something was
        // wrong go back to drop it: the hot path is all good moves.
        let mut all_good = true;
        out.reserve(raw.len());
        for m in raw {
            all_good &= valid(m);
            out.push(Limits::convert(m));
        }
        if all_good {
            return;
        }
        out.clear();
        let mut bad: Option<String> = None;
        for m in raw {
            if valid(m) {
                out.push(Limits::convert(m));
            } else if bad.is_none() {
                bad = Some(if self.limits.in_range(m) && m.is_drop() {
                    self.describe_bad_drop(pos, m)
                } else {
                    self.describe_bad_move(m)
                });
            }
        }
        if let Some(msg) = bad {
            self.fault(msg);
        }
    }

    /// Checks the squares and state `apply_move` returned.
    #[inline]
    fn check_changes(
        &self,
        changes: &[SquareChange],
        after: &RawState,
    ) -> Result<(ArrayVec, CheckedState), String> {
        if changes.len() > MAX_CHANGES {
            return Err(format!(
                "it changes {} squares, more than the {MAX_CHANGES} a move may",
                changes.len()
            ));
        }
        let mut checked = ArrayVec {
            items: [(Square(0), None, false); MAX_CHANGES],
            len: changes.len(),
        };
        for (slot, c) in checked.items.iter_mut().zip(changes) {
            *slot = (
                self.limits.square(c.square, "a changed")?,
                self.limits.piece(c.piece)?,
                self.check_flags(c)?,
            );
        }
        Ok((checked, self.limits.state(after)?))
    }

    /// Plays a move through the plugin's `apply_move`, checking its answer before the
    /// position is touched; a refusal is recorded as a fault and returned in words.
    #[inline]
    fn apply(&self, pos: &mut Position, mv: Move) -> Result<Undo, String> {
        let mut undo = pos.begin_undo();
        let raw_mv = to_raw_move(mv);
        let mut changes = [SquareChange::new(0, 0); 16];
        let mut count = 0u32;
        let mut after = RawAfter {
            state: raw_state(pos),
            hand: HandChange::default(),
        };
        let res = with_raw(pos, |raw| {
            // SAFETY: position, move, the change array (16) and state are valid for the call.
            call(|err| unsafe {
                (self.apply_fn)(
                    raw,
                    &raw_mv,
                    changes.as_mut_ptr(),
                    changes.len() as u32,
                    &mut count,
                    &mut after,
                    err,
                )
            })
        });
        let n = count as usize;
        let refuse = |why: String| {
            let msg = self.fault_text(format_args!(
                "apply_move {}: {why}; the move was not played",
                self.notation(mv)
            ));
            self.faults.record(msg.clone());
            Err(msg)
        };
        if let Err(e) = res {
            return if e.status == STATUS_BUFFER_TOO_SMALL || n > changes.len() {
                refuse(format!(
                    "it changes {n} squares, more than the {MAX_CHANGES} a move may"
                ))
            } else {
                refuse(e.to_string())
            };
        }
        // Check everything before touching the position: a refused move leaves it intact.
        let (checked, state) =
            match self.check_changes(&changes[..n.min(changes.len())], &after.state) {
                Ok(c) => c,
                Err(why) => return refuse(why),
            };
        // Hands and marks: skipped by two tests for the variants without pockets.
        let hand = if after.hand.delta == 0 && !self.limits.pockets {
            None
        } else {
            match self.check_hand(pos, mv, &after.hand) {
                Ok(h) => h,
                Err(why) => return refuse(why),
            }
        };
        let (marks, mark_count) = if pos.has_pockets() {
            match self.mark_changes(pos, &checked.items[..checked.len]) {
                Ok(m) => m,
                Err(why) => return refuse(why),
            }
        } else {
            ([(Square(0), false); 3], 0)
        };
        for &(sq, piece, _) in &checked.items[..checked.len] {
            if let Some(old) = pos.piece_at(sq)
                && self.is_royal_code(old)
                && pos.king(old.color()) == Some(sq)
            {
                pos.set_king(old.color(), None);
            }
            pos.set(&mut undo, sq, piece);
            if let Some(p) = piece
                && self.is_royal_code(p)
            {
                pos.set_king(p.color(), Some(sq));
            }
        }
        for &(sq, mark) in &marks[..mark_count] {
            pos.set_promoted(&mut undo, sq, mark);
        }
        if let Some(h) = hand {
            self.apply_hand(pos, &mut undo, h);
        }
        if state.counters != pos.counters() {
            pos.set_counters(state.counters);
        }
        if state.castling != pos.castling_rights() {
            pos.set_castling_rights(state.castling);
        }
        pos.set_en_passant(state.en_passant);
        pos.set_halfmove_clock(state.halfmove_clock);
        pos.set_fullmove_number(state.fullmove_number);
        pos.set_side_to_move(state.side);
        Ok(undo)
    }

    /// Words for a move from `legal_moves` that failed the checks.
    #[cold]
    fn describe_bad_move(&self, m: &RawMove) -> String {
        match self.limits.raw_move(m) {
            Ok(mv) => format!(
                "legal_moves listed {}, but {} has no piece of the side to move",
                self.notation(mv),
                self.info.shape.square_name(mv.from)
            ),
            Err(e) => format!("legal_moves listed a bad move: {e}"),
        }
    }
}

impl Rules for PluginRules {
    fn info(&self) -> &VariantInfo {
        &self.info
    }

    fn faults(&self) -> (u64, Option<String>) {
        (self.fault_count(), self.last_fault())
    }

    fn start_position(&self) -> Position {
        self.start.clone()
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.checked_moves(pos, out);
    }

    #[inline]
    fn make_move(&self, pos: &mut Position, mv: Move) -> Undo {
        // A refused move left the position as it was: an empty undo restores nothing.
        self.apply(pos, mv).unwrap_or_else(|_| pos.begin_undo())
    }

    fn try_make_move(&self, pos: &mut Position, mv: Move) -> Result<Undo, MoveError> {
        self.apply(pos, mv).map_err(|message| MoveError {
            kind: MoveErrorKind::Fault,
            message,
        })
    }

    fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        if sq.0 >= self.limits.squares {
            return false;
        }
        let mut result = 0u32;
        let res = with_raw(pos, |raw| {
            // SAFETY: position and result are valid for the call.
            call(|err| unsafe {
                (self.attacked_fn)(raw, sq.0 as u32, by.index() as u32, &mut result, err)
            })
        });
        match res {
            Ok(()) if result <= 1 => result == 1,
            Ok(()) => {
                self.fault(format_args!("is_attacked returned {result}, not 0 or 1"));
                result != 0
            }
            Err(e) => {
                self.fault(format_args!("is_attacked: {e}"));
                false
            }
        }
    }

    fn attackers(&self, pos: &Position, sq: Square, by: Color, out: &mut Vec<Square>) {
        self.answer_attackers(pos, sq, by, out)
    }

    fn status(&self, pos: &Position) -> Status {
        self.answer_status(pos)
    }

    fn parse_position(&self, text: &str) -> Result<Position, FenError> {
        self.checked_parse_position(text)
    }

    fn parse_position_unchecked(&self, text: &str) -> Result<Position, FenError> {
        self.answer_parse_position(text)
    }

    fn check_position(&self, pos: &Position) -> Result<(), PositionError> {
        chess4d_core::check_position(self, pos)
    }

    fn format_position(&self, pos: &Position) -> String {
        self.answer_format_position(pos)
    }

    fn format_move(&self, pos: &Position, mv: Move) -> String {
        self.move_text(
            self.table.format_move,
            OPT_FORMAT_MOVE,
            pos,
            mv,
            "format_move",
        )
        .unwrap_or_else(|| self.notation(mv))
    }

    fn describe_move(&self, pos: &Position, mv: Move) -> String {
        self.move_text(
            self.table.describe_move,
            OPT_DESCRIBE,
            pos,
            mv,
            "describe_move",
        )
        .unwrap_or_else(|| self.format_move(pos, mv))
    }

    fn move_path(&self, pos: &Position, mv: Move) -> Vec<Square> {
        self.answer_move_path(pos, mv)
    }

    fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveParseError> {
        self.answer_parse_move(pos, text)
    }
}
