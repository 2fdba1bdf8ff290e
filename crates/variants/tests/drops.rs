//! Drops and pockets in the variant files: crazyhouse on 8x8, on the 4D full set and in
//! Raumschach — pieces in hand in the position string and the hash, captures to hand,
//! demotion of promoted pieces, and the drop rules.

use chess4d_core::{Color, Game, Move, Position, Rules, Status, TableRules};
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

fn legal(rules: &TableRules, pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    rules.legal_moves(pos, &mut v);
    v
}

fn drops(rules: &TableRules, pos: &Position) -> Vec<String> {
    legal(rules, pos)
        .into_iter()
        .filter(Move::is_drop)
        .map(|m| rules.format_move(pos, m))
        .collect()
}

#[test]
fn pockets_and_promoted_marks_round_trip_through_the_position_string() {
    let rules = table("crazyhouse");
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "1Q~2k3/8/8/8/8/8/1r6/4K3[QRNPqrbbp] b - - 0 1",
        "r1bqkbnr/p7/n1P1PPp1/1p1P3p/5p1P/1P1P4/P3PP2/RNBQKBN~R[p] b KQ - 0 14",
    ] {
        let pos = position(&rules, fen);
        assert_eq!(rules.format_position(&pos), fen);
        assert_eq!(pos.hash(), pos.compute_hash());
    }
    let pos = position(&rules, "4k3/8/8/8/8/8/8/4K3[QPPp] w - - 0 1");
    let q = rules.info().kind_by_letter('Q').unwrap();
    let p = rules.info().kind_by_letter('P').unwrap();
    assert_eq!(pos.in_hand(Color::White, q), 1);
    assert_eq!(pos.in_hand(Color::White, p), 2);
    assert_eq!(pos.in_hand(Color::Black, p), 1);
    // A piece in hand that the variant lacks is refused with a reason, not a panic.
    let err = rules.parse_position("4k3/8/8/8/8/8/8/4K3[Z] w - - 0 1");
    assert!(err.unwrap_err().message.contains("'Z'"));
    assert!(
        rules
            .parse_position("4k3/8/8/8/8/8/8/4K3[Q w - - 0 1")
            .is_err()
    );
}

#[test]
fn the_hash_sees_the_hands() {
    let rules = table("crazyhouse");
    let a = position(&rules, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1");
    let b = position(&rules, "4k3/8/8/8/8/8/8/4K3[q] w - - 0 1");
    let c = position(&rules, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    let d = position(&rules, "4k3/8/8/8/8/8/8/4K3[QQ] w - - 0 1");
    let hashes = [a.hash(), b.hash(), c.hash(), d.hash()];
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(hashes[i], hashes[j], "positions {i} and {j}");
        }
    }
}

#[test]
fn a_capture_goes_to_the_captors_hand_and_comes_back_as_a_drop() {
    let rules = table("crazyhouse");
    let mut pos = rules.start_position();
    for m in ["e2e4", "d7d5", "e4d5", "d8d5"] {
        play(&rules, &mut pos, m);
    }
    assert_eq!(
        rules.format_position(&pos),
        "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"
    );
    let before = pos.clone();
    let mv = rules.parse_move(&pos, "P@e6").unwrap();
    assert!(mv.is_drop());
    assert_eq!(rules.format_move(&pos, mv), "P@e6");
    let undo = rules.make_move(&mut pos, mv);
    assert_eq!(
        rules.format_position(&pos),
        "rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 1 3"
    );
    assert_eq!(pos.hash(), pos.compute_hash());
    rules.unmake_move(&mut pos, &undo);
    assert_eq!(pos, before);
    // Pawns are never dropped on the first or last rank.
    for bad in ["P@e1", "P@a8", "P@h1"] {
        assert!(rules.parse_move(&before, bad).is_err(), "{bad}");
    }
}

