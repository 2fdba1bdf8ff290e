//! The rules beyond movement, on boards of three and four axes: goal regions, n-check,
//! hoppers, lame leaps and confinement, in the variant files built from them.

use chess4d_core::{Color, Game, Move, Position, Reason, Rules, Status, TableRules, perft};
use chess4d_variants::{VariantSpec, parse_variant};
use std::path::PathBuf;
use std::sync::Arc;

fn table(name: &str) -> TableRules {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../variants")
        .join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match parse_variant(&text, &path.display().to_string()) {
        Ok(VariantSpec::Table(rules)) => *rules,
        Ok(_) => panic!("{name} is not a table variant"),
        Err(e) => panic!("{e}"),
    }
}

fn position(rules: &TableRules, fen: &str) -> Position {
    rules
        .parse_position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(rules: &TableRules, pos: &mut Position, text: &str) {
    let mv = rules
        .parse_move(pos, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    rules.make_move(pos, mv);
}

#[test]
fn a_king_on_the_4d_hill_wins_at_once() {
    let rules = table("full-hill");
    let hill: Vec<_> = rules.regions(Color::White).collect();
    assert_eq!(hill.len(), 1);
    assert_eq!(
        hill[0].1.squares().count(),
        16,
        "files b-c, ranks 2-3, all z and w"
    );
    let mut pos = position(&rules, "4/4/4/K3|4/4/4/R3|4/4/4/4|k3/4/4/4 w - - 0 1");
    assert_eq!(rules.status(&pos), Status::Ongoing);
    play(&rules, &mut pos, "a1[0,0]b2[1,1]");
    assert_eq!(
        rules.status(&pos),
        Status::Ended {
            winner: Some(Color::White),
            reason: Reason::Goal
        }
    );
    let mut moves = Vec::new();
    rules.legal_moves(&pos, &mut moves);
    assert!(moves.is_empty(), "the game is over: Black has no move");

    let mut game = Game::new(Arc::new(table("full-hill")));
    assert!(game.outcome().is_none());
    assert!(game.legal_moves().len() > 10);
    game.play_str(
        &game
            .rules()
            .format_move(game.position(), game.legal_moves()[0]),
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_third_check_wins_in_4d_and_the_counter_is_in_the_fen() {
    let rules = table("full-3check");
    let start = rules.start_position();
    assert_eq!(start.counters(), Some([3, 3]));
    assert!(rules.format_position(&start).contains(" - - 3+3 0 1"));
    // White has one check left; the rook gives it along the w axis (b1 to b1[0,1]).
    let fen = "K3/4/4/3R|4/4/4/4|4/4/4/1k2|4/4/4/4 w - - 1+3 0 1";
    let mut pos = position(&rules, fen);
    assert_eq!(rules.format_position(&pos), fen);
    play(&rules, &mut pos, "d1[0,0]b1[0,0]");
    assert!(rules.in_check(&pos));
    assert_eq!(pos.counters(), Some([0, 3]));
    assert_eq!(
        rules.status(&pos),
        Status::Ended {
            winner: Some(Color::White),
            reason: Reason::Checks
        }
    );
    assert!(
        rules
            .parse_position("K3/4/4/3R|4/4/4/4|4/4/4/1k2|4/4/4/4 w - - 4+3 0 1")
            .is_err(),
        "more checks left than the variant's three"
    );
    // Without the field a position starts both counters at three.
    let plain = position(&rules, "K3/4/4/3R|4/4/4/4|4/4/4/1k2|4/4/4/4 w - - 0 1");
    assert_eq!(plain.counters(), Some([3, 3]));
}

#[test]
fn raumschach_three_check_counts_checks_on_the_cube() {
    let rules = table("raumschach-3check");
    let mut pos = rules.start_position();
    let hash = pos.hash();
    let nodes = perft(&rules, &mut pos, 2);
    assert_eq!(pos.hash(), hash);
    let plain = table("raumschach");
    let mut plain_pos = plain.start_position();
    assert_eq!(
        nodes,
        perft(&plain, &mut plain_pos, 2),
        "no check is possible in two plies"
    );
}

#[test]
fn a_cannon_on_the_cube_captures_only_over_a_screen() {
    let rules = table("raumschach-cannons");
    // White cannon a1 on level A, a black rook on a1 of level C: nothing between.
    let open = "5/5/5/5/C3K|5/5/5/5/5|5/5/5/5/r4|5/5/5/5/5|k4/5/5/5/5 w - - 0 1";
    let pos = position(&rules, open);
    let a1c = rules
        .info()
        .shape
        .parse_square("a1[2]")
        .unwrap_or_else(|e| panic!("{e}"));
    let captures = |pos: &Position| {
        let mut v = Vec::new();
        rules.legal_moves(pos, &mut v);
        v.iter().filter(|m| m.to == a1c).count()
    };
    assert_eq!(captures(&pos), 0, "no screen, no capture");
    assert!(!rules.is_attacked(&pos, a1c, Color::White));
    // A white pawn on level B is the screen.
    let screened = "5/5/5/5/C3K|5/5/5/5/P4|5/5/5/5/r4|5/5/5/5/5|k4/5/5/5/5 w - - 0 1";
    let pos = position(&rules, screened);
    assert_eq!(captures(&pos), 1);
    assert!(rules.is_attacked(&pos, a1c, Color::White));
    // A cannon checks over a screen: the black king on a5 of level E behind a pawn.
    let check = "k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|p4/5/5/5/5|C4/5/5/5/4K b - - 0 1";
    let pos = position(&rules, check);
    assert!(
        rules.in_check(&pos),
        "the cannon on level E checks over the pawn"
    );
}

/// A few positions of seeded random play.
fn random_positions(rules: &TableRules, count: usize) -> Vec<Position> {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < count {
        let mut pos = rules.start_position();
        for _ in 0..(next() % 40) {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv: Move = moves[(next() % moves.len() as u64) as usize];
            rules.make_move(&mut pos, mv);
        }
        out.push(pos);
    }
    out
}

/// Attack detection (reversed lines, hops, legs, confinement) agrees with move
/// generation: with the mover's king taken off, its moves are not filtered for safety,
/// so the squares it can capture on are exactly the enemy squares it attacks.
fn attacks_agree_with_captures(name: &str) {
    let rules = table(name);
    for mut pos in random_positions(&rules, 40) {
        let us = pos.side_to_move();
        if let Some(k) = pos.king(us) {
            pos.put(k, None);
            pos.set_king(us, None);
        }
        let mut moves = Vec::new();
        rules.legal_moves(&pos, &mut moves);
        for (sq, p) in pos.pieces().collect::<Vec<_>>() {
            if p.color() == us {
                continue;
            }
            let captured = moves.iter().any(|m| m.to == sq || m.capture == Some(sq));
            assert_eq!(
                rules.is_attacked(&pos, sq, us),
                captured,
                "{name}: {} on {}",
                rules.format_position(&pos),
                rules.info().shape.square_name(sq)
            );
        }
    }
}

#[test]
fn hop_and_lame_attacks_agree_with_generation() {
    for name in [
        "raumschach-cannons",
        "xiangqi",
        "manchu",
        "minixiangqi",
        "shako",
        "janggi",
        "cambodian",
    ] {
        attacks_agree_with_captures(name);
    }
}

#[test]
fn region_mistakes_are_located_errors() {
    let base = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants/kingofthehill.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let off_board = base.replace(r#"squares = ["d4", "e4", "d5", "e5"]"#, "ranks = [9]");
    let e = parse_variant(&off_board, "koth.toml")
        .err()
        .map(|e| e.to_string());
    assert!(
        e.as_deref()
            .is_some_and(|e| e.contains("hill") && e.contains("9")),
        "{e:?}"
    );
    let unknown = base.replace(
        r#"goal = { region = "hill" }"#,
        r#"goal = { region = "moon" }"#,
    );
    let e = parse_variant(&unknown, "koth.toml")
        .err()
        .map(|e| e.to_string());
    assert!(e.as_deref().is_some_and(|e| e.contains("moon")), "{e:?}");
}

#[test]
fn ending_and_promotion_mistakes_are_located_errors() {
    let base = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants/3check.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let cases = [
        ("checks = 3", "checks = 0", "checks"),
        ("checks = 3", "checks = 3\nstalemate = \"maybe\"", "maybe"),
        (
            "checks = 3",
            "checks = 3\nextinction = { pieces = [\"Z\"] }",
            "'Z'",
        ),
        (
            "checks = 3",
            "checks = 3\n\n[promotion]\nlimits = { Z = 1 }",
            "'Z'",
        ),
    ];
    for (from, to, needle) in cases {
        let text = base.replacen(from, to, 1);
        let e = parse_variant(&text, "3check.toml")
            .err()
            .map(|e| e.to_string());
        assert!(
            e.as_deref()
                .is_some_and(|e| e.contains(needle) && e.contains("3check.toml:")),
            "{to}: {e:?}"
        );
    }
}

#[test]
fn chess960_rights_read_as_x_fen_and_shredder_fen_and_written_by_file() {
    let rules = table("fischerandom");
    // KQkq name the outermost rooks; FSF writes their files, the king's side first.
    let start = rules.start_position();
    assert!(
        rules.format_position(&start).contains(" w HAha "),
        "{}",
        rules.format_position(&start)
    );
    let x_fen = position(&rules, "rk4rq/pppppppp/8/8/8/8/PPPPPPPP/RK4RQ w KQkq - 0 1");
    let shredder = position(&rules, "rk4rq/pppppppp/8/8/8/8/PPPPPPPP/RK4RQ w GAga - 0 1");
    assert_eq!(x_fen, shredder);
    assert!(rules.format_position(&x_fen).contains(" GAga "));
    // An inner rook's right, by its file.
    let inner = position(&rules, "r3k2r/8/8/8/8/8/8/RR2K1RR w BGkq - 0 1");
    assert!(rules.format_position(&inner).contains(" GBha "));
    // A right with no rook on its file does not read.
    assert!(
        rules
            .parse_position("rk4rq/pppppppp/8/8/8/8/PPPPPPPP/RK4RQ w Cq - 0 1")
            .is_err()
    );
    // The king on b1 castles queen's side to c1 (the rook to d1), king's side to g1
    // (the rook from g1 to f1): both rights go with the king's move.
    let mut pos = position(&rules, "rk4r1/pppppppp/8/8/8/8/8/RK4R1 w GAga - 0 1");
    play(&rules, &mut pos, "b1c1+a1d1");
    assert_eq!(
        rules.format_position(&pos),
        "rk4r1/pppppppp/8/8/8/8/8/2KR2R1 b ga - 1 1"
    );
    let mut pos = position(&rules, "rk4r1/pppppppp/8/8/8/8/8/RK4R1 w GAga - 0 1");
    play(&rules, &mut pos, "b1g1+g1f1");
    assert!(
        rules
            .format_position(&pos)
            .starts_with("rk4r1/pppppppp/8/8/8/8/8/R4RK1 b ga")
    );
}

#[test]
fn a_chess960_castling_is_refused_when_the_rook_uncovers_a_check() {
    let rules = table("fischerandom");
    // The king stays on c1 and the rook leaves b1 for d1: the queen on a1 would check.
    let pos = position(&rules, "4k3/8/8/8/8/8/8/qRK4R w HB - 0 1");
    let mut moves = Vec::new();
    rules.legal_moves(&pos, &mut moves);
    let castlings: Vec<String> = moves
        .iter()
        .filter(|m| m.second.is_some())
        .map(|&m| rules.format_move(&pos, m))
        .collect();
    assert_eq!(castlings, vec!["c1g1+h1f1".to_string()]);
}

#[test]
fn cambodian_rights_go_with_the_first_move_of_the_king_and_the_met() {
    let rules = table("cambodian");
    let mut pos = rules.start_position();
    assert!(rules.format_position(&pos).contains(" w DEde "));
    play(&rules, &mut pos, "d1b2");
    assert!(rules.format_position(&pos).contains(" b Ede "));
    // Back on d1, the king has no leap left.
    for m in ["e8e7", "b2c2", "e7e8", "c2d1", "e8e7"] {
        play(&rules, &mut pos, m);
    }
    let mut moves = Vec::new();
    rules.legal_moves(&pos, &mut moves);
    let from_d1: Vec<String> = moves
        .iter()
        .filter(|m| rules.info().shape.square_name(m.from) == "d1")
        .map(|&m| rules.format_move(&pos, m))
        .collect();
    assert!(!from_d1.is_empty());
    assert!(
        from_d1.iter().all(|m| m != "d1b2" && m != "d1f2"),
        "{from_d1:?}"
    );
    // The black king left e8 too: its right went with it.
    assert!(rules.format_position(&pos).contains(" w Ed "));
    // The unmoved met's double step attacks: the king on e3 is in check, and is not
    // once the met has moved.
    let pos = position(&rules, "8/8/8/8/8/4k3/8/3KM3 b DE - 0 1");
    assert!(rules.in_check(&pos));
    let pos = position(&rules, "8/8/8/8/8/4k3/8/3KM3 b D - 0 1");
    assert!(!rules.in_check(&pos));
    // Karouk: the first check wins.
    let karouk = table("karouk");
    let mut pos = position(&karouk, "8/8/8/8/4k3/8/8/R2K4 w D - 0 1");
    play(&karouk, &mut pos, "a1a4");
    assert_eq!(
        karouk.status(&pos),
        Status::Ended {
            winner: Some(Color::White),
            reason: Reason::Checks
        }
    );
}

#[test]
fn janggi_passes_end_the_game_on_points_and_bikjang_must_be_broken() {
    let janggi = table("janggi");
    let casual = table("janggicasual");
    let fen = "3a5/4k4/1c7/9/9/9/9/9/4K4/R2A5 w - - 0 1";
    // Bikjang: only the pass and moves that part the kings; a pass then ends the game,
    // White (rook and advisor, 16) against Black (advisor and cannon, 10 + 1.5).
    let mut pos = position(&janggi, fen);
    let mut moves = Vec::new();
    janggi.legal_moves(&pos, &mut moves);
    assert_eq!(moves.len(), 6);
    play(&janggi, &mut pos, "e2e2");
    assert_eq!(
        janggi.status(&pos),
        Status::Ended {
            winner: Some(Color::White),
            reason: Reason::Bikjang
        }
    );
    // Without bikjang two passes in a row end the game, drawn in the casual rules.
    let mut pos = position(&casual, fen);
    play(&casual, &mut pos, "e2e2");
    assert_eq!(casual.status(&pos), Status::Ongoing);
    play(&casual, &mut pos, "e9e9");
    assert_eq!(
        casual.status(&pos),
        Status::Ended {
            winner: None,
            reason: Reason::Passes
        }
    );
    // The pass is written as the king's square twice, and reads back.
    let pos = position(&casual, fen);
    let pass = casual.parse_move(&pos, "e2e2").expect("a pass");
    assert!(!pass.is_drop() && pass.from == pass.to);
}

#[test]
fn castling960_and_passing_mistakes_are_located_errors() {
    let read = |name: &str| {
        std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../variants/{name}.toml")),
        )
        .unwrap_or_else(|e| panic!("{e}"))
    };
    let cases = [
        (
            "fischerandom",
            "king_files = [\"g\", \"c\"]",
            "king_files = [\"a\", \"c\"]",
            "no room for the rook",
        ),
        (
            "fischerandom",
            "king_files = [\"g\", \"c\"]",
            "king_files = [\"G\", \"c\"]",
            "file letters",
        ),
        (
            "fischerandom",
            "piece = \"R\"",
            "piece = \"K\"",
            "castle with",
        ),
        (
            "janggi",
            "points = { R = 13,",
            "points = { Z = 1, R = 13,",
            "'Z'",
        ),
        (
            "janggi",
            "moves = [{ leap = [3, 2], lame = true }]",
            "moves = [{ leap = [5, 2], lame = true }]",
            "lame leap",
        ),
        (
            "janggi",
            "{ slide = 1 }, { slide = 2, along = \"lines\" }",
            "{ slide = 1, spare_own_kind = true }",
            "hop",
        ),
    ];
    for (name, from, to, needle) in cases {
        let base = read(name);
        assert!(base.contains(from), "{name}: {from}");
        let text = base.replacen(from, to, 1);
        let file = format!("{name}.toml");
        let e = parse_variant(&text, &file).err().map(|e| e.to_string());
        assert!(
            e.as_deref()
                .is_some_and(|e| e.contains(needle) && e.contains(&format!("{file}:"))),
            "{to}: {e:?}"
        );
    }
}

#[test]
fn chess960_castling_runs_along_x_on_a_board_of_three_axes() {
    let text = r#"
[variant]
name = "castle3d"
board = [8, 8, 2]
start = "8/8/8/8/8/8/8/R1K3R1|r1k3r1/8/8/8/8/8/8/8 w KQkq - 0 1"

[castling960]
king_files = ["g", "c"]

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{ step = [1, 2, 3] }]

[[piece]]
letter = "R"
name = "rook"
value = 500
moves = [{ slide = 1 }]
"#;
    let rules = match parse_variant(text, "castle3d.toml") {
        Ok(VariantSpec::Table(rules)) => *rules,
        other => panic!("{:?}", other.err()),
    };
    let pos = rules.start_position();
    assert!(rules.format_position(&pos).contains(" w GAga "));
    let mut moves = Vec::new();
    rules.legal_moves(&pos, &mut moves);
    let castlings: Vec<String> = moves
        .iter()
        .filter(|m| m.second.is_some())
        .map(|&m| rules.format_move(&pos, m))
        .collect();
    // The king on c1 stays for the queen's side (the rook a1 to d1), and goes to g1
    // for the king's side, the rook from g1 to f1; Black castles on the other layer.
    assert_eq!(castlings.len(), 2, "{castlings:?}");
}

#[test]
fn chess960_castlings_are_written_and_read_in_san() {
    let rules = table("fischerandom");
    // The king on g1 stays (the rook h1 to f1); on b1 it goes to c1 (the rook a1 to d1).
    for (fen, want) in [
        ("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", "O-O"),
        ("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", "O-O-O"),
    ] {
        let pos = position(&rules, fen);
        let mut moves = Vec::new();
        rules.legal_moves(&pos, &mut moves);
        let sans: Vec<String> = moves
            .iter()
            .map(|&m| chess4d_core::san(&rules, &pos, m))
            .collect();
        assert!(sans.iter().any(|s| s == want), "{fen}: {sans:?}");
        let mv = chess4d_core::parse_san(&rules, &pos, want).expect("castling reads");
        assert!(mv.second.is_some());
    }
}
