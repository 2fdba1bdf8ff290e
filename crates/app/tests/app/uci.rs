//! `chess4d uci` end to end: the binary over pipes, by hand and by python-chess's UCI
//! client (`tests/uci/python_chess_client.py`). Without python3 and its `chess`
//! package the python test fails when `CI` is set and is skipped otherwise.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn engine() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_chess4d"));
    c.arg("uci").env(
        "CHESS4D_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    c
}

#[test]
fn the_binary_speaks_uci_over_pipes() {
    let mut child = engine()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run chess4d uci");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let wait_for = |prefix: &str| -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut seen = Vec::new();
        while let Ok(line) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("no '{prefix}' line: {seen:?}");
    };
    writeln!(stdin, "uci").expect("write");
    let lines = wait_for("uciok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant"))
    );
    writeln!(stdin, "nonsense\nposition startpos moves e2e4\ngo infinite").expect("write");
    let lines = wait_for("info depth");
    assert!(lines[0].starts_with("info string"), "{lines:?}");
    let t = Instant::now();
    writeln!(stdin, "stop").expect("write");
    let lines = wait_for("bestmove");
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    let best = lines.last().expect("bestmove line");
    assert!(
        best.split_whitespace().nth(1).is_some_and(|m| m.len() == 4),
        "{best}"
    );
    writeln!(stdin, "quit").expect("write");
    let status = child.wait().expect("exit");
    assert!(status.success());
}

#[test]
fn python_chess_drives_the_engine() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/uci/python_chess_client.py"
    );
    let on_ci = std::env::var_os("CI").is_some();
    let probe = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        assert!(
            !on_ci,
            "CI needs python3 with python-chess (pip install chess) for the UCI test"
        );
        eprintln!("SKIPPED: python3 with python-chess is not installed");
        return;
    }
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_chess4d"))
        .env(
            "CHESS4D_VARIANTS",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
        )
        .output()
        .expect("run python3");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(text.contains("all checks passed"), "{text}");
}

/// Drops over the pipes: in crazyhouse the blocking knight drop is `bestmove N@b1`; in
/// shogi a position with drops in its move list is read, and the answer is a move.
#[test]
fn drops_round_trip_through_the_binary() {
    let mut child = engine()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run chess4d uci");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let wait_for = |prefix: &str| -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = Vec::new();
        while let Ok(line) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("no '{prefix}' line: {seen:?}");
    };
    writeln!(
        stdin,
        "uci\nsetoption name UCI_Variant value crazyhouse\n\
         position fen 7k/8/8/8/8/8/7r/K6r[N] w - - 0 1\ngo depth 2"
    )
    .expect("write");
    let lines = wait_for("bestmove");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove N@b1")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains(" pv N@b1")), "{lines:?}");
    writeln!(
        stdin,
        "setoption name UCI_Variant value shogi\n\
         position fen 4k4/9/4P4/9/9/9/9/9/4K4[Pp] w - - 0 1 moves P@d5 P@f5 e7e8+\ngo depth 2"
    )
    .expect("write");
    let lines = wait_for("bestmove");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string position")),
        "every move read: {lines:?}"
    );
    let best = lines.last().expect("bestmove line");
    assert!(!best.contains("(none)"), "{best}");
    writeln!(stdin, "quit").expect("write");
    assert!(child.wait().expect("exit").success());
}
