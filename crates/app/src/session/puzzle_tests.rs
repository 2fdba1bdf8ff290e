//! The puzzle trainer with no window, on the shipped 4D set and a real archive file:
//! a right move answered by the solution's reply, a wrong move refuted in words on the
//! board and taken back, hints (the piece, then the square), the solution played out,
//! each attempt rated once by Glicko-2 (player against puzzle), and the rating still
//! there after the archive is opened again. The puzzles are picked from the shipped
//! set by their shape, not by id, so a regenerated set keeps the test meaningful.

use super::puzzle::{REFUTATION_SHOWN, REPLY_DELAY, Stage};
use super::puzzle_archive::next_puzzle;
use super::scorebook::Scorebook;
use super::{Mode, Session};
use crate::ratings::Ratings;
use chess4d_archive::rating::glicko2::{Glicko2, Glicko2Rating};
use chess4d_archive::rating::{Outcome, RatingSystem};
use chess4d_archive::storage::{PUZZLE_DEVIATION, PuzzleResult};
use chess4d_core::{Move, Reason};
use chess4d_puzzles::Puzzle;
use chess4d_render::Highlight;
use chess4d_variants::Catalog;
use std::time::{Duration, Instant};

/// A folder removed when the test ends, pass or fail.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("chess4d-puzzles-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn full_set() -> Vec<Puzzle> {
    chess4d_puzzles::shipped::shipped("full")
        .expect("a full set ships")
        .expect("it reads")
}

/// The solution's next move on the board.
fn expected(s: &Session) -> Move {
    let b = s.puzzle().expect("a puzzle");
    let text = &b.puzzle.solution[b.step];
    s.rules()
        .parse_move(s.game().position(), text)
        .expect("legal")
}

/// Plays `mv` by mouse: a click on the piece, a click on its square.
fn click_move(s: &mut Session, mv: Move) {
    s.click(mv.from);
    s.click(mv.to);
}

/// Lets the puzzle's clock run past `wait` (replies, a refutation taken back).
fn after(s: &mut Session, wait: Duration) {
    s.tick(Instant::now() + wait + Duration::from_millis(50));
}

