//! Checked positions on the built-in variants: one impossible position per check and
//! variant, refused with the kind of problem; and real positions (the start, positions
//! reached by random play) never refused, reading back to the same perft.

use chess4d_core::{FenErrorKind, Move, PositionErrorKind as P, Rules, check_position, perft};
use chess4d_variants::Catalog;
use std::sync::Arc;

fn rules(name: &str) -> Arc<dyn Rules> {
    Catalog::embedded().get(name).expect("built in")
}

/// Asserts that `fen` is refused by `variant` with `kind`, and shows the message.
fn refused(variant: &str, fen: &str, kind: FenErrorKind) {
    let rules = rules(variant);
    match rules.parse_position(fen) {
        Ok(_) => panic!("{variant}: {fen} was accepted"),
        Err(e) => {
            assert_eq!(e.kind, kind, "{variant}: {fen}: {e}");
            assert!(!e.message.is_empty());
        }
    }
}

fn impossible(variant: &str, fen: &str, kind: P) {
    refused(variant, fen, FenErrorKind::Impossible(kind));
}

#[test]
fn orthodox_refuses_each_impossible_position() {
    let v = "orthodox";
    impossible(v, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", P::OppositeCheck);
    impossible(v, "8/8/8/8/8/8/8/4K3 w - - 0 1", P::MissingRoyal);
    impossible(v, "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", P::TooManyRoyals);
    impossible(
        v,
        "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
        P::PawnOnPromotionSquare,
    );
    impossible(
        v,
        "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
        P::PawnOnPromotionSquare,
    );
    // No pawn beyond e6; the wrong side's pawn on the wrong rank; the square it came
    // from taken.
    impossible(v, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", P::InvalidEnPassant);
    impossible(v, "4k3/8/3p4/8/8/8/8/4K3 w - d7 0 1", P::InvalidEnPassant);
    impossible(v, "4k3/8/8/4p3/8/8/8/4K3 b - e4 0 1", P::InvalidEnPassant);
    impossible(v, "4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", P::InvalidEnPassant);
    impossible(v, "4k3/8/8/8/8/8/8/4K3 w K - 0 1", P::InvalidCastlingRights);
    impossible(
        v,
        "r3k3/8/8/8/8/8/8/4K3 b k - 0 1",
        P::InvalidCastlingRights,
    );
    impossible(v, "4k3/8/8/8/8/8/8/4K3 w - - 121 60", P::ClockOutOfRange);
    impossible(
        v,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 99999999",
        P::ClockOutOfRange,
    );
    // The same positions made possible are read.
    let ok = rules(v);
    for fen in [
        "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 100 60",
    ] {
        ok.parse_position(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
}

#[test]
fn the_4d_full_set_refuses_each_impossible_position() {
    let v = "full";
    // The rook on a1[0,1] checks the king on a1[0,0] across W.
    impossible(
        v,
        "4/4/4/k3|4/4/4/4|4/4/4/R3|4/4/4/K3 w - - 0 1",
        P::OppositeCheck,
    );
    impossible(
        v,
        "4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/K3 w - - 0 1",
        P::MissingRoyal,
    );
    impossible(
        v,
        "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/4/KK2 w - - 0 1",
        P::TooManyRoyals,
    );
    impossible(
        v,
        "P3/4/4/k3|4/4/4/4|4/4/4/4|4/4/4/K3 w - - 0 1",
        P::PawnOnPromotionSquare,
    );
    impossible(
        v,
        "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/4/K3 w - - 101 1",
        P::ClockOutOfRange,
    );
    // The full set has no castling and no en passant: the fields say so.
    refused(
        v,
        "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/4/K3 w K - 0 1",
        FenErrorKind::Castling,
    );
    refused(
        v,
        "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/4/K3 w - a2[0,0] 0 1",
        FenErrorKind::EnPassant,
    );
}

#[test]
fn raumschach_refuses_each_impossible_position() {
    let v = "raumschach";
    let empty = "5/5/5/5/5";
    let board = |levels: [&str; 5]| levels.join("|");
    // King e1 on level A, rook on e1 of level C: the rook checks up the levels.
    let fen = |levels, rest: &str| format!("{} {rest}", board(levels));
    impossible(
        v,
        &fen(
            ["5/5/5/5/4k", empty, "5/5/5/5/4R", empty, "K4/5/5/5/5"],
            "w - - 0 1",
        ),
        P::OppositeCheck,
    );
    impossible(
        v,
        &fen([empty, empty, empty, empty, "K4/5/5/5/5"], "w - - 0 1"),
        P::MissingRoyal,
    );
    impossible(
        v,
        &fen(
            ["4k/5/5/5/5", empty, empty, empty, "KK3/5/5/5/5"],
            "w - - 0 1",
        ),
        P::TooManyRoyals,
    );
    // A white pawn promotes on the last rank of the last level (e5 on level E).
    impossible(
        v,
        &fen(
            ["4k/5/5/5/5", empty, empty, empty, "K3P/5/5/5/5"],
            "w - - 0 1",
        ),
        P::PawnOnPromotionSquare,
    );
    // The last rank of another level is no promotion square in Raumschach.
    rules(v)
        .parse_position(&fen(
            ["4P/5/5/5/4k", empty, empty, empty, "K4/5/5/5/5"],
            "w - - 0 1",
        ))
        .expect("a pawn on the last rank of level A is possible");
    impossible(
        v,
        &fen(
            ["5/5/5/5/4k", empty, empty, empty, "K4/5/5/5/5"],
            "w - - 101 1",
        ),
        P::ClockOutOfRange,
    );
    refused(
        v,
        &fen(
            ["5/5/5/5/4k", empty, empty, empty, "K4/5/5/5/5"],
            "w Q - 0 1",
        ),
        FenErrorKind::Castling,
    );
    // No double step in Raumschach, so no en passant: the field says so.
    refused(
        v,
        &fen(
            ["5/5/5/5/4k", empty, empty, empty, "K4/5/5/5/5"],
            "w - c3[1] 0 1",
        ),
        FenErrorKind::EnPassant,
    );
}

#[test]
fn variant_start_positions_pass_their_own_checks() {
    for e in Catalog::embedded().entries() {
        let rules = e.ready().expect("built-ins load");
        let start = rules.start_position();
        assert_eq!(check_position(&*rules, &start), Ok(()), "{}", e.name);
        assert_eq!(rules.check_position(&start), Ok(()), "{}", e.name);
    }
}

/// A small deterministic generator (xorshift), so the walks are the same every run.
struct Walk(u64);

impl Walk {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays random games until `count` positions were seen; every one must read back
/// through the checked path to the same position and the same perft.
fn random_positions_read_back(variant: &str, count: usize, depth: u32) {
    let rules = rules(variant);
    let mut walk = Walk(0x9E37_79B9_7F4A_7C15 ^ variant.len() as u64);
    let mut seen = 0;
    let mut moves: Vec<Move> = Vec::new();
    while seen < count {
        let mut pos = rules.start_position();
        for _ in 0..120 {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() || pos.halfmove_clock() >= rules.info().move_limit_plies {
                break;
            }
            let mv = moves[walk.below(moves.len())];
            rules.make_move(&mut pos, mv);
            let text = rules.format_position(&pos);
            let back = rules
                .parse_position(&text)
                .unwrap_or_else(|e| panic!("{variant}: {text} was refused: {e}"));
            assert_eq!(back, pos, "{variant}: {text}");
            // Perft at depth 1 for every position, deeper for every tenth.
            let d = if seen % 10 == 0 { depth } else { 1 };
            assert_eq!(
                perft(&*rules, &mut back.clone(), d),
                perft(&*rules, &mut pos.clone(), d),
                "{variant}: {text}"
            );
            seen += 1;
        }
    }
}

#[test]
fn random_play_positions_are_never_refused_orthodox() {
    random_positions_read_back("orthodox", 1000, 2);
}

#[test]
fn random_play_positions_are_never_refused_full() {
    random_positions_read_back("full", 1000, 2);
}

#[test]
fn random_play_positions_are_never_refused_classic() {
    random_positions_read_back("classic", 1000, 2);
}

#[test]
fn random_play_positions_are_never_refused_raumschach() {
    random_positions_read_back("raumschach", 1000, 2);
}

/// A variant from the repository's `variants/` folder as well as the built-ins.
fn rules_from_files(name: &str) -> Arc<dyn Rules> {
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    catalog.get(name).expect("a variant file")
}

/// Horde's pawns double-step from their first two ranks, but only a step from the
/// second leaves an en-passant square (Fairy-Stockfish's en-passant region): one on
/// White's second rank, which only a first-rank double step passes, is refused in words,
/// and Black's ordinary one is read.
#[test]
fn horde_refuses_an_en_passant_square_a_first_rank_step_passes() {
    let rules = rules_from_files("horde");
    for fen in [
        // White's a1 pawn to a3 over a2, and its b1 pawn to b3 over b2.
        (
            "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/1PPPPPPP/1PPPPPPP b kq a2 0 1",
            "a2",
        ),
        (
            "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/P1PPPPPP/P1PPPPPP b kq b2 0 1",
            "b2",
        ),
    ] {
        let (fen, square) = fen;
        let e = rules.parse_position(fen).expect_err("refused");
        assert_eq!(e.kind, FenErrorKind::Impossible(P::InvalidEnPassant), "{e}");
        assert!(
            e.message.contains(&format!("en-passant square {square}")),
            "{e}"
        );
        assert!(e.message.contains("first rank"), "{e}");
    }
    for fen in [
        // Black's e7-e5 over e6, and White's b2-b4 from its second rank over b3.
        "rnbqkbnr/pppp1ppp/8/1PP1pPP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq e6 0 2",
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/P1PPPPPP/P1PPPPPP/PPPPPPPP b kq b3 0 1",
    ] {
        let pos = rules
            .parse_position(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(rules.format_position(&pos), fen);
    }
}
