use super::*;
use chess4d_core::Rules;

fn setup(variant: &str) -> (std::sync::Arc<dyn Rules>, Evaluator) {
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    let rules = catalog.resolve(variant).expect("catalog variant");
    let e = Evaluator::new(&*rules);
    (rules, e)
}

#[test]
fn each_key_follows_its_own_pieces_only() {
    let (rules, e) = setup("orthodox");
    let keys = |fen: &str| e.raw_keyed(&rules.parse_position(fen).expect("test FEN")).1;
    let start = keys("r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2");
    // White's knight elsewhere: only White's piece key changes.
    let knight = keys("r1bqkbnr/pppppppp/2n5/8/8/7N/PPPPPPPP/RNBQKB1R w KQkq - 2 2");
    assert_eq!(knight.pawns, start.pawns);
    assert_ne!(knight.pieces[0], start.pieces[0]);
    assert_eq!(knight.pieces[1], start.pieces[1]);
    // A pawn pushed: only the pawn key.
    let pawn = keys("r1bqkbnr/pppppppp/2n5/8/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 2");
    assert_ne!(pawn.pawns, start.pawns);
    assert_eq!(pawn.pieces, start.pieces);
    // Black's king on e7 (its pawn gone): Black's piece key changes too, the king
    // being one of the pieces.
    let king = keys("r1bq1bnr/ppppkppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQ - 2 2");
    assert_eq!(king.pieces[0], start.pieces[0]);
    assert_ne!(king.pieces[1], start.pieces[1]);
}

/// How much the terms that `set` sizes give to `fen` (side to move's view): the
/// score with them set to 40 less the score with them set to 0, the other weights
/// at their defaults.
fn term(variant: &str, fen: &str, set: impl Fn(&mut Weights, i32)) -> i32 {
    let (rules, _) = setup(variant);
    let score = |v: i32| {
        let mut w = Weights::default();
        set(&mut w, v);
        let e = Evaluator::with_weights(&*rules, w);
        e.evaluate(&rules.parse_position(fen).expect("test FEN"))
    };
    score(40) - score(0)
}

#[test]
fn a_piece_attacked_by_a_pawn_or_left_undefended_scores_lower() {
    let threats = |w: &mut Weights, v| {
        w.threat_pawn_mg = v;
        w.threat_pawn_eg = v;
        w.hanging_mg = v;
        w.hanging_eg = v;
        w.hanging_pawn_mg = v;
        w.hanging_pawn_eg = v;
    };
    // (Both sides keep pawns, so that no material scaling hides the terms.) The
    // knight on e4 is attacked by the d5 pawn and defended by nothing.
    let attacked = term("orthodox", "4k3/6pp/8/3p4/4N3/8/PP6/4K3 w - - 0 1", threats);
    // Here the pawn attacks nothing and the knight is defended by the king.
    let safe = term("orthodox", "4k3/p5pp/8/8/4N3/4K3/PP6/8 w - - 0 1", threats);
    assert!(attacked < -40, "attacked knight: {attacked}");
    assert_eq!(safe, 0);
    // A rook attacked by a knight: the knight's side gains.
    let lesser = |w: &mut Weights, v| {
        w.threat_lesser_mg = v;
        w.threat_lesser_eg = v;
    };
    let by_knight = term("orthodox", "4k3/6pp/8/3r4/8/4N3/PP6/4K3 w - - 0 1", lesser);
    assert!(by_knight > 0, "rook attacked by a knight: {by_knight}");
    // A rook attacking a knight is no threat by a lesser piece.
    let by_rook = term("orthodox", "4k3/6pp/8/3n4/8/8/PP6/3RK3 w - - 0 1", lesser);
    assert_eq!(by_rook, 0);
}

