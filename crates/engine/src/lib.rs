//! The chess4d engine: it plays any variant it is handed as a `dyn Rules`.
//!
//! [`search`] runs iterative-deepening alpha-beta (principal variation search with a
//! transposition table, quiescence, killer/history ordering and check extensions) on
//! the calling thread; [`Searcher::start`] runs the same search on its own thread and
//! hands back a [`SearchHandle`] to stop it or wait for it. [`Level`] 1 to 8 sets the
//! strength: depth caps and seeded noise make the low levels play like beginners;
//! [`gentle_limits`] is a newcomer's first opponent, level 2 that gives no check in the
//! game's first moves.
//! [`search_shared`] searches with a [`HashTable`] kept between moves, on
//! [`Limits::threads`] threads (lazy SMP, the thread team in `team.rs`), reporting
//! [`Limits::multipv`] lines.
//!
//! Inside: `search` is the tree walk (a node's steps named in `search/node.rs`),
//! `eval` the evaluation, learned from the rules (split by concern: tables of
//! material and placement, geometry terms, the network and square corrections of a
//! rules family chosen by a fingerprint of what the rules are, never by name, and the
//! caches), `see` the static exchange, `tt` the shared table. [`network`] is the
//! network file format and its inputs, shared with the trainer in `examples/`.
//!
//! ```
//! use chess4d_engine::{Limits, search};
//! let rules = chess4d_variants::Catalog::embedded().resolve("full").unwrap();
//! let pos = rules.start_position();
//! let result = search(&*rules, &pos, &Limits::depth(2)).unwrap();
//! let mut legal = Vec::new();
//! rules.legal_moves(&pos, &mut legal);
//! assert!(legal.contains(&result.best));
//! println!("bestmove {}", rules.format_move(&pos, result.best));
//! ```

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod eval;
mod gentle;
mod huge;
mod limits;
mod rng;
mod score;
mod search;
mod see;
mod team;
mod tt;

pub use eval::net as network;
pub use eval::squares as square_corrections;
pub use eval::values as material_values;
pub use eval::{StaticEval, Weights};
pub use gentle::{QUIET_MOVES, gentle_level, gentle_limits};
pub use limits::{Level, LevelError, Limits, MAX_CONTEMPT, MAX_DEPTH, MAX_THREADS, allot};
pub use rng::Rng;
pub use score::{MATE, MATE_BOUND, Score};

use chess4d_core::{Game, Move, Position, Rules, Status};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

/// Progress of a running search, sent after every completed iteration (once per line
/// when [`Limits::multipv`] asks for several, best line first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration just completed, in plies.
    pub depth: u32,
    /// The deepest ply any line reached (extensions and quiescence included).
    pub seldepth: u32,
    /// Which line this is, 1 for the best (UCI's `multipv`).
    pub multipv: u32,
    /// The score of this line's first move, from the side to move's view.
    pub score: Score,
    /// Nodes searched so far, by every thread.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// How full the transposition table is with this search's entries, in permille.
    pub hashfull: u32,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.time)
    }
}

/// What a finished search chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; always one of the position's legal moves.
    pub best: Move,
    /// Its score from the side to move's view.
    pub score: Score,
    /// The last iteration completed (0 if stopped before the first finished).
    pub depth: u32,
    /// The principal variation, `best` first.
    pub pv: Vec<Move>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

impl SearchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.time)
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (nodes as u128 * 1_000_000 / micros) as u64
}

/// Why a search returned no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The side to move has no legal move: the game is over (checkmate or stalemate).
    NoLegalMoves(Status),
    /// The search thread could not start or stopped abnormally.
    Thread(String),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::NoLegalMoves(Status::Checkmate) => {
                f.write_str("no legal moves: the side to move is checkmated")
            }
            SearchError::NoLegalMoves(_) => {
                f.write_str("no legal moves: the side to move is stalemated")
            }
            SearchError::Thread(e) => write!(f, "the search thread failed: {e}"),
        }
    }
}

impl std::error::Error for SearchError {}

/// Searches `pos` on this thread until the limits are reached.
///
/// # Examples
///
/// ```
/// use chess4d_engine::{Limits, search};
/// let rules = chess4d_variants::Catalog::embedded().resolve("classic").unwrap();
/// let result = search(&*rules, &rules.start_position(), &Limits::depth(1)).unwrap();
/// assert_eq!(result.depth, 1);
/// ```
pub fn search(
    rules: &dyn Rules,
    pos: &Position,
    limits: &Limits,
) -> Result<SearchResult, SearchError> {
    search_with(rules, pos, limits, &AtomicBool::new(false), &mut |_| {})
}

/// [`search`] with a stop flag (checked every 256 nodes) and a progress callback.
pub fn search_with(
    rules: &dyn Rules,
    pos: &Position,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, SearchError> {
    let table = HashTable::new(limits.hash_mb);
    search_shared(rules, pos, limits, &table, stop, on_info)
}

/// A transposition table that searches share: every thread of one search, and the
/// searches of one game (a UCI session keeps it between moves). Cloning it shares it.
///
/// # Examples
///
/// ```
/// use chess4d_engine::{HashTable, Limits, search_shared};
/// use std::sync::atomic::AtomicBool;
/// let rules = chess4d_variants::Catalog::embedded().resolve("orthodox").unwrap();
/// let table = HashTable::new(4);
/// let limits = Limits::depth(4);
/// let r = search_shared(&*rules, &rules.start_position(), &limits, &table, &AtomicBool::new(false), &mut |_| {});
/// assert!(r.is_ok());
/// assert!(table.hashfull() > 0);
/// table.clear();
/// assert_eq!(table.hashfull(), 0);
/// ```
#[derive(Clone)]
pub struct HashTable(
    Arc<tt::Shared>,
    Arc<eval::Kept>,
    Arc<search::KeptHistories>,
    Arc<search::KeptEvals>,
);

impl HashTable {
    /// A table of at most `mb` MiB (1 to 1024; outside values are clamped).
    pub fn new(mb: usize) -> HashTable {
        HashTable(
            Arc::new(tt::Shared::new(mb)),
            Arc::default(),
            Arc::default(),
            Arc::default(),
        )
    }

    /// Forgets every entry (a new game).
    pub fn clear(&self) {
        self.0.clear();
        self.2.clear();
        self.3.clear();
    }

    /// The size in MiB.
    pub fn size_mb(&self) -> usize {
        self.0.size_mb()
    }

    /// How full the table is with the latest search's entries, in permille.
    pub fn hashfull(&self) -> u32 {
        self.0.hashfull()
    }
}

impl fmt::Debug for HashTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HashTable({} MiB)", self.size_mb())
    }
}

