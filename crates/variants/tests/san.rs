//! SAN: exactly python-chess's on orthodox positions (the data of
//! scripts/gen-san-data.py), and format-then-parse gives the same move on every legal
//! move of random-play positions of every built-in variant.

use chess4d_core::{
    Game, Move, Position, Rules, SanHistory, game_san, parse_notation, parse_san, san, san_moves,
};
use chess4d_variants::Catalog;
use std::collections::BTreeSet;

const PYTHON_CHESS: &str = include_str!("../../../tests/san/orthodox.txt");

/// The positions of the data file, each with its `(uci, san)` pairs.
fn python_positions() -> Vec<(String, Vec<(String, String)>)> {
    let mut out: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for line in PYTHON_CHESS.lines() {
        if let Some(fen) = line.strip_prefix("fen ") {
            out.push((fen.to_string(), Vec::new()));
        } else if let Some((uci, san)) = line.split_once(' ') {
            let last = out.last_mut().expect("a fen line comes first");
            last.1.push((uci.to_string(), san.to_string()));
        }
    }
    out
}

#[test]
fn orthodox_san_is_python_chess_san() {
    let rules = Catalog::embedded().get("orthodox").expect("orthodox");
    let positions = python_positions();
    assert!(positions.len() >= 500, "{} positions", positions.len());
    let mut checked = 0;
    for (fen, expected) in &positions {
        let pos = rules.parse_position(fen).expect(fen);
        let mut legal = Vec::new();
        rules.legal_moves(&pos, &mut legal);
        assert_eq!(legal.len(), expected.len(), "move count in {fen}");
        for (uci, want) in expected {
            let mv = rules.parse_move(&pos, uci).expect(uci);
            assert_eq!(&san(&*rules, &pos, mv), want, "{uci} in {fen}");
            assert_eq!(parse_san(&*rules, &pos, want), Ok(mv), "{want} in {fen}");
            checked += 1;
        }
        let ours: BTreeSet<String> = san_moves(&*rules, &pos, &legal).into_iter().collect();
        let theirs: BTreeSet<String> = expected.iter().map(|(_, s)| s.clone()).collect();
        assert_eq!(ours, theirs, "{fen}");
    }
    assert!(checked > 10_000, "{checked} moves");
}

/// A small deterministic generator, so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Positions along random games from the start (`games` games of up to `plies` plies).
pub fn random_positions(rules: &dyn Rules, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Lcg(0x5eed);
    let mut out = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..games {
        let mut pos = rules.start_position();
        for _ in 0..plies {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            out.push(pos.clone());
            let mv = moves[rng.below(moves.len())];
            rules.make_move(&mut pos, mv);
        }
        out.push(pos);
    }
    out
}

/// Every legal move of every position reads back from its SAN, and the SANs of one
/// position differ. Returns how many moves were checked and how many had a
/// disambiguation, a check mark or a capture, so a test can ask that they occurred.
fn round_trip(rules: &dyn Rules, positions: &[Position]) -> (usize, usize) {
    let mut moves = Vec::new();
    let (mut checked, mut marked) = (0, 0);
    for pos in positions {
        rules.legal_moves(pos, &mut moves);
        let names = san_moves(rules, pos, &moves);
        let distinct: BTreeSet<&String> = names.iter().collect();
        let fen = rules.format_position(pos);
        assert_eq!(distinct.len(), names.len(), "{names:?} in {fen}");
        for (&mv, name) in moves.iter().zip(&names) {
            assert_eq!(parse_notation(rules, pos, name), Ok(mv), "{name} in {fen}");
            checked += 1;
            marked += usize::from(name.contains(['x', '+', '#']));
        }
    }
    (checked, marked)
}

#[test]
fn san_reads_back_on_every_built_in_variant() {
    let catalog = Catalog::embedded();
    for (variant, games) in [
        ("orthodox", 6),
        ("full", 4),
        ("classic", 4),
        ("raumschach", 3),
    ] {
        let rules = catalog.get(variant).expect(variant);
        let positions = random_positions(&*rules, games, 120);
        let (checked, marked) = round_trip(&*rules, &positions);
        assert!(checked > 1000, "{variant}: {checked} moves");
        assert!(marked > 0, "{variant}: no capture or check met");
    }
}

