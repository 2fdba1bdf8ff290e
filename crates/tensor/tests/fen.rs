//! FEN: exact round trips and one refusal per kind of mistake.

mod common;
use common::*;
use tensor_chess::{Color, FenError, Position, START_FEN, parse_fen, to_fen};

const ROUND_TRIP: &[&str] = &[
    START_FEN,
    "r4k3r/10/10/10/10/10/10/R4K3R b Kq - 12 40",
    "5k4/10/10/10/1Pp7/10/10/5K4 b - b3 0 1",
    "5k4/10/10/2pP6/10/10/10/5K4 w - c6 0 30",
    "k9/8Q1/3b6/10/5t4/10/10/2K7 w - - 0 1",
    "Tn3k4/10/10/10/10/10/10/5K4 b - - 99 100",
    "tttttkTTTT/10/10/10/10/10/10/TTTTTKtttt w - - 0 1",
];

#[test]
fn round_trips_exactly() {
    for fen in ROUND_TRIP {
        assert_eq!(to_fen(&pos(fen)), *fen);
        assert_eq!(pos(fen).to_string(), *fen);
    }
}

#[test]
fn four_fields_default_the_clocks() {
    let p = pos("rtnbqkbntr/pppppppppp/10/10/10/10/PPPPPPPPPP/RTNBQKBNTR w KQkq -");
    assert_eq!(to_fen(&p), START_FEN);
    assert_eq!(p, Position::start());
}

#[test]
fn fields_read_back() {
    let p = pos("r4k3r/10/10/10/10/10/10/R4K3R b Kq - 12 40");
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(
        p.castling_rights(),
        tensor_chess::WHITE_SHORT | tensor_chess::BLACK_LONG
    );
    assert_eq!(p.halfmove_clock(), 12);
    assert_eq!(p.fullmove_number(), 40);
    assert_eq!(p.king_square(Color::White), Some(sq("f1")));
    assert_eq!(p.en_passant(), None);
}

