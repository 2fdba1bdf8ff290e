//! The search proper: iterative deepening over principal variation search, quiescence on
//! captures that do not lose material (static exchange evaluation), a transposition
//! table, killer and history ordering, check extensions, null moves, late-move
//! reductions and pruning, a static evaluation corrected by what earlier searches found
//! for the same pawns and pieces, and draws by repetition and the move limit.
//!
//! All buffers (move lists, ordering keys, PV lines) are made once per search and reused
//! per ply, so the tree walk itself allocates nothing.

mod eval_cache;
mod history;
use eval_cache::EvalCache;
pub(crate) use eval_cache::Kept as KeptEvals;
pub(crate) use history::{Histories, Kept as KeptHistories};
mod node;
mod ordering;
mod root;

use crate::Limits;
use crate::eval::{Evaluator, Keys, victim};
use crate::limits::MAX_CONTEMPT;
use crate::score::{INFINITY, MATE, MATE_BOUND, from_table, to_table};
use crate::see::Exchange;
use crate::tt::{Bound, Hit, MoveRef, Table};
use chess4d_core::{Color, Move, Position, Rules, Status};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest ply a line may reach, extensions and quiescence included.
pub(crate) const MAX_PLY: usize = 128;
/// Nodes between looks at the clock and the stop flag (a power of two).
const POLL_EVERY: u64 = 256;
/// The least depth at which a table move is tested for singularity.
const SINGULAR_DEPTH: i32 = 6;
/// How far below the table's score, per ply of depth, the other moves must stay for
/// the table move to count as singular.
const SINGULAR_MARGIN: i32 = 2;

/// What a singularity test found.
enum Singular {
    /// The table move is the only good one: extend it.
    Extend,
    /// Other moves reach beta too: the node cuts off with this score.
    Cut(i32),
    No,
}

/// Quiescence plies after which the position is judged as it stands.
const QUIESCE_PLIES: u32 = 8;
/// Quiescence plies within which a check is answered with every evasion, on boards of
/// more than two axes and on the others.
const QUIESCE_EVASION_PLIES: u32 = 2;
const QUIESCE_EVASION_PLIES_2D: u32 = 6;
/// Near the leaves, a quiet move that loses more than this many centipawns per ply of
/// depth in the exchange on its square is not tried.
const QUIET_SEE_MARGIN: i32 = 60;
/// The depth to which quiet moves are pruned by their exchange.
const QUIET_SEE_DEPTH: i32 = 6;
/// Near the leaves, a quiet move whose history is below minus this per ply of depth
/// is not tried.
const HISTORY_PRUNE: i32 = 6_000;
/// History score worth one ply of late-move reduction.
const HISTORY_PER_PLY: i32 = 12_000;

pub(crate) struct Search<'a> {
    rules: &'a dyn Rules,
    eval: &'a Evaluator,
    tt: &'a mut Table,
    stop: &'a AtomicBool,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    nodes: u64,
    stopped: bool,
    seldepth: usize,
    moves: Vec<Vec<Move>>,
    keys: Vec<Vec<i32>>,
    /// Per move at each ply: whether its key still awaits the exchange evaluation
    /// (a capture or promotion is judged only when picked: most nodes cut off first).
    unjudged: Vec<Vec<bool>>,
    pv: Vec<Vec<Move>>,
    /// Hashes of the game before the root, then of every position on the current line.
    path: Vec<u64>,
    killers: Vec<[Option<Move>; 2]>,
    /// The static evaluation at each ply of the current line (`-INFINITY` in check):
    /// a side whose evaluation rose over its last move is "improving".
    evals: Vec<i32>,
    histories: history::Histories,
    /// The quiet move that last refuted each (piece code, destination) of the
    /// opponent's: it is tried right after the killers.
    countermoves: Vec<Option<Move>>,
    /// The piece code and destination of the move played at each ply of the current
    /// line (`None` for a null move).
    played: Vec<Option<(u8, u16)>>,
    /// Scratch space for sorting a node's moves.
    sort_buffer: Vec<(i32, Move)>,
    squares: usize,
    /// Whether the board has at most two axes: see [`Search::trusts_static_trend`].
    bold: bool,
    move_limit: u16,
    /// Whether the variant can end by reaching a goal: then every node first checks for
    /// an ended game, which a static evaluation or a capture-only generation cannot
    /// tell from a quiet position.
    goals: bool,
    exchange: Exchange,
    /// The side the search plays for (the root's side to move) and what a draw is
    /// worth to it ([`Limits::contempt`], negated).
    root_side: Color,
    draw_for_root: i32,
    /// Raw evaluations and their keys by position hash, made at the first evaluation
    /// unless an earlier search's is adopted.
    eval_cache: Option<EvalCache>,
    /// Late-move reductions by depth and move number: `reductions[depth][moves]`.
    reductions: Vec<[u8; 64]>,
    /// Per ply: the table move a singular-extension search leaves out.
    excluded: Vec<Option<MoveRef>>,
}

