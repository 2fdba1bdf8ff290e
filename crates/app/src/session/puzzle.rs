//! The puzzle trainer's board, as lichess's: a puzzle's position with the side to solve
//! at the bottom; a right move is answered by the solution's reply, played for the
//! player after a moment; a wrong move is said in words and refuted on the board (the
//! engine's answer is played, then both moves are taken back, and the player may try
//! again); hints show first the piece, then the square; the solution, on request, is
//! played out move by move. The first wrong move or the solution makes the attempt a
//! failure, a hint makes a solve count half; each attempt's result is queued once for
//! the archive ([`Session::take_puzzle_results`], rated by session/puzzle_archive.rs).
//!
//! The board borrows the game's place as Learn does (the game in progress waits in the
//! stash); the opponent is marked as the computer so the board turns to the solver, but
//! the engine never moves here: the replies come from the solution.

use super::flow::move_words;
use super::scene::path_arrow;
use super::{Mode, Player, Session};
use chess4d_archive::storage::PuzzleResult;
use chess4d_core::{Color, Game, Move, Reason};
use chess4d_engine::{Limits, SearchHandle, Searcher};
use chess4d_puzzles::Puzzle;
use chess4d_render::{ArrowKind, Highlight};
use std::time::{Duration, Instant};

/// How long a reply waits, so the player sees their own move land first.
pub const REPLY_DELAY: Duration = Duration::from_millis(600);
/// How long a refutation stays on the board before both moves are taken back.
pub const REFUTATION_SHOWN: Duration = Duration::from_millis(2500);
/// The longest the engine looks for a wrong move's refutation.
const REFUTATION_TIME: Duration = Duration::from_millis(1200);

/// Where an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The solver's move (or a reply on its way).
    Solving,
    /// A wrong move is on the board with its refutation coming or shown.
    Refuting,
    /// Every move of the solution is on the board.
    Done,
}

/// An attempt's end, for the archive.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleOutcome {
    /// The puzzle's id.
    pub puzzle: String,
    /// The variant's catalog name.
    pub variant: String,
    /// The rating it was graded with (the puzzle's start in the archive).
    pub graded: f64,
    /// Solved, solved after a hint, or failed.
    pub result: PuzzleResult,
}

/// The puzzle on the board.
#[derive(Debug)]
pub struct PuzzleBoard {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its variant's catalog name.
    pub variant: String,
    /// The side solving.
    pub solver: Color,
    /// Moves of the solution on the board.
    pub step: usize,
    /// Where the attempt stands.
    pub stage: Stage,
    /// Hints shown for the current move: 1 the piece, 2 the square too.
    pub hints: u8,
    /// The solution is being played out (the attempt failed).
    pub showing_solution: bool,
    /// What the panel says about the last move: praise, or the wrong move refuted.
    pub words: Option<String>,
    /// A hint was used in this attempt.
    hinted: bool,
    /// The attempt's result was queued (it is rated once, at its first end).
    rated: bool,
    /// When the next solution move (a reply, or the solution played out) is due.
    due: Option<Instant>,
    /// The engine looking for the refutation of the wrong move on the board.
    search: Option<SearchHandle>,
    /// When the refutation is taken back.
    take_back_at: Option<Instant>,
}

/// The puzzle trainer's state in the session.
#[derive(Debug, Default)]
pub struct Puzzles {
    /// The puzzle on the board, while the Puzzles tab shows one.
    pub board: Option<PuzzleBoard>,
    /// Attempts ended and not yet rated.
    results: Vec<PuzzleOutcome>,
}

impl PuzzleBoard {
    /// The solution's next move in `game`'s position, if it is legal there.
    fn expected(&self, game: &Game) -> Option<Move> {
        let text = self.puzzle.solution.get(self.step)?;
        game.rules().parse_move(game.position(), text).ok()
    }
}

impl Session {
    /// The puzzle on the board, while the Puzzles tab shows one.
    pub fn puzzle(&self) -> Option<&PuzzleBoard> {
        self.puzzles
            .board
            .as_ref()
            .filter(|_| self.mode == Mode::Puzzle)
    }

    /// Puts `puzzle` of `variant` on the board (the game in progress waits); false,
    /// with a notice saying why, when its variant or position is refused.
    pub fn start_puzzle(&mut self, puzzle: Puzzle, variant: &str) -> bool {
        let rules = match self.catalog.get(variant) {
            Ok(r) => r,
            Err(e) => {
                self.notify(true, format!("puzzle {} needs {variant}: {e}", puzzle.id));
                return false;
            }
        };
        let pos = match rules.parse_position(&puzzle.fen) {
            Ok(p) => p,
            Err(e) => {
                self.notify(
                    true,
                    format!("puzzle {}'s position is refused: {e}", puzzle.id),
                );
                return false;
            }
        };
        if self.mode != Mode::Puzzle {
            self.set_mode(Mode::Puzzle);
        }
        self.stash_game();
        let solver = pos.side_to_move();
        self.variant = rules.info().name.clone();
        self.game = Game::from_position(rules, pos);
        // The computer's side only turns the board; the replies come from the solution.
        self.players[solver.index()] = Player::Human;
        self.players[(!solver).index()] = Player::Computer;
        self.hint = None;
        self.notices.clear();
        self.puzzles.board = Some(PuzzleBoard {
            puzzle,
            variant: variant.to_string(),
            solver,
            step: 0,
            stage: Stage::Solving,
            hints: 0,
            showing_solution: false,
            words: None,
            hinted: false,
            rated: false,
            due: None,
            search: None,
            take_back_at: None,
        });
        self.clear_selection();
        true
    }

