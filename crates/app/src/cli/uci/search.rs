//! A `go` running on its own thread: info lines while it searches, `bestmove` at the
//! end, held back in `infinite` and `ponder` searches until `stop` or `ponderhit`.

use super::notation::{format_line, format_move};
use super::session::{Out, say};
use chess4d_core::{Position, Rules};
use chess4d_engine::{HashTable, Limits, SearchError, SearchInfo, SearchResult, search_shared};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Everything a search thread needs, copied out of the session.
pub struct SearchJob {
    /// The variant.
    pub rules: Arc<dyn Rules>,
    /// The position to search.
    pub position: Position,
    /// The limits (without a clock while pondering).
    pub limits: Limits,
    /// The session's table, kept between moves.
    pub table: HashTable,
    /// Castling written as king takes rook.
    pub chess960: bool,
    /// Whether `bestmove` waits for `stop` or `ponderhit` (`go infinite`, `go ponder`).
    pub hold: bool,
    /// Whether this is `go ponder` (so `ponderhit` applies).
    pub pondering: bool,
    /// The time to search after `ponderhit`.
    pub ponder_time: Option<Duration>,
}

/// A latch the search thread waits on before `bestmove` in held searches.
#[derive(Default)]
struct Hold {
    held: Mutex<bool>,
    released: Condvar,
}

impl Hold {
    fn set(&self, held: bool) {
        let mut h = self.held.lock().unwrap_or_else(|p| p.into_inner());
        *h = held;
        self.released.notify_all();
    }

    fn wait(&self) {
        let mut h = self.held.lock().unwrap_or_else(|p| p.into_inner());
        while *h {
            h = self.released.wait(h).unwrap_or_else(|p| p.into_inner());
        }
    }
}

/// A search started by `go`.
pub struct Running {
    stop: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
    hold: Arc<Hold>,
    thread: Option<JoinHandle<()>>,
    ponder_time: Option<Duration>,
    pondering: bool,
}

impl SearchJob {
    /// Starts the search; its lines go to `out`.
    pub fn start(self, out: Out) -> Running {
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let hold = Arc::new(Hold::default());
        hold.set(self.hold);
        let ponder_time = self.ponder_time;
        let pondering = self.pondering;
        let (flag, finished, latch) = (stop.clone(), done.clone(), hold.clone());
        let out_if_failed = out.clone();
        let spawned = std::thread::Builder::new()
            .name("chess4d-uci-search".into())
            .spawn(move || {
                // A fault in the engine must still end in a bestmove, or the GUI waits
                // for ever.
                let result =
                    std::panic::catch_unwind(AssertUnwindSafe(|| self.search(&out, &flag)))
                        .unwrap_or_else(|_| {
                            (Err(SearchError::Thread("the search panicked".into())), None)
                        });
                finished.store(true, Ordering::Relaxed);
                latch.wait();
                self.answer(&out, result);
            });
        let thread = match spawned {
            Ok(t) => Some(t),
            Err(e) => {
                // No thread: say so and answer, as UCI demands, though with no move.
                say(
                    &out_if_failed,
                    &format!("info string the search thread did not start: {e}"),
                );
                say(&out_if_failed, "bestmove (none)");
                None
            }
        };
        Running {
            stop,
            done,
            hold,
            thread,
            ponder_time,
            pondering,
        }
    }

    fn search(
        &self,
        out: &Out,
        stop: &AtomicBool,
    ) -> (Result<SearchResult, SearchError>, Option<SearchInfo>) {
        let mut last: Option<SearchInfo> = None;
        let result = search_shared(
            &*self.rules,
            &self.position,
            &self.limits,
            &self.table,
            stop,
            &mut |info| {
                say(out, &self.info_line(info));
                if info.multipv <= 1 {
                    last = Some(info.clone());
                }
            },
        );
        (result, last)
    }

