//! Sliders, knights and pawns around monsters: pushes, bounces, passing over, and the
//! limits on each (one bounce, no bounce-and-push, no capture while pushing).

mod common;
use common::*;
use tensor_chess::{Color, Kind, describe_move, is_attacked, make_move, parse_move, to_fen};

#[test]
fn bishop_push_may_send_the_monster_back_past_the_start_square() {
    // Diagram 9: bishop d6, its monster f4; the monster may land on d6 and on b8.
    let p = pos("k9/10/3B6/10/5T4/10/10/K9 w - - 0 1");
    let mut expected: Vec<String> = [
        "e5", "d6", "c7", "b8", "g3", "h2", "i1", "e3", "d2", "c1", "g5", "h6", "i7", "j8",
    ]
    .iter()
    .map(|t| format!("d6f4>{t}"))
    .collect();
    expected.sort();
    assert_eq!(names_from(&p, "d6f4>"), expected);
}

#[test]
fn rook_push_back_along_its_file() {
    // Diagram 10: rook g3 moves to its monster on g5; the monster may go to g3, g2, g1.
    let p = pos("k9/10/10/6T3/10/6R3/10/K9 w - - 0 1");
    for t in ["g4", "g3", "g2", "g1", "g6", "g8", "a5", "f5", "h5", "j5"] {
        assert!(has(&p, &format!("g3g5>{t}")), "g3g5>{t}");
    }
    let mv = parse_move(&p, "g3g5>g1").unwrap();
    assert_eq!(
        describe_move(&p, mv),
        "rook g3-g5, pushing its monster g5-g1"
    );
    let mut q = p.clone();
    make_move(&mut q, mv);
    assert_eq!(to_fen(&q), "k9/10/10/6R3/10/10/10/K5T3 b - - 1 1");
}

#[test]
fn pushed_monster_stops_before_pieces_and_never_captures() {
    // Rook a1, monsters b1 and d1 (c1 empty), own pawn on d3.
    let p = pos("9k/10/10/10/10/3P6/10/RT1T1K4 w - - 0 1");
    // The rook passes over b1 to push d1: east the king on f1 stops the monster at e1;
    // west the monster may reach c1 but not pass over b1; north the pawn d3 blocks.
    assert_eq!(
        names_from(&p, "a1d1"),
        sorted(&["a1d1>c1", "a1d1>d2", "a1d1>e1"])
    );
    // Pushing the b1 monster back onto the rook's start square.
    assert!(has(&p, "a1b1>a1"));
    // A monster pushed towards an enemy piece stops before it (no capture):
    let q = pos("9k/10/10/10/10/10/10/RT1n1K4 w - - 0 1");
    assert_eq!(
        names_from(&q, "a1b1"),
        sorted(&[
            "a1b1>a1", "a1b1>b2", "a1b1>b3", "a1b1>b4", "a1b1>b5", "a1b1>b6", "a1b1>b7", "a1b1>b8",
            "a1b1>c1"
        ])
    );
}

#[test]
fn queen_bounces_in_the_family_it_arrived_in_and_pushes_in_any() {
    // Queen a1, own monster c3 reached diagonally.
    let p = pos("5k4/10/10/10/10/2T7/10/Q4K4 w - - 0 1");
    // Diagonal bounce: b4, a5 and d2, e1.
    for m in ["a1b4", "a1a5", "a1d2", "a1e1"] {
        assert!(has(&p, m), "{m}");
    }
    // Never as a rook from c3: c4.. and d3.. are not reached (except through other lines).
    assert!(!has(&p, "a1c5"));
    assert!(!has(&p, "a1f3"));
    // Passing over: d4 and on.
    assert!(has(&p, "a1j8") || has(&p, "a1h8"));
    // Pushes go along every line through c3.
    assert!(has(&p, "a1c3>c8"));
    assert!(has(&p, "a1c3>j3"));
    assert!(has(&p, "a1c3>a5"));
    assert!(has(&p, "a1c3>a1"));
}

#[test]
fn one_bounce_per_move_but_passing_over_after_it() {
    // Rook a1, own monsters a3 and e3.
    let p = pos("5k4/10/10/10/10/T3T5/10/R4K4 w - - 0 1");
    assert!(has(&p, "a1d3"));
    assert!(has(&p, "a1f3")); // passes over e3 after the bounce
    assert!(has(&p, "a1j3"));
    assert!(!has(&p, "a1e5")); // a second bounce, at e3, is not allowed
    assert!(!has(&p, "a1e2"));
    // No bounce-then-push: the e3 monster is pushed only by a straight arrival.
    assert!(!names(&p).iter().any(|m| m.starts_with("a1e3>")));
}

