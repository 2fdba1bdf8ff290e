//! No panics on any input: random text into the parsers, mutated FEN strings, garbage
//! moves played and taken back, and notation errors with useful messages.

mod common;
use common::*;
use tensor_chess::{
    GameStatus, Move, MoveParseError, Position, START_FEN, legal_moves, make_move, parse_fen,
    parse_move, parse_move_text, status, unmake_move,
};

/// A small deterministic generator (xorshift) so the tests need no dependencies.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn mutated_fens_never_panic() {
    let alphabet: Vec<char> = "kqrbnptKQRBNPT0123456789/ -wKQkqabcdefghij"
        .chars()
        .collect();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut parsed = 0;
    for _ in 0..20_000 {
        let mut s: Vec<char> = START_FEN.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(s.len());
            match rng.below(3) {
                0 => s[i] = alphabet[rng.below(alphabet.len())],
                1 => {
                    s.remove(i);
                }
                _ => s.insert(i, alphabet[rng.below(alphabet.len())]),
            }
        }
        let text: String = s.into_iter().collect();
        if let Ok(p) = parse_fen(&text) {
            parsed += 1;
            let mut moves = Vec::new();
            legal_moves(&p, &mut moves);
            let _ = status(&p);
        }
    }
    assert!(parsed > 100, "some mutations stay valid ({parsed})");
}

#[test]
fn random_text_never_panics() {
    let mut rng = Rng(42);
    let p = Position::start();
    for _ in 0..20_000 {
        let len = rng.below(14);
        let text: String = (0..len)
            .map(|_| (32 + rng.below(95)) as u8 as char)
            .collect();
        let _ = parse_fen(&text);
        let _ = parse_move_text(&text);
        let _ = parse_move(&p, &text);
    }
    for s in [
        "é2e4",
        "e2é4",
        "€€€€",
        "a1a1>",
        "a1b1+",
        "a1b1+c1",
        "a1b1x",
        "a1b1xé",
    ] {
        assert!(parse_move(&p, s).is_err(), "{s}");
    }
}

#[test]
fn garbage_moves_never_panic() {
    let mut rng = Rng(7);
    let start = Position::start();
    for _ in 0..20_000 {
        let mut p = start.clone();
        let sq = |r: &mut Rng| r.below(80) as u8;
        let promotion = [
            None,
            Some(tensor_chess::Kind::Queen),
            Some(tensor_chess::Kind::Monster),
        ][rng.below(3)];
        let capture = if rng.below(2) == 0 {
            None
        } else {
            Some(sq(&mut rng))
        };
        let second = if rng.below(2) == 0 {
            None
        } else {
            Some((sq(&mut rng), sq(&mut rng)))
        };
        let Ok(mv) = Move::from_parts(sq(&mut rng), sq(&mut rng), promotion, capture, second)
        else {
            panic!("in-range parts are accepted");
        };
        let undo = make_move(&mut p, mv);
        let mut moves = Vec::new();
        legal_moves(&p, &mut moves);
        let _ = status(&p);
        unmake_move(&mut p, &undo);
    }
}

#[test]
fn notation_errors_say_what_is_wrong() {
    let p = Position::start();
    let syntax = |s: &str| matches!(parse_move_text(s), Err(MoveParseError::Syntax { .. }));
    for s in [
        "",
        "e2",
        "e2e9",
        "k1a1",
        "a7a8k",
        "a7a8p",
        "a7a8z",
        "a1a2x",
        "a1a2xk9",
        "a1b1>",
        "f1i1+j1",
        "e2e4 e5",
        "f1i1+i1h1",
    ] {
        assert!(syntax(s), "{s:?} should be a syntax error");
    }
    let e = parse_move(&p, "e2e5").unwrap_err();
    assert_eq!(
        e,
        MoveParseError::Illegal {
            text: "e2e5".into()
        }
    );
    assert!(e.to_string().contains("not a legal move"));
    assert!(
        parse_move_text("a1")
            .unwrap_err()
            .to_string()
            .contains("e2e4")
    );
}

#[test]
fn status_covers_mate_stalemate_and_draws() {
    assert_eq!(status(&Position::start()), GameStatus::Ongoing);
    // Mate by a bounce: the white rook b1 turns at its monster b8 along rank 8 onto h8;
    // the black king h8 is boxed in by its own pawns.
    let mate = pos("1T5k2/6ppp1/10/10/10/10/10/1R3K4 b - - 0 1");
    assert_eq!(
        status(&mate),
        GameStatus::Checkmate {
            winner: tensor_chess::Color::White
        }
    );
    let stale = pos("k9/2Q7/1K8/10/10/10/10/10 b - - 0 1");
    assert_eq!(status(&stale), GameStatus::Stalemate);
    assert_eq!(
        status(&pos("5k4/10/10/10/10/10/10/5K4 w - - 0 1")),
        GameStatus::InsufficientMaterial
    );
    assert_eq!(
        status(&pos("5k4/10/10/10/10/10/10/T4K4 w - - 100 80")),
        GameStatus::FiftyMoveRule
    );
    assert_eq!(
        status(&pos("5k4/10/10/10/10/10/10/T4K4 w - - 99 80")),
        GameStatus::Ongoing
    );
    // Mate on the hundredth ply is still mate.
    let late = pos("1T5k2/6ppp1/10/10/10/10/10/1R3K4 b - - 100 90");
    assert!(matches!(status(&late), GameStatus::Checkmate { .. }));
}
