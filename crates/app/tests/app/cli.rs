//! The command-line verbs end to end: output shape, exit codes, errors without panics.

use std::process::{Command, Output};

fn chess4d(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args(args)
        .env(
            "CHESS4D_VARIANTS",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
        )
        .output()
        .expect("run chess4d")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn perft_divide_lists_every_move_and_ends_with_the_total() {
    let o = chess4d(&["perft", "--variant", "full", "--depth", "2", "--divide"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 49, "48 moves and the total");
    assert_eq!(*lines.last().unwrap(), "2116");
    let sum: u64 = lines[..48]
        .iter()
        .map(|l| l.rsplit_once(": ").unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 2116);
    let plain = chess4d(&["perft", "--variant", "classic", "--depth", "3"]);
    assert_eq!(stdout(&plain).trim(), "118857");
}

#[test]
fn moves_prints_one_legal_move_per_line() {
    let o = chess4d(&["moves", "--variant", "orthodox"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 20);
    assert!(out.lines().any(|l| l == "e2e4"));
    let o = chess4d(&[
        "moves",
        "--variant",
        "full",
        "--fen",
        "4/4/4/R3|4/4/4/3K|4/4/4/k3|4/4/4/4 b - - 0 1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).lines().any(|l| l == "a1[0,1]a1[0,0]"),
        "the king takes the rook along W"
    );
}

#[test]
fn variants_lists_the_catalog() {
    let o = chess4d(&["variants"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for name in ["full", "classic", "orthodox", "raumschach"] {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{name}\t"))),
            "{name} in\n{out}"
        );
    }
    assert!(out.contains("4x4x2x2") && out.contains("5x5x5"));
}

#[test]
fn check_validates_a_file_and_locates_errors() {
    let good = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants/raumschach.toml"
    );
    let o = chess4d(&["check", good]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("ok: raumschach"));

    let dir = std::env::temp_dir().join(format!("chess4d-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    let text = std::fs::read_to_string(good)
        .unwrap()
        .replace("value = 250", "value = \"x\"");
    std::fs::write(&bad, text).unwrap();
    let o = chess4d(&["check", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("bad.toml:46:9:") && err.contains("value = \"x\""),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    for args in [
        vec!["perft", "--variant", "nope", "--depth", "1"],
        vec!["perft", "--fen", "garbage", "--depth", "1"],
        vec!["perft", "--depth", "x"],
        vec!["moves", "--variant", "/no/such/file.toml"],
        vec!["check", "/no/such/file.toml"],
        vec!["frobnicate"],
    ] {
        let o = chess4d(&args);
        assert!(!o.status.success(), "{args:?} should fail");
        let err = stderr(&o);
        assert!(!err.is_empty(), "{args:?}: says why");
        assert!(
            !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    let cases = [
        // Black in check with White to move, on 8x8 and across W on the 4D board.
        ("orthodox", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "in check"),
        (
            "full",
            "4/4/4/k3|4/4/4/4|4/4/4/R3|4/4/4/K3 w - - 0 1",
            "in check",
        ),
        (
            "orthodox",
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            "Black has 0 kings",
        ),
        (
            "orthodox",
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            "White has 2 kings",
        ),
        ("orthodox", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "promoted"),
        ("orthodox", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en-passant"),
        (
            "orthodox",
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "castling right 'K'",
        ),
        (
            "orthodox",
            "4k3/8/8/8/8/8/8/4K3 w - - 120 40",
            "half-move clock",
        ),
    ];
    for (variant, fen, why) in cases {
        for verb in ["moves", "perft"] {
            let mut args = vec![verb, "--variant", variant, "--fen", fen];
            if verb == "perft" {
                args.extend(["--depth", "1"]);
            }
            let o = chess4d(&args);
            assert_eq!(o.status.code(), Some(1), "{verb} {fen}: {}", stdout(&o));
            let err = stderr(&o);
            assert!(err.contains(why), "{fen}: {err}");
            assert!(err.contains("impossible position"), "{err}");
            assert!(!err.contains("panicked"), "{err}");
            assert!(stdout(&o).is_empty(), "nothing is listed for {fen}");
        }
    }
}

#[test]
fn check_prints_warnings_at_their_place_and_still_says_ok() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../variants/tests/corpus/should-promote.toml"
    );
    let o = chess4d(&["check", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(", 1 warning"), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.contains("should-promote.toml:34:1: warning: piece 'S' only moves forward"),
        "{err}"
    );
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../variants/tests/corpus/slide-3-on-8x8.toml"
    );
    let o = chess4d(&["check", file]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("slide-3-on-8x8.toml:37:12: slide = 3 changes 3 axes"),
        "{}",
        stderr(&o)
    );
}
