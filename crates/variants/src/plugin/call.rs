//! Calling across the ABI: message and text buffers, conversions between the core's
//! types and the raw ones, and the checks every answer of the plugin goes through.

use chess4d_core::{Color, Move, Piece, PieceKind, Position, Square};
use chess4d_plugin_api::{
    HANDS_LEN, Move as RawMove, NO_PROMOTION, NO_SQUARE, RawBuf, RawPosition, RawState,
    STATUS_BAD_ARGUMENT, STATUS_BUFFER_TOO_SMALL, STATUS_ERROR, STATUS_OK, STATUS_PANIC,
    STATUS_UNSUPPORTED,
};
use std::cell::RefCell;
use std::fmt;

/// The longest text the host accepts from a plugin (a description, a position string).
const MAX_TEXT: usize = 1 << 20;
/// Room for the plugin's error message; longer ones are cut.
const MESSAGE_CAP: usize = 512;

/// A call that did not return [`STATUS_OK`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CallError {
    pub status: u32,
    pub message: String,
}

impl CallError {
    pub(crate) fn new(status: u32, message: impl Into<String>) -> CallError {
        CallError {
            status,
            message: message.into(),
        }
    }

    /// A broken promise rather than a refused input (the host should record a fault).
    pub(crate) fn is_fault(&self) -> bool {
        self.status != STATUS_ERROR && self.status != STATUS_UNSUPPORTED
    }
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.status {
            STATUS_ERROR => "refused",
            STATUS_BUFFER_TOO_SMALL => "asked for more room than it was given",
            STATUS_PANIC => "panicked",
            STATUS_UNSUPPORTED => "does not support this call",
            STATUS_BAD_ARGUMENT => "says the host passed a bad argument",
            _ => "returned an unknown status code",
        };
        if self.message.is_empty() {
            write!(f, "{kind} (status {})", self.status)
        } else {
            write!(f, "{kind}: {}", self.message)
        }
    }
}

thread_local! {
    /// The plugin's message buffer, reused: calls never nest.
    static MESSAGE: RefCell<[u8; MESSAGE_CAP]> = const { RefCell::new([0; MESSAGE_CAP]) };
}

/// Calls `f` with a message buffer; any status but OK becomes a [`CallError`].
#[inline]
pub(crate) fn call(f: impl FnOnce(*mut RawBuf) -> u32) -> Result<(), CallError> {
    MESSAGE.with(|cell| match cell.try_borrow_mut() {
        Ok(mut msg) => call_with(&mut msg, f),
        Err(_) => call_with(&mut [0; MESSAGE_CAP], f),
    })
}

#[inline]
fn call_with(
    msg: &mut [u8; MESSAGE_CAP],
    f: impl FnOnce(*mut RawBuf) -> u32,
) -> Result<(), CallError> {
    let mut err = RawBuf {
        ptr: msg.as_mut_ptr(),
        cap: MESSAGE_CAP as u32,
        len: 0,
    };
    let status = f(&mut err);
    if status == STATUS_OK {
        return Ok(());
    }
    // Bytes past what this call wrote may be an older message: never past `len`, and
    // `len` counts only what the plugin claims to have written.
    let n = (err.len as usize).min(MESSAGE_CAP);
    let message = match std::str::from_utf8(&msg[..n]) {
        Ok(s) => s.to_string(),
        Err(_) => format!(
            "{} [the message was not UTF-8]",
            String::from_utf8_lossy(&msg[..n])
        ),
    };
    Err(CallError::new(status, message))
}

/// Calls a text-returning function, growing the buffer once if the plugin asks.
pub(crate) fn call_text(f: impl Fn(*mut RawBuf, *mut RawBuf) -> u32) -> Result<String, CallError> {
    let mut buf = vec![0u8; 256];
    for _ in 0..2 {
        let mut out = RawBuf {
            ptr: buf.as_mut_ptr(),
            cap: buf.len() as u32,
            len: 0,
        };
        let res = call(|err| f(&mut out, err));
        let len = out.len as usize;
        match res {
            Ok(()) if len <= buf.len() => {
                buf.truncate(len);
                return String::from_utf8(buf).map_err(|_| {
                    CallError::new(
                        STATUS_BAD_ARGUMENT,
                        "the plugin returned text that is not UTF-8",
                    )
                });
            }
            Ok(()) => {
                return Err(CallError::new(
                    STATUS_BAD_ARGUMENT,
                    format!(
                        "the plugin says it wrote {len} bytes into a buffer of {}",
                        buf.len()
                    ),
                ));
            }
            Err(e) if e.status == STATUS_BUFFER_TOO_SMALL && len > buf.len() => {
                if len > MAX_TEXT {
                    return Err(CallError::new(
                        STATUS_BAD_ARGUMENT,
                        format!(
                            "the plugin wants to return {len} bytes of text (limit {MAX_TEXT})"
                        ),
                    ));
                }
                buf = vec![0u8; len];
            }
            Err(e) => return Err(e),
        }
    }
    Err(CallError::new(
        STATUS_BUFFER_TOO_SMALL,
        "the plugin kept asking for a bigger text buffer",
    ))
}

