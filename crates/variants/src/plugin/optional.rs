//! The optional answers of a plugin (attackers, status, notation, paths, position
//! strings): each asks the plugin when it provides the function, remembers an
//! "unsupported" answer, checks what comes back, and falls back to the host's default.

use super::PluginRules;
use super::call::{CallError, call, call_text, to_raw_move, with_raw};
use chess4d_core::{
    Color, FenError, FenErrorKind, Move, MoveParseError, MoveParseErrorKind, Position, Reason,
    Rules, Square, Status, bare_kings, check_position, parse_among_legal,
};
use chess4d_plugin_api::{
    END_CHECKMATE, END_CHECKS, END_EXTINCTION, END_GOAL, END_REASON_SHIFT, END_STALEMATE,
    GAME_BLACK_WINS, GAME_CHECKMATE, GAME_DRAWN, GAME_INSUFFICIENT_MATERIAL, GAME_ONGOING,
    GAME_STALEMATE, GAME_WHITE_WINS, Move as RawMove, MoveTextFn, STATUS_BUFFER_TOO_SMALL,
    STATUS_UNSUPPORTED,
};
use std::sync::atomic::Ordering;

// Bits of `PluginRules::unsupported`: optional functions that answered "unsupported".
pub(super) const OPT_ATTACKERS: u32 = 1;
pub(super) const OPT_STATUS: u32 = 2;
pub(super) const OPT_FORMAT_MOVE: u32 = 4;
pub(super) const OPT_PARSE_MOVE: u32 = 8;
pub(super) const OPT_DESCRIBE: u32 = 16;
pub(super) const OPT_PATH: u32 = 32;
pub(super) const OPT_PARSE_POSITION: u32 = 64;
pub(super) const OPT_FORMAT_POSITION: u32 = 128;

impl PluginRules {
    /// An optional function, unless the plugin lacks it or said it does not support it.
    pub(super) fn optional<F>(&self, f: Option<F>, bit: u32) -> Option<F> {
        f.filter(|_| self.unsupported.load(Ordering::Relaxed) & bit == 0)
    }

    /// Handles an optional call's error: "unsupported" is remembered, a fault recorded.
    /// Returns whether the host should fall back to its default.
    pub(super) fn optional_failed(&self, e: &CallError, bit: u32, what: &str) -> bool {
        if e.status == STATUS_UNSUPPORTED {
            self.unsupported.fetch_or(bit, Ordering::Relaxed);
        } else {
            self.fault(format_args!("{what}: {e}"));
        }
        true
    }