#[test]
fn a_rook_on_an_open_line_scores_higher_than_on_a_closed_one() {
    let lines = |w: &mut Weights, v| {
        w.line_open_mg = v;
        w.line_open_eg = v;
        w.line_half_mg = v / 2;
        w.line_half_eg = v / 2;
    };
    let open = term("orthodox", "4k3/pp6/8/8/8/8/PP6/3RK3 w - - 0 1", lines);
    let half = term("orthodox", "4k3/pp1p4/8/8/8/8/PP6/3RK3 w - - 0 1", lines);
    let closed = term("orthodox", "4k3/pp6/8/8/8/8/PP1P4/3RK3 w - - 0 1", lines);
    assert!(open > half && half > 0, "open {open} half {half}");
    assert_eq!(closed, 0);
    // The rook slides along the pawns' lines on every board; the bishop and the
    // queen (the most valuable kind) do not count.
    for variant in ["orthodox", "classic"] {
        let (rules, e) = setup(variant);
        let kind = |l: char| rules.info().kind_by_letter(l).expect("piece").index();
        assert!(e.kinds[kind('R')].line_slider, "{variant}");
        assert!(!e.kinds[kind('B')].line_slider && !e.kinds[kind('Q')].line_slider);
    }
}

#[test]
fn bishops_on_both_colours_make_a_pair() {
    let (rules, e) = setup("orthodox");
    let kind = |l: char| rules.info().kind_by_letter(l).expect("piece").index();
    assert!(e.kinds[kind('B')].bound);
    assert!(!e.kinds[kind('N')].bound && !e.kinds[kind('R')].bound && !e.kinds[kind('Q')].bound);
    let pair_weights = |w: &mut Weights, v| {
        w.pair_mg = v;
        w.pair_eg = v;
    };
    let pair = term(
        "orthodox",
        "4k3/pp6/8/8/8/8/PP6/2B1KB2 w - - 0 1",
        pair_weights,
    );
    let same = term(
        "orthodox",
        "4k3/pp6/8/8/8/4B3/PP6/2B1K3 w - - 0 1",
        pair_weights,
    );
    assert!(pair > 0, "pair {pair}");
    assert_eq!(same, 0);
}

#[test]
fn a_knight_on_an_outpost_scores_higher() {
    let outposts = |w: &mut Weights, v| {
        w.outpost_mg = v;
        w.outpost_eg = v;
    };
    // The e4 pawn defends d5 and no black pawn can come to attack it.
    let outpost = term(
        "orthodox",
        "4k3/pp5p/8/3N4/4P3/8/PP6/4K3 w - - 0 1",
        outposts,
    );
    // The c7 pawn can.
    let attackable = term(
        "orthodox",
        "4k3/ppp4p/8/3N4/4P3/8/PP6/4K3 w - - 0 1",
        outposts,
    );
    // No pawn defends it.
    let undefended = term(
        "orthodox",
        "4k3/pp5p/8/3N4/8/4P3/PP6/4K3 w - - 0 1",
        outposts,
    );
    assert!(outpost > 0, "outpost {outpost}");
    assert_eq!((attackable, undefended), (0, 0));
}

#[test]
fn castling_rights_a_piece_at_home_and_pawns_side_by_side_have_their_weights() {
    let castling = |w: &mut Weights, v| w.castling_mg = v;
    let rights = term(
        "orthodox",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1",
        castling,
    );
    let none = term(
        "orthodox",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1",
        castling,
    );
    assert!(rights > 0, "castling rights {rights}");
    assert_eq!(none, 0);
    let home = |w: &mut Weights, v| {
        w.bound_back_mg = v;
        w.bound_back_eg = v;
    };
    let at_home = term("orthodox", "4k3/pp6/8/8/8/8/PP6/2B1K3 w - - 0 1", home);
    let out = term("orthodox", "4k3/pp6/8/8/8/8/PP1B4/4K3 w - - 0 1", home);
    assert!(at_home > 0, "bishop at home {at_home}");
    assert_eq!(out, 0);
    let phalanx = |w: &mut Weights, v| {
        w.phalanx_mg = v;
        w.phalanx_eg = v;
    };
    let beside = term("orthodox", "4k3/p1p5/8/8/3PP3/8/8/4K3 w - - 0 1", phalanx);
    let behind = term("orthodox", "4k3/p1p5/8/4P3/3P4/8/8/4K3 w - - 0 1", phalanx);
    assert!(beside > 0, "pawns side by side {beside}");
    assert_eq!(behind, 0);
}

