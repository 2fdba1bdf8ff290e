//! The N-d pawn: the double (and triple) step and en passant along the axis the pawn
//! advances on, not only y. Counts by hand on small positions of `wchess` (4x4x4x4,
//! pawns along w), and the whole game against the same variant with the y and w axes
//! exchanged, whose pawns advance along y as in chess.

use chess4d_core::{Color, Move, Piece, Position, Rules, perft};
use chess4d_variants::{VariantSpec, parse_variant};

const WCHESS: &str = include_str!("../../../variants/wchess.toml");

fn rules_of(text: &str) -> Box<chess4d_core::TableRules> {
    match parse_variant(text, "wchess.toml") {
        Ok(VariantSpec::Table(r)) => r,
        Ok(_) => panic!("a table variant"),
        Err(e) => panic!("{e}"),
    }
}

/// A position of `rules` from (letter, [x, y, z, w]) pieces; upper case is White.
fn setup(rules: &dyn Rules, pieces: &[(char, [u8; 4])], side: Color) -> Position {
    let info = rules.info();
    let mut pos = Position::empty(info.shape);
    for &(c, at) in pieces {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = info.kind_by_letter(c.to_ascii_uppercase()).unwrap();
        let sq = info.shape.square(at).unwrap();
        pos.put(sq, Some(Piece::new(kind, color)));
        if info.pieces[kind.index()].royal {
            pos.set_king(color, Some(sq));
        }
    }
    pos.set_side_to_move(side);
    pos
}

fn moves(rules: &dyn Rules, pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    rules.legal_moves(pos, &mut out);
    out
}

fn find(rules: &dyn Rules, pos: &Position, from: [u8; 4], to: [u8; 4]) -> Move {
    let shape = rules.info().shape;
    let (f, t) = (shape.square(from).unwrap(), shape.square(to).unwrap());
    *moves(rules, pos)
        .iter()
        .find(|m| m.from == f && m.to == t)
        .unwrap_or_else(|| panic!("no move {from:?} -> {to:?}"))
}

/// A king in the corner (0,0,0,0) has 2^4 - 1 = 15 neighbours, none of them near the
/// black king in the far corner.
const CORNER_KING_MOVES: u64 = 15;

#[test]
fn a_pawn_in_its_first_cube_advances_one_or_two_cubes_along_w() {
    let r = rules_of(WCHESS);
    let pos = setup(
        &*r,
        &[
            ('K', [0, 0, 0, 0]),
            ('P', [2, 1, 2, 0]),
            ('k', [3, 3, 3, 3]),
        ],
        Color::White,
    );
    // The pawn: w 0 -> 1 and 0 -> 2; its captures (w+1 with one step on x, y or z)
    // find nothing.
    assert_eq!(perft(&*r, &mut pos.clone(), 1), CORNER_KING_MOVES + 2);
    // Out of its first cube, only the single step.
    let pos = setup(
        &*r,
        &[
            ('K', [0, 0, 0, 0]),
            ('P', [2, 1, 2, 1]),
            ('k', [3, 3, 3, 3]),
        ],
        Color::White,
    );
    assert_eq!(perft(&*r, &mut pos.clone(), 1), CORNER_KING_MOVES + 1);
    // Blocked two cubes ahead: one step; blocked one cube ahead: none.
    let pos = setup(
        &*r,
        &[
            ('K', [0, 0, 0, 0]),
            ('P', [2, 1, 2, 0]),
            ('k', [3, 3, 3, 3]),
            ('n', [2, 1, 2, 2]),
        ],
        Color::White,
    );
    assert_eq!(perft(&*r, &mut pos.clone(), 1), CORNER_KING_MOVES + 1);
    let pos = setup(
        &*r,
        &[
            ('K', [0, 0, 0, 0]),
            ('P', [2, 1, 2, 0]),
            ('k', [3, 3, 3, 3]),
            ('n', [2, 1, 2, 1]),
        ],
        Color::White,
    );
    // The pawn is stuck. The knight on (2,1,2,1) guards two of the king's squares:
    // from it, x and z always change (to 0 or 1), so y and w must stay 1 and x, z
    // change by 2 and 1: (0,1,1,1) and (1,1,0,1).
    assert_eq!(perft(&*r, &mut pos.clone(), 1), CORNER_KING_MOVES - 2);
}

