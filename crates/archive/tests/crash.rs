//! Crash test: a child process records rated games and autosaves adjourned ones as fast
//! as it can; the parent kills it (SIGKILL on Unix) at random moments and then proves
//! that the archive opens, passes `PRAGMA integrity_check`, lost nothing the child had
//! reported as saved, and holds ratings that are exactly a replay of its rated games:
//! no game without its rating update, no rating update without its game.
//!
//! The test binary is its own child: with `CHESS4D_ARCHIVE_CRASH_WRITER` set to a
//! database path it runs the writer instead of the test. Set `CHESS4D_CRASH_SEED` to
//! replay a failing run.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chess4d_archive::GameResult;
use chess4d_archive::rating::RatingSystem;
use chess4d_archive::rating::glicko2::{Glicko2, Glicko2Rating};
use chess4d_archive::storage::{Archive, GameFilter, GameId, GameRecord, GameStatus, PlayerKind};

const WRITER_ENV: &str = "CHESS4D_ARCHIVE_CRASH_WRITER";
const SEED_ENV: &str = "CHESS4D_CRASH_SEED";
const KILLS: usize = 20;
const VARIANTS: [&str; 2] = ["full", "classic"];

/// A small xorshift generator: the test needs varied, reproducible choices, not quality.
struct Dice(u64);

impl Dice {
    fn new(seed: u64) -> Dice {
        Dice(seed.max(1))
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The `index`th move of every game the writer plays, so a torn move list would show.
fn move_text(index: usize) -> String {
    let file = (b'a' + (index % 4) as u8) as char;
    format!(
        "{file}{}[{},{}]{file}{}[0,1]",
        index % 4 + 1,
        index % 2,
        (index / 2) % 2,
        (index + 1) % 4 + 1
    )
}

fn moves_upto(count: usize) -> Vec<String> {
    (0..count).map(move_text).collect()
}

fn main() -> ExitCode {
    if let Some(path) = std::env::var_os(WRITER_ENV) {
        return match writer(Path::new(&path)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("writer failed: {error}");
                ExitCode::FAILURE
            }
        };
    }
    match crash_test() {
        Ok(summary) => {
            println!("crash test: ok ({summary})");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("crash test FAILED: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The child: writes for ever, reporting each committed write on stdout.
fn writer(path: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let mut archive = Archive::open(path)?;
    let mut players = Vec::new();
    for name in ["Ann", "Bob", "Cy"] {
        players.push(archive.upsert_player(name, PlayerKind::Human)?);
    }
    for level in 1..=3 {
        players.push(archive.computer_player(level)?);
    }
    let seed = std::env::var(SEED_ENV)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        ^ u64::from(std::process::id());
    let mut dice = Dice::new(seed);
    let mut out = std::io::stdout().lock();
    let results = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
    ];
    loop {
        let white = players[dice.below(players.len() as u64) as usize];
        let mut black = players[dice.below(players.len() as u64) as usize];
        if black == white {
            black = players
                [(players.iter().position(|&p| p == white).unwrap_or(0) + 1) % players.len()];
        }
        let variant = VARIANTS[dice.below(2) as usize];
        let result = results[dice.below(3) as usize];
        let adjourned = archive.list_games(&GameFilter {
            status: Some(GameStatus::Adjourned),
            limit: Some(8),
            ..GameFilter::default()
        })?;
        match dice.below(10) {
            0..=3 => {
                let game = GameRecord::new(variant, white, black, result)
                    .with_moves(moves_upto(dice.below(30) as usize))
                    .with_termination("checkmate");
                let rated = dice.below(5) != 0;
                let id = archive.record_finished_game(&game, rated)?.id;
                writeln!(out, "finished {}", id.0)?;
            }
            4 | 5 => {
                let game = GameRecord::new(variant, white, black, GameResult::Undecided);
                let id = archive.save_adjourned_game(&game, dice.below(2) == 0)?;
                writeln!(out, "adjourned {}", id.0)?;
            }
            6..=8 if !adjourned.is_empty() => {
                let pick = &adjourned[dice.below(adjourned.len() as u64) as usize];
                let count = pick.plies as usize + 1;
                archive.update_game_moves(pick.id, &moves_upto(count))?;
                writeln!(out, "moves {} {count}", pick.id.0)?;
            }
            _ if !adjourned.is_empty() => {
                let pick = &adjourned[dice.below(adjourned.len() as u64) as usize];
                let mut game = archive.load_game(pick.id)?.to_record();
                game.result = result;
                let id = archive.record_finished_game(&game, true)?.id;
                writeln!(out, "finished {}", id.0)?;
            }
            _ => continue,
        }
        out.flush()?;
    }
}

/// What the child said it had committed before it was killed.
#[derive(Default)]
struct Promises {
    finished: Vec<i64>,
    adjourned: Vec<i64>,
    moves: BTreeMap<i64, usize>,
}

fn crash_test() -> Result<String, String> {
    let seed = std::env::var(SEED_ENV)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(7)
        });
    println!("crash test seed {seed} (set {SEED_ENV}={seed} to replay)");
    let mut dice = Dice::new(seed);
    let dir = std::env::temp_dir().join(format!("chess4d-crash-{}-{seed}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("temp dir: {e}"))?;
    let db = dir.join("archive.sqlite3");
    let outcome = kill_repeatedly(&db, &mut dice, seed);
    std::fs::remove_dir_all(&dir).ok();
    outcome
}

fn kill_repeatedly(db: &PathBuf, dice: &mut Dice, seed: u64) -> Result<String, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the test binary: {e}"))?;
    let mut promises = Promises::default();
    let mut reported_total = 0;
    for round in 0..KILLS {
        let mut child = Command::new(&exe)
            .env(WRITER_ENV, db)
            .env(SEED_ENV, (seed ^ round as u64).to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start the writer: {e}"))?;
        let stdout = child.stdout.take().ok_or("the writer has no stdout")?;
        let (lines_tx, lines_rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if lines_tx.send(line).is_err() {
                    break;
                }
            }
        });

        // Let it commit a random number of writes, then kill it a random few
        // milliseconds later, most likely in the middle of the next transaction.
        let wanted = 1 + dice.below(40) as usize;
        for _ in 0..wanted {
            let line = lines_rx
                .recv_timeout(Duration::from_secs(60))
                .map_err(|_| {
                    let status = child.try_wait().ok().flatten();
                    format!("round {round}: the writer stopped reporting (exit status {status:?})")
                })?;
            note_promise(&mut promises, &line)?;
            reported_total += 1;
        }
        std::thread::sleep(Duration::from_micros(dice.below(15_000)));
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!(
                "round {round}: the writer died on its own: {status}"
            ));
        }
        child
            .kill()
            .map_err(|e| format!("cannot kill the writer: {e}"))?;
        child
            .wait()
            .map_err(|e| format!("cannot reap the writer: {e}"))?;
        reader.join().map_err(|_| "the reader thread panicked")?;
        // Lines the child wrote before dying were committed too; hold it to them.
        while let Ok(line) = lines_rx.try_recv() {
            note_promise(&mut promises, &line)?;
            reported_total += 1;
        }
        verify(db, &promises).map_err(|e| format!("after kill {round}: {e}"))?;
    }
    let rated = rated_game_count(db)?;
    if rated < 5 {
        return Err(format!(
            "only {rated} rated games were recorded; the test proved little"
        ));
    }
    Ok(format!(
        "{KILLS} kills, {reported_total} committed writes, {rated} rated games replayed"
    ))
}

