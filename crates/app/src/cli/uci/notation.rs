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
