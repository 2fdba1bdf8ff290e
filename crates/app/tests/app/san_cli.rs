//! `chess4d moves --notation san` prints exactly python-chess's SAN for every legal move
//! of the positions scripts/gen-san-data.py wrote (tests/san/orthodox.txt), and
//! `--notation coordinate` the same moves in the same order. (Which SAN belongs to which
//! move is checked move by move in crates/variants/tests/san.rs.)

use std::process::Command;

const PYTHON_CHESS: &str = include_str!("../../../../tests/san/orthodox.txt");

fn moves(fen: &str, notation: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args([
            "moves",
            "--variant",
            "orthodox",
            "--fen",
            fen,
            "--notation",
            notation,
        ])
        .env(
            "CHESS4D_VARIANTS",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
        )
        .output()
        .expect("run chess4d");
    assert!(
        out.status.success(),
        "{fen}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn moves_in_san_are_python_chess_san_for_every_move_of_600_positions() {
    let mut blocks: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in PYTHON_CHESS.lines() {
        match line.strip_prefix("fen ") {
            Some(fen) => blocks.push((fen, Vec::new())),
            None => {
                let (_, san) = line.split_once(' ').expect("UCI SAN");
                blocks.last_mut().expect("fen first").1.push(san);
            }
        }
    }
    assert!(blocks.len() >= 500, "{} positions", blocks.len());
    // The start-up of the program is most of the time: two at once.
    let halves = blocks.split_at(blocks.len() / 2);
    std::thread::scope(|scope| {
        for half in [halves.0, halves.1] {
            scope.spawn(move || {
                for (fen, expected) in half {
                    let mut ours = moves(fen, "san");
                    let mut theirs: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
                    ours.sort();
                    theirs.sort();
                    assert_eq!(ours, theirs, "{fen}");
                }
            });
        }
    });
}

#[test]
fn coordinate_and_san_list_the_same_moves_in_the_same_order() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let plain = moves(fen, "coordinate");
    let san = moves(fen, "san");
    assert_eq!(plain.len(), san.len());
    let castles: Vec<(&String, &String)> = plain
        .iter()
        .zip(&san)
        .filter(|(_, s)| s.starts_with("O-O"))
        .collect();
    assert_eq!(
        castles,
        [
            (&"e1g1+h1f1".to_string(), &"O-O".to_string()),
            (&"e1c1+a1d1".to_string(), &"O-O-O".to_string())
        ]
    );
}

#[test]
fn unknown_notations_are_refused_with_the_choices() {
    let out = Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args(["moves", "--variant", "orthodox", "--notation", "long"])
        .output()
        .expect("run chess4d");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("san") && err.contains("coordinate"), "{err}");
}