/// Lends a position to `f` in raw form: the core's board is already piece-code bytes,
/// and its pockets the ABI's counts and words, so nothing is copied.
#[inline]
pub(crate) fn with_raw<R>(pos: &Position, f: impl FnOnce(&RawPosition) -> R) -> R {
    let bytes = pos.board_codes();
    let (hands, promoted) = match pos.pocket_words() {
        Some((h, p)) if h.len() == HANDS_LEN && p.len() == bytes.len().div_ceil(64) => {
            (h.as_ptr(), p.as_ptr())
        }
        _ => (std::ptr::null(), std::ptr::null()),
    };
    let raw = RawPosition {
        board: bytes.as_ptr(),
        board_len: bytes.len() as u32,
        state: raw_state(pos),
        hands,
        promoted,
    };
    f(&raw)
}

#[inline]
pub(crate) fn raw_state(pos: &Position) -> RawState {
    RawState {
        side: pos.side_to_move().index() as u32,
        castling: pos.castling_rights(),
        en_passant: pos.en_passant().map_or(NO_SQUARE as u32, |s| s.0 as u32),
        halfmove_clock: pos.halfmove_clock() as u32,
        fullmove_number: pos.fullmove_number(),
        counters: pos.counters().unwrap_or([0; 2]),
        reserved: [0; 2],
    }
}

#[inline]
pub(crate) fn to_raw_move(mv: Move) -> RawMove {
    let (from2, to2) = mv
        .second
        .map_or((NO_SQUARE, NO_SQUARE), |(a, b)| (a.0, b.0));
    RawMove {
        from: mv.from.0,
        to: mv.to.0,
        capture: mv.capture.map_or(NO_SQUARE, |s| s.0),
        from2,
        to2,
        promotion: mv.promotion.map_or(NO_PROMOTION, |k| k.0),
        flags: 0,
    }
}

/// A checked state from the plugin.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CheckedState {
    pub side: Color,
    pub castling: u32,
    pub en_passant: Option<Square>,
    pub halfmove_clock: u16,
    pub fullmove_number: u32,
    /// `Some` exactly when the variant keeps counters.
    pub counters: Option<[u8; 2]>,
}

/// What the plugin's answers must fit: the board, the piece set, the counters and the
/// pockets the variant declared.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub squares: u16,
    pub kinds: u8,
    pub castling_mask: u32,
    /// The largest counter value; 0: the variant keeps none.
    pub counter_limit: u8,
    /// Whether positions keep pieces in hand.
    pub pockets: bool,
}

impl Limits {
    #[inline]
    pub(crate) fn square(&self, sq: u16, what: &str) -> Result<Square, String> {
        if sq < self.squares {
            Ok(Square(sq))
        } else {
            Err(format!(
                "{what} square {sq} is off the board (it has {} squares)",
                self.squares
            ))
        }
    }

    #[inline]
    pub(crate) fn piece(&self, code: u8) -> Result<Option<Piece>, String> {
        if code == 0 {
            return Ok(None);
        }
        match Piece::from_code(code) {
            Some(p) if p.kind().0 < self.kinds => Ok(Some(p)),
            _ => Err(format!(
                "piece code {code} names no piece (codes are 1..={} for {} kinds)",
                self.kinds as u32 * 2,
                self.kinds
            )),
        }
    }

    #[inline]
    pub(crate) fn raw_move(&self, m: &RawMove) -> Result<Move, String> {
        if let Some(mv) = self.fast_move(m) {
            return Ok(mv);
        }
        // The slow path only finds the words for what is wrong.
        self.square(m.from, "from")?;
        self.square(m.to, "to")?;
        if m.promotion != NO_PROMOTION && m.promotion >= self.kinds {
            return Err(format!(
                "promotion to piece kind {} that does not exist",
                m.promotion
            ));
        }
        if m.capture != NO_SQUARE {
            self.square(m.capture, "capture")?;
        }
        if (m.from2 == NO_SQUARE) != (m.to2 == NO_SQUARE) {
            return Err("only one of from2 and to2 is set".into());
        }
        self.square(m.from2, "from2")?;
        self.square(m.to2, "to2")?;
        Err("a malformed move".into())
    }