#[test]
fn a_check_from_an_unguarded_square_counts_against_the_king() {
    let checks = |w: &mut Weights, v| {
        w.safe_check_mg = v;
        w.safe_check_eg = v;
    };
    // The queen can check from d8, which nothing of Black's guards.
    let open = term("orthodox", "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", checks);
    // The rook on a8 guards d8.
    let guarded = term("orthodox", "r5k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", checks);
    assert!(open < 0, "safe check {open}");
    assert_eq!(guarded, 0);
}

#[test]
fn the_pawn_cache_gives_what_the_evaluation_works_out() {
    let (rules, e) = setup("orthodox");
    let (classic, c) = setup("classic");
    let fens = [
        "r1bq1rk1/pp1nbppp/2p1pn2/6B1/2BP4/2N1PN2/PP3PPP/2RQK2R b K - 0 9",
        "8/5k2/3p4/1p1P1p2/1P3P2/6K1/8/8 w - - 0 1",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
    ];
    let first: Vec<i32> = fens
        .iter()
        .map(|f| e.evaluate(&rules.parse_position(f).expect("test FEN")))
        .collect();
    // Another variant's evaluator in between takes the thread's table over.
    let start = c.evaluate(&classic.start_position());
    for (f, &score) in fens.iter().zip(&first) {
        let pos = rules.parse_position(f).expect("test FEN");
        assert_eq!(e.evaluate(&pos), score, "{f}");
        assert_eq!(e.evaluate(&pos), score, "{f}");
    }
    assert_eq!(c.evaluate(&classic.start_position()), start);
    // A second evaluator with other weights never reads the first one's entries.
    let w = Weights {
        doubled_mg: 0,
        doubled_eg: 0,
        ..Weights::default()
    };
    let other = Evaluator::with_weights(&*rules, w);
    let doubled = rules
        .parse_position("4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1")
        .expect("test FEN");
    let fresh = other.evaluate(&doubled);
    assert_ne!(e.evaluate(&doubled), fresh);
    assert_eq!(other.evaluate(&doubled), fresh);
}

fn mates(rules: &dyn Rules, e: &Evaluator, letter: char) -> bool {
    let k = rules.info().kind_by_letter(letter).expect("piece");
    e.kinds[k.index()].mates_alone
}

#[test]
fn the_network_serves_orthodox_chess_and_chess960_only() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    for (variant, networked) in [
        ("orthodox", true),
        ("fischerandom", true),
        ("3check", false),
    ] {
        let (rules, e) = setup(variant);
        assert_eq!(e.net.is_some(), networked, "{variant}");
        let pos = rules.parse_position(fen).expect("test FEN");
        let without = Evaluator::corrected_with(&*rules, e.w.clone());
        assert_eq!(
            e.evaluate(&pos) != without.evaluate(&pos),
            networked,
            "{variant}"
        );
    }
}

#[test]
fn the_weights_fitted_with_the_corrections_serve_only_the_variants_that_have_them() {
    let start = |e: &Evaluator, rules: &dyn Rules| e.evaluate(&rules.start_position());
    // Orthodox chess: the default set, under the corrections (the network aside).
    let (rules, mut e) = setup("orthodox");
    e.net = None;
    let fitted = Evaluator::corrected_with(&*rules, Weights::default());
    let alone = Evaluator::corrected_with(&*rules, Weights::for_axes(2));
    assert_eq!(start(&e, &*rules), start(&fitted, &*rules));
    assert_ne!(start(&e, &*rules), start(&alone, &*rules));
    // Three-check has no corrections: the 2D set fitted alone.
    let (rules, e) = setup("3check");
    let alone = Evaluator::with_weights(&*rules, Weights::for_axes(2));
    let fitted = Evaluator::with_weights(&*rules, Weights::default());
    assert_eq!(start(&e, &*rules), start(&alone, &*rules));
    assert_ne!(start(&e, &*rules), start(&fitted, &*rules));
}

