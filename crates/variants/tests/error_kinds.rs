//! Errors carry a kind to match on, besides their located message: position strings,
//! square names, move strings and moves refused by a game.

use chess4d_core::{
    Color, FenErrorKind as F, Game, IllegalMoveKind, MoveParseErrorKind as M, Piece, PieceKind,
    Rules, Shape, SquareParseErrorKind as S,
};
use chess4d_variants::Catalog;
use std::sync::Arc;

fn rules(name: &str) -> Arc<dyn Rules> {
    Catalog::embedded().get(name).expect("built in")
}

#[test]
fn position_strings_say_what_kind_of_problem_they_have() {
    let orthodox = rules("orthodox");
    let full = rules("full");
    let kind =
        |r: &Arc<dyn Rules>, fen: &str| r.parse_position(fen).map(|_| ()).map_err(|e| e.kind);
    assert_eq!(kind(&orthodox, "   "), Err(F::Empty));
    assert_eq!(
        kind(&orthodox, "8/8/8/8/8/8/8/8 w - - 0 1 x"),
        Err(F::Fields)
    );
    assert_eq!(kind(&orthodox, "8/8/8/8/8/8/8 w - - 0 1"), Err(F::Board));
    assert_eq!(kind(&orthodox, "9/8/8/8/8/8/8/8 w - - 0 1"), Err(F::Board));
    assert_eq!(kind(&full, "4/4/4/4 w - - 0 1"), Err(F::Board));
    assert_eq!(
        kind(&orthodox, "4k3/8/8/8/8/8/8/4K2X w - - 0 1"),
        Err(F::UnknownPiece)
    );
    assert_eq!(
        kind(&orthodox, "4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        Err(F::SideToMove)
    );
    assert_eq!(
        kind(&orthodox, "4k3/8/8/8/8/8/8/4K3 w KK - 0 1"),
        Err(F::Castling)
    );
    assert_eq!(
        kind(&orthodox, "4k3/8/8/8/8/8/8/4K3 w Z - 0 1"),
        Err(F::Castling)
    );
    assert_eq!(
        kind(&orthodox, "4k3/8/8/8/8/8/8/4K3 w - z9 0 1"),
        Err(F::EnPassant)
    );
    assert_eq!(
        kind(&orthodox, "4k3/8/8/8/8/8/8/4K3 w - - x 1"),
        Err(F::Clock)
    );
    assert_eq!(
        kind(&orthodox, "4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
        Err(F::Clock)
    );
    assert_eq!(kind(&orthodox, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), Ok(()));
    // The message still locates the problem.
    let e = orthodox
        .parse_position("4k3/8/8/8/8/8/8/4K3 x - - 0 1")
        .unwrap_err();
    assert_eq!(e.column, 21, "{e}");
}

#[test]
fn square_names_say_what_kind_of_problem_they_have() {
    let chess = Shape::new(&[8, 8]).unwrap();
    let tesseract = Shape::new(&[4, 4, 2, 2]).unwrap();
    let kind = |s: &Shape, t: &str| s.parse_square(t).map(|_| ()).map_err(|e| e.kind);
    assert_eq!(kind(&chess, "9"), Err(S::NoFile));
    assert_eq!(kind(&chess, "j1"), Err(S::FileOffBoard));
    assert_eq!(kind(&chess, "e"), Err(S::NoRank));
    assert_eq!(kind(&chess, "e9"), Err(S::RankOffBoard));
    assert_eq!(kind(&chess, "e4x"), Err(S::TrailingText));
    assert_eq!(kind(&tesseract, "a1"), Err(S::NoBrackets));
    assert_eq!(kind(&tesseract, "a1[,1]"), Err(S::NoCoordinate));
    assert_eq!(kind(&tesseract, "a1[2,0]"), Err(S::CoordinateOffBoard));
    assert_eq!(kind(&tesseract, "a1[0;0]"), Err(S::Separator));
    assert_eq!(kind(&tesseract, "a1[0,1]"), Ok(()));
}

#[test]
fn move_strings_say_what_kind_of_problem_they_have() {
    let orthodox = rules("orthodox");
    let start = orthodox.start_position();
    let kind = |t: &str| {
        orthodox
            .parse_move(&start, t)
            .map(|_| ())
            .map_err(|e| e.kind)
    };
    assert_eq!(kind("e3e4"), Err(M::NoPiece));
    assert_eq!(kind("e7e5"), Err(M::NotYourPiece));
    assert_eq!(kind("e2e5"), Err(M::CannotMove));
    assert_eq!(kind("e9e4"), Err(M::Square(S::RankOffBoard)));
    assert_eq!(kind("e2"), Err(M::Square(S::NoFile)));
    assert_eq!(kind("e2e4"), Ok(()));
    // A promotion needs its piece: from and to alone fit four moves.
    let pos = orthodox
        .parse_position("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
        .unwrap();
    let e = orthodox.parse_move(&pos, "b7b8").unwrap_err();
    assert_eq!(e.kind, M::Ambiguous, "{e}");
    assert!(e.reason.contains("b7b8q"), "{e}");
}

#[test]
fn a_game_says_what_kind_of_refusal_a_move_met() {
    let orthodox = rules("orthodox");
    let mut game = Game::new(orthodox.clone());
    let err = game.play_str("e2e5").unwrap_err();
    assert_eq!(err.kind(), IllegalMoveKind::Parse(M::CannotMove), "{err}");
    let black = orthodox
        .parse_move(
            &orthodox
                .parse_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
                .unwrap(),
            "e7e5",
        )
        .unwrap();
    assert_eq!(
        game.play(black).unwrap_err().kind(),
        IllegalMoveKind::NotLegal
    );
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_str(m).unwrap();
    }
    assert_eq!(
        game.play_str("a2a3").unwrap_err().kind(),
        IllegalMoveKind::GameOver
    );
}

#[test]
fn a_piece_kind_beyond_the_limit_never_wraps() {
    assert!(Piece::try_new(PieceKind(63), Color::Black).is_some());
    for k in [64u8, 127, 128, 200, 255] {
        assert_eq!(Piece::try_new(PieceKind(k), Color::White), None, "kind {k}");
    }
    let wrapped = std::panic::catch_unwind(|| Piece::new(PieceKind(128), Color::White));
    assert!(wrapped.is_err(), "Piece::new refuses rather than wrapping");
}
