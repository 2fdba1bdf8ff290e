//! Issue 30's exact answers through the command line: shakmaty's horde and crazyhouse
//! suites (with Fairy-Stockfish's figures, `tests/perft/{horde,crazyhouse}.perft`) and
//! cylinder chess's independently counted perft, all through `chess4d perft`; en
//! passant after a double step along w; lichess's ninth-rank pockets.

use std::path::PathBuf;
use std::process::{Command, Output};

fn chess4d(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args(args)
        .env(
            "CHESS4D_VARIANTS",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
        )
        .output()
        .expect("run chess4d")
}

/// `chess4d perft`'s total, or its error text.
fn perft(variant: &str, fen: &str, depth: u32) -> Result<u64, String> {
    let o = chess4d(&[
        "perft",
        "--variant",
        variant,
        "--fen",
        fen,
        "--depth",
        &depth.to_string(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    match out.lines().last().map(str::trim).map(str::parse) {
        Some(Ok(n)) if o.status.success() => Ok(n),
        _ => Err(String::from_utf8_lossy(&o.stderr).into_owned()),
    }
}

/// (id, variant, position, [(depth, nodes)]) of every case in `tests/perft/FILE`.
type Case = (String, String, String, Vec<(u32, u64)>);

fn suite(file: &str) -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/perft")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').expect("KEY VALUE");
        let last = cases.last_mut();
        match (key, last) {
            ("id", _) => cases.push((value.into(), String::new(), String::new(), vec![])),
            ("variant", Some(c)) => c.1 = value.into(),
            ("fen", Some(c)) => c.2 = value.into(),
            ("perft", Some(c)) => {
                let (d, n) = value.split_once(' ').expect("perft DEPTH NODES");
                c.3.push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => panic!("{file}: unexpected line {line}"),
        }
    }
    cases
}

/// Every figure of every case through the rules (one process: `chess4d perft` costs a
/// catalog load per call), and each case's deepest figure through `chess4d perft`.
fn run_suite(file: &str) {
    let cases = suite(file);
    assert!(!cases.is_empty(), "{file} has cases");
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_dir(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    for (id, variant, fen, depths) in cases {
        let rules = catalog.resolve(&variant).expect("a catalog variant");
        let mut pos = rules
            .parse_position(&fen)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        for &(depth, nodes) in &depths {
            let got = chess4d_core::perft(&*rules, &mut pos, depth);
            assert_eq!(got, nodes, "{file} {id} perft {depth}");
        }
        let &(depth, nodes) = depths.last().expect("figures");
        assert_eq!(
            perft(&variant, &fen, depth),
            Ok(nodes),
            "{file} {id}: chess4d perft {depth}"
        );
    }
}

/// shakmaty's horde suite in full (depths 1-4), Fairy-Stockfish's figures; the third
/// position (`horde-en-passant`, 33,781 at depth 4) has a first-rank double step,
/// which leaves no en-passant square.
#[test]
fn shakmatys_horde_suite_passes_in_full() {
    run_suite("horde.perft");
}

/// shakmaty's crazyhouse suite in full (depth 2 with every kind in hand, depth 4
/// otherwise), the last position with its pocket as a ninth rank.
#[test]
fn shakmatys_crazyhouse_suite_passes_in_full() {
    run_suite("crazyhouse.perft");
}

/// Cylinder chess to depth 5 from the start (5,633,208), counted by
/// scripts/cylinder-perft.py: each move once however many ways round reach it.
#[test]
fn cylinder_perft_agrees_with_the_independent_count() {
    run_suite("cylinder.perft");
}

/// `variants/wchess.toml`'s pawns advance along w: after a2[0,0]a2[0,2] the square
/// passed, a2[0,1], is a legal en-passant square (it used to be measured along y and
/// refused); one the pawn did not pass stays refused.
#[test]
fn en_passant_behind_a_pawn_that_advanced_along_w_is_accepted() {
    let e = "4/4/4/4";
    let boards = |ep: &str| {
        format!(
            "4/4/1PPP/RNNR|4/4/PPPP/BQKB|{e}|{e}|{e}|{e}|{e}|{e}|4/4/P3/4|{e}|{e}|{e}|\
             rnnr/pppp/4/4|bqkb/pppp/4/4|{e}|{e} b - {ep} 0 1"
        )
    };
    let wchess = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/wchess.toml");
    let with_ep = perft(wchess, &boards("a2[0,1]"), 1);
    let without = perft(wchess, &boards("-"), 1);
    assert!(with_ep.is_ok(), "{with_ep:?}");
    assert_eq!(
        with_ep, without,
        "no black pawn can take it: the same moves"
    );
    let wrong = perft(wchess, &boards("b2[0,1]"), 1).expect_err("b2[0,1] was not passed");
    assert!(wrong.contains("en-passant square b2[0,1]"), "{wrong}");
}

/// lichess and shakmaty write crazyhouse pockets as a ninth rank; it reads as the
/// bracket form does.
#[test]
fn a_pocket_written_as_a_ninth_rank_is_read() {
    let same = |ninth: &str, brackets: &str| {
        for depth in 1..=2 {
            let a = perft("crazyhouse", ninth, depth);
            assert!(a.is_ok(), "{ninth}: {a:?}");
            assert_eq!(a, perft("crazyhouse", brackets, depth), "{ninth}");
        }
    };
    same(
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1",
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1",
    );
    same(
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8/Nq b - - 0 1",
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8[Nq] b - - 0 1",
    );
    // Not a pocket: a tenth rank, or digits in the ninth.
    assert!(perft("crazyhouse", "4k3/8/8/8/8/8/8/8/4K3/ w - - 0 1", 1).is_err());
    assert!(perft("crazyhouse", "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", 1).is_err());
}

/// After horde's `c1c3` (a double step from the first rank) the position string has no
/// en-passant square, as Fairy-Stockfish writes it; after `d2d4` it has `d3`.
#[test]
fn a_first_rank_double_step_in_horde_leaves_no_en_passant_square() {
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_dir(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    let horde = catalog.resolve("horde").expect("variants/horde.toml");
    let fen = "k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1";
    let after = |text: &str| {
        let mut pos = horde.parse_position(fen).expect("a position");
        let mv = horde.parse_move(&pos, text).expect("legal");
        horde.make_move(&mut pos, mv);
        horde.format_position(&pos)
    };
    assert_eq!(
        after("c1c3"),
        "k7/5p2/4p2P/3p2P1/2p2P2/1pP1P2P/p2P2P1/5P2 b - - 0 1"
    );
    assert_eq!(
        after("d2d4"),
        "k7/5p2/4p2P/3p2P1/2pP1P2/1p2P2P/p5P1/2P2P2 b - d3 0 1"
    );
}
