//! ABI version 2 through the loader: pieces in hand, drops and check counters crossing
//! the boundary, checked against the same rules in-process, and every bad answer about
//! them refused with a clear fault.

use super::{load_line, plugin_error};
use crate::plugin_support::{LINE_CHECKS_TOML, LINE_HOUSE_TOML};
use chess4d_core::{Color, Game, Move, PieceKind, Rules, perft};
use chess4d_variants::{PluginError, load_text};

/// Plays the same walk on both rules (a fixed pseudo-random choice among the sorted
/// legal moves) and checks that they agree on moves and position strings all along.
fn walk_together(plugin: &dyn Rules, table: &dyn Rules, plies: usize, seed: u64) -> Vec<Move> {
    let (mut a, mut b) = (plugin.start_position(), table.start_position());
    let mut seed = seed;
    let mut played = Vec::new();
    for ply in 0..plies {
        let (mut ma, mut mb) = (Vec::new(), Vec::new());
        plugin.legal_moves(&a, &mut ma);
        table.legal_moves(&b, &mut mb);
        let key = |m: &Move| (m.from.0, m.to.0, m.promotion.map(|k| k.0));
        ma.sort_by_key(key);
        mb.sort_by_key(key);
        assert_eq!(
            ma,
            mb,
            "legal moves at ply {ply} of {}",
            table.format_position(&b)
        );
        if ma.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = ma[(seed >> 33) as usize % ma.len()];
        plugin.make_move(&mut a, mv);
        table.make_move(&mut b, mv);
        played.push(mv);
        assert_eq!(
            plugin.format_position(&a),
            table.format_position(&b),
            "position strings after {played:?}"
        );
        assert_eq!(
            a.hash(),
            a.compute_hash(),
            "the plugin position's hash is current"
        );
        assert_eq!(a.hash(), b.hash(), "the same position hashes the same");
        assert_eq!(
            plugin.status(&a),
            table.status(&b),
            "status after {played:?}"
        );
    }
    assert!(
        plugin.faults().1.is_none(),
        "no faults: {:?}",
        plugin.faults()
    );
    played
}

#[test]
fn line_crazyhouse_through_the_abi_counts_like_the_table_engine() {
    let rules = load_line("line_house", &["DROPS"]).expect("the C drop plugin loads");
    let table = load_text(LINE_HOUSE_TOML, "line-house.toml", &[]).expect("the twin loads");
    let start = rules.start_position();
    assert!(
        start.has_pockets(),
        "a variant with pockets starts with them"
    );
    assert_eq!(rules.format_position(&start), "KNR2rnk[] w - - 0 1");
    assert_eq!(
        rules.format_position(&start),
        table.format_position(&table.start_position())
    );
    for depth in 1..=6 {
        let a = perft(&*rules, &mut rules.start_position(), depth);
        let b = perft(&*table, &mut table.start_position(), depth);
        assert_eq!(
            a, b,
            "perft({depth}) of the C drop plugin and the table engine"
        );
    }
    let mut drops = 0;
    for seed in 1..=12 {
        drops += walk_together(&*rules, &*table, 40, seed)
            .iter()
            .filter(|m| m.is_drop())
            .count();
    }
    assert!(drops > 10, "the walks dropped pieces ({drops} drops)");
}