fn note_promise(promises: &mut Promises, line: &str) -> Result<(), String> {
    let words: Vec<&str> = line.split(' ').collect();
    let number = |i: usize| -> Result<i64, String> {
        words
            .get(i)
            .and_then(|w| w.parse().ok())
            .ok_or(format!("the writer said {line:?}"))
    };
    match words.first().copied() {
        Some("finished") => promises.finished.push(number(1)?),
        Some("adjourned") => promises.adjourned.push(number(1)?),
        Some("moves") => {
            let count = number(2)? as usize;
            let entry = promises.moves.entry(number(1)?).or_default();
            *entry = (*entry).max(count);
        }
        _ => return Err(format!("the writer said {line:?}")),
    }
    Ok(())
}

fn rated_game_count(db: &Path) -> Result<i64, String> {
    let raw = rusqlite::Connection::open(db).map_err(|e| e.to_string())?;
    raw.query_row(
        "SELECT count(*) FROM games WHERE rated = 1 AND status = 'finished'",
        [],
        |r| r.get(0),
    )
    .map_err(|e| e.to_string())
}

fn verify(db: &Path, promises: &Promises) -> Result<(), String> {
    // The archive's own open must succeed (it recovers the WAL) and agree it is sound.
    let archive = Archive::open(db).map_err(|e| format!("the archive does not open: {e}"))?;
    archive.check_integrity().map_err(|e| e.to_string())?;

    let raw = rusqlite::Connection::open(db).map_err(|e| e.to_string())?;
    let sql = |e: rusqlite::Error| e.to_string();
    let integrity: String = raw
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(sql)?;
    if integrity != "ok" {
        return Err(format!("integrity_check says {integrity}"));
    }
    let dangling: i64 = raw
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .map_err(sql)?;
    if dangling != 0 {
        return Err(format!("{dangling} rows break a foreign key"));
    }

    // Nothing the writer reported as saved may be missing.
    for &id in &promises.finished {
        let game = archive
            .load_game(GameId(id))
            .map_err(|e| format!("finished game {id}: {e}"))?;
        if game.status != GameStatus::Finished {
            return Err(format!(
                "game {id} was reported finished but is {:?}",
                game.status
            ));
        }
    }
    for &id in &promises.adjourned {
        archive
            .load_game(GameId(id))
            .map_err(|e| format!("adjourned game {id}: {e}"))?;
    }
    for (&id, &count) in &promises.moves {
        let game = archive
            .load_game(GameId(id))
            .map_err(|e| format!("game {id}: {e}"))?;
        if game.moves.len() < count {
            return Err(format!(
                "game {id} has {} moves, {count} were saved",
                game.moves.len()
            ));
        }
    }
    // Every move list is whole: the writer's moves in order, never a torn one.
    for game in archive
        .list_games(&GameFilter::default())
        .map_err(|e| e.to_string())?
    {
        let stored = archive.load_game(game.id).map_err(|e| e.to_string())?;
        if stored.moves != moves_upto(stored.moves.len()) {
            return Err(format!("game {} has a damaged move list", game.id.0));
        }
    }

    replay_ratings(&raw)
}

