//! `chess4d play`: a line of moves in, the position, its legal move count and the
//! result in words out (issue 30, "Results in words").

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

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The value of the `key: value` line of `play`'s output.
fn field<'a>(out: &'a str, key: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(": "))
        .unwrap_or_else(|| panic!("no '{key}:' line in\n{out}"))
}

fn played(args: &[&str]) -> String {
    let o = chess4d(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn fools_mate_reads_as_checkmate() {
    let out = played(&[
        "play",
        "--variant",
        "orthodox",
        "--moves",
        "1. f3 e5 2. g4 Qh4",
    ]);
    assert_eq!(field(&out, "moves"), "1. f3 e5 2. g4 Qh4#");
    assert_eq!(
        field(&out, "fen"),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    assert_eq!(field(&out, "legal moves"), "0");
    assert_eq!(field(&out, "result"), "Black wins by checkmate");
    assert!(out.contains(" 4 . . . . . . P q\n"), "{out}");
}

#[test]
fn coordinates_and_san_mix_and_the_fen_is_the_game_s() {
    let out = played(&["play", "--variant", "orthodox", "--moves", "e2e4 c5 g1f3"]);
    assert_eq!(
        field(&out, "fen"),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(field(&out, "result"), "Black to move");
    let moves = chess4d(&[
        "moves",
        "--variant",
        "orthodox",
        "--fen",
        field(&out, "fen"),
    ]);
    assert_eq!(
        field(&out, "legal moves"),
        text(&moves.stdout).lines().count().to_string()
    );
}

#[test]
fn a_bad_move_says_which_why_and_how_many_moves_there_were() {
    let o = chess4d(&["play", "--variant", "orthodox", "--moves", "e4 e5 Ke3 Nf6"]);
    assert!(!o.status.success());
    assert!(o.stdout.is_empty(), "no position for a line that fails");
    let err = text(&o.stderr);
    assert!(err.contains("move 3 (Ke3) for White"), "{err}");
    assert!(err.contains("no king"), "{err}");
    assert!(err.contains("White had 29 legal moves"), "{err}");
    let o = chess4d(&[
        "play",
        "--variant",
        "orthodox",
        "--moves",
        "f3 e5 g4 Qh4 a3",
    ]);
    let err = text(&o.stderr);
    assert!(
        err.contains("move 5 (a3): the game is already over: Black wins by checkmate"),
        "{err}"
    );
}

/// The printed slices, read back square by square, are the FEN's board: what a 4D
/// author reads is the position the rules hold.
#[test]
fn a_4d_line_prints_each_slice_as_the_fen_has_it() {
    let out = played(&[
        "play",
        "--variant",
        "full",
        "--moves",
        "1. Nbc3[0,0] Qxc3[0,0]+ 2. bxc3[0,0]",
    ]);
    let fen = field(&out, "fen");
    assert_eq!(
        fen,
        "4/2P1/P1PP/R1BQ|4/4/PPPP/KBNR|rnb1/pppp/4/4|kbnr/pppp/4/4 b - - 0 2"
    );
    assert_eq!(field(&out, "result"), "Black to move");
    // Slices in FEN order: z fastest, then w; each drawn with rank 4 on top.
    let lines: Vec<&str> = out.lines().collect();
    let mut slices = vec![String::new(); 4];
    for (w, label_row) in [(0, "[0,0]        [1,0]"), (1, "[0,1]        [1,1]")] {
        let at = lines
            .iter()
            .position(|l| *l == label_row)
            .unwrap_or_else(|| {
                panic!("no slice labels {label_row:?} in\n{out}");
            });
        for rank in &lines[at + 1..at + 5] {
            for (z, half) in rank.split("    ").enumerate() {
                let cells: String = half.split_whitespace().skip(1).collect();
                let slice = &mut slices[2 * w + z];
                if !slice.is_empty() {
                    slice.push('/');
                }
                slice.push_str(&cells);
            }
        }
    }
    let board: Vec<String> = fen
        .split(' ')
        .next()
        .unwrap()
        .split('|')
        .map(expand)
        .collect();
    assert_eq!(slices, board, "{out}");
}

/// A FEN slice with its digit runs written out as dots.
fn expand(slice: &str) -> String {
    slice
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(n) => ".".repeat(n as usize),
            None => c.to_string(),
        })
        .collect()
}

#[test]
fn a_goal_reached_in_4d_is_said_in_the_variant_s_words() {
    let out = played(&[
        "play",
        "--variant",
        "full-hill",
        "--fen",
        "4/4/4/K3|4/4/4/R3|4/4/4/4|k3/4/4/4 w - - 0 1",
        "--moves",
        "a1[0,0]b2[1,1]",
    ]);
    assert_eq!(field(&out, "result"), "White wins by reaching the hill");
    assert_eq!(field(&out, "legal moves"), "0");
}

#[test]
fn bestmove_says_the_result_in_words() {
    let o = chess4d(&[
        "bestmove",
        "--variant",
        "kingofthehill",
        "--fen",
        "4k3/8/8/3K4/8/8/8/8 b - - 0 1",
        "--depth",
        "1",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("info string no legal moves: White wins by reaching the hill\n"),
        "{out}"
    );
    assert!(out.ends_with("bestmove (none)\n"), "{out}");
}
