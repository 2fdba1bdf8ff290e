//! One node of the main search, as named steps: the early exits (repetition, mate
//! distance, the horizon, an ended game), the table probe, the node's evaluation,
//! pruning before any move is tried (reverse futility, razoring, the null move), the
//! singularity test, the move loop (with its own pruning and late-move reductions),
//! and what the node leaves behind (the evaluation's learned error, the table entry).
//!
//! The steps that trust the static evaluation's trend are for boards of at most two
//! axes ([`Search::trusts_static_trend`]).

use super::{HISTORY_PER_PLY, HISTORY_PRUNE, QUIET_SEE_DEPTH, QUIET_SEE_MARGIN};
use super::{MAX_PLY, Search, Singular, ordering, terminal_score};
use crate::eval::{Keys, victim};
use crate::score::{INFINITY, MATE, MATE_BOUND, from_table, to_table};
use crate::tt::{Bound, Hit, MoveRef};
use chess4d_core::{Move, Position};

/// Reverse futility's margin a ply on boards of two axes, and what improving takes
/// off it (Stockfish's size: the earlier 100 and 30 pruned mates in two).
const RFP_MARGIN_2D: i32 = 200;
const RFP_IMPROVING_2D: i32 = 100;
/// Razoring's margin on boards of two axes (at depth 1 only).
const RAZOR_MARGIN_2D: i32 = 500;

/// What a node is asked: its window, depth and place on the line.
#[derive(Clone, Copy)]
struct Node {
    hash: u64,
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    in_check: bool,
    pv_node: bool,
    /// The table move a singular-extension search of this node leaves out.
    excluded: Option<MoveRef>,
}

/// The node's evaluation, as the pruning decisions read it.
struct NodeEval {
    /// The static evaluation before the learned correction, and the keys it was
    /// learned under (`-INFINITY` and no keys in check).
    raw: i32,
    keys: Keys,
    /// The static evaluation with the learned correction.
    corrected: i32,
    /// The best guess: the corrected evaluation, or the table's score where its bound
    /// points the same way.
    guess: i32,
    /// Better than two plies ago: pruning may be bolder.
    improving: bool,
    /// Not a PV node, not in check and no mate in the window: quiet moves may be
    /// pruned.
    quiet_window: bool,
}

/// A move of the loop, as pruning and reductions read it.
struct Candidate {
    /// Its place in the ordered list.
    i: usize,
    mv: Move,
    quiet: bool,
    /// A capture that loses material in the exchange.
    losing: bool,
    /// Its history score (quiet moves; 0 otherwise).
    stat: i32,
}

/// What the move loop found.
struct Found {
    best: i32,
    best_move: Option<Move>,
    best_quiet: bool,
}

/// The table's verdict on a node.
enum Probe {
    /// The stored score settles the node.
    Cut(i32),
    /// The entry, if any, for ordering and pruning.
    Hit(Option<Hit>),
}

