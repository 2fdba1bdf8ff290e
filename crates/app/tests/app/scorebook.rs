//! Games played through the viewer's session reach the ratings archive the way the
//! window sends them: `Scorebook::update` after each frame records a finished game
//! once, a game left with moves is adjourned and can be resumed, closing adjourns.

use chess4d::ratings::Ratings;
use chess4d::session::scorebook::{GUEST, Scorebook};
use chess4d::session::{Player, Session};
use chess4d_archive::storage::GameStatus;
use chess4d_core::{Color, Game, Move, Position, Reason, Rules, Square, Undo, VariantInfo};
use chess4d_variants::Catalog;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// White to move mates with the queen: c4[0,0] to a4[0,0], guarded by the rook.
// (The queen starts where it does not already give check: the side to move may not
// have the other king in check.)
const MATE_IN_ONE: &str = "2Q1/4/4/R3|4/4/4/3K|k3/4/4/4|4/4/4/4 w - - 0 1";

/// A folder removed when the test ends, pass or fail.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "chess4d-scorebook-{name}-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
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

fn click(s: &mut Session, name: &str) {
    let sq = s
        .rules()
        .info()
        .shape
        .parse_square(name)
        .expect("square name");
    s.click(sq);
}

fn book_in(dir: &Path) -> Scorebook {
    let book = Scorebook::open(Some(dir)).expect("archive");
    assert_eq!(book.open_error(), None);
    book
}

#[test]
fn a_mate_against_the_computer_is_recorded_once_and_moves_both_ratings() {
    let dir = TempDir::new("mate");
    let mut book = book_in(&dir.0);
    let ann = book.ratings_mut().create_profile("Ann").expect("profile");
    book.ratings_mut().set_current(Some(ann)).expect("current");
    assert!(
        book.rated_counts(),
        "a chosen profile plays rated by default"
    );

    let mut s = Session::new(Catalog::embedded(), "full").expect("session");
    assert_eq!(s.player(Color::Black), Player::Computer);
    assert!(s.new_game_from_fen(MATE_IN_ONE));
    book.update(&mut s);
    click(&mut s, "c4[0,0]");
    click(&mut s, "a4[0,0]");
    let outcome = s.game().outcome().expect("the queen move mates");
    assert_eq!(outcome.reason, Reason::Checkmate);
    assert_eq!(outcome.winner, Some(Color::White));

    // Several frames after the end, and an undo: still one stored game.
    book.update(&mut s);
    book.update(&mut s);
    s.undo();
    book.update(&mut s);
    assert_eq!(
        book.ratings().recent_games(None, 10).expect("games").len(),
        1
    );
    assert!(
        s.notices().iter().any(|n| n.text.contains("rated")),
        "{:?}",
        s.notices()
    );
    // New game after the undo: the result is final, nothing is adjourned.
    s.new_game("full");
    book.update(&mut s);
    assert!(book.adjourned().expect("list").is_empty());
    drop(book);

    // The file on disk has it: Ann gained, the computer at level 3 lost.
    let ratings = Ratings::open_data_dir(Some(&dir.0)).expect("reopen");
    assert_eq!(ratings.current(), Some(ann));
    let games = ratings.recent_games(None, 10).expect("games");
    assert_eq!(games.len(), 1);
    assert!(games[0].rated);
    let stored = ratings.archive().load_game(games[0].id).expect("game");
    assert_eq!(stored.moves, vec!["c4[0,0]a4[0,0]".to_string()]);
    let computer = ratings.profile_named("Computer level 3").expect("level 3");
    let ann_now = ratings.rating(ann, "full").expect("rating");
    let cpu_now = ratings.rating(computer.id, "full").expect("rating");
    assert_eq!((ann_now.games, cpu_now.games), (1, 1));
    assert!(ann_now.rating.rating > 1500.0, "{ann_now:?}");
    assert!(cpu_now.rating.rating < 1500.0, "{cpu_now:?}");
    assert_eq!(ratings.history(ann, "full").expect("history").len(), 1);
}

#[test]
fn a_game_left_with_moves_is_adjourned_and_resumes_to_be_finished() {
    let dir = TempDir::new("adjourn");
    let mut book = book_in(&dir.0);
    let mut s = Session::new(Catalog::embedded(), "full").expect("session");
    s.set_player(Color::Black, Player::Human);
    book.update(&mut s);
    click(&mut s, "a2[0,0]");
    click(&mut s, "a3[0,0]");
    click(&mut s, "a3[0,1]");
    click(&mut s, "a2[0,1]");
    assert_eq!(s.game().moves().len(), 2, "{}", s.status_line());
    let before = s.game().position().clone();

    assert!(s.new_game("full"));
    book.update(&mut s);
    let list = book.adjourned().expect("list");
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].white_name.as_str(), list[0].plies), (GUEST, 2));
    assert!(!list[0].rated, "nobody chosen: a guest game is not rated");

    book.resume(&mut s, list[0].id).expect("resume");
    assert_eq!(s.game().position(), &before);
    assert_eq!(
        [s.player(Color::White), s.player(Color::Black)],
        [Player::Human, Player::Human]
    );
    // A fresh board left for the resumed game is not adjourned: still one game.
    assert_eq!(book.adjourned().expect("list").len(), 1);

    s.resign();
    book.update(&mut s);
    assert!(book.adjourned().expect("list").is_empty());
    let games = book.ratings().recent_games(None, 10).expect("games");
    assert_eq!(games.len(), 1, "the adjourned game itself is finished");
    assert_eq!(games[0].status, GameStatus::Finished);
    assert_eq!(games[0].id, list[0].id);
}

