//! The archive's behaviour through its public API, on real files where it matters.

use std::path::PathBuf;

use chess4d_archive::GameResult;
use chess4d_archive::rating::RatingSystem;
use chess4d_archive::rating::glicko2::{Glicko2, Glicko2Config, Glicko2Rating};
use chess4d_archive::storage::{
    Archive, GameFilter, GameId, GameRecord, GameStatus, PlayerId, PlayerKind, StorageError,
};

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let dir = std::env::temp_dir().join(format!(
            "chess4d-storage-{name}-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    fn db(&self) -> PathBuf {
        self.0.join("archive.sqlite3")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

fn two_players(archive: &mut Archive) -> (PlayerId, PlayerId) {
    let ann = archive
        .upsert_player("Ann", PlayerKind::Human)
        .expect("ann");
    let bob = archive
        .upsert_player("Bob", PlayerKind::Human)
        .expect("bob");
    (ann, bob)
}

fn moves(list: &[&str]) -> Vec<String> {
    list.iter().map(|m| m.to_string()).collect()
}

#[test]
fn a_rated_game_moves_both_ratings_by_glicko2() {
    let mut archive = Archive::open_in_memory().expect("archive");
    let ann = archive
        .upsert_player("Ann", PlayerKind::Human)
        .expect("ann");
    let computer = archive.computer_player(4).expect("computer");
    let glicko = Glicko2::default();
    let mut expected_ann = Glicko2Rating::NEWCOMER;
    let mut expected_computer = Glicko2Rating::NEWCOMER;
    let results = [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
        GameResult::WhiteWins,
    ];
    for (i, result) in results.into_iter().enumerate() {
        let game = GameRecord::new("full", ann, computer, result).with_moves(["a2[0,0]a3[0,0]"]);
        let recorded = archive.record_finished_game(&game, true).expect("record");
        let outcome = result.white_outcome().expect("decided");
        (expected_ann, expected_computer) =
            glicko.rate_game(&expected_ann, &expected_computer, outcome);
        assert_eq!(recorded.white.map(|c| c.after), Some(expected_ann));
        assert_eq!(recorded.black.map(|c| c.after), Some(expected_computer));

        let ann_now = archive.rating(ann, "full").expect("ann rating");
        let computer_now = archive.rating(computer, "full").expect("computer rating");
        assert_eq!(ann_now.rating, expected_ann);
        assert_eq!(computer_now.rating, expected_computer);
        assert_eq!(ann_now.games, i as u32 + 1);
        assert_eq!(computer_now.games, i as u32 + 1);
    }
    // Ratings are per variant.
    assert_eq!(archive.rating(ann, "classic").expect("classic").games, 0);

    let plot = archive.rating_history(computer, "full").expect("history");
    assert_eq!(plot.len(), 4);
    assert_eq!(plot.last().map(|p| p.rating), Some(expected_computer));
    let board = archive.leaderboard("full").expect("leaderboard");
    assert_eq!(board.len(), 2);
    assert!(board[0].1.rating.rating >= board[1].1.rating.rating);
}

#[test]
fn an_unrated_game_leaves_ratings_alone() {
    let mut archive = Archive::open_in_memory().expect("archive");
    let (ann, bob) = two_players(&mut archive);
    let game = GameRecord::new("full", ann, bob, GameResult::WhiteWins);
    let recorded = archive.record_finished_game(&game, false).expect("record");
    assert_eq!(recorded.white, None);
    assert_eq!(archive.rating(ann, "full").expect("rating").games, 0);
    assert!(
        archive
            .rating_history(ann, "full")
            .expect("history")
            .is_empty()
    );
    assert!(!archive.load_game(recorded.id).expect("load").rated);
    // An abandoned game may be kept unrated with no result.
    let abandoned = GameRecord::new("full", ann, ann, GameResult::Undecided);
    assert!(archive.record_finished_game(&abandoned, false).is_ok());
}

#[test]
fn rated_games_need_a_result_and_two_players() {
    let mut archive = Archive::open_in_memory().expect("archive");
    let (ann, bob) = two_players(&mut archive);
    let undecided = GameRecord::new("full", ann, bob, GameResult::Undecided);
    assert!(matches!(
        archive.record_finished_game(&undecided, true),
        Err(StorageError::UndecidedRatedGame)
    ));
    let alone = GameRecord::new("full", ann, ann, GameResult::WhiteWins);
    assert!(matches!(
        archive.record_finished_game(&alone, true),
        Err(StorageError::SelfPlay(id)) if id == ann
    ));
    let ghost = GameRecord::new("full", ann, PlayerId(999), GameResult::WhiteWins);
    assert!(matches!(
        archive.record_finished_game(&ghost, true),
        Err(StorageError::UnknownPlayer(PlayerId(999)))
    ));
    let bad_move =
        GameRecord::new("full", ann, bob, GameResult::WhiteWins).with_moves(["e2", "e2 e4"]);
    let error = archive
        .record_finished_game(&bad_move, true)
        .expect_err("bad move");
    assert!(
        matches!(error, StorageError::BadMove { index: 1, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("move 2"), "{error}");
    let bad_variant = GameRecord::new("", ann, bob, GameResult::WhiteWins);
    assert!(matches!(
        archive.record_finished_game(&bad_variant, true),
        Err(StorageError::BadText {
            field: "variant name",
            ..
        })
    ));
    assert!(
        archive
            .list_games(&GameFilter::default())
            .expect("list")
            .is_empty()
    );
    assert_eq!(archive.rating(ann, "full").expect("rating").games, 0);
}

#[test]
fn an_adjourned_game_is_autosaved_then_finished() {
    let mut archive = Archive::open_in_memory().expect("archive");
    let (ann, bob) = two_players(&mut archive);
    let start = GameRecord::new("full", ann, bob, GameResult::Undecided)
        .with_start_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let id = archive.save_adjourned_game(&start, true).expect("adjourn");
    let mut played = Vec::new();
    for mv in ["a2[0,0]a3[0,0]", "b3[0,1]b2[0,1]", "a3[0,0]a4[0,0]"] {
        played.push(mv.to_string());
        archive.update_game_moves(id, &played).expect("autosave");
    }
    let stored = archive.load_game(id).expect("load");
    assert_eq!(stored.status, GameStatus::Adjourned);
    assert_eq!(stored.moves, played);
    assert_eq!(stored.result, GameResult::Undecided);
    assert!(stored.rated);
    assert_eq!(
        stored.start_fen.as_deref(),
        Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    );
    assert_eq!(stored.white.name, "Ann");

    // Saving again over the same id is an upsert, not a second game.
    let resaved = archive
        .save_adjourned_game(&stored.to_record(), true)
        .expect("resave");
    assert_eq!(resaved, id);
    assert_eq!(
        archive
            .list_games(&GameFilter::default())
            .expect("list")
            .len(),
        1
    );

    let mut finish = stored.to_record();
    finish.result = GameResult::BlackWins;
    finish.termination = Some("resignation".into());
    let recorded = archive.record_finished_game(&finish, true).expect("finish");
    assert_eq!(recorded.id, id);
    let stored = archive.load_game(id).expect("load");
    assert_eq!(stored.status, GameStatus::Finished);
    assert_eq!(stored.result, GameResult::BlackWins);
    assert_eq!(stored.termination.as_deref(), Some("resignation"));
    assert!(archive.rating(bob, "full").expect("bob").rating.rating > 1500.0);

    // A finished game is history.
    assert!(matches!(
        archive.update_game_moves(id, &played),
        Err(StorageError::GameFinished(found)) if found == id
    ));
    assert!(matches!(
        archive.record_finished_game(&finish, true),
        Err(StorageError::GameFinished(_))
    ));
    assert_eq!(archive.rating(bob, "full").expect("bob").games, 1);
    assert!(matches!(
        archive.update_game_moves(GameId(404), &played),
        Err(StorageError::UnknownGame(GameId(404)))
    ));
    assert!(matches!(
        archive.load_game(GameId(404)),
        Err(StorageError::UnknownGame(_))
    ));
}

#[test]
fn an_adjourned_game_cannot_have_a_result() {
    let mut archive = Archive::open_in_memory().expect("archive");
    let (ann, bob) = two_players(&mut archive);
    let decided = GameRecord::new("full", ann, bob, GameResult::Draw);
    assert!(matches!(
        archive.save_adjourned_game(&decided, false),
        Err(StorageError::AdjournedWithResult(GameResult::Draw))
    ));
}

#[test]
fn game_lists_filter_by_player_variant_and_status() {
    let mut archive = Archive::open_in_memory().expect("archive");
    let (ann, bob) = two_players(&mut archive);
    let cy = archive.upsert_player("Cy", PlayerKind::Human).expect("cy");
    let long = moves(&["a2a3", "b7b6", "c2c3"]);
    let g1 = archive
        .record_finished_game(
            &GameRecord::new("full", ann, bob, GameResult::WhiteWins).with_moves(long.clone()),
            true,
        )
        .expect("g1")
        .id;
    let g2 = archive
        .record_finished_game(
            &GameRecord::new("classic", bob, cy, GameResult::Draw),
            false,
        )
        .expect("g2")
        .id;
    let g3 = archive
        .save_adjourned_game(
            &GameRecord::new("full", cy, ann, GameResult::Undecided).with_moves(["a2a4"]),
            false,
        )
        .expect("g3");

    let ids = |filter: GameFilter| -> Vec<GameId> {
        let mut ids: Vec<GameId> = archive
            .list_games(&filter)
            .expect("list")
            .into_iter()
            .map(|g| g.id)
            .collect();
        ids.sort();
        ids
    };
    assert_eq!(ids(GameFilter::default()), [g1, g2, g3]);
    assert_eq!(
        ids(GameFilter {
            player: Some(ann),
            ..GameFilter::default()
        }),
        [g1, g3]
    );
    assert_eq!(
        ids(GameFilter {
            variant: Some("classic".into()),
            ..GameFilter::default()
        }),
        [g2]
    );
    assert_eq!(
        ids(GameFilter {
            status: Some(GameStatus::Adjourned),
            ..GameFilter::default()
        }),
        [g3]
    );
    assert_eq!(
        ids(GameFilter {
            limit: Some(2),
            ..GameFilter::default()
        })
        .len(),
        2
    );

    let all = archive.list_games(&GameFilter::default()).expect("list");
    let first = all.iter().find(|g| g.id == g1).expect("g1 listed");
    assert_eq!(
        (first.white_name.as_str(), first.black_name.as_str()),
        ("Ann", "Bob")
    );
    assert_eq!(first.plies, 3);
    assert!(first.rated);
    assert_eq!(all.iter().find(|g| g.id == g2).map(|g| g.plies), Some(0));
    assert_eq!(all.iter().find(|g| g.id == g3).map(|g| g.plies), Some(1));
}

#[test]
fn a_failure_inside_the_transaction_leaves_no_trace() {
    let dir = TempDir::new("rollback");
    let mut archive = Archive::open(dir.db()).expect("open");
    let (ann, bob) = two_players(&mut archive);
    archive
        .record_finished_game(
            &GameRecord::new("full", ann, bob, GameResult::WhiteWins),
            true,
        )
        .expect("first game");
    let ann_before = archive.rating(ann, "full").expect("ann");

    // Make the second history row of the next game fail, after the game row, both
    // ratings and White's history row have been written inside the transaction.
    let raw = rusqlite::Connection::open(dir.db()).expect("raw");
    raw.execute_batch(&format!(
        "CREATE TRIGGER sabotage BEFORE INSERT ON rating_history WHEN NEW.player = {}
         BEGIN SELECT RAISE(ABORT, 'sabotaged'); END;",
        bob.0
    ))
    .expect("trigger");
    let error = archive
        .record_finished_game(&GameRecord::new("full", ann, bob, GameResult::Draw), true)
        .expect_err("sabotaged");
    assert!(error.to_string().contains("sabotaged"), "{error}");
    raw.execute_batch("DROP TRIGGER sabotage")
        .expect("drop trigger");
    drop(raw);

    assert_eq!(
        archive
            .list_games(&GameFilter::default())
            .expect("list")
            .len(),
        1
    );
    assert_eq!(archive.rating(ann, "full").expect("ann"), ann_before);
    assert_eq!(
        archive.rating_history(ann, "full").expect("history").len(),
        1
    );
    // The archive is still usable afterwards.
    archive
        .record_finished_game(&GameRecord::new("full", ann, bob, GameResult::Draw), true)
        .expect("after the failure");
    assert_eq!(archive.rating(bob, "full").expect("bob").games, 2);
}

#[test]
fn the_archive_survives_closing_and_reopening() {
    let dir = TempDir::new("reopen");
    let game_id;
    {
        let mut archive = Archive::open(dir.db()).expect("open");
        let (ann, bob) = two_players(&mut archive);
        game_id = archive
            .record_finished_game(
                &GameRecord::new("raumschach", ann, bob, GameResult::WhiteWins)
                    .with_moves(["c2[1]c3[1]", "c4[3]c3[3]"])
                    .with_termination("checkmate"),
                true,
            )
            .expect("record")
            .id;
    }
    let archive = Archive::open(dir.db()).expect("reopen");
    archive.check_integrity().expect("integrity");
    let game = archive.load_game(game_id).expect("load");
    assert_eq!(game.moves, moves(&["c2[1]c3[1]", "c4[3]c3[3]"]));
    assert_eq!(game.termination.as_deref(), Some("checkmate"));
    assert!(
        archive
            .rating(game.white.id, "raumschach")
            .expect("rating")
            .rating
            .rating
            > 1500.0
    );
}

#[test]
fn a_custom_tau_is_used_for_rating() {
    let calm = Glicko2::new(Glicko2Config {
        tau: 0.3,
        ..Glicko2Config::default()
    })
    .expect("tau");
    let mut archive = Archive::open_in_memory()
        .expect("archive")
        .with_rating_system(calm);
    assert_eq!(archive.rating_system().config().tau, 0.3);
    let (ann, bob) = two_players(&mut archive);
    let recorded = archive
        .record_finished_game(
            &GameRecord::new("full", ann, bob, GameResult::WhiteWins),
            true,
        )
        .expect("record");
    let (expected, _) = calm.rate_game(
        &Glicko2Rating::NEWCOMER,
        &Glicko2Rating::NEWCOMER,
        chess4d_archive::rating::Outcome::Win,
    );
    assert_eq!(recorded.white.map(|c| c.after), Some(expected));
}
