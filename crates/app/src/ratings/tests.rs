//! The service against real archive files in a temporary folder.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chess4d_archive::GameResult;
use chess4d_archive::storage::GameStatus;
use chess4d_core::{Color, Game, Rules};
use chess4d_variants::Catalog;

use super::*;

/// A folder removed when the test ends, pass or fail.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "chess4d-ratings-{name}-{}-{}",
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

fn full() -> Arc<dyn Rules> {
    Catalog::embedded()
        .get("full")
        .expect("the full set is built in")
}

/// A game of the full set with `plies` moves, each the first legal one.
fn game_of(plies: usize) -> Game {
    let mut game = Game::new(full());
    for _ in 0..plies {
        let first = game.legal_moves()[0];
        game.play(first).expect("a legal move");
    }
    game
}

fn won_by_white(plies: usize) -> Game {
    let mut game = game_of(plies);
    game.resign(Color::Black);
    game
}

#[test]
fn a_rated_win_moves_both_ratings_the_right_way() {
    let dir = TempDir::new("win");
    let mut ratings = Ratings::open_data_dir(Some(&dir.0)).expect("open");
    assert!(dir.0.join("archive.sqlite3").exists());
    let ann = ratings.create_profile("Ann").expect("ann");
    let before = ratings.generation();

    let game = won_by_white(4);
    let recorded = ratings
        .record_game(&game, PlayerRef::Profile(ann), PlayerRef::Computer(3), true)
        .expect("record");
    assert!(ratings.generation() > before, "views must see the change");
    let white = recorded.white.expect("rated");
    let black = recorded.black.expect("rated");
    assert!(white.delta() > 0.0, "the winner gains: {white:?}");
    assert!(black.delta() < 0.0, "the loser drops: {black:?}");

    let computer = ratings.computer(3).expect("level 3");
    assert!(ratings.rating(ann, "full").expect("ann").rating.rating > 1500.0);
    assert!(ratings.rating(computer, "full").expect("cpu").rating.rating < 1500.0);
    assert_eq!(ratings.rating(ann, "full").expect("ann").games, 1);
    // One rating per player per variant: the other variants are untouched.
    assert_eq!(ratings.rating(ann, "classic").expect("classic").games, 0);
    assert_eq!(
        ratings
            .ratings_of(ann)
            .expect("ratings")
            .iter()
            .map(|(variant, _)| variant.as_str())
            .collect::<Vec<_>>(),
        ["full"]
    );

    let stored = ratings.archive().load_game(recorded.id).expect("load");
    assert_eq!(stored.variant, "full");
    assert_eq!(stored.result, GameResult::WhiteWins);
    assert_eq!(stored.termination.as_deref(), Some("resignation"));
    assert_eq!(stored.moves, game.notation().collect::<Vec<_>>());
    assert_eq!(
        stored.start_fen.as_deref(),
        Some("4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbq/pppp/4/4|kbnr/pppp/4/4 w - - 0 1")
    );

    // An unrated game is stored but moves nobody.
    let rating = ratings.rating(ann, "full").expect("ann");
    let unrated = ratings
        .record_game(
            &won_by_white(2),
            PlayerRef::Profile(ann),
            PlayerRef::Computer(3),
            false,
        )
        .expect("unrated");
    assert!(unrated.white.is_none());
    assert_eq!(ratings.rating(ann, "full").expect("ann"), rating);
}

#[test]
fn unfinished_games_and_unknown_levels_are_refused() {
    let mut ratings = Ratings::in_memory().expect("open");
    let ann = ratings.create_profile("Ann").expect("ann");
    let error = ratings
        .record_game(
            &game_of(2),
            PlayerRef::Profile(ann),
            PlayerRef::Computer(1),
            true,
        )
        .expect_err("not over");
    assert!(matches!(error, RatingsError::NotFinished), "{error}");
    for level in [0, 9] {
        let error = ratings
            .record_game(
                &won_by_white(0),
                PlayerRef::Profile(ann),
                PlayerRef::Computer(level),
                true,
            )
            .expect_err("no such level");
        assert!(error.to_string().contains("1 to 8"), "{error}");
    }
    let error = ratings
        .adjourn(
            &won_by_white(0),
            PlayerRef::Profile(ann),
            PlayerRef::Computer(1),
            true,
        )
        .expect_err("already over");
    assert!(matches!(error, RatingsError::AlreadyOver(_)), "{error}");
    assert!(ratings.recent_games(None, 10).expect("list").is_empty());
}