#[test]
fn en_passant_takes_a_pawn_that_passed_a_cube() {
    let r = rules_of(WCHESS);
    let mut pos = setup(
        &*r,
        &[
            ('K', [0, 0, 0, 0]),
            ('P', [1, 1, 1, 0]),
            ('p', [2, 1, 1, 2]),
            ('k', [3, 3, 3, 3]),
        ],
        Color::White,
    );
    let double = find(&*r, &pos, [1, 1, 1, 0], [1, 1, 1, 2]);
    r.make_move(&mut pos, double);
    let shape = r.info().shape;
    assert_eq!(pos.en_passant(), shape.square([1, 1, 1, 1]));
    // Black: 15 king moves, the pawn's step to (2,1,1,1), and the capture en passant
    // onto (1,1,1,1) that removes the pawn on (1,1,1,2). The white pawn's captures
    // reach w 3 at y 1: none next to the black king.
    let list = moves(&*r, &pos);
    assert_eq!(list.len() as u64, CORNER_KING_MOVES + 2, "{list:?}");
    let ep = find(&*r, &pos, [2, 1, 1, 2], [1, 1, 1, 1]);
    assert_eq!(ep.capture, shape.square([1, 1, 1, 2]));
    r.make_move(&mut pos, ep);
    assert!(pos.piece_at(shape.square([1, 1, 1, 2]).unwrap()).is_none());
    // Without en passant in the rules, the same double step leaves no capture.
    let plain = rules_of(&WCHESS.replace("en_passant = true", "en_passant = false"));
    let mut pos = setup(
        &*plain,
        &[
            ('K', [0, 0, 0, 0]),
            ('P', [1, 1, 1, 0]),
            ('p', [2, 1, 1, 2]),
            ('k', [3, 3, 3, 3]),
        ],
        Color::White,
    );
    let double = find(&*plain, &pos, [1, 1, 1, 0], [1, 1, 1, 2]);
    plain.make_move(&mut pos, double);
    assert_eq!(perft(&*plain, &mut pos, 1), CORNER_KING_MOVES + 1);
}

#[test]
fn the_triple_step_advances_three_cubes_and_promotes_on_the_last() {
    let text = WCHESS.replace(
        "double_step_rank = 1 ",
        "triple_step = true\ndouble_step_rank = 1 ",
    );
    let r = rules_of(&text);
    let pos = setup(
        &*r,
        &[
            ('K', [0, 0, 0, 0]),
            ('P', [2, 1, 2, 0]),
            ('k', [3, 3, 3, 3]),
        ],
        Color::White,
    );
    // w 1, w 2, and w 3 (the far cube) once per promotion choice (Q, R, B, N).
    assert_eq!(perft(&*r, &mut pos.clone(), 1), CORNER_KING_MOVES + 2 + 4);
}

/// `wchess` with the y and w axes exchanged: pawns advance along y, as in chess.
fn ychess() -> Box<chess4d_core::TableRules> {
    rules_of(
        &WCHESS
            .replace("forward = \"w\"", "forward = \"y\"")
            .replace("promotion_axes = [\"w\"]", "promotion_axes = [\"y\"]"),
    )
}

/// The position with the y and w coordinates of every piece exchanged.
fn swapped(from: &dyn Rules, to: &dyn Rules, pos: &Position) -> Position {
    let shape = from.info().shape;
    let mut out = Position::empty(shape);
    for (sq, p) in pos.pieces() {
        let [x, y, z, w] = shape.coords(sq);
        let there = shape.square([x, w, z, y]).unwrap();
        out.put(there, Some(p));
        if to.info().pieces[p.kind().index()].royal {
            out.set_king(p.color(), Some(there));
        }
    }
    out.set_side_to_move(pos.side_to_move());
    out
}

#[test]
fn along_w_the_game_is_the_game_along_y() {
    let (w, y) = (rules_of(WCHESS), ychess());
    let start = w.start_position();
    let mirrored = swapped(&*w, &*y, &start);
    for depth in 1..=3 {
        assert_eq!(
            perft(&*w, &mut start.clone(), depth),
            perft(&*y, &mut mirrored.clone(), depth),
            "depth {depth}"
        );
    }
    // A sparse position where double steps meet enemy pawns: en passant within 2 plies.
    let sparse = setup(
        &*w,
        &[
            ('K', [0, 0, 0, 0]),
            ('P', [1, 1, 1, 0]),
            ('P', [2, 2, 0, 0]),
            ('p', [2, 1, 1, 2]),
            ('p', [1, 2, 0, 2]),
            ('p', [3, 2, 1, 3]),
            ('k', [3, 3, 3, 3]),
        ],
        Color::White,
    );
    let mirrored = swapped(&*w, &*y, &sparse);
    for depth in 1..=4 {
        assert_eq!(
            perft(&*w, &mut sparse.clone(), depth),
            perft(&*y, &mut mirrored.clone(), depth),
            "depth {depth}"
        );
    }
}
