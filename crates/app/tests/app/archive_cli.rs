//! The archive verbs end to end: import game text (every move checked against the
//! rules), export it back, list the players; bad input is refused whole, without panics.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A folder removed when the test ends, pass or fail.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "chess4d-archive-cli-{name}-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs chess4d with the repository's variants; the default data folder points into
/// `home` so no test can touch a real archive.
fn chess4d(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args(args)
        .env(
            "CHESS4D_VARIANTS",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
        )
        .env("CHESS4D_DATA_DIR", home.join("default-data"))
        .env("HOME", home)
        .output()
        .expect("run chess4d")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temp path")
}

/// A rated 4D game of the full set that White won by resignation (every move checked
/// with `chess4d moves`), and fool's mate in orthodox chess, unrated, with no FEN.
const TWO_GAMES: &str = r#"[Variant "full"]
[White "Ann"]
[Black "Computer level 3"]
[Rated "yes"]
[Termination "resignation"]
[Result "1-0"]

1. a2[0,0]a3[0,0] b3[0,1]b2[0,1] 2. b1[0,0]c3[0,0] c4[1,1]d2[1,1] 1-0

[Variant "orthodox"]
[White "Bob"]
[Black "Ann"]
[Result "0-1"]

1. f2f3 e7e5 2. g2g4 d8h4 0-1
"#;

/// One game's parts as the game text shows them, for comparing texts.
#[derive(Debug, PartialEq)]
struct Parts {
    tags: Vec<(String, String)>,
    moves: String,
}

/// Splits game text into games: their tags (minus `Date`, which changes at midnight)
/// and their move text joined on one line.
fn games(text: &str) -> Vec<Parts> {
    let mut out: Vec<Parts> = Vec::new();
    let mut in_moves = false;
    for line in text.lines() {
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves || out.is_empty() {
                out.push(Parts {
                    tags: Vec::new(),
                    moves: String::new(),
                });
                in_moves = false;
            }
            let (name, value) = tag.split_once(' ').expect("a tag");
            if name != "Date" {
                let game = out.last_mut().expect("a game");
                game.tags
                    .push((name.to_owned(), value.trim_end_matches(']').to_owned()));
            }
        } else if !line.trim().is_empty() {
            in_moves = true;
            let game = out.last_mut().expect("a game");
            if !game.moves.is_empty() {
                game.moves.push(' ');
            }
            game.moves.push_str(line.trim());
        }
    }
    out
}

fn tag<'a>(game: &'a Parts, name: &str) -> Option<&'a str> {
    game.tags
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