#[test]
fn a_drop_crosses_the_boundary_and_comes_back_in_hand() {
    let rules = load_line("line_house_drop", &["DROPS"]).expect("it loads");
    let rook = PieceKind(2);
    let mut game = Game::new(rules.clone());
    // The knight takes the rook: it goes to White's hand.
    for mv in ["bd", "ge", "df"] {
        game.play_str(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert_eq!(
        rules.format_position(game.position()),
        "K1R1nN1k[R] b - - 0 2"
    );
    assert_eq!(game.position().in_hand(Color::White, rook), 1);
    let reply = game.legal_moves()[0];
    game.play(reply).expect("Black replies");

    let mut pos = game.position().clone();
    let before = pos.clone();
    let drops: Vec<Move> = game
        .legal_moves()
        .iter()
        .copied()
        .filter(Move::is_drop)
        .collect();
    assert!(!drops.is_empty(), "White may drop the rook");
    assert!(drops.iter().all(|d| d.dropped() == Some(rook)), "{drops:?}");
    let drop = drops[0];
    let undo = rules.try_make_move(&mut pos, drop).expect("the drop plays");
    assert_eq!(pos.in_hand(Color::White, rook), 0, "it left the hand");
    assert_eq!(
        pos.piece_at(drop.to).map(|p| (p.kind(), p.color())),
        Some((rook, Color::White))
    );
    assert_eq!(pos.hash(), pos.compute_hash(), "the hash sees the hand");
    assert_ne!(pos.hash(), before.hash());
    rules.unmake_move(&mut pos, &undo);
    assert_eq!(pos, before, "unmaking restores board and hand");

    // In words: the host's notation of a drop and its position string.
    let text = rules.format_move(game.position(), drop);
    assert!(text.starts_with("R@"), "{text}");
    game.play_str(&text).expect("the drop reads back");
    let shown = rules.format_position(game.position());
    assert!(shown.contains("[]"), "the hand is empty again: {shown}");
    assert_eq!(
        rules.parse_position(&shown).expect("reads back"),
        *game.position()
    );
    assert!(rules.faults().1.is_none());
}

#[test]
fn line_three_check_counters_cross_the_abi_like_the_table_engine() {
    let rules = load_line("line_checks", &["CHECKS"]).expect("the C n-check plugin loads");
    let table = load_text(LINE_CHECKS_TOML, "line-checks.toml", &[]).expect("the twin loads");
    let start = rules.start_position();
    assert_eq!(start.counters(), Some([3, 3]));
    assert_eq!(rules.format_position(&start), "KNR2rnk w - - 3+3 0 1");
    for depth in 1..=8 {
        let a = perft(&*rules, &mut rules.start_position(), depth);
        let b = perft(&*table, &mut table.start_position(), depth);
        assert_eq!(
            a, b,
            "perft({depth}) of the C n-check plugin and the table engine"
        );
    }
    let (mut checks, mut won) = (0, 0);
    for seed in 1..=12 {
        let played = walk_together(&*rules, &*table, 60, seed);
        let mut pos = rules.start_position();
        for mv in played {
            rules.make_move(&mut pos, mv);
        }
        let [w, b] = pos.counters().expect("counters kept");
        checks += (6 - w - b) as u32;
        if let chess4d_core::Status::Ended { winner, reason } = rules.status(&pos) {
            assert_eq!(reason, chess4d_core::Reason::Checks);
            assert_eq!(
                winner,
                Some(if w == 0 { Color::White } else { Color::Black })
            );
            won += 1;
        }
    }
    assert!(checks > 5, "the walks gave checks ({checks})");
    assert!(won > 0, "some walk ended by the last check");
    let read = rules
        .parse_position("KNR2rnk w - - 1+2 0 1")
        .expect("counters read");
    assert_eq!(read.counters(), Some([1, 2]));
    let err = rules
        .parse_position("KNR2rnk w - - 4+3 0 1")
        .expect_err("out of range");
    assert!(err.message.contains("0-3"), "{err}");
}

#[test]
fn a_plugin_of_the_old_abi_version_is_refused_with_a_clear_error() {
    let e = plugin_error(load_line("abi_1", &["OLD_ABI_VERSION"]));
    assert!(matches!(e, PluginError::AbiVersion { found: 1, .. }), "{e}");
    let msg = e.to_string();
    assert!(msg.contains("version 1") && msg.contains("older"), "{msg}");
    assert!(
        msg.contains("speaks version 2") && msg.contains("rebuild"),
        "{msg}"
    );
}

#[test]
fn a_drop_of_a_kind_not_in_hand_is_dropped_and_reported() {
    let rules = load_line("drop_not_in_hand", &["DROPS", "FAULT_DROP_NOT_IN_HAND"]).expect("loads");
    let table = load_text(LINE_HOUSE_TOML, "line-house.toml", &[]).unwrap();
    let mut moves = Vec::new();
    rules.legal_moves(&rules.start_position(), &mut moves);
    assert_eq!(moves.len(), 4, "the bad drop is left out: {moves:?}");
    let fault = rules.faults().1.expect("recorded");
    assert!(
        fault.contains("drop of a rook") && fault.contains("holds no rook"),
        "{fault}"
    );
    // The rest of the game is unharmed.
    assert_eq!(
        perft(&*rules, &mut rules.start_position(), 3),
        perft(&*table, &mut table.start_position(), 3)
    );
}

#[test]
fn a_hand_change_that_breaks_the_rules_of_drops_is_not_applied() {
    let rules = load_line("hand_wrong_side", &["DROPS", "FAULT_HAND_WRONG_SIDE"]).expect("loads");
    let mut pos = rules
        .parse_position("KN3Rnk[R] w - - 0 2")
        .expect("a hand to drop from");
    let before = pos.clone();
    let drop = Move::drop(PieceKind(2), chess4d_core::Square(2));
    let err = rules.try_make_move(&mut pos, drop).expect_err("refused");
    assert_eq!(err.kind, chess4d_core::MoveErrorKind::Fault);
    assert!(
        err.message.contains("mover's hand") && err.message.contains("not played"),
        "{err}"
    );
    assert_eq!(pos, before, "nothing of it reached the position");
}

#[test]
fn pocket_counts_out_of_range_and_bad_declarations_are_load_errors() {
    let e = plugin_error(load_line("hand_range", &["DROPS", "FAULT_HAND_RANGE"]));
    let msg = e.to_string();
    assert!(matches!(e, PluginError::BadVariant { .. }), "{msg}");
    assert!(
        msg.contains("start position") && msg.contains("9 pieces") && msg.contains("out of range"),
        "{msg}"
    );

    let e = plugin_error(load_line("pockets_two", &["FAULT_POCKETS_TWO"]));
    assert!(e.to_string().contains("pockets is 2"), "{e}");
}

#[test]
fn counters_and_pockets_of_a_variant_that_declares_none_are_refused() {
    // Plain line chess reads no counter field: the core's reader refuses the string.
    let rules = load_line("line_plain_counters", &[]).expect("loads");
    assert!(rules.parse_position("KNR2rnk w - - 3+3 0 1").is_err());
    assert!(!rules.start_position().has_pockets());
    assert_eq!(rules.start_position().counters(), None);
}

#[test]
fn crazyhouse_through_the_abi_counts_like_the_table_engine() {
    // Drops, pieces in hand and promoted marks (a captured `Q~` goes to hand as a pawn)
    // cross the ABI; the host writes and reads the pockets of the position strings.
    let dir = crate::plugin_support::build_example("crazyhouse_plugin");
    let plugin = chess4d_variants::load_plugin("crazyhouse-plugin", "crazyhouse_plugin", &[dir])
        .expect("it loads");
    let text = include_str!("../../../../variants/crazyhouse.toml");
    let direct = load_text(text, "crazyhouse.toml", &[]).expect("the catalog's crazyhouse");
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            3,
        ),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pp] w KQkq - 0 4",
            2,
        ),
        ("k7/8/8/8/8/8/1q6/Q~3K3[Nn] b - - 0 1", 3),
        ("4k3/1P6/8/8/8/8/8/4K3[Rb] w - - 0 1", 3),
    ];
    for (fen, depth) in cases {
        let a = direct.parse_position(fen).expect("the table reads it");
        let b = plugin
            .parse_position(fen)
            .expect("the host reads it for the plugin");
        assert_eq!(
            plugin.format_position(&b),
            direct.format_position(&a),
            "{fen}"
        );
        assert_eq!(
            b.hash(),
            a.hash(),
            "{fen}: the same hash, pockets and marks included"
        );
        assert_eq!(
            perft(&*plugin, &mut b.clone(), depth),
            perft(&*direct, &mut a.clone(), depth),
            "perft({depth}) of {fen}"
        );
    }
    for seed in 1..=4 {
        walk_together(&*plugin, &*direct, 30, seed);
    }
    assert!(plugin.faults().1.is_none(), "{:?}", plugin.faults().1);
}

#[test]
fn counters_above_the_limit_and_marks_on_empty_squares_are_not_applied() {
    for (name, defines, words) in [
        (
            "counter_range",
            &["CHECKS", "FAULT_COUNTER_RANGE"][..],
            "out of range: each is 0 to 3",
        ),
        (
            "mark_emptied",
            &["DROPS", "FAULT_MARK_EMPTIED"][..],
            "marks the emptied square",
        ),
        (
            "mark_no_pockets",
            &["FAULT_MARK_EMPTIED"][..],
            "variant without pockets",
        ),
    ] {
        let rules = load_line(name, defines).expect("it loads");
        let mut game = Game::new(rules.clone());
        let before = game.position().clone();
        let err = game
            .play_str("bd")
            .expect_err("the answer fails the checks");
        assert!(err.to_string().contains(words), "{name}: {err}");
        assert_eq!(game.position(), &before, "{name}: nothing was played");
        assert!(game.moves().is_empty());
    }
}
