//! Which engine searches for the viewer: our own, or an external UCI engine for the
//! variants it knows. Either runs off the UI thread behind one [`Worker`], which
//! reports progress as [`SearchInfo`] and ends in a [`SearchResult`], so the computer
//! opponent and the analysis mode need not know which one runs.

use super::uci_client::{self, UciEngine, UciError};
use chess4d_core::{Game, Move};
use chess4d_engine::{Limits, SearchError, SearchHandle, SearchInfo, SearchResult, Searcher};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The engine chosen in the Play tab.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// chess4d's own search.
    #[default]
    Builtin,
    /// A UCI program at this path.
    External(PathBuf),
}

impl EngineChoice {
    /// A short name for the panel.
    pub fn label(&self) -> String {
        match self {
            EngineChoice::Builtin => "chess4d".into(),
            EngineChoice::External(p) => p
                .file_name()
                .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into()),
        }
    }
}

/// A search in progress on either engine.
#[derive(Debug)]
pub enum Worker {
    /// Ours.
    Builtin(SearchHandle),
    /// An external engine's, driven from its own thread.
    External(ExternalSearch),
}

impl Worker {
    /// Starts a search of the game's position with `engine`; every finished line is
    /// passed to `on_info`. Boards beyond two axes are ours alone: no UCI engine plays
    /// them, so an external choice searches with our engine there.
    pub fn start(
        engine: &EngineChoice,
        game: &Game,
        limits: Limits,
        on_info: impl FnMut(&SearchInfo) + Send + 'static,
    ) -> Worker {
        match engine {
            EngineChoice::Builtin => Worker::Builtin(Searcher::start(
                game.rules().clone(),
                game.position().clone(),
                limits,
                on_info,
            )),
            EngineChoice::External(_) if game.rules().info().shape.axes() != 2 => {
                Worker::start(&EngineChoice::Builtin, game, limits, on_info)
            }
            EngineChoice::External(path) => {
                Worker::External(ExternalSearch::start(path.clone(), game, limits, on_info))
            }
        }
    }

    /// Asks the search to answer now.
    pub fn stop(&self) {
        match self {
            Worker::Builtin(h) => h.stop(),
            Worker::External(e) => e.stop.store(true, Ordering::Relaxed),
        }
    }

    /// Whether it has ended.
    pub fn is_finished(&self) -> bool {
        match self {
            Worker::Builtin(h) => h.is_finished(),
            Worker::External(e) => e.thread.as_ref().is_none_or(|t| t.is_finished()),
        }
    }

    /// Waits for the answer.
    pub fn wait(self) -> Result<SearchResult, SearchError> {
        match self {
            Worker::Builtin(h) => h.wait(),
            Worker::External(mut e) => match e.thread.take().map(JoinHandle::join) {
                Some(Ok(r)) => r,
                _ => Err(SearchError::Thread("the engine's thread failed".into())),
            },
        }
    }
}

/// An external engine's search, on a thread that owns the process.
#[derive(Debug)]
pub struct ExternalSearch {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<Result<SearchResult, SearchError>>>,
}

