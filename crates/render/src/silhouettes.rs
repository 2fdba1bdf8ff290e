//! Pictures for piece kinds beyond the orthodox six, chosen by the piece's name: the
//! compound pieces of Capablanca-style chess (archbishop, chancellor, amazon) drawn as
//! their two parts, the xiangqi cannon and elephant, the camel, ferz and wazir, the
//! commoner, and the problemists' unicorn, nightrider and grasshopper (an upside-down
//! queen, as fairy diagrams draw it). Any other piece keeps its letter on a disc.

use glam::Vec2;

use crate::atlas::{DETAIL, Piece, Shape, bx, hline, silhouette, v};

/// A built-in piece picture. Variants pick one per piece letter through
/// [`Scene::pictures`](crate::Scene::pictures), usually by the piece's name
/// ([`PieceImage::for_name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceImage {
    /// The orthodox king (also xiangqi's general).
    King,
    /// The orthodox queen.
    Queen,
    /// The orthodox rook (also xiangqi's chariot).
    Rook,
    /// The orthodox bishop.
    Bishop,
    /// The orthodox knight (also xiangqi's horse).
    Knight,
    /// The orthodox pawn (also xiangqi's soldier).
    Pawn,
    /// Bishop and knight in one (cardinal, princess, hawk).
    Archbishop,
    /// Rook and knight in one (marshal, empress).
    Chancellor,
    /// Queen and knight in one.
    Amazon,
    /// The xiangqi and janggi cannon, which captures by jumping.
    Cannon,
    /// The elephant (xiangqi's, or shatranj's alfil).
    Elephant,
    /// The camel, a (3,1) leaper.
    Camel,
    /// The ferz or advisor: one step diagonally.
    Ferz,
    /// The wazir: one step orthogonally.
    Wazir,
    /// The commoner: moves like a king but is not royal.
    Commoner,
    /// The unicorn (a knight's head with a horn).
    Unicorn,
    /// The nightrider (a knight's head under a crescent moon).
    Nightrider,
    /// The grasshopper (an upside-down queen, as fairy diagrams draw it).
    Grasshopper,
    /// A plain stone (clobber and other games of men).
    Stone,
    /// The piece's letter on a disc.
    Letter,
}

impl PieceImage {
    /// Every picture drawn as a silhouette, orthodox ones first (not [`Letter`](Self::Letter)).
    pub const DRAWN: [PieceImage; 19] = [
        PieceImage::King,
        PieceImage::Queen,
        PieceImage::Rook,
        PieceImage::Bishop,
        PieceImage::Knight,
        PieceImage::Pawn,
        PieceImage::Archbishop,
        PieceImage::Chancellor,
        PieceImage::Amazon,
        PieceImage::Cannon,
        PieceImage::Elephant,
        PieceImage::Camel,
        PieceImage::Ferz,
        PieceImage::Wazir,
        PieceImage::Commoner,
        PieceImage::Unicorn,
        PieceImage::Nightrider,
        PieceImage::Grasshopper,
        PieceImage::Stone,
    ];

