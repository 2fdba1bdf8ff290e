//! [`PluginRules`]: a loaded plugin behind the core's `Rules` trait.
//!
//! The host keeps the position. A move costs one ABI call: the plugin returns the
//! squares it changes and the new state, and the host writes them through
//! [`Position::set`], so unmaking is the core's own `restore` with no call at all.

use super::PluginError;
use super::call::{
    CallError, CheckedState, Limits, call, call_text, raw_state, to_raw_move, with_raw,
};
use super::fault::{Faults, register};
use super::library;
use chess4d_core::{
    Color, FenError, Move, MoveParseError, Position, Rules, Square, Status, Undo, VariantInfo,
    bare_kings, coordinate_notation, format_fen, parse_among_legal, parse_fen,
};
use chess4d_plugin_api::{
    ApplyMoveFn, GAME_CHECKMATE, GAME_INSUFFICIENT_MATERIAL, GAME_ONGOING, GAME_STALEMATE,
    IsAttackedFn, LegalMovesFn, MAX_CHANGES, Move as RawMove, PluginTable, RawPosition,
    RawPositionOut, RawState, STATUS_BUFFER_TOO_SMALL, STATUS_UNSUPPORTED, SquareChange,
};
use std::cell::RefCell;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// The most moves the host accepts from one `legal_moves` call.
const MAX_MOVES: usize = 1 << 16;

// Bits of `PluginRules::unsupported`: optional functions that answered "unsupported".
const OPT_ATTACKERS: u32 = 1;
const OPT_STATUS: u32 = 2;
const OPT_FORMAT_MOVE: u32 = 4;
const OPT_PARSE_MOVE: u32 = 8;
const OPT_DESCRIBE: u32 = 16;
const OPT_PATH: u32 = 32;
const OPT_PARSE_POSITION: u32 = 64;
const OPT_FORMAT_POSITION: u32 = 128;

