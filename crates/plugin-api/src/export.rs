//! The glue [`crate::export_plugin!`] instantiates: one `extern "C"` function per table
//! entry, each converting raw arguments to plain Rust, calling the [`RulesPlugin`]
//! inside `catch_unwind`, and writing results into host buffers.
//!
//! Nothing here trusts the host blindly either: null pointers and malformed positions
//! become [`STATUS_BAD_ARGUMENT`] rather than a crash.

use crate::abi::*;
use crate::plugin::RulesPlugin;
use crate::types::{Changes, GameStatus, PocketsRef, PositionData, PositionRef, Side, State};
use std::any::Any;
use std::cell::RefCell;
use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Gives the glue the plugin's single instance; implemented by [`crate::export_plugin!`].
#[doc(hidden)]
pub trait PluginInstance: RulesPlugin + Sized {
    /// The instance, created on first use.
    fn instance() -> &'static Self;
}

/// The table for plugin type `P`.
#[doc(hidden)]
pub const fn table<P: PluginInstance>() -> PluginTable {
    PluginTable {
        abi_version: ABI_VERSION,
        size: TABLE_SIZE,
        variant_info: Some(variant_info::<P>),
        piece_info: Some(piece_info::<P>),
        text: Some(text::<P>),
        start_position: Some(start_position::<P>),
        legal_moves: Some(legal_moves::<P>),
        apply_move: Some(apply_move::<P>),
        is_attacked: Some(is_attacked::<P>),
        attackers: Some(attackers::<P>),
        status: Some(status::<P>),
        format_move: Some(format_move::<P>),
        parse_move: Some(parse_move::<P>),
        describe_move: Some(describe_move::<P>),
        move_path: Some(move_path::<P>),
        parse_position: Some(parse_position::<P>),
        format_position: Some(format_position::<P>),
    }
}

enum Fail {
    Error(String),
    BadArgument(String),
    TooSmall,
    Unsupported,
}

type Outcome = Result<(), Fail>;

fn bad(msg: &str) -> Fail {
    Fail::BadArgument(msg.to_string())
}

fn panic_text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with a non-text payload".to_string()
    }
}

/// Runs `f`, turning its error or panic into a status code and a message.
fn guard(err: *mut RawBuf, f: impl FnOnce() -> Outcome) -> u32 {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => STATUS_OK,
        Ok(Err(Fail::Error(msg))) => {
            write_message(err, &msg);
            STATUS_ERROR
        }
        Ok(Err(Fail::BadArgument(msg))) => {
            write_message(err, &msg);
            STATUS_BAD_ARGUMENT
        }
        Ok(Err(Fail::TooSmall)) => STATUS_BUFFER_TOO_SMALL,
        Ok(Err(Fail::Unsupported)) => STATUS_UNSUPPORTED,
        Err(payload) => {
            // Formatting the message could itself panic (a hostile Display); guard it too.
            let msg = catch_unwind(AssertUnwindSafe(|| panic_text(&*payload)))
                .unwrap_or_else(|_| "a panic".to_string());
            let _ = catch_unwind(AssertUnwindSafe(|| {
                write_message(err, &format!("the plugin panicked: {msg}"))
            }));
            STATUS_PANIC
        }
    }
}

/// Writes a message, cut at a character boundary to fit.
fn write_message(err: *mut RawBuf, msg: &str) {
    // SAFETY: the host passes either null or a valid buffer descriptor.
    let Some(buf) = (unsafe { err.as_mut() }) else {
        return;
    };
    let mut n = msg.len().min(buf.cap as usize);
    while !msg.is_char_boundary(n) {
        n -= 1;
    }
    if !buf.ptr.is_null() {
        // SAFETY: `ptr` holds `cap` bytes and n <= cap.
        unsafe { std::ptr::copy_nonoverlapping(msg.as_ptr(), buf.ptr, n) };
        buf.len = n as u32;
    }
}