impl Search<'_> {
    /// Whether the search may prune and reduce by the evaluation's trend (reverse
    /// futility to 5 plies, fewer late quiet moves when not improving, internal
    /// iterative reduction, singular extensions, more evasions in quiescence):
    /// together they gained on orthodox chess and lost on the classic 4D set, where
    /// mating attacks make a static evaluation a poor guide, so they apply on boards
    /// of one or two axes only.
    #[inline]
    pub(super) fn trusts_static_trend(&self) -> bool {
        self.bold
    }

    #[allow(clippy::too_many_arguments)] // the classic negamax signature
    pub(super) fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        in_check: bool,
        null_ok: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.poll() {
            return 0;
        }
        let hash = pos.hash();
        if self.is_repetition(hash, pos.halfmove_clock()) {
            return self.draw(pos);
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, in_check, 0);
        }
        if let Some(v) = self.goal_reached(pos, ply) {
            return v;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let mut node = Node {
            hash,
            depth,
            alpha,
            beta,
            ply,
            in_check,
            pv_node: beta - alpha > 1,
            excluded: self.excluded[ply],
        };
        let tt_hit = match self.probe_table(&node) {
            Probe::Cut(v) => return v,
            Probe::Hit(hit) => hit,
        };
        let tt_move = tt_hit.and_then(|hit| hit.mv);
        node.depth = self.reduce_without_table_move(depth, tt_move);
        let eval = self.node_eval(pos, &node, tt_hit);
        if let Some(v) = self.prune_before_moves(pos, &node, &eval, null_ok) {
            return v;
        }
        let singular = match self.singular(pos, node.depth, beta, ply, in_check, tt_hit) {
            Singular::Cut(v) => return v,
            Singular::Extend => tt_move,
            Singular::No => None,
        };

        let rules = self.rules;
        rules.legal_moves(pos, &mut self.moves[ply]);
        if self.moves[ply].is_empty() {
            return terminal_score(rules, pos, ply, in_check, self.draw(pos));
        }
        if self.move_limit > 0 && pos.halfmove_clock() >= self.move_limit {
            return self.draw(pos);
        }
        self.order_moves(pos, ply, tt_move);
        let Some(found) = self.search_moves(pos, node, &eval, singular) else {
            return 0;
        };
        if node.excluded.is_some() {
            // Every other move was tried (or pruned): what they reach, or nothing.
            return if found.best == -INFINITY {
                alpha
            } else {
                found.best
            };
        }
        self.remember(pos, &node, &eval, &found);
        found.best
    }

    /// The table's entry for the node, and its score where it settles the node (never
    /// on the PV or in a singularity test).
    fn probe_table(&self, node: &Node) -> Probe {
        let hit = self.tt.probe(node.hash);
        if let Some(hit) = hit
            && !node.pv_node
            && node.excluded.is_none()
            && hit.depth as i32 >= node.depth
        {
            let s = from_table(hit.score, node.ply);
            match hit.bound {
                Bound::Exact => return Probe::Cut(s),
                Bound::Lower if s >= node.beta => return Probe::Cut(s),
                Bound::Upper if s <= node.alpha => return Probe::Cut(s),
                _ => {}
            }
        }
        Probe::Hit(hit)
    }

    /// No stored move to try first: a shallower search costs little here, and what it
    /// stores orders the next visit (internal iterative reduction; where the
    /// evaluation is a poor guide, as on the 4D sets, the full depth is kept).
    fn reduce_without_table_move(&self, depth: i32, tt_move: Option<MoveRef>) -> i32 {
        if self.trusts_static_trend() && tt_move.is_none() && depth >= 4 {
            depth - 1
        } else {
            depth
        }
    }

    /// The node's static evaluation, corrected, with the table's score as the better
    /// guess where its bound points the same way, and whether the side is improving.
    fn node_eval(&mut self, pos: &Position, node: &Node, tt_hit: Option<Hit>) -> NodeEval {
        let (in_check, ply) = (node.in_check, node.ply);
        let (raw, keys) = if in_check {
            (-INFINITY, Keys::default())
        } else {
            self.uncorrected(pos)
        };
        let corrected = if in_check {
            -INFINITY
        } else {
            self.corrected(pos, raw, keys)
        };
        self.evals[ply] = corrected;
        let guess = match tt_hit {
            Some(hit) if !in_check && from_table(hit.score, ply).abs() < MATE_BOUND => {
                let s = from_table(hit.score, ply);
                match hit.bound {
                    Bound::Lower if s > corrected => s,
                    Bound::Upper if s < corrected => s,
                    Bound::Exact => s,
                    _ => corrected,
                }
            }
            _ => corrected,
        };
        // Better than two plies ago (or no earlier evaluation to compare with): the
        // side's position is getting better, so pruning can be bolder.
        let improving = !in_check
            && (ply < 2 || self.evals[ply - 2] == -INFINITY || guess > self.evals[ply - 2]);
        NodeEval {
            raw,
            keys,
            corrected,
            guess,
            improving,
            quiet_window: !node.pv_node && !in_check && node.beta.abs() < MATE_BOUND,
        }
    }

    /// Pruning before any move is tried: reverse futility, razoring and the null move.
    /// The node's score where one of them settles it.
    fn prune_before_moves(
        &mut self,
        pos: &mut Position,
        node: &Node,
        eval: &NodeEval,
        null_ok: bool,
    ) -> Option<i32> {
        let (depth, alpha, beta) = (node.depth, node.alpha, node.beta);
        let static_eval = eval.guess;
        // Reverse futility: far above beta near the leaves, one quiet move will not
        // bring the opponent back. On boards of two axes it reaches 5 plies, with
        // margins wide enough for a quiet move that threatens mate (100 cp a ply let
        // the defence of a xiangqi mate in two be cut: tests/horizon_mates.rs).
        let (rfp_depth, rfp_margin) = if self.trusts_static_trend() {
            (5, RFP_MARGIN_2D - RFP_IMPROVING_2D * eval.improving as i32)
        } else {
            (3, 120)
        };
        if eval.quiet_window && depth <= rfp_depth && static_eval - rfp_margin * depth >= beta {
            return Some(static_eval);
        }
        // Razoring: far below alpha near the leaves, only captures can help; on boards
        // of two axes only a ply from the leaves and far below (a quiet check can mate
        // there, which quiescence does not try).
        let (razor_depth, razor_margin) = if self.trusts_static_trend() {
            (1, RAZOR_MARGIN_2D)
        } else {
            (2, 300)
        };
        if eval.quiet_window && depth <= razor_depth && static_eval + razor_margin * depth < alpha {
            let v = self.quiesce(pos, alpha, beta, node.ply, false, 0);
            if v < alpha {
                return Some(v);
            }
        }
        if null_ok
            && node.excluded.is_none()
            && eval.quiet_window
            && depth >= 3
            && static_eval >= beta
            && self.eval.has_pieces(pos, pos.side_to_move())
        {
            return self.null_move(pos, node, static_eval);
        }
        None
    }

    /// Passes the move: if the opponent, moving twice, still cannot come below beta,
    /// the node is good enough. Passing is a legal-looking position for the rules:
    /// only the side to move changes. A clock of 0 keeps repetition checks from
    /// looking across the pass.
    fn null_move(&mut self, pos: &mut Position, node: &Node, static_eval: i32) -> Option<i32> {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
        let undo = pos.begin_undo();
        pos.set_side_to_move(!pos.side_to_move());
        pos.set_en_passant(None);
        pos.set_halfmove_clock(0);
        self.path.push(node.hash);
        self.played[ply] = None;
        let v = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false, false);
        self.path.pop();
        pos.restore(&undo);
        if self.stopped {
            return Some(0);
        }
        (v >= beta).then_some(if v >= MATE_BOUND { beta } else { v })
    }

    /// Tries the node's moves in order (they are in `self.moves[ply]`), pruning and
    /// reducing the late quiet ones; `None` if the search was stopped.
    fn search_moves(
        &mut self,
        pos: &mut Position,
        node: Node,
        eval: &NodeEval,
        singular: Option<MoveRef>,
    ) -> Option<Found> {
        let Node {
            hash,
            depth,
            mut alpha,
            beta,
            ply,
            excluded,
            ..
        } = node;
        let rules = self.rules;
        let quiet_window = eval.quiet_window;
        let mut found = Found {
            best: -INFINITY,
            best_move: None,
            best_quiet: true,
        };
        // Futility: near the leaves and far below alpha, quiet moves are not tried.
        let futile = quiet_window && depth <= 2 && eval.guess + 150 * depth <= alpha;
        // Where the side is not improving, two thirds as many (a half pruned the
        // defensive moves an attack needs answered).
        let late_quiets = if self.trusts_static_trend() {
            (3 + (depth * depth) as usize) * (2 + eval.improving as usize) / 3
        } else {
            3 + (depth * depth) as usize
        };
        let mut quiets = 0usize;
        for i in 0..self.moves[ply].len() {
            let mv = self.pick(pos, ply, i);
            if excluded.is_some_and(|x| x.matches(&mv)) {
                continue;
            }
            let losing = ordering::is_losing(self.keys[ply][i]);
            let mover = ordering::mover(pos, &mv);
            let quiet = (mv.promotion.is_none() || mv.is_drop()) && victim(pos, &mv).is_none();
            if quiet {
                quiets += 1;
            }
            // Futility and late-move pruning skip quiet moves near the leaves, and
            // captures that lose material in the exchange, but never a check: on a
            // board this small a quiet check is often the whole attack.
            let stat = if quiet {
                self.quiet_score(pos, ply, &mv)
            } else {
                0
            };
            let candidate = Candidate {
                i,
                mv,
                quiet,
                losing,
                stat,
            };
            let late = quiets > late_quiets;
            let prunable = found.best > -MATE_BOUND
                && self.may_prune(pos, depth, quiet_window, futile, late, &candidate);
            // Most moves that may be pruned are: ask whether they check without playing
            // them.
            if prunable && !rules.gives_check(pos, mv) {
                continue;
            }
            let undo = rules.make_move(pos, mv);
            self.prefetch(pos);
            let check = rules.in_check(pos);
            self.path.push(hash);
            self.played[ply] = mover.map(|p| (p.code(), mv.to.0));
            let extend = (check || singular.is_some_and(|s| s.matches(&mv))) && ply < MAX_PLY / 2;
            let nd = depth - 1 + extend as i32;
            let v = self.search_child(pos, &node, alpha, eval, &candidate, check, nd);
            self.path.pop();
            rules.unmake_move(pos, &undo);
            if self.stopped {
                return None;
            }
            if v > found.best {
                found = Found {
                    best: v,
                    best_move: Some(mv),
                    best_quiet: quiet,
                };
                if v > alpha {
                    alpha = v;
                    self.set_pv(ply, mv);
                    if v >= beta {
                        if quiet {
                            self.reward_quiet(ply, mv, mover.map_or(0, |p| p.code()), depth);
                            self.punish_quiets(pos, ply, i, depth);
                        }
                        break;
                    }
                }
            }
        }
        Some(found)
    }

    /// Whether a move may be skipped near the leaves (never the first): a quiet one by
    /// futility, as a late move, by its history or by the exchange on its square; a
    /// capture that loses material in the exchange.
    fn may_prune(
        &mut self,
        pos: &mut Position,
        depth: i32,
        quiet_window: bool,
        futile: bool,
        late: bool,
        c: &Candidate,
    ) -> bool {
        let quiet = c.quiet;
        c.i > 0
            && ((quiet && (futile || (quiet_window && depth <= 4 && late)))
                || (quiet && quiet_window && depth <= 3 && c.stat < -HISTORY_PRUNE * depth)
                || (c.losing && quiet_window && depth <= 3)
                || (quiet
                    && quiet_window
                    && depth <= QUIET_SEE_DEPTH
                    && !self.exchange.at_least(
                        self.rules,
                        self.eval,
                        pos,
                        &c.mv,
                        -QUIET_SEE_MARGIN * depth,
                    )))
    }

    /// The score of a move already made, from the node's side: the first move with the
    /// full window, the others with a null window, late quiet ones reduced first
    /// (principal variation search with late-move reductions).
    #[allow(clippy::too_many_arguments)] // a child search's whole context
    fn search_child(
        &mut self,
        pos: &mut Position,
        node: &Node,
        alpha: i32,
        eval: &NodeEval,
        c: &Candidate,
        check: bool,
        nd: i32,
    ) -> i32 {
        let (depth, beta, ply, pv_node) = (node.depth, node.beta, node.ply, node.pv_node);
        if c.i == 0 {
            return -self.negamax(pos, nd, -beta, -alpha, ply + 1, check, true);
        }
        let i = c.i;
        let r =
            if depth >= 3 && i >= 2 + pv_node as usize && (c.quiet || c.losing) && !node.in_check {
                let mut r = self.reductions[(depth as usize).min(63)][i.min(63)] as i32;
                r -= pv_node as i32 + check as i32 + self.is_killer(ply, &c.mv) as i32;
                // Quiet moves that have done well elsewhere are reduced less, those that
                // keep failing more.
                r -= c.stat / HISTORY_PER_PLY;
                r += (self.trusts_static_trend() && !eval.improving) as i32;
                r.min(nd - 1).max(0)
            } else {
                0
            };
        let mut s = -self.negamax(pos, nd - r, -alpha - 1, -alpha, ply + 1, check, true);
        if s > alpha && r > 0 {
            s = -self.negamax(pos, nd, -alpha - 1, -alpha, ply + 1, check, true);
        }
        if s > alpha && s < beta {
            s = -self.negamax(pos, nd, -beta, -alpha, ply + 1, check, true);
        }
        s
    }

    /// What the node leaves behind: where the search's score says more than its bound
    /// hides, the evaluation's error for these pawns and pieces is learned (not from
    /// captures: their gain is no error); and the table entry.
    fn remember(&mut self, pos: &Position, node: &Node, eval: &NodeEval, found: &Found) {
        let best = found.best;
        let bound = Bound::of(best, node.alpha, node.beta);
        if !node.in_check
            && found.best_quiet
            && best.abs() < MATE_BOUND
            && !(bound == Bound::Lower && best <= eval.corrected)
            && !(bound == Bound::Upper && best >= eval.corrected)
        {
            let side = pos.side_to_move().index();
            self.histories
                .learn_correction(side, eval.keys, best - eval.raw, node.depth);
        }
        self.tt.store(
            node.hash,
            node.depth as u32,
            to_table(best, node.ply),
            bound,
            found.best_move.as_ref().map(MoveRef::of),
        );
    }
}
