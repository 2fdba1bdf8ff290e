//! The protocol driven line by line, as a GUI would, with the output caught in memory.

use super::notation::parse_move;
use super::session::{Out, Session};
use chess4d_variants::Catalog;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A writer into a buffer the test can read while the search thread writes.
#[derive(Clone, Default)]
struct Caught(Arc<Mutex<Vec<u8>>>);

impl Write for Caught {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("not poisoned").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Caught {
    fn lines(&self) -> Vec<String> {
        let text = String::from_utf8_lossy(&self.0.lock().expect("not poisoned")).to_string();
        text.lines().map(str::to_string).collect()
    }

    fn take(&self) -> Vec<String> {
        let lines = self.lines();
        self.0.lock().expect("not poisoned").clear();
        lines
    }

    /// Waits for the `bestmove` line (at most `limit`), returning every line so far.
    fn until_bestmove(&self, limit: Duration) -> Vec<String> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if self.lines().iter().any(|l| l.starts_with("bestmove")) {
                return self.take();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("no bestmove within {limit:?}: {:?}", self.lines());
    }
}

fn session() -> (Session, Caught) {
    let caught = Caught::default();
    let out: Out = Arc::new(Mutex::new(Box::new(caught.clone())));
    let s = Session::new(Catalog::embedded(), out).expect("orthodox is built in");
    (s, caught)
}

fn bestmove(lines: &[String]) -> String {
    let line = lines
        .iter()
        .find(|l| l.starts_with("bestmove"))
        .expect("a bestmove line");
    line.split_whitespace().nth(1).expect("a move").to_string()
}

#[test]
fn uci_lists_the_options_and_isready_answers() {
    let (mut s, out) = session();
    assert!(s.handle("uci"));
    let lines = out.take();
    assert!(lines[0].starts_with("id name chess4d"));
    for name in [
        "UCI_Variant",
        "MultiPV",
        "Level",
        "Skill Level",
        "Hash",
        "Threads",
        "UCI_Chess960",
        "Contempt",
    ] {
        let want = format!("option name {name} type");
        assert!(lines.iter().any(|l| l.starts_with(&want)), "{name}");
    }
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    s.handle("isready");
    assert_eq!(out.take(), vec!["readyok"]);
    assert!(!s.handle("quit"));
}

#[test]
fn bad_commands_are_ignored_with_an_info_string() {
    let (mut s, out) = session();
    for bad in [
        "fly to the moon",
        "setoption name Hash value lots",
        "setoption name Nonsense value 1",
        "position sideways",
        "position fen this is not a position",
        "go depth deep",
    ] {
        assert!(s.handle(bad), "{bad}");
        let lines = out.lines();
        assert!(
            lines.iter().any(|l| l.starts_with("info string")),
            "{bad}: {lines:?}"
        );
        if bad.starts_with("go") {
            // No limit left: it searches until stopped.
            s.handle("stop");
            out.until_bestmove(Duration::from_secs(5));
        }
        out.take();
    }
    // The session still works.
    s.handle("isready");
    assert_eq!(out.take(), vec!["readyok"]);
}

#[test]
fn position_with_moves_then_go_gives_a_legal_move_and_full_info() {
    let (mut s, out) = session();
    s.handle("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    s.handle("go depth 4");
    let lines = out.until_bestmove(Duration::from_secs(60));
    let info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .expect("an info line");
    for field in [
        " seldepth ",
        " multipv 1 ",
        " score cp ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} in {info}");
    }
    let rules = Catalog::embedded().resolve("orthodox").expect("built in");
    let mut pos = rules.start_position();
    for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
        let mv = parse_move(&*rules, &pos, m).expect("legal");
        rules.make_move(&mut pos, mv);
    }
    let best = bestmove(&lines);
    assert!(parse_move(&*rules, &pos, &best).is_ok(), "{best}");
    // White may castle now, and says so the UCI way.
    s.handle("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    s.handle("go depth 2 searchmoves e1g1");
    assert_eq!(
        bestmove(&out.until_bestmove(Duration::from_secs(60))),
        "e1g1"
    );
}

#[test]
fn an_illegal_move_stops_the_move_list_there() {
    let (mut s, out) = session();
    s.handle("position startpos moves e2e4 e2e4 d7d5");
    assert!(out.take().iter().any(|l| l.contains("after move 1")));
    // Black to move after 1. e4: only Black's moves are searched.
    s.handle("go depth 1");
    let best = bestmove(&out.until_bestmove(Duration::from_secs(60)));
    assert!(best.ends_with('6') || best.ends_with('5'), "{best}");
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let (mut s, out) = session();
    s.handle("position startpos");
    s.handle("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    assert!(!out.lines().iter().any(|l| l.starts_with("bestmove")));
    // isready is answered during the search.
    s.handle("isready");
    assert!(out.lines().iter().any(|l| l == "readyok"));
    let t = Instant::now();
    s.handle("stop");
    let lines = out.until_bestmove(Duration::from_secs(5));
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    assert!(bestmove(&lines).len() == 4);
}

#[test]
fn ponderhit_turns_pondering_into_a_timed_search() {
    let (mut s, out) = session();
    s.handle("position startpos moves e2e4");
    s.handle("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(300));
    assert!(!out.lines().iter().any(|l| l.starts_with("bestmove")));
    let t = Instant::now();
    s.handle("ponderhit");
    // A thirtieth of two seconds (less the overhead): well under a second.
    out.until_bestmove(Duration::from_secs(5));
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    s.handle("ponderhit");
    assert!(out.take().iter().any(|l| l.starts_with("info string")));
}

#[test]
fn multipv_reports_distinct_lines() {
    let (mut s, out) = session();
    s.handle("setoption name MultiPV value 3");
    s.handle("position startpos");
    s.handle("go depth 4");
    let lines = out.until_bestmove(Duration::from_secs(60));
    let firsts: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 4 "))
        .filter_map(|l| l.split(" pv ").nth(1)?.split_whitespace().next())
        .collect();
    assert_eq!(firsts.len(), 3, "{lines:?}");
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert_eq!(bestmove(&lines), firsts[0]);
}

#[test]
fn other_variants_and_threads() {
    let (mut s, out) = session();
    s.handle("setoption name UCI_Variant value full");
    s.handle("setoption name Threads value 2");
    s.handle("ucinewgame");
    s.handle("position startpos");
    s.handle("go depth 3");
    let best = bestmove(&out.until_bestmove(Duration::from_secs(60)));
    let rules = Catalog::embedded().resolve("full").expect("built in");
    let pos = rules.start_position();
    assert!(
        best.contains('['),
        "4D moves in coordinate notation: {best}"
    );
    assert!(parse_move(&*rules, &pos, &best).is_ok());
}

#[test]
fn a_position_without_moves_answers_none() {
    let (mut s, out) = session();
    // Fool's mate: White is checkmated.
    s.handle("position startpos moves f2f3 e7e5 g2g4 d8h4");
    s.handle("go depth 3");
    assert_eq!(
        bestmove(&out.until_bestmove(Duration::from_secs(10))),
        "(none)"
    );
}

#[test]
fn chess960_castling_is_king_takes_rook_and_a_pass_is_the_kings_square_twice() {
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    let caught = Caught::default();
    let out: Out = Arc::new(Mutex::new(Box::new(caught.clone())));
    let mut s = Session::new(catalog, out).expect("orthodox is built in");
    // Fairy-Stockfish's fischerandom writes castling king takes rook even without
    // UCI_Chess960; both forms are read.
    s.handle("setoption name UCI_Variant value fischerandom");
    s.handle("position fen rk4r1/pppppppp/8/8/8/8/8/RK4R1 w GAga - 0 1");
    s.handle("go depth 2 searchmoves b1c1");
    assert_eq!(
        bestmove(&caught.until_bestmove(Duration::from_secs(60))),
        "b1c1"
    );
    s.handle("go depth 2 searchmoves b1a1");
    assert_eq!(
        bestmove(&caught.until_bestmove(Duration::from_secs(60))),
        "b1a1"
    );
    s.handle("position fen rk4r1/pppppppp/8/8/8/8/8/RK4R1 w GAga - 0 1 moves b1g1");
    s.handle("go depth 1 searchmoves a7a6");
    assert_eq!(
        bestmove(&caught.until_bestmove(Duration::from_secs(60))),
        "a7a6"
    );
    assert!(
        !caught.take().iter().any(|l| l.contains("position:")),
        "b1g1 (king takes rook on g1) is read"
    );
    s.handle("setoption name UCI_Variant value janggi");
    s.handle("position startpos");
    s.handle("go depth 1 searchmoves e2e2");
    assert_eq!(
        bestmove(&caught.until_bestmove(Duration::from_secs(60))),
        "e2e2"
    );
}
