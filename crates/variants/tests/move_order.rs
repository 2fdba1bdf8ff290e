//! The fast move generator keeps the reference generator's ORDER, move for move.
//!
//! The engine breaks ties between equal scores by the order of the legal-move list, so
//! the shipped puzzles and every exact search result depend on it. Every variant file
//! of `variants/` is played out at random from its start position, and every position
//! of `tests/fsf/*.perft` is played out once; at each position the legal moves and the
//! legal captures must equal, as lists, those of
//! [`TableRules::legal_moves_reference`] (the mailbox generator before bitboards),
//! perft's bulk count ([`Rules::count_legal_moves`]) must equal the list's length, and
//! whether each move checks ([`Rules::gives_check`], read off the board without playing
//! the move) must be what playing it says.

use chess4d_core::{Move, Position, Rules, TableRules};
use chess4d_variants::{Catalog, VariantSpec, parse_variant};
use std::collections::HashMap;

mod perft_file;
use perft_file::{read_cases, root};

/// A small deterministic generator (xorshift64*): the same games on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// Every table variant of `variants/`, by name.
fn table_variants() -> Vec<(String, Box<TableRules>)> {
    let dir = root().join("variants");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("variant file");
        let shown = path.display().to_string();
        match parse_variant(&text, &shown) {
            Ok(VariantSpec::Table(rules)) => out.push((rules.info().name.clone(), rules)),
            Ok(VariantSpec::Plugin { .. }) => {}
            Err(e) => panic!("{shown}: {e}"),
        }
    }
    out
}

/// Compares both lists at `pos`; the failure names the variant, position and lists.
fn same_order(name: &str, rules: &TableRules, pos: &Position) {
    let (mut fast, mut slow): (Vec<Move>, Vec<Move>) = (Vec::new(), Vec::new());
    rules.legal_moves(pos, &mut fast);
    rules.legal_moves_reference(pos, &mut slow);
    assert_eq!(
        fast,
        slow,
        "{name}: legal moves differ (fast, reference) at {}",
        rules.format_position(pos)
    );
    let mut scratch = Vec::new();
    assert_eq!(
        rules.count_legal_moves(pos, &mut scratch),
        fast.len() as u64,
        "{name}: the bulk count ({} path) differs from the list at {}",
        rules.counting_path(),
        rules.format_position(pos)
    );
    rules.legal_captures(pos, &mut fast);
    rules.legal_captures_reference(pos, &mut slow);
    assert_eq!(
        fast,
        slow,
        "{name}: legal captures differ (fast, reference) at {}",
        rules.format_position(pos)
    );
}

/// Whether each legal move at `pos` checks, asked without and with playing it.
fn same_checks(name: &str, rules: &TableRules, pos: &mut Position, moves: &[Move]) {
    for &mv in moves {
        let undo = rules.make_move(pos, mv);
        let played = rules.in_check(pos);
        rules.unmake_move(pos, &undo);
        assert_eq!(
            rules.gives_check(pos, mv),
            played,
            "{name}: whether {} checks, read off the board and played, at {}",
            rules.format_move(pos, mv),
            rules.format_position(pos)
        );
    }
}

/// Plays `plies` random legal moves from `pos`, comparing the lists at every position.
fn play_out(name: &str, rules: &TableRules, mut pos: Position, plies: usize, rng: &mut Rng) {
    let mut moves = Vec::new();
    for _ in 0..plies {
        same_order(name, rules, &pos);
        rules.legal_moves(&pos, &mut moves);
        same_checks(name, rules, &mut pos, &moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        rules.make_move(&mut pos, mv);
    }
}

#[test]
fn every_variant_keeps_the_reference_order_in_random_games() {
    let variants = table_variants();
    assert!(
        variants.len() > 50,
        "only {} table variants",
        variants.len()
    );
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for (name, rules) in &variants {
        for _ in 0..4 {
            play_out(name, rules, rules.start_position(), 80, &mut rng);
        }
    }
}

#[test]
fn fairy_stockfish_positions_keep_the_reference_order() {
    let variants: HashMap<String, Box<TableRules>> = table_variants().into_iter().collect();
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&root().join("variants"));
    let mut files: Vec<_> = std::fs::read_dir(root().join("tests/fsf"))
        .expect("tests/fsf")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(files.len() > 50, "only {} perft files", files.len());
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut positions = 0;
    for path in files {
        for case in read_cases(&path) {
            let name = catalog
                .canonical_name(&case.variant)
                .unwrap_or_else(|| panic!("{}: no variant {}", case.id, case.variant));
            let Some(rules) = variants.get(name) else {
                continue; // a plugin variant: the order test is the table generator's
            };
            let pos = rules
                .parse_position(&case.fen)
                .unwrap_or_else(|e| panic!("{}: {e}", case.id));
            play_out(name, rules, pos, 40, &mut rng);
            positions += 1;
        }
    }
    assert!(positions > 200, "only {positions} positions played out");
}