/// The checked changes of one move.
struct ArrayVec {
    items: [(Square, Option<chess4d_core::Piece>); MAX_CHANGES],
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
/// [`PluginRules::last_fault`] (or [`super::plugin_fault`] on a `dyn Rules`) reports.
pub struct PluginRules {
    info: VariantInfo,
    path: PathBuf,
    table: PluginTable,
    legal_fn: LegalMovesFn,
    apply_fn: ApplyMoveFn,
    attacked_fn: IsAttackedFn,
    limits: Limits,
    /// Bit `k` set when piece kind `k` is royal.
    royal: u64,
    start: Position,
    faults: Faults,
    unsupported: AtomicU32,
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
        let info = super::describe::variant_info(&table, path, name)?;
        let limits = Limits {
            squares: info.shape.len() as u16,
            kinds: info.pieces.len() as u8,
            castling_mask: ((1u16 << info.castling_letters.len()) - 1) as u8,
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
        let rules = Arc::new(rules);
        register(&rules);
        Ok(rules)
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

    fn fault(&self, what: impl fmt::Display) {
        self.faults.record(format!(
            "rule plugin '{}' ({}): {what}",
            self.info.name,
            self.path.display()
        ));
    }

    fn notation(&self, mv: Move) -> String {
        coordinate_notation(&self.info, mv)
    }

    /// An optional function, unless the plugin lacks it or said it does not support it.
    fn optional<F>(&self, f: Option<F>, bit: u32) -> Option<F> {
        f.filter(|_| self.unsupported.load(Ordering::Relaxed) & bit == 0)
    }

    /// Handles an optional call's error: "unsupported" is remembered, a fault recorded.
    /// Returns whether the host should fall back to its default.
    fn optional_failed(&self, e: &CallError, bit: u32, what: &str) -> bool {
        if e.status == STATUS_UNSUPPORTED {
            self.unsupported.fetch_or(bit, Ordering::Relaxed);
        } else {
            self.fault(format_args!("{what}: {e}"));
        }
        true
    }

    /// Builds a position from what the plugin writes into a host board.
    fn read_position(
        &self,
        f: impl FnOnce(*mut RawPositionOut, *mut chess4d_plugin_api::RawBuf) -> u32,
    ) -> Result<Position, String> {
        let mut board = vec![0u8; self.info.shape.len()];
        let mut out = RawPositionOut {
            board: board.as_mut_ptr(),
            board_len: board.len() as u32,
            state: raw_state(&self.start),
        };
        call(|err| f(&mut out, err)).map_err(|e| format!("the plugin {e}"))?;
        self.build_position(&board, &out.state)
    }

    fn build_position(&self, board: &[u8], state: &RawState) -> Result<Position, String> {
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
        Ok(pos)
    }

    #[inline]
    fn is_royal_code(&self, p: chess4d_core::Piece) -> bool {
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
                let mut bad: Option<String> = None;
                for m in &buf[..n] {
                    match self.limits.raw_move(m) {
                        Ok(mv) if pos.piece_at(mv.from).is_some_and(|p| p.color() == side) => {
                            out.push(mv)
                        }
                        Ok(mv) => {
                            bad.get_or_insert_with(|| {
                                format!(
                                    "legal_moves listed {}, but {} has no piece of the side to move",
                                    self.notation(mv),
                                    self.info.shape.square_name(mv.from)
                                )
                            });
                        }
                        Err(e) => {
                            bad.get_or_insert_with(|| format!("legal_moves listed a bad move: {e}"));
                        }
                    }
                }
                if let Some(msg) = bad {
                    self.fault(msg);
                }
            })
        });
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
            items: [(Square(0), None); MAX_CHANGES],
            len: changes.len(),
        };
        for (slot, c) in checked.items.iter_mut().zip(changes) {
            *slot = (
                self.limits.square(c.square, "a changed")?,
                self.limits.piece(c.piece)?,
            );
        }
        Ok((checked, self.limits.state(after)?))
    }

    /// The host's move reader: the plugin's own notation of a legal move first (it may
    /// not start with two square names, like `cxf`), then coordinate notation.
    fn default_parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveParseError> {
        let wanted = text.trim();
        if self.table.format_move.is_some() {
            let mut legal = Vec::new();
            self.legal_moves(pos, &mut legal);
            if let Some(&mv) = legal.iter().find(|&&m| self.format_move(pos, m) == wanted) {
                return Ok(mv);
            }
        }
        parse_among_legal(self, pos, text)
    }

    /// The status computed by the host (the trait's default).
    fn default_status(&self, pos: &Position) -> Status {
        if self.info.bare_kings_draw && bare_kings(&self.info, pos) {
            return Status::InsufficientMaterial;
        }
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        if !moves.is_empty() {
            Status::Ongoing
        } else if self.in_check(pos) {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// Calls a move-to-text function of the plugin.
    fn move_text(
        &self,
        f: Option<chess4d_plugin_api::MoveTextFn>,
        bit: u32,
        pos: &Position,
        mv: Move,
        what: &str,
    ) -> Option<String> {
        let f = self.optional(f, bit)?;
        let raw_mv = to_raw_move(mv);
        // SAFETY: position, move and buffers are valid for the call.
        let res = with_raw(pos, |raw| {
            call_text(|out, err| unsafe { f(raw, &raw_mv, out, err) })
        });
        match res {
            Ok(s) if !s.is_empty() => Some(s),
            Ok(_) => {
                self.fault(format_args!(
                    "{what} of {} returned empty text",
                    self.notation(mv)
                ));
                None
            }
            Err(e) => {
                self.optional_failed(&e, bit, what);
                None
            }
        }
    }
}

impl Rules for PluginRules {
    fn info(&self) -> &VariantInfo {
        &self.info
    }

    fn start_position(&self) -> Position {
        self.start.clone()
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.checked_moves(pos, out);
    }

    fn make_move(&self, pos: &mut Position, mv: Move) -> Undo {
        let mut undo = pos.begin_undo();
        let raw_mv = to_raw_move(mv);
        let mut changes = [SquareChange {
            square: 0,
            piece: 0,
            reserved: 0,
        }; 16];
        let mut count = 0u32;
        let mut after = raw_state(pos);
        // SAFETY: position, move, the change array (16) and state are valid for the call.
        let res = with_raw(pos, |raw| {
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
            self.fault(format_args!(
                "apply_move {}: {why}; the move was not played",
                self.notation(mv)
            ))
        };
        if let Err(e) = res {
            if e.status == STATUS_BUFFER_TOO_SMALL || n > changes.len() {
                refuse(format!(
                    "it changes {n} squares, more than the {MAX_CHANGES} a move may"
                ));
            } else {
                refuse(e.to_string());
            }
            return undo;
        }
        // Check everything before touching the position: a refused move leaves it intact.
        let (checked, state) = match self.check_changes(&changes[..n.min(changes.len())], &after) {
            Ok(c) => c,
            Err(why) => {
                refuse(why);
                return undo;
            }
        };
        for &(sq, piece) in &checked.items[..checked.len] {
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
        if state.castling != pos.castling_rights() {
            pos.set_castling_rights(state.castling);
        }
        pos.set_en_passant(state.en_passant);
        pos.set_halfmove_clock(state.halfmove_clock);
        pos.set_fullmove_number(state.fullmove_number);
        pos.set_side_to_move(state.side);
        undo
    }

    fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        if sq.0 >= self.limits.squares {
            return false;
        }
        let mut result = 0u32;
        // SAFETY: position and result are valid for the call.
        let res = with_raw(pos, |raw| {
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
        out.clear();
        let Some(f) = self.optional(self.table.attackers, OPT_ATTACKERS) else {
            return;
        };
        if sq.0 >= self.limits.squares {
            return;
        }
        let mut buf = vec![0u16; self.info.shape.len()];
        let mut count = 0u32;
        // SAFETY: position, buffer (`len` squares) and count are valid for the call.
        let res = with_raw(pos, |raw| {
            call(|err| unsafe {
                f(
                    raw,
                    sq.0 as u32,
                    by.index() as u32,
                    buf.as_mut_ptr(),
                    buf.len() as u32,
                    &mut count,
                    err,
                )
            })
        });
        match res {
            Ok(()) if count as usize <= buf.len() => {
                for &s in &buf[..count as usize] {
                    match self.limits.square(s, "an attacker's") {
                        Ok(s) => out.push(s),
                        Err(e) => {
                            self.fault(format_args!("attackers: {e}"));
                            out.clear();
                            return;
                        }
                    }
                }
            }
            Ok(()) => self.fault(format_args!("attackers reported {count} squares")),
            Err(e) => {
                self.optional_failed(&e, OPT_ATTACKERS, "attackers");
            }
        }
    }

    fn status(&self, pos: &Position) -> Status {
        if let Some(f) = self.optional(self.table.status, OPT_STATUS) {
            let mut s = u32::MAX;
            // SAFETY: position and result are valid for the call.
            let res = with_raw(pos, |raw| call(|err| unsafe { f(raw, &mut s, err) }));
            match res {
                Ok(()) => match s {
                    GAME_ONGOING => return Status::Ongoing,
                    GAME_CHECKMATE => return Status::Checkmate,
                    GAME_STALEMATE => return Status::Stalemate,
                    GAME_INSUFFICIENT_MATERIAL => return Status::InsufficientMaterial,
                    other => self.fault(format_args!("status returned unknown value {other}")),
                },
                Err(e) => {
                    self.optional_failed(&e, OPT_STATUS, "status");
                }
            }
        }
        self.default_status(pos)
    }

    fn parse_position(&self, text: &str) -> Result<Position, FenError> {
        let Some(f) = self.optional(self.table.parse_position, OPT_PARSE_POSITION) else {
            return parse_fen(&self.info, text);
        };
        let len = u32::try_from(text.len()).map_err(|_| FenError {
            column: 1,
            message: "the position string is too long".into(),
        })?;
        let mut board = vec![0u8; self.info.shape.len()];
        let mut out = RawPositionOut {
            board: board.as_mut_ptr(),
            board_len: board.len() as u32,
            state: raw_state(&self.start),
        };
        // SAFETY: text, board and state are valid for the call.
        let res = call(|err| unsafe { f(text.as_ptr().cast(), len, &mut out, err) });
        match res {
            Ok(()) => self.build_position(&board, &out.state).map_err(|e| {
                self.fault(format_args!("parse_position: {e}"));
                FenError {
                    column: 1,
                    message: format!("the rule plugin read it wrongly: {e}"),
                }
            }),
            Err(e) if e.status == STATUS_UNSUPPORTED => {
                self.unsupported
                    .fetch_or(OPT_PARSE_POSITION, Ordering::Relaxed);
                parse_fen(&self.info, text)
            }
            Err(e) => {
                if e.is_fault() {
                    self.fault(format_args!("parse_position: {e}"));
                }
                Err(FenError {
                    column: 1,
                    message: e.message,
                })
            }
        }
    }

    fn format_position(&self, pos: &Position) -> String {
        if let Some(f) = self.optional(self.table.format_position, OPT_FORMAT_POSITION) {
            // SAFETY: position and buffers are valid for the call.
            let res = with_raw(pos, |raw| call_text(|out, err| unsafe { f(raw, out, err) }));
            match res {
                Ok(s) => return s,
                Err(e) => {
                    self.optional_failed(&e, OPT_FORMAT_POSITION, "format_position");
                }
            }
        }
        format_fen(&self.info, pos)
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
        let fallback = vec![mv.from, mv.to];
        let Some(f) = self.optional(self.table.move_path, OPT_PATH) else {
            return fallback;
        };
        let raw_mv = to_raw_move(mv);
        let mut buf = vec![0u16; 64];
        for _ in 0..2 {
            let mut count = 0u32;
            // SAFETY: position, move, buffer and count are valid for the call.
            let res = with_raw(pos, |raw| {
                call(|err| unsafe {
                    f(
                        raw,
                        &raw_mv,
                        buf.as_mut_ptr(),
                        buf.len() as u32,
                        &mut count,
                        err,
                    )
                })
            });
            let n = count as usize;
            match res {
                Ok(()) if (1..=buf.len()).contains(&n) => {
                    let path: Result<Vec<Square>, String> = buf[..n]
                        .iter()
                        .map(|&s| self.limits.square(s, "a path"))
                        .collect();
                    return path.unwrap_or_else(|e| {
                        self.fault(format_args!("move_path of {}: {e}", self.notation(mv)));
                        fallback
                    });
                }
                Err(e) if e.status == STATUS_BUFFER_TOO_SMALL && n > buf.len() && n <= 1 << 16 => {
                    buf.resize(n, 0);
                }
                Ok(()) => {
                    self.fault(format_args!("move_path reported {n} squares"));
                    return fallback;
                }
                Err(e) => {
                    self.optional_failed(&e, OPT_PATH, "move_path");
                    return fallback;
                }
            }
        }
        fallback
    }

    fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveParseError> {
        let err = |reason: String| MoveParseError {
            text: text.to_string(),
            reason,
        };
        let Some(f) = self.optional(self.table.parse_move, OPT_PARSE_MOVE) else {
            return self.default_parse_move(pos, text);
        };
        let len = u32::try_from(text.len()).map_err(|_| err("the text is too long".into()))?;
        let mut raw_mv = RawMove::new(0, 0);
        // SAFETY: position, text and move are valid for the call.
        let res = with_raw(pos, |raw| {
            call(|e| unsafe { f(raw, text.as_ptr().cast(), len, &mut raw_mv, e) })
        });
        match res {
            Ok(()) => {
                let mv = self.limits.raw_move(&raw_mv).map_err(|e| {
                    self.fault(format_args!("parse_move of '{text}': {e}"));
                    err(format!("the rule plugin returned a bad move: {e}"))
                })?;
                let mut legal = Vec::new();
                self.legal_moves(pos, &mut legal);
                if legal.contains(&mv) {
                    Ok(mv)
                } else {
                    let msg = format!(
                        "the rule plugin read it as {}, which is not among its own legal moves",
                        self.notation(mv)
                    );
                    self.fault(format_args!("parse_move of '{text}': {msg}"));
                    Err(err(msg))
                }
            }
            Err(e) if e.status == STATUS_UNSUPPORTED => {
                self.unsupported.fetch_or(OPT_PARSE_MOVE, Ordering::Relaxed);
                self.default_parse_move(pos, text)
            }
            Err(e) => {
                if e.is_fault() {
                    self.fault(format_args!("parse_move of '{text}': {e}"));
                }
                Err(err(e.message))
            }
        }
    }
}