    /// The move if every field is in range.
    #[inline(always)]
    pub(crate) fn fast_move(&self, m: &RawMove) -> Option<Move> {
        self.in_range(m).then(|| Limits::convert(m))
    }

    /// Whether every field of a raw move is in range (one branch-light test).
    #[inline(always)]
    pub(crate) fn in_range(&self, m: &RawMove) -> bool {
        let n = self.squares;
        let on = |s: u16| s < n;
        let second_ok = if m.from2 == NO_SQUARE {
            m.to2 == NO_SQUARE
        } else {
            on(m.from2) & on(m.to2)
        };
        on(m.from)
            & on(m.to)
            & (m.promotion == NO_PROMOTION || m.promotion < self.kinds)
            & (m.capture == NO_SQUARE || on(m.capture))
            & second_ok
    }

    /// The core's form of a raw move; meaningful once [`Limits::in_range`] holds.
    #[inline(always)]
    pub(crate) fn convert(m: &RawMove) -> Move {
        Move {
            from: Square(m.from),
            to: Square(m.to),
            promotion: (m.promotion != NO_PROMOTION).then_some(PieceKind(m.promotion)),
            capture: (m.capture != NO_SQUARE).then_some(Square(m.capture)),
            second: (m.from2 != NO_SQUARE).then_some((Square(m.from2), Square(m.to2))),
        }
    }

    pub(crate) fn state(&self, s: &RawState) -> Result<CheckedState, String> {
        let side = match s.side {
            0 => Color::White,
            1 => Color::Black,
            other => return Err(format!("side {other} is neither 0 (White) nor 1 (Black)")),
        };
        let castling = Some(s.castling)
            .filter(|c| c & !self.castling_mask == 0)
            .ok_or_else(|| {
                format!(
                    "castling rights {:#x} use bits beyond the variant's castling letters",
                    s.castling
                )
            })?;
        let en_passant = match s.en_passant {
            e if e == NO_SQUARE as u32 => None,
            e => Some(self.square(u16::try_from(e).unwrap_or(u16::MAX - 1), "en-passant")?),
        };
        Ok(CheckedState {
            side,
            castling,
            en_passant,
            halfmove_clock: u16::try_from(s.halfmove_clock).unwrap_or(u16::MAX),
            fullmove_number: s.fullmove_number.max(1),
            counters: self.counters(s.counters)?,
        })
    }

    /// Checks the per-side counters against the variant's limit.
    pub(crate) fn counters(&self, c: [u8; 2]) -> Result<Option<[u8; 2]>, String> {
        let [w, b] = c;
        if self.counter_limit == 0 {
            return if c == [0; 2] {
                Ok(None)
            } else {
                Err(format!(
                    "counters {w}+{b} in a variant that declares none (counter_limit 0)"
                ))
            };
        }
        if w > self.counter_limit || b > self.counter_limit {
            return Err(format!(
                "counters {w}+{b} are out of range: each is 0 to {}",
                self.counter_limit
            ));
        }
        Ok(Some(c))
    }

    /// The most pieces of one kind a hand may hold: one per square.
    #[inline]
    pub(crate) fn max_in_hand(&self) -> u8 {
        u8::try_from(self.squares).unwrap_or(u8::MAX)
    }

    /// Checks one count in hand (`index` = side * MAX_KINDS + kind).
    pub(crate) fn hand_count(&self, index: usize, count: u8) -> Result<(), String> {
        let side = if index < chess4d_plugin_api::MAX_KINDS {
            "White"
        } else {
            "Black"
        };
        let kind = index % chess4d_plugin_api::MAX_KINDS;
        if count > 0 && kind >= self.kinds as usize {
            return Err(format!(
                "{side} holds {count} pieces of kind {kind} in hand, a kind the variant does \
                 not have ({} kinds)",
                self.kinds
            ));
        }
        if count > self.max_in_hand() {
            return Err(format!(
                "{side} holds {count} pieces of kind {kind} in hand, out of range (at most \
                 {}, one per square)",
                self.max_in_hand()
            ));
        }
        Ok(())
    }
}