type Key = (i64, String);

/// Replays every rated finished game in the order they finished and demands that the
/// ratings table and the rating history are exactly what the replay produces.
fn replay_ratings(raw: &rusqlite::Connection) -> Result<(), String> {
    let sql = |e: rusqlite::Error| e.to_string();
    let glicko = Glicko2::default();
    let mut ratings: BTreeMap<Key, (Glicko2Rating, i64)> = BTreeMap::new();
    let mut history: Vec<(i64, String, i64, Glicko2Rating)> = Vec::new();

    let mut games = raw
        .prepare(
            "SELECT id, variant, white, black, result FROM games
             WHERE status = 'finished' AND rated = 1 ORDER BY finished_seq",
        )
        .map_err(sql)?;
    let rows = games
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, String>(4)?,
            ))
        })
        .map_err(sql)?;
    for row in rows {
        let (game, variant, white, black, result) = row.map_err(sql)?;
        let result: GameResult = result.parse().map_err(|e| format!("game {game}: {e}"))?;
        let outcome = result
            .white_outcome()
            .ok_or(format!("rated game {game} is undecided"))?;
        let start = (Glicko2Rating::NEWCOMER, 0);
        let (w, w_games) = *ratings.get(&(white, variant.clone())).unwrap_or(&start);
        let (b, b_games) = *ratings.get(&(black, variant.clone())).unwrap_or(&start);
        let (w, b) = glicko.rate_game(&w, &b, outcome);
        ratings.insert((white, variant.clone()), (w, w_games + 1));
        ratings.insert((black, variant.clone()), (b, b_games + 1));
        history.push((white, variant.clone(), game, w));
        history.push((black, variant, game, b));
    }

    let mut stored = raw
        .prepare("SELECT player, variant, rating, deviation, volatility, games FROM ratings")
        .map_err(sql)?;
    let stored: BTreeMap<Key, (Glicko2Rating, i64)> = stored
        .query_map([], |r| {
            Ok((
                (r.get(0)?, r.get(1)?),
                (
                    Glicko2Rating::new(r.get(2)?, r.get(3)?, r.get(4)?),
                    r.get(5)?,
                ),
            ))
        })
        .map_err(sql)?
        .collect::<Result<_, _>>()
        .map_err(sql)?;
    if stored != ratings {
        let keys: std::collections::BTreeSet<&Key> = stored.keys().chain(ratings.keys()).collect();
        let first = keys
            .into_iter()
            .find(|key| stored.get(*key) != ratings.get(*key))
            .map(|key| {
                format!(
                    "{key:?}: stored {:?}, replayed {:?}",
                    stored.get(key),
                    ratings.get(key)
                )
            });
        return Err(format!(
            "the ratings are not a replay of the rated games; first difference at {}",
            first.unwrap_or_default()
        ));
    }

    let mut rows = raw
        .prepare("SELECT player, variant, game, rating, deviation, volatility FROM rating_history ORDER BY id")
        .map_err(sql)?;
    let stored_history: Vec<(i64, String, i64, Glicko2Rating)> = rows
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                Glicko2Rating::new(r.get(3)?, r.get(4)?, r.get(5)?),
            ))
        })
        .map_err(sql)?
        .collect::<Result<_, _>>()
        .map_err(sql)?;
    if stored_history != history {
        return Err(format!(
            "the rating history ({} rows) is not a replay of the rated games ({} rows)",
            stored_history.len(),
            history.len()
        ));
    }
    Ok(())
}
