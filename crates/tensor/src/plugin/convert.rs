//! Between the ABI's plain types and this crate's: sides, states, the board the host
//! lends, and moves (promotion as a kind index, "no square" as `0xFFFF`).

use chess4d_plugin_api::{
    Move as AbiMove, NO_PROMOTION, NO_SQUARE, PositionData, PositionRef, Side, State,
};

use crate::rules::geometry::NONE;
use crate::rules::{Color, Kind, Move, Position, SQUARES};

/// The colour of an ABI side.
#[inline]
pub fn color_of(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

/// The ABI side of a colour.
#[inline]
pub fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// The ABI state of a position (castling bits are the `KQkq` letters in order).
pub fn state_of(pos: &Position) -> State {
    State {
        side: side_of(pos.side_to_move()),
        castling: pos.castling_rights() as u32,
        en_passant: pos.en_passant().map(u16::from),
        halfmove_clock: pos.halfmove_clock(),
        fullmove_number: pos.fullmove_number(),
        counters: [0; 2],
    }
}

/// A position the plugin owns, in the ABI's form.
pub fn position_data(pos: &Position) -> PositionData {
    PositionData::new(pos.board().to_vec(), state_of(pos))
}

/// The position the host lends, rebuilt with [`Position::from_board_lenient`].
///
/// # Examples
/// ```
/// use chess4d_plugin_api::RulesPlugin;
/// use tensor_chess::{Position, plugin::{TensorPlugin, lend}};
/// let start = TensorPlugin.start_position();
/// assert_eq!(lend(&start.as_ref()).unwrap(), Position::start());
/// let short = chess4d_plugin_api::PositionRef { board: &[0; 64], state: start.state, pockets: None };
/// assert!(lend(&short).unwrap_err().contains("64 squares"));
/// ```
pub fn lend(pos: &PositionRef<'_>) -> Result<Position, String> {
    let board: &[u8; SQUARES] = pos.board.try_into().map_err(|_| {
        format!(
            "the board has {} squares; Tensor chess has 80 (10x8)",
            pos.board.len()
        )
    })?;
    let ep = match pos.state.en_passant {
        None => None,
        Some(e) => Some(
            u8::try_from(e).map_err(|_| format!("en-passant square {e} is off the 10x8 board"))?,
        ),
    };
    Position::from_board_lenient(
        board,
        color_of(pos.state.side),
        (pos.state.castling & 15) as u8,
        ep,
        pos.state.halfmove_clock,
        pos.state.fullmove_number,
    )
    .map_err(|e| e.to_string())
}

/// Square bytes widened to ABI squares: [`NONE`] becomes [`NO_SQUARE`].
static WIDE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = if i == NONE as usize {
            NO_SQUARE
        } else {
            i as u16
        };
        i += 1;
    }
    t
};

/// A move of this crate in the ABI's form (promotion as the kind index).
#[inline]
pub fn to_abi(mv: Move) -> AbiMove {
    // Every move of every move list goes through here, so no branches: a table widens
    // the squares, and promo 0 (none) wraps to NO_PROMOTION (255).
    const _: () = assert!(NO_PROMOTION == 0xFF);
    AbiMove {
        from: mv.from as u16,
        to: mv.to as u16,
        capture: WIDE[mv.capture as usize],
        from2: WIDE[mv.from2 as usize],
        to2: WIDE[mv.to2 as usize],
        promotion: mv.promo.wrapping_sub(1),
        flags: 0,
    }
}

