//! Board shapes: holes (squares that do not exist: nothing enters or passes them,
//! leapers jump over them) and axes that wrap around (cylinder chess). Counted by hand.

use chess4d_core::{Color, Rules, perft};
use chess4d_variants::{VariantSpec, parse_variant};

/// Kings and the chess pieces on 8x8, with `extra` lines in [variant].
fn board(extra: &str, start: &str) -> String {
    format!(
        r#"
[variant]
name = "shapes"
board = [8, 8]
start = "{start}"
{extra}

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{{ step = [1, 2] }}]

[[piece]]
letter = "R"
name = "rook"
value = 500
moves = [{{ slide = 1 }}]

[[piece]]
letter = "B"
name = "bishop"
value = 330
moves = [{{ slide = 2 }}]

[[piece]]
letter = "N"
name = "knight"
value = 320
moves = [{{ leap = [2, 1] }}]
"#
    )
}

fn rules(text: &str) -> Box<chess4d_core::TableRules> {
    match parse_variant(text, "shapes.toml") {
        Ok(VariantSpec::Table(r)) => r,
        Ok(_) => panic!("a table variant"),
        Err(e) => panic!("{e}"),
    }
}

fn count(extra: &str, fen: &str) -> u64 {
    let r = rules(&board(extra, fen));
    let mut pos = r.start_position();
    perft(&*r, &mut pos, 1)
}

const CENTRE: &str = r#"holes = ["d4", "e4", "d5", "e5"]"#;
const CYLINDER: &str = r#"wrap = ["x"]"#;

#[test]
fn a_hole_stops_a_slider_and_cannot_be_landed_on() {
    // Rook d1: d2, d3 up to the hole, and a1-c1, e1-g1 along the rank: 8. King h1: 3.
    assert_eq!(count(CENTRE, "7k/8/8/8/8/8/8/3R3K w - - 0 1"), 8 + 3);
    // On the whole board: d2-d8 and the six rank squares.
    assert_eq!(count("", "7k/8/8/8/8/8/8/3R3K w - - 0 1"), 13 + 3);
    // Knight c3 jumps over nothing into a hole: a2, a4, b1, b5, d1, e2 (not d5, e4).
    assert_eq!(count(CENTRE, "7k/8/8/8/8/2N5/8/7K w - - 0 1"), 6 + 3);
    // Bishop c3: b2, a1, d2, e1, b4, a5; the diagonal to d4 is a hole.
    assert_eq!(count(CENTRE, "7k/8/8/8/8/2B5/8/7K w - - 0 1"), 6 + 3);
}

#[test]
fn on_a_cylinder_the_a_and_h_files_are_neighbours() {
    let fen = "4k3/8/8/8/8/8/8/B3K3 w - - 0 1";
    // Bishop a1: b2-h8 (7); around the seam also h2, g3, f4, d6, c7, b8 (6): e5 lies
    // on both diagonals and is one move (issue 30). King e1: d1, f1, d2, e2, f2.
    assert_eq!(count("", fen), 7 + 5);
    assert_eq!(count(CYLINDER, fen), 13 + 5);
    // Knight a1: b3, c2, and around the seam h3, g2.
    assert_eq!(count(CYLINDER, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"), 4 + 5);
    // A rook on h1 attacks a1 across the seam, not on a flat board.
    let fen = "8/8/8/8/8/8/8/k3K2R b - - 0 1";
    let a1 = |r: &dyn Rules| r.info().shape.parse_square("a1").unwrap();
    let flat = rules(&board("", fen));
    let round = rules(&board(CYLINDER, fen));
    assert!(!flat.is_attacked(&flat.start_position(), a1(&*flat), Color::White));
    assert!(round.is_attacked(&round.start_position(), a1(&*round), Color::White));
    // In check there, the black king takes the rook (h1 is its neighbour), or steps to
    // a2 or b2; b1 and h2 stay on the rook's lines.
    assert_eq!(perft(&*round, &mut round.start_position(), 1), 3);
    // Going round and round, perft stays consistent with make and unmake.
    let r = rules(&board(CYLINDER, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"));
    let mut pos = r.start_position();
    assert_eq!(
        perft(&*r, &mut pos, 2),
        perft(&*r, &mut r.start_position(), 2)
    );
    assert_eq!(pos.hash(), r.start_position().hash());
}

#[test]
fn a_piece_on_a_hole_and_a_wrap_the_board_lacks_are_located_errors() {
    let text = board(CENTRE, "7k/8/8/8/3R4/8/8/7K w - - 0 1");
    let e = parse_variant(&text, "shapes.toml").unwrap_err();
    assert!(e.message.contains("d4 is not a square"), "{e}");
    let line = text.lines().position(|l| l.starts_with("holes")).unwrap() + 1;
    assert_eq!((e.line, e.column), (line, 10), "{e}");
    let text = board(r#"wrap = ["z"]"#, "7k/8/8/8/8/8/8/7K w - - 0 1");
    let e = parse_variant(&text, "shapes.toml").unwrap_err();
    assert!(e.message.contains("wrap: the board has no z axis"), "{e}");
}

/// A variant file of the repository's `variants/` folder.
fn load(file: &str) -> Box<dyn Rules> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../variants")
            .join(file),
    )
    .unwrap();
    rules(&text)
}

#[test]
fn the_cylinder_and_donut_variants_count_as_by_hand() {
    // Cylinder: 20 first moves as in chess; 20 replies each, except after c3, c4, g3 and
    // g4, which open a diagonal around the edge (d1-a4-h5-f7, f1-h3-a4-d7) that pins a
    // black pawn against e8: 400 - 4 * 2.
    let cylinder = load("cylinder.toml");
    let mut pos = cylinder.start_position();
    assert_eq!(perft(&*cylinder, &mut pos, 1), 20);
    assert_eq!(perft(&*cylinder, &mut pos, 2), 400 - 4 * 2);
    // Donut: the d- and e-pawns cannot double-step into the hole: 16 - 2 + 4 knight
    // moves, and no first move touches the other side: 18 * 18.
    let donut = load("donut.toml");
    let mut pos = donut.start_position();
    assert_eq!(perft(&*donut, &mut pos, 1), 18);
    assert_eq!(perft(&*donut, &mut pos, 2), 18 * 18);
}

#[test]
fn a_position_with_a_piece_on_a_hole_is_refused_with_the_square() {
    let donut = load("donut.toml");
    // d5 is one of donut's four holes; the same position with the queen on d6 is fine.
    let on_hole = "1r1q1b1r/3kp2p/1pp2p1p/3Q4/1PP5/8/1P1PPP1P/1NBQK1NR b K - 0 11";
    let beside = "1r1q1b1r/3kp2p/1ppQ1p1p/8/1PP5/8/1P1PPP1P/1NBQK1NR b K - 0 11";
    let err = donut.parse_position(on_hole).unwrap_err().to_string();
    assert!(err.contains("d5") && err.contains("hole"), "{err}");
    donut.parse_position(beside).unwrap();
}
