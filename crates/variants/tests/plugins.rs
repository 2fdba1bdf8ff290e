//! Rule plugins through the loader: a C plugin that plays, and one test per fault
//! (missing file, no entry symbol, wrong ABI version, a panic, nonsense answers), each
//! with a clear message and a program that keeps working.

mod plugin_support;
#[path = "plugins/pockets.rs"]
mod pockets;

use chess4d_core::{Game, IllegalMoveKind, MoveErrorKind, Rules, Square, perft};
use chess4d_variants::{
    Catalog, LoadError, PluginError, PluginRules, PluginTrust, load_plugin, load_text,
};
use plugin_support::{LINE_TOML, build_example, compile_line_chess, temp_dir};
use std::sync::Arc;

fn load_line(name: &str, defines: &[&str]) -> Result<Arc<dyn Rules>, LoadError> {
    let dir = compile_line_chess(name, defines);
    load_plugin("line", name, &[dir])
}

fn plugin_error(r: Result<Arc<dyn Rules>, LoadError>) -> PluginError {
    match r {
        Err(LoadError::PluginLibrary(e)) => e,
        Err(other) => panic!("expected a plugin error, got: {other}"),
        Ok(_) => panic!("expected a plugin error, the plugin loaded"),
    }
}

#[test]
fn c_plugin_describes_itself_and_matches_the_table_engine() {
    let rules = load_line("line_chess", &[]).expect("the C plugin loads");
    let info = rules.info();
    assert_eq!(info.name, "line", "the catalog's name wins");
    assert_eq!(info.title, "1-D chess");
    assert_eq!(info.shape.to_string(), "8");
    let letters: String = info.pieces.iter().map(|p| p.letter).collect();
    assert_eq!(letters, "KNR");
    assert!(info.pieces[0].royal && !info.pieces[1].royal);
    assert_eq!(info.pieces[2].name, "rook");
    let start = rules.start_position();
    assert_eq!(rules.format_position(&start), "KNR2rnk w - - 0 1");
    assert_eq!(start.hash(), start.compute_hash());
    assert_eq!(start.king(chess4d_core::Color::Black), Some(Square(7)));

    let table = load_text(LINE_TOML, "line.toml", &[]).expect("the TOML twin loads");
    for depth in 1..=7 {
        let a = perft(&*rules, &mut rules.start_position(), depth);
        let b = perft(&*table, &mut table.start_position(), depth);
        assert_eq!(a, b, "perft({depth}) of the C plugin and the table engine");
    }
    assert_eq!(perft(&*rules, &mut rules.start_position(), 1), 4);
    assert!(rules.faults().1.is_none(), "no faults in normal play");
}

#[test]
fn c_plugin_plays_a_game_with_host_defaults() {
    let rules = load_line("line_chess_game", &[]).expect("the C plugin loads");
    let mut game = Game::new(rules.clone());
    // Both knights jump: host notation, host parsing, plugin moves.
    game.play_str("bd").expect("white knight jumps");
    assert_eq!(rules.format_position(game.position()), "K1RN1rnk b - - 1 1");
    game.play_str("ge").expect("black knight jumps");
    assert_eq!(rules.format_position(game.position()), "K1RNnr1k w - - 2 2");
    assert!(
        game.play_str("ac").is_err(),
        "a king step of two is refused"
    );
    assert_eq!(game.notation().collect::<Vec<_>>(), ["bd", "ge"]);
    // Rook takes rook leaves Black stalemated: the host's default status.
    let pos = rules.parse_position("KNR2rnk w - - 0 1").unwrap();
    let mut p = pos.clone();
    let mv = rules.parse_move(&p, "cf").unwrap();
    rules.make_move(&mut p, mv);
    assert_eq!(rules.status(&p), chess4d_core::Status::Stalemate);
    let pos = rules
        .parse_position("K6k w - - 0 1")
        .expect("the host's FEN reader works for a plugin");
    assert_eq!(
        rules.status(&pos),
        chess4d_core::Status::InsufficientMaterial
    );
    // Make/unmake through the host restores everything, hash included.
    let mut p = rules.start_position();
    let before = p.clone();
    let mut moves = Vec::new();
    rules.legal_moves(&p, &mut moves);
    for &mv in &moves {
        let undo = rules.make_move(&mut p, mv);
        assert_eq!(p.hash(), p.compute_hash());
        rules.unmake_move(&mut p, &undo);
        assert_eq!(p, before);
    }
    assert_eq!(
        rules.move_path(&p, moves[0]),
        vec![moves[0].from, moves[0].to]
    );
}

