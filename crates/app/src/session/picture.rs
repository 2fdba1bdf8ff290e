//! Pictures that are not the game: the piece explorer and the Learn steps. Each is a
//! position plus marks, drawn by the same scene builder as the game.

use chess4d_core::{Color, Piece, PieceKind, Position, Rules, Shape, Square, reach};
use chess4d_render::{Arrow, Highlight};

/// A position with marks and arrows on it.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The pieces shown.
    pub position: Position,
    /// Square marks.
    pub highlights: Vec<(Square, Highlight)>,
    /// Arrows.
    pub arrows: Vec<Arrow>,
}

/// The square the explorer puts a piece on: b2 of the first board (`b2[0,0]` on 4D),
/// clamped on boards too small for it.
pub fn explorer_home(shape: &Shape) -> Square {
    let [sx, sy, _, _] = shape.sizes();
    shape
        .square([1.min(sx - 1), 1.min(sy - 1), 0, 0])
        .unwrap_or(Square(0))
}

/// A piece alone on `at` with every square of its reach lit.
pub fn explorer(rules: &dyn Rules, kind: PieceKind, at: Square) -> Picture {
    let shape = rules.info().shape;
    let mut position = Position::empty(shape);
    let piece = Piece::new(kind, Color::White);
    position.put(at, Some(piece));
    let mut highlights = vec![(at, Highlight::Selected)];
    highlights.extend(
        reach(rules, piece, at)
            .into_iter()
            .map(|sq| (sq, Highlight::LegalMove)),
    );
    Picture {
        position,
        highlights,
        arrows: Vec::new(),
    }
}

/// The squares strictly between two squares on one straight or diagonal line (every
/// changing axis changes by the same distance), or nothing when they are not on one.
pub fn line_between(shape: &Shape, a: Square, b: Square) -> Vec<Square> {
    let (ca, cb) = (shape.coords(a), shape.coords(b));
    let d: [i16; 4] = std::array::from_fn(|i| cb[i] as i16 - ca[i] as i16);
    let len = d.iter().map(|v| v.abs()).max().unwrap_or(0);
    if len < 2 || d.iter().any(|v| *v != 0 && v.abs() != len) {
        return Vec::new();
    }
    let unit: [i8; 4] = std::array::from_fn(|i| d[i].signum() as i8);
    let mut out = Vec::new();
    let mut sq = a;
    for _ in 1..len {
        match shape.offset(sq, unit) {
            Some(next) => {
                out.push(next);
                sq = next;
            }
            None => break,
        }
    }
    out
}

/// Start, the squares between on a straight or diagonal line, landing: the path of a
/// slide, as square indices for an arrow.
pub fn slide_path(shape: &Shape, a: Square, b: Square) -> Vec<u16> {
    let mut path = vec![a.0];
    path.extend(line_between(shape, a, b).iter().map(|s| s.0));
    path.push(b.0);
    path
}

