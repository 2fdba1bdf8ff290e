//! Tensor chess as a chess4d rule plugin: [`TensorPlugin`] implements the C ABI's
//! [`RulesPlugin`] on top of this crate's rules, and with the `export` feature (on by
//! default) the built `libtensor_chess.so` exports it as `chess4d_plugin_entry`.
//!
//! The host keeps the position and lends the board on every call, so each call rebuilds
//! a [`Position`] from 80 piece codes. That rebuild is the lenient one
//! ([`Position::from_board_lenient`]): the host only holds positions these rules produced
//! (or read through [`RulesPlugin::parse_position`], which validates fully), and the
//! generator copes with anything else without panicking. Playing a move needs no
//! position at all: the squares it changes and the state after it follow from the move
//! and the board. Moves cross the ABI whole — promotion, a capture away from the landing
//! square, the pushed monster or castling rook as the second movement — and their route
//! (jump chain, bounce square) comes back through the move-path call.
//!
//! ```
//! use chess4d_plugin_api::RulesPlugin;
//! use tensor_chess::plugin::TensorPlugin;
//! let start = TensorPlugin.start_position();
//! let mut moves = Vec::new();
//! TensorPlugin.legal_moves(&start.as_ref(), &mut moves);
//! assert_eq!(moves.len(), 30);
//! let push = moves.iter().find(|m| (m.from, m.to) == (0, 1)).unwrap();
//! assert_eq!(TensorPlugin.format_move(&start.as_ref(), *push).unwrap(), "a1b1>a1");
//! ```

use std::cell::RefCell;

use chess4d_plugin_api::{
    GameStatus as AbiStatus, Move as AbiMove, NO_PROMOTION, NO_SQUARE, PieceDesc, PositionData,
    PositionRef, RulesPlugin, Side, SquareChange, State, VariantDesc,
};

use crate::rules::geometry::NONE;
use crate::rules::makemove::CASTLE_KEEP;
use crate::rules::{
    Color, GameStatus, Kind, Move, MoveParseError, Piece, Position, SQUARES, Square, attackers,
    describe_move, is_attacked, legal_moves_in_place, move_path, move_to_string, parse_fen,
    parse_move, square_name, status, to_fen,
};

/// Piece values in centipawns for the engine, in kind order K Q R B N P T. The monster
/// takes nothing but monsters, yet shields, carries and launches its own side's pieces.
pub const VALUES: [i32; 7] = [0, 900, 500, 330, 320, 100, 250];

/// One paragraph for the catalog.
pub const DESCRIPTION: &str = "Chess on a 10x8 board where each side adds two monsters (T) \
     and two pawns. A monster steps like a king or jumps over pieces like a checker, takes \
     only enemy monsters, and lets its own side's pieces pass over it, bounce off it at a \
     right angle, or push it along.";

/// The Tensor chess rules behind the plugin ABI. It holds no state.
#[derive(Clone, Copy, Debug, Default)]
pub struct TensorPlugin;

thread_local! {
    /// This crate's moves before they are converted, reused so a call does not allocate.
    static SCRATCH: RefCell<Vec<Move>> = RefCell::new(Vec::with_capacity(256));
}

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
    }
}

/// A position the plugin owns, in the ABI's form.
pub fn position_data(pos: &Position) -> PositionData {
    PositionData {
        board: pos.board().to_vec(),
        state: state_of(pos),
    }
}

/// The position the host lends, rebuilt with [`Position::from_board_lenient`].
///
/// # Examples
/// ```
/// use chess4d_plugin_api::RulesPlugin;
/// use tensor_chess::{Position, plugin::{TensorPlugin, lend}};
/// let start = TensorPlugin.start_position();
/// assert_eq!(lend(&start.as_ref()).unwrap(), Position::start());
/// let short = chess4d_plugin_api::PositionRef { board: &[0; 64], state: start.state };
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

