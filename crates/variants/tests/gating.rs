//! Gating (S-Chess): `seirawan` and `shouse` — gates in the castling field, the piece
//! that enters on the square a first-rank piece leaves (the king's or the rook's
//! square when castling), gates closing, and the moves' notation.

use chess4d_core::{Game, Move, Position, Rules, Status, TableRules, parse_san, san};
use chess4d_variants::{VariantSpec, parse_variant};
use std::path::PathBuf;
use std::sync::Arc;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn table(name: &str) -> TableRules {
    let path = root().join("variants").join(format!("{name}.toml"));
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

fn legal(rules: &TableRules, pos: &Position) -> Vec<String> {
    let mut v = Vec::new();
    rules.legal_moves(pos, &mut v);
    let mut names: Vec<String> = v.iter().map(|&m| rules.format_move(pos, m)).collect();
    names.sort();
    names
}

fn play(rules: &TableRules, pos: &mut Position, text: &str) -> Move {
    let mv = rules
        .parse_move(pos, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    rules.make_move(pos, mv);
    mv
}

/// Every position string Fairy-Stockfish wrote into the data files reads and writes
/// back to the same bytes: gates, pockets and all.
#[test]
fn fairy_stockfish_position_strings_round_trip() {
    for name in ["seirawan", "shouse"] {
        let rules = table(name);
        let path = root().join(format!("tests/fsf/{name}.perft"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        let fens: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("fen "))
            .collect();
        assert!(fens.len() >= 20, "{name}: {} positions", fens.len());
        for fen in fens {
            let pos = position(&rules, fen);
            assert_eq!(rules.format_position(&pos), fen, "{name}");
            assert_eq!(pos.hash(), pos.compute_hash(), "{fen}");
        }
    }
}

#[test]
fn a_first_move_from_the_back_rank_may_bring_in_the_hawk_or_the_elephant() {
    let rules = table("seirawan");
    let pos = rules.start_position();
    let moves = legal(&rules, &pos);
    assert_eq!(moves.len(), 28);
    for m in ["b1c3", "b1c3h", "b1c3e", "g1f3h", "g1h3e"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    let mut p = pos.clone();
    play(&rules, &mut p, "b1c3h");
    assert_eq!(
        rules.format_position(&p),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQACDEFGHkqabcdefgh - 1 1"
    );
    // The hawk's square is no gate: the knight leaving it again brings nothing in.
    play(&rules, &mut p, "e7e5");
    play(&rules, &mut p, "c3d5");
    let moves = legal(&rules, &p);
    assert!(!moves.iter().any(|m| m.starts_with("b1")), "{moves:?}");
}

#[test]
fn castling_may_gate_on_the_kings_or_the_rooks_square() {
    let rules = table("seirawan");
    let pos = position(
        &rules,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkq - 0 1",
    );
    assert_eq!(
        rules.format_position(&pos),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQAEHkqaeh - 0 1"
    );
    let moves = legal(&rules, &pos);
    for m in [
        "e1g1+h1f1",
        "e1g1e+h1f1",
        "h1f1e+e1g1",
        "h1f1h+e1g1",
        "a1d1e+e1c1",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    let mut p = pos.clone();
    play(&rules, &mut p, "h1f1e+e1g1");
    assert_eq!(
        rules.format_position(&p),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKE[Heh] b Akqaeh - 1 1"
    );
    assert_eq!(
        p.king(chess4d_core::Color::White),
        rules.info().shape.square([6, 0, 0, 0])
    );
    // Once White's hand is empty its gates close and are no longer written.
    let mut q = pos.clone();
    play(&rules, &mut q, "e1g1e+h1f1");
    play(&rules, &mut q, "e8g8e+h8f8");
    play(&rules, &mut q, "a1b1h");
    assert_eq!(
        rules.format_position(&q),
        "r3erk1/pppppppp/8/8/8/8/PPPPPPPP/HR2ERK1[h] b a - 3 2"
    );
}

#[test]
fn gating_moves_are_written_as_fairy_stockfish_writes_them_in_san() {
    let rules = table("seirawan");
    let pos = rules.start_position();
    let mv = parse_san(&rules, &pos, "Nc3/H").unwrap();
    assert_eq!(rules.format_move(&pos, mv), "b1c3h");
    assert_eq!(san(&rules, &pos, mv), "Nc3/H");
    assert_eq!(
        rules.describe_move(&pos, mv),
        "b1c3h: the hawk enters b1",
        "what the viewer's choice of moves says"
    );
    let plain = parse_san(&rules, &pos, "Nc3").unwrap();
    assert_eq!(rules.format_move(&pos, plain), "b1c3");
    let castle = position(
        &rules,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkq - 0 1",
    );
    for (text, coords) in [
        ("O-O", "e1g1+h1f1"),
        ("O-O/Ee1", "e1g1e+h1f1"),
        ("O-O/Eh1", "h1f1e+e1g1"),
        ("O-O-O/Ha1", "a1d1h+e1c1"),
    ] {
        let mv = parse_san(&rules, &castle, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(rules.format_move(&castle, mv), coords);
        assert_eq!(san(&rules, &castle, mv), text);
    }
    assert!(
        parse_san(&rules, &castle, "O-O/E").is_err(),
        "two squares: ambiguous"
    );
}

#[test]
fn in_s_house_captured_pieces_drop_and_gate_but_pawns_never_gate() {
    let rules = table("shouse");
    let mut pos = rules.start_position();
    for m in ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3h", "d5a2"] {
        play(&rules, &mut pos, m);
    }
    // White holds a pawn and the elephant: the elephant gates, the pawn only drops.
    let moves = legal(&rules, &pos);
    assert!(moves.contains(&"d1e2e".to_string()), "{moves:?}");
    assert!(
        !moves.iter().any(|m| m.len() == 5 && m.ends_with('p')),
        "{moves:?}"
    );
    assert!(moves.contains(&"P@e2".to_string()));
    play(&rules, &mut pos, "c3b5");
    assert_eq!(
        rules.format_position(&pos),
        "rnb1kbnr/ppp1pppp/8/1N6/8/8/qPPP1PPP/RHBQKBNR[EPehpp] b KQACDEFGHkqabcefgh - 1 4"
    );
}

#[test]
fn random_games_keep_hash_and_undo_exact_with_gates() {
    for name in ["seirawan", "shouse"] {
        let rules: Arc<dyn Rules> = Arc::new(table(name));
        let mut game = Game::new(rules.clone());
        let mut seed = 0x51E1_2A3B_u64;
        let mut gated = 0;
        for _ in 0..120 {
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
            gated += usize::from(mv.promotion.is_some() && !mv.is_drop());
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
        assert!(gated > 0, "{name}: nothing gated in a random game");
    }
}

/// Gating on four axes: the 4D crazyhouse with `[gating]`, a gate written as its file
/// letter and its square's bracket.
#[test]
fn gates_work_on_four_axes() {
    let path = root().join("variants/full-crazyhouse.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let text = text
        .replace(
            "kbnr/pppp/4/4[] w - - 0 1",
            "kbnr/pppp/4/4[Qq] w B[0,0]b[0,1] - 0 1",
        )
        .replace("[drops]", "[gating]\n\n[drops]")
        .replace("name = \"full-crazyhouse\"", "name = \"full-shouse\"");
    let rules = match parse_variant(&text, "full-shouse") {
        Ok(VariantSpec::Table(rules)) => *rules,
        Ok(_) => panic!("not a table variant"),
        Err(e) => panic!("{e}"),
    };
    let mut pos = rules.start_position();
    let start = rules.format_position(&pos);
    assert!(start.ends_with("[Qq] w B[0,0]b[0,1] - 0 1"), "{start}");
    let moves = legal(&rules, &pos);
    // The knight on b1[0,0] may bring the queen in; the one on c1[1,0] may not.
    let gated: Vec<&String> = moves.iter().filter(|m| m.ends_with('q')).collect();
    assert!(!gated.is_empty());
    assert!(gated.iter().all(|m| m.starts_with("b1[0,0]")), "{gated:?}");
    let mv = play(&rules, &mut pos, gated[0]);
    let queen = rules.info().kind_by_letter('Q');
    assert_eq!(pos.piece_at(mv.from).map(|p| p.kind()), queen);
    // White's hand is empty but captures go to hand: its gates stay written (none left).
    assert!(rules.format_position(&pos).contains("[q] b b[0,1] "));
}
