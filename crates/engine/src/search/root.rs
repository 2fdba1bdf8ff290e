//! The root: iterative deepening, aspiration windows, the level's noise, several
//! lines (MultiPV), a lazy SMP helper's depths, and when to stop deepening.

use super::Search;
use crate::rng::Rng;
use crate::score::{INFINITY, MATE_BOUND, Score};
use crate::team::Team;
use crate::{Limits, SearchInfo, SearchResult};
use chess4d_core::{Move, Position};
use std::time::Duration;

#[derive(Clone, Copy)]
struct RootMove {
    mv: Move,
    /// The level's noise for this move, fixed for the whole search.
    bonus: i32,
    score: i32,
}

/// One reported line of a finished pass: its score and moves.
type Line = (i32, Vec<Move>);

/// The first aspiration window's half-width around the last iteration's score.
const ASPIRATION: i32 = 30;
/// Past this half-width a missed window opens fully.
const ASPIRATION_FULL: i32 = 500;

impl Search<'_> {
    /// Iterative deepening from `pos`; `None` when the side to move has no legal move.
    ///
    /// Each iteration searches [`Limits::multipv`] lines: the best move, then the best
    /// of the others, and so on. A helper thread of a lazy SMP search (`team.index`
    /// above 0) reports nothing, and half of the helpers search one ply deeper than
    /// the iteration, so that the threads spread over more of the tree.
    pub(crate) fn run(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        team: &Team,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        self.root_side = pos.side_to_move();
        let mut root = self.root_moves(pos, limits);
        if root.is_empty() {
            return None;
        }
        let max_depth = limits.effective_depth();
        let lines = limits.multipv.clamp(1, root.len());
        let mut result = SearchResult {
            best: root[0].mv,
            score: Score(0),
            depth: 0,
            pv: vec![root[0].mv],
            nodes: 0,
            time: Duration::ZERO,
        };
        let mut guesses: Vec<i32> = Vec::new();
        for iteration in 1..=max_depth {
            let depth = if team.is_helper() {
                (iteration + (team.index as u32 & 1)).min(max_depth)
            } else {
                iteration
            };
            self.seldepth = 0;
            let mut found: Vec<Line> = Vec::with_capacity(lines);
            for k in 0..lines {
                let guess = guesses.get(k).copied();
                let Some((i, v, line)) =
                    self.aspirated_pass(pos, &mut root[k..], depth, guess, team)
                else {
                    break;
                };
                // The line's first move takes the k-th place; the others keep their order.
                root[k..=k + i].rotate_right(1);
                found.push((v, line));
                team.publish(self.nodes);
                if self.stopped {
                    break;
                }
            }
            if let Some((v, line)) = found.first() {
                // A move that beat the previous best in an unfinished iteration is
                // still better than it: keep it.
                result.best = root[0].mv;
                result.score = Score(*v);
                result.pv.clone_from(line);
            }
            if self.stopped {
                break;
            }
            rank_lines(&mut root, &mut found);
            result.best = root[0].mv;
            result.score = Score(found[0].0);
            result.pv.clone_from(&found[0].1);
            result.depth = depth;
            result.nodes = team.total(self.nodes);
            result.time = self.start.elapsed();
            guesses = found.iter().map(|l| l.0).collect();
            if !team.is_helper() {
                self.report(&result, &found, on_info);
            }
            if self.should_stop_deepening(depth, &result, root.len()) {
                break;
            }
        }
        team.publish(self.nodes);
        result.nodes = team.total(self.nodes);
        result.time = self.start.elapsed();
        Some(result)
    }

    /// The root moves (those of `searchmoves` when any of them is legal), each with the
    /// level's noise, in the first iteration's order: captures and promotions by value,
    /// then the rest.
    fn root_moves(&mut self, pos: &Position, limits: &Limits) -> Vec<RootMove> {
        let mut legal = Vec::new();
        self.rules.legal_moves(pos, &mut legal);
        if legal.iter().any(|m| limits.root_moves.contains(m)) {
            legal.retain(|m| limits.root_moves.contains(m));
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
        let node = self.key_context(0, None);
        root.sort_by_key(|r| -self.static_key(pos, &r.mv, &node));
        root
    }

    /// One info per line of a finished iteration, best first.
    fn report(&self, result: &SearchResult, found: &[Line], on_info: &mut dyn FnMut(&SearchInfo)) {
        let hashfull = self.tt.hashfull();
        for (k, (v, line)) in found.iter().enumerate() {
            on_info(&SearchInfo {
                depth: result.depth,
                seldepth: self.seldepth as u32,
                multipv: k as u32 + 1,
                score: Score(*v),
                nodes: result.nodes,
                time: result.time,
                hashfull,
                pv: line.clone(),
            });
        }
    }

    /// [`Search::root_pass`] in an aspiration window around `guess` (the line's score
    /// in the last iteration): most iterations land near it, a narrow window cuts
    /// more, and a miss is searched again with the window opened.
    fn aspirated_pass(
        &mut self,
        pos: &mut Position,
        root: &mut [RootMove],
        depth: u32,
        guess: Option<i32>,
        team: &Team,
    ) -> Option<(usize, i32, Vec<Move>)> {
        let mut delta = ASPIRATION;
        let mut window = match guess {
            Some(g) if depth >= 4 && g.abs() < MATE_BOUND => (g - delta, g + delta),
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let pass = self.root_pass(pos, root, depth, window, team);
            // A miss opens the window on its side, twice as far each time.
            delta *= 2;
            match pass {
                Some((_, v, _)) if !self.stopped && v <= window.0 && window.0 > -INFINITY => {
                    window.0 = if delta > ASPIRATION_FULL {
                        -INFINITY
                    } else {
                        (v - delta).max(-INFINITY)
                    };
                }
                Some((_, v, _)) if !self.stopped && v >= window.1 && window.1 < INFINITY => {
                    window.1 = if delta > ASPIRATION_FULL {
                        INFINITY
                    } else {
                        (v + delta).min(INFINITY)
                    };
                }
                // Stopped mid-pass: only a move that beat the window's floor is
                // known to be good.
                Some((_, v, _)) if self.stopped && v <= window.0 => return None,
                other => return other,
            }
        }
    }

    /// One pass over the root moves with the window `(alpha, beta)`: the best move's
    /// index, score and line, or `None` if stopped before the first move was searched.
    fn root_pass(
        &mut self,
        pos: &mut Position,
        root: &mut [RootMove],
        depth: u32,
        (mut alpha, beta): (i32, i32),
        team: &Team,
    ) -> Option<(usize, i32, Vec<Move>)> {
        let root_hash = pos.hash();
        let mut best: Option<(usize, i32, Vec<Move>)> = None;
        for (i, entry) in root.iter_mut().enumerate() {
            let RootMove { mv, bonus, .. } = *entry;
            let mover = super::ordering::mover(pos, &mv);
            let undo = self.rules.make_move(pos, mv);
            let check = self.rules.in_check(pos);
            self.path.push(root_hash);
            self.played[0] = mover.map(|p| (p.code(), mv.to.0));
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
            team.publish(self.nodes);
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

    fn should_stop_deepening(&self, depth: u32, result: &SearchResult, root_moves: usize) -> bool {
        if let Some(mate) = result.score.mate_in() {
            // A mate seen within the full-width depth will not get shorter.
            if (2 * mate.unsigned_abs()) <= depth {
                return true;
            }
        }
        if self.nodes >= self.node_limit {
            return true;
        }
        // A fixed time is spent in full: an iteration the clock cuts short still
        // plays a move that beat the previous best when it finds one.
        self.deadline.is_some() && root_moves == 1
    }
}

/// Orders a finished iteration: its lines by score (a later line can come out above an
/// earlier one when the search is unstable), then the other moves by their bounds.
/// Sorts are stable, so among equal scores the better-ordered move stays first.
fn rank_lines(root: &mut [RootMove], found: &mut Vec<Line>) {
    let lines = found.len();
    let mut top: Vec<(RootMove, Line)> =
        root[..lines].iter().copied().zip(found.drain(..)).collect();
    top.sort_by_key(|(_, (v, _))| -v);
    for (k, (entry, line)) in top.into_iter().enumerate() {
        root[k] = entry;
        found.push(line);
    }
    root[lines..].sort_by_key(|r| -r.score);
}