/// Writes text into an output buffer; too small is [`Fail::TooSmall`] with `len` set.
fn write_text(out: *mut RawBuf, text: &str) -> Outcome {
    // SAFETY: as in `write_message`.
    let buf = unsafe { out.as_mut() }.ok_or_else(|| bad("null output buffer"))?;
    let len = u32::try_from(text.len()).map_err(|_| bad("text longer than 4 GiB"))?;
    buf.len = len;
    if len > buf.cap {
        return Err(Fail::TooSmall);
    }
    if len > 0 {
        if buf.ptr.is_null() {
            return Err(bad("null output buffer"));
        }
        // SAFETY: `ptr` holds `cap >= len` bytes.
        unsafe { std::ptr::copy_nonoverlapping(text.as_ptr(), buf.ptr, text.len()) };
    }
    Ok(())
}

/// Copies `items` into a host array of `cap`, setting `*count` (even when too small).
fn write_items<T: Copy>(items: &[T], out: *mut T, cap: u32, count: *mut u32) -> Outcome {
    let n = u32::try_from(items.len()).map_err(|_| bad("too many items"))?;
    // SAFETY: `count` is null or points to a u32 the host owns.
    let count = unsafe { count.as_mut() }.ok_or_else(|| bad("null count pointer"))?;
    *count = n;
    if n > cap {
        return Err(Fail::TooSmall);
    }
    if n > 0 {
        if out.is_null() {
            return Err(bad("null output array"));
        }
        // SAFETY: `out` holds `cap >= n` items.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), out, items.len()) };
    }
    Ok(())
}

/// Borrows the host's position for the duration of a call.
///
/// # Safety
/// `pos` is null or points to a [`RawPosition`] whose board holds `board_len` bytes.
unsafe fn view<'a>(pos: *const RawPosition) -> Result<PositionRef<'a>, Fail> {
    // SAFETY: the caller's contract.
    let raw = unsafe { pos.as_ref() }.ok_or_else(|| bad("null position"))?;
    if raw.board.is_null() || raw.board_len == 0 || raw.board_len as usize > MAX_SQUARES {
        return Err(bad("the position's board is null or of impossible length"));
    }
    let state = State::from_raw(raw.state)
        .ok_or_else(|| bad("the position's side or en-passant square is out of range"))?;
    // SAFETY: checked non-null; the host guarantees `board_len` readable bytes.
    let board = unsafe { std::slice::from_raw_parts(raw.board, raw.board_len as usize) };
    let pockets = match (raw.hands.is_null(), raw.promoted.is_null()) {
        (true, true) => None,
        (false, false) => Some(PocketsRef {
            // SAFETY: non-null; the host lends HANDS_LEN counts and one bit per square.
            hands: unsafe { std::slice::from_raw_parts(raw.hands, HANDS_LEN) },
            // SAFETY: as above.
            promoted: unsafe {
                std::slice::from_raw_parts(raw.promoted, (raw.board_len as usize).div_ceil(64))
            },
        }),
        _ => {
            return Err(bad(
                "the position lends hands without promoted marks or back",
            ));
        }
    };
    Ok(PositionRef {
        board,
        state,
        pockets,
    })
}

/// # Safety
/// `mv` is null or points to a [`Move`].
unsafe fn read_move(mv: *const Move) -> Result<Move, Fail> {
    // SAFETY: the caller's contract.
    unsafe { mv.as_ref() }
        .copied()
        .ok_or_else(|| bad("null move"))
}

/// # Safety
/// `text` is null (with `len` 0) or points to `len` bytes.
unsafe fn read_text<'a>(text: *const c_char, len: u32) -> Result<&'a str, Fail> {
    if len == 0 {
        return Ok("");
    }
    if text.is_null() {
        return Err(bad("null text"));
    }
    // SAFETY: non-null and `len` bytes long by the caller's contract.
    let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len as usize) };
    std::str::from_utf8(bytes).map_err(|_| bad("the text is not UTF-8"))
}

fn side_arg(by: u32) -> Result<Side, Fail> {
    Side::from_index(by).ok_or_else(|| bad("side is neither 0 (White) nor 1 (Black)"))
}

