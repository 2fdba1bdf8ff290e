//! The glue `export_plugin!` generates, called in-process as a host would: status codes,
//! buffer growth, caught panics, refused arguments, optional functions.

use chess4d_plugin_api::*;
use std::ptr::{null, null_mut};

/// One rook per side on a 1x6 board; panics when asked about square 5.
#[derive(Default)]
struct Rooks;

impl RulesPlugin for Rooks {
    fn variant(&self) -> VariantDesc {
        VariantDesc {
            name: "rooks".into(),
            title: "Rooks — ünïcode title".into(),
            description: "x".repeat(1000),
            sizes: vec![6],
            pieces: vec![PieceDesc {
                letter: 'R',
                name: "rook".into(),
                value: 500,
                royal: true,
                pawn: false,
            }],
            repetition_limit: 3,
            move_limit_plies: 50,
            ..VariantDesc::default()
        }
    }

    fn start_position(&self) -> PositionData {
        PositionData::new(vec![1, 0, 0, 0, 0, 2], State::new())
    }

    fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<Move>) {
        let me = piece_code(0, pos.side());
        for from in 0..6u16 {
            if pos.piece(from) != Some(me) {
                continue;
            }
            for to in 0..6u16 {
                if to != from && pos.piece(to) != Some(me) {
                    out.push(Move::new(from, to));
                }
            }
        }
    }

    fn apply_move(
        &self,
        pos: &PositionRef<'_>,
        mv: Move,
        changes: &mut Changes,
    ) -> Result<State, String> {
        if pos.piece(mv.from).is_none() {
            return Err(format!("no piece on square {}", mv.from));
        }
        standard_changes(pos, mv, changes);
        Ok(pos.state.after_move(pos.piece(mv.to).is_some()))
    }

    fn is_attacked(&self, _: &PositionRef<'_>, square: u16, _: Side) -> bool {
        assert!(square != 5, "square five is cursed");
        true
    }

    fn attackers(&self, _: &PositionRef<'_>, _: u16, _: Side, _: &mut Vec<u16>) {}

    fn format_move(&self, _: &PositionRef<'_>, mv: Move) -> Option<String> {
        Some(format!("R{}-{}", mv.from, mv.to))
    }
}

export_plugin!(Rooks);

unsafe extern "C" {
    fn chess4d_plugin_entry() -> *const PluginTable;
}

fn table() -> &'static PluginTable {
    // SAFETY: the macro above defines the symbol in this binary.
    unsafe { &*chess4d_plugin_entry() }
}

const BOARD: [u8; 6] = [1, 0, 0, 0, 0, 2];

fn position() -> RawPosition {
    RawPosition {
        board: BOARD.as_ptr(),
        board_len: 6,
        state: State::new().to_raw(),
        hands: null(),
        promoted: null(),
    }
}

struct Message {
    bytes: [u8; 64],
    buf: RawBuf,
}

impl Message {
    fn new(cap: u32) -> Box<Message> {
        let mut m = Box::new(Message {
            bytes: [0; 64],
            buf: RawBuf {
                ptr: null_mut(),
                cap,
                len: 0,
            },
        });
        m.buf.ptr = m.bytes.as_mut_ptr();
        m
    }

    fn text(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.buf.len as usize]).expect("UTF-8 message")
    }
}

#[test]
fn header_fields_come_first() {
    let t = table();
    assert_eq!(t.abi_version, ABI_VERSION);
    assert_eq!(t.size as usize, std::mem::size_of::<PluginTable>());
    assert!(t.legal_moves.is_some() && t.format_position.is_some());
}

#[test]
fn legal_moves_reports_the_count_when_the_buffer_is_small() {
    let f = table().legal_moves.unwrap();
    let pos = position();
    let mut moves = [Move::new(0, 0); 8];
    let mut count = 0;
    // SAFETY: valid pointers, cap 2 of 8.
    let s = unsafe { f(&pos, moves.as_mut_ptr(), 2, &mut count, null_mut()) };
    assert_eq!((s, count), (STATUS_BUFFER_TOO_SMALL, 5));
    // SAFETY: as above, full capacity.
    let s = unsafe { f(&pos, moves.as_mut_ptr(), 8, &mut count, null_mut()) };
    assert_eq!((s, count), (STATUS_OK, 5));
    assert_eq!(moves[4], Move::new(0, 5));
}

#[test]
fn apply_move_returns_changes_and_state() {
    let f = table().apply_move.unwrap();
    let pos = position();
    let mv = Move::new(0, 5);
    let mut changes = [SquareChange::new(0, 0); MAX_CHANGES];
    let mut count = 0;
    let mut after = RawAfter {
        state: State::new().to_raw(),
        hand: HandChange::default(),
    };
    // SAFETY: valid pointers.
    let s = unsafe {
        f(
            &pos,
            &mv,
            changes.as_mut_ptr(),
            MAX_CHANGES as u32,
            &mut count,
            &mut after,
            null_mut(),
        )
    };
    assert_eq!((s, count), (STATUS_OK, 2));
    assert_eq!((changes[0].square, changes[0].piece), (0, 0));
    assert_eq!((changes[1].square, changes[1].piece), (5, 1));
    assert_eq!((after.state.side, after.state.halfmove_clock), (1, 0));
    assert_eq!(after.hand.delta, 0, "no pockets, no hand change");

    // A refusal carries the plugin's message.
    let bad = Move::new(2, 3);
    let mut msg = Message::new(64);
    // SAFETY: valid pointers.
    let s = unsafe {
        f(
            &pos,
            &bad,
            changes.as_mut_ptr(),
            MAX_CHANGES as u32,
            &mut count,
            &mut after,
            &mut msg.buf,
        )
    };
    assert_eq!(s, STATUS_ERROR);
    assert_eq!(msg.text(), "no piece on square 2");
}

