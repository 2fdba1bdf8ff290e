//! The thread team of one search (lazy SMP): the main thread and its helpers search
//! the same position at once, sharing the transposition table; each publishes its
//! node count so that any of them can report the team's. The main thread adopts and
//! leaves behind the game's move histories and evaluation cache.

use crate::{HashTable, Level, Limits, MAX_THREADS, SearchError, SearchInfo, SearchResult};
use crate::{eval, search, tt};

use chess4d_core::{Position, Rules};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// [`crate::search_shared`]: the main thread here, the helpers on threads of their own.
pub(crate) fn search_as_team(
    rules: &dyn Rules,
    pos: &Position,
    limits: &Limits,
    table: &HashTable,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, SearchError> {
    // The clock runs from here: learning the variant's geometry is part of the move.
    let started = std::time::Instant::now();
    table.0.new_search();
    let evaluator = table.1.evaluator(rules);
    let evaluator = &*evaluator;
    let threads = if limits.level == Level::MAX && limits.nodes.is_none() {
        limits.threads.clamp(1, MAX_THREADS)
    } else {
        1
    };
    let nodes: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
    let helpers_stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for index in 1..threads {
            let helper = Limits {
                movetime: None,
                nodes: None,
                multipv: 1,
                ..limits.clone()
            };
            let (nodes, stop, table) = (&nodes[..], &helpers_stop, &table.0);
            // A helper that cannot start only costs speed.
            let _ = std::thread::Builder::new()
                .name(format!("chess4d-helper-{index}"))
                .spawn_scoped(scope, move || {
                    let team = Team { index, nodes };
                    let ctx = Context {
                        rules,
                        evaluator,
                        started,
                        table,
                        histories: None,
                        stop,
                    };
                    run_one(&ctx, pos, &helper, &team, &mut |_| {})
                });
        }
        let team = Team {
            index: 0,
            nodes: &nodes,
        };
        let ctx = Context {
            rules,
            evaluator,
            started,
            table: &table.0,
            histories: Some((&table.2, &table.3)),
            stop,
        };
        let result = run_one(&ctx, pos, limits, &team, on_info);
        helpers_stop.store(true, Ordering::Relaxed);
        result
    })
}

/// Which thread of a search this is (0: the main thread, which reports and answers),
/// and every thread's node count, published as they go.
pub(crate) struct Team<'t> {
    pub(crate) index: usize,
    pub(crate) nodes: &'t [AtomicU64],
}

impl Team<'_> {
    /// Publishes this thread's node count.
    pub(crate) fn publish(&self, nodes: u64) {
        if let Some(n) = self.nodes.get(self.index) {
            n.store(nodes, Ordering::Relaxed);
        }
    }

    /// The nodes of every thread, this one's counted as `own`.
    pub(crate) fn total(&self, own: u64) -> u64 {
        let others: u64 = self
            .nodes
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != self.index)
            .map(|(_, n)| n.load(Ordering::Relaxed))
            .sum();
        own + others
    }

    /// Whether this is a helper thread.
    pub(crate) fn is_helper(&self) -> bool {
        self.index > 0
    }
}

/// What every thread of one search shares.
struct Context<'c> {
    rules: &'c dyn Rules,
    evaluator: &'c eval::Evaluator,
    /// When the search was asked for: its time limit counts from here.
    started: std::time::Instant,
    table: &'c Arc<tt::Shared>,
    /// Where the main thread finds and leaves the move histories of the game and its
    /// evaluation cache.
    histories: Option<(&'c search::KeptHistories, &'c search::KeptEvals)>,
    stop: &'c AtomicBool,
}

/// One thread's search.
fn run_one(
    ctx: &Context,
    pos: &Position,
    limits: &Limits,
    team: &Team,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, SearchError> {
    let mut pos = pos.clone();
    let mut table = tt::Table::on(ctx.table.clone());
    let mut s = search::Search::new(
        ctx.rules,
        ctx.evaluator,
        &mut table,
        ctx.stop,
        limits,
        ctx.started,
    );
    if let Some((k, e)) = ctx.histories {
        s.adopt(k, e);
    }
    let result = s.run(&mut pos, limits, team, on_info);
    if let Some((k, e)) = ctx.histories {
        s.release(k, e);
    }
    result.ok_or_else(|| SearchError::NoLegalMoves(ctx.rules.status(&pos)))
}
