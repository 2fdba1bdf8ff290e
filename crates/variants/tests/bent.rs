//! Bent riders: the griffon (a diagonal step, then a slide along one of its axes) and
//! the aanca (an orthogonal step, then a diagonal that keeps its direction), on 2 and 3
//! axes. Counted by hand; attacks agree with captures everywhere.

use chess4d_core::{Color, Piece, Position, Rules, perft};
use chess4d_variants::{VariantSpec, parse_variant};

fn variant(board: &str, start: &str, king: &str) -> String {
    format!(
        r#"
[variant]
name = "bent"
board = {board}
start = "{start}"

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{{ step = {king} }}]

[[piece]]
letter = "G"
name = "griffon"
value = 800
moves = [{{ bent = [2, 1] }}]

[[piece]]
letter = "A"
name = "aanca"
value = 800
moves = [{{ bent = [1, 2] }}]
"#
    )
}

fn rules(text: &str) -> Box<chess4d_core::TableRules> {
    match parse_variant(text, "bent.toml") {
        Ok(VariantSpec::Table(r)) => r,
        Ok(_) => panic!("a table variant"),
        Err(e) => panic!("{e}"),
    }
}

fn count8(fen: &str) -> u64 {
    let r = rules(&variant("[8, 8]", fen, "[1, 2]"));
    perft(&*r, &mut r.start_position(), 1)
}

#[test]
fn the_griffon_and_the_aanca_by_hand() {
    // Griffon d4: e5 then f5-h5 or e6-e8 (7); c5, b5-a5, c6-c8 (6); e3, f3-h3, e2-e1
    // (6); c3, b3-a3, c2-c1 (5). The white king a1: a2, b1, b2.
    assert_eq!(count8("7k/8/8/8/3G4/8/8/K7 w - - 0 1"), 24 + 3);
    // Aanca d4: e4 then f5-h7 or f3-h1 (7); c4, b5-a6, b3-a2 (5); d5, e6-g8, c6-a8 (7);
    // d3, e2-f1, c2-b1 (5).
    assert_eq!(count8("7k/8/8/8/3A4/8/8/K7 w - - 0 1"), 24 + 3);
    // A piece on the bend square e5 closes both of its griffon lines: 7 fewer, and the
    // king there has its 8 neighbours but d4 (its griffon).
    assert_eq!(count8("7k/8/8/4K3/3G4/8/8/8 w - - 0 1"), 17 + 7);
}

#[test]
fn a_bent_line_gives_check_around_its_corner() {
    let r = rules(&variant(
        "[8, 8]",
        "8/8/8/6k1/3G4/8/8/K7 b - - 0 1",
        "[1, 2]",
    ));
    let pos = r.start_position();
    let g5 = r.info().shape.parse_square("g5").unwrap();
    assert!(r.is_attacked(&pos, g5, Color::White), "d4-e5-f5-g5");
    // Of the king's eight squares, f5 and h5 stay on the griffon's line d4-e5-f5-g5-h5:
    // f4, g4, h4, f6, g6, h6 remain.
    assert_eq!(perft(&*r, &mut r.start_position(), 1), 6);
}

/// For every square of the mover's piece and a scatter of targets: a target is
/// attacked exactly when a capture lands on it.
fn attacks_agree(text: &str, letter: char) {
    let r = rules(text);
    let info = r.info();
    let piece = Piece::new(info.kind_by_letter(letter).unwrap(), Color::White);
    let target = Piece::new(info.kind_by_letter('K').unwrap(), Color::Black);
    for from in info.shape.squares() {
        for layout in 0..3u64 {
            let mut pos = Position::empty(info.shape);
            pos.put(from, Some(piece));
            for sq in info.shape.squares() {
                let pick =
                    (sq.index() as u64 * 5 + layout * 11 + from.index() as u64).is_multiple_of(4);
                if sq != from && pick {
                    pos.put(sq, Some(target));
                }
            }
            let mut moves = Vec::new();
            r.legal_moves(&pos, &mut moves);
            for (sq, p) in pos.pieces() {
                if p == target {
                    assert_eq!(
                        r.is_attacked(&pos, sq, Color::White),
                        moves.iter().any(|m| m.to == sq),
                        "{letter} on {}, target {}",
                        info.shape.square_name(from),
                        info.shape.square_name(sq)
                    );
                }
            }
            // No move is listed twice (the bend square belongs to one line).
            let mut seen = moves.clone();
            seen.sort_by_key(|m| (m.from, m.to));
            seen.dedup_by_key(|m| (m.from, m.to));
            assert_eq!(seen.len(), moves.len());
        }
    }
}

#[test]
fn attacks_agree_with_captures_in_2d_and_3d() {
    let flat = variant("[8, 8]", "7k/8/8/8/8/8/8/K7 w - - 0 1", "[1, 2]");
    attacks_agree(&flat, 'G');
    attacks_agree(&flat, 'A');
    let cube = variant(
        "[4, 4, 4]",
        "3k/4/4/4|4/4/4/4|4/4/4/4|4/4/4/K3 w - - 0 1",
        "[1, 2, 3]",
    );
    attacks_agree(&cube, 'G');
    attacks_agree(&cube, 'A');
}

#[test]
fn a_bend_the_board_has_no_room_for_is_an_error() {
    let text = variant("[8]", "K6k w - - 0 1", "[1]");
    let e = parse_variant(&text, "bent.toml").unwrap_err();
    assert!(e.message.contains("can never bend"), "{e}");
}