#[test]
fn the_pieces_that_mate_alone_follow_the_board() {
    let (rules, e) = setup("orthodox");
    assert!(mates(&*rules, &e, 'Q') && mates(&*rules, &e, 'R'));
    assert!(!mates(&*rules, &e, 'B') && !mates(&*rules, &e, 'N'));
    let (rules, e) = setup("classic");
    assert!(mates(&*rules, &e, 'Q'));
    assert!(!mates(&*rules, &e, 'R') && !mates(&*rules, &e, 'B') && !mates(&*rules, &e, 'N'));
}

#[test]
fn in_giveaway_a_piece_more_is_a_liability() {
    // The file's values are negative: the side with fewer pieces stands better.
    let (rules, e) = setup("giveaway");
    let score = |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN"));
    let fewer = score("4k3/pppp4/8/8/8/8/PP6/4K3 w - - 0 1");
    let more = score("4k3/pp6/8/8/8/8/PPPP4/4K3 w - - 0 1");
    assert!(fewer > more, "fewer pieces {fewer}, more pieces {more}");
    // Orthodox values stay assets.
    let (rules, e) = setup("orthodox");
    let score = |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN"));
    let more = score("4k3/pp6/8/8/8/8/PPPP4/4K3 w - - 0 1");
    let fewer = score("4k3/pppp4/8/8/8/8/PP6/4K3 w - - 0 1");
    assert!(more > fewer, "more pieces {more}, fewer pieces {fewer}");
}

#[test]
fn material_that_cannot_mate_scores_near_a_draw() {
    // The side to move's tempo bonus aside, which every score carries.
    let (rules, e) = setup("orthodox");
    let score = |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN")) - e.w.tempo;
    let kb = score("8/8/4k3/8/8/3BK3/8/8 w - - 0 1");
    assert!(kb.abs() < 80, "{kb}");
    assert!(score("8/8/4k3/8/8/3RK3/8/8 w - - 0 1") > 400);
    assert!(score("8/8/4k3/3b4/8/3RK3/8/8 w - - 0 1").abs() < 80);
    let (rules, e) = setup("classic");
    let score = |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN")) - e.w.tempo;
    let rook = score("4/4/4/R1K1|4/4/4/4|3k/4/4/4|4/4/4/4 w - - 0 1");
    assert!(rook.abs() < 100, "{rook}");
    assert!(score("4/4/4/Q1K1|4/4/4/4|3k/4/4/4|4/4/4/4 w - - 0 1") > 400);
}

#[test]
fn pieces_in_hand_keep_an_advantage_from_being_scaled_towards_a_draw() {
    // White has no pawn on the board and a knight's worth more there: drawn by the
    // board's material alone, but the four pawns in hand can be dropped.
    let (rules, e) = setup("crazyhouse");
    let score = |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN")) - e.w.tempo;
    let bare = score("4k3/8/8/8/8/8/8/4K1N1[] w - - 0 1");
    assert!(bare.abs() < 80, "a lone knight: {bare}");
    let held = score("4k3/8/8/8/8/8/8/4K1N1[PPPP] w - - 0 1");
    let queen = score("4k3/8/8/8/8/8/8/4K1N1[Q] w - - 0 1");
    assert!(queen > held, "a queen in hand {queen}, four pawns {held}");
    assert!(held > 400, "a knight and four pawns in hand: {held}");
}

