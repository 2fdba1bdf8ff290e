//! Moves as UCI writes them: on 2D boards core's UCI notation ([`chess4d_core::UciMove`]:
//! `e2e4`, `e7e8q`, `N@b1`, `e6e7+`, castling as the king's move or, in Chess960 mode,
//! king takes rook, a piece gated in as a promotion letter); beyond 2D the coordinate
//! notation (`a2[0,0]a3[0,0]`), which no 2D client could read anyway.

use chess4d_core::{Move, VariantInfo, format_uci_move, parse_uci_move};
use chess4d_core::{MoveParseError, Position, Rules};

/// Whether the board is one UCI's move form fits (two axes).
pub fn is_uci_board(info: &VariantInfo) -> bool {
    info.shape.axes() == 2
}

/// Writes `mv` (legal in `pos`) the way a UCI client reads it; on 2D boards the UCI
/// form, unless another legal move shares it (then the full coordinate notation).
pub fn format_move(rules: &dyn Rules, pos: &Position, mv: Move, chess960: bool) -> String {
    if is_uci_board(rules.info()) {
        format_uci_move(rules, pos, mv, chess960)
    } else {
        rules.format_move(pos, mv)
    }
}

/// A line of moves from `pos`, each written in the position it is played from; a
/// line the rules refuse to play on stops there.
pub fn format_line(rules: &dyn Rules, pos: &Position, line: &[Move], chess960: bool) -> String {
    let mut p = pos.clone();
    let mut words = Vec::with_capacity(line.len());
    for &m in line {
        words.push(format_move(rules, &p, m, chess960));
        if rules.try_make_move(&mut p, m).is_err() {
            break;
        }
    }
    words.join(" ")
}

/// Finds the legal move `text` names: the UCI form on 2D boards (castling both as the
/// king's move and as king takes rook, drops as `N@b1`), else the rules' own notation.
pub fn parse_move(rules: &dyn Rules, pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    if is_uci_board(rules.info()) {
        parse_uci_move(rules, pos, text)
    } else {
        rules.parse_move(pos, text)
    }
}

