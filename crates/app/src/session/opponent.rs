//! The computer opponent as the session sees it: one search at a time on its own
//! thread, its progress for the "thinking" line, and its answer tagged with the position
//! it was asked about so a stale answer (the game moved on) is thrown away.

use super::engines::{EngineChoice, Worker};
use chess4d_core::Game;
use chess4d_engine::{Limits, game_history};
use chess4d_engine::{SearchError, SearchInfo, SearchResult};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// What a search was started for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The computer's own move.
    Move,
    /// A hint for the player to move.
    Hint,
    /// Judging a draw offer: the computer accepts when it stands about level or worse.
    DrawOffer,
}

/// A search in progress, for display.
#[derive(Clone, Debug)]
pub struct Thinking {
    /// Why it runs.
    pub job: Job,
    /// The last completed iteration, once one has finished.
    pub info: Option<SearchInfo>,
    /// When it started.
    pub started: Instant,
}

/// The position a search was asked about: plies played and the position's hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    plies: usize,
    hash: u64,
}

impl Key {
    /// The key of the game's current position.
    pub fn of(game: &Game) -> Key {
        Key {
            plies: game.moves().len(),
            hash: game.position().hash(),
        }
    }
}

/// A finished search.
#[derive(Debug)]
pub struct Answer {
    /// Why it ran.
    pub job: Job,
    /// The position it was about.
    pub key: Key,
    /// What it found.
    pub result: Result<SearchResult, SearchError>,
}

/// Runs at most one search at a time off the UI thread.
#[derive(Debug, Default)]
pub struct Opponent {
    running: Option<Running>,
    news: bool,
    engine: EngineChoice,
}

#[derive(Debug)]
struct Running {
    handle: Worker,
    infos: Receiver<SearchInfo>,
    thinking: Thinking,
    key: Key,
}

/// Threads for the computer's searches: every core but one, which the window keeps,
/// and at least one. (The engine uses them at full strength only.)
pub fn search_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// How strong the computer plays: at a level, or gently (a newcomer's first games:
/// level 2 that gives no check in the game's first moves, `chess4d_engine::gentle_limits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Gently.
    Gentle,
    /// At this level.
    Level(chess4d_engine::Level),
}

impl Strength {
    /// The level the archive's computer profile is kept under (the gentle opponent
    /// searches at level 2).
    pub fn level(self) -> chess4d_engine::Level {
        match self {
            Strength::Gentle => chess4d_engine::gentle_level(),
            Strength::Level(l) => l,
        }
    }

    /// What it does, in one line for a person choosing.
    pub fn describe(self) -> String {
        match self {
            Strength::Gentle => format!(
                "gentle: looks 2 plies ahead and gives no check in the first {} moves, so \
                 a first game is not over before it starts",
                chess4d_engine::QUIET_MOVES
            ),
            Strength::Level(l) => l.describe(),
        }
    }
}

/// The limits of a job at `strength`: the computer's move, a strong short hint, a quick
/// judgement of a draw offer.
pub fn limits_at(job: Job, strength: Strength, game: &Game) -> Limits {
    match (job, strength) {
        (Job::Move, Strength::Gentle) => {
            chess4d_engine::gentle_limits(game, game.moves().len() as u64)
        }
        _ => limits_for(job, strength.level(), game),
    }
}

/// The limits of a job: the computer's move at its level, a strong short hint, a quick
/// judgement of a draw offer.
pub fn limits_for(job: Job, level: chess4d_engine::Level, game: &Game) -> Limits {
    let history = game_history(game);
    let seed = game.moves().len() as u64;
    match job {
        Job::Move => Limits::movetime(Duration::from_secs(3))
            .with_level(level)
            .with_seed(seed)
            .with_history(history)
            .with_threads(search_threads()),
        Job::Hint => Limits {
            depth: Some(6),
            ..Limits::movetime(Duration::from_millis(1500))
        }
        .with_history(history)
        .with_threads(search_threads()),
        Job::DrawOffer => Limits {
            depth: Some(4),
            ..Limits::movetime(Duration::from_millis(600))
        }
        .with_history(history),
    }
}

impl Opponent {
    /// The engine that searches (ours unless the Play tab chose an external one).
    pub fn engine(&self) -> &EngineChoice {
        &self.engine
    }

    /// Chooses the engine for the next searches.
    pub fn set_engine(&mut self, engine: EngineChoice) {
        self.engine = engine;
    }

    /// Starts a search of the game's position (stopping any search already running).
    pub fn start(&mut self, job: Job, game: &Game, limits: Limits) {
        self.cancel();
        let (tx, rx) = channel();
        let handle = Worker::start(&self.engine, game, limits, move |info: &SearchInfo| {
            let _ = tx.send(info.clone());
        });
        self.running = Some(Running {
            handle,
            infos: rx,
            thinking: Thinking {
                job,
                info: None,
                started: Instant::now(),
            },
            key: Key::of(game),
        });
    }

    /// The search in progress, if any, with its latest progress.
    pub fn thinking(&self) -> Option<&Thinking> {
        self.running.as_ref().map(|r| &r.thinking)
    }

    /// Asks the running search to answer now with the best move it has.
    pub fn move_now(&self) {
        if let Some(r) = &self.running {
            r.handle.stop();
        }
    }

    /// Stops the running search and forgets it.
    pub fn cancel(&mut self) {
        // Dropping the handle stops the thread and joins it.
        self.running = None;
    }

    /// Collects progress; returns the answer once the search has ended.
    pub fn poll(&mut self) -> Option<Answer> {
        let running = self.running.as_mut()?;
        while let Ok(info) = running.infos.try_recv() {
            running.thinking.info = Some(info);
            self.news = true;
        }
        if !running.handle.is_finished() {
            return None;
        }
        let Running {
            handle,
            thinking,
            key,
            ..
        } = self.running.take()?;
        let external = matches!(handle, Worker::External(_));
        let result = handle.wait();
        if external && result.is_err() {
            // An external engine that failed once (gone, or not playing this variant)
            // is not asked again: the next search is ours, not a loop of failures.
            self.engine = EngineChoice::Builtin;
        }
        Some(Answer {
            job: thinking.job,
            key,
            result,
        })
    }

    /// Whether progress arrived since the last call.
    pub fn take_news(&mut self) -> bool {
        std::mem::take(&mut self.news)
    }

    /// Waits (up to `limit`) for the running search to end and returns its answer; for
    /// tests and for shutting down.
    pub fn wait(&mut self, limit: Duration) -> Option<Answer> {
        let end = Instant::now() + limit;
        loop {
            if let Some(a) = self.poll() {
                return Some(a);
            }
            if self.running.is_none() || Instant::now() > end {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}