/// Which variants the fast paths serve and which keep the general ones: a change of
/// path is a change of speed the benchmarks should show, so it is named here.
#[test]
fn the_generation_path_of_each_kind_of_variant_is_named() {
    let variants: HashMap<String, Box<TableRules>> = table_variants().into_iter().collect();
    let path = |name: &str| {
        variants
            .get(name)
            .unwrap_or_else(|| panic!("no variant {name}"))
            .generation_path()
    };
    for name in [
        "orthodox",
        "full",
        "classic",
        "capablanca",
        "raumschach",
        "shogi",
    ] {
        assert_eq!(path(name), "bits", "{name}");
    }
    // Cannons hop and the elephant's leap is lame: every move is judged in full.
    for name in ["xiangqi", "janggi"] {
        assert_eq!(path(name), "bits, full legality", "{name}");
    }
    // 256 squares: no bits.
    assert_eq!(path("wchess"), "mailbox");
    let mut by_path: Vec<(&str, &str)> = variants
        .iter()
        .map(|(n, r)| (r.generation_path(), n.as_str()))
        .collect();
    by_path.sort();
    for (path, name) in by_path {
        println!("{path:<24} {name}");
    }
}

/// Which variants perft counts in bulk and which list every move: the plain ones by
/// masks, those whose rules adjust the list (drops, hops, promotion choices, immediate
/// ends, obligations) or whose board is too large for the bits by the list.
#[test]
fn the_counting_path_is_named_per_variant() {
    let variants: HashMap<String, Box<TableRules>> = table_variants().into_iter().collect();
    let path = |name: &str| {
        variants
            .get(name)
            .unwrap_or_else(|| panic!("no variant {name}"))
            .counting_path()
    };
    for name in ["orthodox", "full", "classic", "capablanca", "fischerandom"] {
        assert_eq!(path(name), "bulk", "{name}");
    }
    // Drops by square rules alone are counted by masks beside the board moves, and a
    // game end before the move (three checks, a king on the hill) needs no list.
    for name in ["crazyhouse", "loop", "3check", "kingofthehill"] {
        assert_eq!(path(name), "bulk", "{name}");
    }
    // A promotion by the forms (the chick to a hen) lists the promoting pieces alone
    // and adjusts their moves as the list does.
    assert_eq!(path("dobutsu"), "bulk", "dobutsu");
    // No move may give check (racing kings): the pieces that may, by the enemy king's
    // guard, are listed and judged.
    assert_eq!(path("racingkings"), "bulk", "racingkings");
    // No king to keep safe: every piece is free.
    for name in ["extinction", "threekings"] {
        assert_eq!(path(name), "bulk", "{name}");
    }
    // Hops, lame leaps, palaces, first-move leaps, the flying general and passing:
    // free pieces off the squares the king's guard reads by masks, the rest judged.
    for name in ["xiangqi", "janggi", "manchu", "cambodian", "shako"] {
        assert_eq!(path(name), "bulk, full legality", "{name}");
    }
    // Promotion choices, one pawn per file, drops that must come first, obligations
    // to capture.
    for name in ["shogi", "placement", "giveaway"] {
        assert_eq!(path(name), "list", "{name}");
    }
    let bulk: Vec<&str> = variants
        .iter()
        .filter(|(_, r)| r.counting_path() == "bulk")
        .map(|(n, _)| n.as_str())
        .collect();
    assert!(
        bulk.len() >= 10,
        "only {} variants count in bulk",
        bulk.len()
    );
}