/// A 2D position string whose castling field names rook files (Shredder-FEN, as
/// Chess960 GUIs send: `HAha`), rewritten with `KQkq`: a rook file on the king's
/// side of the board's middle is `K`, the other `Q`. `None` if there is nothing to
/// rewrite. The rules know castling with the rooks of their own start position only.
pub fn shredder_castling(info: &VariantInfo, text: &str) -> Option<String> {
    if !is_uci_board(info) {
        return None;
    }
    let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let castling = fields.get(2)?;
    let width = info.shape.sizes()[0];
    let mut changed = false;
    let field: String = castling
        .chars()
        .map(|c| {
            let file = c.to_ascii_lowercase() as u8;
            if !(b'a'..b'a' + width).contains(&file) {
                return c;
            }
            changed = true;
            let king_side = file - b'a' >= width / 2;
            match (c.is_ascii_uppercase(), king_side) {
                (true, true) => 'K',
                (true, false) => 'Q',
                (false, true) => 'k',
                (false, false) => 'q',
            }
        })
        .collect();
    if !changed {
        return None;
    }
    fields[2] = field;
    Some(fields.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    fn orthodox(fen: &str) -> (std::sync::Arc<dyn Rules>, Position) {
        let rules = Catalog::embedded().resolve("orthodox").expect("built in");
        let pos = rules.parse_position(fen).expect("a position");
        (rules, pos)
    }

    #[test]
    fn castling_en_passant_and_promotion_in_uci_form() {
        let (rules, pos) = orthodox("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        let mut written: Vec<String> = Vec::new();
        let mut legal = Vec::new();
        rules.legal_moves(&pos, &mut legal);
        for &m in &legal {
            let w = format_move(&*rules, &pos, m, false);
            assert_eq!(parse_move(&*rules, &pos, &w), Ok(m), "{w}");
            written.push(w);
        }
        for want in ["e1g1", "e1c1", "e5d6", "b7b8q", "b7b8n", "b7a8r"] {
            assert!(written.iter().any(|w| w == want), "{want} in {written:?}");
        }
        assert!(written.iter().all(|w| w.len() <= 5), "{written:?}");
        let castle = parse_move(&*rules, &pos, "e1g1").expect("castling");
        assert_eq!(format_move(&*rules, &pos, castle, true), "e1h1");
        assert_eq!(parse_move(&*rules, &pos, "e1h1"), Ok(castle));
        // The old coordinate notation is still read.
        assert_eq!(parse_move(&*rules, &pos, "e1g1+h1f1"), Ok(castle));
        assert!(parse_move(&*rules, &pos, "e1e3").is_err());
        assert!(parse_move(&*rules, &pos, "0000").is_err());
    }

    #[test]
    fn shredder_castling_letters_are_read() {
        let rules = Catalog::embedded().resolve("orthodox").expect("built in");
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
        let text = shredder_castling(rules.info(), fen).expect("rewritten");
        assert_eq!(
            text,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(rules.parse_position(&text), Ok(rules.start_position()));
        assert_eq!(shredder_castling(rules.info(), &text), None);
    }

    #[test]
    fn gated_pieces_are_written_as_fairy_stockfish_writes_them() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/seirawan.toml");
        let text = std::fs::read_to_string(path).expect("variants/seirawan.toml");
        let rules: std::sync::Arc<dyn Rules> = match chess4d_variants::parse_variant(&text, path) {
            Ok(chess4d_variants::VariantSpec::Table(t)) => std::sync::Arc::new(*t),
            _ => panic!("seirawan is a table variant"),
        };
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K2R[EHeh] w KQBkq - 0 1";
        let pos = rules.parse_position(fen).expect("a position");
        let mut legal = Vec::new();
        rules.legal_moves(&pos, &mut legal);
        let written: Vec<String> = legal
            .iter()
            .map(|&m| format_move(&*rules, &pos, m, false))
            .collect();
        for (&m, w) in legal.iter().zip(&written) {
            assert_eq!(parse_move(&*rules, &pos, w), Ok(m), "{w}");
        }
        for want in ["b1c3h", "e1g1e", "h1e1e", "h1e1h", "e1g1", "e1f1"] {
            assert!(written.iter().any(|w| w == want), "{want} in {written:?}");
        }
    }

    fn with_files(name: &str) -> std::sync::Arc<dyn Rules> {
        let mut c = Catalog::embedded();
        c.add_dir(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../variants"
        )));
        c.resolve(name).expect("a catalog variant")
    }

    /// Text that is no UCI move is an error with a kind and words, never a panic.
    #[test]
    fn bad_uci_text_is_an_error_not_a_panic() {
        use chess4d_core::{MoveParseErrorKind, UciMove};
        let rules = with_files("crazyhouse");
        let pos = rules
            .parse_position("7k/8/8/8/8/8/7r/K6r[N] w - - 0 1")
            .expect("a position");
        for bad in [
            "", "e2", "e2e4qq", "@e4", "X@e4", "N@z9", "NN@b1", "e2e4!", "+N@b1", "ée4",
        ] {
            assert!(UciMove::parse(&*rules, bad).is_err(), "{bad}");
            assert!(parse_move(&*rules, &pos, bad).is_err(), "{bad}");
        }
        let long = "a".repeat(500);
        assert_eq!(
            UciMove::parse(&*rules, &long).map_err(|e| e.kind),
            Err(MoveParseErrorKind::TooLong)
        );
        let no_queen = parse_move(&*rules, &pos, "Q@b1").unwrap_err();
        assert!(no_queen.reason.contains("no queen in hand"), "{no_queen}");
        let pass = parse_move(&*rules, &pos, "0000").unwrap_err();
        assert!(pass.reason.contains("cannot pass"), "{pass}");
        assert_eq!(UciMove::parse(&*rules, "0000"), Ok(UciMove::Null));
        // Lower-case drop letters are read too.
        assert_eq!(
            parse_move(&*rules, &pos, "n@b1"),
            parse_move(&*rules, &pos, "N@b1")
        );
    }

    /// A move's kind is asked, not decoded from its squares.
    #[test]
    fn a_moves_kind_is_asked() {
        use chess4d_core::MoveKind;
        let kind_of = |variant: &str, fen: &str, text: &str| {
            let rules = with_files(variant);
            let pos = rules.parse_position(fen).expect("a position");
            let mv = parse_move(&*rules, &pos, text).expect("legal");
            (mv.kind(rules.info(), &pos), rules)
        };
        let (k, zh) = kind_of("crazyhouse", "7k/8/8/8/8/8/7r/K6r[N] w - - 0 1", "N@b1");
        assert_eq!(
            k,
            MoveKind::Drop(zh.info().kind_by_letter('N').expect("knight"))
        );
        let orthodox = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(kind_of("orthodox", orthodox, "e1c1").0, MoveKind::Castle);
        assert_eq!(kind_of("orthodox", orthodox, "a1a8").0, MoveKind::Board);
        let janggi = "9/4k4/9/9/9/9/9/9/4K4/9 w - - 0 1";
        assert_eq!(kind_of("janggi", janggi, "e2e2").0, MoveKind::Pass);
        assert_eq!(kind_of("janggi", janggi, "0000").0, MoveKind::Pass);
        let sittuyin = "8/8/6R1/s3r3/P5R1/1KP3p1/1F2kr2/8[] b - - 0 1";
        let (k, rules) = kind_of("sittuyin", sittuyin, "g3g3f");
        assert_eq!(
            k,
            MoveKind::InPlacePromotion(rules.info().kind_by_letter('f').expect("general"))
        );
        let chess960 = "4k3/8/8/8/8/8/8/1RK4R w KQ - 0 1";
        assert_eq!(
            kind_of("fischerandom", chess960, "c1b1").0,
            MoveKind::Castle
        );
    }

    #[test]
    fn beyond_2d_the_coordinate_notation_stays() {
        let rules = Catalog::embedded().resolve("full").expect("built in");
        let pos = rules.start_position();
        let mut legal = Vec::new();
        rules.legal_moves(&pos, &mut legal);
        let m = legal[0];
        let w = format_move(&*rules, &pos, m, false);
        assert_eq!(w, rules.format_move(&pos, m));
        assert_eq!(parse_move(&*rules, &pos, &w), Ok(m));
    }
}