#[test]
fn a_passed_pawn_is_worth_more_the_closer_it_is_to_promotion() {
    let (rules, e) = setup("orthodox");
    let score = |fen: &str| e.evaluate(&rules.parse_position(fen).expect("test FEN"));
    let far = score("4k3/8/8/8/8/P7/8/4K3 w - - 0 1");
    let near = score("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let blocked_by_pawn = score("4k3/p7/8/8/8/P7/8/4K3 w - - 0 1");
    assert!(near > far + 100, "near {near} far {far}");
    assert!(
        far > blocked_by_pawn + 60,
        "far {far} blocked {blocked_by_pawn}"
    );
}

#[test]
fn a_cannon_is_learned_to_capture_by_hopping_and_a_chariot_not() {
    let (rules, e) = setup("xiangqi");
    let kind = |letter: char| {
        let k = rules
            .info()
            .pieces
            .iter()
            .position(|p| p.letter == letter)
            .expect("xiangqi piece");
        e.kinds[k].hopper
    };
    assert!(kind('C'));
    assert!(!kind('R'));
    assert!(!kind('N'));
}

#[test]
fn a_cannon_threatens_what_stands_behind_its_screen_not_the_screen() {
    let (rules, e) = setup("xiangqi");
    let score = |fen: &str| e.raw(&rules.parse_position(fen).expect("test FEN"));
    // The red cannon on e3 behind a red soldier on e4: the black chariot on e8 is
    // attacked through the screen; moved off the file, it is not.
    let attacked = score("5k3/9/9/4r4/9/9/4P4/4C4/9/3K5 w - - 0 1");
    let safe = score("5k3/9/9/2r6/9/9/4P4/4C4/9/3K5 w - - 0 1");
    assert!(attacked > safe, "{attacked} should exceed {safe}");
}

/// Plays `plies` random legal moves from the start (fewer where the game ends).
fn random_game(rules: &dyn Rules, seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = crate::Rng::new(seed);
    let mut pos = rules.start_position();
    let mut seen = vec![pos.clone()];
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        rules.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        rules.make_move(&mut pos, mv);
        seen.push(pos.clone());
    }
    seen
}

#[test]
fn the_terms_counted_on_square_sets_are_the_ray_walks_to_the_unit() {
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    let mut variants = Vec::new();
    let mut positions = 0;
    for entry in catalog.entries() {
        let Some(rules) = entry.ready() else { continue };
        let mut e = Evaluator::with_weights(&*rules, Weights::default());
        let Some(mut bits) = e.bit_rays.take() else {
            continue;
        };
        variants.push(entry.name.clone());
        for seed in 0..6 {
            for pos in random_game(&*rules, seed, 80) {
                let walked = e.raw(&pos);
                e.bit_rays = Some(bits);
                let counted = e.raw(&pos);
                bits = e.bit_rays.take().expect("just put back");
                assert_eq!(
                    counted,
                    walked,
                    "{} {}",
                    entry.name,
                    rules.format_position(&pos)
                );
                positions += 1;
            }
        }
    }
    // The boards of 128 squares or fewer: chess and the 4D sets among them, one word;
    // shogi, capablanca and Raumschach two.
    for name in [
        "orthodox",
        "full",
        "classic",
        "gardner",
        "makruk",
        "shogi",
        "capablanca",
        "raumschach",
    ] {
        assert!(
            variants.iter().any(|v| v == name),
            "{name} is not counted on sets: {variants:?}"
        );
    }
    assert!(positions > 1000, "{positions}");
}

/// Where the network alone scores the board, its short walk (the men by the
/// position's bits, no square terms, no pieces' list) gives the score and the keys of
/// the full walk, and hands a lone king back to the hand-written evaluation.
#[test]
fn the_networks_own_walk_scores_and_keys_as_the_full_walk() {
    for variant in ["orthodox", "fischerandom"] {
        let (rules, e) = setup(variant);
        let net = e.net.as_ref().expect("the chess family has a network");
        assert_eq!(net.mode(), net::Mode::Alone);
        let (mut short, mut handed_back) = (0, 0);
        for seed in 0..12 {
            for pos in random_game(&*rules, seed, 300) {
                let full = e.raw_keyed_by_hand(&pos);
                match e.net_alone(&pos, net) {
                    Some(found) => {
                        assert_eq!(found, full, "{variant} {}", rules.format_position(&pos));
                        short += 1;
                    }
                    None => handed_back += 1,
                }
                assert_eq!(e.raw_keyed(&pos), full);
            }
        }
        assert!(short > 1000, "{variant}: {short}");
        assert!(
            handed_back > 0,
            "{variant}: no lone king in the random games"
        );
    }
}
