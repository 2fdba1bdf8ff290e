//! SAN through the built plugin (variants/tensor.toml, as chess4d loads it): every legal
//! move of random-play positions reads back from what `san` writes, the moves SAN cannot
//! say (pushes of a monster) keep the plugin's own notation, and so does castling, which goes two ways on each side.
//!
//! Like plugin_abi.rs, the first test builds the plugin's library with cargo.

use chess4d_core::{Move, Rules, parse_notation, san, san_moves};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root exists")
}

/// The rules from variants/tensor.toml, through the plugin built once per test binary.
fn tensor_rules() -> Arc<dyn Rules> {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args(["build", "-p", "tensor-chess", "--lib"])
            .current_dir(workspace_root());
        if !cfg!(debug_assertions) {
            cmd.arg("--release");
        }
        let out = cmd.output().expect("run cargo");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    });
    let toml = workspace_root().join("variants/tensor.toml");
    chess4d_variants::load_file(&toml).unwrap_or_else(|e| panic!("tensor.toml loads: {e}"))
}

#[test]
fn every_move_of_random_play_reads_back_from_its_san() {
    let rules = tensor_rules();
    let mut seed: u64 = 0x7e45;
    let mut moves: Vec<Move> = Vec::new();
    let (mut checked, mut foreign) = (0, 0);
    for _ in 0..4 {
        let mut pos = rules.start_position();
        for _ in 0..80 {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let names = san_moves(&*rules, &pos, &moves);
            let distinct: BTreeSet<&String> = names.iter().collect();
            assert_eq!(distinct.len(), names.len(), "{names:?}");
            for (&mv, name) in moves.iter().zip(&names) {
                let fen = rules.format_position(&pos);
                assert_eq!(
                    parse_notation(&*rules, &pos, name),
                    Ok(mv),
                    "{name} in {fen}"
                );
                checked += 1;
                foreign += usize::from(*name == rules.format_move(&pos, mv));
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = moves[((seed >> 33) as usize) % moves.len()];
            rules.make_move(&mut pos, mv);
        }
    }
    assert!(checked > 2000, "{checked} moves");
    assert!(foreign > 0, "some moves keep the plugin's notation");
}

#[test]
fn pushes_and_two_way_castling_keep_the_plugin_notation() {
    let rules = tensor_rules();
    let start = rules.start_position();
    let push = rules
        .parse_move(&start, "a1b1>a1")
        .expect("the rook pushes");
    assert_eq!(san(&*rules, &start, push), "a1b1>a1");
    let knight = rules.parse_move(&start, "c1d3").expect("a knight move");
    assert_eq!(san(&*rules, &start, knight), "Nd3");
    let castle = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    let pos = rules.parse_position(castle).expect("fen");
    let mut legal = Vec::new();
    rules.legal_moves(&pos, &mut legal);
    let names = san_moves(&*rules, &pos, &legal);
    // Tensor chess lets the king castle two ways on each side, so `O-O` would not say
    // which: castling keeps the plugin's notation, as a push does.
    for castling in ["f1i1+j1h1", "f1h1+j1g1", "f1b1+a1c1", "f1c1+a1d1"] {
        assert!(names.iter().any(|n| n == castling), "{names:?}");
    }
    assert!(!names.iter().any(|n| n.starts_with("O-O")), "{names:?}");
    assert!(names.iter().any(|n| n == "Rxa8+"), "{names:?}");
}
