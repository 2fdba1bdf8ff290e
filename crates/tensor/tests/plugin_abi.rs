//! The built plugin, loaded the way chess4d loads it (variants/tensor.toml, the C ABI,
//! `PluginRules` behind `dyn Rules`), against the same rules linked directly.
//!
//! `cargo test` does not build a package's cdylib for its tests, so the first test to
//! need it runs `cargo build -p tensor-chess --lib` (in the profile of this test, into
//! the same target directory); the loader finds the library beside the test binary's
//! directory. The command-line test builds the `chess4d` program the same way.

use chess4d_core::{Game, Move, Position, Rules, Square, perft};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};
use tensor_chess::{START_FEN, parse_fen, to_fen};

/// A position with monsters, bounces, pushes and en passant on offer.
const MIDDLE: &str = "r4k3r/1p2t2pp1/3b6/2pP1t4/10/1T6T1/PP1N3PPP/R4KB2R w KQkq c6 0 12";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root exists")
}

/// Runs `cargo build` with `args` in this test's profile; panics with cargo's message.
fn cargo_build(args: &[&str]) {
    // The cargo that built this binary, not whichever one is on PATH.
    let mut cmd = Command::new(env!("CARGO"));
    cmd.arg("build").args(args).current_dir(workspace_root());
    if !cfg!(debug_assertions) {
        cmd.arg("--release");
    }
    let out = cmd.output().expect("run cargo");
    assert!(
        out.status.success(),
        "cargo build {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Builds the plugin once per test binary (tests run on several threads).
fn build_plugin() {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| cargo_build(&["-p", "tensor-chess", "--lib"]));
}

/// The rules from variants/tensor.toml, through the built plugin.
fn tensor_rules() -> Arc<dyn Rules> {
    build_plugin();
    let toml = workspace_root().join("variants/tensor.toml");
    chess4d_variants::load_file(&toml).unwrap_or_else(|e| panic!("tensor.toml loads: {e}"))
}

fn assert_no_fault(rules: &Arc<dyn Rules>) {
    assert_eq!(rules.faults(), (0, None), "the plugin never faults");
}

/// The 30 first moves the rules document lists.
fn spec_first_moves() -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for file in 'a'..='j' {
        v.push(format!("{file}2{file}3"));
        v.push(format!("{file}2{file}4"));
    }
    for m in [
        "c1b3", "c1d3", "h1g3", "h1i3", "b1d3", "b1b3", "i1g3", "i1i3", "a1b1>a1", "j1i1>j1",
    ] {
        v.push(m.to_string());
    }
    v.sort();
    v
}

#[test]
fn the_plugin_describes_tensor_chess() {
    let rules = tensor_rules();
    let info = rules.info();
    assert_eq!(
        (info.name.as_str(), info.title.as_str()),
        ("tensor", "Tensor chess")
    );
    assert_eq!(info.shape.to_string(), "10x8");
    let letters: String = info.pieces.iter().map(|p| p.letter).collect();
    assert_eq!(letters, "KQRBNPT");
    assert_eq!(info.pieces[6].name, "monster");
    assert!(info.pieces[0].royal && info.pieces[5].pawn && !info.pieces[6].royal);
    assert_eq!(info.castling_letters, ['K', 'Q', 'k', 'q']);
    assert!(info.en_passant && info.bare_kings_draw);
    assert_eq!((info.repetition_limit, info.move_limit_plies), (3, 100));
    let start = rules.start_position();
    assert_eq!(rules.format_position(&start), START_FEN);
    assert_eq!(start.hash(), start.compute_hash());
    assert_eq!(start.king(chess4d_core::Color::White), Some(Square(5)));
    assert_no_fault(&rules);
}

#[test]
fn perft_through_the_abi_equals_the_rules_linked_directly() {
    let rules = tensor_rules();
    let direct = tensor_chess::Position::start();
    let expected = [30u64, 900, 30722];
    for (depth, want) in (1..=3).zip(expected) {
        let abi = perft(&*rules, &mut rules.start_position(), depth);
        let linked = tensor_chess::perft(&direct, depth);
        assert_eq!((abi, linked), (want, want), "start perft({depth})");
    }
    let middle = rules.parse_position(MIDDLE).expect("the plugin reads FEN");
    let direct = parse_fen(MIDDLE).expect("FEN");
    for depth in 1..=2 {
        assert_eq!(
            perft(&*rules, &mut middle.clone(), depth),
            tensor_chess::perft(&direct, depth),
            "middle perft({depth})"
        );
    }
    assert_no_fault(&rules);
}

