//! What a search may spend (depth, time, nodes) and how strong it plays (levels).

use std::fmt;
use std::time::Duration;

/// The deepest iteration any search runs.
pub const MAX_DEPTH: u32 = 64;

/// The largest [`Limits::contempt`] either way, in centipawns: a draw is never worth
/// more or less than two pawns.
pub const MAX_CONTEMPT: i32 = 200;

/// The most threads one search uses.
pub const MAX_THREADS: usize = 64;

/// A playing strength from 1 (beginner) to 8 (full strength).
///
/// Levels 1 to 4 see 1 to 4 plies and add seeded noise to the score of every root
/// move, so they pick among near-best moves the way a beginner does; levels 5 to 7
/// have a node budget that grows fourfold per level; level 8 is limited only by the
/// caller's depth or time.
///
/// The steps are that wide because a narrower one hardly shows in play: in self-play
/// twice the nodes scored 55-60% on the 4D classic set and 70% on orthodox chess,
/// four times the nodes 85-100% on orthodox chess (docs/src/engine/engine.md, "Levels").
///
/// # Examples
///
/// ```
/// use chess4d_engine::Level;
/// let beginner = Level::new(1).unwrap();
/// assert_eq!(beginner.max_depth(), 1);
/// assert_eq!(Level::new(5).unwrap().node_budget(), Some(16_000));
/// assert_eq!(Level::new(7).unwrap().node_budget(), Some(256_000));
/// assert_eq!(Level::MAX.node_budget(), None);
/// assert!(beginner.noise() > 0);
/// assert_eq!(Level::MAX.noise(), 0);
/// assert!(Level::new(9).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level outside 1 to 8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(pub String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level '{}': a level is a number from 1 to 8", self.0)
    }
}

impl std::error::Error for LevelError {}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength: no depth cap, no noise.
    pub const MAX: Level = Level(8);

    /// The level `n`, if it lies in 1 to 8.
    pub fn new(n: u8) -> Result<Level, LevelError> {
        if (1..=8).contains(&n) {
            Ok(Level(n))
        } else {
            Err(LevelError(n.to_string()))
        }
    }

    /// The level as a number 1 to 8.
    pub fn get(self) -> u8 {
        self.0
    }

    /// The deepest iteration this level searches.
    pub fn max_depth(self) -> u32 {
        match self.0 {
            n @ 1..=4 => n as u32,
            _ => MAX_DEPTH,
        }
    }

    /// The most nodes one move may cost at this level (`None`: only the depth cap or
    /// the caller's limits apply).
    ///
    /// Counting nodes instead of time makes a level play the same on a fast or a busy
    /// machine; from level 5 each level has four times the nodes of the one below.
    pub fn node_budget(self) -> Option<u64> {
        match self.0 {
            5 => Some(16_000),
            6 => Some(64_000),
            7 => Some(256_000),
            _ => None,
        }
    }

    /// What this level does, in one line for a person choosing a level.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_engine::Level;
    /// assert_eq!(
    ///     Level::new(3).unwrap().describe(),
    ///     "level 3: looks 3 plies ahead, with up to 45 centipawns of noise"
    /// );
    /// assert_eq!(
    ///     Level::new(6).unwrap().describe(),
    ///     "level 6: searches 64,000 positions a move"
    /// );
    /// ```
    pub fn describe(self) -> String {
        let n = self.0;
        match (self.node_budget(), self.noise()) {
            (Some(nodes), _) => {
                let (thousands, rest) = (nodes / 1000, nodes % 1000);
                format!("level {n}: searches {thousands},{rest:03} positions a move")
            }
            (None, 0) if n == Level::MAX.0 => {
                format!("level {n}: full strength, searches for all the time it is given")
            }
            (None, noise) => format!(
                "level {n}: looks {} {} ahead, with up to {noise} centipawns of noise",
                self.max_depth(),
                if self.max_depth() == 1 {
                    "ply"
                } else {
                    "plies"
                }
            ),
        }
    }

    /// The largest random change, in centipawns, added to a root move's score.
    pub fn noise(self) -> i32 {
        match self.0 {
            1 => 150,
            2 => 70,
            3 => 45,
            4 => 10,
            _ => 0,
        }
    }
}

