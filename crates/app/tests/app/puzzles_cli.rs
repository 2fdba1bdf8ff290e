//! `chess4d puzzles list`: the shipped sets, one tab-separated puzzle a line.

use std::process::Command;

fn chess4d(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn list_prints_every_shipped_puzzle_in_five_columns() {
    let out = chess4d(&["puzzles", "list", "--variant", "orthodox"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let shipped = include_str!("../../../../puzzles/orthodox.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .count();
    assert_eq!(text.lines().count(), shipped);
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 5, "{line}");
        assert!(f[0].starts_with("orthodox-"), "{line}");
        assert_eq!(f[1].split(' ').count(), 6, "a FEN: {line}");
        assert!(
            f[2].split(' ').all(|m| (4..=6).contains(&m.len())),
            "coordinates: {line}"
        );
        assert!(f[3].contains("mate") || f[3].contains("material"), "{line}");
        f[4].parse::<u32>().unwrap();
    }
    // SAN reads as SAN: the same number of moves, no coordinates.
    let san = chess4d(&["puzzles", "list", "--variant", "orthodox", "--san"]);
    let san = String::from_utf8(san.stdout).unwrap();
    assert_eq!(san.lines().count(), shipped);
}

#[test]
fn an_unknown_set_is_an_error_that_names_the_sets() {
    let out = chess4d(&["puzzles", "list", "--variant", "nope"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no puzzle set ships for 'nope'") && err.contains("orthodox"),
        "{err}"
    );
}