/// Ticks until the engine's refutation is on the board.
fn wait_for_refutation(s: &mut Session, plies: usize) {
    for _ in 0..600 {
        s.tick(Instant::now());
        if s.game().moves().len() == plies {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("no refutation came: {:?}", s.puzzle().map(|b| &b.words));
}

fn rated(
    player: Glicko2Rating,
    puzzle: &Puzzle,
    outcome: Outcome,
) -> (Glicko2Rating, Glicko2Rating) {
    let start = Glicko2Rating::new(f64::from(puzzle.rating), PUZZLE_DEVIATION, 0.06);
    Glicko2::default().rate_game(&player, &start, outcome)
}

#[test]
fn a_puzzle_solved_then_one_failed_rates_the_player_by_glicko2_and_persists() {
    let dir = TempDir::new("session");
    let path = dir.0.join("archive.sqlite3");
    let mut book = Scorebook::new(Ratings::open(&path).expect("archive"));
    let mut s = Session::new(Catalog::embedded(), "classic").expect("session");
    let set = full_set();
    // A puzzle with a reply: the solver's move, the opponent's, the solver's again.
    let long = set
        .iter()
        .find(|p| p.solution.len() >= 3)
        .expect("a 3-move puzzle");
    assert!(s.start_puzzle(long.clone(), "full"));
    assert_eq!((s.mode(), s.variant()), (Mode::Puzzle, "full"));
    let solver = s.game().position().side_to_move();
    assert_eq!(s.black_at_bottom(), solver == chess4d_core::Color::Black);

    // The right first move: praised, then the solution's reply comes after a moment.
    let first = expected(&s);
    click_move(&mut s, first);
    assert_eq!(s.game().moves().len(), 1);
    assert!(
        s.puzzle()
            .unwrap()
            .words
            .as_deref()
            .unwrap()
            .starts_with("Best move")
    );
    assert!(!s.puzzle_accepts_moves(), "the reply comes first");
    s.tick(Instant::now());
    assert_eq!(s.game().moves().len(), 1, "not before its delay");
    after(&mut s, REPLY_DELAY);
    assert_eq!(
        s.game().moves().len(),
        2,
        "the reply was played for the player"
    );
    assert!(
        s.last_notice()
            .unwrap()
            .text
            .starts_with(&format!("{}: ", !solver))
    );
    while s.puzzle().unwrap().stage != Stage::Done {
        let mv = expected(&s);
        click_move(&mut s, mv);
        after(&mut s, REPLY_DELAY);
    }
    assert!(
        s.puzzle()
            .unwrap()
            .words
            .as_deref()
            .unwrap()
            .starts_with("Solved!")
    );
    book.update(&mut s);
    let (p1, _) = rated(Glicko2Rating::NEWCOMER, long, Outcome::Win);
    assert_eq!(book.puzzle_rating("full").unwrap().rating, p1);
    assert!(
        s.last_notice()
            .unwrap()
            .text
            .starts_with("Puzzle rating 1500 -> ")
    );

    // The next one: nearest the new rating, untried; a wrong move is refuted.
    let tried = book.puzzles_tried("full").unwrap();
    assert!(tried.contains(&long.id));
    let next = next_puzzle(&set, p1.rating, &tried, &[], Some(&long.id))
        .unwrap()
        .clone();
    assert_ne!(next.id, long.id);
    assert!(s.start_puzzle(next.clone(), "full"));
    let right = expected(&s);
    let wrong = wrong_move(&s, right);
    s.play(wrong);
    let words = s.puzzle().unwrap().words.clone().unwrap();
    assert!(words.starts_with("Not this: "), "{words}");
    wait_for_refutation(&mut s, 2);
    let words = s.puzzle().unwrap().words.clone().unwrap();
    assert!(words.contains(" — "), "the refutation in words: {words}");
    assert_eq!(s.last_notice().unwrap().text, words);
    assert!(!s.puzzle_accepts_moves(), "the refutation is on the board");
    after(&mut s, REFUTATION_SHOWN);
    assert_eq!(s.game().moves().len(), 0, "both moves taken back");
    assert_eq!(s.puzzle().unwrap().stage, Stage::Solving);
    book.update(&mut s);
    let (p2, _) = rated(p1, &next, Outcome::Loss);
    assert_eq!(book.puzzle_rating("full").unwrap().rating, p2);

    // The solution on request plays out; the attempt already counted, once.
    s.puzzle_solution();
    for _ in 0..next.solution.len() {
        after(&mut s, REPLY_DELAY);
    }
    assert_eq!(s.puzzle().unwrap().stage, Stage::Done);
    assert_eq!(s.game().moves().len(), next.solution.len());
    assert!(s.take_puzzle_results().is_empty());

    // The rating survives the archive being opened again; leaving gives the game back.
    drop(book);
    let book = Scorebook::new(Ratings::open(&path).expect("reopen"));
    let stored = book.puzzle_rating("full").unwrap();
    assert_eq!((stored.rating, stored.attempts), (p2, 2));
    s.set_mode(Mode::Play);
    assert_eq!(s.variant(), "classic");
    assert!(s.puzzle().is_none());
}

/// A legal move other than `right` that does not mate (a mate would be accepted).
fn wrong_move(s: &Session, right: Move) -> Move {
    let rules = s.rules().clone();
    let pos = s.game().position().clone();
    s.game()
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            let mut after = pos.clone();
            rules.make_move(&mut after, m);
            m != right && rules.status(&after) != chess4d_core::Status::Checkmate
        })
        .expect("another move")
}