    /// The picture for a piece called `name` (case, spaces, `-` and `_` ignored), or
    /// `None` for a name without one. Knows the usual synonyms: `cardinal` is an
    /// archbishop, `marshal` a chancellor, `chariot` a rook, `advisor` a ferz...
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_render::PieceImage;
    /// assert_eq!(PieceImage::for_name("Chancellor"), Some(PieceImage::Chancellor));
    /// assert_eq!(PieceImage::for_name("marshal"), Some(PieceImage::Chancellor));
    /// assert_eq!(PieceImage::for_name("chariot"), Some(PieceImage::Rook));
    /// assert_eq!(PieceImage::for_name("wildebeest"), None);
    /// ```
    pub fn for_name(name: &str) -> Option<PieceImage> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        let image = match key.as_str() {
            "king" | "general" | "shah" => PieceImage::King,
            "queen" => PieceImage::Queen,
            "rook" | "chariot" => PieceImage::Rook,
            "bishop" => PieceImage::Bishop,
            "knight" | "horse" => PieceImage::Knight,
            "pawn" | "soldier" => PieceImage::Pawn,
            "archbishop" | "cardinal" | "princess" | "hawk" | "janus" | "biskni" | "knibis" => {
                PieceImage::Archbishop
            }
            "chancellor" | "marshal" | "empress" | "rookni" | "kniroo" => PieceImage::Chancellor,
            "amazon" => PieceImage::Amazon,
            "cannon" | "pao" => PieceImage::Cannon,
            "elephant" | "alfil" => PieceImage::Elephant,
            "camel" => PieceImage::Camel,
            "ferz" | "fers" | "met" | "advisor" | "guard" | "mandarin" => PieceImage::Ferz,
            "wazir" => PieceImage::Wazir,
            "commoner" | "mann" | "man" | "prince" => PieceImage::Commoner,
            "unicorn" => PieceImage::Unicorn,
            "nightrider" => PieceImage::Nightrider,
            "grasshopper" => PieceImage::Grasshopper,
            "stone" => PieceImage::Stone,
            "letter" | "disc" => PieceImage::Letter,
            _ => return None,
        };
        Some(image)
    }

    /// The picture's own name (what [`for_name`](Self::for_name) reads back).
    pub fn name(self) -> &'static str {
        match self {
            PieceImage::King => "king",
            PieceImage::Queen => "queen",
            PieceImage::Rook => "rook",
            PieceImage::Bishop => "bishop",
            PieceImage::Knight => "knight",
            PieceImage::Pawn => "pawn",
            PieceImage::Archbishop => "archbishop",
            PieceImage::Chancellor => "chancellor",
            PieceImage::Amazon => "amazon",
            PieceImage::Cannon => "cannon",
            PieceImage::Elephant => "elephant",
            PieceImage::Camel => "camel",
            PieceImage::Ferz => "ferz",
            PieceImage::Wazir => "wazir",
            PieceImage::Commoner => "commoner",
            PieceImage::Unicorn => "unicorn",
            PieceImage::Nightrider => "nightrider",
            PieceImage::Grasshopper => "grasshopper",
            PieceImage::Stone => "stone",
            PieceImage::Letter => "letter",
        }
    }

    /// Slot among the drawn pictures, `None` for a letter disc.
    pub(crate) fn drawn_slot(self) -> Option<u32> {
        Self::DRAWN
            .iter()
            .position(|&i| i == self)
            .map(|i| i as u32)
    }
}

/// The shapes of a drawn picture.
pub(crate) fn drawing(image: PieceImage) -> Piece {
    match image {
        PieceImage::King => silhouette('K'),
        PieceImage::Queen => silhouette('Q'),
        PieceImage::Rook => silhouette('R'),
        PieceImage::Bishop => silhouette('B'),
        PieceImage::Knight => silhouette('N'),
        PieceImage::Pawn | PieceImage::Letter => silhouette('P'),
        PieceImage::Archbishop => with_knight(silhouette('B')),
        PieceImage::Chancellor => with_knight(silhouette('R')),
        PieceImage::Amazon => with_knight(silhouette('Q')),
        PieceImage::Cannon => cannon(),
        PieceImage::Elephant => elephant(),
        PieceImage::Camel => camel(),
        PieceImage::Ferz => stepper(&[((0.40, 0.56), (0.60, 0.76)), ((0.40, 0.76), (0.60, 0.56))]),
        PieceImage::Wazir => stepper(&[((0.50, 0.52), (0.50, 0.80)), ((0.36, 0.66), (0.64, 0.66))]),
        PieceImage::Commoner => commoner(),
        PieceImage::Unicorn => unicorn(),
        PieceImage::Nightrider => nightrider(),
        PieceImage::Grasshopper => placed(silhouette('Q'), v(0.0, 0.03), 1.0, true),
        PieceImage::Stone => stone(),
    }
}