fn square_arg(pos: &PositionRef<'_>, square: u32) -> Result<u16, Fail> {
    u16::try_from(square)
        .ok()
        .filter(|&s| (s as usize) < pos.board.len())
        .ok_or_else(|| bad("square off the board"))
}

/// Writes a plugin-owned position into the host's.
fn write_position(out: *mut RawPositionOut, data: &PositionData) -> Outcome {
    // SAFETY: the host passes null or a valid descriptor whose board holds `board_len`.
    let out = unsafe { out.as_mut() }.ok_or_else(|| bad("null position output"))?;
    if out.board.is_null() || out.board_len as usize != data.board.len() {
        return Err(Fail::Error(format!(
            "the plugin's position has {} squares but the board has {}",
            data.board.len(),
            out.board_len
        )));
    }
    let words = data.board.len().div_ceil(64);
    match (&data.pockets, out.hands.is_null() || out.promoted.is_null()) {
        (None, _) => {}
        (Some(_), true) => {
            return Err(Fail::Error(
                "the plugin's position has pieces in hand, but its variant declares no \
                 pockets"
                    .into(),
            ));
        }
        (Some(p), false) => {
            let p = p.as_ref();
            if p.hands.len() != HANDS_LEN || p.promoted.len() != words {
                return Err(Fail::Error(
                    "the plugin's pockets are of the wrong size".into(),
                ));
            }
            // SAFETY: the host provides HANDS_LEN counts and `words` words.
            unsafe {
                std::ptr::copy_nonoverlapping(p.hands.as_ptr(), out.hands, HANDS_LEN);
                std::ptr::copy_nonoverlapping(p.promoted.as_ptr(), out.promoted, words);
            }
        }
    }
    // SAFETY: checked length and non-null.
    unsafe { std::ptr::copy_nonoverlapping(data.board.as_ptr(), out.board, data.board.len()) };
    out.state = data.state.to_raw();
    Ok(())
}

thread_local! {
    static MOVES: RefCell<Vec<Move>> = RefCell::new(Vec::with_capacity(256));
    static CHANGES: RefCell<Changes> = RefCell::new(Changes {
        squares: Vec::with_capacity(16),
        hand: None,
    });
    static SQUARES: RefCell<Vec<u16>> = RefCell::new(Vec::with_capacity(64));
}

/// Something a call can reuse from the last one, emptied first.
trait Scratch: Default {
    fn empty(&mut self);
}

impl<T> Scratch for Vec<T> {
    fn empty(&mut self) {
        self.clear();
    }
}

impl Scratch for Changes {
    fn empty(&mut self) {
        self.clear();
    }
}

/// Runs `f` with a cleared scratch buffer (a fresh one if the scratch is in use).
fn with_scratch<T: Scratch, R>(
    key: &'static std::thread::LocalKey<RefCell<T>>,
    f: impl FnOnce(&mut T) -> R,
) -> R {
    key.with(|cell| match cell.try_borrow_mut() {
        Ok(mut v) => {
            v.empty();
            f(&mut v)
        }
        Err(_) => f(&mut T::default()),
    })
}

unsafe extern "C" fn variant_info<P: PluginInstance>(
    out: *mut RawVariant,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        let v = P::instance().variant();
        let mut sizes = [1u8; 4];
        for (s, &v) in sizes.iter_mut().zip(&v.sizes) {
            *s = v;
        }
        let raw = RawVariant {
            axes: v.sizes.len() as u32,
            sizes,
            piece_count: v.pieces.len() as u32,
            castling_count: v.castling_letters.chars().count() as u32,
            en_passant: v.en_passant as u32,
            repetition_limit: v.repetition_limit as u32,
            move_limit_plies: v.move_limit_plies as u32,
            bare_kings_draw: v.bare_kings_draw as u32,
            counter_limit: v.counter_limit as u32,
            pockets: v.pockets as u32,
        };
        // SAFETY: null or host-owned.
        *unsafe { out.as_mut() }.ok_or_else(|| bad("null output"))? = raw;
        Ok(())
    })
}