    /// Says what stops the Puzzles tab (no puzzle has the themes, the archive failed).
    pub fn puzzle_problem(&mut self, text: String) {
        self.notify(true, text);
    }

    /// The attempts ended since the last call, for the archive.
    pub fn take_puzzle_results(&mut self) -> Vec<PuzzleOutcome> {
        std::mem::take(&mut self.puzzles.results)
    }

    /// Whether the person may move on the puzzle board now.
    pub(super) fn puzzle_accepts_moves(&self) -> bool {
        self.puzzle().is_some_and(|b| {
            b.stage == Stage::Solving
                && !b.showing_solution
                && b.due.is_none()
                && self.game.position().side_to_move() == b.solver
        })
    }

    /// The person's move on the puzzle board: the solution's (or any mate, as fast as
    /// it can be) goes on; another is refuted.
    pub(super) fn play_in_puzzle(&mut self, mv: Move) {
        if !self.puzzle_accepts_moves() {
            return self.clear_selection();
        }
        let Some(board) = self.puzzles.board.as_ref() else {
            return;
        };
        let expected = board.expected(&self.game);
        let before = self.game.position().clone();
        if let Err(e) = self.game.play(mv) {
            self.notify(true, e.to_string());
            return self.clear_selection();
        }
        let mates = self.game.outcome().map(|o| o.reason) == Some(Reason::Checkmate);
        if Some(mv) == expected || mates {
            self.right_move(mates);
        } else {
            self.wrong_move(&before, mv);
        }
        self.clear_selection();
    }

    fn right_move(&mut self, mates: bool) {
        let now = Instant::now();
        let Some(board) = self.puzzles.board.as_mut() else {
            return;
        };
        board.step += 1;
        board.hints = 0;
        if mates || board.step >= board.puzzle.solution.len() {
            board.stage = Stage::Done;
            board.words = Some(if board.rated {
                "Solved, this time: the attempt already counted as failed.".into()
            } else if board.hinted {
                "Solved, with a hint: it counts half.".into()
            } else {
                "Solved! Well seen.".into()
            });
            let result = if board.hinted {
                PuzzleResult::Hinted
            } else {
                PuzzleResult::Solved
            };
            self.end_attempt(result);
        } else {
            board.words = Some("Best move! Keep going…".into());
            board.due = Some(now + REPLY_DELAY);
        }
        self.touch();
    }

    fn wrong_move(&mut self, before: &chess4d_core::Position, mv: Move) {
        let words = move_words(&**self.rules(), before, mv);
        let rules = self.rules().clone();
        let after = self.game.position().clone();
        let over = self.game.outcome();
        let Some(board) = self.puzzles.board.as_mut() else {
            return;
        };
        board.stage = Stage::Refuting;
        board.words = Some(format!("Not this: {words}."));
        if let Some(end) = over {
            // A stalemate or another end that is no win: nothing to refute, only to say
            // and take back.
            let said = format!("Not this: {words} — {end}, not a win.");
            board.words = Some(said.clone());
            board.take_back_at = Some(Instant::now() + REFUTATION_SHOWN);
            self.notify(false, said);
        } else {
            let depth = chess4d_puzzles::fast_depth(&*rules) + 1;
            let limits = Limits {
                depth: Some(depth),
                movetime: Some(REFUTATION_TIME),
                hash_mb: 4,
                ..Limits::default()
            };
            board.search = Some(Searcher::start(rules, after, limits, |_| {}));
        }
        self.end_attempt(PuzzleResult::Failed);
        self.touch();
    }

    /// Queues the attempt's result, once: the first end is the one that counts.
    fn end_attempt(&mut self, result: PuzzleResult) {
        let Some(board) = self.puzzles.board.as_mut() else {
            return;
        };
        if std::mem::replace(&mut board.rated, true) {
            return;
        }
        self.puzzles.results.push(PuzzleOutcome {
            puzzle: board.puzzle.id.clone(),
            variant: board.variant.clone(),
            graded: f64::from(board.puzzle.rating),
            result,
        });
    }

    /// The next hint: first the piece to move, then its square too. A solve after a
    /// hint counts half.
    pub fn puzzle_hint(&mut self) {
        if !self.puzzle_accepts_moves() {
            return;
        }
        if let Some(board) = self.puzzles.board.as_mut() {
            board.hints = (board.hints + 1).min(2);
            board.hinted = true;
        }
        self.touch();
    }

