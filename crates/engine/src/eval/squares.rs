//! Square corrections for one variant: centipawns per piece kind and square, middlegame
//! and endgame, fitted to Stockfish's evaluations (`examples/train_squares.rs`). The
//! plain rows are added to the hand-written evaluation's per-square table: what the
//! geometric terms (centre, progress, back rank) cannot say about a particular square.
//! The king rows depend on where the kings stand too (which pair of files, and the
//! back rank, the next or further): a pawn in front of its castled king, a piece near
//! the enemy's.
//!
//! The text: `#` comments, then per kind lines `LETTER mg|eg [ownB|enemyB] v1 … vN`, the
//! squares in index order from the owner's side (ranks turned for Black); `ownB` rows
//! count while the owner's king is in bucket B, `enemyB` rows while the enemy's is.

use super::family::Family;
use chess4d_core::{Color, Piece, PieceKind, Position, Rules};

/// King buckets: the king's pair of files (a-b, c-d, e-f, g-h) and its rank from its
/// own side (the back rank, the next, or further).
pub const BUCKETS: usize = 12;

/// The bucket of a king on `own` (a square index from its owner's side, 8x8): what
/// the engine reads and `examples/train_squares.rs` fits by.
pub fn bucket(own: usize) -> usize {
    (own % 8 / 2) * 3 + (own / 8).min(2)
}

/// A variant's corrections.
pub(crate) struct Corrections {
    /// `[mg, eg]` per `code * squares + square`, for the piece's owner (as the
    /// per-square table holds them).
    pub(crate) plain: Vec<[i32; 2]>,
    /// The rows that follow the kings, if the file has any.
    pub(crate) kings: Option<KingSquares>,
}

/// Corrections by the buckets of both kings.
pub(crate) struct KingSquares {
    squares: usize,
    codes: usize,
    /// Per side and square: the bucket of that side's king there.
    bucket: [Vec<u8>; 2],
    /// `[mg, eg]` per `((family * BUCKETS + bucket) * codes + code) * squares + square`,
    /// family 0 for the owner's king, 1 for the enemy's.
    table: Vec<[i32; 2]>,
}

impl KingSquares {
    /// Both kings' buckets (White's, Black's), if both are on the board.
    #[inline]
    pub(crate) fn buckets(&self, pos: &Position) -> Option<[usize; 2]> {
        let w = pos.king(Color::White)?.index();
        let b = pos.king(Color::Black)?.index();
        Some([
            *self.bucket[0].get(w)? as usize,
            *self.bucket[1].get(b)? as usize,
        ])
    }

    /// The correction of piece `code` of side `side` (0 White) on `sq`, the kings in
    /// `buckets`.
    #[inline]
    pub(crate) fn value(
        &self,
        code: usize,
        side: usize,
        sq: usize,
        buckets: [usize; 2],
    ) -> [i32; 2] {
        let at = |family: usize, bucket: usize| {
            self.table
                .get(((family * BUCKETS + bucket) * self.codes + code) * self.squares + sq)
                .copied()
                .unwrap_or([0; 2])
        };
        let own = at(0, buckets[side]);
        let enemy = at(1, buckets[1 - side]);
        [own[0] + enemy[0], own[1] + enemy[1]]
    }
}

/// The corrections of `family` for `rules` (whose fingerprint is the family's), if the
/// family has them and they cover the board and every kind.
pub(crate) fn for_family(rules: &dyn Rules, family: &Family) -> Option<Corrections> {
    let info = rules.info();
    if info.shape.axes() != 2 || info.shape.len() != 64 {
        return None;
    }
    let parsed = parse(family.squares?).ok()?;
    let squares = 64;
    let codes = 2 * info.pieces.len() + 2;
    // The square of `sq` seen from `color`'s side.
    let own = |color: Color, sq: usize| match color {
        Color::White => sq,
        Color::Black => sq ^ 56,
    };
    let table_of = |family: usize| -> Option<Vec<[i32; 2]>> {
        let mut table = vec![[0; 2]; codes * squares];
        for (k, piece) in info.pieces.iter().enumerate() {
            let letter = piece.letter.to_ascii_uppercase();
            let row = parsed
                .iter()
                .find(|r| r.letter == letter && r.family == family);
            for color in Color::ALL {
                let code = Piece::new(PieceKind(k as u8), color).code() as usize;
                for sq in 0..squares {
                    table[code * squares + sq] = match row {
                        Some(r) => r.values.get(own(color, sq)).copied()?,
                        // A kind must have its plain rows; king rows may be left out.
                        None if family == 0 => return None,
                        None => [0; 2],
                    };
                }
            }
        }
        Some(table)
    };
    let plain = table_of(0)?;
    let kings = if parsed.iter().any(|r| r.family > 0) {
        let mut table = Vec::with_capacity(2 * BUCKETS * codes * squares);
        for family in 1..=2 * BUCKETS {
            table.extend(table_of(family)?);
        }
        Some(KingSquares {
            squares,
            codes,
            bucket: [Color::White, Color::Black]
                .map(|c| (0..squares).map(|sq| bucket(own(c, sq)) as u8).collect()),
            table,
        })
    } else {
        None
    };
    Some(Corrections { plain, kings })
}

/// One row of the file: a kind's values for one family (0 plain, `1 + B` the owner's
/// king in bucket B, `1 + BUCKETS + B` the enemy's), `[mg, eg]` per square.
#[derive(Debug)]
struct Row {
    letter: char,
    family: usize,
    values: Vec<[i32; 2]>,
}

