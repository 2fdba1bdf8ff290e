//! Every worked example of the rule book (spec/tensor-chess-rules.md), as positions.

mod common;
use common::*;
use tensor_chess::{
    Color, Position, attackers, in_check, is_attacked, make_move, move_path, parse_move, to_fen,
};

#[test]
fn the_thirty_first_moves_are_exactly_the_listed_ones() {
    let mut expected = Vec::new();
    for f in 'a'..='j' {
        expected.push(format!("{f}2{f}3"));
        expected.push(format!("{f}2{f}4"));
    }
    for m in [
        "c1b3", "c1d3", "h1g3", "h1i3", "b1d3", "b1b3", "i1g3", "i1i3", "a1b1>a1", "j1i1>j1",
    ] {
        expected.push(m.to_string());
    }
    expected.sort();
    assert_eq!(names(&Position::start()), expected);
}

#[test]
fn pawn_jumps_over_its_monster_but_cannot_capture_after_it() {
    // White pawn b2, its monster b3; a black knight on c4 and a black pawn on a4.
    let p = pos("5k4/10/10/10/p1n7/1T8/1P8/5K4 w - - 0 1");
    assert_eq!(names_from(&p, "b2"), sorted(&["b2b3>b4", "b2b4"]));
    // The jump over a monster gives no en-passant square.
    let mut q = p.clone();
    make_move(&mut q, parse_move(&p, "b2b4").unwrap());
    assert_eq!(q.en_passant(), None);
    assert!(!has(&q, "a4b3xb4"));
    // With b4 occupied the pawn can neither jump nor push.
    let blocked = pos("5k4/10/10/10/1n8/1T8/1P8/5K4 w - - 0 1");
    assert!(names_from(&blocked, "b2").is_empty());
}

/// Black bishop e7 with its monster on g5; black rook d6 with its monster on d4;
/// White: queen d1, king a1.
const SHIELD: &str = "k9/4b5/3r6/6t3/3t6/10/10/K2Q6";

#[test]
fn bishop_passes_over_its_own_monster() {
    let p = pos(&format!("{SHIELD} b - - 0 1"));
    for m in ["e7f6", "e7h4", "e7i3", "e7j2"] {
        assert!(has(&p, m), "{m}");
    }
    // Not onto the monster itself: that would be a push, written with '>'.
    assert!(!has(&p, "e7g5"));
}

#[test]
fn rook_passes_over_its_own_monster_to_take_the_queen() {
    let p = pos(&format!("{SHIELD} b - - 0 1"));
    assert!(has(&p, "d6d1"));
    assert!(has(&p, "d6d2"));
}

#[test]
fn queen_cannot_pass_over_an_enemy_monster() {
    let p = pos(&format!("{SHIELD} w - - 0 1"));
    let queen: Vec<String> = names_from(&p, "d1")
        .into_iter()
        .filter(|m| m.as_bytes()[2] == b'd')
        .collect();
    assert_eq!(queen, sorted(&["d1d2", "d1d3"]));
    // The rook is protected by its monster: White does not attack it.
    assert!(!is_attacked(&p, sq("d6"), Color::White));
    assert!(is_attacked(&p, sq("d1"), Color::Black));
}

/// A black bishop d6 reaches its monster on f4 along the b8–i1 diagonal and bounces onto
/// the c1–j8 diagonal, where the white king (c1) and queen (i7) stand.
#[test]
fn bishop_bounce_checks_and_the_enemy_cannot_use_that_monster() {
    let p = pos("k9/8Q1/3b6/10/5t4/10/10/2K7 w - - 0 1");
    assert!(in_check(&p));
    assert_eq!(
        attackers(&p, sq("c1"), Color::Black)
            .iter()
            .collect::<Vec<_>>(),
        vec![sq("d6")]
    );
    assert!(is_attacked(&p, sq("i7"), Color::Black));
    // The queen cannot bounce off the black monster back to the bishop.
    assert!(!is_attacked(&p, sq("d6"), Color::White));
    assert!(!has(&p, "i7d6"));
    // Black to move (king moved away): the bounce captures the queen, and stops there.
    let b = pos("k9/8Q1/3b6/10/5t4/10/10/K9 b - - 0 1");
    assert!(has(&b, "d6i7"));
    assert!(has(&b, "d6c1"));
    assert!(has(&b, "d6e3"));
    assert!(!has(&b, "d6j8"));
    let mv = parse_move(&b, "d6i7").unwrap();
    assert_eq!(move_path(&b, mv), vec![sq("d6"), sq("f4"), sq("i7")]);
}

#[test]
fn rooks_bounce_at_right_angles() {
    // Rook b1 with its monster on b3; rook f6 with its monster on i6.
    let p = pos("k9/10/5R2T1/10/10/1T8/10/1R7K w - - 0 1");
    for f in ['a', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] {
        assert!(has(&p, &format!("b1{f}3")), "b1{f}3");
    }
    for r in 1..=8 {
        if r != 6 {
            assert!(has(&p, &format!("f6i{r}")), "f6i{r}");
        }
    }
    // Passing over i6 along the rank, and up the b-file over b3.
    assert!(has(&p, "f6j6"));
    assert!(has(&p, "b1b8"));
    let mv = parse_move(&p, "f6i2").unwrap();
    assert_eq!(move_path(&p, mv), vec![sq("f6"), sq("i6"), sq("i2")]);
    // Pushes: the b3 monster may go back to the rook's start square.
    assert!(has(&p, "b1b3>b1"));
    assert!(has(&p, "b1b3>j3"));
}

#[test]
fn knight_bounces_off_or_pushes_its_monster() {
    let p = pos("k9/10/6T3/10/5N4/10/10/K9 w - - 0 1");
    let moves = names_from(&p, "f4");
    let direct = ["e6", "h5", "h3", "g2", "e2", "d3", "d5"];
    let bounced = ["f8", "h8", "e7", "i7", "e5", "i5", "h4"];
    let mut expected: Vec<String> = direct
        .iter()
        .chain(&bounced)
        .map(|s| format!("f4{s}"))
        .collect();
    for t in bounced.iter().chain(&["f4"]) {
        expected.push(format!("f4g6>{t}"));
    }
    expected.sort();
    assert_eq!(moves, expected);
    // The bounce never ends on the knight's start; the pushed monster may land there.
    assert!(!has(&p, "f4f4"));
    let mut q = p.clone();
    make_move(&mut q, parse_move(&p, "f4g6>f4").unwrap());
    assert_eq!(to_fen(&q), "k9/10/6N3/10/5T4/10/10/K9 b - - 1 1");
}

#[test]
fn castling_is_impossible_on_the_short_side_with_a_monster_on_h1() {
    let p = pos("r4k3r/10/10/10/10/10/10/R4K1T1R w KQkq - 0 1");
    let castles: Vec<String> = names(&p).into_iter().filter(|m| m.contains('+')).collect();
    assert_eq!(castles, sorted(&["f1b1+a1c1", "f1c1+a1d1"]));
}
