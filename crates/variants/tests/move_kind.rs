//! A move's kind by the rules: castling is a royal piece and another of its side's
//! pieces moving together while that side holds a castling right; the same two pieces
//! moving together without one (a king pushing or carrying its own piece) is a board
//! move.

use chess4d_core::{Move, MoveKind, Position, Rules, TableRules};
use chess4d_variants::{VariantSpec, parse_variant};
use std::path::PathBuf;

fn table(name: &str) -> TableRules {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../variants")
        .join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match parse_variant(&text, &path.display().to_string()) {
        Ok(VariantSpec::Table(rules)) => *rules,
        Ok(_) => panic!("{name} is not a table variant"),
        Err(e) => panic!("{e}"),
    }
}

fn position(rules: &TableRules, fen: &str) -> Position {
    rules
        .parse_position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The king from `king` to `to`, and its side's piece from `from` to `onto` with it.
fn pair(rules: &TableRules, king: &str, to: &str, from: &str, onto: &str) -> Move {
    let sq = |name: &str| rules.info().shape.parse_square(name).expect("a square");
    Move::new(sq(king), sq(to)).with_second(sq(from), sq(onto))
}

#[test]
fn castling_is_a_legal_castle_with_its_right() {
    let rules = table("orthodox");
    let pos = position(&rules, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let mut legal = Vec::new();
    rules.legal_moves(&pos, &mut legal);
    let castles: Vec<_> = legal
        .iter()
        .filter(|m| m.kind(rules.info(), &pos) == MoveKind::Castle)
        .collect();
    assert_eq!(castles.len(), 2, "{castles:?}");
    assert!(castles.contains(&&pair(&rules, "e1", "g1", "h1", "f1")));
}

#[test]
fn a_king_pushing_its_own_piece_is_no_castle() {
    let rules = table("orthodox");
    // No castling right left for White (Black's are no concern of White's move): the
    // king e1 stepping to f1 and pushing its own knight from f1 to g1.
    for fen in [
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/4KN2 w kq - 0 1",
    ] {
        let pos = position(&rules, fen);
        let push = pair(&rules, "e1", "f1", "f1", "g1");
        assert_eq!(push.kind(rules.info(), &pos), MoveKind::Board, "{fen}");
    }
}

#[test]
fn two_royal_or_two_plain_pieces_never_castle() {
    let rules = table("orthodox");
    let pos = position(&rules, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // A rook carrying the other rook: same side, neither royal.
    let rooks = pair(&rules, "a1", "b1", "h1", "g1");
    assert_eq!(rooks.kind(rules.info(), &pos), MoveKind::Board);
}
