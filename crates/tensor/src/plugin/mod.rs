//! Tensor chess as a chess4d rule plugin: [`TensorPlugin`] implements the C ABI's
//! [`RulesPlugin`] on top of this crate's rules, and with the `export` feature (on by
//! default) the built `libtensor_chess.so` exports it as `chess4d_plugin_entry`.
//!
//! The host keeps the position and lends the board on every call. The plugin builds a
//! [`Position`] from it with the lenient check ([`Position::from_board_lenient`]: the
//! host only holds positions these rules produced, or read through
//! [`RulesPlugin::parse_position`], which validates fully, and the generator copes with
//! anything else without panicking) and keeps the line of positions it last saw, so a
//! position the host comes back to, or the one a played move leads to, needs no rebuild
//! (module `cache`). Playing a move needs no position at all: the squares it changes and
//! the state after it follow from the move and the board (module `apply`). Moves cross
//! the ABI whole — promotion, a capture away from the landing square, the pushed monster
//! or castling rook as the second movement — and their route (jump chain, bounce square)
//! comes back through the move-path call.
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

mod apply;
mod cache;
mod convert;

pub use convert::{color_of, from_abi, lend, position_data, side_of, state_of, to_abi};

use std::cell::RefCell;

use chess4d_plugin_api::{
    Changes, GameStatus as AbiStatus, Move as AbiMove, PieceDesc, PositionData, PositionRef,
    RulesPlugin, Side, State, VariantDesc,
};

use crate::rules::{
    GameStatus, Kind, Move, MoveParseError, Position, attackers, describe_move, is_attacked,
    legal_moves_in_place, move_path, move_to_string, parse_fen, parse_move, square_name, status,
    to_fen,
};
use cache::with_lent;

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
            // No check counters, no pieces in hand.
            ..VariantDesc::default()
        }
    }

    fn start_position(&self) -> PositionData {
        position_data(&Position::start())
    }

    fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<AbiMove>) {
        // The trait has no error channel here; a board that is not Tensor chess (never
        // sent by chess4d, whose boards have the shape and pieces this plugin declared)
        // has no moves.
        let _ = with_lent(pos, |position| {
            SCRATCH.with(|cell| {
                let mut fresh = Vec::new();
                let mut held = cell.try_borrow_mut();
                let moves = match held.as_mut() {
                    Ok(v) => &mut **v,
                    Err(_) => &mut fresh,
                };
                legal_moves_in_place(position, moves);
                out.extend(moves.iter().map(|&m| to_abi(m)));
            })
        });
    }

    fn apply_move(
        &self,
        pos: &PositionRef<'_>,
        mv: AbiMove,
        changes: &mut Changes,
    ) -> Result<State, String> {
        let (mv, after) = apply::apply(pos.board, pos.state, mv, &mut changes.squares)?;
        cache::keep_child(pos, mv, &changes.squares, after);
        Ok(after)
    }

    fn is_attacked(&self, pos: &PositionRef<'_>, square: u16, by: Side) -> bool {
        let Ok(sq) = u8::try_from(square) else {
            return false;
        };
        with_lent(pos, |p| is_attacked(p, sq, color_of(by))).unwrap_or(false)
    }

    fn attackers(&self, pos: &PositionRef<'_>, square: u16, by: Side, out: &mut Vec<u16>) {
        if let Ok(sq) = u8::try_from(square) {
            let _ = with_lent(pos, |p| {
                out.extend(attackers(p, sq, color_of(by)).iter().map(u16::from));
            });
        }
    }

    fn status(&self, pos: &PositionRef<'_>) -> Option<AbiStatus> {
        let s = with_lent(pos, |p| status(p)).ok()?;
        Some(match s {
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
        Some(with_lent(pos, |p| read_move(p, text)).and_then(|r| r.map(to_abi)))
    }

    fn describe_move(&self, pos: &PositionRef<'_>, mv: AbiMove) -> Option<String> {
        let mv = from_abi(mv).ok()?;
        with_lent(pos, |p| describe_move(p, mv)).ok()
    }

    fn move_path(&self, pos: &PositionRef<'_>, mv: AbiMove) -> Option<Vec<u16>> {
        let mv = from_abi(mv).ok()?;
        let path = with_lent(pos, |p| move_path(p, mv)).ok()?;
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
        with_lent(pos, |p| to_fen(p)).ok()
    }
}

#[cfg(feature = "export")]
chess4d_plugin_api::export_plugin!(TensorPlugin);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{START_FEN, to_fen};

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

    /// xorshift, so the test needs no dependencies.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    #[test]
    fn any_board_and_any_move_get_an_answer_not_a_panic() {
        use chess4d_plugin_api::{NO_PROMOTION, NO_SQUARE};
        let mut rng = Rng(0x7e45_0c4e_55a1_1d0f);
        let plugin = TensorPlugin;
        for round in 0..3000 {
            // Mostly sparse boards with any codes (some beyond 14), any state.
            let len = if round % 97 == 0 { 64 } else { 80 };
            let board: Vec<u8> = (0..len)
                .map(|_| match rng.below(10) {
                    0..=5 => 0,
                    6..=8 => 1 + rng.below(14) as u8,
                    _ => rng.below(20) as u8,
                })
                .collect();
            let state = State {
                side: if rng.below(2) == 0 {
                    Side::White
                } else {
                    Side::Black
                },
                castling: rng.below(32) as u32,
                en_passant: (rng.below(3) == 0).then(|| rng.below(100) as u16),
                halfmove_clock: rng.below(120) as u32,
                fullmove_number: rng.below(3) as u32,
                counters: [rng.below(4) as u8, 0],
            };
            let pos = PositionRef {
                board: &board,
                state,
                pockets: None,
            };
            let mut moves = Vec::new();
            plugin.legal_moves(&pos, &mut moves);
            let square = |rng: &mut Rng| {
                if rng.below(4) == 0 {
                    NO_SQUARE
                } else {
                    rng.below(90) as u16
                }
            };
            let mut probe = vec![AbiMove::new(rng.below(90) as u16, rng.below(90) as u16)];
            probe.push(AbiMove {
                capture: square(&mut rng),
                from2: square(&mut rng),
                to2: square(&mut rng),
                promotion: if rng.below(2) == 0 {
                    NO_PROMOTION
                } else {
                    rng.below(9) as u8
                },
                ..probe[0]
            });
            probe.extend(moves.iter().take(3));
            for mv in probe {
                let mut changes = Changes::new();
                if plugin.apply_move(&pos, mv, &mut changes).is_ok() {
                    assert!(changes.squares.len() <= chess4d_plugin_api::MAX_CHANGES);
                    assert!(changes.hand.is_none(), "Tensor chess has no pieces in hand");
                    assert!(
                        changes
                            .squares
                            .iter()
                            .all(|c| (c.square as usize) < len && c.piece <= 14)
                    );
                }
                let _ = plugin.format_move(&pos, mv);
                let _ = plugin.describe_move(&pos, mv);
                if let Some(path) = plugin.move_path(&pos, mv) {
                    assert!(path.len() <= 80, "a path visits each square at most once");
                }
            }
            for sq in [0u16, 45, 79, 200] {
                let _ = plugin.is_attacked(&pos, sq, Side::White);
                let mut out = Vec::new();
                plugin.attackers(&pos, sq, Side::Black, &mut out);
            }
            let _ = plugin.status(&pos);
            let _ = plugin.format_position(&pos);
            let _ = plugin.parse_move(&pos, "e2e4");
        }
    }
}