#[test]
fn adjourn_and_resume_round_trip_a_game() {
    let dir = TempDir::new("adjourn");
    let mut ratings = Ratings::open_data_dir(Some(&dir.0)).expect("open");
    let ann = ratings.create_profile("Ann").expect("ann");
    let game = game_of(5);
    let id = ratings
        .adjourn(&game, PlayerRef::Computer(2), PlayerRef::Profile(ann), true)
        .expect("adjourn");
    drop(ratings);

    let mut ratings = Ratings::open_data_dir(Some(&dir.0)).expect("reopen");
    let listed = ratings.adjourned_games(Some(ann)).expect("list");
    assert_eq!(listed.iter().map(|g| g.id).collect::<Vec<_>>(), [id]);
    let catalog = Catalog::embedded();
    let mut resumed = ratings.resume(id, &catalog).expect("resume");
    assert_eq!(resumed.game.position(), game.position());
    assert_eq!(
        resumed.game.notation().collect::<Vec<_>>(),
        game.notation().collect::<Vec<_>>()
    );
    assert_eq!(resumed.white.name, "Computer level 2");
    assert_eq!(resumed.black.id, ann);
    assert!(resumed.rated);

    // Play on, save again, and the next resume has the new move.
    let next = resumed.game.legal_moves()[0];
    resumed.game.play(next).expect("play on");
    ratings
        .save_adjourned(id, &resumed.game)
        .expect("save again");
    let again = ratings.resume(id, &catalog).expect("resume again");
    assert_eq!(again.game.moves().len(), 6);
    assert_eq!(again.game.position(), resumed.game.position());

    // Finishing it rates it with the players it was adjourned with.
    resumed.game.resign(Color::White);
    let recorded = ratings.finish_resumed(id, &resumed.game).expect("finish");
    assert_eq!(recorded.id, id);
    assert!(recorded.black.expect("rated").delta() > 0.0);
    assert_eq!(
        ratings.archive().load_game(id).expect("load").status,
        GameStatus::Finished
    );
    assert!(matches!(
        ratings.resume(id, &catalog),
        Err(RatingsError::NotAdjourned(_))
    ));
    assert!(ratings.adjourned_games(None).expect("list").is_empty());
}

#[test]
fn a_move_the_rules_no_longer_accept_is_named_on_resume() {
    let mut ratings = Ratings::in_memory().expect("open");
    let ann = ratings.create_profile("Ann").expect("ann");
    let game = game_of(3);
    let id = ratings
        .adjourn(
            &game,
            PlayerRef::Profile(ann),
            PlayerRef::Computer(1),
            false,
        )
        .expect("adjourn");
    // As if the variant file had changed under the stored game: its fourth move no
    // longer exists.
    let mut moves: Vec<String> = game.notation().map(str::to_owned).collect();
    moves.push("a1[0,0]a4[1,1]".to_owned());
    ratings
        .archive_mut()
        .update_game_moves(id, &moves)
        .expect("store");
    let error = ratings
        .resume(id, &Catalog::embedded())
        .expect_err("the move is refused");
    match &error {
        RatingsError::Replay { source, .. } => match source.as_ref() {
            ReplayError::BadMove { ply, text, .. } => {
                assert_eq!((*ply, text.as_str()), (3, "a1[0,0]a4[1,1]"))
            }
            other => panic!("wrong replay error: {other}"),
        },
        other => panic!("wrong error: {other}"),
    }
    let message = error.to_string();
    assert!(
        message.contains("move 2... a1[0,0]a4[1,1] (Black)"),
        "{message}"
    );
    assert!(message.contains("variant file changed"), "{message}");

    // Another game's moves cannot be saved over this one.
    let mut other = Game::new(Catalog::embedded().get("classic").expect("classic"));
    let first = other.legal_moves()[0];
    other.play(first).expect("move");
    assert!(matches!(
        ratings.save_adjourned(id, &other),
        Err(RatingsError::DifferentGame { .. })
    ));
}

#[test]
fn history_grows_with_each_rated_game() {
    let mut ratings = Ratings::in_memory().expect("open");
    let ann = ratings.create_profile("Ann").expect("ann");
    let bob = ratings.create_profile("Bob").expect("bob");
    let mut last = 1500.0;
    for played in 1..=3 {
        ratings
            .record_game(
                &won_by_white(2),
                PlayerRef::Profile(ann),
                PlayerRef::Profile(bob),
                true,
            )
            .expect("record");
        let history = ratings.history(ann, "full").expect("history");
        assert_eq!(history.len(), played);
        let now = history.last().expect("a point").rating.rating;
        assert!(now > last, "each win raises Ann: {now} after {last}");
        last = now;
    }
    assert_eq!(ratings.history(bob, "full").expect("bob").len(), 3);
    assert!(ratings.history(ann, "classic").expect("classic").is_empty());
    assert_eq!(ratings.recent_games(Some(bob), 2).expect("recent").len(), 2);
}

#[test]
fn profiles_the_current_player_and_the_computer_levels() {
    let dir = TempDir::new("profiles");
    let mut ratings = Ratings::open_data_dir(Some(&dir.0)).expect("open");
    let levels: Vec<String> = ratings
        .computer_profiles()
        .expect("computers")
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(levels.len(), 8);
    assert_eq!(levels[0], "Computer level 1");
    assert_eq!(levels[7], "Computer level 8");
    assert!(ratings.profiles().expect("people").is_empty());

    let bob = ratings.create_profile("Bob").expect("bob");
    let ann = ratings.create_profile("Ann").expect("ann");
    assert!(matches!(
        ratings.create_profile("Ann"),
        Err(RatingsError::ProfileExists(_))
    ));
    assert!(ratings.create_profile("Computer level 4").is_err());
    assert!(ratings.create_profile("").is_err());
    let names: Vec<String> = ratings
        .profiles()
        .expect("people")
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Ann", "Bob"]);

    assert_eq!(ratings.current(), None);
    ratings.set_current(Some(bob)).expect("choose");
    assert_eq!(ratings.current(), Some(bob));
    drop(ratings);
    let mut ratings = Ratings::open_data_dir(Some(&dir.0)).expect("reopen");
    assert_eq!(ratings.current(), Some(bob), "remembered between runs");
    assert_eq!(ratings.profile_named("Ann").expect("ann").id, ann);
    ratings.set_current(None).expect("nobody");
    drop(ratings);
    let ratings = Ratings::open_data_dir(Some(&dir.0)).expect("reopen");
    assert_eq!(ratings.current(), None);
    assert!(matches!(
        ratings.profile_named("Cy"),
        Err(RatingsError::UnknownProfile(_))
    ));
}