unsafe extern "C" fn piece_info<P: PluginInstance>(
    kind: u32,
    out: *mut RawPiece,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        let v = P::instance().variant();
        let p = v
            .pieces
            .get(kind as usize)
            .ok_or_else(|| bad("no piece kind with this index"))?;
        let raw = RawPiece {
            letter: p.letter as u32,
            value: p.value,
            flags: if p.royal { PIECE_ROYAL } else { 0 } | if p.pawn { PIECE_PAWN } else { 0 },
        };
        // SAFETY: null or host-owned.
        *unsafe { out.as_mut() }.ok_or_else(|| bad("null output"))? = raw;
        Ok(())
    })
}

unsafe extern "C" fn text<P: PluginInstance>(
    key: u32,
    index: u32,
    out: *mut RawBuf,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        let v = P::instance().variant();
        let s = match key {
            TEXT_NAME => v.name,
            TEXT_TITLE => v.title,
            TEXT_DESCRIPTION => v.description,
            TEXT_CASTLING_LETTERS => v.castling_letters,
            TEXT_PIECE_NAME => {
                v.pieces
                    .into_iter()
                    .nth(index as usize)
                    .ok_or_else(|| bad("no piece kind with this index"))?
                    .name
            }
            _ => return Err(Fail::Unsupported),
        };
        write_text(out, &s)
    })
}

unsafe extern "C" fn start_position<P: PluginInstance>(
    out: *mut RawPositionOut,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || write_position(out, &P::instance().start_position()))
}

unsafe extern "C" fn legal_moves<P: PluginInstance>(
    pos: *const RawPosition,
    out: *mut Move,
    cap: u32,
    count: *mut u32,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract for `pos`.
        let pos = unsafe { view(pos) }?;
        with_scratch(&MOVES, |moves| {
            P::instance().legal_moves(&pos, moves);
            write_items(moves, out, cap, count)
        })
    })
}

unsafe extern "C" fn apply_move<P: PluginInstance>(
    pos: *const RawPosition,
    mv: *const Move,
    changes: *mut SquareChange,
    cap: u32,
    count: *mut u32,
    after: *mut RawAfter,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract for `pos` and `mv`.
        let (pos, mv) = unsafe { (view(pos)?, read_move(mv)?) };
        // SAFETY: null or host-owned.
        let after = unsafe { after.as_mut() }.ok_or_else(|| bad("null state output"))?;
        with_scratch(&CHANGES, |list| {
            let state = P::instance()
                .apply_move(&pos, mv, list)
                .map_err(Fail::Error)?;
            write_items(&list.squares, changes, cap, count)?;
            *after = RawAfter {
                state: state.to_raw(),
                hand: list.hand.unwrap_or_default(),
            };
            Ok(())
        })
    })
}

unsafe extern "C" fn is_attacked<P: PluginInstance>(
    pos: *const RawPosition,
    square: u32,
    by: u32,
    result: *mut u32,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract for `pos`.
        let pos = unsafe { view(pos) }?;
        let sq = square_arg(&pos, square)?;
        let yes = P::instance().is_attacked(&pos, sq, side_arg(by)?);
        // SAFETY: null or host-owned.
        *unsafe { result.as_mut() }.ok_or_else(|| bad("null result"))? = yes as u32;
        Ok(())
    })
}

unsafe extern "C" fn attackers<P: PluginInstance>(
    pos: *const RawPosition,
    square: u32,
    by: u32,
    out: *mut u16,
    cap: u32,
    count: *mut u32,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract for `pos`.
        let pos = unsafe { view(pos) }?;
        let sq = square_arg(&pos, square)?;
        let by = side_arg(by)?;
        with_scratch(&SQUARES, |list| {
            P::instance().attackers(&pos, sq, by, list);
            write_items(list, out, cap, count)
        })
    })
}

unsafe extern "C" fn status<P: PluginInstance>(
    pos: *const RawPosition,
    out: *mut u32,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract for `pos`.
        let pos = unsafe { view(pos) }?;
        let s: GameStatus = P::instance().status(&pos).ok_or(Fail::Unsupported)?;
        // SAFETY: null or host-owned.
        *unsafe { out.as_mut() }.ok_or_else(|| bad("null result"))? = s.to_raw();
        Ok(())
    })
}