#[test]
fn hints_show_the_piece_then_the_square_and_a_hinted_solve_counts_half() {
    let mut s = Session::new(Catalog::embedded(), "full").expect("session");
    let set = full_set();
    let one = set
        .iter()
        .find(|p| p.solution.len() == 1)
        .expect("a one-move puzzle");
    assert!(s.start_puzzle(one.clone(), "full"));
    let right = expected(&s);
    let marks = |s: &Session| s.game_picture().highlights;
    assert!(s.puzzle_hint_move().is_none());
    s.request_hint(); // the top bar's Hint button: the puzzle's first hint
    assert_eq!(s.puzzle_hint_move(), Some((right, 1)));
    assert!(marks(&s).contains(&(right.from, Highlight::Selected)));
    assert!(!marks(&s).contains(&(right.to, Highlight::Goal)));
    s.puzzle_hint();
    assert_eq!(s.puzzle_hint_move(), Some((right, 2)));
    assert!(marks(&s).contains(&(right.to, Highlight::Goal)));
    let hint_arrows = |s: &Session| {
        let arrows = s.game_picture().arrows;
        arrows
            .iter()
            .filter(|a| a.kind == chess4d_render::ArrowKind::Hint)
            .count()
    };
    assert_eq!(hint_arrows(&s), 1);
    // Undo is no way around a puzzle.
    click_move(&mut s, right);
    s.undo();
    assert_eq!(s.game().moves().len(), 1);
    assert_eq!(hint_arrows(&s), 0, "the hint goes with its move");
    let results = s.take_puzzle_results();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].result, PuzzleResult::Hinted);
    assert_eq!(results[0].graded, f64::from(one.rating));
    assert!(
        s.puzzle()
            .unwrap()
            .words
            .as_deref()
            .unwrap()
            .contains("hint")
    );
}

#[test]
fn asking_for_the_solution_fails_the_attempt_and_a_mate_in_one_is_any_mate() {
    let mut s = Session::new(Catalog::embedded(), "full").expect("session");
    let set = full_set();
    let p = set
        .iter()
        .find(|p| p.solution.len() >= 3)
        .expect("a 3-move puzzle");
    assert!(s.start_puzzle(p.clone(), "full"));
    s.puzzle_solution();
    assert!(!s.puzzle_accepts_moves(), "the solution plays itself");
    for _ in 0..p.solution.len() {
        after(&mut s, REPLY_DELAY);
    }
    assert_eq!(s.game().moves().len(), p.solution.len());
    let results = s.take_puzzle_results();
    assert_eq!(
        results.iter().map(|r| r.result).collect::<Vec<_>>(),
        [PuzzleResult::Failed]
    );
    // A mate puzzle accepts a mate other than the stored one (as fast, so as good).
    if let Some(mate) = set.iter().find(|p| p.is_mate() && p.solution.len() == 1) {
        assert!(s.start_puzzle(mate.clone(), "full"));
        let any_mate = s.game().legal_moves().iter().copied().find(|&m| {
            let mut g = s.game().clone();
            g.play(m).is_ok() && g.outcome().map(|o| o.reason) == Some(Reason::Checkmate)
        });
        s.play(any_mate.expect("the puzzle mates in one"));
        assert_eq!(s.puzzle().unwrap().stage, Stage::Done);
        assert_eq!(s.take_puzzle_results()[0].result, PuzzleResult::Solved);
    }
}

#[test]
fn a_refused_puzzle_says_why_and_keeps_the_game() {
    let mut s = Session::new(Catalog::embedded(), "classic").expect("session");
    let mut p = full_set()[0].clone();
    p.fen = "not a position".into();
    assert!(!s.start_puzzle(p.clone(), "full"));
    assert!(s.last_notice().unwrap().text.contains("refused"));
    assert!(!s.start_puzzle(p, "no-such-variant"));
    assert_eq!((s.mode(), s.variant()), (Mode::Play, "classic"));
}
