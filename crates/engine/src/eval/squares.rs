//! Square corrections for one variant: centipawns per piece kind and square, middlegame
//! and endgame, added to the hand-written evaluation's per-square table. The values are
//! fitted to Stockfish's evaluations (`examples/train_squares.rs`): what the
//! geometric terms (centre, progress, back rank) cannot say about a particular square.
//!
//! The text: `#` comments, then per kind two lines `LETTER mg|eg v1 … vN`, the squares
//! in index order from the owner's side (ranks turned for Black).

use chess4d_core::{Color, Piece, PieceKind, Rules};

/// Orthodox chess's corrections, built in.
const ORTHODOX: &str = include_str!("../../nets/orthodox.squares");
/// The variants they were fitted for: chess's own rules, whatever the start.
const ORTHODOX_VARIANTS: &[&str] = &["orthodox", "fischerandom"];

/// The built-in corrections for `rules` as `[mg, eg]` per `code * squares + square`,
/// each for the piece's owner (as the per-square table holds them), if there are any
/// for its name, board and pieces.
pub(crate) fn for_variant(rules: &dyn Rules) -> Option<Vec<[i32; 2]>> {
    let info = rules.info();
    if !ORTHODOX_VARIANTS.contains(&info.name.as_str()) || info.shape.axes() != 2 {
        return None;
    }
    let parsed = parse(ORTHODOX).ok()?;
    let squares = info.shape.len();
    let files = info.shape.sizes()[0] as usize;
    let ranks = squares / files.max(1);
    let codes = 2 * info.pieces.len() + 2;
    let mut table = vec![[0; 2]; codes * squares];
    for (k, piece) in info.pieces.iter().enumerate() {
        let letter = piece.letter.to_ascii_uppercase();
        let rows = parsed.iter().find(|(l, _)| *l == letter)?;
        for color in Color::ALL {
            let code = Piece::new(PieceKind(k as u8), color).code() as usize;
            for sq in 0..squares {
                let own = match color {
                    Color::White => sq,
                    Color::Black => (ranks - 1 - sq / files) * files + sq % files,
                };
                table[code * squares + sq] = rows.1.get(own).copied()?;
            }
        }
    }
    Some(table)
}

/// The kinds' rows: (letter, `[mg, eg]` per square).
type Rows = Vec<(char, Vec<[i32; 2]>)>;

/// Reads the text; an error names the line.
fn parse(text: &str) -> Result<Rows, String> {
    let mut rows: Rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(letter), Some(phase)) = (words.next(), words.next()) else {
            return Err(format!("line {}: expected LETTER mg|eg values", n + 1));
        };
        let letter = letter.chars().next().unwrap_or('?').to_ascii_uppercase();
        let values: Vec<i32> = words
            .map(|w| {
                w.parse()
                    .map_err(|_| format!("line {}: '{w}' is not a number", n + 1))
            })
            .collect::<Result<_, _>>()?;
        let at = match phase {
            "mg" => 0,
            "eg" => 1,
            other => return Err(format!("line {}: '{other}' is neither mg nor eg", n + 1)),
        };
        let i = match rows.iter().position(|(l, _)| *l == letter) {
            Some(i) => i,
            None => {
                rows.push((letter, vec![[0; 2]; values.len()]));
                rows.len() - 1
            }
        };
        let row = &mut rows[i].1;
        if row.len() != values.len() {
            return Err(format!(
                "line {}: {} values, expected {}",
                n + 1,
                values.len(),
                row.len()
            ));
        }
        for (cell, v) in row.iter_mut().zip(values) {
            cell[at] = v;
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_corrections_cover_every_orthodox_square() {
        let rows = parse(ORTHODOX).expect("parses");
        assert_eq!(rows.len(), 6);
        assert!(rows.iter().all(|(_, r)| r.len() == 64));
    }

    fn rules(name: &str) -> std::sync::Arc<dyn Rules> {
        let mut catalog = chess4d_variants::Catalog::embedded();
        catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
        catalog.resolve(name).expect("catalog variant")
    }

    #[test]
    fn only_chess_with_its_own_rules_gets_them() {
        assert!(for_variant(&*rules("orthodox")).is_some());
        assert!(for_variant(&*rules("fischerandom")).is_some());
        for other in [
            "kingofthehill",
            "crazyhouse",
            "3check",
            "capablanca",
            "full",
        ] {
            assert!(for_variant(&*rules(other)).is_none(), "{other}");
        }
    }

    #[test]
    fn a_square_is_worth_the_same_to_either_side_from_its_own_side() {
        let rules = rules("orthodox");
        let table = for_variant(&*rules).expect("orthodox corrections");
        let info = rules.info();
        let shape = info.shape;
        let n = shape.len();
        for (k, _) in info.pieces.iter().enumerate() {
            let white = Piece::new(PieceKind(k as u8), Color::White).code() as usize;
            let black = Piece::new(PieceKind(k as u8), Color::Black).code() as usize;
            for sq in 0..n {
                // e2 for White is e7 for Black.
                let mirror = (7 - sq / 8) * 8 + sq % 8;
                assert_eq!(table[white * n + sq], table[black * n + mirror]);
            }
        }
    }

    #[test]
    fn bad_lines_are_named() {
        assert!(parse("P mg 1 x").unwrap_err().contains("line 1"));
        assert!(parse("# c\nP xx 1").unwrap_err().contains("line 2"));
        assert!(
            parse("P mg 1 2\nP eg 1")
                .unwrap_err()
                .contains("expected 2")
        );
    }
}
