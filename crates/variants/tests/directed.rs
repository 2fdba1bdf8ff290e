//! Directed leaps and riders: exact offsets written for White and reversed for Black
//! on the forward axes (y by default). The shogi knight leaps only forward (1, 2), the
//! lance rides only forward; in 4D a rider may go only up along w. Counted by hand.

use chess4d_core::{Rules, perft};
use chess4d_variants::{VariantSpec, parse_variant};

const SHOGI_PIECES: &str = r#"
[variant]
name = "directed"
board = [8, 8]
start = "4k3/8/8/8/3S4/8/8/L3K3 w - - 0 1"

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{ step = [1, 2] }]

[[piece]]
letter = "S"
name = "shogi knight"
value = 250
moves = [{ directed_leap = [[1, 2], [-1, 2]] }]

[[piece]]
letter = "L"
name = "lance"
value = 300
moves = [{ directed_ride = [[0, 1]] }]
"#;

fn rules(text: &str) -> Box<chess4d_core::TableRules> {
    match parse_variant(text, "directed.toml") {
        Ok(VariantSpec::Table(r)) => r,
        Ok(_) => panic!("a table variant"),
        Err(e) => panic!("{e}"),
    }
}

fn count(r: &dyn Rules, fen: &str) -> u64 {
    let mut pos = r.parse_position(fen).unwrap();
    perft(r, &mut pos, 1)
}

#[test]
fn the_shogi_knight_and_the_lance_go_only_forward() {
    let r = rules(SHOGI_PIECES);
    // White: the knight on d4 to c6 and e6, the lance up the a-file (7), the king 5.
    assert_eq!(count(&*r, "4k3/8/8/8/3S4/8/8/L3K3 w - - 0 1"), 2 + 7 + 5);
    // Black's go the other way: the knight on d5 to c3 and e3, the lance down from a8.
    assert_eq!(count(&*r, "l3k3/8/8/3s4/8/8/8/4K3 b - - 0 1"), 2 + 7 + 5);
    // A lance on the last rank has nowhere to go.
    assert_eq!(count(&*r, "L3k3/8/8/8/8/8/8/4K3 w - - 0 1"), 5);
}

#[test]
fn a_directed_leap_gives_check_only_where_it_lands() {
    let r = rules(SHOGI_PIECES);
    // The knight on d4 checks the king on e6; all eight of the king's squares are
    // free of it (it reaches c6 and e6 only).
    let fen = "8/8/4k3/8/3S4/8/8/4K3 b - - 0 1";
    let pos = r.parse_position(fen).unwrap();
    let king = r.info().shape.parse_square("e6").unwrap();
    assert!(r.is_attacked(&pos, king, chess4d_core::Color::White));
    assert_eq!(count(&*r, fen), 8);
    // From d6 it guards e8 (forward) but not c4 (a leap backwards is not its move).
    let pos = r.parse_position("8/8/3Sk3/8/8/8/8/4K3 b - - 0 1").unwrap();
    let ahead = r.info().shape.parse_square("e8").unwrap();
    assert!(r.is_attacked(&pos, ahead, chess4d_core::Color::White));
    let behind = r.info().shape.parse_square("c4").unwrap();
    assert!(!r.is_attacked(&pos, behind, chess4d_core::Color::White));
}

#[test]
fn in_4d_a_rider_may_go_only_up_along_w() {
    let text = SHOGI_PIECES
        .replace("board = [8, 8]", "board = [4, 4, 4, 4]")
        .replace(
            "start = \"4k3/8/8/8/3S4/8/8/L3K3 w - - 0 1\"",
            "start = \"4/4/4/UK2|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|3k/4/4/4 w - - 0 1\"",
        )
        .replace("{ step = [1, 2] }", "{ step = [1, 2, 3, 4] }")
        .replace(
            "moves = [{ directed_ride = [[0, 1]] }]",
            "moves = [{ directed_ride = [[0, 0, 0, 1]], forward = \"w\" }]\n\n[[piece]]\nletter = \"U\"\nname = \"up-rider\"\nvalue = 300\nmoves = [{ directed_ride = [[0, 0, 0, 1]], forward = \"w\" }]",
        );
    let r = rules(&text);
    let mut pos = r.start_position();
    // The rider on a1[0,0]: w 1, 2, 3. The king on b1[0,0]: its 22 free neighbours
    // (x 0-2, y 0-1, z 0-1, w 0-1: 24 squares, without its own and the rider's).
    assert_eq!(perft(&*r, &mut pos, 1), 3 + (3 * 2 * 2 * 2 - 2));
}

#[test]
fn a_directed_offset_on_an_axis_the_board_lacks_is_an_error() {
    let text = SHOGI_PIECES.replace("[[0, 1]]", "[[0, 0, 1]]");
    let e = parse_variant(&text, "directed.toml").unwrap_err();
    assert!(e.message.contains("an axis the board does not have"), "{e}");
    let line = text
        .lines()
        .position(|l| l.contains("[[0, 0, 1]]"))
        .unwrap()
        + 1;
    assert_eq!(e.line, line);
}