#[test]
fn a_panic_becomes_a_status_and_a_message() {
    let f = table().is_attacked.unwrap();
    let pos = position();
    let mut result = 7;
    let mut msg = Message::new(64);
    // SAFETY: valid pointers.
    let s = unsafe { f(&pos, 5, 0, &mut result, &mut msg.buf) };
    assert_eq!(s, STATUS_PANIC);
    assert!(
        msg.text().contains("square five is cursed"),
        "{}",
        msg.text()
    );
    assert_eq!(result, 7, "no result written");
    // The plugin still works afterwards.
    // SAFETY: valid pointers.
    let s = unsafe { f(&pos, 4, 0, &mut result, null_mut()) };
    assert_eq!((s, result), (STATUS_OK, 1));
}

#[test]
fn bad_arguments_are_refused_not_trusted() {
    let t = table();
    let mut result = 0;
    let mut msg = Message::new(64);
    // SAFETY: null position: the glue must refuse it.
    let s = unsafe { (t.is_attacked.unwrap())(null(), 0, 0, &mut result, &mut msg.buf) };
    assert_eq!(s, STATUS_BAD_ARGUMENT);
    assert!(msg.text().contains("null position"));
    let pos = position();
    // SAFETY: square off the board, side out of range.
    let s = unsafe { (t.is_attacked.unwrap())(&pos, 6, 0, &mut result, null_mut()) };
    assert_eq!(s, STATUS_BAD_ARGUMENT);
    // SAFETY: as above.
    let s = unsafe { (t.is_attacked.unwrap())(&pos, 0, 2, &mut result, null_mut()) };
    assert_eq!(s, STATUS_BAD_ARGUMENT);
    let mut odd = position();
    odd.state.side = 9;
    // SAFETY: valid pointers, bad side inside the position.
    let s = unsafe { (t.is_attacked.unwrap())(&odd, 0, 0, &mut result, null_mut()) };
    assert_eq!(s, STATUS_BAD_ARGUMENT);
    let bytes = [0xFFu8, 0xFE];
    let mut mv = Move::new(0, 0);
    // SAFETY: text that is not UTF-8.
    let s = unsafe { (t.parse_move.unwrap())(&pos, bytes.as_ptr().cast(), 2, &mut mv, null_mut()) };
    assert_eq!(s, STATUS_BAD_ARGUMENT);
}

#[test]
fn text_grows_and_messages_are_cut_at_a_character_boundary() {
    let f = table().text.unwrap();
    let mut small = Message::new(8);
    // SAFETY: valid pointers.
    let s = unsafe { f(TEXT_DESCRIPTION, 0, &mut small.buf, null_mut()) };
    assert_eq!((s, small.buf.len), (STATUS_BUFFER_TOO_SMALL, 1000));
    let mut title = Message::new(64);
    // SAFETY: valid pointers.
    let s = unsafe { f(TEXT_TITLE, 0, &mut title.buf, null_mut()) };
    assert_eq!((s, title.text()), (STATUS_OK, "Rooks — ünïcode title"));
    // SAFETY: valid pointers; no such key.
    let s = unsafe { f(99, 0, &mut title.buf, null_mut()) };
    assert_eq!(s, STATUS_UNSUPPORTED);

    // A message buffer of 23 bytes cuts "the plugin panicked: square five is cursed"
    // at a boundary; with a multi-byte title the same rule keeps it UTF-8.
    let pos = position();
    let mut result = 0;
    let mut msg = Message::new(23);
    // SAFETY: valid pointers.
    let s = unsafe { (table().is_attacked.unwrap())(&pos, 5, 0, &mut result, &mut msg.buf) };
    assert_eq!(s, STATUS_PANIC);
    assert_eq!(msg.text(), "the plugin panicked: sq");
}

#[test]
fn optional_functions_say_unsupported_unless_implemented() {
    let t = table();
    let pos = position();
    let mv = Move::new(0, 3);
    let mut out = Message::new(64);
    // SAFETY: valid pointers.
    let s = unsafe { (t.describe_move.unwrap())(&pos, &mv, &mut out.buf, null_mut()) };
    assert_eq!(s, STATUS_UNSUPPORTED);
    // SAFETY: valid pointers.
    let s = unsafe { (t.format_move.unwrap())(&pos, &mv, &mut out.buf, null_mut()) };
    assert_eq!((s, out.text()), (STATUS_OK, "R0-3"));
    let mut status = 0;
    // SAFETY: valid pointers.
    let s = unsafe { (t.status.unwrap())(&pos, &mut status, null_mut()) };
    assert_eq!(s, STATUS_UNSUPPORTED);
}

#[test]
fn start_position_checks_the_board_length() {
    let f = table().start_position.unwrap();
    let mut board = [9u8; 6];
    let mut out = RawPositionOut {
        board: board.as_mut_ptr(),
        board_len: 6,
        state: State::new().to_raw(),
        hands: null_mut(),
        promoted: null_mut(),
    };
    // SAFETY: valid pointers.
    let s = unsafe { f(&mut out, null_mut()) };
    assert_eq!(s, STATUS_OK);
    assert_eq!(board, BOARD);
    let mut short = [0u8; 4];
    out.board = short.as_mut_ptr();
    out.board_len = 4;
    let mut msg = Message::new(64);
    // SAFETY: valid pointers, a board of the wrong length.
    let s = unsafe { f(&mut out, &mut msg.buf) };
    assert_eq!(s, STATUS_ERROR);
    assert!(msg.text().contains("6 squares"), "{}", msg.text());
}