/// A move of this crate in the ABI's form (promotion as the kind index).
#[inline]
pub fn to_abi(mv: Move) -> AbiMove {
    let wide = |sq: u8| if sq == NONE { NO_SQUARE } else { sq as u16 };
    AbiMove {
        from: mv.from as u16,
        to: mv.to as u16,
        capture: wide(mv.capture),
        from2: wide(mv.from2),
        to2: wide(mv.to2),
        promotion: if mv.promo == 0 {
            NO_PROMOTION
        } else {
            mv.promo - 1
        },
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
    let narrow = |sq: u16, what: &str| {
        u8::try_from(sq)
            .ok()
            .filter(|&s| (s as usize) < SQUARES)
            .ok_or_else(|| format!("{what} square {sq} is off the 10x8 board"))
    };
    let promotion = match mv.promotion {
        NO_PROMOTION => None,
        k => Some(
            Kind::from_index(k as usize)
                .ok_or_else(|| format!("promotion to piece kind {k}, which does not exist"))?,
        ),
    };
    let capture = match mv.capture {
        NO_SQUARE => None,
        c => Some(narrow(c, "the capture")?),
    };
    let second = match (mv.from2, mv.to2) {
        (NO_SQUARE, NO_SQUARE) => None,
        (NO_SQUARE, _) | (_, NO_SQUARE) => {
            return Err("a second movement needs both its squares".into());
        }
        (a, b) => Some((
            narrow(a, "the second piece's start")?,
            narrow(b, "its landing")?,
        )),
    };
    Move::from_parts(
        narrow(mv.from, "the start")?,
        narrow(mv.to, "the landing")?,
        promotion,
        capture,
        second,
    )
    .map_err(|e| e.to_string())
}

/// The squares a move changes and the state after it, from the board alone.
///
/// Checks that the move is well formed and that its pieces stand where it says (the
/// mover of the side to move, a pushed monster or castling rook of the same side, a
/// captured piece); whether it is legal is the host's question, answered by
/// [`RulesPlugin::legal_moves`].
fn apply(
    board: &[u8],
    state: State,
    abi: AbiMove,
    changes: &mut Vec<SquareChange>,
) -> Result<State, String> {
    let mv = from_abi(abi)?;
    if board.len() != SQUARES {
        return Err(format!(
            "the board has {} squares; Tensor chess has 80 (10x8)",
            board.len()
        ));
    }
    let us = color_of(state.side);
    let at = |sq: Square| Piece::from_code(board[sq as usize]);
    let mover = at(mv.from).filter(|p| p.color == us).ok_or_else(|| {
        format!(
            "{mv}: no piece of the side to move on {}",
            square_name(mv.from)
        )
    })?;
    if let Some((from2, _)) = mv.second() {
        let wanted = if mv.is_push() {
            Kind::Monster
        } else {
            Kind::Rook
        };
        if at(from2) != Some(Piece::new(us, wanted)) {
            return Err(format!(
                "{mv}: there is no {} of the side to move on {}",
                wanted.name(),
                square_name(from2)
            ));
        }
    }
    let captured = match mv.capture_square() {
        Some(c) => {
            if at(c).is_none_or(|p| p.color == us) {
                return Err(format!(
                    "{mv}: nothing of the other side to take on {}",
                    square_name(c)
                ));
            }
            true
        }
        None => mv.second().is_none() && at(mv.to).is_some(),
    };
    if mv.promotion().is_some() && mover.kind != Kind::Pawn {
        return Err(format!("{mv}: only a pawn promotes"));
    }

    let change = |square: Square, piece: u8| SquareChange {
        square: square as u16,
        piece,
        reserved: 0,
    };
    // In this order a pushed monster may land on the pusher's start square.
    changes.push(change(mv.from, 0));
    if let Some(c) = mv.capture_square() {
        changes.push(change(c, 0));
    }
    if let Some((from2, to2)) = mv.second() {
        let second = board[from2 as usize];
        changes.push(change(from2, 0));
        changes.push(change(to2, second));
    }
    let landed = match mv.promotion() {
        Some(kind) => Piece::new(us, kind),
        None => mover,
    };
    changes.push(change(mv.to, landed.code()));

    let pawn = mover.kind == Kind::Pawn;
    let mut after = state.after_move(pawn || captured);
    after.castling = (state.castling & 15)
        & (CASTLE_KEEP[mv.from as usize] & CASTLE_KEEP[mv.to as usize]) as u32;
    let passed = (mv.from as usize + mv.to as usize) / 2;
    // A double step over the pawn's own monster gives no en passant.
    if pawn && mv.from.abs_diff(mv.to) == 20 && board[passed] == 0 {
        after.en_passant = Some(passed as u16);
    }
    Ok(after)
}

/// Reads a move: its exact notation, or from and to alone when one legal move has them.
fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    let err = match parse_move(pos, text) {
        Ok(mv) => return Ok(mv),
        Err(e @ MoveParseError::Syntax { .. }) => return Err(e.to_string()),
        Err(e) => e,
    };
    let t = text.trim();
    let squares = |s: &str| crate::rules::parse_square(s);
    let (Some(from), Some(to)) = (t.get(0..2).and_then(squares), t.get(2..4).and_then(squares))
    else {
        return Err(err.to_string());
    };
    let mut moves = Vec::new();
    crate::rules::legal_moves(pos, &mut moves);
    let same: Vec<Move> = moves
        .into_iter()
        .filter(|m| m.from == from && m.to == to)
        .collect();
    match same.as_slice() {
        [] => Err(err.to_string()),
        [only] if t.len() == 4 => Ok(*only),
        options => {
            let names: Vec<String> = options.iter().map(|&m| move_to_string(m)).collect();
            Err(format!(
                "{err}; the moves from {} to {} are: {}",
                square_name(from),
                square_name(to),
                names.join(", ")
            ))
        }
    }
}

