//! Property tests: legality by an independent reading of the spec, make/unmake, FEN.

use chess4d_core::{Color, Move, Position, Rules};
use chess4d_variants::Catalog;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::Arc;

fn rules(name: &str) -> Arc<dyn Rules> {
    Catalog::embedded().get(name).unwrap()
}

/// Plays `choices` (each picks a legal move by index) from the start; stops at a game end.
fn walk(rules: &dyn Rules, choices: &[usize]) -> Vec<Position> {
    let mut pos = rules.start_position();
    let mut seen = vec![pos.clone()];
    let mut moves = Vec::new();
    for &c in choices {
        rules.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[c % moves.len()];
        rules.make_move(&mut pos, mv);
        seen.push(pos.clone());
    }
    seen
}

type Board = Vec<Option<(char, Color)>>;

/// The spec's movement table, coded straight from coordinates: can the piece on
/// `from` go to (or capture on) `to`, ignoring whose turn it is and king safety?
fn spec_reaches(rules: &dyn Rules, board: &Board, from: usize, to: usize, capture: bool) -> bool {
    let shape = &rules.info().shape;
    let Some((letter, color)) = board[from] else {
        return false;
    };
    let a = shape.coords(chess4d_core::Square(from as u16));
    let b = shape.coords(chess4d_core::Square(to as u16));
    let d: Vec<i32> = (0..4).map(|i| b[i] as i32 - a[i] as i32).collect();
    let nonzero: Vec<i32> = d
        .iter()
        .copied()
        .filter(|&x| x != 0)
        .map(i32::abs)
        .collect();
    if nonzero.is_empty() {
        return false;
    }
    let all_equal = nonzero.iter().all(|&x| x == nonzero[0]);
    let path_clear = || {
        let n = nonzero[0];
        (1..n).all(|t| {
            let c: Vec<u8> = (0..4)
                .map(|i| (a[i] as i32 + d[i].signum() * t) as u8)
                .collect();
            let sq = shape.square([c[0], c[1], c[2], c[3]]).unwrap();
            board[sq.index()].is_none()
        })
    };
    let forward = if color == Color::White { 1 } else { -1 };
    match letter {
        'R' => nonzero.len() == 1 && path_clear(),
        'B' => nonzero.len() == 2 && all_equal && path_clear(),
        'Q' => all_equal && path_clear(),
        'K' => nonzero.iter().all(|&x| x == 1),
        'N' => {
            let mut s = nonzero.clone();
            s.sort_unstable();
            s == [1, 2]
        }
        'P' if capture => d[1] == forward && nonzero.len() == 2 && nonzero.iter().all(|&x| x == 1),
        'P' => d[1] == forward && nonzero.len() == 1,
        _ => false,
    }
}

fn board_of(rules: &dyn Rules, pos: &Position) -> Board {
    pos.board()
        .iter()
        .map(|p| p.map(|p| (rules.info().pieces[p.kind().index()].letter, p.color())))
        .collect()
}

fn spec_attacked(rules: &dyn Rules, board: &Board, target: usize, by: Color) -> bool {
    (0..board.len()).any(|f| {
        board[f].is_some_and(|(_, c)| c == by) && spec_reaches(rules, board, f, target, true)
    })
}

/// Every legal move by the spec: (from, to, promotion letter).
fn spec_legal(rules: &dyn Rules, pos: &Position) -> BTreeSet<(usize, usize, Option<char>)> {
    let board = board_of(rules, pos);
    let us = pos.side_to_move();
    let last_rank = if us == Color::White {
        rules.info().shape.sizes()[1] - 1
    } else {
        0
    };
    let mut out = BTreeSet::new();
    for from in 0..board.len() {
        let Some((letter, color)) = board[from] else {
            continue;
        };
        if color != us {
            continue;
        }
        for to in 0..board.len() {
            let capture = match board[to] {
                Some((_, c)) if c == us => continue,
                Some(_) => true,
                None => false,
            };
            if !spec_reaches(rules, &board, from, to, capture) {
                continue;
            }
            let mut after = board.clone();
            after[to] = after[from].take();
            let king = after.iter().position(|p| *p == Some(('K', us))).unwrap();
            if spec_attacked(rules, &after, king, !us) {
                continue;
            }
            let rank = rules.info().shape.coords(chess4d_core::Square(to as u16))[1];
            if letter == 'P' && rank == last_rank {
                for p in ['q', 'r', 'b', 'n'] {
                    out.insert((from, to, Some(p)));
                }
            } else {
                out.insert((from, to, None));
            }
        }
    }
    out
}

fn engine_legal(rules: &dyn Rules, pos: &Position) -> BTreeSet<(usize, usize, Option<char>)> {
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    let set: BTreeSet<_> = moves
        .iter()
        .map(|m: &Move| {
            let promo = m
                .promotion
                .map(|k| rules.info().pieces[k.index()].letter.to_ascii_lowercase());
            (m.from.index(), m.to.index(), promo)
        })
        .collect();
    assert_eq!(set.len(), moves.len(), "no move is generated twice");
    set
}

