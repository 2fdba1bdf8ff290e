//! A minimum range: a slide that goes at least N squares, passing the nearer ones
//! (which must be empty). Moves and attacks agree; counted by hand.

use chess4d_core::{Color, Piece, Position, Rules, perft};
use chess4d_variants::{VariantSpec, parse_variant};

const FAR_ROOK: &str = r#"
[variant]
name = "far-rook"
board = [8, 8]
start = "7k/8/8/8/3F4/8/8/K7 w - - 0 1"

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{ step = [1, 2] }]

[[piece]]
letter = "F"
name = "far rook"
value = 400
moves = [{ slide = 1, min_range = 2 }]
"#;

fn rules() -> Box<chess4d_core::TableRules> {
    match parse_variant(FAR_ROOK, "far-rook.toml") {
        Ok(VariantSpec::Table(r)) => r,
        Ok(_) => panic!("a table variant"),
        Err(e) => panic!("{e}"),
    }
}

fn count(r: &dyn Rules, fen: &str) -> u64 {
    perft(r, &mut r.parse_position(fen).unwrap(), 1)
}

#[test]
fn the_far_rook_skips_the_nearest_square() {
    let r = rules();
    // d4: d6-d8, d2-d1, b4-a4, f4-h4 (not d5, d3, c4, e4): 10. King a1: 3.
    assert_eq!(count(&*r, "7k/8/8/8/3F4/8/8/K7 w - - 0 1"), 10 + 3);
    // A piece on the passed square d5 blocks the whole line up: 7, and the king there
    // has its 7 free neighbours.
    assert_eq!(count(&*r, "7k/8/8/3K4/3F4/8/8/8 w - - 0 1"), 7 + 7);
}

#[test]
fn it_does_not_attack_its_neighbours() {
    let r = rules();
    // The black king on d5 beside the far rook is not in check; it may take it, or step
    // to c4, e4 (too near for it), c5, e5, c6, e6; d6 would be two squares up the file.
    let fen = "8/8/8/3k4/3F4/8/8/K7 b - - 0 1";
    let pos = r.parse_position(fen).unwrap();
    let d5 = r.info().shape.parse_square("d5").unwrap();
    assert!(!r.is_attacked(&pos, d5, Color::White));
    assert_eq!(count(&*r, fen), 7);
    // The same king on d6 is in check.
    let pos = r.parse_position("8/8/3k4/8/3F4/8/8/K7 b - - 0 1").unwrap();
    let d6 = r.info().shape.parse_square("d6").unwrap();
    assert!(r.is_attacked(&pos, d6, Color::White));
}

#[test]
fn attacks_agree_with_captures() {
    // The far rook among black kings (pieces to take) at every distance: a square is
    // attacked exactly when a capture lands there.
    let r = rules();
    let info = r.info();
    let far = Piece::new(info.kind_by_letter('F').unwrap(), Color::White);
    let target = Piece::new(info.kind_by_letter('K').unwrap(), Color::Black);
    for from in info.shape.squares() {
        for layout in 0..4u64 {
            let mut pos = Position::empty(info.shape);
            pos.put(from, Some(far));
            for sq in info.shape.squares() {
                // A changing scatter of targets.
                let pick =
                    (sq.index() as u64 * 7 + layout * 13 + from.index() as u64).is_multiple_of(5);
                if sq != from && pick {
                    pos.put(sq, Some(target));
                }
            }
            let mut moves = Vec::new();
            r.legal_moves(&pos, &mut moves);
            for (sq, p) in pos.pieces() {
                if p != target {
                    continue;
                }
                let captured = moves.iter().any(|m| m.to == sq);
                assert_eq!(
                    r.is_attacked(&pos, sq, Color::White),
                    captured,
                    "far rook on {}, target {}",
                    info.shape.square_name(from),
                    info.shape.square_name(sq)
                );
            }
        }
    }
}

#[test]
fn a_minimum_range_on_a_movement_that_moves_once_is_an_error() {
    let text = FAR_ROOK.replace("{ step = [1, 2] }", "{ step = [1, 2], min_range = 2 }");
    let e = parse_variant(&text, "far-rook.toml").unwrap_err();
    assert!(
        e.message.contains("`min_range` does not apply to a `step`"),
        "{e}"
    );
    let text = FAR_ROOK.replace("min_range = 2", "min_range = 3, range = 2");
    let e = parse_variant(&text, "far-rook.toml").unwrap_err();
    assert!(e.message.contains("minimum range"), "{e}");
}