impl RulesPlugin for TensorPlugin {
    fn variant(&self) -> VariantDesc {
        let pieces = Kind::ALL
            .iter()
            .map(|&k| PieceDesc {
                letter: k.letter(),
                name: k.name().into(),
                value: VALUES[k.index()],
                royal: k == Kind::King,
                pawn: k == Kind::Pawn,
            })
            .collect();
        VariantDesc {
            name: "tensor".into(),
            title: "Tensor chess".into(),
            description: DESCRIPTION.into(),
            sizes: vec![10, 8],
            pieces,
            castling_letters: "KQkq".into(),
            en_passant: true,
            repetition_limit: 3,
            move_limit_plies: 100,
            bare_kings_draw: true,
        }
    }

    fn start_position(&self) -> PositionData {
        position_data(&Position::start())
    }

    fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<AbiMove>) {
        // The trait has no error channel here; a board that is not Tensor chess (never
        // sent by chess4d, whose boards are the shape and pieces this plugin declared)
        // has no moves.
        let Ok(mut position) = lend(pos) else {
            return;
        };
        SCRATCH.with(|cell| {
            let mut fresh = Vec::new();
            let mut held = cell.try_borrow_mut();
            let moves = match held.as_mut() {
                Ok(v) => &mut **v,
                Err(_) => &mut fresh,
            };
            legal_moves_in_place(&mut position, moves);
            out.extend(moves.iter().map(|&m| to_abi(m)));
        });
    }

    fn apply_move(
        &self,
        pos: &PositionRef<'_>,
        mv: AbiMove,
        changes: &mut Vec<SquareChange>,
    ) -> Result<State, String> {
        apply(pos.board, pos.state, mv, changes)
    }

    fn is_attacked(&self, pos: &PositionRef<'_>, square: u16, by: Side) -> bool {
        match (lend(pos), u8::try_from(square)) {
            (Ok(p), Ok(sq)) => is_attacked(&p, sq, color_of(by)),
            _ => false,
        }
    }

    fn attackers(&self, pos: &PositionRef<'_>, square: u16, by: Side, out: &mut Vec<u16>) {
        if let (Ok(p), Ok(sq)) = (lend(pos), u8::try_from(square)) {
            out.extend(attackers(&p, sq, color_of(by)).iter().map(u16::from));
        }
    }

    fn status(&self, pos: &PositionRef<'_>) -> Option<AbiStatus> {
        let p = lend(pos).ok()?;
        Some(match status(&p) {
            // The host counts plies itself (move_limit_plies) and ends the game there.
            GameStatus::Ongoing | GameStatus::FiftyMoveRule => AbiStatus::Ongoing,
            GameStatus::Checkmate { .. } => AbiStatus::Checkmate,
            GameStatus::Stalemate => AbiStatus::Stalemate,
            GameStatus::InsufficientMaterial => AbiStatus::InsufficientMaterial,
        })
    }

    fn format_move(&self, _pos: &PositionRef<'_>, mv: AbiMove) -> Option<String> {
        from_abi(mv).ok().map(move_to_string)
    }

    fn parse_move(&self, pos: &PositionRef<'_>, text: &str) -> Option<Result<AbiMove, String>> {
        Some(lend(pos).and_then(|p| read_move(&p, text)).map(to_abi))
    }

    fn describe_move(&self, pos: &PositionRef<'_>, mv: AbiMove) -> Option<String> {
        let p = lend(pos).ok()?;
        Some(describe_move(&p, from_abi(mv).ok()?))
    }

    fn move_path(&self, pos: &PositionRef<'_>, mv: AbiMove) -> Option<Vec<u16>> {
        let p = lend(pos).ok()?;
        let path = move_path(&p, from_abi(mv).ok()?);
        Some(path.into_iter().map(u16::from).collect())
    }

    fn parse_position(&self, text: &str) -> Option<Result<PositionData, String>> {
        Some(
            parse_fen(text)
                .map(|p| position_data(&p))
                .map_err(|e| e.to_string()),
        )
    }

    fn format_position(&self, pos: &PositionRef<'_>) -> Option<String> {
        lend(pos).ok().map(|p| to_fen(&p))
    }
}

