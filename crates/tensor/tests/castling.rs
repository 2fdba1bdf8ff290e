//! Castling with the king ending one or two squares from the edge, passing over own
//! monsters, and the attacked-square rules.

mod common;
use common::*;
use tensor_chess::{make_move, parse_move, to_fen};

fn castles(fen: &str) -> Vec<String> {
    names(&pos(fen))
        .into_iter()
        .filter(|m| m.contains('+'))
        .collect()
}

#[test]
fn both_distances_on_both_wings_for_both_sides() {
    assert_eq!(
        castles("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"),
        sorted(&["f1b1+a1c1", "f1c1+a1d1", "f1h1+j1g1", "f1i1+j1h1"])
    );
    assert_eq!(
        castles("r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1"),
        sorted(&["f8b8+a8c8", "f8c8+a8d8", "f8h8+j8g8", "f8i8+j8h8"])
    );
    assert_eq!(
        castles("r4k3r/10/10/10/10/10/10/R4K3R w Qk - 0 1"),
        sorted(&["f1b1+a1c1", "f1c1+a1d1"])
    );
}

#[test]
fn rook_passes_over_its_monster_on_the_start_squares() {
    // Monsters on b1 and i1 (their start squares): the king cannot land on them, but the
    // rook passes over them to d1 / g1.
    assert_eq!(
        castles("r4k3r/10/10/10/10/10/10/RT3K2TR w KQkq - 0 1"),
        sorted(&["f1c1+a1d1", "f1h1+j1g1"])
    );
}

#[test]
fn other_pieces_between_block_castling() {
    assert_eq!(
        castles("r4k3r/10/10/10/10/10/10/RN3K1N1R w KQkq - 0 1"),
        Vec::<String>::new()
    );
    // An enemy monster between is no own monster either.
    assert_eq!(
        castles("r4k3r/10/10/10/10/10/10/R1t2K1t1R w KQkq - 0 1"),
        Vec::<String>::new()
    );
}

#[test]
fn king_passes_over_its_monster_whose_square_counts_as_protected() {
    // The black rook g8 rakes the g-file; the white monster on g1 protects that square.
    let with_monster = "5kr3/10/10/10/10/10/10/R4KT2R w KQ - 0 1";
    assert_eq!(
        castles(with_monster),
        sorted(&["f1b1+a1c1", "f1c1+a1d1", "f1i1+j1h1"])
    );
    let mut p = pos(with_monster);
    let mv = parse_move(&p, "f1i1+j1h1").unwrap();
    make_move(&mut p, mv);
    assert_eq!(to_fen(&p), "5kr3/10/10/10/10/10/10/R5TRK1 b - - 1 1");
    // Without the monster the king would cross an attacked square: no short castling.
    assert_eq!(
        castles("5kr3/10/10/10/10/10/10/R4K3R w KQ - 0 1"),
        sorted(&["f1b1+a1c1", "f1c1+a1d1"])
    );
}

#[test]
fn the_player_may_avoid_an_attacked_landing_square_with_the_other_distance() {
    // Black rook i8 attacks i1: the king may not land on i1, but h1 is fine.
    assert_eq!(
        castles("5k2r1/10/10/10/10/10/10/R4K3R w KQ - 0 1"),
        sorted(&["f1b1+a1c1", "f1c1+a1d1", "f1h1+j1g1"])
    );
    // Black rook c8 attacks c1: long castling to b1 crosses c1, to c1 lands there.
    assert_eq!(
        castles("2r2k4/10/10/10/10/10/10/R4K3R w KQ - 0 1"),
        sorted(&["f1h1+j1g1", "f1i1+j1h1"])
    );
}

#[test]
fn no_castling_out_of_check() {
    assert_eq!(
        castles("4k5/10/10/5r4/10/10/10/R4K3R w KQ - 0 1"),
        Vec::<String>::new()
    );
}

#[test]
fn rights_are_lost_when_king_or_rook_moves_or_the_rook_is_taken() {
    let mut p = pos("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    let mv = parse_move(&p, "j1j8").unwrap();
    make_move(&mut p, mv);
    assert_eq!(to_fen(&p), "r4k3R/10/10/10/10/10/10/R4K4 b Qq - 0 1");
    let mv = parse_move(&p, "f8e7").unwrap();
    make_move(&mut p, mv);
    assert_eq!(to_fen(&p), "r8R/4k5/10/10/10/10/10/R4K4 w Q - 1 2");
}
