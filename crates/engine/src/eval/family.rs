//! What the rules are, as the evaluation asks it: a fingerprint of the board, the
//! piece set and how the rules behave, never the variant's name. A network, a table of
//! square corrections or material corrections ([`Family`]) were fitted for one
//! fingerprint, and serve every variant that has it (orthodox chess and Chess960 have the same rules; a copy of
//! chess's file under another name is still chess), and no variant that plays
//! otherwise on the same board (three-check, king of the hill, crazyhouse).
//!
//! The fingerprint hashes the variant's description (board, each kind's letter and
//! whether it is royal or a pawn, castling, en passant, the draw rules, pockets,
//! goals) and what the rules answer along a few probe lines from the start: after
//! each move the number of legal moves, whether the side to move is in check, and the
//! status. The lines give checks, captures, a king walk to the centre and an en
//! passant capture, where the chess family's rules part ways.

use chess4d_core::{Color, Position, Rules, parse_uci_move};

/// The probe lines, in UCI text, played from the variant's start.
const PROBES: &[&str] = &[
    // Three checks in a row (three-check ends), captures (pockets fill).
    "e2e4 e7e5 f1c4 b8c6 c4f7 e8f7 d1h5 g7g6 h5g6",
    // A king walks to the centre (king of the hill ends).
    "e2e3 e7e6 e1e2 e8e7 e2d3 e7d6 d3e4",
    // En passant.
    "e2e4 g8f6 e4e5 d7d5 e5d6 c7d6",
];

/// The plies of the walk that tells one set of rules from another for the evaluator
/// cache (what the probes miss: variants far from chess, whose probes stop at once).
const WALK_PLIES: usize = 8;

/// A 64-bit FNV-1a hash: stable across builds and machines, so that a fingerprint
/// can be written in a file.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
}

/// The fingerprint of `rules`: what a [`Family`] names.
pub(crate) fn rules_print(rules: &dyn Rules) -> u64 {
    let info = rules.info();
    let mut h = Fnv::new();
    h.bytes(&info.shape.sizes());
    h.u64(info.shape.len() as u64);
    for p in &info.pieces {
        h.bytes(&[
            p.letter.to_ascii_uppercase() as u8,
            p.royal as u8,
            p.pawn as u8,
        ]);
    }
    h.bytes(&[
        info.en_passant as u8,
        info.repetition_limit,
        info.bare_kings_draw as u8,
    ]);
    h.u64(u64::from(info.move_limit_plies));
    let start = rules.start_position();
    // How many castling rights the start has, not their letters: Chess960 names them
    // by rook files where chess writes KQkq, and castles by the same rule.
    h.u64(u64::from(start.castling_rights().count_ones()));
    h.bytes(&[start.has_pockets() as u8]);
    for color in Color::ALL {
        match rules.goal(color) {
            None => h.bytes(&[0]),
            Some((kinds, squares)) => {
                h.bytes(&[1]);
                kinds.iter().for_each(|k| h.bytes(&[k.0]));
                squares.iter().for_each(|s| h.u64(u64::from(s.0)));
            }
        }
    }
    for line in PROBES {
        probe(rules, &start, line, &mut h);
    }
    h.0
}

/// Plays `line` from `start`, hashing what the rules say after each move; a move the
/// rules refuse ends the line with a mark of its own.
fn probe(rules: &dyn Rules, start: &Position, line: &str, h: &mut Fnv) {
    let mut pos = start.clone();
    let mut legal = Vec::new();
    for text in line.split_whitespace() {
        let Ok(mv) = parse_uci_move(rules, &pos, text) else {
            h.bytes(&[0xff]);
            return;
        };
        rules.make_move(&mut pos, mv);
        rules.legal_moves(&pos, &mut legal);
        h.u64(legal.len() as u64);
        h.bytes(&[rules.in_check(&pos) as u8]);
        h.bytes(format!("{:?}", rules.status(&pos)).as_bytes());
    }
}

/// What tells one variant's rules from another's for the evaluator cache: the
/// fingerprint, the description and start, and a walk from the start (the middle
/// legal move each ply) with the positions it meets. Two rules objects with the same
/// key learn the same geometry, whatever their addresses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RulesKey {
    print: u64,
    info: chess4d_core::VariantInfo,
    walk: u64,
}

impl RulesKey {
    pub(crate) fn of(rules: &dyn Rules) -> RulesKey {
        let mut h = Fnv::new();
        let mut pos = rules.start_position();
        h.u64(pos.hash());
        let mut legal = Vec::new();
        for _ in 0..WALK_PLIES {
            rules.legal_moves(&pos, &mut legal);
            h.u64(legal.len() as u64);
            let Some(&mv) = legal.get(legal.len() / 2) else {
                break;
            };
            rules.make_move(&mut pos, mv);
            h.u64(pos.hash());
        }
        RulesKey {
            print: rules_print(rules),
            info: rules.info().clone(),
            walk: h.0,
        }
    }
}

