//! `chess4d explore-openings`: the corpus file's counts are those of its games, recounted
//! here from the PGN the same run wrote, and the same seed writes the same file.

use chess4d_archive::GameResult;
use chess4d_archive::pgn::import_games;
use chess4d_puzzles::openings::Explorer;
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

fn explore(dir: &Path, tag: &str, variant: &str, games: &str, plies: &str) -> (String, String) {
    let (out, pgn) = (
        dir.join(format!("{tag}.tsv")),
        dir.join(format!("{tag}.pgn")),
    );
    let run = Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args(["explore-openings", "--variant", variant, "--games", games])
        .args(["--plies", plies, "--seed", "7"])
        .arg("--out")
        .arg(&out)
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    (
        std::fs::read_to_string(out).unwrap(),
        std::fs::read_to_string(pgn).unwrap(),
    )
}

/// The games, White wins, draws and Black wins of each (position, move) in the first
/// `plies` moves of the PGN's games, and one position of each hash.
type Recount = HashMap<u64, (chess4d_core::Position, HashMap<String, [u32; 4]>)>;

fn recount(variant: &str, pgn: &str, plies: usize) -> Recount {
    let rules = chess4d_variants::Catalog::embedded()
        .resolve(variant)
        .unwrap();
    let mut table = Recount::new();
    for game in import_games(pgn).unwrap() {
        assert_eq!(game.variant(), variant);
        let column = match game.result() {
            GameResult::WhiteWins => 1,
            GameResult::Draw => 2,
            GameResult::BlackWins => 3,
            GameResult::Undecided => panic!("a corpus game without a result"),
        };
        let mut pos = rules.start_position();
        for text in game.moves().iter().take(plies) {
            let mv = rules.parse_move(&pos, text).unwrap();
            let entry = table
                .entry(pos.hash())
                .or_insert_with(|| (pos.clone(), HashMap::new()));
            let counts = entry.1.entry(text.clone()).or_default();
            counts[0] += 1;
            counts[column] += 1;
            rules.make_move(&mut pos, mv);
        }
    }
    table
}

#[test]
fn a_corpus_counts_what_its_games_played_and_a_seed_replays_it() {
    let dir = std::env::temp_dir().join(format!("chess4d-explore-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (variant, games, plies) in [("orthodox", "4", 12), ("classic", "3", 10)] {
        let (text, pgn) = explore(&dir, variant, variant, games, &plies.to_string());
        let explorer = Explorer::parse(&text).unwrap();
        let counted = recount(variant, &pgn, plies);
        assert_eq!(explorer.len(), counted.len(), "{variant}: positions");
        let mut moves = 0;
        for (pos, expected) in counted.values() {
            let found = explorer.moves(pos);
            assert_eq!(
                found.len(),
                expected.len(),
                "{variant}: moves of a position"
            );
            for m in found {
                let c = expected[&m.mv];
                assert_eq!(
                    [m.games, m.white, m.draws, m.black],
                    c,
                    "{variant}: {}",
                    m.mv
                );
                moves += m.games;
            }
            // Most played first.
            assert!(found.windows(2).all(|w| w[0].games >= w[1].games));
        }
        let games: u32 = games.parse().unwrap();
        assert!(
            moves >= games * plies as u32 / 2,
            "{variant}: {moves} moves counted"
        );
        // Every game's first move is counted at the start.
        let rules = chess4d_variants::Catalog::embedded()
            .resolve(variant)
            .unwrap();
        let first: u32 = explorer
            .moves(&rules.start_position())
            .iter()
            .map(|m| m.games)
            .sum();
        assert_eq!(first, games, "{variant}: first moves");
    }
    // The same seed plays the same games.
    let (a, _) = explore(&dir, "again-1", "orthodox", "2", "12");
    let (b, _) = explore(&dir, "again-2", "orthodox", "2", "12");
    assert_eq!(a, b);
    let _ = std::fs::remove_dir_all(&dir);
}
