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

/// A session whose catalog has the variant files of `variants/` too.
fn session_with_files() -> (Session, Caught) {
    let caught = Caught::default();
    let out: Out = Arc::new(Mutex::new(Box::new(caught.clone())));
    let mut catalog = Catalog::embedded();
    catalog.add_dir(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants"
    )));
    let s = Session::new(catalog, out).expect("orthodox is built in");
    (s, caught)
}

/// Issue 30's example: the knight drop that blocks the rook's mate comes back as
/// `N@b1`, in the bestmove and in the PV, and reads back in `position ... moves`.
#[test]
fn a_crazyhouse_drop_is_written_as_uci_writes_it() {
    let (mut s, out) = session_with_files();
    let fen = "7k/8/8/8/8/8/7r/K6r[N] w - - 0 1";
    s.handle("setoption name UCI_Variant value crazyhouse");
    s.handle(&format!("position fen {fen}"));
    s.handle("go depth 2");
    let lines = out.until_bestmove(Duration::from_secs(30));
    assert_eq!(bestmove(&lines), "N@b1", "{lines:?}");
    let pv = lines
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .expect("an info line");
    assert!(pv.contains(" pv N@b1"), "{pv}");
    s.handle(&format!("position fen {fen} moves N@b1 h1b1 a1b1"));
    s.handle("go depth 1");
    let lines = out.until_bestmove(Duration::from_secs(30));
    assert!(
        !lines.iter().any(|l| l.starts_with("info string position")),
        "{lines:?}"
    );
    // A move that is not legal is refused in words, and the moves before it stand.
    s.handle(&format!("position fen {fen} moves N@b1 h2h8"));
    let lines = out.take();
    let note = lines
        .iter()
        .find(|l| l.starts_with("info string position"))
        .expect("a note");
    assert!(
        note.contains("h2h8") && note.contains("not a legal move") && note.contains("after move 1"),
        "{note}"
    );
    assert!(!note.contains('{'), "words, not debug text: {note}");
}

/// Shogi through the server: every legal move of positions with pieces in hand and
/// promotions is written, and read back as itself; drops as `P@e5`, a promotion as
/// Fairy-Stockfish's `+`.
#[test]
fn shogi_drops_and_promotions_round_trip() {
    let mut catalog = Catalog::embedded();
    catalog.add_dir(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants"
    )));
    let rules = catalog.resolve("shogi").expect("variants/shogi.toml");
    let pos = rules
        .parse_position("4k4/9/4P4/9/9/9/9/9/4K4[Pp] w - - 0 1")
        .expect("a position");
    let mut legal = Vec::new();
    rules.legal_moves(&pos, &mut legal);
    let written: Vec<String> = legal
        .iter()
        .map(|&m| super::notation::format_move(&*rules, &pos, m, false))
        .collect();
    for (&m, w) in legal.iter().zip(&written) {
        assert_eq!(parse_move(&*rules, &pos, w), Ok(m), "{w}");
    }
    for want in ["P@d5", "e7e8+", "e7e8"] {
        assert!(written.iter().any(|w| w == want), "{want} in {written:?}");
    }
    // The rules' own notation (`e7e8` and the promoted form's letter) is still read.
    let promote = parse_move(&*rules, &pos, "e7e8+").expect("legal");
    assert_eq!(
        parse_move(&*rules, &pos, &rules.format_move(&pos, promote)),
        Ok(promote)
    );
    // A drop through the session, and the engine's answer is a move it can read.
    let (mut s, out) = session_with_files();
    s.handle("setoption name UCI_Variant value shogi");
    s.handle("position fen 4k4/9/4P4/9/9/9/9/9/4K4[Pp] w - - 0 1 moves P@d5 P@f5");
    s.handle("go depth 2");
    let lines = out.until_bestmove(Duration::from_secs(30));
    assert!(
        !lines.iter().any(|l| l.starts_with("info string position")),
        "{lines:?}"
    );
    let mut after = pos.clone();
    for m in ["P@d5", "P@f5"] {
        let mv = parse_move(&*rules, &after, m).expect("legal");
        rules.make_move(&mut after, mv);
    }
    let best = bestmove(&lines);
    assert!(parse_move(&*rules, &after, &best).is_ok(), "{best}");
}

/// A game that a variant's goal ended is reported in words.
#[test]
fn bestmove_on_a_finished_game_says_why_in_words() {
    let (mut s, out) = session_with_files();
    s.handle("setoption name UCI_Variant value kingofthehill");
    s.handle("position fen 8/8/8/3K4/8/8/8/k7 b - - 0 1");
    s.handle("go depth 2");
    let lines = out.until_bestmove(Duration::from_secs(30));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string game over: White wins by reaching the")),
        "{lines:?}"
    );
    assert_eq!(bestmove(&lines), "(none)");
    s.handle("setoption name UCI_Variant value chess");
    s.handle("position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1");
    s.handle("go depth 1");
    let lines = out.until_bestmove(Duration::from_secs(30));
    assert!(
        lines
            .iter()
            .any(|l| l == "info string game over: White wins by checkmate"),
        "{lines:?}"
    );
}

/// Every legal move written as Fairy-Stockfish writes it: our UCI texts of the first
/// positions of each `tests/fsf` file equal FSF's own `go perft 1` list (drops, `+`
/// and `-` promotions, passes, gating, in-place promotion). Fails under CI when
/// Fairy-Stockfish is missing.
#[test]
fn uci_move_text_matches_fairy_stockfish() {
    use chess4d::session::uci_client::UciEngine;
    let path = std::path::Path::new("/usr/games/fairy-stockfish");
    if !path.is_file() {
        assert!(
            std::env::var_os("CI").is_none(),
            "fairy-stockfish is missing: apt-get install fairy-stockfish"
        );
        eprintln!("SKIPPED: /usr/games/fairy-stockfish is missing");
        return;
    }
    let mut catalog = Catalog::embedded();
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    catalog.add_dir(&root.join("variants"));
    let mut fsf = UciEngine::spawn(path).expect("fairy-stockfish starts");
    for variant in [
        "crazyhouse",
        "shogi",
        "kyotoshogi",
        "seirawan",
        "sittuyin",
        "janggi",
        "placement",
        "chessgi",
        "capablanca",
    ] {
        let rules = catalog.resolve(variant).expect("a catalog variant");
        let text = std::fs::read_to_string(root.join(format!("tests/fsf/{variant}.perft")))
            .expect("a tests/fsf file");
        fsf.set_option("UCI_Variant", variant).expect("variant set");
        fsf.sync().expect("ready");
        let fens: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("fen "))
            .collect();
        for fen in fens.iter().take(12) {
            let pos = rules.parse_position(fen).expect("a position");
            let mut legal = Vec::new();
            rules.legal_moves(&pos, &mut legal);
            let mut ours: Vec<String> = legal
                .iter()
                .map(|&m| super::notation::format_move(&*rules, &pos, m, false))
                .collect();
            ours.sort();
            fsf.send(&format!("position fen {fen}")).expect("sent");
            fsf.send("go perft 1").expect("sent");
            let mut theirs = Vec::new();
            loop {
                let line = fsf
                    .recv(Duration::from_secs(10))
                    .expect("fsf alive")
                    .expect("a line in time");
                if line.starts_with("Nodes searched") {
                    break;
                }
                if let Some((mv, _)) = line.split_once(": ") {
                    theirs.push(mv.to_string());
                }
            }
            theirs.sort();
            assert_eq!(ours, theirs, "{variant} {fen}");
        }
    }
}