impl Drop for ExternalSearch {
    fn drop(&mut self) {
        // Dropping stops the search; the thread ends by itself (stop, bestmove, quit),
        // so the window never waits for a slow engine's handshake.
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl ExternalSearch {
    fn start(
        path: PathBuf,
        game: &Game,
        limits: Limits,
        mut on_info: impl FnMut(&SearchInfo) + Send + 'static,
    ) -> ExternalSearch {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let game = game.clone();
        let thread = std::thread::spawn(move || {
            if game.legal_moves().is_empty() {
                let status = game.rules().status(game.position());
                return Err(SearchError::NoLegalMoves(status));
            }
            drive(&path, &game, &limits, &flag, &mut on_info)
                .map_err(|e| SearchError::Thread(e.to_string()))
        });
        ExternalSearch {
            stop,
            thread: Some(thread),
        }
    }
}

/// How long an engine may take to answer after `stop` or its move time.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// The level as Stockfish's `Skill Level` (0-20): level 8 is full strength.
fn skill_level(limits: &Limits) -> u32 {
    (u32::from(limits.level.get()).saturating_sub(1) * 20) / 7
}

/// One search on a fresh process: options, position, go, then infos until bestmove.
fn drive(
    path: &std::path::Path,
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, UciError> {
    let mut engine = UciEngine::spawn(path)?;
    let rules = game.rules().clone();
    let variant = rules.info().name.clone();
    let Some(uci_name) = engine.variant_name(&variant) else {
        return Err(unknown_variant(&engine, &variant));
    };
    if engine.has_option("UCI_Variant") {
        engine.set_option("UCI_Variant", &uci_name)?;
    }
    if engine.has_option("MultiPV") {
        engine.set_option("MultiPV", &limits.multipv.max(1).to_string())?;
    }
    if engine.has_option("Threads") {
        engine.set_option("Threads", &limits.threads.max(1).to_string())?;
    }
    if engine.has_option("Skill Level") {
        engine.set_option("Skill Level", &skill_level(limits).to_string())?;
    }
    engine.sync()?;
    engine.send(&uci_client::position_command(game))?;
    engine.send(&go_command(limits))?;
    let started = Instant::now();
    let mut best_line: Option<SearchInfo> = None;
    // An engine that has not answered this long after it should have is given up.
    let mut deadline = limits.movetime.map(|t| started + t + STOP_GRACE);
    loop {
        if stop.load(Ordering::Relaxed) && deadline.is_none_or(|d| d > Instant::now() + STOP_GRACE)
        {
            engine.send("stop")?;
            deadline = Some(Instant::now() + STOP_GRACE);
        }
        if deadline.is_some_and(|d| Instant::now() > d) {
            return Err(UciError {
                kind: uci_client::UciErrorKind::Timeout,
                message: format!("{} did not give its move in time", engine.name),
            });
        }
        let Some(line) = engine.recv(Duration::from_millis(20))? else {
            continue;
        };
        if let Some(i) = uci_client::parse_info(&line) {
            let words: Vec<&str> = i.pv.iter().map(String::as_str).collect();
            let pv = uci_client::parse_uci_line(&*rules, game.position(), &words);
            if pv.is_empty() {
                continue;
            }
            let info = SearchInfo {
                depth: i.depth,
                seldepth: i.seldepth,
                multipv: i.multipv,
                score: i.score,
                nodes: i.nodes,
                time: Duration::from_millis(i.time_ms),
                hashfull: 0,
                pv,
            };
            on_info(&info);
            if info.multipv <= 1 {
                best_line = Some(info);
            }
        } else if let Some(word) = uci_client::parse_bestmove(&line) {
            let best = uci_client::parse_uci_move(&*rules, game.position(), word)?;
            return Ok(result(best, best_line, started));
        }
    }
}

fn unknown_variant(engine: &UciEngine, variant: &str) -> UciError {
    UciError {
        kind: uci_client::UciErrorKind::Protocol,
        message: format!(
            "{} does not play {variant}; chess4d's own engine takes over",
            engine.name
        ),
    }
}

fn go_command(limits: &Limits) -> String {
    match (limits.movetime, limits.depth, limits.nodes) {
        (Some(t), _, _) => format!("go movetime {}", t.as_millis().max(1)),
        (None, Some(d), _) => format!("go depth {d}"),
        (None, None, Some(n)) => format!("go nodes {n}"),
        (None, None, None) => "go infinite".into(),
    }
}

fn result(best: Move, line: Option<SearchInfo>, started: Instant) -> SearchResult {
    let line = line.filter(|l| l.pv.first() == Some(&best));
    SearchResult {
        best,
        score: line.as_ref().map_or(chess4d_engine::Score(0), |l| l.score),
        depth: line.as_ref().map_or(0, |l| l.depth),
        pv: line.as_ref().map_or_else(|| vec![best], |l| l.pv.clone()),
        nodes: line.as_ref().map_or(0, |l| l.nodes),
        time: started.elapsed(),
    }
}

impl super::Session {
    /// The engine for the computer's moves, hints and the analysis.
    pub fn engine(&self) -> &EngineChoice {
        self.opponent.engine()
    }

    /// Chooses the engine; a running analysis starts again on it.
    pub fn set_engine(&mut self, engine: EngineChoice) {
        self.opponent.set_engine(engine);
        self.restart_analysis();
    }
}

/// The viewer's start options for engines: an external engine, the analysis mode.
pub fn apply_start_options(session: &mut super::Session, engine: Option<PathBuf>, analyse: bool) {
    if let Some(p) = engine {
        session.set_engine(EngineChoice::External(p));
    }
    if analyse {
        session.set_analysis(true);
    }
}

/// The external engines on this machine that may play `info`'s variant, for the Play
/// tab: none beyond 2D; Stockfish for orthodox only; Fairy-Stockfish for any 2D board
/// (whether it knows the variant, its `UCI_Variant` list says when it starts).
pub fn engines_for(info: &chess4d_core::VariantInfo) -> Vec<PathBuf> {
    if info.shape.axes() != 2 {
        return Vec::new();
    }
    uci_client::installed_engines()
        .into_iter()
        .filter(|p| {
            info.name == "orthodox"
                || p.file_name()
                    .is_some_and(|n| n.to_string_lossy().contains("fairy"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;
    use std::path::Path;

    /// The opponent's worker on Stockfish: a legal move, and lines reported on the way.
    #[test]
    fn an_external_worker_searches_and_stops() {
        let path = PathBuf::from("/usr/games/stockfish");
        if !path.is_file() {
            assert!(std::env::var_os("CI").is_none(), "stockfish is missing");
            eprintln!("SKIPPED: /usr/games/stockfish is missing");
            return;
        }
        let rules = Catalog::embedded().get("orthodox").unwrap();
        let game = Game::new(rules.clone());
        let (tx, rx) = std::sync::mpsc::channel();
        let limits = Limits {
            multipv: 3,
            ..Limits::default()
        };
        let w = Worker::start(
            &EngineChoice::External(path),
            &game,
            limits,
            move |i: &SearchInfo| {
                let _ = tx.send(i.clone());
            },
        );
        // Lines come until it is stopped (the first after the process starts).
        let mut infos = Vec::new();
        while !infos
            .iter()
            .any(|i: &SearchInfo| i.multipv == 3 && i.depth >= 5)
        {
            let i = rx.recv_timeout(Duration::from_secs(10)).expect("lines");
            infos.push(i);
        }
        assert!(!w.is_finished(), "go infinite runs until stopped");
        w.stop();
        let r = w.wait().unwrap();
        let mut legal = Vec::new();
        rules.legal_moves(game.position(), &mut legal);
        assert!(legal.contains(&r.best));
        assert_eq!(r.pv.first(), Some(&r.best));
        // Stockfish knows no 4D chess: the worker searches with ours instead ...
        let full = Game::new(Catalog::embedded().get("full").unwrap());
        let w = Worker::start(
            &EngineChoice::External("/usr/games/stockfish".into()),
            &full,
            Limits::movetime(Duration::from_millis(50)),
            |_: &SearchInfo| {},
        );
        assert!(matches!(w, Worker::Builtin(_)));
        assert!(full.legal_moves().contains(&w.wait().unwrap().best));
        // ... and driven there anyway, it says so: an error, not a panic.
        let stop = AtomicBool::new(false);
        let limits = Limits::movetime(Duration::from_millis(50));
        let err = drive(
            Path::new("/usr/games/stockfish"),
            &full,
            &limits,
            &stop,
            &mut |_| {},
        )
        .unwrap_err();
        assert!(err.message.contains("does not play full"), "{err}");
    }

    /// Stockfish as the computer opponent of a session: it answers 1. e4 with a legal
    /// move through the session's ordinary flow.
    #[test]
    fn stockfish_plays_black_in_a_session() {
        let path = PathBuf::from("/usr/games/stockfish");
        if !path.is_file() {
            assert!(std::env::var_os("CI").is_none(), "stockfish is missing");
            eprintln!("SKIPPED: /usr/games/stockfish is missing");
            return;
        }
        let mut s = crate::session::Session::new(Catalog::embedded(), "orthodox").unwrap();
        s.set_engine(EngineChoice::External(path.clone()));
        let e4 = s.rules().parse_move(s.game().position(), "e2e4").unwrap();
        s.play(e4);
        s.tick(Instant::now());
        assert!(s.thinking().is_some(), "the computer's turn started");
        std::thread::sleep(Duration::from_millis(300));
        s.move_now();
        assert!(s.finish_search());
        assert_eq!(s.game().moves().len(), 2, "Black answered");
        assert_eq!(s.engine(), &EngineChoice::External(path));
    }
}