fn err(fen: &str) -> FenError {
    match parse_fen(fen) {
        Ok(_) => panic!("{fen:?} should be refused"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

#[test]
fn refuses_each_kind_of_mistake() {
    let k = "5k4/10/10/10/10/10/10/5K4";
    assert_eq!(err(""), FenError::FieldCount(0));
    assert_eq!(err(&format!("{k} w - - 0")), FenError::FieldCount(5));
    assert_eq!(
        err("5k4/10/10/10/10/10/5K4 w - - 0 1"),
        FenError::RankCount(7)
    );
    assert_eq!(
        err("5k5/10/10/10/10/10/10/5K4 w - - 0 1"),
        FenError::RankWidth {
            rank: 7,
            squares: 11
        }
    );
    assert_eq!(
        err("5k3/10/10/10/10/10/10/5K4 w - - 0 1"),
        FenError::RankWidth {
            rank: 7,
            squares: 9
        }
    );
    assert_eq!(
        err("5k4/10/10/10/10/10/10/5K4K w - - 0 1"),
        FenError::RankWidth {
            rank: 0,
            squares: 11
        }
    );
    assert_eq!(
        err("5k4/10/10/10/4x5/10/10/5K4 w - - 0 1"),
        FenError::BadPieceChar { rank: 3, ch: 'x' }
    );
    assert!(matches!(
        err("5k4/10/10/10/0k9/10/10/5K4 w - - 0 1"),
        FenError::BadEmptyRun { .. }
    ));
    assert!(matches!(
        err("5k4/11/10/10/10/10/10/5K4 w - - 0 1"),
        FenError::BadEmptyRun { .. }
    ));
    assert!(matches!(
        err("5k4/010/10/10/10/10/10/5K4 w - - 0 1"),
        FenError::BadEmptyRun { .. }
    ));
    assert!(matches!(
        err(&format!("{k} x - - 0 1")),
        FenError::BadSide(_)
    ));
    assert!(matches!(
        err(&format!("{k} w KK - 0 1")),
        FenError::BadCastling(_)
    ));
    assert!(matches!(
        err(&format!("{k} w X - 0 1")),
        FenError::BadCastling(_)
    ));
    assert_eq!(
        err(&format!("{k} w K - 0 1")),
        FenError::CastlingWithoutPieces('K')
    );
    assert!(matches!(
        err(&format!("{k} w - e9 0 1")),
        FenError::BadEnPassant(_)
    ));
    assert!(matches!(
        err(&format!("{k} w - e6 0 1")),
        FenError::ImpossibleEnPassant(_)
    ));
    assert!(matches!(
        err(&format!("{k} b - e3 0 1")),
        FenError::ImpossibleEnPassant(_)
    ));
    assert!(matches!(
        err(&format!("{k} w - - x 1")),
        FenError::BadCounter { .. }
    ));
    assert!(matches!(
        err(&format!("{k} w - - 0 0")),
        FenError::BadCounter { .. }
    ));
    assert!(matches!(
        err(&format!("{k} w - - -1 1")),
        FenError::BadCounter { .. }
    ));
    assert!(matches!(
        err(&format!("{k} w - - 99999999999 1")),
        FenError::BadCounter { .. }
    ));
    assert_eq!(
        err("10/10/10/10/10/10/10/5K4 w - - 0 1"),
        FenError::KingCount {
            color: Color::Black,
            count: 0
        }
    );
    assert_eq!(
        err("5k4/10/10/10/10/10/10/4KK4 w - - 0 1"),
        FenError::KingCount {
            color: Color::White,
            count: 2
        }
    );
    assert!(matches!(
        err("5k3P/10/10/10/10/10/10/5K4 w - - 0 1"),
        FenError::PawnOnEdgeRank(_)
    ));
    assert!(matches!(
        err("5k4/10/10/10/10/10/10/p4K4 w - - 0 1"),
        FenError::PawnOnEdgeRank(_)
    ));
    // White to move while the black king stands in the white rook's line.
    assert_eq!(
        err("5k4/10/10/10/10/10/10/5R3K w - - 0 1"),
        FenError::OpponentInCheck
    );
    // ... and through a bounce off White's own monster.
    assert_eq!(
        err("5k4/10/10/10/10/10/10/5TR2K w - - 0 1").to_string(),
        FenError::OpponentInCheck.to_string()
    );
}

#[test]
fn non_ascii_and_odd_whitespace_never_panic() {
    for s in [
        "é",
        "5k4/10/10/10/10/10/10/5K4 w - - 0 1 é",
        "\u{0}",
        "////////",
        "1/2/3/4/5/6/7/8 w - - 0 1",
    ] {
        assert!(parse_fen(s).is_err(), "{s:?}");
    }
    assert!(parse_fen("  5k4/10/10/10/10/10/10/5K4   w  -  -  0  1 ").is_ok());
}

#[test]
fn from_board_checks_like_the_parser() {
    let start = Position::start();
    let all = 15;
    assert_eq!(
        Position::from_board(start.board(), Color::White, all, None, 0, 1),
        Ok(start.clone())
    );
    let mut no_king = *start.board();
    no_king[5] = 0;
    assert_eq!(
        Position::from_board(&no_king, Color::White, 0, None, 0, 1),
        Err(FenError::KingCount {
            color: Color::White,
            count: 0
        })
    );
    assert_eq!(
        Position::from_board(&no_king, Color::White, all, None, 0, 1).map(|_| ()),
        Err(FenError::KingCount {
            color: Color::White,
            count: 0
        })
    );
    let mut pawn_home = *start.board();
    pawn_home[0] = tensor_chess::Piece::new(Color::White, tensor_chess::Kind::Pawn).code();
    assert!(matches!(
        Position::from_board(&pawn_home, Color::White, 0, None, 0, 1),
        Err(FenError::PawnOnEdgeRank(_))
    ));
    assert!(matches!(
        Position::from_board(start.board(), Color::White, 0, Some(200), 0, 1),
        Err(FenError::BadEnPassant(_))
    ));
    assert!(matches!(
        Position::from_board(start.board(), Color::White, 0, Some(sq("e6")), 0, 1),
        Err(FenError::ImpossibleEnPassant(_))
    ));
    let ep = pos("5k4/10/10/10/1Pp7/10/10/5K4 b - b3 0 1");
    assert_eq!(
        Position::from_board(ep.board(), Color::Black, 0, Some(sq("b3")), 0, 1),
        Ok(ep)
    );
}
