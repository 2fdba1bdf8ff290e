//! The rules of the 4D page, checked square by square on the full set's pieces.

use chess4d_core::{Color, Piece, PieceKind, Position, Rules, Square, Status, reach};
use chess4d_variants::Catalog;
use std::sync::Arc;

fn full() -> Arc<dyn Rules> {
    Catalog::embedded().get("full").unwrap()
}

fn kind(rules: &dyn Rules, letter: char) -> PieceKind {
    rules.info().kind_by_letter(letter).unwrap()
}

fn sq(rules: &dyn Rules, name: &str) -> Square {
    rules.info().shape.parse_square(name).unwrap()
}

/// Reach from b2[0,0] on an empty board, counted by hand from the spec's table.
#[test]
fn reach_of_every_piece_from_b2_on_an_empty_board() {
    let rules = full();
    let b2 = sq(&*rules, "b2[0,0]");
    // rook: 3 files + 3 ranks + 1 z + 1 w
    // bishop: xy 5, xz 2, xw 2, yz 2, yw 2, zw 1
    // queen: 8 + 14 + three axes (4+4+2+2) + four axes 4
    // king: one axis 6, two axes 13, three 12, four 4
    // knight: two on x (x=3 only) then y±1, z, w = 4; two on y likewise = 4
    // pawn: one push forward along y
    for (letter, expected) in [
        ('R', 8),
        ('B', 14),
        ('Q', 38),
        ('K', 35),
        ('N', 8),
        ('P', 1),
    ] {
        let r = reach(&*rules, Piece::new(kind(&*rules, letter), Color::White), b2);
        assert_eq!(
            r.len(),
            expected,
            "{letter} reaches {:?}",
            r.iter()
                .map(|&s| rules.info().shape.square_name(s))
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn rook_cannot_change_z_and_w_together_but_bishop_can() {
    let rules = full();
    let a1 = sq(&*rules, "a1[0,0]");
    let zw = sq(&*rules, "a1[1,1]");
    let rook = reach(&*rules, Piece::new(kind(&*rules, 'R'), Color::White), a1);
    let bishop = reach(&*rules, Piece::new(kind(&*rules, 'B'), Color::White), a1);
    assert!(!rook.contains(&zw));
    assert!(bishop.contains(&zw));
    assert!(
        rook.contains(&sq(&*rules, "a1[0,1]")),
        "a straight W move is a rook move"
    );
    // X+Y+W changes three axes: not a bishop move.
    assert!(!bishop.contains(&sq(&*rules, "b2[0,1]")));
    // Queen: one step on all four axes is legal, two on X and one on W is not.
    let queen = reach(&*rules, Piece::new(kind(&*rules, 'Q'), Color::White), a1);
    assert!(queen.contains(&sq(&*rules, "b2[1,1]")));
    assert!(!queen.contains(&sq(&*rules, "c1[0,1]")));
}

fn position(rules: &dyn Rules, fen: &str) -> Position {
    rules
        .parse_position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn move_names(rules: &dyn Rules, pos: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    moves.iter().map(|&m| rules.format_move(pos, m)).collect()
}

#[test]
fn pawn_captures_along_w_and_not_three_axes() {
    let rules = full();
    // White pawn b2[0,0]; black pieces on b3[0,1] (y+w: capturable), b2[0,1] (w only:
    // not a capture), c3[0,1] (x+y+w: three axes, not a capture).
    let fen = "4/4/4/K3|4/4/4/4|4/1nn1/1n2/4|k3/4/4/4 w - - 0 1";
    let mut pos = position(&*rules, fen);
    pos.put(
        sq(&*rules, "b2[0,0]"),
        Some(Piece::new(kind(&*rules, 'P'), Color::White)),
    );
    let moves = move_names(&*rules, &pos);
    let pawn: Vec<&String> = moves.iter().filter(|m| m.starts_with("b2[0,0]")).collect();
    assert!(pawn.contains(&&"b2[0,0]b3[0,1]".to_string()), "{pawn:?}");
    assert!(pawn.contains(&&"b2[0,0]b3[0,0]".to_string()));
    assert!(
        !pawn
            .iter()
            .any(|m| m.ends_with("b2[0,1]") || m.ends_with("c3[0,1]")),
        "{pawn:?}"
    );
    assert_eq!(pawn.len(), 2, "{pawn:?}");
}

#[test]
fn check_across_w_and_its_answers() {
    let rules = full();
    // White rook a1[0,0], black king a1[0,1]: check along W, no square between.
    let fen = "4/4/4/R3|4/4/4/3K|4/4/4/k3|4/4/4/4 b - - 0 1";
    let pos = position(&*rules, fen);
    assert!(rules.in_check(&pos));
    let mut attackers = Vec::new();
    let king = sq(&*rules, "a1[0,1]");
    rules.attackers(&pos, king, Color::White, &mut attackers);
    assert_eq!(attackers, vec![sq(&*rules, "a1[0,0]")]);
    // Every answer leaves the king safe; capturing the rook along W is one of them.
    let moves = move_names(&*rules, &pos);
    assert!(moves.contains(&"a1[0,1]a1[0,0]".to_string()));
    let mut list = Vec::new();
    rules.legal_moves(&pos, &mut list);
    for m in list {
        let mut after = pos.clone();
        rules.make_move(&mut after, m);
        assert!(!rules.is_attacked(&after, after.king(Color::Black).unwrap(), Color::White));
    }
}

#[test]
fn a_longer_w_attack_can_be_blocked_but_distance_on_screen_gives_no_protection() {
    let rules = full();
    // Black queen a4[0,1], white king d1[1,0]: a 3-step diagonal across x, y, z... and
    // w: all four axes change, x and y by 3 — not equal with z, w (1): no attack.
    let pos = position(&*rules, "4/4/4/4|4/4/4/3K|q3/4/4/4|4/4/4/k3 w - - 0 1");
    assert!(!rules.in_check(&pos));
    // Black queen d4[1,1], white king d1[1,0]? y changes 3, w changes 1: no.
    // Black rook d4[1,0] on the same board as the king: check along y, blockable.
    let pos = position(&*rules, "4/4/4/4|3r/4/4/3K|4/4/4/4|4/4/4/k3 w - - 0 1");
    assert!(rules.in_check(&pos));
}

#[test]
fn promotion_offers_every_choice_and_checkmate_is_reported() {
    let rules = full();
    let pos = position(&*rules, "4/P3/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w - - 0 1");
    let moves = move_names(&*rules, &pos);
    for promo in ["q", "r", "b", "n"] {
        assert!(
            moves.contains(&format!("a3[0,0]a4[0,0]{promo}")),
            "{moves:?}"
        );
    }
    let mut p = pos.clone();
    let mv = rules.parse_move(&p, "a3[0,0]a4[0,0]n").unwrap();
    rules.make_move(&mut p, mv);
    let knight = p.piece_at(sq(&*rules, "a4[0,0]")).unwrap();
    assert_eq!(rules.info().pieces[knight.kind().index()].letter, 'N');

    // Bare kings draw at once.
    let bare = position(&*rules, "4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w - - 0 1");
    assert_eq!(rules.status(&bare), Status::InsufficientMaterial);
}

#[test]
fn checkmate_across_w() {
    let rules = full();
    // Black king a4[0,1]; a white queen right below it in the other cube (a4[0,0])
    // attacks every square of the king's 2x2x2x2 neighbourhood, and a rook on a1[0,0]
    // protects her along y.
    let pos = position(&*rules, "Q3/4/4/R3|4/4/4/3K|k3/4/4/4|4/4/4/4 b - - 0 1");
    assert!(rules.in_check(&pos), "the queen attacks along W");
    assert!(move_names(&*rules, &pos).is_empty());
    assert_eq!(rules.status(&pos), Status::Checkmate);
    // Without the rook the king takes the queen.
    let pos = position(&*rules, "Q3/4/4/4|4/4/4/3K|k3/4/4/4|4/4/4/4 b - - 0 1");
    assert_eq!(
        move_names(&*rules, &pos),
        vec!["a4[0,1]a4[0,0]".to_string()]
    );
}