unsafe extern "C" fn format_move<P: PluginInstance>(
    pos: *const RawPosition,
    mv: *const Move,
    out: *mut RawBuf,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract.
        let (pos, mv) = unsafe { (view(pos)?, read_move(mv)?) };
        let s = P::instance()
            .format_move(&pos, mv)
            .ok_or(Fail::Unsupported)?;
        write_text(out, &s)
    })
}

unsafe extern "C" fn describe_move<P: PluginInstance>(
    pos: *const RawPosition,
    mv: *const Move,
    out: *mut RawBuf,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract.
        let (pos, mv) = unsafe { (view(pos)?, read_move(mv)?) };
        let s = P::instance()
            .describe_move(&pos, mv)
            .ok_or(Fail::Unsupported)?;
        write_text(out, &s)
    })
}

unsafe extern "C" fn parse_move<P: PluginInstance>(
    pos: *const RawPosition,
    text: *const c_char,
    len: u32,
    out: *mut Move,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract.
        let (pos, text) = unsafe { (view(pos)?, read_text(text, len)?) };
        let mv = P::instance()
            .parse_move(&pos, text)
            .ok_or(Fail::Unsupported)?
            .map_err(Fail::Error)?;
        // SAFETY: null or host-owned.
        *unsafe { out.as_mut() }.ok_or_else(|| bad("null move output"))? = mv;
        Ok(())
    })
}

unsafe extern "C" fn move_path<P: PluginInstance>(
    pos: *const RawPosition,
    mv: *const Move,
    out: *mut u16,
    cap: u32,
    count: *mut u32,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract.
        let (pos, mv) = unsafe { (view(pos)?, read_move(mv)?) };
        let path = P::instance().move_path(&pos, mv).ok_or(Fail::Unsupported)?;
        write_items(&path, out, cap, count)
    })
}

unsafe extern "C" fn parse_position<P: PluginInstance>(
    text: *const c_char,
    len: u32,
    out: *mut RawPositionOut,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract.
        let text = unsafe { read_text(text, len) }?;
        let data = P::instance()
            .parse_position(text)
            .ok_or(Fail::Unsupported)?
            .map_err(Fail::Error)?;
        write_position(out, &data)
    })
}

unsafe extern "C" fn format_position<P: PluginInstance>(
    pos: *const RawPosition,
    out: *mut RawBuf,
    err: *mut RawBuf,
) -> u32 {
    guard(err, || {
        // SAFETY: the host's contract.
        let pos = unsafe { view(pos) }?;
        let s = P::instance()
            .format_position(&pos)
            .ok_or(Fail::Unsupported)?;
        write_text(out, &s)
    })
}

/// Exports a [`crate::RulesPlugin`] type as a chess4d rule plugin: defines the entry
/// symbol `chess4d_plugin_entry` and the function table behind it.
///
/// The type is built on first use with `Default::default()`, or with the constructor
/// given as a second argument (`export_plugin!(MyRules, MyRules::new)`). Use it once,
/// at the root of a `cdylib` crate; the crate documentation has a complete example.
#[macro_export]
macro_rules! export_plugin {
    ($ty:ty) => {
        $crate::export_plugin!($ty, <$ty as ::core::default::Default>::default);
    };
    ($ty:ty, $ctor:expr) => {
        const _: () = {
            static INSTANCE: ::std::sync::OnceLock<$ty> = ::std::sync::OnceLock::new();
            impl $crate::export::PluginInstance for $ty {
                fn instance() -> &'static Self {
                    INSTANCE.get_or_init($ctor)
                }
            }
            static TABLE: $crate::PluginTable = $crate::export::table::<$ty>();
            /// The chess4d plugin entry point: the versioned function table.
            #[unsafe(no_mangle)]
            pub extern "C" fn chess4d_plugin_entry() -> *const $crate::PluginTable {
                &TABLE
            }
        };
    };
}
