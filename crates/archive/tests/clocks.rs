//! Clocked games in the archive: the time control and the clock readings are stored
//! with the moves, kept through adjourned saves, and exported as lichess writes them
//! (`[TimeControl "300+3"]`, `{ [%clk 0:04:58] }` after each move).

use chess4d_archive::GameResult;
use chess4d_archive::pgn::{PgnGame, export_game};
use chess4d_archive::storage::{Archive, GameRecord, PlayerKind, StorageError};

fn moves(list: &[&str]) -> Vec<String> {
    list.iter().map(|m| m.to_string()).collect()
}

#[test]
fn a_clocked_game_keeps_its_clocks_and_exports_them() {
    let mut archive = Archive::open_in_memory().expect("archive");
    let ann = archive
        .upsert_player("Ann", PlayerKind::Human)
        .expect("ann");
    let bob = archive
        .upsert_player("Bob", PlayerKind::Human)
        .expect("bob");
    let record = GameRecord::new("full", ann, bob, GameResult::Undecided)
        .with_moves(moves(&["a2[0,0]a3[0,0]", "b3[0,1]b2[0,1]"]))
        .with_clocks("300+3", vec![303_000, 298_900]);
    let id = archive
        .save_adjourned_game(&record, false)
        .expect("adjourn");
    // The autosave after the next move: moves and clocks.
    let three = moves(&["a2[0,0]a3[0,0]", "b3[0,1]b2[0,1]", "c2[0,0]c3[0,0]"]);
    archive.update_game_moves(id, &three).expect("moves");
    archive
        .update_game_clocks(id, &[303_000, 298_900, 290_100])
        .expect("clocks");
    let stored = archive.load_game(id).expect("load");
    assert_eq!(stored.time_control.as_deref(), Some("300+3"));
    assert_eq!(stored.clocks, vec![303_000, 298_900, 290_100]);
    let text = export_game(&PgnGame::from(&stored));
    assert!(text.contains("[TimeControl \"300+3\"]"), "{text}");
    let one_line = text.replace('\n', " ");
    assert!(
        one_line.contains(
            "1. a2[0,0]a3[0,0] { [%clk 0:05:03] } 1... b3[0,1]b2[0,1] { [%clk 0:04:58] } \
             2. c2[0,0]c3[0,0] { [%clk 0:04:50] } *"
        ),
        "{text}"
    );
    // A finished record over the adjourned one keeps them too.
    let done = stored
        .to_record()
        .with_moves(three)
        .with_termination("time");
    let done = chess4d_archive::storage::GameRecord {
        result: GameResult::WhiteWins,
        ..done
    };
    archive.record_finished_game(&done, false).expect("finish");
    assert_eq!(archive.load_game(id).expect("load").clocks.len(), 3);
}

#[test]
fn a_game_without_a_clock_exports_no_clock_and_readings_beyond_the_moves_are_refused() {
    let mut archive = Archive::open_in_memory().expect("archive");
    let ann = archive
        .upsert_player("Ann", PlayerKind::Human)
        .expect("ann");
    let bob = archive
        .upsert_player("Bob", PlayerKind::Human)
        .expect("bob");
    let plain = GameRecord::new("full", ann, bob, GameResult::Undecided)
        .with_moves(moves(&["a2[0,0]a3[0,0]"]));
    let id = archive.save_adjourned_game(&plain, false).expect("adjourn");
    let stored = archive.load_game(id).expect("load");
    assert_eq!((stored.time_control, stored.clocks.len()), (None, 0));
    let text = export_game(&PgnGame::from(&archive.load_game(id).expect("load")));
    assert!(
        !text.contains("TimeControl") && !text.contains("%clk"),
        "{text}"
    );
    let bad = plain.with_clocks("60+0", vec![1, 2]);
    let error = archive.save_adjourned_game(&bad, false).unwrap_err();
    assert!(matches!(error, StorageError::BadText { .. }), "{error}");
    assert!(
        error.to_string().contains("at most one per move"),
        "{error}"
    );
}
