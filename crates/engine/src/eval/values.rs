//! Material learnt per variant family: how much more or less than the variant's own
//! value each kind is worth on the board (middlegame and endgame) and in hand, fitted
//! to Fairy-Stockfish's evaluation of its own games (`scripts/gen-fsf-data.py`, then
//! `examples/tune_values.rs`), and the family's own set of [`Weights`] where one was
//! fitted there too (`examples/tune.rs`). A family's file (`nets/NAME.values`) gives
//! the rules' fingerprint first, then `weight NAME VALUE` for each weight that differs
//! from the set for the board's axes, and one line a kind: `LETTER MG EG HAND` in
//! centipawns.
//!
//! The corrections go into the per-square table and the pocket values; what the rest of
//! the evaluation and the search take a kind's value to be (exchanges, threats, the
//! phase, which material mates) stays the variant's own.

use super::Weights;
use chess4d_core::{PieceKind, Position, Rules};

/// One kind's corrections: on the board (middlegame, endgame) and in hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindValue {
    /// On the board: middlegame, endgame.
    pub board: [i32; 2],
    /// In hand.
    pub hand: i32,
}

/// Per kind of the variant (`PieceKind(i)` is entry `i`): the corrections a family's
/// file gives, zero for kinds it does not name.
pub fn read(text: &str, rules: &dyn Rules) -> Result<Vec<KindValue>, String> {
    let info = rules.info();
    let mut out = vec![KindValue::default(); info.pieces.len()];
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    // The fingerprint (read by `Family::print`).
    lines.next().ok_or("no fingerprint line")?;
    for line in lines.filter(|l| !l.starts_with("weight ")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [letter, mg, eg, hand] = words[..] else {
            return Err(format!("'{line}': want LETTER MG EG HAND"));
        };
        let num = |w: &str| {
            w.parse::<i32>()
                .map_err(|e| format!("'{line}': {w} is not a number ({e})"))
        };
        let value = KindValue {
            board: [num(mg)?, num(eg)?],
            hand: num(hand)?,
        };
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(format!("'{line}': {letter} is not one letter"));
        };
        if let Some(k) = info
            .pieces
            .iter()
            .position(|p| p.letter.eq_ignore_ascii_case(&c))
        {
            out[k] = value;
        }
    }
    Ok(out)
}

/// `base` with the weights a family's file sets (`weight NAME VALUE` lines).
pub fn read_weights(text: &str, base: Weights) -> Result<Weights, String> {
    let mut list = base.to_vec();
    for line in text.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("weight ") else {
            continue;
        };
        let (name, value) = rest
            .trim()
            .split_once(' ')
            .ok_or_else(|| format!("'{line}': want weight NAME VALUE"))?;
        let i = Weights::NAMES
            .iter()
            .position(|n| *n == name)
            .ok_or_else(|| format!("'{line}': no weight named {name}"))?;
        list[i] = value
            .trim()
            .parse()
            .map_err(|e| format!("'{line}': {value} is not a number ({e})"))?;
    }
    Ok(Weights::from_slice(&list))
}

/// The fingerprint of `rules` that a family's file names (see `eval/family.rs`).
pub fn fingerprint(rules: &dyn Rules) -> u64 {
    super::family::rules_print(rules)
}

/// A family's file: the fingerprint and the corrections, each kind by its letter.
/// Only the weights that differ from `base` are written.
pub fn write(
    print: u64,
    rules: &dyn Rules,
    (weights, base): (&Weights, &Weights),
    values: &[KindValue],
    header: &str,
) -> String {
    let mut text = String::new();
    for line in header.lines() {
        text.push_str(&format!("# {line}\n"));
    }
    text.push_str(&format!("{print:016x}\n"));
    for ((name, w), b) in Weights::NAMES
        .iter()
        .zip(weights.to_vec())
        .zip(base.to_vec())
    {
        if w != b {
            text.push_str(&format!("weight {name} {w}\n"));
        }
    }
    for (piece, v) in rules.info().pieces.iter().zip(values) {
        text.push_str(&format!(
            "{} {} {} {}\n",
            piece.letter.to_ascii_uppercase(),
            v.board[0],
            v.board[1],
            v.hand
        ));
    }
    text
}