/// The bulk count answers checks and pins by masks (a free piece's moves onto the
/// checker or between it and the king; the king's steps outside the enemy's attacks):
/// in random games of the counted variants, every position in check must count as
/// many moves as the list has, and enough such positions must come up to mean it.
#[test]
fn the_bulk_count_equals_the_list_in_check() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut in_check = 0;
    let mut scratch = Vec::new();
    let mut moves = Vec::new();
    for (name, rules) in table_variants() {
        if !rules.counting_path().starts_with("bulk") {
            continue;
        }
        for _ in 0..20 {
            let mut pos = rules.start_position();
            for _ in 0..120 {
                rules.legal_moves(&pos, &mut moves);
                let counted = rules.count_legal_moves(&pos, &mut scratch);
                assert_eq!(
                    counted,
                    moves.len() as u64,
                    "{name}: the bulk count differs from the list at {}",
                    rules.format_position(&pos)
                );
                if rules.in_check(&pos) {
                    in_check += 1;
                }
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                rules.make_move(&mut pos, mv);
            }
        }
    }
    assert!(
        in_check > 500,
        "only {in_check} positions in check compared"
    );
}

/// Counts and lists at `fen` and at every position one and two moves on, under
/// `name`; the variant must take the bulk path.
fn count_equals_list_around(variants: &HashMap<String, Box<TableRules>>, name: &str, fen: &str) {
    let rules = variants
        .get(name)
        .unwrap_or_else(|| panic!("no variant {name}"));
    assert_eq!(rules.counting_path(), "bulk", "{name}");
    let pos = rules
        .parse_position(fen)
        .unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
    let (mut moves, mut replies, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
    let mut check = |pos: &Position, list: &mut Vec<Move>| {
        rules.legal_moves(pos, list);
        assert_eq!(
            rules.count_legal_moves(pos, &mut scratch),
            list.len() as u64,
            "{name}: the bulk count differs from the list at {}",
            rules.format_position(pos)
        );
    };
    check(&pos, &mut moves);
    for &mv in &moves {
        let mut child = pos.clone();
        rules.make_move(&mut child, mv);
        check(&child, &mut replies);
        for &reply in &replies.clone() {
            let mut grandchild = child.clone();
            rules.make_move(&mut grandchild, reply);
            check(&grandchild, &mut Vec::new());
        }
    }
}

/// Positions chosen for the bulk count's hard cases: en passant that exposes the king
/// along a rank or diagonal or removes a checker, promotions pinned or in check,
/// double check, a checker only a pinned piece can take, castling by lines.
#[test]
fn the_bulk_count_equals_the_list_in_chosen_positions() {
    let variants: HashMap<String, Box<TableRules>> = table_variants().into_iter().collect();
    for fen in [
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "8/8/8/KPp4r/8/8/8/7k w - - 0 2",
        "8/2p5/8/KP5r/8/8/8/7k b - - 0 1",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "8/8/8/8/1k1Pp2R/8/8/4K3 b - d3 0 1",
        "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1",
        "8/8/8/8/3Pp3/8/1k6/4K1B1 b - d3 0 1",
        "7k/8/8/3pP3/8/1K6/8/8 w - d6 0 1",
        "b3k3/1P6/2K5/8/8/8/8/8 w - - 0 1",
        "1r2k3/P7/8/8/8/8/8/1K6 w - - 0 1",
        "r3k3/1P6/8/8/8/8/8/1K5r w - - 0 1",
        "4k3/8/8/8/8/5n2/8/4r1K1 w - - 0 1",
        "4r1k1/8/8/8/1b6/8/4R3/4K3 w - - 0 1",
        "4r1k1/8/8/8/1b6/2N5/4R3/4K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2r w Qkq - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "4k3/8/8/8/8/8/8/r3K2R w K - 0 1",
        "4k3/8/8/8/8/8/5p2/R3K2R w KQ - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        count_equals_list_around(&variants, "orthodox", fen);
    }
}

/// The same on wrapped boards (en passant and pins round the wrap) and on boards past
/// 64 squares (the wide sets), with castling on ten files.
#[test]
fn the_bulk_count_equals_the_list_on_wrapped_and_wide_boards() {
    let variants: HashMap<String, Box<TableRules>> = table_variants().into_iter().collect();
    // Donut's holes are d4, e4, d5 and e5 (a position with a piece on one is refused):
    // its list has the same cases off them, and en passant beside the holes, where the
    // rook on g5 sees nothing across e5.
    let cylinder = [
        "7k/8/8/r1pP1KN1/8/8/8/8 w - c6 0 2",
        "7k/8/8/r1pP1K2/8/8/8/8 w - c6 0 2",
        "k7/8/8/1K1Pp2r/8/8/8/8 w - e6 0 2",
        "4k3/8/8/P6p/8/8/8/4K3 w - h6 0 2",
        "4k3/8/8/p6P/8/8/8/4K3 w - a6 0 2",
        "4k3/8/8/8/8/8/8/r3K2R w K - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "4k3/P6r/8/8/8/8/8/K7 w - - 0 1",
        "r6k/1P6/8/8/8/8/8/2K4b w - - 0 1",
        "8/8/8/3k4/8/8/1r6/K6R w - - 0 1",
        "8/8/8/3k4/8/8/8/RK5r w - - 0 1",
    ];
    let donut = [
        "4k3/8/8/P6p/8/8/8/4K3 w - h6 0 2",
        "4k3/8/8/p6P/8/8/8/4K3 w - a6 0 2",
        "4k3/8/8/8/8/8/8/r3K2R w K - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "4k3/P6r/8/8/8/8/8/K7 w - - 0 1",
        "r6k/1P6/8/8/8/8/8/2K4b w - - 0 1",
        "7k/8/8/pPK3r1/8/8/8/8 w - a6 0 2",
        "7k/8/8/pPK3rN/8/8/8/8 w - a6 0 2",
        "8/8/2k5/8/8/8/1r6/K6R w - - 0 1",
        "8/8/2k5/8/8/8/8/RK5r w - - 0 1",
    ];
    for (name, fens) in [("cylinder", &cylinder[..]), ("donut", &donut[..])] {
        for &fen in fens {
            count_equals_list_around(&variants, name, fen);
        }
    }
    for fen in [
        "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
        "r4k3r/10/10/10/10/10/10/r4K3R w K - 0 1",
        "5k4/10/10/1KPp5r/10/10/10/10 w - d6 0 2",
        "a4k4/1P8/2K7/10/10/10/10/10 w - - 0 1",
        "5k4/10/10/10/10/10/10/R4K2cR w KQ - 0 1",
    ] {
        count_equals_list_around(&variants, "capablanca", fen);
    }
}

/// Plays capture-minded random games of `rules` and, at each position, puts a piece of
/// the side to move or of its enemy (not a king) on a random empty square (checks,
/// pins and en-passant lines no game would set up so often); the bulk count must
/// equal the list there. Positions where the side not to move stands in check are
/// passed over. Returns how many positions were compared.
fn count_equals_list_with_pieces_put(
    name: &str,
    rules: &TableRules,
    games: usize,
    rng: &mut Rng,
) -> u64 {
    let mut list = Vec::new();
    let mut scratch = Vec::new();
    let count_equals_list = |put: &Position| {
        rules.legal_moves(put, &mut list);
        assert_eq!(
            rules.count_legal_moves(put, &mut scratch),
            list.len() as u64,
            "{name}: the bulk count differs from the list at {}",
            rules.format_position(put)
        );
    };
    with_pieces_put(rules, games, rng, count_equals_list)
}

/// Plays the games of [`count_equals_list_with_pieces_put`] and hands `check` each
/// position with a piece put; returns how many it was handed.
fn with_pieces_put(
    rules: &TableRules,
    games: usize,
    rng: &mut Rng,
    mut check: impl FnMut(&Position),
) -> u64 {
    let nsq = rules.info().shape.len();
    let holes = rules.board_look().holes;
    let (mut moves, mut caps) = (Vec::new(), Vec::new());
    let mut compared = 0;
    for _ in 0..games {
        let mut pos = rules.start_position();
        for _ in 0..200 {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let tries = if pos.en_passant().is_some() { 20 } else { 3 };
            for _ in 0..tries {
                let side = if rng.below(2) == 0 {
                    pos.side_to_move()
                } else {
                    !pos.side_to_move()
                };
                let king = pos.king(side).and_then(|k| pos.piece_at(k));
                let men: Vec<_> = pos
                    .pieces()
                    .filter(|&(_, p)| p.color() == side && Some(p) != king)
                    .map(|(_, p)| p)
                    .collect();
                let sq = chess4d_core::Square(rng.below(nsq) as u16);
                if men.is_empty()
                    || pos.piece_at(sq).is_some()
                    || Some(sq) == pos.en_passant()
                    || holes.contains(&sq)
                {
                    continue;
                }
                let mut put = pos.clone();
                put.put(sq, Some(men[rng.below(men.len())]));
                let mut other = put.clone();
                other.set_side_to_move(!put.side_to_move());
                if rules.in_check(&other) {
                    continue;
                }
                check(&put);
                compared += 1;
            }
            rules.legal_captures(&pos, &mut caps);
            let mv = if !caps.is_empty() && rng.below(10) < 6 {
                caps[rng.below(caps.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            rules.make_move(&mut pos, mv);
        }
    }
    compared
}

/// Every counted variant, with pieces put at random (see
/// [`count_equals_list_with_pieces_put`]).
#[test]
fn the_bulk_count_equals_the_list_with_pieces_put_at_random() {
    let mut rng = Rng(0x7777_1234_9876_0003);
    let mut compared = 0;
    for (name, rules) in table_variants() {
        if rules.counting_path().starts_with("bulk") {
            compared += count_equals_list_with_pieces_put(&name, &rules, 3, &mut rng);
        }
    }
    assert!(compared > 10_000, "only {compared} positions compared");
}

/// Every variant whose moves are judged in full (hops, lame leaps, confinement: the
/// xiangqi and janggi families), with pieces put at random (see
/// [`count_equals_list_with_pieces_put`]): the king's guard, which judges a move by the
/// parts of the attack test whose squares it touches, gives the reference's moves.
#[test]
fn the_kings_guard_gives_the_reference_moves_with_pieces_put_at_random() {
    let mut rng = Rng(0x5EED_6A4D_0000_0038);
    let mut compared = 0;
    let mut in_check = 0;
    let mut names = Vec::new();
    for (name, rules) in table_variants() {
        if rules.generation_path().ends_with("full legality") {
            compared += with_pieces_put(&rules, 3, &mut rng, |put| {
                in_check += u64::from(rules.in_check(put));
                same_order(&name, &rules, put);
            });
            names.push(name);
        }
    }
    for name in ["xiangqi", "janggi", "manchu", "minixiangqi"] {
        assert!(
            names.iter().any(|n| n == name),
            "{name} is not judged in full"
        );
    }
    assert!(compared > 5_000, "only {compared} positions compared");
    assert!(in_check > 200, "only {in_check} positions in check");
}

/// Drops counted by masks: in random games of every variant whose drops are counted,
/// with each kind put in the hand of the side to move (pawns near their first and last
/// ranks, kings in check, boards of 64 and 80 squares), the count equals the list.
#[test]
fn the_drop_count_equals_the_list_with_full_hands() {
    let mut rng = Rng(0xD409_0000_0033_0001);
    let (mut moves, mut list, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
    let (mut compared, mut with_drops) = (0u64, 0u64);
    let mut names = Vec::new();
    for (name, rules) in table_variants() {
        if rules.counting_path() != "bulk" || !rules.start_position().has_pockets() {
            continue;
        }
        names.push(name.clone());
        let kinds = rules.info().pieces.len();
        for _ in 0..4 {
            let mut pos = rules.start_position();
            for _ in 0..120 {
                rules.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mut full = pos.clone();
                let us = full.side_to_move();
                let king = full
                    .king(us)
                    .and_then(|k| full.piece_at(k))
                    .map(|p| p.kind());
                for k in 0..kinds {
                    let kind = chess4d_core::PieceKind(k as u8);
                    if Some(kind) != king && rng.below(3) > 0 {
                        full.set_in_hand(us, kind, 1 + rng.below(2) as u8);
                    }
                }
                rules.legal_moves(&full, &mut list);
                with_drops += list.iter().filter(|m| m.is_drop()).count() as u64;
                assert_eq!(
                    rules.count_legal_moves(&full, &mut scratch),
                    list.len() as u64,
                    "{name}: the count with drops differs from the list at {}",
                    rules.format_position(&full)
                );
                compared += 1;
                rules.make_move(&mut pos, moves[rng.below(moves.len())]);
            }
        }
    }
    for name in ["crazyhouse", "loop", "capahouse"] {
        assert!(names.iter().any(|n| n == name), "{name}: drops not counted");
    }
    assert!(compared > 1_000, "only {compared} positions compared");
    assert!(with_drops > 50_000, "only {with_drops} drops listed");
}

/// Boards of 63, 65 and 128 squares (one word below 64, two words at and past 65)
/// count in bulk and agree with the list.
#[test]
fn the_bulk_count_equals_the_list_on_boards_either_side_of_64_squares() {
    let base =
        std::fs::read_to_string(root().join("variants/nocastle.toml")).expect("nocastle.toml");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let mut rng = Rng(0x5555_1234_9876_0001);
    for (board, fen, squares) in [
        (
            "[9, 7]",
            "rnbqkbnrr/ppppppppp/9/9/9/PPPPPPPPP/RNBQKBNRR w - - 0 1",
            63,
        ),
        (
            "[13, 5]",
            "rnbqkbnrrnbqr/ppppppppppppp/13/PPPPPPPPPPPPP/RNBQKBNRRNBQR w - - 0 1",
            65,
        ),
        (
            "[16, 8]",
            "rnbqkbnrrnbqrbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQKBNRRNBQRBNR w - - 0 1",
            128,
        ),
    ] {
        let text = base
            .replace("board = [8, 8]", &format!("board = {board}"))
            .replace(start, fen);
        let rules = match parse_variant(&text, board) {
            Ok(VariantSpec::Table(rules)) => rules,
            Ok(VariantSpec::Plugin { .. }) => panic!("{board}: a plugin"),
            Err(e) => panic!("{board}: {e}"),
        };
        assert_eq!(rules.info().shape.len(), squares, "{board}");
        assert_eq!(rules.counting_path(), "bulk", "{board}");
        let compared = count_equals_list_with_pieces_put(board, &rules, 4, &mut rng);
        assert!(
            compared > 500,
            "{board}: only {compared} positions compared"
        );
    }
}

/// The forms with more kinds than a position keeps as bits (kyoto shogi's nine, its
/// tiles flipping at every move; here without drops, so that its board moves take the
/// bulk path): the pieces whose kinds it cannot see are all listed, and only the side
/// to move's, so the count still equals the list in random games.
#[test]
fn the_bulk_count_lists_the_forms_pieces_it_cannot_see_as_bits() {
    let path = root().join("variants/kyotoshogi.toml");
    let text = std::fs::read_to_string(&path).expect("kyotoshogi.toml");
    let mut kept = Vec::new();
    let mut in_drops = false;
    for line in text.lines() {
        if line.starts_with('[') {
            in_drops = line.trim() == "[drops]";
        }
        if !in_drops && !line.starts_with("drop_promoted") {
            kept.push(line);
        }
    }
    let text = kept.join("\n").replace("[]", "");
    let rules = match parse_variant(&text, "kyoto-without-drops.toml") {
        Ok(VariantSpec::Table(rules)) => rules,
        Ok(_) => panic!("not a table variant"),
        Err(e) => panic!("{e}"),
    };
    assert_eq!(rules.counting_path(), "bulk");
    let mut rng = Rng(0x6B79_6F74_6F00_0001);
    let (mut moves, mut scratch) = (Vec::new(), Vec::new());
    let mut compared = 0;
    for _ in 0..20 {
        let mut pos = rules.start_position();
        for _ in 0..60 {
            rules.legal_moves(&pos, &mut moves);
            assert_eq!(
                rules.count_legal_moves(&pos, &mut scratch),
                moves.len() as u64,
                "the bulk count differs from the list at {}",
                rules.format_position(&pos)
            );
            compared += 1;
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            rules.make_move(&mut pos, mv);
        }
    }
    assert!(compared > 500, "only {compared} positions compared");
}

/// A capture generation leaves out double steps only where none can promote: on a
/// board of four ranks a pawn's double step from the second lands on the last, and
/// that promotion is among the noisy moves, as the reference lists it.
#[test]
fn a_double_step_that_promotes_is_a_noisy_move() {
    let text = r#"
[variant]
name = "short"
title = "Four ranks"
description = "A pawn's double step reaches the last rank."
board = [4, 4]
start = "3k/4/P3/K3 w - - 0 1"

[rules]
double_step_rank = 2
promotion = ["Q", "N"]

[[piece]]
letter = "K"
name = "king"
value = 0
royal = true
moves = [{ step = [1, 2] }]

[[piece]]
letter = "Q"
name = "queen"
value = 900
moves = [{ slide = [1, 2] }]

[[piece]]
letter = "N"
name = "knight"
value = 320
moves = [{ leap = [2, 1] }]

[[piece]]
letter = "P"
name = "pawn"
value = 100
pawn = true
moves = [
  { step = 1, forward = "y", only = "move" },
  { step = 2, forward = "y", only = "capture" },
]
"#;
    let rules = match parse_variant(text, "short.toml") {
        Ok(VariantSpec::Table(rules)) => rules,
        Ok(VariantSpec::Plugin { .. }) => panic!("a table variant"),
        Err(e) => panic!("{e}"),
    };
    let pos = rules.start_position();
    same_order("short", &rules, &pos);
    let mut noisy = Vec::new();
    rules.legal_captures(&pos, &mut noisy);
    let double = noisy
        .iter()
        .filter(|m| rules.format_move(&pos, **m).starts_with("a2a4"))
        .count();
    assert_eq!(double, 2, "a2a4 promoting to each kind: {noisy:?}");
}