/// `piece` scaled by `scale` about the cell's origin, moved by `at`, upside down first
/// when `flip`.
fn placed(piece: Piece, at: Vec2, scale: f32, flip: bool) -> Piece {
    let point = |p: Vec2| {
        let q = if flip { v(p.x, 1.0 - p.y) } else { p };
        at + q * scale
    };
    let shape = |s: Shape| Shape::Placed {
        shape: Box::new(s),
        at,
        scale,
        flip,
    };
    Piece {
        shapes: piece.shapes.into_iter().map(shape).collect(),
        strokes: piece
            .strokes
            .into_iter()
            .map(|(a, b)| (point(a), point(b)))
            .collect(),
        dots: piece
            .dots
            .into_iter()
            .map(|(c, r)| (point(c), r * scale))
            .collect(),
        marks: piece.marks.into_iter().map(shape).collect(),
    }
}

/// `piece` scaled about its base's middle (0.5, 0.07) to stand at `foot`.
fn standing(piece: Piece, foot: Vec2, scale: f32) -> Piece {
    placed(piece, foot - v(0.5, 0.07) * scale, scale, false)
}

/// A compound piece: `main` a little smaller and to the left, a knight in front of it
/// on the right, its own outline drawn so the two parts read apart.
fn with_knight(main: Piece) -> Piece {
    let at = |piece| standing(piece, v(0.67, 0.07), 0.62);
    let mut out = standing(main, v(0.42, 0.07), 0.84);
    let knight = at(silhouette('N'));
    let outline = Shape::Band(
        Box::new(Shape::Union(at(silhouette('N')).shapes)),
        DETAIL * 1.4,
    );
    out.shapes.extend(knight.shapes);
    out.strokes.extend(knight.strokes);
    out.dots.extend(knight.dots);
    out.marks.push(outline);
    out
}

fn base() -> Shape {
    bx(0.20, 0.07, 0.80, 0.17, 0.035)
}

fn cannon() -> Piece {
    Piece {
        shapes: vec![
            base(),
            Shape::Poly(&[[0.25, 0.26], [0.75, 0.26], [0.70, 0.44], [0.30, 0.44]]),
            Shape::Circle(v(0.34, 0.28), 0.11),
            Shape::Circle(v(0.66, 0.28), 0.11),
            // The barrel, raised towards the upper right, breech and muzzle rounded.
            Shape::Poly(&[
                [0.252, 0.484],
                [0.732, 0.844],
                [0.828, 0.716],
                [0.348, 0.356],
            ]),
            Shape::Circle(v(0.30, 0.42), 0.085),
            Shape::Circle(v(0.80, 0.80), 0.075),
        ],
        strokes: vec![
            hline(0.17, 0.23, 0.77),
            (v(0.636, 0.772), v(0.732, 0.644)),
            (v(0.40, 0.50), v(0.48, 0.40)),
        ],
        dots: vec![(v(0.34, 0.28), 0.03), (v(0.66, 0.28), 0.03)],
        marks: vec![],
    }
}

fn elephant() -> Piece {
    let head = || Shape::Circle(v(0.45, 0.62), 0.16);
    let ear = || Shape::Circle(v(0.62, 0.64), 0.13);
    Piece {
        shapes: vec![
            base(),
            bx(0.26, 0.16, 0.74, 0.25, 0.02),
            Shape::Poly(&[[0.30, 0.24], [0.72, 0.24], [0.68, 0.50], [0.34, 0.50]]),
            ear(),
            head(),
            // The trunk, curling down in front.
            Shape::Poly(&[
                [0.33, 0.68],
                [0.37, 0.56],
                [0.33, 0.45],
                [0.27, 0.37],
                [0.20, 0.35],
                [0.18, 0.41],
                [0.24, 0.45],
                [0.27, 0.52],
                [0.26, 0.62],
            ]),
        ],
        strokes: vec![
            hline(0.17, 0.23, 0.77),
            hline(0.25, 0.30, 0.70),
            (v(0.38, 0.50), v(0.45, 0.43)),
        ],
        dots: vec![(v(0.44, 0.68), 0.025)],
        marks: vec![Shape::Cut(
            Box::new(Shape::Band(Box::new(ear()), DETAIL)),
            Box::new(head()),
        )],
    }
}