/// What a position's material is, as the corrections see it: per kind, White's men
/// on the board less Black's, and White's in hand less Black's; and the phase the
/// evaluation blends middlegame and endgame by (256 the start, 0 no pieces).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Material {
    /// Per kind, White's men on the board less Black's.
    pub board: Vec<i32>,
    /// Per kind, White's men in hand less Black's.
    pub hand: Vec<i32>,
    /// 256 with all the start's pieces (not pawns) on the board, 0 with none.
    pub phase: i32,
}

impl Material {
    /// The corrections' worth in `pos` for White, in centipawns.
    pub fn score(&self, values: &[KindValue]) -> i32 {
        let mut mg = 0;
        let mut eg = 0;
        let mut hand = 0;
        for (k, v) in values.iter().enumerate() {
            let on = self.board.get(k).copied().unwrap_or(0);
            mg += on * v.board[0];
            eg += on * v.board[1];
            hand += self.hand.get(k).copied().unwrap_or(0) * v.hand;
        }
        (mg * self.phase + eg * (256 - self.phase)) / 256 + hand
    }
}

/// Per kind, the men on the board and in hand of White less Black's.
pub(super) fn counts(pos: &Position, kinds: usize) -> (Vec<i32>, Vec<i32>) {
    let mut board = vec![0; kinds];
    let mut hand = vec![0; kinds];
    for (_, p) in pos.pieces() {
        if let Some(b) = board.get_mut(p.kind().index()) {
            *b += if p.color() == chess4d_core::Color::White {
                1
            } else {
                -1
            };
        }
    }
    if pos.has_pockets() {
        for (k, h) in hand.iter_mut().enumerate() {
            let kind = PieceKind(k as u8);
            *h = pos.in_hand(chess4d_core::Color::White, kind) as i32
                - pos.in_hand(chess4d_core::Color::Black, kind) as i32;
        }
    }
    (board, hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(name: &str) -> std::sync::Arc<dyn Rules> {
        let mut catalog = chess4d_variants::Catalog::embedded();
        catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
        catalog.resolve(name).expect("catalog variant")
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let rules = rules("shogi");
        let n = rules.info().pieces.len();
        let values: Vec<KindValue> = (0..n as i32)
            .map(|k| KindValue {
                board: [k * 3 - 7, 11 - k],
                hand: k * k,
            })
            .collect();
        let base = Weights::for_axes(2);
        let weights = Weights {
            tempo: 77,
            king_attack_mg: -99,
            ..base.clone()
        };
        let text = write(0xabc, &*rules, (&weights, &base), &values, "a test");
        assert!(text.starts_with("# a test\n0000000000000abc\nweight tempo 77\n"));
        assert_eq!(read(&text, &*rules), Ok(values));
        assert_eq!(read_weights(&text, base), Ok(weights));
    }

    /// The variant a family's file names in its header (`` `name` ``).
    fn variant_of(text: &str) -> &str {
        let start = text.find('`').expect("a variant in backquotes") + 1;
        let len = text[start..].find('`').expect("closing backquote");
        &text[start..start + len]
    }

    #[test]
    fn every_family_file_round_trips_and_fits_its_variant_s_rules() {
        let families = super::super::family::FAMILIES.iter();
        for text in families.filter_map(|f| f.values) {
            let name = variant_of(text);
            let rules = rules(name);
            // The fingerprint is the rules' own: a change to the rules shows here
            // rather than as corrections silently left out.
            let print = fingerprint(&*rules);
            assert_eq!(
                super::super::family::family_of(&*rules).and_then(|f| f.print()),
                Some(print),
                "{name}: the file's fingerprint should read {print:016x}"
            );
            let values = read(text, &*rules).expect("the file reads");
            assert!(values.iter().any(|v| *v != KindValue::default()), "{name}");
            let base = Weights::for_axes(rules.info().shape.axes());
            let weights = read_weights(text, base.clone()).expect("its weights read");
            let again = write(print, &*rules, (&weights, &base), &values, "again");
            assert_eq!(read(&again, &*rules), Ok(values), "{name}");
            assert_eq!(read_weights(&again, base), Ok(weights), "{name}");
        }
    }

    #[test]
    fn each_family_s_corrections_reach_the_search_s_evaluation() {
        use crate::eval::StaticEval;
        for family in super::super::family::FAMILIES.iter() {
            let Some(text) = family.values else {
                continue;
            };
            let name = variant_of(text);
            let rules = rules(name);
            let v = read(text, &*rules).expect("the corrections read");
            let axes = rules.info().shape.axes();
            let weights = read_weights(text, Weights::for_axes(axes)).expect("weights read");
            let searched = StaticEval::searched(&*rules);
            let plain = StaticEval::searched_with_values(&*rules, weights, &[]);
            // The start without Black's first piece (not a pawn or royal): the search's
            // evaluation differs from the plain one by the corrections of the material
            // (within the rounding of the blend).
            let mut pos = rules.start_position();
            let info = rules.info();
            let (sq, piece) = pos
                .pieces()
                .find(|(_, p)| {
                    let k = &info.pieces[p.kind().index()];
                    p.color() == chess4d_core::Color::Black && !k.royal && !k.pawn
                })
                .expect("a black piece");
            pos.put(sq, None);
            let m = plain.material(&pos);
            assert_eq!(m.board[piece.kind().index()], 1, "{name}");
            let d = searched.white_score(&pos) - plain.white_score(&pos);
            assert!((d - m.score(&v)).abs() <= 1, "{name}: {d} {}", m.score(&v));
        }
    }

    #[test]
    fn corrections_count_on_the_board_and_in_hand() {
        use crate::eval::StaticEval;
        let rules = rules("shogi");
        let info = rules.info();
        let gold = info.pieces.iter().position(|p| p.letter == 'G');
        let rook = info.pieces.iter().position(|p| p.letter == 'R');
        let mut v = vec![KindValue::default(); info.pieces.len()];
        v[gold.expect("a gold")] = KindValue {
            board: [30, 30],
            hand: 70,
        };
        v[rook.expect("a rook")].board = [-40, -40];
        let with = StaticEval::searched_with_values(&*rules, Weights::for_axes(2), &v);
        let without = StaticEval::searched_with_values(&*rules, Weights::for_axes(2), &[]);
        // White has a gold in hand more, Black a rook on the board less.
        let pos = rules
            .parse_position("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[G] w - - 0 1")
            .expect("position");
        let m = without.material(&pos);
        assert_eq!(m.score(&v), 70 - 40);
        assert_eq!(with.white_score(&pos) - without.white_score(&pos), 30);
    }

    #[test]
    fn corrections_are_chosen_by_the_rules_alone() {
        // Chess's family has none; a variant whose rules no family has gets none.
        let chess = rules("orthodox");
        let family = super::super::family::family_of(&*chess).expect("chess's family");
        assert!(family.values.is_none());
        assert!(super::super::family::family_of(&*rules("3check")).is_none());
    }

    #[test]
    fn a_bad_line_is_an_error_with_the_line() {
        let rules = rules("shogi");
        let err = read("abc\nG 1 x 3\n", &*rules).expect_err("bad number");
        assert!(err.contains("G 1 x 3"), "{err}");
        assert!(read("abc\nG 1 2\n", &*rules).is_err());
        let base = Weights::for_axes(2);
        let err = read_weights("abc\nweight no_such 3\n", base.clone()).expect_err("name");
        assert!(err.contains("no_such"), "{err}");
        assert!(read_weights("abc\nweight tempo x\n", base).is_err());
    }
}
