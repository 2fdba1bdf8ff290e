//! The root: iterative deepening, aspiration windows, the level's noise, and when to
//! stop deepening.

use super::Search;
use crate::rng::Rng;
use crate::score::{INFINITY, MATE_BOUND, Score};
use crate::{Limits, SearchInfo, SearchResult};
use chess4d_core::{Move, Position};
use std::time::Duration;

struct RootMove {
    mv: Move,
    /// The level's noise for this move, fixed for the whole search.
    bonus: i32,
    score: i32,
}

impl Search<'_> {
    /// Iterative deepening from `pos`; `None` when the side to move has no legal move.
    pub(crate) fn run(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        self.tt.new_search();
        let mut legal = Vec::new();
        self.rules.legal_moves(pos, &mut legal);
        if legal.is_empty() {
            return None;
        }
        let mut rng = Rng::new(limits.seed ^ pos.hash());
        let noise = limits.level.noise();
        let mut root: Vec<RootMove> = legal
            .iter()
            .map(|&mv| RootMove {
                mv,
                bonus: rng.symmetric(noise),
                score: -INFINITY,
            })
            .collect();
        // First iteration order: captures and promotions by value, then the rest.
        root.sort_by_key(|r| -self.static_key(pos, &r.mv, None, 0));

        let max_depth = limits.effective_depth();
        let mut result = SearchResult {
            best: root[0].mv,
            score: Score(0),
            depth: 0,
            pv: vec![root[0].mv],
            nodes: 0,
            time: Duration::ZERO,
        };
        for depth in 1..=max_depth {
            self.seldepth = 0;
            // Aspiration: most iterations land near the last score; a narrow window
            // cuts more, and a miss is searched again with the window opened.
            let mut window = if depth >= 4 && !result.score.is_mate() {
                (result.score.0 - 50, result.score.0 + 50)
            } else {
                (-INFINITY, INFINITY)
            };
            let best = loop {
                let pass = self.root_pass(pos, &mut root, depth, window.0, window.1);
                match pass {
                    Some((_, v, _)) if !self.stopped && v <= window.0 && window.0 > -INFINITY => {
                        window.0 = -INFINITY;
                    }
                    Some((_, v, _)) if !self.stopped && v >= window.1 && window.1 < INFINITY => {
                        window.1 = INFINITY;
                    }
                    // Stopped mid-pass: only a move that beat the window's floor is
                    // known to be good.
                    Some((_, v, _)) if self.stopped && v <= window.0 => break None,
                    other => break other,
                }
            };
            if let Some((i, _, line)) = best {
                // A move that beat the previous best in an unfinished iteration is
                // still better than it: keep it.
                result.best = root[i].mv;
                result.score = Score(root[i].score);
                result.pv = line;
            }
            if self.stopped {
                break;
            }
            result.depth = depth;
            result.nodes = self.nodes;
            result.time = self.start.elapsed();
            on_info(&SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                score: result.score,
                nodes: self.nodes,
                time: result.time,
                pv: result.pv.clone(),
            });
            // Stable: among equal scores, the earlier (better ordered) stays first.
            root.sort_by_key(|r| -r.score);
            if let Some(k) = root.iter().position(|r| r.mv == result.best) {
                root[..=k].rotate_right(1);
            }
            for h in &mut self.history {
                *h /= 2;
            }
            if self.should_stop_deepening(depth, &result, root.len(), limits) {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time = self.start.elapsed();
        Some(result)
    }

    /// One pass over the root moves with the window `(alpha, beta)`: the best move's
    /// index, score and line, or `None` if stopped before the first move was searched.
    fn root_pass(
        &mut self,
        pos: &mut Position,
        root: &mut [RootMove],
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(usize, i32, Vec<Move>)> {
        let root_hash = pos.hash();
        let mut best: Option<(usize, i32, Vec<Move>)> = None;
        for (i, entry) in root.iter_mut().enumerate() {
            let RootMove { mv, bonus, .. } = *entry;
            let undo = self.rules.make_move(pos, mv);
            let check = self.rules.in_check(pos);
            self.path.push(root_hash);
            let nd = depth as i32 - 1 + check as i32;
            // The level's noise shifts this move's window, so the child is searched
            // exactly as if its score carried the bonus.
            let (a, b) = (alpha - bonus, beta - bonus);
            let raw = if best.is_none() {
                -self.negamax(pos, nd, -b, -a, 1, check, true)
            } else {
                let v = -self.negamax(pos, nd, -a - 1, -a, 1, check, true);
                if v > a && v < b {
                    -self.negamax(pos, nd, -b, -a, 1, check, true)
                } else {
                    v
                }
            };
            self.path.pop();
            self.rules.unmake_move(pos, &undo);
            if self.stopped {
                break;
            }
            let v = if raw.abs() < MATE_BOUND {
                raw + bonus
            } else {
                raw
            };
            entry.score = v;
            if best.as_ref().is_none_or(|b| v > b.1) {
                let mut line = Vec::with_capacity(self.pv[1].len() + 1);
                line.push(mv);
                line.extend_from_slice(&self.pv[1]);
                best = Some((i, v, line));
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        best
    }

    fn should_stop_deepening(
        &self,
        depth: u32,
        result: &SearchResult,
        root_moves: usize,
        limits: &Limits,
    ) -> bool {
        if let Some(mate) = result.score.mate_in() {
            // A mate seen within the full-width depth will not get shorter.
            if (2 * mate.unsigned_abs()) <= depth {
                return true;
            }
        }
        if self.nodes >= self.node_limit {
            return true;
        }
        let Some(deadline) = self.deadline else {
            return false;
        };
        if root_moves == 1 {
            return true;
        }
        // The next iteration costs a few times this one; started late it would mostly
        // be thrown away (though a move that beats the old best early is still kept).
        let _ = limits;
        let total = deadline.saturating_duration_since(self.start);
        self.start.elapsed() * 5 >= total * 3
    }
}
