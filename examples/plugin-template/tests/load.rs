//! The built plugin, loaded the way the program loads it: from the variant file
//! `rifle.toml`, through the C ABI, behind `dyn Rules`.

use chess4d_core::{Game, perft};
use chess4d_plugin_api::{PositionData, RulesPlugin, SquareChange};
use std::path::Path;
use std::process::Command;

/// Builds this crate's cdylib (`cargo test` does not build it for tests).
fn build_plugin() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "-p", "chess4d-plugin-template", "--lib"]);
    if !cfg!(debug_assertions) {
        cmd.arg("--release");
    }
    let out = cmd.output().expect("run cargo");
    assert!(
        out.status.success(),
        "building the plugin failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Perft straight through the trait, without the ABI or the host.
fn direct_perft(pos: &PositionData, depth: u32) -> u64 {
    let mut moves = Vec::new();
    rifle_line::RifleLine.legal_moves(&pos.as_ref(), &mut moves);
    if depth <= 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in moves {
        let mut changes: Vec<SquareChange> = Vec::new();
        let state = rifle_line::RifleLine
            .apply_move(&pos.as_ref(), mv, &mut changes)
            .unwrap();
        let mut next = PositionData {
            board: pos.board.clone(),
            state,
        };
        for c in changes {
            next.board[c.square as usize] = c.piece;
        }
        nodes += direct_perft(&next, depth - 1);
    }
    nodes
}

#[test]
fn the_built_plugin_plays_through_the_program() {
    build_plugin();
    let toml = Path::new(env!("CARGO_MANIFEST_DIR")).join("rifle.toml");
    let rules = chess4d_variants::load_file(&toml).expect("rifle.toml and its plugin load");
    assert_eq!(rules.info().name, "rifle-line");
    assert_eq!(rules.info().title, "Rifle chess on a line");

    let mut game = Game::new(rules.clone());
    let shot = game.play_str("cxf").expect("the rook shoots");
    assert_eq!(shot.from.0, 2);
    assert_eq!(rules.format_position(game.position()), "KNR3nk b - - 0 1");
    let mut before = game.position().clone();
    let black = game.legal_moves().to_vec();
    let knight = black
        .iter()
        .copied()
        .find(|m| m.from.0 == 6 && m.to.0 == 4)
        .unwrap();
    assert_eq!(rules.format_move(&before, knight), "ge");
    assert_eq!(rules.describe_move(&before, knight), "knight g-e");
    game.play_str("ge").expect("the knight jumps");
    assert_eq!(rules.format_position(game.position()), "KNR1n2k w - - 1 2");
    let undo = rules.make_move(&mut before, knight);
    rules.unmake_move(&mut before, &undo);
    assert_eq!(before.hash(), before.compute_hash());

    // The same counts through the ABI and straight through the trait.
    let start = rifle_line::RifleLine.start_position();
    for depth in 1..=6 {
        assert_eq!(
            perft(&*rules, &mut rules.start_position(), depth),
            direct_perft(&start, depth),
            "perft({depth})"
        );
    }
    assert!(rules.faults().1.is_none());
}