/// How a piece moves, in words, for the pieces the catalog's variants use (by their
/// name); `None` for a piece this table does not know (the explorer shows its reach).
pub fn moves_in_words(name: &str) -> Option<&'static str> {
    Some(match name.to_ascii_lowercase().as_str() {
        "king" => "steps one square along any set of axes, up to all four at once",
        "queen" => "slides any distance along any set of axes, each by the same amount",
        "rook" => "slides any distance along exactly one axis",
        "bishop" => "slides along exactly two axes at once, equally",
        "unicorn" => "slides along three axes at once, equally (the cube's space diagonals)",
        "balloon" => "slides along four axes at once, equally",
        "dragon" => {
            "slides along four axes at once, equally; shogi's dragon (the promoted rook) is \
             a rook that also steps one square diagonally"
        }
        "knight" => "leaps two along one axis and one along another, over anything between",
        "nightrider" => "repeats a knight's leap along one line while the way is empty",
        "pawn" => "steps one square forward; captures forward plus one step along another axis",
        // The fairy and the East's pieces, as their flat boards have them.
        "cannon" => {
            "moves like a rook, but captures only by jumping over exactly one piece (its \
             screen) on the line; janggi's cannon jumps a screen to move too"
        }
        "chariot" => "slides any distance along a file or rank, like a rook",
        "horse" => {
            "one step along a file or rank, then one diagonally outward: a knight's jump \
             that a piece on the first step blocks; shogi's horse (the promoted bishop) is a \
             bishop that also steps one square along a file or rank"
        }
        "elephant" => {
            "moves diagonally two squares (in janggi one straight then two diagonal), \
             blocked by a piece on the way; xiangqi's stays on its own side of the river"
        }
        "advisor" => {
            "one step inside the palace: diagonally in xiangqi, along the palace's lines \
             (straight or diagonal) in janggi"
        }
        "general" => {
            "one step along a file or rank inside the palace (in janggi also along its \
             diagonal lines); the royal piece"
        }
        "soldier" => {
            "one step forward; once across the river (xiangqi) or always (janggi), one step \
             sideways too"
        }
        "ferz" | "fers" | "met" => "one step diagonally",
        "wazir" => "one step along a file or rank",
        "alfil" => "leaps two squares diagonally, over anything between",
        "khon" | "silver" | "silver general" => "one step diagonally, or one straight forward",
        "gold" | "gold general" | "tokin" | "promoted silver" | "promoted knight"
        | "promoted lance" => {
            "one step along a file or rank, or diagonally forward (as a gold general)"
        }
        "lance" => "slides any distance straight forward",
        "commoner" => "steps one square in any direction, like a king that is not royal",
        "chancellor" => "slides as a rook or leaps as a knight",
        "archbishop" => "slides as a bishop or leaps as a knight",
        "amazon" => "slides as a queen or leaps as a knight",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    #[test]
    fn explorer_lights_the_rook_reach_on_b2() {
        let rules = Catalog::embedded().get("full").unwrap();
        let shape = rules.info().shape;
        let home = explorer_home(&shape);
        assert_eq!(shape.square_name(home), "b2[0,0]");
        let rook = rules.info().kind_by_letter('R').unwrap();
        let p = explorer(&*rules, rook, home);
        let lit = p
            .highlights
            .iter()
            .filter(|(_, h)| *h == Highlight::LegalMove)
            .count();
        // 3 along X, 3 along Y, 1 along Z, 1 along W.
        assert_eq!(lit, 8);
        assert_eq!(p.position.pieces().count(), 1);
    }

    #[test]
    fn every_piece_of_the_catalog_is_explained_in_words() {
        let catalog = Catalog::embedded();
        for name in ["full", "classic", "orthodox", "raumschach"] {
            let rules = catalog.get(name).unwrap();
            for p in &rules.info().pieces {
                assert!(moves_in_words(&p.name).is_some(), "{name}: {}", p.name);
            }
        }
        for name in ["xiangqi", "janggi", "makruk", "shogi"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(format!("../../variants/{name}.toml"));
            let rules = chess4d_variants::load_file(&path).unwrap();
            for p in &rules.info().pieces {
                assert!(moves_in_words(&p.name).is_some(), "{name}: {}", p.name);
            }
        }
        let cannon = moves_in_words("Cannon").unwrap();
        assert!(
            cannon.contains("jumping over exactly one piece"),
            "{cannon}"
        );
        assert!(moves_in_words("unicorn").unwrap().contains("three axes"));
        assert_eq!(moves_in_words("wazir-thing"), None);
    }

    #[test]
    fn lines_between_squares() {
        let shape = Shape::new(&[4, 4, 2, 2]).unwrap();
        let sq = |s| shape.parse_square(s).unwrap();
        assert_eq!(
            line_between(&shape, sq("a1[0,0]"), sq("d1[0,0]")),
            vec![sq("b1[0,0]"), sq("c1[0,0]")]
        );
        assert_eq!(
            line_between(&shape, sq("a1[0,0]"), sq("c3[0,0]")),
            vec![sq("b2[0,0]")]
        );
        assert!(line_between(&shape, sq("a1[0,0]"), sq("a1[0,1]")).is_empty());
        assert!(line_between(&shape, sq("a1[0,0]"), sq("b3[0,0]")).is_empty());
    }
}