/// The reduction table: about ln(depth) * ln(moves) / 2.25, the usual shape.
fn reduction_table() -> Vec<[u8; 64]> {
    (0..64)
        .map(|d| {
            std::array::from_fn(|m| {
                if d == 0 || m == 0 {
                    0
                } else {
                    (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8
                }
            })
        })
        .collect()
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        rules: &'a dyn Rules,
        eval: &'a Evaluator,
        tt: &'a mut Table,
        stop: &'a AtomicBool,
        limits: &Limits,
        start: Instant,
    ) -> Search<'a> {
        let info = rules.info();
        let squares = info.shape.len();
        let codes = 2 * info.pieces.len() + 2;
        let mut path = Vec::with_capacity(limits.history.len() + MAX_PLY + 2);
        path.extend_from_slice(&limits.history);
        Search {
            rules,
            eval,
            tt,
            stop,
            start,
            // A little before the limit: the answer still has to reach the caller.
            deadline: limits
                .movetime
                .map(|t| start + t - (t / 32).min(Duration::from_millis(10))),
            node_limit: limits.effective_nodes().unwrap_or(u64::MAX),
            nodes: 0,
            stopped: false,
            goals: chess4d_core::Color::ALL
                .iter()
                .any(|&c| rules.goal(c).is_some()),
            seldepth: 0,
            moves: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
            keys: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
            unjudged: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
            pv: (0..MAX_PLY + 1)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            path,
            killers: vec![[None; 2]; MAX_PLY + 1],
            evals: vec![-INFINITY; MAX_PLY + 1],
            histories: history::Histories::new(codes * squares),
            countermoves: vec![None; codes * squares],
            played: vec![None; MAX_PLY + 1],
            sort_buffer: Vec::with_capacity(256),
            squares,
            bold: info.shape.axes() <= 2,
            move_limit: info.move_limit_plies,
            exchange: Exchange::default(),
            root_side: Color::White,
            draw_for_root: -limits.contempt.clamp(-MAX_CONTEMPT, MAX_CONTEMPT),
            eval_cache: None,
            reductions: reduction_table(),
            excluded: vec![None; MAX_PLY + 1],
        }
    }

    /// Takes over the kept histories of an earlier search of the same board, if any,
    /// and its evaluation cache if it was this evaluator's.
    pub(crate) fn adopt(&mut self, kept: &KeptHistories, evals: &KeptEvals) {
        if let Some(h) = kept.take(self.histories.slots()) {
            self.histories = h;
        }
        self.eval_cache = Some(evals.take(self.eval.id()));
    }

    /// Leaves the histories and the evaluation cache for the next search to adopt.
    pub(crate) fn release(&mut self, kept: &KeptHistories, evals: &KeptEvals) {
        kept.keep(std::mem::replace(&mut self.histories, Histories::new(0)));
        if let Some(cache) = self.eval_cache.take() {
            evals.keep(cache);
        }
    }

    /// The static evaluation, through the cache (quiescence and the main search
    /// evaluate the same positions again and again, and so do the moves of a game),
    /// before the learned correction; with the position's keys.
    #[inline]
    fn uncorrected(&mut self, pos: &Position) -> (i32, Keys) {
        let hash = pos.hash();
        let eval = self.eval;
        let cache = self
            .eval_cache
            .get_or_insert_with(|| EvalCache::new(eval.id()));
        let (raw, keys) = cache.get(hash).unwrap_or_else(|| {
            let (v, keys) = eval.raw_keyed(pos);
            cache.put(hash, v, keys);
            (v, keys)
        });
        (self.eval.fade(pos, raw), keys)
    }

    /// The static evaluation with what the search has learned of its error for these
    /// pawns and pieces added.
    #[inline]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let (raw, keys) = self.uncorrected(pos);
        self.corrected(pos, raw, keys)
    }

    /// Starts bringing the table slot and the evaluation cache entry of the position
    /// just reached into the processor's cache: a node reads both first, and without
    /// the hint it waits on memory for each (a tenth of the search's time on orthodox
    /// chess, by `perf`).
    #[inline]
    fn prefetch(&self, pos: &Position) {
        let hash = pos.hash();
        self.tt.prefetch(hash);
        if let Some(cache) = &self.eval_cache {
            cache.prefetch(hash);
        }
    }

    #[inline]
    fn corrected(&self, pos: &Position, raw: i32, keys: Keys) -> i32 {
        let side = pos.side_to_move().index();
        (raw + self.histories.correction(side, keys)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    #[inline]
    fn poll(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & (POLL_EVERY - 1) == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || self.nodes >= self.node_limit || self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// A draw's score for the side to move in `pos`.
    fn draw(&self, pos: &Position) -> i32 {
        if pos.side_to_move() == self.root_side {
            self.draw_for_root
        } else {
            -self.draw_for_root
        }
    }

    fn is_repetition(&self, hash: u64, halfmove: u16) -> bool {
        let len = self.path.len();
        let back = (halfmove as usize).min(len);
        let mut d = 4;
        while d <= back {
            if self.path[len - d] == hash {
                return true;
            }
            d += 2;
        }
        false
    }

    /// Whether the table move is singular: searched shallower without it, every
    /// other move falls clearly short of the table's score, so the line hangs on that
    /// one move and it is searched a ply deeper. Where even the other moves reach
    /// beta, several moves would cut off and the node does (multi-cut).
    fn singular(
        &mut self,
        pos: &mut Position,
        depth: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        tt_hit: Option<Hit>,
    ) -> Singular {
        let Some(hit) = tt_hit else {
            return Singular::No;
        };
        let tt_score = from_table(hit.score, ply);
        if ply == 0
            || !self.trusts_static_trend()
            || depth < SINGULAR_DEPTH
            || hit.mv.is_none()
            || self.excluded[ply].is_some()
            || (hit.depth as i32) < depth - 3
            || !matches!(hit.bound, Bound::Lower | Bound::Exact)
            || tt_score.abs() >= MATE_BOUND
        {
            return Singular::No;
        }
        let singular_beta = tt_score - SINGULAR_MARGIN * depth;
        self.excluded[ply] = hit.mv;
        let v = self.negamax(
            pos,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            in_check,
            false,
        );
        self.excluded[ply] = None;
        if self.stopped {
            Singular::No
        } else if v < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// In a variant with a goal: the score of a game already ended (a goal reached, or
    /// any other end), found from the move list the rules give (empty once it is over).
    fn goal_reached(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        if !self.goals {
            return None;
        }
        let rules = self.rules;
        rules.legal_moves(pos, &mut self.moves[ply]);
        let over = self.moves[ply].is_empty();
        self.moves[ply].clear();
        over.then(|| terminal_score(rules, pos, ply, rules.in_check(pos), self.draw(pos)))
    }

    fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        qply: u32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(v) = self.goal_reached(pos, ply) {
            return v;
        }
        if ply >= MAX_PLY - 1 || qply >= QUIESCE_PLIES {
            return self.evaluate(pos);
        }
        // On a small crowded board nearly every capture checks; answering every check
        // with every move would make quiescence a full search. Past the first plies a
        // check is judged like any other position (the main search extends checks).
        let evasion_plies = if self.trusts_static_trend() {
            QUIESCE_EVASION_PLIES_2D
        } else {
            QUIESCE_EVASION_PLIES
        };
        let in_check = in_check && qply < evasion_plies;
        let alpha_in = alpha;
        let stand = if in_check {
            -MATE + ply as i32
        } else {
            let s = self.evaluate(pos);
            if s >= beta {
                return s;
            }
            alpha = alpha.max(s);
            s
        };
        // Capture sequences transpose all the time; a stored result saves the move
        // generation, which is most of a node's cost.
        let hash = pos.hash();
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(hash) {
            let s = from_table(hit.score, ply);
            match hit.bound {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
            tt_move = hit.mv;
        }
        let rules = self.rules;
        if in_check {
            rules.legal_moves(pos, &mut self.moves[ply]);
            if self.moves[ply].is_empty() {
                return -MATE + ply as i32;
            }
        } else {
            // Only captures and promotions: a quiet position is judged as it stands
            // (a stalemate too; the main search sees those).
            rules.legal_captures(pos, &mut self.moves[ply]);
        }
        self.order_moves(pos, ply, tt_move);
        let mut best = stand;
        let mut best_move = None;
        for i in 0..self.moves[ply].len() {
            let mv = self.pick(pos, ply, i);
            if !in_check {
                // Promotions to anything but the most valuable kind only matter in
                // the main search (a stalemate or a knight's check).
                if mv
                    .promotion
                    .is_some_and(|k| self.eval.value(k) < self.eval.max_value())
                {
                    continue;
                }
                let gain = victim(pos, &mv).map_or(0, |p| self.eval.value(p.kind()))
                    + mv.promotion.map_or(0, |k| self.eval.value(k));
                if stand + gain + 200 < alpha {
                    continue;
                }
                // A capture that loses material in the exchange on its square is not
                // worth following (what keeps quiescence small on a crowded board);
                // those sort last, so the rest are no better.
                if ordering::is_losing(self.keys[ply][i]) {
                    break;
                }
                // A bigger piece taking a smaller one on a defended square: even where
                // the exchange holds (the king defends, or a long recapture chain
                // follows) it is rarely the move that changes the score, and on a
                // crowded 4D board following them all makes quiescence a full search.
                // On a 2D board they are few, and skipping them misses recaptures.
                let attacker = pos
                    .piece_at(mv.from)
                    .map_or(0, |p| self.eval.value(p.kind()));
                if !self.trusts_static_trend()
                    && attacker > gain
                    && rules.is_attacked(pos, mv.to, !pos.side_to_move())
                {
                    continue;
                }
            }
            let undo = rules.make_move(pos, mv);
            self.prefetch(pos);
            // Past the evasion plies the child ignores check: do not ask.
            let check = qply + 1 < evasion_plies && rules.in_check(pos);
            let v = -self.quiesce(pos, -beta, -alpha, ply + 1, check, qply + 1);
            rules.unmake_move(pos, &undo);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    self.set_pv(ply, mv);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, alpha_in, beta);
        let mv = best_move.as_ref().map(MoveRef::of);
        self.tt.store(hash, 0, to_table(best, ply), bound, mv);
        best
    }
}

/// The score of a position without legal moves, for the side to move: chess's mate or
/// stalemate, or what the variant's own ending says (a king on the hill, the third
/// check, a stalemate that wins); a drawn end scores `draw`.
fn terminal_score(rules: &dyn Rules, pos: &Position, ply: usize, in_check: bool, draw: i32) -> i32 {
    match rules.status(pos) {
        Status::Ended { winner, .. } => match winner {
            Some(w) if w == pos.side_to_move() => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
            None => draw,
        },
        Status::Checkmate => -MATE + ply as i32,
        Status::Stalemate | Status::InsufficientMaterial => draw,
        Status::Ongoing if in_check => -MATE + ply as i32,
        Status::Ongoing => draw,
    }
}