impl std::str::FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(|n| Level::new(n).ok())
            .ok_or_else(|| LevelError(s.to_string()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What a search may spend and how it plays.
///
/// With neither `depth`, `movetime` nor `nodes` set the search deepens until stopped
/// (or until [`MAX_DEPTH`]). The level caps depth and time further.
///
/// # Examples
///
/// ```
/// use chess4d_engine::{Level, Limits};
/// use std::time::Duration;
/// let limits = Limits::movetime(Duration::from_millis(200)).with_level(Level::new(5).unwrap());
/// assert_eq!(limits.level.get(), 5);
/// assert_eq!(Limits::depth(4).depth, Some(4));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The time for this move; the search stops within a few milliseconds of it.
    pub movetime: Option<Duration>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// The playing strength.
    pub level: Level,
    /// Seeds the level's noise (mixed with the position, so each move differs).
    pub seed: u64,
    /// The transposition table size in MiB (1 to 1024; outside values are clamped).
    pub hash_mb: usize,
    /// Hashes of the game's earlier positions, oldest first, without the current one;
    /// repetitions of them count as draws inside the search.
    pub history: Vec<u64>,
    /// How many best lines to search and report (UCI's `MultiPV`; at least 1).
    pub multipv: usize,
    /// Threads to search with (1 to [`MAX_THREADS`]); used at [`Level::MAX`] only.
    pub threads: usize,
    /// Only these root moves (UCI's `searchmoves`); empty, or none of them legal: all.
    pub root_moves: Vec<chess4d_core::Move>,
    /// What a draw costs the side the search plays for, in centipawns (Stockfish's
    /// old `Contempt`): above 0 it plays on in level positions, below 0 it takes a
    /// draw unless it stands at least that much better. The opponent sees the
    /// opposite, so a drawn line is not worth the same to both sides.
    pub contempt: i32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: None,
            movetime: None,
            nodes: None,
            level: Level::MAX,
            seed: 0,
            hash_mb: 16,
            history: Vec::new(),
            multipv: 1,
            threads: 1,
            root_moves: Vec::new(),
            contempt: 0,
        }
    }
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(plies: u32) -> Limits {
        Limits {
            depth: Some(plies),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// The same limits at another level.
    pub fn with_level(mut self, level: Level) -> Limits {
        self.level = level;
        self
    }

    /// The same limits with another seed.
    pub fn with_seed(mut self, seed: u64) -> Limits {
        self.seed = seed;
        self
    }

    /// The same limits with the game's earlier position hashes.
    pub fn with_history(mut self, history: Vec<u64>) -> Limits {
        self.history = history;
        self
    }

    /// The same limits on `threads` threads.
    pub fn with_threads(mut self, threads: usize) -> Limits {
        self.threads = threads;
        self
    }

    /// The deepest iteration after the level's cap.
    pub(crate) fn effective_depth(&self) -> u32 {
        self.depth
            .unwrap_or(MAX_DEPTH)
            .min(self.level.max_depth())
            .clamp(1, MAX_DEPTH)
    }

    /// The node limit after the level's budget.
    pub(crate) fn effective_nodes(&self) -> Option<u64> {
        match (self.nodes, self.level.node_budget()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// The share of the clock one move gets (UCI's `go wtime`, the viewer's clocked
/// games): the time left (less the GUI's overhead)
/// spread over the moves to the time control (30 when unknown), plus most of the
/// increment, never more than half of what is left.
///
/// The search spends all of it, less a few milliseconds for the answer to get out.
pub fn allot(
    left: Duration,
    inc: Duration,
    movestogo: Option<u32>,
    overhead: Duration,
) -> Duration {
    let left = left.saturating_sub(overhead);
    let moves = movestogo.unwrap_or(30).clamp(1, 60);
    let share = left / moves + inc * 3 / 4;
    let cap = if moves == 1 { left * 4 / 5 } else { left / 2 };
    share.min(cap).max(Duration::from_millis(1))
}