#[test]
fn four_axis_moves_write_brackets_and_the_fewest_coordinates() {
    let rules = Catalog::embedded().get("full").expect("full");
    let pos = rules.start_position();
    let mut legal = Vec::new();
    rules.legal_moves(&pos, &mut legal);
    let names = san_moves(&*rules, &pos, &legal);
    // Every move names its landing square whole, brackets included.
    for (mv, name) in legal.iter().zip(&names) {
        let to = rules.info().shape.square_name(mv.to);
        assert!(name.contains(&to), "{name} lands on {to}");
    }
    let a_pawn = rules
        .parse_move(&pos, "a2[0,0]a3[0,0]")
        .expect("a pawn step");
    assert_eq!(san(&*rules, &pos, a_pawn), "a3[0,0]");
}

#[test]
fn lenient_forms_are_read() {
    let rules = Catalog::embedded().get("orthodox").expect("orthodox");
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let pos = rules.parse_position(castle).expect("fen");
    let short = rules.parse_move(&pos, "e1g1").expect("O-O");
    let long = rules.parse_move(&pos, "e1c1").expect("O-O-O");
    for text in ["O-O", "0-0", "O-O+", "o-o"] {
        let got = parse_notation(&*rules, &pos, text);
        if text == "o-o" {
            assert!(got.is_err(), "lower case o is not castling");
        } else {
            assert_eq!(got, Ok(short), "{text}");
        }
    }
    assert_eq!(parse_san(&*rules, &pos, "0-0-0"), Ok(long));
    assert_eq!(san(&*rules, &pos, short), "O-O");
    let start = rules.start_position();
    let nf3 = rules.parse_move(&start, "g1f3").expect("g1f3");
    for text in [
        "Nf3", "Ngf3", "Ng1f3", "Ng1-f3", "Nf3+", "Nf3!?", " Nf3 ", "g1f3",
    ] {
        assert_eq!(parse_notation(&*rules, &start, text), Ok(nf3), "{text}");
    }
    let promote = rules
        .parse_position("8/1P6/8/8/8/8/k7/7K w - - 0 1")
        .expect("fen");
    let queen = rules.parse_move(&promote, "b7b8q").expect("b8=Q");
    for text in ["b8=Q", "b8Q", "b8(Q)", "b8=Q+", "b7b8q"] {
        assert_eq!(parse_notation(&*rules, &promote, text), Ok(queen), "{text}");
    }
    let missing = parse_notation(&*rules, &promote, "b8").unwrap_err();
    assert!(missing.reason.contains("promotes"), "{missing}");
    let wrong = parse_notation(&*rules, &start, "Nf6").unwrap_err();
    assert!(wrong.reason.contains("no knight"), "{wrong}");
    let bad = parse_notation(&*rules, &start, "Zz9").unwrap_err();
    assert!(!bad.reason.is_empty());
}

#[test]
fn no_text_makes_the_reader_panic() {
    let rules = Catalog::embedded().get("full").expect("full");
    let pos = rules.start_position();
    let mut rng = Lcg(7);
    let alphabet: Vec<char> = "abcdQRNBKP0123456789[],=x+#!?-O()/ :éz".chars().collect();
    for _ in 0..20_000 {
        let len = rng.below(14);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        if let Ok(mv) = parse_notation(&*rules, &pos, &text) {
            // Whatever reads as a move is a legal one.
            let mut legal = Vec::new();
            rules.legal_moves(&pos, &mut legal);
            assert!(legal.contains(&mv), "{text}");
        }
    }
}

#[test]
fn the_kept_history_follows_moves_undos_and_new_games() {
    let catalog = Catalog::embedded();
    let rules = catalog.get("full").expect("full");
    let mut game = Game::new(rules.clone());
    let mut history = SanHistory::default();
    let mut rng = Lcg(11);
    for step in 0..60 {
        if step % 7 == 6 {
            game.undo();
            game.undo();
        } else if let Some(&mv) = game.legal_moves().get(rng.below(game.legal_moves().len())) {
            game.play(mv).expect("legal");
        }
        assert_eq!(
            history.update(&game),
            game_san(&game).as_slice(),
            "step {step}"
        );
    }
    let other = Game::new(catalog.get("orthodox").expect("orthodox"));
    assert!(history.update(&other).is_empty());
}