#[test]
fn import_then_export_gives_the_games_back() {
    let home = TempDir::new("roundtrip");
    let data = home.path("data");
    let file = home.path("two.pgn");
    std::fs::write(&file, TWO_GAMES).expect("write");

    let o = chess4d(
        &home.0,
        &["import", path_str(&file), "--data-dir", path_str(&data)],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("imported 2 games (1 rated)"),
        "{}",
        stdout(&o)
    );
    assert!(data.join("archive.sqlite3").exists());
    assert!(
        !home.path("default-data").exists(),
        "--data-dir wins over the default"
    );

    let o = chess4d(&home.0, &["export", "--data-dir", path_str(&data)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let exported = stdout(&o);
    let back = games(&exported);
    let sent = games(TWO_GAMES);
    assert_eq!(back.len(), 2, "{exported}");
    for (got, want) in back.iter().zip(&sent) {
        for name in ["White", "Black", "Result", "Termination"] {
            if tag(want, name).is_some() {
                assert_eq!(tag(got, name), tag(want, name), "{name} in\n{exported}");
            }
        }
    }
    // Standard PGN: SAN, the seven-tag roster first, [Variant] only off orthodox chess,
    // no [FEN] for the variant's own start.
    assert_eq!(
        back[0].moves,
        "1. a3[0,0] b2[0,1] 2. Nbc3[0,0] Nd2[1,1] 1-0"
    );
    assert_eq!(back[1].moves, "1. f3 e5 2. g4 Qh4# 0-1");
    assert_eq!(tag(&back[0], "Variant"), Some("\"full\""));
    assert_eq!(tag(&back[1], "Variant"), None);
    let names: Vec<&str> = back[1].tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names[..6],
        ["Event", "Site", "Round", "White", "Black", "Result"],
        "the roster first (Date aside)"
    );
    assert_eq!(tag(&back[0], "FEN"), None, "the variant's own start");
    assert_eq!(tag(&back[0], "Rated"), Some("\"yes\""));
    assert_eq!(tag(&back[1], "Rated"), Some("\"no\""));
    assert_eq!(
        tag(&back[1], "Termination"),
        Some("\"checkmate\""),
        "the rules say why fool's mate ended"
    );

    // The export imports again into a fresh archive and exports the same text, and the
    // rated game rates the same.
    let copy = home.path("copy");
    let out_file = home.path("export.pgn");
    std::fs::write(home.path("exported.pgn"), &exported).expect("write");
    let o = chess4d(
        &home.0,
        &[
            "import",
            path_str(&home.path("exported.pgn")),
            "--data-dir",
            path_str(&copy),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = chess4d(
        &home.0,
        &[
            "export",
            "--data-dir",
            path_str(&copy),
            "--out",
            path_str(&out_file),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "--out writes the file, not stdout");
    let again = std::fs::read_to_string(&out_file).expect("read");
    assert_eq!(games(&again), back);

    let players = |dir: &Path| {
        let o = chess4d(&home.0, &["players", "--data-dir", path_str(dir)]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let listed = players(&data);
    assert_eq!(listed, players(&copy));
    assert!(listed.contains("Ann:\n  full"), "{listed}");
    assert!(listed.contains("Bob: no rated games"), "{listed}");
    assert!(listed.contains("Computer level 3:\n  full"), "{listed}");
    assert!(
        listed.contains("Computer level 8: no rated games"),
        "{listed}"
    );
    let ann_line = listed
        .lines()
        .skip_while(|line| *line != "Ann:")
        .nth(1)
        .expect("Ann's rating");
    let rating: f64 = ann_line
        .split_whitespace()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .expect("a number");
    assert!(rating > 1500.0, "Ann won a rated game: {ann_line}");

    // Filters.
    let o = chess4d(
        &home.0,
        &["export", "--data-dir", path_str(&data), "--player", "Bob"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(games(&stdout(&o)).len(), 1);
    let o = chess4d(
        &home.0,
        &["export", "--data-dir", path_str(&data), "--variant", "full"],
    );
    assert_eq!(games(&stdout(&o)).len(), 1);
    assert!(stdout(&o).contains("[Variant \"full\"]"));
    let o = chess4d(
        &home.0,
        &["export", "--data-dir", path_str(&data), "--player", "Zed"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no profile named \"Zed\""),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_illegal_move_is_named_and_nothing_is_stored() {
    let home = TempDir::new("illegal");
    let data = home.path("data");
    // The first game is fine; the second's Black move 2 jumps a king two squares.
    let bad = r#"[Variant "orthodox"]
[White "Bob"]
[Black "Ann"]
[Result "0-1"]

1. f2f3 e7e5 2. g2g4 d8h4 0-1

[Variant "full"]
[White "Ann"]
[Black "Cy"]
[Result "*"]

1. a2[0,0]a3[0,0] b3[0,1]b2[0,1] 2. b1[0,0]c3[0,0] a4[1,1]a2[1,1] *
"#;
    let file = home.path("bad.pgn");
    std::fs::write(&file, bad).expect("write");
    let o = chess4d(
        &home.0,
        &["import", path_str(&file), "--data-dir", path_str(&data)],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let message = stderr(&o);
    assert!(message.contains("game 2 (Ann vs Cy, full)"), "{message}");
    assert!(
        message.contains("move 2... a4[1,1]a2[1,1] (Black)"),
        "{message}"
    );
    assert!(message.contains("nothing was imported"), "{message}");
    assert!(!message.contains("panicked"), "{message}");
    assert!(
        !data.join("archive.sqlite3").exists(),
        "not even the good first game was stored"
    );

    // Into an archive that has games already: it keeps exactly those.
    let good = home.path("good.pgn");
    std::fs::write(&good, TWO_GAMES).expect("write");
    let o = chess4d(
        &home.0,
        &["import", path_str(&good), "--data-dir", path_str(&data)],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let before = stdout(&chess4d(
        &home.0,
        &["export", "--data-dir", path_str(&data)],
    ));
    let o = chess4d(
        &home.0,
        &["import", path_str(&file), "--data-dir", path_str(&data)],
    );
    assert_eq!(o.status.code(), Some(1));
    let after = stdout(&chess4d(
        &home.0,
        &["export", "--data-dir", path_str(&data)],
    ));
    assert_eq!(games(&after), games(&before));
    assert_eq!(games(&after).len(), 2);
    let listed = stdout(&chess4d(
        &home.0,
        &["players", "--data-dir", path_str(&data)],
    ));
    assert!(!listed.contains("Cy"), "{listed}");
}

#[test]
fn bad_files_and_archives_are_errors_not_panics() {
    let home = TempDir::new("errors");
    let data = home.path("data");
    let run = |text: &str| {
        let file = home.path("game.pgn");
        std::fs::write(&file, text).expect("write");
        let o = chess4d(
            &home.0,
            &["import", path_str(&file), "--data-dir", path_str(&data)],
        );
        assert_eq!(o.status.code(), Some(1), "{text}: {}", stdout(&o));
        let message = stderr(&o);
        assert!(!message.contains("panicked"), "{message}");
        message
    };
    let message = run("[Variant \"full\"]\n\n1. a2a3 2. b7b6\n");
    assert!(message.contains("line 3, column 9"), "{message}");
    let message = run("[Variant \"nosuch\"]\n\n1. a2a3 *\n");
    assert!(message.contains("game 1 (? vs ?, nosuch)"), "{message}");
    assert!(message.contains("nosuch"), "{message}");
    let message = run("[Variant \"orthodox\"]\n\n1. f2f3 e7e5 2. g2g4 d8h4 1-0\n");
    assert!(
        message.contains("checkmate"),
        "the rules disagree: {message}"
    );
    let message = run("[Variant \"orthodox\"]\n\n1. f2f3 e7e5 2. g2g4 d8h4 3. e2e4 0-1\n");
    assert!(message.contains("move 3. e2e4 (White)"), "{message}");
    let message = run("");
    assert!(message.contains("no games"), "{message}");
    let message = run(
        "[Variant \"orthodox\"]\n[White \"A\"]\n[Black \"A\"]\n[Rated \"yes\"]\n\n1. e2e4 1-0\n",
    );
    assert!(message.contains("against itself"), "{message}");
    assert!(!data.join("archive.sqlite3").exists());

    let o = chess4d(&home.0, &["import", path_str(&home.path("missing.pgn"))]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));

    for verb in ["export", "players"] {
        let o = chess4d(&home.0, &[verb, "--data-dir", path_str(&data)]);
        assert_eq!(o.status.code(), Some(1), "{verb}");
        assert!(stderr(&o).contains("no game archive"), "{}", stderr(&o));
    }
    let not_sqlite = home.path("broken");
    std::fs::create_dir_all(&not_sqlite).expect("dir");
    std::fs::write(not_sqlite.join("archive.sqlite3"), "this is not a database").expect("write");
    let o = chess4d(&home.0, &["players", "--data-dir", path_str(&not_sqlite)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert!(stderr(&o).contains("archive"), "{}", stderr(&o));
}

#[test]
fn lichess_variant_names_and_setup_starts_import() {
    let home = TempDir::new("lichess");
    let data = home.path("data");
    let file = home.path("lichess.pgn");
    let text = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcd\"]\n\
                [White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n[Variant \"Standard\"]\n\n\
                1. e4 { [%eval 0.2] } 1... e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\n\n\
                [White \"Cy\"]\n[Black \"Di\"]\n[Result \"*\"]\n[Variant \"From Position\"]\n\
                [SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 *\n";
    std::fs::write(&file, text).expect("write");
    let o = chess4d(
        &home.0,
        &["import", path_str(&file), "--data-dir", path_str(&data)],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = chess4d(&home.0, &["export", "--data-dir", path_str(&data)]);
    let exported = stdout(&o);
    assert!(
        exported.contains("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"),
        "{exported}"
    );
    assert!(
        exported.contains("[Termination \"checkmate\"]"),
        "{exported}"
    );
    assert!(
        exported.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 *"),
        "{exported}"
    );
    assert!(!exported.contains("[Variant"), "{exported}");

    // lichess's Chess960 is chess4d's fischerandom, its start array in the FEN tag with
    // Shredder-FEN (or X-FEN) castling rights; a variant chess4d lacks is named.
    let chess960 = home.path("960.pgn");
    std::fs::write(
        &chess960,
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1\"]\n\n\
         1. O-O O-O *\n",
    )
    .expect("write");
    let o = chess4d(
        &home.0,
        &["import", path_str(&chess960), "--data-dir", path_str(&data)],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = chess4d(&home.0, &["export", "--data-dir", path_str(&data)]);
    let exported = stdout(&o);
    assert!(
        exported.contains("[Variant \"fischerandom\"]"),
        "{exported}"
    );
    assert!(exported.contains("1. O-O O-O *"), "{exported}");
    let atomic = home.path("atomic.pgn");
    std::fs::write(&atomic, "[Variant \"Atomic\"]\n\n1. e4 *\n").expect("write");
    let o = chess4d(
        &home.0,
        &["import", path_str(&atomic), "--data-dir", path_str(&data)],
    );
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("variant \"Atomic\": no variant named 'Atomic'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_global_data_dir_is_honoured_by_every_verb() {
    let home = TempDir::new("global");
    let data = home.path("data");
    let file = home.path("two.pgn");
    std::fs::write(&file, TWO_GAMES).expect("write");
    // `--data-dir` before the verb, for import, players and export alike.
    let o = chess4d(
        &home.0,
        &["--data-dir", path_str(&data), "import", path_str(&file)],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(data.join("archive.sqlite3").exists());
    let o = chess4d(&home.0, &["--data-dir", path_str(&data), "players"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let listed = stdout(&o);
    assert!(
        listed.contains("Ann") && listed.contains("Bob"),
        "players read DIR: {listed}"
    );
    let o = chess4d(&home.0, &["--data-dir", path_str(&data), "export"]);
    assert_eq!(games(&stdout(&o)).len(), 2, "{}", stderr(&o));
    assert!(
        !home.path("default-data").exists(),
        "the default archive was never touched"
    );
    // The default archive does not exist: players without the option says so.
    let o = chess4d(&home.0, &["players"]);
    assert!(!o.status.success());
}

#[test]
fn an_impossible_start_position_is_refused_and_nothing_is_imported() {
    let home = TempDir::new("impossible");
    let data = home.path("data");
    // Black is in check with White to move: no game can reach this.
    let bad = r#"[Variant "orthodox"]
[White "Bob"]
[Black "Ann"]
[FEN "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"]
[Result "*"]

1. e1e8 *
"#;
    let file = home.path("bad.pgn");
    std::fs::write(&file, bad).expect("write");
    let o = chess4d(
        &home.0,
        &["import", path_str(&file), "--data-dir", path_str(&data)],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let message = stderr(&o);
    assert!(
        message.contains("in check") && message.contains("nothing was imported"),
        "{message}"
    );
    assert!(!message.contains("panicked"), "{message}");
    assert!(!data.join("archive.sqlite3").exists());
}