fn camel() -> Piece {
    Piece {
        shapes: vec![
            base(),
            bx(0.26, 0.16, 0.76, 0.25, 0.02),
            Shape::Poly(&[
                [0.30, 0.24],
                [0.75, 0.24],
                [0.75, 0.40],
                [0.71, 0.53],
                [0.62, 0.62],
                [0.54, 0.60],
                [0.48, 0.56],
                [0.43, 0.58],
                [0.39, 0.67],
                [0.37, 0.78],
                [0.31, 0.85],
                [0.21, 0.83],
                [0.17, 0.77],
                [0.26, 0.74],
                [0.29, 0.62],
                [0.31, 0.45],
            ]),
        ],
        strokes: vec![hline(0.17, 0.23, 0.77), hline(0.25, 0.30, 0.72)],
        dots: vec![(v(0.30, 0.80), 0.022)],
        marks: vec![],
    }
}

/// A detail stroke's two ends, `(x, y)` in cell units.
type Stroke = ((f32, f32), (f32, f32));

/// A short stepping piece: a pawn-like body under a disc carrying its step's sign.
fn stepper(sign: &[Stroke]) -> Piece {
    Piece {
        shapes: vec![
            base(),
            Shape::Poly(&[
                [0.30, 0.16],
                [0.70, 0.16],
                [0.60, 0.34],
                [0.57, 0.50],
                [0.43, 0.50],
                [0.40, 0.34],
            ]),
            Shape::Circle(v(0.50, 0.66), 0.19),
        ],
        strokes: std::iter::once(hline(0.17, 0.23, 0.77))
            .chain(
                sign.iter()
                    .map(|&((ax, ay), (bx, by))| (v(ax, ay), v(bx, by))),
            )
            .collect(),
        dots: vec![],
        marks: vec![],
    }
}

fn commoner() -> Piece {
    let mut king = silhouette('K');
    // The king's body under a plain dome and knob instead of crown and cross: moves
    // like him, is not royal.
    king.shapes.truncate(king.shapes.len() - 3);
    king.shapes.push(Shape::Circle(v(0.50, 0.66), 0.15));
    king.shapes.push(Shape::Circle(v(0.50, 0.85), 0.055));
    king
}

fn unicorn() -> Piece {
    let mut knight = silhouette('N');
    knight
        .shapes
        .push(Shape::Poly(&[[0.37, 0.75], [0.47, 0.80], [0.25, 0.96]]));
    knight.strokes.push((v(0.33, 0.84), v(0.39, 0.86)));
    knight
}

fn nightrider() -> Piece {
    let mut knight = silhouette('N');
    knight.shapes.push(Shape::Cut(
        Box::new(Shape::Circle(v(0.78, 0.80), 0.11)),
        Box::new(Shape::Circle(v(0.83, 0.85), 0.095)),
    ));
    knight
}

fn stone() -> Piece {
    Piece {
        shapes: vec![Shape::Circle(v(0.50, 0.42), 0.31)],
        strokes: vec![],
        dots: vec![(v(0.40, 0.52), 0.05)],
        marks: vec![Shape::Band(
            Box::new(Shape::Circle(v(0.50, 0.42), 0.22)),
            DETAIL,
        )],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_synonyms_find_their_pictures_and_read_back() {
        for image in PieceImage::DRAWN
            .iter()
            .copied()
            .chain([PieceImage::Letter])
        {
            assert_eq!(PieceImage::for_name(image.name()), Some(image));
        }
        for (name, image) in [
            ("Cardinal", PieceImage::Archbishop),
            ("gold general", PieceImage::Letter),
            ("advisor", PieceImage::Ferz),
            ("Soldier", PieceImage::Pawn),
            ("night-rider", PieceImage::Nightrider),
        ] {
            let found = PieceImage::for_name(name).unwrap_or(PieceImage::Letter);
            assert_eq!(found, image, "{name}");
        }
        assert_eq!(PieceImage::for_name(""), None);
        assert_eq!(PieceImage::Letter.drawn_slot(), None);
        assert_eq!(PieceImage::King.drawn_slot(), Some(0));
    }
}
