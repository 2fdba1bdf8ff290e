//! What ABI version 2 added, through the exported glue as a host calls it: pieces in
//! hand and promoted marks lent beside the board, drops as moves, the hand change and
//! promoted flags `apply_move` reports, the per-side counters, and positions with
//! pockets written by the plugin.

use chess4d_plugin_api::*;
use std::ptr::null_mut;

/// Kings and rooks on a 1x6 board with drops: a captured rook goes to the captor's hand
/// and may be dropped on any empty square; counters count captures left (from 2).
#[derive(Default)]
struct HandRooks;

const KING: u8 = 0;
const ROOK: u8 = 1;

impl RulesPlugin for HandRooks {
    fn variant(&self) -> VariantDesc {
        let piece = |letter, name: &str, royal| PieceDesc {
            letter,
            name: name.into(),
            value: 500,
            royal,
            pawn: false,
        };
        VariantDesc {
            name: "hand-rooks".into(),
            sizes: vec![6],
            pieces: vec![piece('K', "king", true), piece('R', "rook", false)],
            counter_limit: 2,
            pockets: true,
            ..VariantDesc::default()
        }
    }

    fn start_position(&self) -> PositionData {
        let mut pockets = Pockets::new(6);
        pockets.set_in_hand(Side::Black, ROOK, 1);
        pockets.set_promoted(1, true);
        let state = State {
            counters: [2, 2],
            ..State::new()
        };
        PositionData {
            board: vec![
                piece_code(KING, Side::White),
                piece_code(ROOK, Side::White),
                0,
                0,
                0,
                piece_code(KING, Side::Black),
            ],
            state,
            pockets: Some(pockets),
        }
    }

    fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<Move>) {
        let side = pos.side();
        for sq in 0..6u16 {
            match pos.piece(sq) {
                None if pos.in_hand(side, ROOK) > 0 => out.push(Move::drop(ROOK, sq)),
                Some(c) if piece_side(c) == side && piece_kind(c) == ROOK => {
                    for to in 0..6u16 {
                        if to != sq && pos.piece(to).is_none_or(|t| piece_side(t) != side) {
                            out.push(Move::new(sq, to));
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn apply_move(
        &self,
        pos: &PositionRef<'_>,
        mv: Move,
        changes: &mut Changes,
    ) -> Result<State, String> {
        standard_changes(pos, mv, changes);
        let mut after = pos.state.after_move(false);
        if !mv.is_drop() && pos.piece(mv.to).is_some() {
            changes.to_hand(pos.side(), ROOK, 1);
            let me = pos.side().index() as usize;
            after.counters[me] = after.counters[me].saturating_sub(1);
        }
        Ok(after)
    }

    fn is_attacked(&self, _: &PositionRef<'_>, _: u16, _: Side) -> bool {
        false
    }

    fn attackers(&self, _: &PositionRef<'_>, _: u16, _: Side, _: &mut Vec<u16>) {}
}

export_plugin!(HandRooks);

unsafe extern "C" {
    fn chess4d_plugin_entry() -> *const PluginTable;
}

fn table() -> &'static PluginTable {
    // SAFETY: the macro above defines the symbol in this binary.
    unsafe { &*chess4d_plugin_entry() }
}

/// A host-side copy of a position with pockets, lent as a `RawPosition`.
struct Held {
    board: [u8; 6],
    hands: [u8; HANDS_LEN],
    promoted: [u64; 1],
    state: RawState,
}

impl Held {
    fn start() -> Held {
        let mut held = Held {
            board: [0; 6],
            hands: [0; HANDS_LEN],
            promoted: [0],
            state: State::new().to_raw(),
        };
        let mut out = RawPositionOut {
            board: held.board.as_mut_ptr(),
            board_len: 6,
            state: held.state,
            hands: held.hands.as_mut_ptr(),
            promoted: held.promoted.as_mut_ptr(),
        };
        // SAFETY: every pointer holds what the ABI says.
        let s = unsafe { (table().start_position.unwrap())(&mut out, null_mut()) };
        assert_eq!(s, STATUS_OK);
        held.state = out.state;
        held
    }

    fn raw(&self) -> RawPosition {
        RawPosition {
            board: self.board.as_ptr(),
            board_len: 6,
            state: self.state,
            hands: self.hands.as_ptr(),
            promoted: self.promoted.as_ptr(),
        }
    }

    fn moves(&self) -> Vec<Move> {
        let mut moves = [Move::new(0, 0); 64];
        let mut count = 0;
        // SAFETY: valid pointers, 64 moves of room.
        let s = unsafe {
            (table().legal_moves.unwrap())(
                &self.raw(),
                moves.as_mut_ptr(),
                64,
                &mut count,
                null_mut(),
            )
        };
        assert_eq!(s, STATUS_OK);
        moves[..count as usize].to_vec()
    }

    fn apply(&mut self, mv: Move) -> (Vec<SquareChange>, HandChange) {
        let mut changes = [SquareChange::new(0, 0); MAX_CHANGES];
        let mut count = 0;
        let mut after = RawAfter {
            state: self.state,
            hand: HandChange::default(),
        };
        // SAFETY: valid pointers.
        let s = unsafe {
            (table().apply_move.unwrap())(
                &self.raw(),
                &mv,
                changes.as_mut_ptr(),
                MAX_CHANGES as u32,
                &mut count,
                &mut after,
                null_mut(),
            )
        };
        assert_eq!(s, STATUS_OK);
        let changes = changes[..count as usize].to_vec();
        for c in &changes {
            self.board[c.square as usize] = c.piece;
            let bit = 1u64 << c.square;
            self.promoted[0] = if c.is_promoted() {
                self.promoted[0] | bit
            } else {
                self.promoted[0] & !bit
            };
        }
        let h = after.hand;
        if h.delta != 0 {
            let slot = &mut self.hands[h.side as usize * MAX_KINDS + h.kind as usize];
            *slot = slot.saturating_add_signed(h.delta);
        }
        self.state = after.state;
        (changes, h)
    }
}

#[test]
fn the_variant_declares_counters_and_pockets() {
    let mut raw = RawVariant::default();
    // SAFETY: valid pointers.
    let s = unsafe { (table().variant_info.unwrap())(&mut raw, null_mut()) };
    assert_eq!(s, STATUS_OK);
    assert_eq!((raw.counter_limit, raw.pockets), (2, 1));
}

#[test]
fn the_start_position_writes_hands_marks_and_counters() {
    let held = Held::start();
    assert_eq!(held.board, [1, 3, 0, 0, 0, 2]);
    assert_eq!(
        held.hands[MAX_KINDS + ROOK as usize],
        1,
        "Black holds a rook"
    );
    assert_eq!(held.hands.iter().map(|&n| n as u32).sum::<u32>(), 1);
    assert_eq!(
        held.promoted[0], 0b10,
        "the rook on square 1 is marked promoted"
    );
    assert_eq!(held.state.counters, [2, 2]);

    // Without room for pockets the plugin refuses to write them.
    let mut board = [0u8; 6];
    let mut out = RawPositionOut {
        board: board.as_mut_ptr(),
        board_len: 6,
        state: State::new().to_raw(),
        hands: null_mut(),
        promoted: null_mut(),
    };
    // SAFETY: valid pointers; no pockets given.
    let s = unsafe { (table().start_position.unwrap())(&mut out, null_mut()) };
    assert_eq!(s, STATUS_ERROR);
}

#[test]
fn a_capture_fills_a_hand_and_a_drop_empties_it() {
    let mut held = Held::start();
    // A quiet rook move; then Black, with no rook on the board, can only drop.
    let (changes, hand) = held.apply(Move::new(1, 3));
    assert_eq!(hand.delta, 0, "a quiet move changes no hand");
    assert!(
        changes.iter().any(|c| c.square == 3 && c.is_promoted()),
        "the mark moves along"
    );
    assert_eq!(held.promoted[0], 1 << 3);

    let moves = held.moves();
    assert!(
        moves.iter().all(Move::is_drop),
        "Black has only drops: {moves:?}"
    );
    assert_eq!(moves.len(), 3, "onto squares 1, 2 and 4");
    let drop = Move::drop(ROOK, 4);
    assert!(moves.contains(&drop));
    let (changes, hand) = held.apply(drop);
    assert_eq!(
        changes,
        [SquareChange::new(4, piece_code(ROOK, Side::Black))]
    );
    assert_eq!((hand.side, hand.kind, hand.delta), (1, ROOK, -1));
    assert_eq!(
        held.hands[MAX_KINDS + ROOK as usize],
        0,
        "Black's hand is empty"
    );

    // White takes the dropped rook: to White's hand, one counter fewer.
    let (_, hand) = held.apply(Move::new(3, 4));
    assert_eq!((hand.side, hand.kind, hand.delta), (0, ROOK, 1));
    assert_eq!(held.hands[ROOK as usize], 1);
    assert_eq!(held.state.counters, [1, 2]);
}

#[test]
fn a_position_must_lend_both_hands_and_marks() {
    let held = Held::start();
    let mut raw = held.raw();
    raw.promoted = std::ptr::null();
    let mut moves = [Move::new(0, 0); 8];
    let mut count = 0;
    // SAFETY: valid pointers; half of the pockets.
    let s = unsafe {
        (table().legal_moves.unwrap())(&raw, moves.as_mut_ptr(), 8, &mut count, null_mut())
    };
    assert_eq!(s, STATUS_BAD_ARGUMENT);
}

#[test]
fn a_game_ended_by_a_rule_of_the_variant_has_its_status_word() {
    let checks = GameStatus::Ended {
        winner: Some(Side::Black),
        reason: EndReason::Checks,
    };
    assert_eq!(
        checks.to_raw(),
        GAME_BLACK_WINS | END_CHECKS << END_REASON_SHIFT
    );
    let drawn = GameStatus::Ended {
        winner: None,
        reason: EndReason::Goal,
    };
    assert_eq!(drawn.to_raw(), GAME_DRAWN | END_GOAL << END_REASON_SHIFT);
    assert_eq!(GameStatus::Checkmate.to_raw(), GAME_CHECKMATE);
}