#[test]
fn first_moves_and_notation_follow_the_rules_document() {
    let rules = tensor_rules();
    let start = rules.start_position();
    let mut moves = Vec::new();
    rules.legal_moves(&start, &mut moves);
    let mut names: Vec<String> = moves
        .iter()
        .map(|&m| rules.format_move(&start, m))
        .collect();
    names.sort();
    assert_eq!(names, spec_first_moves());
    for &m in &moves {
        let text = rules.format_move(&start, m);
        assert_eq!(rules.parse_move(&start, &text), Ok(m), "{text} reads back");
    }
    // The push carries its second movement across the ABI, and the plugin's path and
    // description name the route: the jump over the c2 pawn, the bounce off nothing.
    let push = rules
        .parse_move(&start, "a1b1>a1")
        .expect("the rook pushes");
    assert_eq!(push.second, Some((Square(1), Square(0))));
    assert_eq!(
        rules.describe_move(&start, push),
        "rook a1-b1, pushing its monster b1-a1"
    );
    let jump = rules.parse_move(&start, "b1d3").expect("the monster jumps");
    assert_eq!(rules.move_path(&start, jump), [Square(1), Square(23)]);
    assert_eq!(rules.describe_move(&start, jump), "monster b1-d3, jumping");
    assert!(rules.parse_move(&start, "a1b1>c1").is_err());
    assert!(rules.parse_move(&start, "e2e5").is_err());

    // The suffix forms of the notation, each played through the host.
    let cases = [
        // en passant: capture away from the landing square
        (
            "rtnbqkbntr/ppp1pppppp/10/10/3pP5/10/PPPP1PPPPP/RTNBQKBNTR b KQkq e3 0 2",
            "d4e3xe4",
        ),
        // promotion to a monster
        ("5k4/1P8/10/10/10/10/10/5K4 w - - 0 1", "b7b8t"),
        // castling short, king to i1
        ("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1i1+j1h1"),
        // a monster takes a monster by jumping over it
        ("5k4/10/10/10/4t5/3T6/10/5K4 w - - 0 1", "d3f5xe4"),
        // a pawn pushes its monster
        ("5k4/10/10/10/10/1T8/1P8/5K4 w - - 0 1", "b2b3>b4"),
    ];
    for (fen, text) in cases {
        let pos = rules.parse_position(fen).expect(fen);
        let direct = parse_fen(fen).expect(fen);
        let mv = rules
            .parse_move(&pos, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(rules.format_move(&pos, mv), text);
        let mut played = pos.clone();
        rules.make_move(&mut played, mv);
        let mut linked = direct.clone();
        let linked_mv = tensor_chess::parse_move(&direct, text).expect(text);
        tensor_chess::make_move(&mut linked, linked_mv);
        assert_eq!(rules.format_position(&played), to_fen(&linked), "{text}");
        let path = rules.move_path(&pos, mv);
        assert_eq!(
            (path.first(), path.last()),
            (Some(&mv.from), Some(&mv.to)),
            "{text}"
        );
    }
    assert_no_fault(&rules);
}

/// xorshift: deterministic without dependencies.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Checks one move through the host against the rules linked directly.
fn check_move(rules: &Arc<dyn Rules>, pos: &Position, mv: Move) {
    let fen = rules.format_position(pos);
    let text = rules.format_move(pos, mv);
    let mut played = pos.clone();
    let undo = rules.make_move(&mut played, mv);
    assert_eq!(played.hash(), played.compute_hash(), "{text} in {fen}");
    let mut linked = parse_fen(&fen).expect("the plugin writes valid FEN");
    let linked_mv = tensor_chess::parse_move(&linked, &text).expect("the same move linked");
    tensor_chess::make_move(&mut linked, linked_mv);
    assert_eq!(
        rules.format_position(&played),
        to_fen(&linked),
        "{text} in {fen}"
    );
    assert_eq!(rules.in_check(&played), tensor_chess::in_check(&linked));
    rules.unmake_move(&mut played, &undo);
    assert_eq!(&played, pos, "{text} taken back in {fen}");
    assert_eq!(rules.parse_move(pos, &text), Ok(mv), "{text} reads back");
    let path = rules.move_path(pos, mv);
    assert_eq!((path.first(), path.last()), (Some(&mv.from), Some(&mv.to)));
    assert!(!rules.describe_move(pos, mv).is_empty());
}

#[test]
fn random_games_through_the_plugin_never_fault() {
    let rules = tensor_rules();
    let mut rng = Rng(0x5eed_7e45_0c4e_5511);
    let mut game = Game::new(rules.clone());
    let mut plies = 0;
    let mut games = 1;
    while plies < 200 {
        if game.outcome().is_some() {
            game = Game::new(rules.clone());
            games += 1;
        }
        let legal = game.legal_moves().to_vec();
        let direct = parse_fen(&rules.format_position(game.position())).expect("valid FEN");
        let mut linked = Vec::new();
        tensor_chess::legal_moves(&direct, &mut linked);
        assert_eq!(legal.len(), linked.len(), "move count in {direct}");
        let mv = legal[rng.below(legal.len())];
        check_move(&rules, game.position(), mv);
        game.play(mv).expect("a listed move is legal");
        plies += 1;
        if plies % 50 == 0 {
            // Take a few back and replay them: undo/redo through the host's records.
            let before = game.position().clone();
            for _ in 0..3 {
                game.undo();
            }
            for _ in 0..3 {
                game.redo();
            }
            assert_eq!(game.position(), &before);
        }
    }
    assert!(games >= 1);
    assert_no_fault(&rules);
}

/// The `chess4d` program of this target directory, built if needed.
fn chess4d() -> PathBuf {
    static LOCK: Mutex<()> = Mutex::new(());
    let _guard = LOCK.lock().unwrap_or_else(|p| p.into_inner());
    build_plugin();
    // scripts/test-all.sh has built the whole workspace, this program included, and
    // says so: building it again alone would unify other features (the workspace's
    // dev-dependencies are left out) and compile it a second time, a minute on CI.
    if std::env::var_os("CHESS4D_WORKSPACE_BUILT").is_none() {
        cargo_build(&["-p", "chess4d", "--bin", "chess4d"]);
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/<test> -> target/<profile>/chess4d
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test binary lives in target/<profile>/deps");
    dir.join(format!("chess4d{}", std::env::consts::EXE_SUFFIX))
}

fn run(exe: &Path, dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(exe)
        .args(args)
        .current_dir(dir)
        .env_remove("CHESS4D_PLUGIN_PATH")
        .env_remove("CHESS4D_VARIANTS")
        .output()
        .expect("run chess4d");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_program_lists_plays_and_counts_tensor_chess() {
    let exe = chess4d();
    let root = workspace_root();
    let (ok, out, err) = run(&exe, &root, &["moves", "--variant", "tensor"]);
    assert!(ok, "chess4d moves failed: {err}");
    let mut lines: Vec<String> = out.lines().map(str::to_string).collect();
    lines.sort();
    assert_eq!(lines, spec_first_moves());

    let (ok, out, err) = run(
        &exe,
        &root,
        &["perft", "--variant", "tensor", "--depth", "2"],
    );
    assert!(ok, "chess4d perft failed: {err}");
    assert_eq!(out.trim(), "900");

    let (ok, out, err) = run(&exe, &root, &["variants"]);
    assert!(ok, "chess4d variants failed: {err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("tensor\t"))
        .unwrap_or_else(|| panic!("no tensor line in:\n{out}"));
    // Listing loads no plugin: the line names the library, used when played.
    assert!(
        line.contains("tensor_chess") && line.contains("loaded when"),
        "{line}"
    );
}

#[test]
fn without_the_library_the_catalog_shows_the_error_and_keeps_the_rest() {
    let exe = chess4d();
    // The program alone in a directory, with variants/tensor.toml beside it: the
    // library is in none of the places the loader searches.
    let dir = std::env::temp_dir().join(format!("tensor-no-plugin-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("variants")).expect("temp dir");
    std::fs::copy(
        workspace_root().join("variants/tensor.toml"),
        dir.join("variants/tensor.toml"),
    )
    .expect("copy tensor.toml");
    let lone = dir.join(exe.file_name().expect("a file name"));
    if std::fs::hard_link(&exe, &lone).is_err() {
        std::fs::copy(&exe, &lone).expect("copy chess4d");
    }

    let (ok, out, err) = run(&lone, &dir, &["variants"]);
    assert!(ok, "the catalog still lists: {err}");
    let tensor = out
        .lines()
        .find(|l| l.starts_with("tensor\t"))
        .unwrap_or_else(|| panic!("no tensor line in:\n{out}"));
    // The catalog does not load plugins: the missing library shows when it is used.
    assert!(
        tensor.contains("tensor_chess") && tensor.contains("loaded when"),
        "{tensor}"
    );
    for other in ["full", "orthodox"] {
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("{other}\t")) && !l.contains("ERROR")),
            "{other} is still there:\n{out}"
        );
    }
    let (ok, _, err) = run(
        &lone,
        &dir,
        &["perft", "--variant", "tensor", "--depth", "1"],
    );
    assert!(!ok && err.contains("not found"), "{err}");
    let (ok, out, err) = run(
        &lone,
        &dir,
        &["perft", "--variant", "orthodox", "--depth", "2"],
    );
    assert!(ok && out.trim() == "400", "{out} {err}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn run_in(exe: &Path, dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(exe)
        .args(args)
        .current_dir(dir)
        .env_remove("CHESS4D_PLUGIN_PATH")
        .env("CHESS4D_VARIANTS", dir.join("variants"))
        .env("CHESS4D_DATA_DIR", dir.join("data"))
        .output()
        .expect("run chess4d");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_plugin_from_a_variant_folder_runs_only_once_trusted() {
    let exe = chess4d();
    let dir = std::env::temp_dir().join(format!("tensor-trust-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("variants")).expect("temp dir");
    let toml = std::fs::read_to_string(workspace_root().join("variants/tensor.toml"))
        .expect("tensor.toml")
        .replace("name = \"tensor\"", "name = \"tensor-copy\"");
    std::fs::write(dir.join("variants/tensor-copy.toml"), toml).expect("write the copy");
    let built = exe
        .parent()
        .expect("target/<profile>")
        .join(chess4d_variants::plugin::file_names("tensor_chess")[0].clone());
    let lib = dir
        .join("variants")
        .join(built.file_name().expect("a library name"));

    // Not a library at all: had anything opened it, it would fail to load. Listing the
    // catalog and playing another variant never touch it; using its variant refuses it
    // before loading, as untrusted.
    std::fs::write(&lib, b"not a library").expect("junk");
    let (ok, out, err) = run_in(&exe, &dir, &["variants"]);
    assert!(ok, "{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("tensor-copy\t"))
        .unwrap_or_else(|| panic!("no tensor-copy line in:\n{out}"));
    assert!(
        line.contains("loaded when") && !line.contains("ERROR"),
        "{line}"
    );
    let (ok, _, err) = run_in(&exe, &dir, &["moves", "--variant", "orthodox"]);
    assert!(ok, "{err}");
    let (ok, _, err) = run_in(&exe, &dir, &["moves", "--variant", "tensor-copy"]);
    assert!(!ok && err.contains("not trusted"), "{err}");

    // The real library: refused until trusted, with its path and SHA-256 shown.
    std::fs::copy(&built, &lib).expect("copy the plugin");
    let sha = chess4d_variants::plugin::sha256_hex(&std::fs::read(&lib).expect("read"));
    let (ok, _, err) = run_in(&exe, &dir, &["moves", "--variant", "tensor-copy"]);
    assert!(
        !ok && err.contains("not trusted") && err.contains(&sha),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    let (ok, out, err) = run_in(
        &exe,
        &dir,
        &["moves", "--variant", "tensor-copy", "--trust-plugin"],
    );
    assert!(ok, "{err}");
    assert_eq!(out.lines().count(), 30);
    let kept = std::fs::read_to_string(dir.join("data/trusted-plugins.txt")).expect("kept");
    assert!(kept.contains(&sha), "{kept}");
    // Trusted now, without the flag.
    let (ok, out, err) = run_in(&exe, &dir, &["moves", "--variant", "tensor-copy"]);
    assert!(ok && out.lines().count() == 30, "{err}");

    // Other bytes under the same name: asked again.
    let mut bytes = std::fs::read(&lib).expect("read");
    bytes.push(0);
    std::fs::write(&lib, bytes).expect("change the library");
    let (ok, _, err) = run_in(&exe, &dir, &["moves", "--variant", "tensor-copy"]);
    assert!(!ok && err.contains("changed since you trusted it"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