#[test]
fn a_variant_file_naming_the_plugin_joins_the_catalog() {
    let lib_dir = compile_line_chess("line_chess_catalog", &[]);
    let dir = temp_dir("catalog");
    std::fs::write(
        dir.join("line.toml"),
        "[variant]\nname = \"line\"\nplugin = \"line_chess_catalog\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("ghost.toml"),
        "[variant]\nname = \"ghost\"\nplugin = \"no-such-plugin\"\n",
    )
    .unwrap();
    for entry in std::fs::read_dir(&lib_dir).unwrap() {
        let p = entry.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&dir);
    // A library in a variant folder runs only once trusted.
    match catalog.get("line") {
        Err(LoadError::PluginLibrary(e)) => assert!(e.untrusted().is_some(), "{e}"),
        Err(e) => panic!("expected a trust question, got: {e}"),
        Ok(_) => panic!("an untrusted library was loaded"),
    }
    catalog.set_trust(PluginTrust::in_data_dir(&dir.join("data")).trusting_new(true));
    let line = catalog
        .get("line")
        .expect("the plugin variant is in the catalog");
    let table = load_text(LINE_TOML, "line.toml", &[]).unwrap();
    assert_eq!(
        perft(&*line, &mut line.start_position(), 3),
        perft(&*table, &mut table.start_position(), 3)
    );
    let ghost = catalog.get("ghost").map(|_| ()).unwrap_err().to_string();
    assert!(
        ghost.contains("rule plugin 'no-such-plugin' not found"),
        "{ghost}"
    );
    assert!(
        ghost.contains("libno_such_plugin.so") || !cfg!(target_os = "linux"),
        "{ghost}"
    );
    // The rest of the catalog is untouched.
    let full = catalog.get("full").expect("built-ins still load");
    assert!(perft(&*full, &mut full.start_position(), 1) > 0);
}

#[test]
fn missing_file_lists_where_it_looked() {
    let dir = temp_dir("missing");
    let e = plugin_error(load_plugin("x", "not-here", std::slice::from_ref(&dir)));
    let msg = e.to_string();
    assert!(matches!(e, PluginError::NotFound { .. }));
    assert!(msg.contains(&dir.display().to_string()), "{msg}");
    assert!(msg.contains("CHESS4D_PLUGIN_PATH"), "{msg}");
}