#[test]
fn closing_the_window_adjourns_the_game_in_progress_with_its_computer_level() {
    let dir = TempDir::new("quit");
    let mut book = book_in(&dir.0);
    let bo = book.ratings_mut().create_profile("Bo").expect("profile");
    book.ratings_mut().set_current(Some(bo)).expect("current");
    let mut s = Session::new(Catalog::embedded(), "full").expect("session");
    s.set_level(chess4d_engine::Level::new(5).expect("level"));
    book.update(&mut s);
    click(&mut s, "a2[0,0]");
    click(&mut s, "a3[0,0]");
    assert_eq!(s.game().moves().len(), 1);
    book.quit(&mut s);
    drop(book);

    let mut book = book_in(&dir.0);
    let list = book.adjourned().expect("list");
    assert_eq!(list.len(), 1);
    assert_eq!(
        (list[0].white_name.as_str(), list[0].black_name.as_str()),
        ("Bo", "Computer level 5")
    );
    assert!(list[0].rated);
    let mut s = Session::new(Catalog::embedded(), "classic").expect("session");
    book.update(&mut s);
    book.resume(&mut s, list[0].id).expect("resume");
    assert_eq!(s.variant(), "full");
    assert_eq!(s.game().moves().len(), 1);
    assert_eq!(s.player(Color::Black), Player::Computer);
    assert_eq!(s.level().get(), 5);
    assert!(book.rated_counts(), "the stored choice is kept");
}

#[test]
fn an_archive_that_cannot_open_falls_back_to_memory_with_a_message() {
    let dir = TempDir::new("broken");
    // A file where the data folder should be: the archive cannot live inside it.
    let file = dir.0.join("not-a-folder");
    std::fs::write(&file, "x").expect("write");
    let mut book = Scorebook::open(Some(&file)).expect("memory archive");
    let message = book.open_error().expect("an error to show").to_string();
    assert!(message.contains("kept only until"), "{message}");
    let mut s = Session::new(Catalog::embedded(), "full").expect("session");
    s.set_player(Color::Black, Player::Human);
    book.update(&mut s);
    // A move first: resigning before any move aborts the game, which stores nothing.
    click(&mut s, "a2[0,0]");
    click(&mut s, "a3[0,0]");
    book.update(&mut s);
    s.resign();
    book.update(&mut s);
    assert_eq!(
        book.ratings().recent_games(None, 10).expect("games").len(),
        1
    );
}

#[test]
fn the_profile_at_the_first_move_plays_the_whole_game() {
    let dir = TempDir::new("sitting");
    let mut book = book_in(&dir.0);
    let ann = book.ratings_mut().create_profile("Ann").expect("profile");
    let bo = book.ratings_mut().create_profile("Bo").expect("profile");
    book.ratings_mut().set_current(Some(ann)).expect("current");
    let mut s = Session::new(Catalog::embedded(), "full").expect("session");
    book.update(&mut s);
    // Before the first move another choice still counts.
    book.ratings_mut().set_current(Some(bo)).expect("current");
    assert_eq!(book.playing_as(), Some(bo));
    click(&mut s, "a2[0,0]");
    click(&mut s, "a3[0,0]");
    book.update(&mut s);
    book.ratings_mut().set_current(Some(ann)).expect("current");
    assert_eq!(book.playing_as(), Some(bo), "fixed at the first move");
    s.resign();
    book.update(&mut s);
    let games = book.ratings().recent_games(None, 10).expect("games");
    assert_eq!(games.len(), 1);
    assert_eq!(
        (games[0].white_name.as_str(), games[0].black_name.as_str()),
        ("Bo", "Computer level 3")
    );
    let ratings = book.ratings();
    assert_eq!(ratings.rating(ann, "full").expect("rating").games, 0);
    assert_eq!(ratings.rating(bo, "full").expect("rating").games, 1);
    // The next game is Ann's again.
    s.new_game("full");
    book.update(&mut s);
    assert_eq!(book.playing_as(), Some(ann));
}

