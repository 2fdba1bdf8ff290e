//! Sittuyin: the setup by drops (own three ranks, rooks on the first, no board move
//! before the hand is empty) and the promotion to a general as a move of its own.

use chess4d_core::{Position, Rules, TableRules, parse_notation, san};
use chess4d_variants::{VariantSpec, parse_variant};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn sittuyin() -> TableRules {
    let path = root().join("variants/sittuyin.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match parse_variant(&text, &path.display().to_string()) {
        Ok(VariantSpec::Table(rules)) => *rules,
        Ok(_) => panic!("sittuyin is not a table variant"),
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

/// The promotion moves among the legal moves (they end in the general's letter).
fn promotions(rules: &TableRules, pos: &Position) -> Vec<String> {
    legal(rules, pos)
        .into_iter()
        .filter(|m| m.ends_with('f'))
        .collect()
}

#[test]
fn the_setup_drops_every_piece_into_the_own_three_ranks_before_any_move() {
    let rules = sittuyin();
    let mut pos = rules.start_position();
    let moves = legal(&rules, &pos);
    // 20 empty squares of ranks 1-3 for the king, elephants, general and knights, the
    // rook only on the 8 of rank 1, and not one pawn move.
    assert_eq!(moves.len(), 4 * 20 + 8, "{moves:?}");
    assert!(moves.iter().all(|m| m.contains('@')));
    assert!(
        moves
            .iter()
            .filter(|m| m.starts_with("R@"))
            .all(|m| m.ends_with('1'))
    );
    for m in [
        "K@e2", "r@a8", "S@d2", "s@e7", "F@c2", "f@d7", "R@a1", "r@h8", "N@b2", "n@g7", "N@g1",
        "n@b8", "S@f1", "s@c8", "R@h1", "k@e8",
    ] {
        // Drops are written with the capital letter for either side.
        let text = format!("{}{}", m[..1].to_ascii_uppercase(), &m[1..]);
        let mv = rules
            .parse_move(&pos, &text)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
        rules.make_move(&mut pos, mv);
    }
    assert_eq!(
        rules.format_position(&pos),
        "rns1k2r/3fs1n1/4pppp/pppp4/4PPPP/PPPP4/1NFSK3/R4SNR[] w - - 16 9"
    );
    // The hands are empty: the pieces move now.
    assert!(legal(&rules, &pos).iter().any(|m| m == "e4e5"));
}

#[test]
fn fairy_stockfish_position_strings_round_trip() {
    let rules = sittuyin();
    let text = std::fs::read_to_string(root().join("tests/fsf/sittuyin.perft"))
        .unwrap_or_else(|e| panic!("{e}"));
    for fen in text.lines().filter_map(|l| l.strip_prefix("fen ")) {
        let pos = position(&rules, fen);
        assert_eq!(rules.format_position(&pos), fen);
    }
}

#[test]
fn a_pawn_on_the_long_diagonals_becomes_a_general_in_place_or_diagonally() {
    let rules = sittuyin();
    // White's pawns on e5 and c6 stand on the diagonals, d4 does not; a general on d6
    // would attack the king on c7, and e5-d4 is taken.
    let pos = position(&rules, "8/2k5/2P3p1/4P3/3P4/8/2K2s2/8[] w - - 0 1");
    assert_eq!(
        promotions(&rules, &pos),
        [
            "c6b5f", "c6b7f", "c6c6f", "c6d5f", "c6d7f", "e5e5f", "e5f4f", "e5f6f"
        ]
    );
    // Once White has a general, no pawn promotes.
    let mut after = pos.clone();
    let mv = rules.parse_move(&pos, "e5e5f").unwrap();
    rules.make_move(&mut after, mv);
    assert_eq!(
        rules.format_position(&after),
        "8/2k5/2P3p1/4F3/3P4/8/2K2s2/8[] b - - 0 1"
    );
    let mv = rules.parse_move(&after, "g6g5").unwrap();
    rules.make_move(&mut after, mv);
    assert!(promotions(&rules, &after).is_empty());
}

#[test]
fn the_last_pawn_promotes_anywhere_but_never_to_attack_or_give_check() {
    let rules = sittuyin();
    // c4 is off the diagonals, but it is White's last pawn.
    let pos = position(&rules, "3k4/8/8/8/2P5/8/6p1/4K3[] w - - 0 1");
    assert_eq!(
        promotions(&rules, &pos),
        ["c4b3f", "c4b5f", "c4c4f", "c4d3f", "c4d5f"]
    );
    // In SAN a diagonal promotion is the pawn's move; one in place keeps its coordinates.
    for (text, written) in [("d5=F", "d5=F"), ("c4c4f", "c4c4f")] {
        let mv = parse_notation(&rules, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(san(&rules, &pos, mv), written);
    }
    // A general on d7 would check the king on c8; one on f5 would attack the rook g4.
    let pos = position(&rules, "2k5/8/4P3/8/6r1/8/8/4K3[] w - - 0 1");
    assert_eq!(promotions(&rules, &pos), ["e6d5f", "e6e6f", "e6f7f"]);
}