#[cfg(feature = "export")]
chess4d_plugin_api::export_plugin!(TensorPlugin);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{START_FEN, legal_moves, make_move, parse_square};

    fn sq(s: &str) -> Square {
        parse_square(s).expect("test square")
    }

    /// Plays `mv` through [`apply`] on a copy of the board and compares with make_move.
    fn check_apply(pos: &Position, mv: Move) {
        let data = position_data(pos);
        let mut changes = Vec::new();
        let state = apply(&data.board, data.state, to_abi(mv), &mut changes)
            .unwrap_or_else(|e| panic!("{mv} in {}: {e}", to_fen(pos)));
        let mut board = data.board.clone();
        for c in &changes {
            board[c.square as usize] = c.piece;
        }
        let mut played = pos.clone();
        make_move(&mut played, mv);
        assert_eq!(board.as_slice(), played.board(), "{mv} in {}", to_fen(pos));
        assert_eq!(state, state_of(&played), "{mv} in {}", to_fen(pos));
    }

    #[test]
    fn apply_agrees_with_make_move_on_every_kind_of_move() {
        let fens = [
            START_FEN,
            // Castling both ways, promotion with capture, en passant.
            "r4k3r/1P8/10/4pP4/10/10/10/R4K3R w KQkq e6 0 1",
            // Monster capture, pushes by every slider and a knight, a pawn push.
            "5k4/10/3t6/2T1t5/1N8/1T8/1P1T6/R3QK4 w - - 3 9",
            "r4k3r/1p2t2pp1/3b6/2pP1t4/10/1T6T1/PP1N3PPP/R4KB2R w KQkq c6 0 12",
        ];
        for fen in fens {
            let pos = parse_fen(fen).expect("test FEN");
            let mut moves = Vec::new();
            legal_moves(&pos, &mut moves);
            assert!(!moves.is_empty(), "{fen}");
            for mv in moves {
                check_apply(&pos, mv);
            }
        }
    }

    #[test]
    fn apply_refuses_moves_whose_pieces_are_not_there() {
        let data = position_data(&Position::start());
        let mut ch = Vec::new();
        let refuse = |abi: AbiMove| {
            let mut ch = Vec::new();
            apply(&data.board, data.state, abi, &mut ch).unwrap_err()
        };
        // Empty start square, the other side's piece, a push without a monster, a
        // castling without a rook, an en passant with nothing to take, a knight promoting.
        assert!(refuse(AbiMove::new(sq("e4") as u16, 44)).contains("no piece"));
        assert!(refuse(AbiMove::new(sq("e7") as u16, 44)).contains("no piece"));
        let push = AbiMove::new(sq("c1") as u16, sq("c2") as u16).with_second(12, 22);
        assert!(refuse(push).contains("monster"));
        let castle = AbiMove::new(5, 8).with_second(4, 7);
        assert!(refuse(castle).contains("rook"));
        let ep = AbiMove::new(14, 25).with_capture(24);
        assert!(refuse(ep).contains("nothing"));
        let promo = AbiMove::new(2, 23).with_promotion(1);
        assert!(refuse(promo).contains("only a pawn"));
        assert!(refuse(AbiMove::new(0, 900)).contains("off the 10x8 board"));
        assert!(apply(&data.board[..64], data.state, AbiMove::new(14, 24), &mut ch).is_err());
        assert!(ch.is_empty(), "a refused move changes nothing");
    }

    #[test]
    fn moves_round_trip_through_the_abi_form() {
        let pos = parse_fen("r4k3r/1P8/10/4pP4/10/10/10/R4K3R w KQkq e6 0 1").expect("FEN");
        let mut moves = Vec::new();
        legal_moves(&pos, &mut moves);
        for mv in moves {
            assert_eq!(from_abi(to_abi(mv)), Ok(mv));
        }
        let half = AbiMove {
            to2: NO_SQUARE,
            ..AbiMove::new(0, 1).with_second(1, 0)
        };
        assert!(from_abi(half).is_err());
        assert!(from_abi(AbiMove::new(60, 70).with_promotion(0)).is_err());
        assert!(from_abi(AbiMove::new(60, 70).with_promotion(9)).is_err());
    }

    #[test]
    fn parse_move_takes_from_and_to_alone_when_unambiguous() {
        let start = TensorPlugin.start_position();
        let r = |t: &str| {
            TensorPlugin
                .parse_move(&start.as_ref(), t)
                .expect("the plugin parses moves")
        };
        assert_eq!(r("a1b1>a1"), Ok(AbiMove::new(0, 1).with_second(1, 0)));
        assert_eq!(r("a1b1"), Ok(AbiMove::new(0, 1).with_second(1, 0)));
        assert!(r("a1c1").unwrap_err().contains("not a legal move"));
        assert!(r("zz").unwrap_err().contains("not a move"));
        // Two moves from b2 to b4 once the monster stands on b3: jump or push.
        let pos =
            parse_fen("rtnbqkbntr/pppppppppp/10/10/10/1T8/PPPPPPPPPP/R1NBQKBNTR w KQkq - 0 1")
                .expect("FEN");
        let data = position_data(&pos);
        let e = TensorPlugin
            .parse_move(&data.as_ref(), "b2b3")
            .expect("parses");
        assert_eq!(
            e,
            Ok(to_abi(crate::parse_move(&pos, "b2b3>b4").expect("push")))
        );
        assert!(
            TensorPlugin
                .parse_move(&data.as_ref(), "b2b4")
                .expect("parses")
                .is_ok()
        );
    }

    #[test]
    fn variant_describes_the_board_and_pieces() {
        let v = TensorPlugin.variant();
        assert_eq!(
            (v.name.as_str(), v.title.as_str()),
            ("tensor", "Tensor chess")
        );
        assert_eq!(v.sizes, [10, 8]);
        let letters: String = v.pieces.iter().map(|p| p.letter).collect();
        assert_eq!(letters, "KQRBNPT");
        assert_eq!(v.pieces[6].name, "monster");
        assert!(v.pieces[0].royal && v.pieces[5].pawn);
        assert_eq!(v.castling_letters, "KQkq");
        assert!(v.en_passant && v.bare_kings_draw);
        assert_eq!((v.repetition_limit, v.move_limit_plies), (3, 100));
        assert_eq!(
            lend(&TensorPlugin.start_position().as_ref()).map(|p| to_fen(&p)),
            Ok(START_FEN.to_string())
        );
    }
}