#[test]
fn a_file_that_is_not_a_library_gives_the_loaders_reason() {
    let dir = temp_dir("garbage");
    let file = dir.join(format!(
        "{}garbage{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    std::fs::write(&file, "this is not a shared library\n".repeat(20)).unwrap();
    let e = plugin_error(load_plugin("x", "garbage", &[dir]));
    let msg = e.to_string();
    assert!(matches!(e, PluginError::Open { .. }), "{msg}");
    assert!(msg.contains(&file.display().to_string()), "{msg}");
    // libloading's own text is "dlopen failed"; the system's reason must follow it.
    if cfg!(all(target_os = "linux", target_env = "gnu")) {
        assert!(msg.contains("invalid ELF header"), "{msg}");
    } else {
        assert!(msg.len() > file.display().to_string().len() + 40, "{msg}");
    }
}

#[test]
fn a_library_without_the_entry_symbol_is_refused() {
    let e = plugin_error(load_line("no_entry", &["FAULT_NO_ENTRY"]));
    let msg = e.to_string();
    assert!(matches!(e, PluginError::NoEntry { .. }), "{msg}");
    assert!(msg.contains("chess4d_plugin_entry"), "{msg}");
    assert!(msg.contains("not a chess4d rule plugin"), "{msg}");
}

#[test]
fn a_plugin_of_another_abi_version_is_refused_before_use() {
    let e = plugin_error(load_line("abi_99", &["FAULT_ABI_VERSION"]));
    assert!(
        matches!(e, PluginError::AbiVersion { found: 99, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("rebuild the plugin"), "{e}");
}

#[test]
fn a_bad_start_position_is_a_load_error() {
    let e = plugin_error(load_line("bad_start", &["FAULT_BAD_START"]));
    let msg = e.to_string();
    assert!(matches!(e, PluginError::BadVariant { .. }), "{msg}");
    assert!(
        msg.contains("start position") && msg.contains("piece code 77"),
        "{msg}"
    );
}

#[test]
fn text_that_is_not_utf8_is_a_load_error() {
    let e = plugin_error(load_line("bad_text", &["FAULT_BAD_TEXT"]));
    let msg = e.to_string();
    assert!(matches!(e, PluginError::BadVariant { .. }), "{msg}");
    assert!(msg.contains("title") && msg.contains("not UTF-8"), "{msg}");
}

#[test]
fn moves_to_squares_off_the_board_are_dropped_and_reported() {
    let rules = load_line("bad_square", &["FAULT_BAD_SQUARE"]).expect("it loads");
    let mut game = Game::new(rules.clone());
    assert_eq!(
        game.legal_moves().len(),
        4,
        "the bad move is dropped, the rest kept"
    );
    let fault = rules.faults().1.expect("the fault is recorded");
    assert!(
        fault.contains("off the board") && fault.contains("200"),
        "{fault}"
    );
    assert!(
        game.fault().is_some_and(|f| f.contains("off the board")),
        "the game knows its position's answers came with a fault"
    );
    game.play_str("bd").expect("the game goes on");
    assert_eq!(rules.format_position(game.position()), "K1RN1rnk b - - 1 1");
    assert!(game.outcome().is_none(), "a fault never ends the game");
}

#[test]
fn a_parsed_move_outside_the_plugins_own_list_is_refused() {
    let rules = load_line("not_in_list", &["FAULT_NOT_IN_LIST"]).expect("it loads");
    let mut game = Game::new(rules.clone());
    let before = game.position().clone();
    let err = game.play_str("bd").unwrap_err().to_string();
    assert!(err.contains("not among its own legal moves"), "{err}");
    assert_eq!(game.position(), &before, "the game is intact");
    let fault = rules.faults().1.expect("recorded");
    assert!(
        fault.contains("parse_move") && fault.contains("ah"),
        "{fault}"
    );
    // Moves chosen from the list (as the viewer does) still play.
    let mv = game.legal_moves()[0];
    game.play(mv).expect("a listed move plays");
}

#[test]
fn an_impossible_board_change_is_not_applied() {
    let rules = load_line("bad_piece", &["FAULT_APPLY_BAD_PIECE"]).expect("it loads");
    let mut pos = rules.start_position();
    let before = pos.clone();
    let mut moves = Vec::new();
    rules.legal_moves(&pos, &mut moves);
    let undo = rules.make_move(&mut pos, moves[0]);
    assert_eq!(pos, before, "nothing of the refused move reached the board");
    rules.unmake_move(&mut pos, &undo);
    assert_eq!(pos, before);
    let (count, fault) = rules.faults();
    let fault = fault.expect("recorded");
    assert!(
        fault.contains("piece code 99") && fault.contains("not played"),
        "{fault}"
    );
    assert!(count >= 1);
}

#[test]
fn a_game_never_records_a_move_the_plugin_could_not_apply() {
    let rules = load_line("bad_piece_game", &["FAULT_APPLY_BAD_PIECE"]).expect("it loads");
    let mut game = Game::new(rules.clone());
    let before = game.position().clone();
    let mv = game.legal_moves()[0];
    let err = game
        .play(mv)
        .expect_err("the plugin's answer fails the host's checks");
    assert_eq!(
        err.kind(),
        IllegalMoveKind::Refused(MoveErrorKind::Fault),
        "{err}"
    );
    assert_eq!(game.moves().len(), 0, "nothing was recorded");
    assert_eq!(game.position(), &before, "the board is unchanged");
    let shown = game.fault().expect("the game reports the fault");
    assert!(shown.contains("piece code 99"), "{shown}");
    let (count, latest) = rules.faults();
    assert!(count >= 1 && latest.is_some_and(|f| f.contains("not played")));
    // Through the move's text the same refusal comes back.
    let text = rules.format_move(game.position(), mv);
    let err = game.play_str(&text).expect_err("refused again");
    assert!(matches!(err.kind(), IllegalMoveKind::Refused(_)), "{err}");
    assert_eq!(game.moves().len(), 0);
}

#[test]
fn a_panicking_plugin_is_caught_and_the_program_goes_on() {
    let dir = build_example("panicky_plugin");
    let plugin = PluginRules::load("panicky", "panicky_plugin", &[dir]).expect("it loads");
    let rules: Arc<dyn Rules> = plugin.clone();
    let mut game = Game::new(rules.clone());
    assert_eq!(game.legal_moves().len(), 1);
    let mv = game.legal_moves()[0];
    game.play(mv).expect("first ply");
    assert!(plugin.last_fault().is_none());
    let mv = game.legal_moves()[0];
    // After this ply the plugin's legal_moves panics: the game gets no moves and the
    // fault is recorded, and nothing crashes.
    game.play(mv).expect("second ply");
    let fault = plugin.take_fault().expect("the panic is recorded");
    assert!(
        fault.contains("panicked") && fault.contains("gave up after two plies"),
        "{fault}"
    );
    let mut moves = Vec::new();
    rules.legal_moves(game.position(), &mut moves);
    assert!(moves.is_empty());
    assert!(rules.faults().1.is_some(), "found through dyn Rules too");
    // parse_move panics too: an error value with the panic's message.
    let err = rules
        .parse_move(game.position(), "bc")
        .unwrap_err()
        .to_string();
    assert!(err.contains("parse_move exploded"), "{err}");
    // The game is intact and the plugin still answers.
    assert_eq!(rules.format_position(game.position()), "1K1k1 w - - 2 2");
    assert_eq!(game.moves().len(), 2);
    assert!(rules.is_attacked(game.position(), Square(2), chess4d_core::Color::Black));
    let mut attackers = Vec::new();
    rules.attackers(
        game.position(),
        Square(2),
        chess4d_core::Color::White,
        &mut attackers,
    );
    assert_eq!(attackers, [Square(1)]);
}

#[test]
fn orthodox_chess_through_the_abi_counts_like_the_table_engine() {
    // Castling (a second piece), en passant (a capture away from `to`) and promotion all
    // cross the ABI here, and come back as square changes.
    let dir = build_example("orthodox_plugin");
    let plugin = load_plugin("orthodox-plugin", "orthodox_plugin", &[dir]).expect("it loads");
    let direct = Catalog::embedded().get("orthodox").unwrap();
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 2),
    ];
    for (fen, depth) in cases {
        let a = direct.parse_position(fen).unwrap();
        let b = plugin.parse_position(fen).unwrap();
        assert_eq!(
            perft(&*plugin, &mut b.clone(), depth),
            perft(&*direct, &mut a.clone(), depth),
            "{fen}"
        );
    }
    assert!(plugin.faults().1.is_none(), "{:?}", plugin.faults().1);
}
