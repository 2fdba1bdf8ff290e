//! Making puzzles: engine games at varied strength, each position searched with two
//! lines, kept when exactly one move wins.

use crate::line::{mate_line, material_line};
use crate::probe::{WIN, best, fast_depth, two_lines, wins};
use crate::record::Puzzle;
use crate::themes::detect;
use crate::verify::verify;
use chess4d_core::{Move, Position, Rules, Status};
use chess4d_engine::{Level, Limits, Rng, Score, search};
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// The longest game played for positions, in plies.
const MAX_PLIES: usize = 160;
/// Plies played before positions are looked at: the opening is book, not a puzzle.
const FIRST_PLY: usize = 6;
/// A second-best move scoring above this means the side stands well anyway: the
/// puzzle's move would not be the only way on.
const SECOND_AT_MOST: i32 = 50;
/// A material win needs this much at the generator's depth (a clear margin)...
const CLEAR: i32 = 300;
/// ...and at least [`WIN`] in the deeper search that confirms it.
const CONFIRMED: i32 = WIN;
/// A game past this score is over as a source of puzzles: only cleaning up remains.
const LOPSIDED: i32 = 1500;

/// What to make.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Puzzles wanted.
    pub count: usize,
    /// Seeds the games: the same seed makes the same puzzles.
    pub seed: u64,
    /// The most games to play before giving up on `count`.
    pub max_games: usize,
}

impl Settings {
    /// `count` puzzles from `seed`, giving up after 60 games a puzzle.
    pub fn new(count: usize, seed: u64) -> Settings {
        Settings {
            count,
            seed,
            max_games: count.saturating_mul(60).max(60),
        }
    }
}

/// What making the puzzles cost.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games played.
    pub games: usize,
    /// Positions searched with two lines.
    pub positions: usize,
    /// Puzzles kept.
    pub puzzles: usize,
    /// Time spent.
    pub elapsed: Duration,
}

impl Tally {
    /// Puzzles kept per thousand positions searched.
    pub fn yield_permille(&self) -> usize {
        (self.puzzles * 1000)
            .checked_div(self.positions)
            .unwrap_or(0)
    }

    /// Time per puzzle kept.
    pub fn per_puzzle(&self) -> Option<Duration> {
        u32::try_from(self.puzzles)
            .ok()
            .filter(|&n| n > 0)
            .map(|n| self.elapsed / n)
    }
}

/// Makes `settings.count` puzzles of `variant` (its name, for the ids), calling
/// `on_puzzle` as each is kept.
pub fn generate(
    rules: &dyn Rules,
    variant: &str,
    settings: &Settings,
    on_puzzle: &mut dyn FnMut(&Puzzle, &Tally),
) -> (Vec<Puzzle>, Tally) {
    let started = Instant::now();
    let mut rng = Rng::new(settings.seed);
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    let mut tally = Tally::default();
    let top_level = if rules.info().shape.len() > 200 { 3 } else { 4 };
    while puzzles.len() < settings.count && tally.games < settings.max_games {
        tally.games += 1;
        let level = Level::new(1 + rng.below(top_level) as u8).unwrap_or(Level::MIN);
        let mut pos = rules.start_position();
        let mut next_look = FIRST_PLY + rng.below(4);
        for ply in 0..MAX_PLIES {
            if rules.status(&pos) != Status::Ongoing || puzzles.len() >= settings.count {
                break;
            }
            if ply >= next_look && seen.insert(pos.hash()) {
                tally.positions += 1;
                let id = format!("{variant}-{:04}", puzzles.len() + 1);
                let (found, score) = judge(rules, &pos, id);
                if let Some(p) = found {
                    puzzles.push(p);
                    tally.puzzles = puzzles.len();
                    tally.elapsed = started.elapsed();
                    on_puzzle(&puzzles[puzzles.len() - 1], &tally);
                    // Two puzzles at most from one game, well apart.
                    if puzzles.len() % 2 == 0 {
                        break;
                    }
                    next_look = ply + 8;
                } else if score.is_some_and(|s| s.is_mate() || s.value().abs() > LOPSIDED) {
                    break;
                }
            }
            let Some(mv) = self_play_move(rules, &pos, ply, level, &mut rng) else {
                break;
            };
            rules.make_move(&mut pos, mv);
        }
    }
    tally.puzzles = puzzles.len();
    tally.elapsed = started.elapsed();
    (puzzles, tally)
}