    /// The hint's marks: the piece, and with the second hint its square.
    pub fn puzzle_hint_move(&self) -> Option<(Move, u8)> {
        let board = self.puzzle()?;
        (board.hints > 0 && self.puzzle_accepts_moves())
            .then(|| board.expected(&self.game))
            .flatten()
            .map(|m| (m, board.hints))
    }

    /// The hint's marks on the board: the piece, then also its square and the move.
    pub(super) fn puzzle_marks(
        &self,
        highlights: &mut Vec<(chess4d_core::Square, Highlight)>,
        arrows: &mut Vec<chess4d_render::Arrow>,
    ) {
        let Some((mv, hints)) = self.puzzle_hint_move() else {
            return;
        };
        if !mv.is_drop() {
            highlights.push((mv.from, Highlight::Selected));
        }
        if hints >= 2 {
            highlights.push((mv.to, Highlight::Goal));
            let pos = self.game.position();
            arrows.push(path_arrow(&**self.rules(), pos, mv, ArrowKind::Hint));
        }
    }

    /// Plays the solution out, move by move (the attempt fails, if it had not yet).
    pub fn puzzle_solution(&mut self) {
        let Some(board) = self.puzzles.board.as_ref() else {
            return;
        };
        if board.stage == Stage::Done || board.showing_solution {
            return;
        }
        if board.stage == Stage::Refuting {
            self.take_back_refutation();
        }
        if let Some(board) = self.puzzles.board.as_mut() {
            board.showing_solution = true;
            board.hints = 0;
            board.words = Some("The solution, move by move.".into());
            board.due = Some(Instant::now() + REPLY_DELAY);
        }
        self.end_attempt(PuzzleResult::Failed);
        self.touch();
    }

    /// Advances the puzzle's clock: a reply or a solution move that is due, the
    /// refutation found, the refutation taken back. Called from [`Session::tick`].
    pub(super) fn puzzle_tick(&mut self, now: Instant) {
        if self.mode != Mode::Puzzle {
            return;
        }
        let Some(board) = self.puzzles.board.as_mut() else {
            return;
        };
        if board.search.as_ref().is_some_and(|s| s.is_finished()) {
            let search = board.search.take();
            board.take_back_at = Some(now + REFUTATION_SHOWN);
            if let Some(Ok(found)) = search.map(SearchHandle::wait) {
                self.play_refutation(found.best, found.score);
            }
        } else if board.take_back_at.is_some_and(|t| now >= t) {
            self.take_back_refutation();
        } else if board.due.is_some_and(|t| now >= t) {
            board.due = None;
            self.play_solution_move();
        }
    }

    /// Plays the solution's next move for the player (a reply, or the solution shown).
    fn play_solution_move(&mut self) {
        let Some(board) = self.puzzles.board.as_mut() else {
            return;
        };
        let Some(mv) = board.expected(&self.game) else {
            // A stored line the rules refuse: say so rather than stall.
            board.stage = Stage::Done;
            let text = board
                .puzzle
                .solution
                .get(board.step)
                .cloned()
                .unwrap_or_default();
            self.notify(true, format!("the puzzle's move {text} is not legal here"));
            return;
        };
        board.step += 1;
        let more = board.step < board.puzzle.solution.len();
        if board.showing_solution {
            // From the real clock: `now` may be a frame's (or a test's) later time.
            board.due = more.then_some(Instant::now() + REPLY_DELAY);
            if !more {
                board.stage = Stage::Done;
                board.words = Some("That was the solution. Next puzzle when you are ready.".into());
            }
        }
        let before = self.game.position().clone();
        let words = move_words(&**self.rules(), &before, mv);
        if self.game.play(mv).is_ok() {
            self.notify(false, format!("{}: {words}", before.side_to_move()));
        }
        self.touch();
    }

    /// The engine's answer to the wrong move, on the board and in words.
    fn play_refutation(&mut self, reply: Move, score: chess4d_engine::Score) {
        let before = self.game.position().clone();
        let text = super::puzzle_words::refutation(&**self.rules(), &before, reply, score);
        let _ = self.game.play(reply);
        if let Some(board) = self.puzzles.board.as_mut() {
            let said = board.words.take().unwrap_or_default();
            let said = format!("{} {text}", said.trim_end_matches('.'));
            board.words = Some(said.clone());
            self.notify(false, said);
        }
        self.touch();
    }

    /// Takes the wrong move and its refutation back: the player may try again.
    fn take_back_refutation(&mut self) {
        let Some(board) = self.puzzles.board.as_mut() else {
            return;
        };
        board.search = None;
        board.take_back_at = None;
        board.stage = Stage::Solving;
        let solver = board.solver;
        while self.game.moves().len() > board.step {
            if self.game.undo().is_none() {
                break;
            }
        }
        debug_assert_eq!(self.game.position().side_to_move(), solver);
        self.clear_selection();
    }
}
