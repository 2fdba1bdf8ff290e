//! No input makes a parser panic: position strings, move strings, variant files.

use chess4d_variants::{Catalog, parse_variant};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn position_parser_never_panics(text in ".{0,120}", variant in prop_oneof![Just("full"), Just("orthodox"), Just("raumschach")]) {
        let rules = Catalog::embedded().get(variant).unwrap();
        let _ = rules.parse_position(&text);
    }

    #[test]
    fn position_parser_never_panics_on_near_misses(text in "[KQRBNPkqrbnp0-9/| wb-]{0,90}") {
        let rules = Catalog::embedded().get("full").unwrap();
        let _ = rules.parse_position(&text);
    }

    #[test]
    fn move_parser_never_panics(text in "[a-z0-9\\[\\],x+>]{0,30}") {
        let catalog = Catalog::embedded();
        for name in ["full", "orthodox", "raumschach"] {
            let rules = catalog.get(name).unwrap();
            let pos = rules.start_position();
            let _ = rules.parse_move(&pos, &text);
            let _ = rules.info().shape.parse_square(&text);
        }
    }

    #[test]
    fn variant_parser_never_panics(text in ".{0,300}") {
        let _ = parse_variant(&text, "fuzz.toml");
    }

    #[test]
    fn variant_parser_never_panics_on_mutated_files(cut in 0usize..4000, insert in ".{0,12}") {
        for (_, text) in chess4d_variants::EMBEDDED {
            let at = cut % (text.len() + 1);
            let at = (0..=at).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            let mutated = format!("{}{}{}", &text[..at], insert, &text[at..]);
            let _ = parse_variant(&mutated, "mutated.toml");
        }
    }
}