/// Reads a family word (`own3`, `enemy0`), if `word` is one.
fn family(word: &str) -> Option<usize> {
    let (base, number) = if let Some(b) = word.strip_prefix("own") {
        (1, b)
    } else {
        (1 + BUCKETS, word.strip_prefix("enemy")?)
    };
    let b: usize = number.parse().ok()?;
    (b < BUCKETS).then_some(base + b)
}

/// Reads the text; an error names the line.
fn parse(text: &str) -> Result<Vec<Row>, String> {
    let mut rows: Vec<Row> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace().peekable();
        let (Some(letter), Some(phase)) = (words.next(), words.next()) else {
            return Err(format!("line {}: expected LETTER mg|eg values", n + 1));
        };
        let letter = letter.chars().next().unwrap_or('?').to_ascii_uppercase();
        let fam = match words
            .peek()
            .map(|w| (w.starts_with(char::is_alphabetic), family(w)))
        {
            Some((true, Some(f))) => {
                words.next();
                f
            }
            Some((true, None)) => {
                let w = words.next().unwrap_or_default();
                return Err(format!(
                    "line {}: '{w}' is no king bucket (own0..own{m}, enemy0..enemy{m})",
                    n + 1,
                    m = BUCKETS - 1
                ));
            }
            _ => 0,
        };
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
        let i = match rows
            .iter()
            .position(|r| r.letter == letter && r.family == fam)
        {
            Some(i) => i,
            None => {
                rows.push(Row {
                    letter,
                    family: fam,
                    values: vec![[0; 2]; values.len()],
                });
                rows.len() - 1
            }
        };
        let row = &mut rows[i].values;
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
    use crate::eval::family::{FAMILIES, family_of};

    #[test]
    fn the_built_in_corrections_cover_every_orthodox_square() {
        let rows = parse(FAMILIES[0].squares.expect("chess squares")).expect("parses");
        assert_eq!(rows.iter().filter(|r| r.family == 0).count(), 6);
        assert_eq!(rows.len(), 6 * (1 + 2 * BUCKETS));
        assert!(rows.iter().all(|r| r.values.len() == 64));
    }

    fn rules(name: &str) -> std::sync::Arc<dyn Rules> {
        let mut catalog = chess4d_variants::Catalog::embedded();
        catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
        catalog.resolve(name).expect("catalog variant")
    }

    /// The corrections of the variant's family, if it has one.
    fn chess(rules: &dyn Rules) -> Option<Corrections> {
        family_of(rules).and_then(|f| for_family(rules, f))
    }

    #[test]
    fn only_chess_with_its_own_rules_gets_them() {
        assert!(chess(&*rules("orthodox")).is_some());
        assert!(chess(&*rules("fischerandom")).is_some());
        for other in [
            "kingofthehill",
            "crazyhouse",
            "3check",
            "capablanca",
            "full",
        ] {
            assert!(chess(&*rules(other)).is_none(), "{other}");
        }
    }

    #[test]
    fn a_square_is_worth_the_same_to_either_side_from_its_own_side() {
        let rules = rules("orthodox");
        let table = chess(&*rules).expect("orthodox corrections").plain;
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
    fn each_piece_adds_its_rows_for_where_both_kings_stand() {
        // Every piece on the board (so the middlegame values alone count), Black castled
        // long and White short: the kings in different buckets.
        let rules = rules("orthodox");
        let fen = "2kr1b1r/pppq1ppp/2n1bn2/3pp3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 0 8";
        let pos = rules.parse_position(fen).expect("FEN");
        let with = crate::eval::Evaluator::corrected_with(&*rules, crate::Weights::default());
        let without = crate::eval::Evaluator::with_weights(&*rules, crate::Weights::default());
        // What the file says, read by the rules of its header: squares and kings each
        // from their owner's side.
        let rows = parse(FAMILIES[0].squares.expect("chess squares")).expect("parses");
        let mg = |letter: char, family: usize, own: usize| {
            let row = rows
                .iter()
                .find(|r| r.letter == letter && r.family == family);
            row.map_or(0, |r| r.values[own][0])
        };
        let own = |c: Color, sq: usize| if c == Color::White { sq } else { sq ^ 56 };
        let king = |c: Color| own(c, pos.king(c).expect("king").index());
        let mut expected = 0;
        for (sq, p) in pos.pieces() {
            let c = p.color();
            let letter = rules.info().pieces[p.kind().index()]
                .letter
                .to_ascii_uppercase();
            let at = own(c, sq.index());
            let value = mg(letter, 0, at)
                + mg(letter, 1 + bucket(king(c)), at)
                + mg(letter, 1 + BUCKETS + bucket(king(!c)), at);
            expected += if c == Color::White { value } else { -value };
        }
        assert_ne!(bucket(king(Color::White)), bucket(king(Color::Black)));
        assert_eq!(with.raw(&pos) - without.raw(&pos), expected);
    }

    #[test]
    fn bad_lines_are_named() {
        assert!(parse("P mg 1 x").unwrap_err().contains("line 1"));
        assert!(parse("# c\nP xx 1").unwrap_err().contains("line 2"));
        assert!(
            parse("P mg own12 1")
                .unwrap_err()
                .contains("no king bucket")
        );
        assert_eq!(
            parse("P mg enemy11 1").expect("a bucket")[0].family,
            2 * BUCKETS
        );
        assert!(
            parse("P mg 1 2\nP eg 1")
                .unwrap_err()
                .contains("expected 2")
        );
    }
}