/// An ABI move as a move of this crate, if it is well formed: squares on the board, a
/// promotion to queen, rook, bishop, knight or monster, both or neither second squares.
///
/// # Examples
/// ```
/// use chess4d_plugin_api::Move;
/// use tensor_chess::plugin::{from_abi, to_abi};
/// let push = Move::new(0, 1).with_second(1, 0);
/// assert_eq!(from_abi(push).unwrap().to_string(), "a1b1>a1");
/// assert_eq!(to_abi(from_abi(push).unwrap()), push);
/// assert!(from_abi(Move::new(0, 80)).is_err());
/// ```
pub fn from_abi(mv: AbiMove) -> Result<Move, String> {
    // The hot path (every move the host plays or asks about) only checks; the message
    // is built out of line when something is wrong.
    let on_board = |sq: u16| (sq as usize) < SQUARES;
    let optional = |sq: u16| sq == NO_SQUARE || on_board(sq);
    let narrow = |sq: u16| if sq == NO_SQUARE { NONE } else { sq as u8 };
    let promotes_well = matches!(mv.promotion, NO_PROMOTION | 1..=4 | 6);
    if on_board(mv.from)
        && on_board(mv.to)
        && optional(mv.capture)
        && optional(mv.from2)
        && optional(mv.to2)
        && (mv.from2 == NO_SQUARE) == (mv.to2 == NO_SQUARE)
        && promotes_well
    {
        return Ok(Move {
            from: mv.from as u8,
            to: mv.to as u8,
            promo: mv.promotion.wrapping_add(1),
            capture: narrow(mv.capture),
            from2: narrow(mv.from2),
            to2: narrow(mv.to2),
        });
    }
    Err(malformed(mv))
}

/// What is wrong with a move [`from_abi`] refused.
#[cold]
#[inline(never)]
fn malformed(mv: AbiMove) -> String {
    let off = |sq: u16, what: &str| format!("{what} square {sq} is off the 10x8 board");
    let bad_square = [
        (mv.from, "the start", false),
        (mv.to, "the landing", false),
        (mv.capture, "the capture", true),
        (mv.from2, "the second piece's start", true),
        (mv.to2, "the second piece's landing", true),
    ]
    .into_iter()
    .find(|&(sq, _, optional)| !(optional && sq == NO_SQUARE) && sq as usize >= SQUARES);
    if let Some((sq, what, _)) = bad_square {
        return off(sq, what);
    }
    if (mv.from2 == NO_SQUARE) != (mv.to2 == NO_SQUARE) {
        return "a second movement needs both its squares".into();
    }
    match Kind::from_index(mv.promotion as usize) {
        Some(k) => format!(
            "a pawn cannot promote to a {}; choose queen, rook, bishop, knight or monster",
            k.name()
        ),
        None => format!(
            "promotion to piece kind {}, which does not exist",
            mv.promotion
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{legal_moves, parse_fen};

    #[test]
    fn moves_round_trip_through_the_abi_form() {
        let pos = parse_fen("r4k3r/1P8/10/4pP4/10/10/10/R4K3R w KQkq e6 0 1").expect("FEN");
        let mut moves = Vec::new();
        legal_moves(&pos, &mut moves);
        let plain = moves
            .iter()
            .find(|m| m.to_string() == "a1b1")
            .expect("rook move");
        assert_eq!(to_abi(*plain), AbiMove::new(0, 1));
        let promo = moves
            .iter()
            .find(|m| m.to_string() == "b7b8t")
            .expect("promotion");
        assert_eq!(to_abi(*promo), AbiMove::new(61, 71).with_promotion(6));
        let ep = moves
            .iter()
            .find(|m| m.to_string() == "f5e6xe5")
            .expect("en passant");
        assert_eq!(to_abi(*ep), AbiMove::new(45, 54).with_capture(44));
        for mv in moves {
            assert_eq!(from_abi(to_abi(mv)), Ok(mv));
        }
        let half = AbiMove {
            to2: NO_SQUARE,
            ..AbiMove::new(0, 1).with_second(1, 0)
        };
        let refused = |m: AbiMove| from_abi(m).unwrap_err();
        assert!(refused(half).contains("both its squares"));
        assert!(refused(AbiMove::new(60, 70).with_promotion(0)).contains("king"));
        assert!(refused(AbiMove::new(60, 70).with_promotion(5)).contains("pawn"));
        assert!(refused(AbiMove::new(60, 70).with_promotion(9)).contains("does not exist"));
        assert!(refused(AbiMove::new(60, 80)).contains("landing square 80"));
        assert!(refused(AbiMove::new(0, 1).with_second(1, 300)).contains("square 300"));
        assert!(refused(AbiMove::new(0, 1).with_capture(90)).contains("capture square 90"));
    }
}
