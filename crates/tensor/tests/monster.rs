//! Monster moves: steps, jump chains of one family, the end-square rule, captures of
//! monsters only, and monsters never giving check.

mod common;
use common::*;
use tensor_chess::{Color, describe_move, in_check, is_attacked, move_path, parse_move};

#[test]
fn diagonal_chain_over_pieces_of_both_colours() {
    // White monster a1; pieces on b2 (own knight) and d4 (black pawn): a1-c3-e5.
    let p = pos("5k4/10/10/10/3p6/10/1N8/T4K4 w - - 0 1");
    assert!(has(&p, "a1c3"));
    assert!(has(&p, "a1e5"));
    let mv = parse_move(&p, "a1e5").unwrap();
    assert_eq!(move_path(&p, mv), vec![sq("a1"), sq("c3"), sq("e5")]);
    assert_eq!(describe_move(&p, mv), "monster a1-c3-e5, jumping");
    // Steps: a2 and b1 are empty.
    assert_eq!(
        names_from(&p, "a1"),
        sorted(&["a1a2", "a1b1", "a1c3", "a1e5"])
    );
}

#[test]
fn straight_chains_mix_files_and_ranks_but_never_diagonals() {
    // Monster a1; own rook a2 (jump to a3), black knight b3 (then jump to c3).
    // From a3 a diagonal jump over b4 would reach c5: never mixed.
    let p = pos("5k4/10/10/10/1n8/1n8/R9/T4K4 w - - 0 1");
    assert!(has(&p, "a1a3"));
    assert!(has(&p, "a1c3"));
    assert!(!has(&p, "a1c5"));
}

#[test]
fn a_step_is_never_followed_by_jumps() {
    // Monster a1, knight c1: stepping to b1 and jumping c1 to d1 is not a move.
    let p = pos("5k4/10/10/10/10/10/10/T1N2K4 w - - 0 1");
    assert!(has(&p, "a1b1"));
    assert!(!has(&p, "a1d1"));
}

#[test]
fn chains_may_revisit_squares_and_cross_the_start() {
    // Monster c3 with pieces on b2, d2 and b4: from c3 it reaches a1, e1 and a5; from a1
    // back to c3 (its start, vacated) and on to e1 and a5 — each destination once.
    let p = pos("5k4/10/10/10/1N8/2T7/1N1N6/5K4 w - - 0 1");
    let jumps: Vec<String> = names_from(&p, "c3")
        .into_iter()
        .filter(|m| {
            let to = sq(&m[2..4]);
            let (dx, dy) = ((to % 10) as i32 - 2, (to / 10) as i32 - 2);
            dx.abs() > 1 || dy.abs() > 1
        })
        .collect();
    assert_eq!(jumps, sorted(&["c3a1", "c3a5", "c3e1"]));
    assert!(!has(&p, "c3c3"));
}

#[test]
fn captures_only_monsters_and_may_return_to_its_start() {
    // White monster c3, black monster d4 with e5 empty; a black knight on b2.
    let p = pos("5k4/10/10/10/3t6/2T7/1n8/5K4 w - - 0 1");
    let moves = names_from(&p, "c3");
    assert!(moves.contains(&"c3e5xd4".to_string()));
    // Out over d4 without taking it, and back over it taking it on the start square.
    assert!(moves.contains(&"c3c3xd4".to_string()));
    // Jumping over without capture is a plain move.
    assert!(moves.contains(&"c3e5".to_string()));
    // The knight on b2 is jumped over but never taken.
    assert!(moves.contains(&"c3a1".to_string()));
    assert!(!moves.iter().any(|m| m.contains("xb2")));
    let mv = parse_move(&p, "c3c3xd4").unwrap();
    assert_eq!(move_path(&p, mv), vec![sq("c3"), sq("e5"), sq("c3")]);
}

#[test]
fn jump_over_one_enemy_monster_and_take_another() {
    // White monster a1, black monsters b2 and d4, c3 and e5 empty.
    let p = pos("5k4/10/10/10/3t6/10/1t8/T4K4 w - - 0 1");
    let caps: Vec<String> = names_from(&p, "a1")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(caps, sorted(&["a1a1xb2", "a1c3xb2", "a1c3xd4", "a1e5xd4"]));
    assert!(has(&p, "a1e5"));
    // At most one capture: taking b2 ends the move, so nothing lands beyond with two.
    let mut q = p.clone();
    tensor_chess::make_move(&mut q, parse_move(&p, "a1e5xd4").unwrap());
    assert_eq!(
        tensor_chess::to_fen(&q),
        "5k4/10/10/4T5/10/10/1t8/5K4 b - - 0 1"
    );
}

#[test]
fn monsters_never_give_check_and_are_taken_only_by_monsters() {
    // A black monster next to the white king, "behind" which e3 is empty: no check.
    let p = pos("5k4/10/10/10/10/10/4t5/4K5 w - - 0 1");
    assert!(!in_check(&p));
    // The king cannot take the monster; a white queen in line cannot either.
    assert!(!has(&p, "e1e2"));
    let q = pos("5k4/10/10/10/4Q5/10/4t5/4K5 w - - 0 1");
    assert!(!has(&q, "e4e2"));
    assert!(!is_attacked(&q, sq("e2"), Color::White));
    // The king may stand next to enemy monsters.
    assert!(has(&p, "e1d2"));
    // A white monster attacks the black monster it can jump over.
    let m = pos("5k4/10/10/10/10/10/4t5/4KT4 w - - 0 1");
    assert!(is_attacked(&m, sq("e2"), Color::White));
    assert!(has(&m, "f1d3xe2"));
}

#[test]
fn a_monster_cannot_push_or_bounce_or_move_onto_pieces() {
    // Monsters on a1 and b1 side by side; the a1 monster may jump over b1 to c1 but
    // never moves onto it, and the b1 monster is not pushed.
    let p = pos("5k4/10/10/10/10/10/10/TT3K4 w - - 0 1");
    let moves = names_from(&p, "a1");
    assert_eq!(moves, sorted(&["a1a2", "a1b2", "a1c1"]));
}
