//! Checked positions through the Tensor chess plugin: one impossible position per check,
//! refused with the kind of problem (the plugin's own reader refuses them too; the host
//! names the kind and keeps the plugin's words), and real positions never refused.

use chess4d_core::{FenErrorKind, Move, PositionErrorKind as P, Rules, perft};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root exists")
}

/// Builds the plugin once per test binary, in this test's profile.
fn build_plugin() {
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
            "cargo build failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    });
}

fn tensor() -> Arc<dyn Rules> {
    build_plugin();
    let toml = workspace_root().join("variants/tensor.toml");
    chess4d_variants::load_file(&toml).unwrap_or_else(|e| panic!("tensor.toml loads: {e}"))
}

fn impossible(rules: &dyn Rules, fen: &str, kind: P) {
    match rules.parse_position(fen) {
        Ok(_) => panic!("{fen} was accepted"),
        Err(e) => assert_eq!(e.kind, FenErrorKind::Impossible(kind), "{fen}: {e}"),
    }
}

#[test]
fn tensor_refuses_each_impossible_position() {
    let rules = tensor();
    let r = &*rules;
    impossible(r, "5k4/10/10/10/10/10/10/5R3K w - - 0 1", P::OppositeCheck);
    impossible(r, "10/10/10/10/10/10/10/5K4 w - - 0 1", P::MissingRoyal);
    impossible(r, "5k4/10/10/10/10/10/10/4KK4 w - - 0 1", P::TooManyRoyals);
    impossible(
        r,
        "5k3P/10/10/10/10/10/10/5K4 w - - 0 1",
        P::PawnOnPromotionSquare,
    );
    impossible(
        r,
        "5k4/10/10/10/10/10/10/5K4 w - e6 0 1",
        P::InvalidEnPassant,
    );
    impossible(
        r,
        "5k4/10/10/10/10/10/10/4K5 w K - 0 1",
        P::InvalidCastlingRights,
    );
    impossible(
        r,
        "5k4/10/10/10/10/10/10/5K4 w - - 101 1",
        P::ClockOutOfRange,
    );
    assert_eq!(rules.faults(), (0, None), "a refused position is no fault");
    rules
        .parse_position("5k4/10/10/10/10/10/10/5K3R w K - 0 1")
        .expect("king and rook on their squares keep the right");
}

/// Random play from the start: every position reads back through the checked path to
/// the same position and the same perft.
#[test]
fn tensor_random_play_positions_are_never_refused() {
    let rules = tensor();
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut seen, mut moves): (usize, Vec<Move>) = (0, Vec::new());
    while seen < 1000 {
        let mut pos = rules.start_position();
        for _ in 0..120 {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[next(moves.len())];
            rules.make_move(&mut pos, mv);
            let text = rules.format_position(&pos);
            let back = rules
                .parse_position(&text)
                .unwrap_or_else(|e| panic!("{text} was refused: {e}"));
            assert_eq!(back, pos, "{text}");
            let d = if seen % 10 == 0 { 2 } else { 1 };
            assert_eq!(
                perft(&*rules, &mut back.clone(), d),
                perft(&*rules, &mut pos.clone(), d),
                "{text}"
            );
            seen += 1;
        }
    }
    assert_eq!(rules.faults(), (0, None));
}
