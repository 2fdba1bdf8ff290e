//! Movements for a first move only (`first = true`): used only from a square where a
//! piece of that kind and colour starts, never to capture. Counted by hand.

use chess4d_core::{Rules, perft};
use chess4d_variants::{VariantSpec, parse_variant};

/// Two kings on 8x8; the king may leap two squares along one axis as its first move.
const LEAPING_KINGS: &str = r#"
[variant]
name = "leaping-kings"
board = [8, 8]
start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{ step = [1, 2] }, { leap = [2], first = true, only = "move" }]
"#;

fn rules(text: &str) -> Box<chess4d_core::TableRules> {
    match parse_variant(text, "leaping-kings.toml") {
        Ok(VariantSpec::Table(r)) => r,
        Ok(_) => panic!("a table variant"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_first_leap_only_from_the_start_square() {
    let r = rules(LEAPING_KINGS);
    let mut pos = r.start_position();
    // e1: five steps (d1, f1, d2, e2, f2) and three leaps (c1, g1, e3).
    assert_eq!(perft(&*r, &mut pos, 1), 8);
    // Black the same from e8 after any of them: no white king reaches rank 6 or 7.
    assert_eq!(perft(&*r, &mut pos, 2), 64);
    // From d1 the king only steps: c1, e1, c2, d2, e2.
    let mut moved = r.parse_position("4k3/8/8/8/8/8/8/3K4 w - - 0 1").unwrap();
    assert_eq!(perft(&*r, &mut moved, 1), 5);
}

#[test]
fn a_first_move_that_captures_is_refused_at_its_line() {
    let text = LEAPING_KINGS.replace(", first = true, only = \"move\"", ", first = true");
    let e = parse_variant(&text, "leaping-kings.toml").unwrap_err();
    let line = text
        .lines()
        .position(|l| l.contains("first = true"))
        .unwrap()
        + 1;
    assert_eq!(e.line, line, "{e}");
    assert!(e.message.contains("may not capture"), "{e}");
}
