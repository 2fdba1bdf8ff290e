//! A small client for external UCI engines (Stockfish, Fairy-Stockfish): spawn the
//! program, `uci`/`isready`, set options, `position fen … moves …`, `go`, and read its
//! `info` and `bestmove` lines. Moves go out and come back in core's UCI notation
//! (`e2e4`, `e7e8q`, `N@b1`, `e6e7+`, castling as the king's move), matched against our
//! legal moves, so an answer that is not a legal move here is an error, never a panic.

use chess4d_core::{Game, Move, Position, Rules, UciMove, find_uci_move};
use chess4d_engine::{MATE, Score};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The external engines the viewer looks for, in the order it offers them.
pub const KNOWN_ENGINES: &[&str] = &["/usr/games/fairy-stockfish", "/usr/games/stockfish"];

/// What went wrong talking to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciErrorKind {
    /// The program could not be started.
    Spawn,
    /// It did not answer in time.
    Timeout,
    /// It exited or closed its output.
    Gone,
    /// It said something we cannot use (an illegal move, a missing variant).
    Protocol,
}

/// An error from an external engine, with a message a person can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciError {
    /// What kind of failure.
    pub kind: UciErrorKind,
    /// What happened.
    pub message: String,
}

impl UciError {
    fn new(kind: UciErrorKind, message: impl Into<String>) -> UciError {
        UciError {
            kind,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for UciError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UciError {}

/// A running engine process.
#[derive(Debug)]
pub struct UciEngine {
    path: PathBuf,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's `id name`.
    pub name: String,
    /// The names of its options.
    pub options: Vec<String>,
    /// The values its `UCI_Variant` option allows (empty: it has none, orthodox only).
    pub variants: Vec<String>,
}

/// How long an engine may take to answer `uci` or `isready` (NNUE files load first).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

impl UciEngine {
    /// Starts the program at `path` and completes the `uci` handshake.
    pub fn spawn(path: &Path) -> Result<UciEngine, UciError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                UciError::new(
                    UciErrorKind::Spawn,
                    format!("cannot start the engine {}: {e}", path.display()),
                )
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(UciError::new(
                UciErrorKind::Spawn,
                "the engine has no pipes",
            ));
        };
        let (tx, lines) = channel();
        // A reader thread, so every wait here can time out.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            path: path.to_path_buf(),
            child,
            stdin,
            lines,
            name: path.display().to_string(),
            options: Vec::new(),
            variants: Vec::new(),
        };
        engine.send("uci")?;
        let end = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = engine.recv_until(end)?;
            if line.trim() == "uciok" {
                break;
            }
            engine.note_id_line(&line);
        }
        Ok(engine)
    }

    fn note_id_line(&mut self, line: &str) {
        if let Some(name) = line.strip_prefix("id name ") {
            self.name = name.trim().to_string();
        } else if let Some(rest) = line.strip_prefix("option name ") {
            let name = rest.split(" type ").next().unwrap_or(rest).trim();
            if name == "UCI_Variant" {
                self.variants = rest
                    .split_whitespace()
                    .skip_while(|w| *w != "var")
                    .collect::<Vec<_>>()
                    .chunks(2)
                    .filter(|c| c.len() == 2 && c[0] == "var")
                    .map(|c| c[1].to_string())
                    .collect();
            }
            self.options.push(name.to_string());
        }
    }

    /// Where the program lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether it has the option `name`.
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// Its `UCI_Variant` name for our catalog variant, when it plays that variant:
    /// `chess` for orthodox (every UCI engine), our own name for Fairy-Stockfish's
    /// others.
    pub fn variant_name(&self, catalog_name: &str) -> Option<String> {
        let name = if catalog_name == "orthodox" {
            "chess"
        } else {
            catalog_name
        };
        (name == "chess" || self.variants.iter().any(|v| v == name)).then(|| name.to_string())
    }

    /// Writes one command line.
    pub fn send(&mut self, line: &str) -> Result<(), UciError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| UciError::new(UciErrorKind::Gone, format!("the engine is gone: {e}")))
    }

    /// `setoption name … value …`.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), UciError> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// `isready`, waiting for `readyok`.
    pub fn sync(&mut self) -> Result<(), UciError> {
        self.send("isready")?;
        let end = Instant::now() + HANDSHAKE_TIMEOUT;
        while self.recv_until(end)?.trim() != "readyok" {}
        Ok(())
    }

    /// The next line, waiting at most `wait`; `Ok(None)` when none came in time.
    pub fn recv(&self, wait: Duration) -> Result<Option<String>, UciError> {
        match self.lines.recv_timeout(wait) {
            Ok(l) => Ok(Some(l)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(UciError::new(
                UciErrorKind::Gone,
                format!("{} closed its output", self.name),
            )),
        }
    }

    fn recv_until(&self, end: Instant) -> Result<String, UciError> {
        let left = end.saturating_duration_since(Instant::now());
        self.recv(left)?.ok_or_else(|| {
            UciError::new(
                UciErrorKind::Timeout,
                format!("{} did not answer in time", self.name),
            )
        })
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // A well-behaved engine exits at once; one that does not is killed.
        let end = Instant::now() + Duration::from_millis(300);
        while Instant::now() < end {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The UCI form of `mv`, legal in `pos` (core's [`UciMove`]: `e2e4`, `e7e8q`,
/// `N@b1`, `e6e7+`; castling as the king's move, or king takes rook where the rules
/// castle from any array, as Fairy-Stockfish writes them).
pub fn uci_move(rules: &dyn Rules, pos: &Position, mv: Move) -> String {
    UciMove::of(rules, pos, mv, false).text(rules)
}

/// The legal move of `pos` that `text` names in UCI form.
pub fn parse_uci_move(rules: &dyn Rules, pos: &Position, text: &str) -> Result<Move, UciError> {
    UciMove::parse(rules, text)
        .and_then(|u| find_uci_move(rules, pos, u))
        .map_err(|e| {
            UciError::new(
                UciErrorKind::Protocol,
                format!("the engine's move {text} is not legal here: {}", e.reason),
            )
        })
}

/// A line of UCI moves from `pos`, as far as they are legal.
pub fn parse_uci_line(rules: &dyn Rules, pos: &Position, words: &[&str]) -> Vec<Move> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for w in words {
        let Ok(m) = parse_uci_move(rules, &p, w) else {
            break;
        };
        if rules.try_make_move(&mut p, m).is_err() {
            break;
        }
        out.push(m);
    }
    out
}

/// `position fen START moves …` for the game so far: the start as the rules write it
/// (pockets, check counters and gates included), each move in the position it was
/// played from.
pub fn position_command(game: &Game) -> String {
    let rules = game.rules();
    let mut pos = game.start_position().clone();
    let mut cmd = format!("position fen {}", rules.format_position(&pos));
    let moves = game.moves();
    if !moves.is_empty() {
        cmd.push_str(" moves");
        for &m in &moves {
            cmd.push(' ');
            cmd.push_str(&uci_move(&**rules, &pos, m));
            if rules.try_make_move(&mut pos, m).is_err() {
                break;
            }
        }
    }
    cmd
}

/// One `info` line's figures (those with a score and a line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoLine {
    /// Iteration depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Which line (1 = best).
    pub multipv: u32,
    /// The score from the side to move's view, in our scale (mates as `MATE - plies`).
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds since `go`.
    pub time_ms: u64,
    /// The line, in UCI form.
    pub pv: Vec<String>,
}

/// Reads an `info` line; `None` for those without score or line (`currmove`, strings),
/// and for bound-only scores, which are not a line's value.
pub fn parse_info(line: &str) -> Option<InfoLine> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let mut info = InfoLine {
        depth: 0,
        seldepth: 0,
        multipv: 1,
        score: Score(0),
        nodes: 0,
        time_ms: 0,
        pv: Vec::new(),
    };
    let mut scored = false;
    while let Some(w) = words.next() {
        match w {
            "depth" => info.depth = words.next()?.parse().ok()?,
            "seldepth" => info.seldepth = words.next()?.parse().ok()?,
            "multipv" => info.multipv = words.next()?.parse().ok()?,
            "nodes" => info.nodes = words.next()?.parse().ok()?,
            "time" => info.time_ms = words.next()?.parse().ok()?,
            "score" => {
                let kind = words.next()?;
                let n: i32 = words.next()?.parse().ok()?;
                info.score = match kind {
                    "cp" => Score(n.clamp(-(MATE - 1_001), MATE - 1_001)),
                    // Mate in n moves is 2n-1 plies for the mating side, 2n when mated.
                    "mate" if n > 0 => Score(MATE - (2 * n - 1)),
                    "mate" => Score(-MATE + 2 * -n),
                    _ => return None,
                };
                scored = true;
            }
            "lowerbound" | "upperbound" => return None,
            "pv" => {
                info.pv = words.by_ref().map(str::to_string).collect();
            }
            "string" => return None,
            _ => {}
        }
    }
    (scored && !info.pv.is_empty()).then_some(info)
}

/// The move of a `bestmove` line (`None` for other lines; `Some("(none)")` stays as is).
pub fn parse_bestmove(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    (words.next()? == "bestmove")
        .then(|| words.next())
        .flatten()
}

/// The external engines found on this machine.
pub fn installed_engines() -> Vec<PathBuf> {
    KNOWN_ENGINES
        .iter()
        .map(PathBuf::from)
        .filter(|p| p.is_file())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    #[test]
    fn info_lines_are_read() {
        let i = parse_info(
            "info depth 12 seldepth 18 multipv 2 score cp -35 nodes 12345 nps 1 time 87 pv e2e4 e7e5",
        )
        .unwrap();
        assert_eq!((i.depth, i.seldepth, i.multipv), (12, 18, 2));
        assert_eq!((i.score, i.nodes, i.time_ms), (Score(-35), 12345, 87));
        assert_eq!(i.pv, ["e2e4", "e7e5"]);
        let mate = parse_info("info depth 5 score mate 2 pv d1h5").unwrap();
        assert_eq!(mate.score.mate_in(), Some(2));
        let mated = parse_info("info depth 5 score mate -1 pv e1e2").unwrap();
        assert_eq!(mated.score.mate_in(), Some(-1));
        assert!(parse_info("info depth 5 currmove e2e4 currmovenumber 1").is_none());
        assert!(parse_info("info string NNUE evaluation using nn.bin").is_none());
        assert!(parse_info("info depth 9 score cp 20 lowerbound pv e2e4").is_none());
        assert!(parse_info("info depth x score cp 1 pv e2e4").is_none());
        assert_eq!(parse_bestmove("bestmove e2e4 ponder e7e5"), Some("e2e4"));
        assert_eq!(parse_bestmove("info depth 1"), None);
    }

    #[test]
    fn moves_and_positions_in_uci_form() {
        let rules = Catalog::embedded().get("orthodox").unwrap();
        let mut game = Game::new(rules.clone());
        for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
            let mv = parse_uci_move(&*rules, game.position(), m).unwrap();
            game.play(mv).unwrap();
        }
        // Castling goes out as the king's move.
        let castle = parse_uci_move(&*rules, game.position(), "e1g1").unwrap();
        assert!(castle.second.is_some());
        assert_eq!(uci_move(&*rules, game.position(), castle), "e1g1");
        assert!(parse_uci_move(&*rules, game.position(), "e1e3").is_err());
        assert!(parse_uci_move(&*rules, game.position(), "zz").is_err());
        let cmd = position_command(&game);
        assert!(
            cmd.starts_with(
                "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4"
            ),
            "{cmd}"
        );
        let line = parse_uci_line(&*rules, game.position(), &["e1g1", "f8c5", "a1a8"]);
        assert_eq!(line.len(), 2, "stops at the first illegal move");
    }

    fn catalog_with_files() -> Catalog {
        let mut c = Catalog::embedded();
        c.add_dir(Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../variants"
        )));
        c
    }

    /// A crazyhouse game goes out with its pockets and its drops as `N@b1`; a
    /// three-check game with its check counters; S-Chess with its gates and pieces in
    /// hand; and the engine's drops come back as our moves.
    #[test]
    fn pockets_counters_gates_and_drops_go_out_whole() {
        let catalog = catalog_with_files();
        let zh = catalog.resolve("crazyhouse").unwrap();
        let start = zh
            .parse_position("7k/8/8/8/8/8/7r/K6r[N] w - - 0 1")
            .unwrap();
        let mut game = Game::from_position(zh.clone(), start);
        let drop = parse_uci_move(&*zh, game.position(), "N@b1").unwrap();
        assert_eq!(uci_move(&*zh, game.position(), drop), "N@b1");
        game.play(drop).unwrap();
        let take = parse_uci_move(&*zh, game.position(), "h1b1").unwrap();
        game.play(take).unwrap();
        assert_eq!(
            position_command(&game),
            "position fen 7k/8/8/8/8/8/7r/K6r[N] w - - 0 1 moves N@b1 h1b1"
        );
        let err = parse_uci_move(&*zh, game.position(), "N@c1").unwrap_err();
        assert!(err.message.contains("no knight in hand"), "{err}");
        let line = parse_uci_line(&*zh, game.position(), &["a1b1", "h2b2", "Q@a1"]);
        assert_eq!(
            line.len(),
            2,
            "stops at the drop of a queen Black does not hold"
        );

        let three = catalog.resolve("3check").unwrap();
        let fen = three.format_position(&three.start_position());
        let game = Game::new(three.clone());
        assert!(position_command(&game).contains(&fen), "{fen}");
        assert!(fen.contains("3+3"), "check counters in {fen}");

        let seirawan = catalog.resolve("seirawan").unwrap();
        let game = Game::new(seirawan.clone());
        let cmd = position_command(&game);
        assert!(cmd.contains("[EHeh] w KQABCDEFGHkqabcdefgh"), "{cmd}");
    }

    /// Fairy-Stockfish plays crazyhouse through the client: the position goes out with
    /// its pocket, and its answer, the blocking knight drop, reads as our move. Fails
    /// under CI when it is missing.
    #[test]
    fn fairy_stockfish_answers_with_a_drop() {
        let path = Path::new("/usr/games/fairy-stockfish");
        if !path.is_file() {
            assert!(
                std::env::var_os("CI").is_none(),
                "fairy-stockfish is missing: apt-get install fairy-stockfish"
            );
            eprintln!("SKIPPED: /usr/games/fairy-stockfish is missing");
            return;
        }
        let zh = catalog_with_files().resolve("crazyhouse").unwrap();
        let start = zh
            .parse_position("7k/8/8/8/8/8/7r/K6r[N] w - - 0 1")
            .unwrap();
        let game = Game::from_position(zh.clone(), start);
        let mut fsf = UciEngine::spawn(path).unwrap();
        fsf.set_option("UCI_Variant", "crazyhouse").unwrap();
        fsf.sync().unwrap();
        fsf.send(&position_command(&game)).unwrap();
        fsf.send("go depth 4").unwrap();
        let best = loop {
            let line = fsf
                .recv(Duration::from_secs(10))
                .unwrap()
                .expect("an answer");
            if let Some(b) = parse_bestmove(&line) {
                break b.to_string();
            }
        };
        let mv = parse_uci_move(&*zh, game.position(), &best).unwrap();
        assert!(mv.is_drop(), "{best}");
        assert_eq!(uci_move(&*zh, game.position(), mv), "N@b1");
    }

    /// Stockfish itself, driven through the client: handshake, a position, a search.
    /// Fails under CI when Stockfish is missing (scripts/test-all.sh installs it).
    #[test]
    fn stockfish_answers_a_legal_move() {
        let path = Path::new("/usr/games/stockfish");
        if !path.is_file() {
            assert!(
                std::env::var_os("CI").is_none(),
                "stockfish is missing: apt-get install stockfish"
            );
            eprintln!("SKIPPED: /usr/games/stockfish is missing");
            return;
        }
        let mut sf = UciEngine::spawn(path).unwrap();
        assert!(sf.name.to_lowercase().contains("stockfish"), "{}", sf.name);
        assert_eq!(sf.variant_name("orthodox").as_deref(), Some("chess"));
        assert_eq!(sf.variant_name("full"), None);
        assert!(sf.has_option("MultiPV"));
        sf.set_option("MultiPV", "2").unwrap();
        sf.sync().unwrap();
        let rules = Catalog::embedded().get("orthodox").unwrap();
        let mut game = Game::new(rules.clone());
        game.play(parse_uci_move(&*rules, game.position(), "f2f3").unwrap())
            .unwrap();
        game.play(parse_uci_move(&*rules, game.position(), "e7e5").unwrap())
            .unwrap();
        game.play(parse_uci_move(&*rules, game.position(), "g2g4").unwrap())
            .unwrap();
        sf.send(&position_command(&game)).unwrap();
        sf.send("go movetime 300").unwrap();
        let mut infos = Vec::new();
        let best = loop {
            let line = sf
                .recv(Duration::from_secs(10))
                .unwrap()
                .expect("an answer");
            if let Some(i) = parse_info(&line) {
                infos.push(i);
            }
            if let Some(b) = parse_bestmove(&line) {
                break b.to_string();
            }
        };
        let mv = parse_uci_move(&*rules, game.position(), &best).unwrap();
        // Fool's mate: Qh4 is the only mate, and Stockfish finds it.
        assert_eq!(uci_move(&*rules, game.position(), mv), "d8h4");
        assert!(infos.iter().any(|i| i.multipv == 2), "two lines reported");
        assert!(infos.iter().any(|i| i.score.mate_in() == Some(1)));
    }

    /// Fairy-Stockfish lists its variants; orthodox is its `chess`. Fails under CI when
    /// it is missing (scripts/test-all.sh installs it).
    #[test]
    fn fairy_stockfish_lists_its_variants() {
        let path = Path::new("/usr/games/fairy-stockfish");
        if !path.is_file() {
            assert!(
                std::env::var_os("CI").is_none(),
                "fairy-stockfish is missing: apt-get install fairy-stockfish"
            );
            eprintln!("SKIPPED: /usr/games/fairy-stockfish is missing");
            return;
        }
        let mut fsf = UciEngine::spawn(path).unwrap();
        assert!(fsf.name.contains("Fairy-Stockfish"), "{}", fsf.name);
        assert!(
            fsf.variants.iter().any(|v| v == "crazyhouse"),
            "{:?}",
            fsf.variants
        );
        assert_eq!(fsf.variant_name("orthodox").as_deref(), Some("chess"));
        assert_eq!(
            fsf.variant_name("capablanca").as_deref(),
            Some("capablanca")
        );
        assert_eq!(fsf.variant_name("raumschach"), None);
        fsf.set_option("UCI_Variant", "chess").unwrap();
        fsf.sync().unwrap();
    }
}
