//! PGN both ways with python-chess as the judge. The games python-chess wrote
//! (tests/pgn/python-chess.pgn from scripts/gen-san-data.py: random games, some from a
//! [FEN] start, none with a [Variant] tag, with comments, NAGs and variations) import
//! with `chess4d import`; `chess4d export` gives them back with the same SAN main line,
//! start and result, and python-chess reads that export back to the same moves and
//! results (scripts/pgn-judge.py; the test fails without python3 and `chess` when `CI`
//! is set, and says SKIPPED otherwise).

use chess4d_archive::pgn::{PgnGame, import_games};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const WRITTEN: &str = include_str!("../../../../tests/pgn/python-chess.pgn");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn chess4d(data: &Path, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args(args)
        .args(["--data-dir", data.to_str().expect("UTF-8 path")])
        .env("CHESS4D_VARIANTS", root().join("variants"))
        .env("CHESS4D_DATA_DIR", data.join("default"))
        .output()
        .expect("run chess4d");
    assert!(
        out.status.success(),
        "chess4d {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// What python-chess and chess4d must agree on: start, main line, result.
fn essence(game: &PgnGame) -> (Option<String>, Vec<String>, String) {
    (
        game.fen().map(str::to_string),
        game.moves().to_vec(),
        game.result().to_string(),
    )
}

#[test]
fn python_chess_games_import_and_our_export_reads_back_in_python_chess() {
    let dir = std::env::temp_dir().join(format!("chess4d-pgn-python-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let written = root().join("tests/pgn/python-chess.pgn");
    let out = chess4d(&dir, &["import", written.to_str().expect("path")]);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let sent = import_games(WRITTEN).expect("our reader reads python-chess's PGN");
    assert!(sent.len() >= 30, "{} games", sent.len());
    assert!(
        sent.iter().any(|g| g.fen().is_some()),
        "some start from a FEN"
    );
    assert!(
        said.contains(&format!("imported {} games", sent.len())),
        "{said}"
    );

    let exported = String::from_utf8(chess4d(&dir, &["export"]).stdout).expect("UTF-8");
    let back = import_games(&exported).expect("our export reads back");
    assert_eq!(back.len(), sent.len());
    for (n, (got, want)) in back.iter().zip(&sent).enumerate() {
        assert_eq!(essence(got), essence(want), "game {}", n + 1);
        assert_eq!(got.tag("Variant"), None, "game {}", n + 1);
    }
    let export_file = dir.join("exported.pgn");
    std::fs::write(&export_file, &exported).expect("write");

    let judge = Command::new("python3")
        .arg(root().join("scripts/pgn-judge.py"))
        .arg(&written)
        .arg(&export_file)
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    let missing = match &judge {
        Err(_) => true,
        Ok(o) => String::from_utf8_lossy(&o.stderr).contains("No module named 'chess'"),
    };
    if missing {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs python3 with python-chess (pip install chess) for this test"
        );
        eprintln!("SKIPPED the python-chess judge: python3 or its chess module is missing");
        return;
    }
    let judge = judge.expect("python3 ran");
    assert!(
        judge.status.success(),
        "python-chess on our export: {}{}",
        String::from_utf8_lossy(&judge.stdout),
        String::from_utf8_lossy(&judge.stderr)
    );
    let verdict = String::from_utf8_lossy(&judge.stdout);
    assert!(
        verdict.starts_with(&format!("ok {} games", sent.len())),
        "{verdict}"
    );
}
