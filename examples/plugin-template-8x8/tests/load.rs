//! The built plugin, loaded the way the program loads it: from the variant file
//! `rifle-board.toml`, through the C ABI, behind `dyn Rules`. Its rules are checked through
//! perft figures: after a rule change on purpose, update `PERFT` as the message says.

use chess4d_core::perft;
use chess4d_plugin_api::{Changes, PositionData, RulesPlugin};
use rifle_board as plugin;
use std::path::Path;
use std::process::Command;

/// The variant file beside this crate's Cargo.toml.
const VARIANT_FILE: &str = "rifle-board.toml";

/// Leaf counts of the start position at depths 1, 2, ... (the rules' fingerprint;
/// perft(1) = 50 by hand: rooks 7 each (6 up the file and the shot), knights 3, bishops
/// 7, the queen 14, the king 2 (e2, f2: the black queen's open file guards d2)).
const PERFT: [u64; 3] = [50, 2159, 99016];

/// The rules straight through the trait, without the ABI or the host.
fn rules() -> plugin::RifleBoard {
    plugin::RifleBoard
}

/// Builds this crate's cdylib (`cargo test` does not build it for tests).
fn build_plugin() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "-p", env!("CARGO_PKG_NAME"), "--lib"]);
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
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

/// The library `build_plugin` just built, loaded as the variant file names it.
///
/// Not `chess4d_variants::load_file`: that looks beside the variant file first, where
/// the guide's "Play it" step copies a library, and such a copy is an older build
/// that runs only once trusted with `--trust-plugin`, which `cargo test` cannot give.
/// The test trusts what it built itself: the library in cargo's target folder, beside
/// this test program's `deps/` (a trusted place, as beside the program).
fn built_plugin() -> std::sync::Arc<dyn chess4d_core::Rules> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(VARIANT_FILE);
    let text = std::fs::read_to_string(&file).expect("read the variant file");
    let (name, library) = match chess4d_variants::parse_variant(&text, VARIANT_FILE) {
        Ok(chess4d_variants::VariantSpec::Plugin { name, library }) => (name, library),
        Ok(_) => panic!("{VARIANT_FILE} does not name a plugin (`plugin = \"...\"`)"),
        Err(e) => panic!("{e}"),
    };
    let exe = std::env::current_exe().expect("the test program's path");
    // target/debug/deps/load-* -> target/debug, where cargo puts the library.
    let built = exe
        .parent()
        .and_then(Path::parent)
        .expect("cargo's target folder")
        .to_path_buf();
    let trust = chess4d_variants::PluginTrust::default();
    match chess4d_variants::load_trusted(&name, &library, std::slice::from_ref(&built), &trust) {
        Ok(r) => r,
        Err(e) => panic!(
            "{VARIANT_FILE} names library '{library}', which does not load from {}: {e}",
            built.display()
        ),
    }
}

/// Perft straight through the trait.
fn direct_perft(pos: &PositionData, depth: u32) -> u64 {
    let mut moves = Vec::new();
    rules().legal_moves(&pos.as_ref(), &mut moves);
    if depth <= 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in moves {
        let mut changes = Changes::new();
        let state = match rules().apply_move(&pos.as_ref(), mv, &mut changes) {
            Ok(state) => state,
            Err(e) => panic!("apply_move refused its own legal move {mv:?}: {e}"),
        };
        let mut next = pos.clone();
        next.apply(&changes, state);
        nodes += direct_perft(&next, depth - 1);
    }
    nodes
}

#[test]
fn the_rules_have_their_perft_figures() {
    let start = rules().start_position();
    for (i, &want) in PERFT.iter().enumerate() {
        let depth = i as u32 + 1;
        let got = direct_perft(&start, depth);
        assert_eq!(
            got, want,
            "perft({depth}) of the start position is {got}, tests/load.rs expects {want}: if \
             you changed the rules on purpose, set PERFT[{i}] to {got} (and check the new \
             figure by hand on a small position)"
        );
    }
}

#[test]
fn the_built_plugin_plays_through_the_program() {
    build_plugin();
    let rules_via_host = built_plugin();
    assert_eq!(
        rules_via_host.info().name,
        rules().variant().name,
        "the variant's name in {VARIANT_FILE} and in the plugin's variant()"
    );
    // The same counts through the ABI as straight through the trait.
    let start = rules().start_position();
    for depth in 1..=PERFT.len() as u32 {
        let host = perft(
            &*rules_via_host,
            &mut rules_via_host.start_position(),
            depth,
        );
        assert_eq!(
            host,
            direct_perft(&start, depth),
            "perft({depth}) through the program differs from the plugin's own"
        );
    }
    // Every first move made and taken back leaves the position as it was.
    let mut pos = rules_via_host.start_position();
    let mut moves = Vec::new();
    rules_via_host.legal_moves(&pos, &mut moves);
    for mv in moves {
        let before = pos.clone();
        let undo = rules_via_host.make_move(&mut pos, mv);
        rules_via_host.unmake_move(&mut pos, &undo);
        assert_eq!(pos.hash(), before.hash(), "after taking back {mv:?}");
        assert_eq!(pos.hash(), pos.compute_hash());
    }
    assert!(rules_via_host.faults().1.is_none());
}