/// A network and square corrections, and the fingerprint of the rules they were
/// fitted for.
pub(crate) struct Family {
    /// The fingerprint (`nets/NAME.print`, one hexadecimal number).
    print: &'static str,
    /// The network (`nets/NAME.net`), if the family has one.
    pub(crate) net: Option<&'static [u8]>,
    /// The square corrections (`nets/NAME.squares`), if the family has them.
    pub(crate) squares: Option<&'static str>,
    /// The material corrections (`nets/NAME.values`, see [`super::values`]), if the
    /// family has them.
    pub(crate) values: Option<&'static str>,
}

impl Family {
    /// The fingerprint the family's file gives (`None` if it cannot be read).
    pub(crate) fn print(&self) -> Option<u64> {
        let text = self
            .print
            .lines()
            .find(|l| !l.trim_start().starts_with('#'))?;
        u64::from_str_radix(text.trim().trim_start_matches("0x"), 16).ok()
    }
}

/// How many families are built in.
pub(crate) const FAMILY_COUNT: usize = 2;

/// A family with material corrections alone (`nets/NAME.values`, whose first line is
/// the fingerprint).
macro_rules! values_family {
    ($file:literal) => {
        Family {
            print: include_str!(concat!("../../nets/", $file, ".values")),
            net: None,
            squares: None,
            values: Some(include_str!(concat!("../../nets/", $file, ".values"))),
        }
    };
}

/// The built-in families (a static: [`NetEval`](super::net) keeps one network per
/// family, found by address).
pub(crate) static FAMILIES: [Family; FAMILY_COUNT] = [
    Family {
        print: include_str!("../../nets/chess.print"),
        net: Some(include_bytes!("../../nets/orthodox.net")),
        squares: Some(include_str!("../../nets/orthodox.squares")),
        values: None,
    },
    // Capablanca's, shogi's and crazyhouse's corrections were fitted the same way and
    // did not win (the guide's table, "Against Fairy-Stockfish"): not built in.
    values_family!("makruk"),
];

/// The family whose rules `rules` has, if any.
pub(crate) fn family_of(rules: &dyn Rules) -> Option<&'static Family> {
    let print = rules_print(rules);
    FAMILIES.iter().find(|f| f.print() == Some(print))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> chess4d_variants::Catalog {
        let mut catalog = chess4d_variants::Catalog::embedded();
        catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
        catalog
    }

    #[test]
    fn chess_is_known_by_its_rules_not_its_name() {
        let catalog = catalog();
        let print = |name: &str| rules_print(&*catalog.resolve(name).expect("catalog variant"));
        let chess = print("orthodox");
        assert_eq!(
            FAMILIES[0].print(),
            Some(chess),
            "nets/chess.print should read {chess:016x}"
        );
        assert_eq!(print("fischerandom"), chess);
        for other in [
            "3check",
            "kingofthehill",
            "crazyhouse",
            "atomic",
            "antichess",
            "horde",
            "racingkings",
            "chigorin",
            "capablanca",
            "makruk",
            "classic",
            "full",
        ] {
            if let Ok(rules) = catalog.resolve(other) {
                assert_ne!(rules_print(&*rules), chess, "{other}");
            }
        }
        // Chess's own file under another name is chess.
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants/orthodox.toml"),
        )
        .expect("orthodox.toml");
        let renamed = text.replacen("name = \"orthodox\"", "name = \"my-chess\"", 1);
        assert_ne!(renamed, text);
        let dir = std::env::temp_dir().join(format!("chess4d-family-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("my-chess.toml");
        std::fs::write(&path, renamed).expect("write");
        let rules = catalog
            .resolve(path.to_str().expect("path"))
            .expect("renamed chess");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(rules.info().name, "my-chess");
        assert!(family_of(&*rules).is_some_and(|f| std::ptr::eq(f, &FAMILIES[0])));
    }

    #[test]
    fn the_cache_key_tells_variants_apart_and_a_copy_from_nothing() {
        let catalog = catalog();
        let a = RulesKey::of(&*catalog.resolve("orthodox").expect("orthodox"));
        let b = RulesKey::of(&*catalog.resolve("orthodox").expect("orthodox"));
        assert_eq!(a, b);
        for other in ["fischerandom", "3check", "classic"] {
            let c = RulesKey::of(&*catalog.resolve(other).expect("variant"));
            assert_ne!(a, c, "{other}");
        }
    }
}
