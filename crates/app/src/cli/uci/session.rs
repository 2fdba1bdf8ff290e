//! One UCI session: the options, the position, and the search running on its own
//! thread while the session goes on reading commands.

use super::command::{Command, Go, Start, parse};
use super::notation;
use super::options::{Effect, Options};
use super::search::{Running, SearchJob};
use chess4d_core::{Color, Position, Rules};
use chess4d_engine::allot;
use chess4d_engine::{Limits, MAX_DEPTH};
use chess4d_variants::Catalog;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Where the session writes: one whole line at a time, shared with the search thread.
pub type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one line and flushes it (a closed output is not the engine's problem to
/// report: the GUI has gone).
pub fn say(out: &Out, line: &str) {
    let mut w = match out.lock() {
        Ok(w) => w,
        Err(poisoned) => poisoned.into_inner(),
    };
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

/// The state between commands.
pub struct Session {
    out: Out,
    catalog: Catalog,
    options: Options,
    rules: Arc<dyn Rules>,
    position: Position,
    /// Hashes of the positions before the current one, for repetitions.
    history: Vec<u64>,
    table: chess4d_engine::HashTable,
    running: Option<Running>,
    games: u64,
}

impl Session {
    /// A session on orthodox chess (`UCI_Variant` chess), writing to `out`.
    pub fn new(catalog: Catalog, out: Out) -> Result<Session, String> {
        let options = Options::default();
        let rules = catalog
            .get(&options.variant)
            .map_err(|e| format!("the default variant: {e}"))?;
        let position = rules.start_position();
        let table = chess4d_engine::HashTable::new(options.hash_mb as usize);
        Ok(Session {
            out,
            catalog,
            options,
            rules,
            position,
            history: Vec::new(),
            table,
            running: None,
            games: 0,
        })
    }

    fn note(&self, text: &str) {
        say(&self.out, &format!("info string {text}"));
    }

    /// Handles one line; `false` once the GUI said `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let parsed = parse(line);
        for n in &parsed.notes {
            self.note(n);
        }
        let Some(command) = parsed.command else {
            return true;
        };
        match command {
            Command::Uci => self.identify(),
            Command::Debug(_) | Command::Register => {}
            Command::IsReady => say(&self.out, "readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                self.finish_search();
                self.table.clear();
                self.games += 1;
                self.position = self.rules.start_position();
                self.history.clear();
            }
            Command::Position { start, moves } => self.set_position(&start, &moves),
            Command::Go(go) => self.go(&go),
            Command::Stop => self.finish_search(),
            Command::PonderHit => {
                if !self.running.as_mut().is_some_and(|r| r.ponder_hit()) {
                    self.note("ponderhit: the engine is not pondering, ignored");
                }
            }
            Command::Quit => {
                self.finish_search();
                return false;
            }
        }
        true
    }

    fn identify(&self) {
        say(
            &self.out,
            &format!("id name chess4d {}", env!("CARGO_PKG_VERSION")),
        );
        say(&self.out, "id author the chess4d authors");
        for line in Options::describe(&self.catalog) {
            say(&self.out, &line);
        }
        say(&self.out, "uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match self.options.set(&self.catalog, name, value) {
            Ok(Effect::None) => {}
            Ok(Effect::NewHash) => {
                self.table = chess4d_engine::HashTable::new(self.options.hash_mb as usize);
            }
            Ok(Effect::NewVariant) => match self.catalog.get(&self.options.variant) {
                Ok(rules) => {
                    self.position = rules.start_position();
                    self.rules = rules;
                    self.history.clear();
                    self.table.clear();
                }
                Err(e) => self.note(&format!("UCI_Variant: {e}")),
            },
            Err(e) => self.note(&format!("setoption: {e}; ignored")),
        }
    }

    /// Sets the position; moves are played up to the first that is not legal (which is
    /// reported), a position string that does not read leaves the old position.
    fn set_position(&mut self, start: &Start, moves: &[String]) {
        let rules = self.rules.clone();
        let mut pos = match start {
            Start::StartPos => rules.start_position(),
            Start::Fen(text) => match rules.parse_position(text).or_else(|e| {
                let shredder = notation::shredder_castling(rules.info(), text).ok_or(e.clone())?;
                rules.parse_position(&shredder).map_err(|_| e)
            }) {
                Ok(p) => p,
                Err(e) => {
                    self.note(&format!("position: {e}; the position is unchanged"));
                    return;
                }
            },
        };
        let mut history = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let hash = pos.hash();
            let played = notation::parse_move(&*rules, &pos, text)
                .map_err(|e| e.to_string())
                .and_then(|mv| {
                    rules
                        .try_make_move(&mut pos, mv)
                        .map_err(|e| format!("move '{text}': the rules could not play it: {e}"))
                });
            match played {
                Ok(_) => history.push(hash),
                Err(e) => {
                    self.note(&format!(
                        "position: {e}; the position is the one after move {i}"
                    ));
                    break;
                }
            }
        }
        self.position = pos;
        self.history = history;
    }

    /// The limits of a `go` for the side to move.
    fn limits_for(&self, go: &Go) -> (Limits, Option<Duration>) {
        let white = self.position.side_to_move() == Color::White;
        let (time, inc) = if white {
            (go.wtime, go.winc)
        } else {
            (go.btime, go.binc)
        };
        let overhead = Duration::from_millis(self.options.move_overhead_ms as u64);
        let clock = time.map(|t| allot(t, inc.unwrap_or_default(), go.movestogo, overhead));
        let depth = go
            .depth
            .or(go.mate.map(|m| m.saturating_mul(2)))
            .map(|d| d.clamp(1, MAX_DEPTH));
        let timed = !go.infinite && !go.ponder;
        let limits = Limits {
            depth,
            nodes: go.nodes.map(|n| n.max(1)),
            movetime: if timed {
                go.movetime
                    .or(clock)
                    .map(|t| t.max(Duration::from_millis(1)))
            } else {
                None
            },
            level: self.options.level,
            seed: self.games ^ (self.history.len() as u64) << 32,
            hash_mb: self.options.hash_mb as usize,
            history: self.history.clone(),
            multipv: self.options.multipv as usize,
            threads: self.options.threads as usize,
            contempt: self.options.contempt,
            ..Limits::default()
        };
        // Pondering: the clock's share applies from `ponderhit` on.
        let later = if go.ponder {
            go.movetime.or(clock)
        } else {
            None
        };
        (limits, later)
    }

    fn go(&mut self, go: &Go) {
        self.finish_search();
        let (mut limits, ponder_time) = self.limits_for(go);
        for text in &go.searchmoves {
            match notation::parse_move(&*self.rules, &self.position, text) {
                Ok(mv) => limits.root_moves.push(mv),
                Err(e) => self.note(&format!("go searchmoves: {e}; ignored")),
            }
        }
        let job = SearchJob {
            rules: self.rules.clone(),
            position: self.position.clone(),
            limits,
            table: self.table.clone(),
            // A Chess960 variant writes castling as king takes rook, as Fairy-Stockfish.
            chess960: self.options.chess960 || self.rules.chess960_castling(),
            hold: go.infinite || go.ponder,
            pondering: go.ponder,
            ponder_time,
        };
        self.running = Some(job.start(self.out.clone()));
    }

    /// Stops the running search, if any, and waits until its `bestmove` is out.
    pub fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop_and_wait();
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.finish_search();
    }
}