#[test]
fn learn_try_it_borrows_the_board_without_touching_the_archive() {
    use chess4d::session::Mode;
    use chess4d::session::learn::TRY_IT;
    let dir = TempDir::new("learn");
    let mut book = book_in(&dir.0);
    let mut s = Session::new(Catalog::embedded(), "full").expect("session");
    s.set_player(Color::Black, Player::Human);
    book.update(&mut s);
    click(&mut s, "a2[0,0]");
    click(&mut s, "a3[0,0]");
    book.update(&mut s);
    let tag = s.game_tag();

    // "Try it" plays a game of its own; resigning it is not a result.
    s.set_mode(Mode::Learn);
    s.learn_step(TRY_IT);
    book.update(&mut s);
    assert_ne!(s.game_tag(), tag);
    assert!(s.game().moves().is_empty());
    s.resign();
    book.update(&mut s);
    // The archive holds only the first game, in progress (saved after its move).
    let games = book.ratings().recent_games(None, 10).expect("games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(
        (games[0].status, games[0].plies),
        (GameStatus::Adjourned, 1)
    );

    // Back in Play the first game is there again, and a new game adjourns it.
    s.set_mode(Mode::Play);
    book.update(&mut s);
    assert_eq!(s.game_tag(), tag);
    assert_eq!(s.game().moves().len(), 1);
    assert!(s.new_game("full"));
    book.update(&mut s);
    let list = book.adjourned().expect("list");
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].plies, 1);
    // The adjourned game is the archive's only game.
    assert_eq!(
        book.ratings().recent_games(None, 10).expect("games").len(),
        1
    );
}

/// Rules whose answers for Black fail the host's checks: Black gets no moves and a fault.
struct FaultyForBlack {
    inner: std::sync::Arc<dyn Rules>,
    faults: AtomicUsize,
}

impl Rules for FaultyForBlack {
    fn info(&self) -> &VariantInfo {
        self.inner.info()
    }
    fn start_position(&self) -> Position {
        self.inner.start_position()
    }
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if pos.side_to_move() == Color::Black {
            self.faults.fetch_add(1, Ordering::Relaxed);
        } else {
            self.inner.legal_moves(pos, out);
        }
    }
    fn make_move(&self, pos: &mut Position, mv: Move) -> Undo {
        self.inner.make_move(pos, mv)
    }
    fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        self.inner.is_attacked(pos, sq, by)
    }
    fn attackers(&self, pos: &Position, sq: Square, by: Color, out: &mut Vec<Square>) {
        self.inner.attackers(pos, sq, by, out)
    }
    fn faults(&self) -> (u64, Option<String>) {
        let n = self.faults.load(Ordering::Relaxed) as u64;
        (n, (n > 0).then(|| "move list failed the check".to_string()))
    }
}

#[test]
fn a_rules_fault_shows_and_no_result_is_recorded_while_it_lasts() {
    let dir = TempDir::new("fault");
    let mut book = book_in(&dir.0);
    let mut s = Session::new(Catalog::embedded(), "full").expect("session");
    let rules = std::sync::Arc::new(FaultyForBlack {
        inner: s.rules().clone(),
        faults: AtomicUsize::new(0),
    });
    s.load_game(Game::new(rules), Player::Human, Player::Human);
    book.update(&mut s);
    click(&mut s, "a2[0,0]");
    click(&mut s, "a3[0,0]");
    book.update(&mut s);
    assert_eq!(s.game().moves().len(), 1, "{}", s.status_line());
    assert_eq!(
        s.game().outcome(),
        None,
        "an empty faulty answer is no stalemate"
    );
    assert!(
        s.status_line()
            .contains("rules fault: move list failed the check"),
        "{}",
        s.status_line()
    );

    s.resign();
    assert!(s.game().outcome().is_some() && s.game().fault().is_some());
    book.update(&mut s);
    book.update(&mut s);
    let games = book.ratings().recent_games(None, 10).expect("games");
    assert!(
        games.iter().all(|g| g.status != GameStatus::Finished),
        "a result under a fault was recorded: {games:?}"
    );
}

#[test]
fn a_game_in_progress_survives_a_kill_after_every_move_and_ends_on_the_same_entry() {
    let dir = TempDir::new("kill");
    {
        let mut book = book_in(&dir.0);
        let mut s = Session::new(Catalog::embedded(), "full").expect("session");
        s.set_player(Color::Black, Player::Human);
        book.update(&mut s);
        click(&mut s, "a2[0,0]");
        click(&mut s, "a3[0,0]");
        book.update(&mut s);
        click(&mut s, "a3[0,1]");
        click(&mut s, "a2[0,1]");
        book.update(&mut s);
        assert_eq!(s.game().moves().len(), 2, "{}", s.status_line());
        // Dropped here without `quit`, as a killed program would be.
    }
    let mut book = book_in(&dir.0);
    let list = book.adjourned().expect("list");
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0].plies, 2);
    let mut s = Session::new(Catalog::embedded(), "full").expect("session");
    book.resume(&mut s, list[0].id).expect("resume");
    assert_eq!(book.on_board(), Some(list[0].id));
    let moves: Vec<&str> = s.game().notation().collect();
    assert_eq!(moves, ["a2[0,0]a3[0,0]", "a3[0,1]a2[0,1]"]);

    // Played on and finished: recorded over that same entry, one game in all.
    click(&mut s, "b2[0,0]");
    click(&mut s, "b3[0,0]");
    book.update(&mut s);
    assert_eq!(book.adjourned().expect("list").len(), 1);
    s.resign();
    book.update(&mut s);
    let games = book.ratings().recent_games(None, 10).expect("games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].id, list[0].id);
    assert_eq!(games[0].status, GameStatus::Finished);
    assert_eq!(games[0].plies, 3);
}
