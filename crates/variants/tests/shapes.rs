//! The same code runs every board shape: 4x4x4x4 and 8x8x8x8 included.

use chess4d_core::{Color, Piece, Rules, perft, reach};
use chess4d_variants::{VariantSpec, parse_variant};

fn load(text: &str) -> Box<chess4d_core::TableRules> {
    match parse_variant(text, "test.toml") {
        Ok(VariantSpec::Table(r)) => r,
        Ok(_) => panic!("not a table variant"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_hypercube_example_loads_and_plays() {
    let rules = load(include_str!("../../../examples/variants/hypercube.toml"));
    let mut pos = rules.start_position();
    let first = perft(&*rules, &mut pos, 1);
    let second = perft(&*rules, &mut pos, 2);
    assert!(first > 10 && second > first * 10, "{first} {second}");
    // The nightrider on b1[1,0] repeats (2,1) leaps: e.g. to c3[1,0]... if empty.
    let z = rules.info().kind_by_letter('Z').unwrap();
    let shape = rules.info().shape;
    let corner = shape.parse_square("a1[0,0]").unwrap();
    let squares = reach(&*rules, Piece::new(z, Color::White), corner);
    // From a corner on 4^4: leap (2,1) in positive directions only: 4*3 = 12 first
    // leaps; a second leap needs 4 more on the "2" axis: impossible on a size-4 axis.
    assert_eq!(squares.len(), 12);
}

#[test]
fn an_eight_by_eight_by_eight_by_eight_board() {
    let text = r#"
[variant]
name = "big"
board = [8, 8, 8, 8]
start = "BIG"
[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{ step = [1, 2, 3, 4] }]
[[piece]]
letter = "Q"
name = "queen"
moves = [{ slide = [1, 2, 3, 4] }]
[[piece]]
letter = "N"
name = "knight"
moves = [{ leap = [2, 1] }]
"#;
    // 512 slabs of 8x8: the kings and a queen on the first and last.
    let mut slabs = vec!["8/8/8/8/8/8/8/8".to_string(); 64];
    slabs[0] = "8/8/8/8/8/8/8/QK6".into();
    slabs[63] = "6kq/8/8/8/8/8/8/8".into();
    let start = format!("{} w - - 0 1", slabs.join("|"));
    let rules = load(&text.replace("BIG", &start));
    let shape = rules.info().shape;
    assert_eq!(shape.len(), 4096);
    let q = rules.info().kind_by_letter('Q').unwrap();
    let n = rules.info().kind_by_letter('N').unwrap();
    let corner = shape.parse_square("a1[0,0]").unwrap();
    // Queen from a corner: 15 non-empty sets of axes x 7 distances.
    assert_eq!(
        reach(&*rules, Piece::new(q, Color::White), corner).len(),
        105
    );
    // Knight from a corner: 4 axes for the 2, 3 for the 1, positive only.
    assert_eq!(
        reach(&*rules, Piece::new(n, Color::White), corner).len(),
        12
    );
    let mut pos = rules.start_position();
    assert!(perft(&*rules, &mut pos, 2) > 0);
    assert_eq!(rules.format_position(&pos), start);
}