#[test]
fn kings_and_pawns_neither_bounce_nor_pass_over_outside_their_rules() {
    // King e1 next to its monster e2: no move onto or over it.
    let p = pos("5k4/10/10/10/10/10/4T5/4K5 w - - 0 1");
    assert!(!has(&p, "e1e2"));
    assert!(!has(&p, "e1e3"));
    // A pawn off its start rank: no jump, no push.
    let q = pos("5k4/10/10/10/1T8/1P8/10/5K4 w - - 0 1");
    assert!(names_from(&q, "b3").is_empty());
    // A pawn on the start rank blocked by an enemy monster: nothing.
    let r = pos("5k4/10/10/10/10/1t8/1P8/5K4 w - - 0 1");
    assert!(names_from(&r, "b2").is_empty());
}

#[test]
fn pawns_never_capture_monsters() {
    let p = pos("5k4/10/10/3t6/4P5/10/10/5K4 w - - 0 1");
    assert_eq!(names_from(&p, "e4"), sorted(&["e4e5"]));
}

#[test]
fn en_passant_after_a_double_step_over_an_empty_square() {
    let p = pos("5k4/10/10/10/2p7/10/1P8/5K4 w - - 0 1");
    let mut q = p.clone();
    make_move(&mut q, parse_move(&p, "b2b4").unwrap());
    assert_eq!(to_fen(&q), "5k4/10/10/10/1Pp7/10/10/5K4 b - b3 0 1");
    let ep = parse_move(&q, "c4b3xb4").unwrap();
    assert_eq!(
        describe_move(&q, ep),
        "pawn c4-b3, taking the pawn on b4 en passant"
    );
    make_move(&mut q, ep);
    assert_eq!(to_fen(&q), "5k4/10/10/10/10/1p8/10/5K4 w - - 0 2");
    // The ep square is written even when no pawn can take.
    let mut r = pos("5k4/10/10/10/10/10/1P8/5K4 w - - 0 1");
    make_move(
        &mut r,
        parse_move(&pos("5k4/10/10/10/10/10/1P8/5K4 w - - 0 1"), "b2b4").unwrap(),
    );
    assert_eq!(r.en_passant(), Some(sq("b3")));
}

#[test]
fn promotion_to_every_piece_including_the_monster() {
    let p = pos("1n3k4/P9/10/10/10/10/10/5K4 w - - 0 1");
    assert_eq!(
        names_from(&p, "a7"),
        sorted(&[
            "a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7a8t", "a7b8b", "a7b8n", "a7b8q", "a7b8r",
            "a7b8t"
        ])
    );
    let mut q = p.clone();
    make_move(&mut q, parse_move(&p, "a7a8t").unwrap());
    assert_eq!(q.piece_at(sq("a8")).map(|x| x.kind), Some(Kind::Monster));
    assert_eq!(to_fen(&q), "Tn3k4/10/10/10/10/10/10/5K4 b - - 0 1");
    // A monster on the promotion square cannot be captured.
    let m = pos("1t3k4/P9/10/10/10/10/10/5K4 w - - 0 1");
    assert!(!names_from(&m, "a7").iter().any(|s| s.starts_with("a7b8")));
}

#[test]
fn check_evaded_only_by_a_bounced_capture() {
    // Black rook a8 checks the white king a1. The bishop f7 reaches a8 only by bouncing off
    // its monster on d5; its straight run over d5 is stopped by the pawn on b3.
    let p = pos("r8k/5B4/10/3T6/10/1P8/1P8/KR8 w - - 0 1");
    assert_eq!(names(&p), sorted(&["f7a8"]));
    let mv = parse_move(&p, "f7a8").unwrap();
    assert_eq!(
        describe_move(&p, mv),
        "bishop f7-a8, bouncing off d5, taking the rook on a8"
    );
}

#[test]
fn pieces_protected_by_a_bounce_cannot_be_taken_by_the_king() {
    // Black pawn e2 next to the white king e1, guarded by the black bishop b1 bouncing
    // off its monster on d3 (b1-c2-d3, then d3-e2).
    let p = pos("5k4/10/10/10/10/3t6/4p5/1b2K5 w - - 0 1");
    assert!(is_attacked(&p, sq("e2"), Color::Black));
    assert!(!has(&p, "e1e2"));
    assert!(has(&p, "e1f2"));
    assert!(has(&p, "e1d2"));
    assert!(!has(&p, "e1d1"));
}