#[test]
fn a_promoted_piece_goes_to_hand_as_a_pawn_in_crazyhouse_and_as_itself_in_loop() {
    for (name, hand) in [("crazyhouse", "[p]"), ("loop", "[q]")] {
        let rules = table(name);
        let mut pos = position(&rules, "4k3/1P6/8/8/8/1r6/8/4K3[] w - - 0 1");
        play(&rules, &mut pos, "b7b8q");
        play(&rules, &mut pos, "b3b8");
        let fen = rules.format_position(&pos);
        assert!(
            fen.starts_with(&format!("1r2k3/8/8/8/8/8/8/4K3{hand}")),
            "{name}: {fen}"
        );
    }
}

#[test]
fn pocket_knight_captures_are_gone_and_its_knight_drops_anywhere_empty() {
    let rules = table("pocketknight");
    let pos = rules.start_position();
    assert_eq!(drops(&rules, &pos).len(), 32);
    let mut pos = position(&rules, "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1");
    play(&rules, &mut pos, "e4d5");
    assert!(rules.format_position(&pos).contains("[]"));
}

#[test]
fn in_check_a_drop_must_block() {
    let rules = table("crazyhouse");
    // The rook on a1 checks along the first rank: N@b1, N@c1 or N@d1 block.
    let pos = position(&rules, "7k/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    let mut got = drops(&rules, &pos);
    got.sort();
    assert_eq!(got, ["N@b1", "N@c1", "N@d1"]);
    // Double-checked: no drop helps.
    let pos = position(&rules, "7k/8/8/8/8/3n4/8/r3K3[N] w - - 0 1");
    assert!(rules.in_check(&pos));
    assert!(drops(&rules, &pos).is_empty());
}

#[test]
fn the_4d_full_set_with_drops() {
    let rules = table("full-crazyhouse");
    let start = rules.start_position();
    assert!(drops(&rules, &start).is_empty());
    let pos = position(&rules, "4/4/4/K3|4/4/4/4|4/4/4/4|k3/4/4/4[PN] w - - 0 1");
    let empty = 64 - 2;
    let got = drops(&rules, &pos);
    let knights = got.iter().filter(|m| m.starts_with('N')).count();
    let pawns: Vec<&String> = got.iter().filter(|m| m.starts_with('P')).collect();
    assert_eq!(knights, empty);
    // Not on the first rank (1) nor the last (4), where a pawn promotes.
    assert_eq!(pawns.len(), 32);
    assert!(
        pawns.iter().all(|m| matches!(&m[3..4], "2" | "3")),
        "{pawns:?}"
    );
    assert!(pawns.iter().any(|m| *m == "P@b2[0,1]"));
    let mut p = pos.clone();
    play(&rules, &mut p, "P@b2[0,1]");
    assert_eq!(
        rules.format_move(&pos, rules.parse_move(&pos, "P@b2[0,1]").unwrap()),
        "P@b2[0,1]"
    );
    assert_eq!(p.hash(), p.compute_hash());
    assert!(rules.format_position(&p).ends_with("[N] b - - 1 1"));
    // A capture in 4D fills the hand; the dropped piece can give check.
    let mut pos = position(&rules, "4/4/4/K3|4/4/4/4|4/4/4/4|k3/4/4/q3[] w - - 0 1");
    play(&rules, &mut pos, "a1[0,0]a1[1,1]");
    assert!(rules.format_position(&pos).contains("[Q]"));
}

#[test]
fn raumschach_with_drops_blocks_checks_by_dropping() {
    let rules = table("raumschach-crazyhouse");
    // A lone white king on a1 of level A, a black rook checking from e1 of level A.
    let empty = "5/5/5/5/5";
    let fen = format!("5/5/5/5/K3r|{empty}|{empty}|{empty}|4k/5/5/5/5[B] w - - 0 1");
    let pos = position(&rules, &fen);
    assert!(rules.in_check(&pos));
    let mut got = drops(&rules, &pos);
    got.sort();
    assert_eq!(got, ["B@b1[0]", "B@c1[0]", "B@d1[0]"]);
}

#[test]
fn random_games_keep_hash_and_undo_exact_with_drops() {
    for name in ["crazyhouse", "full-crazyhouse", "raumschach-crazyhouse"] {
        let rules: Arc<dyn Rules> = Arc::new(table(name));
        let mut game = Game::new(rules.clone());
        let mut seed = 0x9E37_79B9_u64;
        let mut drops_played = 0;
        for _ in 0..160 {
            let pos = game.position().clone();
            if rules.status(&pos) != Status::Ongoing {
                break;
            }
            let mut moves = Vec::new();
            rules.legal_moves(&pos, &mut moves);
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            drops_played += usize::from(mv.is_drop());
            let mut after = pos.clone();
            let undo = rules.make_move(&mut after, mv);
            assert_eq!(after.hash(), after.compute_hash(), "{name}");
            let text = rules.format_position(&after);
            assert_eq!(
                rules.parse_position(&text).unwrap().hash(),
                after.hash(),
                "{text}"
            );
            rules.unmake_move(&mut after, &undo);
            assert_eq!(after, pos);
            game.play(mv).unwrap();
        }
        assert!(drops_played > 0, "{name}: no drop in a random game");
    }
}

#[test]
fn shogi_promoted_forms_are_written_plus_and_go_back_to_hand_unpromoted() {
    let rules = table("minishogi");
    let fen = "r1+Sgk/4p/5/P4/KGSBR[Bb] w - - 0 1";
    let pos = position(&rules, fen);
    assert_eq!(rules.format_position(&pos), fen);
    // The silver's capture of the tokin gives Black a pawn in hand, not a tokin.
    let mut pos = position(&rules, "4k/4+P/3s1/P4/K4[] b - - 0 1");
    play(&rules, &mut pos, "d3e4");
    assert!(
        rules.format_position(&pos).contains("[p]"),
        "{}",
        rules.format_position(&pos)
    );
}

#[test]
fn shogi_promotion_is_optional_in_the_zone_and_forced_where_a_pawn_could_not_move() {
    let rules = table("minishogi");
    // A silver entering the far rank may promote or not; a pawn reaching it must.
    let pos = position(&rules, "k4/2S1P/5/5/4K[] w - - 0 1");
    let moves: Vec<String> = legal(&rules, &pos)
        .into_iter()
        .map(|m| rules.format_move(&pos, m))
        .collect();
    assert!(moves.contains(&"c4c5".to_string()) && moves.contains(&"c4c5v".to_string()));
    assert!(moves.contains(&"e4e5t".to_string()) && !moves.contains(&"e4e5".to_string()));
    // Nifu: no pawn drop on a file with an unpromoted pawn; none on the last rank.
    let pos = position(&rules, "k4/5/5/P4/4K[P] w - - 0 1");
    let got = drops(&rules, &pos);
    assert!(got.iter().all(|m| !m.starts_with("P@a")), "{got:?}");
    assert!(got.iter().all(|m| !m.ends_with('5')), "{got:?}");
    assert!(got.contains(&"P@b4".to_string()));
}

#[test]
fn uchifuzume_can_be_switched_on() {
    // The variant files follow Fairy-Stockfish 11.1, which lists a mating pawn drop; the
    // rule itself forbids it when asked for.
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants/minishogi.toml"),
    )
    .unwrap()
    .replace("no_pawn_drop_mate = false", "no_pawn_drop_mate = true");
    let strict = match parse_variant(&text, "minishogi-strict") {
        Ok(VariantSpec::Table(r)) => *r,
        _ => panic!("minishogi with uchifuzume"),
    };
    // Black's king on a1 is boxed in by the gold on b3 and silver on c2.
    let fen = "4k/5/1g3/2s2/K4[p] b - - 0 1";
    let lax = table("minishogi");
    assert!(drops(&lax, &position(&lax, fen)).contains(&"P@a2".to_string()));
    let pos = position(&strict, fen);
    let got = drops(&strict, &pos);
    assert!(!got.contains(&"P@a2".to_string()), "{got:?}");
    assert!(got.contains(&"P@a3".to_string()));
}