/// The legal moves that take something or promote, by filtering the full list.
fn noisy_by_filter(rules: &dyn Rules, pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    let us = pos.side_to_move();
    moves.retain(|m| {
        m.promotion.is_some()
            || m.capture.is_some()
            || pos.piece_at(m.to).is_some_and(|p| p.color() != us)
    });
    moves
}

fn noisy_generated(rules: &dyn Rules, pos: &Position) -> Vec<Move> {
    let mut moves = vec![Move::new(chess4d_core::Square(0), chess4d_core::Square(1))];
    rules.legal_captures(pos, &mut moves); // must clear what was there
    moves
}

#[test]
fn captures_only_generation_matches_on_promotions_and_en_passant() {
    let rules = rules("orthodox");
    let (mut promotions, mut en_passant) = (0, 0);
    for fen in [
        // Promotions with and without capture, checks, pins (chessprogramming.org, position 4).
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 b kq - 0 1",
        // En passant, and a king in check that can only step or take.
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        // Position 4 with Black to move leaves White in check (an impossible position,
        // kept for its promotions): read without the position checks, on purpose.
        let pos = rules.parse_position_unchecked(fen).unwrap();
        let noisy = noisy_generated(&*rules, &pos);
        assert_eq!(noisy, noisy_by_filter(&*rules, &pos), "{fen}");
        promotions += noisy.iter().filter(|m| m.promotion.is_some()).count();
        en_passant += noisy.iter().filter(|m| m.capture.is_some()).count();
    }
    // Position 4 with Black to move has 4 capturing and 4 quiet promotions (bxa1, b1);
    // the third position one en-passant capture.
    assert_eq!((promotions, en_passant), (8, 1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn captures_only_generation_is_the_filtered_move_list_in_order(
        variant in prop_oneof![Just("full"), Just("classic"), Just("orthodox"), Just("raumschach")],
        choices in proptest::collection::vec(0usize..1000, 0..80),
    ) {
        let rules = rules(variant);
        for pos in walk(&*rules, &choices) {
            prop_assert_eq!(noisy_generated(&*rules, &pos), noisy_by_filter(&*rules, &pos), "{}", rules.format_position(&pos));
        }
    }

    #[test]
    fn every_generated_move_is_legal_by_the_spec_and_none_is_missing(
        variant in prop_oneof![Just("full"), Just("classic")],
        choices in proptest::collection::vec(0usize..1000, 0..60),
    ) {
        let rules = rules(variant);
        for pos in walk(&*rules, &choices) {
            prop_assert_eq!(engine_legal(&*rules, &pos), spec_legal(&*rules, &pos), "{}", rules.format_position(&pos));
        }
    }

    #[test]
    fn make_unmake_restores_position_and_hash(
        variant in prop_oneof![Just("full"), Just("classic"), Just("orthodox"), Just("raumschach")],
        choices in proptest::collection::vec(0usize..1000, 0..80),
    ) {
        let rules = rules(variant);
        let mut moves = Vec::new();
        for mut pos in walk(&*rules, &choices) {
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            rules.legal_moves(&pos, &mut moves);
            for &m in &moves {
                let before = pos.clone();
                let undo = rules.make_move(&mut pos, m);
                prop_assert_eq!(pos.hash(), pos.compute_hash(), "hash after {}", rules.format_move(&before, m));
                rules.unmake_move(&mut pos, &undo);
                prop_assert_eq!(&pos, &before);
            }
        }
    }

    #[test]
    fn position_strings_round_trip(
        variant in prop_oneof![Just("full"), Just("classic"), Just("orthodox"), Just("raumschach")],
        choices in proptest::collection::vec(0usize..1000, 0..80),
    ) {
        let rules = rules(variant);
        for pos in walk(&*rules, &choices) {
            let text = rules.format_position(&pos);
            let back = rules.parse_position(&text).unwrap();
            prop_assert_eq!(&back, &pos, "{}", text);
            prop_assert_eq!(rules.format_position(&back), text);
        }
    }

    #[test]
    fn move_strings_round_trip(
        variant in prop_oneof![Just("full"), Just("orthodox"), Just("raumschach")],
        choices in proptest::collection::vec(0usize..1000, 0..40),
    ) {
        let rules = rules(variant);
        let mut moves = Vec::new();
        for pos in walk(&*rules, &choices) {
            rules.legal_moves(&pos, &mut moves);
            for &m in &moves {
                let text = rules.format_move(&pos, m);
                prop_assert_eq!(rules.parse_move(&pos, &text).unwrap(), m, "{}", text);
            }
        }
    }
}
