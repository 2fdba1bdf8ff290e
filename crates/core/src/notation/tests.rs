use crate::{
    EndsDef, MoveAtom, PieceDef, PieceInfo, PromotionDef, Rules, Shape, TableRules, VariantDef,
    parse_notation, parse_san, san, san_moves,
};

/// Kings and rooks on a 4x4x2x2 board: boards in FEN order [0,0] [1,0] [0,1] [1,1].
fn kings_and_rooks() -> TableRules {
    let piece = |letter, name: &str, royal, moves| PieceDef {
        info: PieceInfo {
            letter,
            name: name.into(),
            value: 500,
            royal,
            pawn: false,
        },
        moves,
        confined: None,
    };
    let king_moves = (1..=4).map(|n| MoveAtom::new(&vec![1; n], 1)).collect();
    TableRules::new(VariantDef {
        name: "mini".into(),
        title: "Kings and rooks".into(),
        description: String::new(),
        shape: Shape::new(&[4, 4, 2, 2]).expect("shape"),
        pieces: vec![
            piece('K', "king", true, king_moves),
            piece('R', "rook", false, vec![MoveAtom::new(&[1], 0)]),
        ],
        start: "4/4/4/KR2|4/4/4/4|4/4/4/4|k3/4/4/4 w - - 0 1".into(),
        castling: vec![],
        castling960: None,
        en_passant: false,
        double_step_rank: None,
        triple_step: false,
        holes: vec![],
        wrap: 0,
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
        drops: crate::DropsDef::default(),
        forms: crate::FormsDef::default(),
        passing: crate::PassingDef::default(),
        gating: crate::GatingDef::default(),
        promotion_move: crate::PromotionMoveDef::default(),
    })
    .expect("rules")
}

/// The SAN of the move written `coordinate` in the position `fen`, after checking that
/// every legal move there reads back from its SAN.
fn san_of(rules: &TableRules, fen: &str, coordinate: &str) -> String {
    let pos = rules.parse_position(fen).expect("fen");
    let mut legal = Vec::new();
    rules.legal_moves(&pos, &mut legal);
    for (&mv, name) in legal.iter().zip(san_moves(rules, &pos, &legal)) {
        assert_eq!(parse_san(rules, &pos, &name), Ok(mv), "{name}");
    }
    let mv = rules.parse_move(&pos, coordinate).expect("legal");
    san(rules, &pos, mv)
}

#[test]
fn the_file_comes_first_then_the_rank_then_the_bracket() {
    let rules = kings_and_rooks();
    let two_on_a_rank = "4/4/4/R1R1|4/4/4/4|4/4/4/4|k2K/4/4/4 w - - 0 1";
    assert_eq!(san_of(&rules, two_on_a_rank, "a1[0,0]b1[0,0]"), "Rab1[0,0]");
    assert_eq!(san_of(&rules, two_on_a_rank, "a1[0,0]a2[0,0]"), "Ra2[0,0]");
    let two_on_a_file = "4/R3/4/R3|4/4/4/4|4/4/4/4|k2K/4/4/4 w - - 0 1";
    assert_eq!(san_of(&rules, two_on_a_file, "a1[0,0]a2[0,0]"), "R1a2[0,0]");
    let two_on_one_square_of_other_boards = "4/4/4/4|4/4/4/R3|4/4/4/R3|k2K/4/4/4 w - - 0 1";
    assert_eq!(
        san_of(&rules, two_on_one_square_of_other_boards, "a1[1,0]a1[0,0]"),
        "R[1,0]a1[0,0]"
    );
    // Check along Y across the W board, with the bracket telling the rooks apart.
    assert_eq!(
        san_of(&rules, two_on_one_square_of_other_boards, "a1[1,0]a1[1,1]"),
        "R[1,0]a1[1,1]+"
    );
}

#[test]
fn captures_and_extra_coordinates_are_read() {
    let rules = kings_and_rooks();
    let fen = "4/4/4/R1r1|4/4/4/4|4/4/4/4|k2K/4/4/4 w - - 0 1";
    assert_eq!(san_of(&rules, fen, "a1[0,0]c1[0,0]"), "Rxc1[0,0]");
    let pos = rules.parse_position(fen).expect("fen");
    let take = rules.parse_move(&pos, "a1[0,0]c1[0,0]").expect("legal");
    for text in [
        "Rxc1[0,0]",
        "Rc1[0,0]",
        "Rac1[0,0]",
        "Ra1[0,0]xc1[0,0]",
        "R[0,0]c1[0,0]",
        "a1[0,0]c1[0,0]",
    ] {
        assert_eq!(parse_notation(&rules, &pos, text), Ok(take), "{text}");
    }
    for bad in ["Rc1", "Rxc1[0]", "Qc1[0,0]", "R[0]c1[0,0]", "", "R", "é"] {
        assert!(parse_notation(&rules, &pos, bad).is_err(), "{bad}");
    }
}
