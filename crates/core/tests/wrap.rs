//! Around a wrapping axis a square can be reached by more than one path; a move is its
//! from, to and effects, so it is listed once (issue 30).

use chess4d_core::*;

fn piece(letter: char, royal: bool, moves: Vec<MoveAtom>) -> PieceDef {
    PieceDef {
        info: PieceInfo {
            letter,
            name: letter.to_string(),
            value: 100,
            royal,
            pawn: false,
        },
        moves,
        confined: None,
    }
}

/// Kings, rooks, knights and nightriders on a `files` x `ranks` board; `wrap` is the
/// bit mask of wrapping axes.
fn rules(files: u8, ranks: u8, wrap: u8, start: &str) -> TableRules {
    let def = VariantDef {
        name: "wrap".into(),
        title: "Wrap".into(),
        description: String::new(),
        shape: Shape::new(&[files, ranks]).unwrap(),
        pieces: vec![
            piece(
                'K',
                true,
                vec![MoveAtom::new(&[1], 1), MoveAtom::new(&[1, 1], 1)],
            ),
            piece('R', false, vec![MoveAtom::new(&[1], 0)]),
            piece('N', false, vec![MoveAtom::new(&[2, 1], 1)]),
            piece('M', false, vec![MoveAtom::new(&[2, 1], 0)]),
        ],
        start: start.into(),
        castling: vec![],
        castling960: None,
        en_passant: false,
        double_step_rank: None,
        triple_step: false,
        holes: vec![],
        wrap,
        promotion: vec![],
        promotion_axes: 0b10,
        repetition_limit: 3,
        move_limit_plies: 100,
        bare_kings_draw: true,
        regions: vec![],
        promotion_region: None,
        double_step_region: None,
        promotion_rules: PromotionDef::default(),
        ends: EndsDef::default(),
        drops: DropsDef::default(),
        forms: FormsDef::default(),
        passing: Default::default(),
        gating: GatingDef::default(),
        promotion_move: PromotionMoveDef::default(),
    };
    TableRules::new(def).unwrap()
}

/// The written moves of the piece on `from`.
fn moves_from(rules: &TableRules, from: &str) -> Vec<String> {
    let pos = rules.start_position();
    let sq = rules.info().shape.parse_square(from).unwrap();
    let mut legal = Vec::new();
    rules.legal_moves(&pos, &mut legal);
    legal
        .iter()
        .filter(|m| m.from == sq)
        .map(|&m| rules.format_move(&pos, m))
        .collect()
}

fn assert_distinct(moves: &[String]) {
    let mut sorted = moves.to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "a move listed twice: {moves:?}");
}

#[test]
fn a_rook_on_a_cylinder_has_fourteen_moves() {
    let r = rules(8, 8, 0b1, "4k3/8/8/8/R7/8/8/4K3 w - - 0 1");
    let moves = moves_from(&r, "a4");
    assert_distinct(&moves);
    // Seven along the rank (b4..h4, some reached both ways round), seven along the file.
    assert_eq!(moves.len(), 14, "{moves:?}");
    assert_eq!(moves.iter().filter(|m| *m == "a4h4").count(), 1);
    assert_eq!(moves.iter().filter(|m| *m == "a4e4").count(), 1);
}

#[test]
fn a_nightrider_on_a_wrapped_10x8_board_lists_i3g7_once() {
    let r = rules(10, 8, 0b1, "4k5/10/10/10/10/8M1/10/4K5 w - - 0 1");
    let moves = moves_from(&r, "i3");
    assert_distinct(&moves);
    assert_eq!(
        moves.iter().filter(|m| *m == "i3g7").count(),
        1,
        "{moves:?}"
    );
}

#[test]
fn a_knight_on_a_four_wide_wrapped_board_lists_a1c2_once() {
    let r = rules(4, 8, 0b1, "3k/4/4/4/4/4/4/N2K w - - 0 1");
    let moves = moves_from(&r, "a1");
    assert_distinct(&moves);
    // c2 both ways round (+2 and -2 files are one file), c2's mirror likewise, c3? no:
    // (±1, 2) gives b3 and d3; (±2, 1) gives c2 once.
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(sorted, ["a1b3", "a1c2", "a1d3"]);
}

#[test]
fn perft_counts_each_move_once_on_a_cylinder() {
    // Rook a4 (14) and king e1 (5: d1, f1, d2, e2, f2).
    let r = rules(8, 8, 0b1, "4k3/8/8/8/R7/8/8/4K3 w - - 0 1");
    let mut pos = r.start_position();
    assert_eq!(perft(&r, &mut pos, 1), 14 + 5);
}