    /// The host's move reader: the plugin's own notation of a legal move first (it may
    /// not start with two square names, like `cxf`), then coordinate notation.
    pub(super) fn default_parse_move(
        &self,
        pos: &Position,
        text: &str,
    ) -> Result<Move, MoveParseError> {
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
    pub(super) fn default_status(&self, pos: &Position) -> Status {
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
    pub(super) fn move_text(
        &self,
        f: Option<MoveTextFn>,
        bit: u32,
        pos: &Position,
        mv: Move,
        what: &str,
    ) -> Option<String> {
        let f = self.optional(f, bit)?;
        let raw_mv = to_raw_move(mv);
        let res = with_raw(pos, |raw| {
            // SAFETY: position, move and buffers are valid for the call.
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

    /// The trait's `attackers`, asking the plugin when it answers.
    pub(super) fn answer_attackers(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        out: &mut Vec<Square>,
    ) {
        out.clear();
        let Some(f) = self.optional(self.table.attackers, OPT_ATTACKERS) else {
            return;
        };
        if sq.0 >= self.limits.squares {
            return;
        }
        let mut buf = vec![0u16; self.info.shape.len()];
        let mut count = 0u32;
        let res = with_raw(pos, |raw| {
            // SAFETY: position, buffer (`len` squares) and count are valid for the call.
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

    /// The trait's `status`, asking the plugin when it answers.
    pub(super) fn answer_status(&self, pos: &Position) -> Status {
        if let Some(f) = self.optional(self.table.status, OPT_STATUS) {
            let mut s = u32::MAX;
            // SAFETY: position and result are valid for the call.
            let res = with_raw(pos, |raw| call(|err| unsafe { f(raw, &mut s, err) }));
            match res {
                Ok(()) => match read_status(s) {
                    Some(status) => return status,
                    None => self.fault(format_args!(
                        "status returned unknown value {s:#x} (result {}, reason {})",
                        s & 0xFF,
                        s >> END_REASON_SHIFT
                    )),
                },
                Err(e) => {
                    self.optional_failed(&e, OPT_STATUS, "status");
                }
            }
        }
        self.default_status(pos)
    }

    /// The trait's `parse_position`: the plugin's reading, then the host's checks. When
    /// the plugin refuses a string the host's own reading names the kind of problem if
    /// it can (the plugin's words are kept); otherwise the kind is "refused".
    pub(super) fn checked_parse_position(&self, text: &str) -> Result<Position, FenError> {
        match self.answer_parse_position(text) {
            Ok(pos) => {
                self.check_position(&pos)?;
                Ok(pos)
            }
            Err(e) if e.kind == FenErrorKind::Refused => {
                let host = self
                    .default_parse_position(text)
                    .map(|pos| check_position(self, &pos));
                match host {
                    Ok(Err(p)) => Err(FenError::new(
                        FenErrorKind::Impossible(p.kind),
                        e.column,
                        e.message,
                    )),
                    _ => Err(e),
                }
            }
            Err(e) => Err(e),
        }
    }

    /// The trait's `parse_position_unchecked`: the plugin's reading (the host's own
    /// when the plugin has none).
    pub(super) fn answer_parse_position(&self, text: &str) -> Result<Position, FenError> {
        let Some(f) = self.optional(self.table.parse_position, OPT_PARSE_POSITION) else {
            return self.default_parse_position(text);
        };
        let len = u32::try_from(text.len()).map_err(|_| {
            FenError::new(FenErrorKind::Fields, 1, "the position string is too long")
        })?;
        // SAFETY: text and the host's position buffers are valid for the call.
        let res = self.fill_position(|out, err| unsafe { f(text.as_ptr().cast(), len, out, err) });
        match res {
            Ok(read) => read.map_err(|e| {
                self.fault(format_args!("parse_position: {e}"));
                FenError::new(
                    FenErrorKind::Refused,
                    1,
                    format!("the rule plugin read it wrongly: {e}"),
                )
            }),
            Err(e) if e.status == STATUS_UNSUPPORTED => {
                self.unsupported
                    .fetch_or(OPT_PARSE_POSITION, Ordering::Relaxed);
                self.default_parse_position(text)
            }
            Err(e) => {
                if e.is_fault() {
                    self.fault(format_args!("parse_position: {e}"));
                }
                Err(FenError::new(FenErrorKind::Refused, 1, e.message))
            }
        }
    }

    /// The trait's `format_position`, asking the plugin when it answers.
    pub(super) fn answer_format_position(&self, pos: &Position) -> String {
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
        self.default_format_position(pos)
    }

    /// The trait's `move_path`, asking the plugin when it answers.
    pub(super) fn answer_move_path(&self, pos: &Position, mv: Move) -> Vec<Square> {
        let fallback = vec![mv.from, mv.to];
        let Some(f) = self.optional(self.table.move_path, OPT_PATH) else {
            return fallback;
        };
        let raw_mv = to_raw_move(mv);
        let mut buf = vec![0u16; 64];
        for _ in 0..2 {
            let mut count = 0u32;
            let res = with_raw(pos, |raw| {
                // SAFETY: position, move, buffer and count are valid for the call.
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

    /// The trait's `parse_move`, asking the plugin when it answers.
    pub(super) fn answer_parse_move(
        &self,
        pos: &Position,
        text: &str,
    ) -> Result<Move, MoveParseError> {
        let err =
            |kind: MoveParseErrorKind, reason: String| MoveParseError::new(kind, text, reason);
        let Some(f) = self.optional(self.table.parse_move, OPT_PARSE_MOVE) else {
            return self.default_parse_move(pos, text);
        };
        let len = u32::try_from(text.len())
            .map_err(|_| err(MoveParseErrorKind::TooLong, "the text is too long".into()))?;
        let mut raw_mv = RawMove::new(0, 0);
        let res = with_raw(pos, |raw| {
            // SAFETY: position, text and move are valid for the call.
            call(|e| unsafe { f(raw, text.as_ptr().cast(), len, &mut raw_mv, e) })
        });
        match res {
            Ok(()) => {
                let mv = self.limits.raw_move(&raw_mv).map_err(|e| {
                    self.fault(format_args!("parse_move of '{text}': {e}"));
                    err(
                        MoveParseErrorKind::Fault,
                        format!("the rule plugin returned a bad move: {e}"),
                    )
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
                    Err(err(MoveParseErrorKind::Fault, msg))
                }
            }
            Err(e) if e.status == STATUS_UNSUPPORTED => {
                self.unsupported.fetch_or(OPT_PARSE_MOVE, Ordering::Relaxed);
                self.default_parse_move(pos, text)
            }
            Err(e) => {
                let kind = if e.is_fault() {
                    self.fault(format_args!("parse_move of '{text}': {e}"));
                    MoveParseErrorKind::Fault
                } else {
                    MoveParseErrorKind::Refused
                };
                Err(err(kind, e.message))
            }
        }
    }
}

/// The core's status for a plugin's status word; `None` for one the ABI does not define.
fn read_status(s: u32) -> Option<Status> {
    let (result, reason) = (s & 0xFF, s >> END_REASON_SHIFT);
    let plain = match result {
        GAME_ONGOING => Some(Status::Ongoing),
        GAME_CHECKMATE => Some(Status::Checkmate),
        GAME_STALEMATE => Some(Status::Stalemate),
        GAME_INSUFFICIENT_MATERIAL => Some(Status::InsufficientMaterial),
        _ => None,
    };
    if let Some(plain) = plain {
        return (reason == 0).then_some(plain);
    }
    let winner = match result {
        GAME_WHITE_WINS => Some(Color::White),
        GAME_BLACK_WINS => Some(Color::Black),
        GAME_DRAWN => None,
        _ => return None,
    };
    let reason = match reason {
        END_CHECKMATE => Reason::Checkmate,
        END_STALEMATE => Reason::Stalemate,
        END_GOAL => Reason::Goal,
        END_CHECKS => Reason::Checks,
        END_EXTINCTION => Reason::Extinction,
        _ => return None,
    };
    Some(Status::Ended { winner, reason })
}