    fn info_line(&self, info: &SearchInfo) -> String {
        format!(
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
            info.depth,
            info.seldepth.max(info.depth),
            info.multipv.max(1),
            info.score,
            info.nodes,
            info.nps(),
            info.hashfull,
            info.time.as_millis(),
            format_line(&*self.rules, &self.position, &info.pv, self.chess960)
        )
    }

    fn answer(
        &self,
        out: &Out,
        (result, last): (Result<SearchResult, SearchError>, Option<SearchInfo>),
    ) {
        match result {
            Ok(r) => {
                // An unfinished last iteration may have found a better move than the
                // last report: report its line too, so that the info and bestmove agree.
                if last.as_ref().is_none_or(|l| l.pv != r.pv) {
                    let info = SearchInfo {
                        depth: r.depth.max(1),
                        seldepth: last.as_ref().map_or(r.depth, |l| l.seldepth),
                        multipv: 1,
                        score: r.score,
                        nodes: r.nodes,
                        time: r.time,
                        hashfull: self.table.hashfull(),
                        pv: r.pv.clone(),
                    };
                    say(out, &self.info_line(&info));
                }
                let best = format_move(&*self.rules, &self.position, r.best, self.chess960);
                let mut line = format!("bestmove {best}");
                if let Some(&reply) = r.pv.get(1) {
                    let mut after = self.position.clone();
                    self.rules.make_move(&mut after, r.best);
                    let reply = format_move(&*self.rules, &after, reply, self.chess960);
                    line.push_str(&format!(" ponder {reply}"));
                }
                say(out, &line);
            }
            Err(SearchError::NoLegalMoves(_)) => {
                // The rules' own words: "White wins by reaching the hill".
                let words = self.rules.describe_status(&self.position);
                say(out, &format!("info string game over: {words}"));
                say(out, "bestmove (none)");
            }
            Err(e) => {
                say(out, &format!("info string {e}"));
                say(out, "bestmove (none)");
            }
        }
    }
}

impl Running {
    /// `ponderhit`: from now on the search plays for real: it answers as soon as it is
    /// done, and stops after the clock's share. `false` if it was not pondering.
    pub fn ponder_hit(&mut self) -> bool {
        if !std::mem::take(&mut self.pondering) {
            return false;
        }
        self.hold.set(false);
        if let Some(t) = self.ponder_time.take() {
            let (stop, done) = (self.stop.clone(), self.done.clone());
            let timer = std::thread::Builder::new()
                .name("chess4d-uci-clock".into())
                .spawn(move || {
                    let start = Instant::now();
                    while !done.load(Ordering::Relaxed) && start.elapsed() < t {
                        std::thread::sleep((t - start.elapsed()).min(Duration::from_millis(5)));
                    }
                    stop.store(true, Ordering::Relaxed);
                });
            if timer.is_err() {
                // Without a clock thread the search would run on: stop it now.
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        true
    }

    /// `stop`: ends the search and waits until its `bestmove` has been written.
    pub fn stop_and_wait(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.hold.set(false);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use chess4d_engine::allot;
    use std::time::Duration;

    #[test]
    fn the_clock_share_spreads_the_time_and_keeps_a_reserve() {
        let ms = Duration::from_millis;
        // 60 s, no increment, unknown moves to go: a thirtieth less the overhead.
        assert_eq!(allot(ms(60_000), ms(0), None, ms(30)), ms(59_970) / 30);
        // An increment adds most of itself.
        assert_eq!(allot(ms(30_000), ms(1_000), Some(30), ms(0)), ms(1_750));
        // Never more than half the clock, never nothing.
        assert_eq!(allot(ms(100), ms(1_000), None, ms(0)), ms(50));
        assert_eq!(allot(ms(0), ms(0), None, ms(30)), ms(1));
        // The last move before the control may use most of what is left.
        assert_eq!(allot(ms(1_000), ms(0), Some(1), ms(0)), ms(800));
    }
}
