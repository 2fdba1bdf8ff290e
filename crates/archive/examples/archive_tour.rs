//! A tour of the archive: plays a short season of rated games against the computer
//! levels, prints the ratings and Ann's rating history, and the last game as text.
//!
//! `cargo run -p chess4d-archive --example archive_tour [archive.sqlite3]`
//! (without a path the archive lives in memory and nothing is written).

use chess4d_archive::GameResult;
use chess4d_archive::pgn::{PgnGame, export_game};
use chess4d_archive::rating::elo;
use chess4d_archive::storage::{Archive, GameRecord, PlayerKind, StorageError};

fn main() {
    if let Err(error) = run() {
        eprintln!("archive_tour: {error}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), StorageError> {
    let mut archive = match std::env::args_os().nth(1) {
        Some(path) => Archive::open(path)?,
        None => Archive::open_in_memory()?,
    };
    let ann = archive.upsert_player("Ann", PlayerKind::Human)?;
    let season = [
        (1, GameResult::WhiteWins),
        (2, GameResult::WhiteWins),
        (3, GameResult::Draw),
        (4, GameResult::BlackWins),
        (3, GameResult::WhiteWins),
    ];
    let mut last = None;
    for (level, result) in season {
        let computer = archive.computer_player(level)?;
        let game = GameRecord::new("full", ann, computer, result)
            .with_moves(["a2[0,0]a3[0,0]", "b3[0,1]b2[0,1]"])
            .with_termination("checkmate");
        last = Some(archive.record_finished_game(&game, true)?.id);
    }

    println!("Ratings in `full`:");
    let board = archive.leaderboard("full")?;
    for (player, rating) in &board {
        println!(
            "  {:<18} {:>6.1} ± {:>5.1}  ({} games)",
            player.name, rating.rating.rating, rating.rating.deviation, rating.games
        );
    }
    if let [(best, top), .., (_, bottom)] = board.as_slice() {
        let share = elo::expected_score(top.rating.rating, bottom.rating.rating);
        println!(
            "  {} should score {:.0}% against the bottom of the table",
            best.name,
            share * 100.0
        );
    }

    println!("Ann's rating history:");
    for point in archive.rating_history(ann, "full")? {
        println!("  after {}: {:.1}", point.game, point.rating.rating);
    }
    if let Some(id) = last {
        println!(
            "The last game:\n{}",
            export_game(&PgnGame::from(&archive.load_game(id)?))
        );
    }
    Ok(())
}