/// The move of a game: random for the first two plies (so that seeds differ), then
/// the engine's at the game's level, its noise seeded.
fn self_play_move(
    rules: &dyn Rules,
    pos: &Position,
    ply: usize,
    level: Level,
    rng: &mut Rng,
) -> Option<Move> {
    if ply < 2 {
        let mut legal = Vec::new();
        rules.legal_moves(pos, &mut legal);
        return legal.get(rng.below(legal.len().max(1))).copied();
    }
    let limits = Limits {
        hash_mb: 4,
        ..Limits::depth(level.max_depth())
            .with_level(level)
            .with_seed(rng.next_u64())
    };
    search(rules, pos, &limits).ok().map(|r| r.best)
}

/// The puzzle `pos` makes, if any, and the best score seen there.
fn judge(rules: &dyn Rules, pos: &Position, id: String) -> (Option<Puzzle>, Option<Score>) {
    let fast = fast_depth(rules);
    let (depth, deep) = (fast + 1, fast + 2);
    let Some(lines) = two_lines(rules, pos, depth) else {
        return (None, None);
    };
    let score = Some(lines.score);
    let Some(second) = lines.second else {
        return (None, score);
    };
    if wins(second) || second.value() > SECOND_AT_MOST {
        return (None, score);
    }
    let key = lines.best;
    let (line, mate_in) = match lines.score.mate_in() {
        Some(n @ 1..=3) => match mate_line(rules, pos, key, n as u8) {
            Some(line) => (line, Some(n as u8)),
            None => return (None, score),
        },
        None if lines.score.value() >= CLEAR => {
            let confirmed = two_lines(rules, pos, deep).is_some_and(|c| {
                c.best == key
                    && c.score.value() >= CONFIRMED
                    && c.second.is_none_or(|s| s.value() <= 2 * SECOND_AT_MOST)
            });
            if !confirmed {
                return (None, score);
            }
            (material_line(rules, pos, key, depth), None)
        }
        _ => return (None, score),
    };
    let puzzle = Puzzle {
        id,
        fen: rules.format_position(pos),
        solution: written(rules, pos, &line),
        themes: detect(rules, pos, &line, mate_in)
            .iter()
            .map(|t| t.name())
            .collect(),
        rating: grade(rules, pos, key, mate_in, depth, line.len().div_ceil(2)),
    };
    // Kept only if it passes the checks the test suite and the deeper script make.
    // The deeper check also wants the second-best move's score well short of a win.
    let second_deep = two_lines(rules, pos, deep)
        .is_some_and(|c| c.second.is_none_or(|s| s.value() <= 2 * SECOND_AT_MOST));
    let ok =
        second_deep && verify(rules, &puzzle, fast).is_ok() && verify(rules, &puzzle, deep).is_ok();
    (ok.then_some(puzzle), score)
}

/// The line in coordinate notation.
fn written(rules: &dyn Rules, pos: &Position, line: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    line.iter()
        .map(|&m| {
            let s = rules.format_move(&p, m);
            rules.make_move(&mut p, m);
            s
        })
        .collect()
}

/// The rating: how deep the engine must look to find the first move (and see it win),
/// and how many moves the solver must play.
fn grade(
    rules: &dyn Rules,
    pos: &Position,
    key: Move,
    mate_in: Option<u8>,
    depth: u32,
    solver_moves: usize,
) -> u32 {
    let found_at = (1..=depth)
        .find(|&d| {
            best(rules, pos, d).is_some_and(|(m, s)| {
                m == key
                    && match mate_in {
                        Some(n) => s.mate_in() == Some(i32::from(n)),
                        None => s.value() >= WIN,
                    }
            })
        })
        .unwrap_or(depth + 1);
    400 + 300 * found_at + 150 * (solver_moves.saturating_sub(1) as u32)
}