/// [`search_with`] on a table of the caller's, kept between searches.
///
/// With [`Limits::threads`] above 1 at full strength ([`Level::MAX`]; lower levels
/// count nodes or cap depth, which threads would blur), helper threads search the
/// same position at the same time, half of them one ply deeper, sharing the table:
/// what they store there makes the main thread's search faster (lazy SMP). The main
/// thread's result is the answer; the helpers stop when it does. A search with a
/// node limit runs on one thread, so that the count means what it says and the
/// result does not depend on how the threads were scheduled.
pub fn search_shared(
    rules: &dyn Rules,
    pos: &Position,
    limits: &Limits,
    table: &HashTable,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, SearchError> {
    team::search_as_team(rules, pos, limits, table, stop, on_info)
}

/// The hashes of a game's positions before the current one, oldest first: pass them
/// as [`Limits::history`] so the engine sees repetitions of earlier positions.
///
/// # Examples
///
/// ```
/// use chess4d_core::Game;
/// let rules = chess4d_variants::Catalog::embedded().resolve("full").unwrap();
/// let mut game = Game::new(rules);
/// let first = game.legal_moves()[0];
/// game.play(first).unwrap();
/// let history = chess4d_engine::game_history(&game);
/// assert_eq!(history, vec![game.start_position().hash()]);
/// ```
pub fn game_history(game: &Game) -> Vec<u64> {
    let rules = game.rules();
    let mut pos = game.start_position().clone();
    let moves = game.moves();
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        out.push(pos.hash());
        rules.make_move(&mut pos, mv);
    }
    out
}

/// Starts searches on their own thread.
#[derive(Debug)]
pub struct Searcher;

impl Searcher {
    /// Starts a search of `position` on a new thread; `on_info` is called on that
    /// thread after every completed iteration (send it on through a channel to reach a
    /// UI thread).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_engine::{Limits, Searcher};
    /// use std::sync::mpsc;
    /// let rules = chess4d_variants::Catalog::embedded().resolve("full").unwrap();
    /// let (tx, rx) = mpsc::channel();
    /// let handle = Searcher::start(rules.clone(), rules.start_position(), Limits::depth(3), move |info| {
    ///     let _ = tx.send(info.clone());
    /// });
    /// let result = handle.wait().unwrap();
    /// assert_eq!(rx.iter().last().map(|i| i.depth), Some(result.depth));
    /// ```
    pub fn start<F>(
        rules: Arc<dyn Rules>,
        position: Position,
        limits: Limits,
        mut on_info: F,
    ) -> SearchHandle
    where
        F: FnMut(&SearchInfo) + Send + 'static,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("chess4d-search".into())
            .spawn(move || search_with(&*rules, &position, &limits, &flag, &mut on_info));
        match spawned {
            Ok(thread) => SearchHandle {
                stop,
                thread: Some(thread),
                failed: None,
            },
            Err(e) => SearchHandle {
                stop,
                thread: None,
                failed: Some(e.to_string()),
            },
        }
    }
}

/// A search running on its own thread.
///
/// Dropping the handle stops the search and waits for the thread to end.
#[derive(Debug)]
pub struct SearchHandle {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<Result<SearchResult, SearchError>>>,
    failed: Option<String>,
}

impl SearchHandle {
    /// Asks the search to stop; it returns its best move within a few hundred nodes.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search has ended (so [`SearchHandle::wait`] returns at once).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    /// Waits for the search to end and returns its result.
    pub fn wait(mut self) -> Result<SearchResult, SearchError> {
        if let Some(e) = self.failed.take() {
            return Err(SearchError::Thread(e));
        }
        match self.thread.take() {
            Some(t) => t
                .join()
                .unwrap_or_else(|_| Err(SearchError::Thread("the search panicked".into()))),
            None => Err(SearchError::Thread(
                "the search was already collected".into(),
            )),
        }
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        if let Some(t) = self.thread.take() {
            self.stop();
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_keeps_the_move_histories_of_a_game_until_cleared() {
        let catalog = chess4d_variants::Catalog::embedded();
        let rules = catalog.resolve("orthodox").expect("built-in variant");
        let slots = (2 * rules.info().pieces.len() + 2) * rules.info().shape.len();
        let table = HashTable::new(4);
        let stop = AtomicBool::new(false);
        let pos = rules.start_position();
        search_shared(&*rules, &pos, &Limits::depth(5), &table, &stop, &mut |_| {}).expect("moves");
        let kept = table.2.take(slots).expect("histories kept after a search");
        assert_eq!(kept.slots(), slots);
        // Another board's search does not take them over.
        table.2.keep(kept);
        assert!(table.2.take(slots + 1).is_none());
        search_shared(&*rules, &pos, &Limits::depth(3), &table, &stop, &mut |_| {}).expect("moves");
        table.clear();
        assert!(table.2.take(slots).is_none());
    }
}
