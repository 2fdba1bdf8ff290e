//! The plain-data picture the app hands to the renderer each frame.
//!
//! Nothing here knows chess rules: a scene is a board shape, pieces as letters on
//! squares, coloured square marks, arrows and a camera. The app derives all of it from
//! the game; the renderer only draws it.

/// Everything one frame shows. Build it from the game, hand it to
/// [`Renderer::prepare`](crate::Renderer::prepare) or [`render_to_png`](crate::render_to_png).
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Sizes of the X, Y, Z and W axes; an unused axis has size 1. A size of 0 is
    /// treated as 1. Boards with more than 65 536 squares draw nothing.
    pub shape: [u8; 4],
    /// Pieces on squares (dense square index `x + sx*(y + sy*(z + sz*w))`). Pieces on
    /// squares outside the board are ignored.
    pub pieces: Vec<ScenePiece>,
    /// Marks on squares; a square may carry several. Out-of-board squares are ignored.
    pub highlights: Vec<(u16, Highlight)>,
    /// Arrows along the squares a move passes (see [`Arrow`]).
    pub arrows: Vec<Arrow>,
    /// Which pictures to draw.
    pub view: View,
    /// How the tesseract is looked at (ignored by the flat boards).
    pub camera: Camera,
    /// Background and square colours.
    pub theme: Theme,
    /// A piece drawn over everything with its centre at a pixel position of the render
    /// target (a piece being dragged); its `square` is ignored. Drawn at the flat
    /// boards' piece size, or at [`FLOATING_PIECE_PX`] when no flat boards are shown.
    pub floating: Option<(ScenePiece, [f32; 2])>,
    /// Reverse files and ranks inside every flat board, so Black sits at the bottom;
    /// boards keep their places. Picking follows it. The tesseract ignores it.
    pub flip: bool,
    /// The W layer the tesseract brings forward: the others are drawn faint and only
    /// picked where the focused layer has nothing. `None` shows every layer alike.
    pub focus_w: Option<u8>,
    /// The built-in picture each piece letter shows (case ignored), usually chosen by
    /// the piece's name with [`PieceImage::for_name`]. A letter not listed keeps the
    /// default: `K Q R B N P` their silhouettes, any other letter on a disc.
    pub pictures: Vec<(char, PieceImage)>,
    /// Pictures of the variant's own (outlines, images) by piece letter (case ignored);
    /// they win over [`Scene::pictures`]. The renderer keeps them in its atlas while
    /// they are shown.
    pub own_pictures: Vec<(char, std::sync::Arc<crate::CustomPicture>)>,
    /// Each side's pieces in hand (crazyhouse, shogi), drawn in a strip beside the
    /// boards: Black's above, White's below (the other way round when [`Scene::flip`]).
    /// `Some` reserves the strips even while both hands are empty, so the boards do not
    /// move when the first piece is captured; `None` (no drops) draws none.
    pub hands: Option<Vec<HandPiece>>,
    /// Draw every piece as a shogi tile pointing at the opponent with its letter (the
    /// variants with promoted forms), instead of its picture.
    pub tiles: bool,
    /// Squares the board does not have (holes): not drawn, never picked.
    pub absent: Vec<u16>,
    /// The first rank (0-based) of the far half of a board split by a river (xiangqi):
    /// the flat boards draw the river between this rank and the one before it.
    pub river: Option<u8>,
    /// Bit mask of the axes that wrap around (bit 0: X, 1: Y): the flat boards draw an
    /// arrow across such an edge round the outside of the board.
    pub wrap: u8,
}

use crate::silhouettes::PieceImage;

/// Side in pixels of a floating piece when the flat boards are not shown.
pub const FLOATING_PIECE_PX: f32 = 56.0;

impl Default for Scene {
    fn default() -> Self {
        Self {
            shape: [4, 4, 2, 2],
            pieces: Vec::new(),
            highlights: Vec::new(),
            arrows: Vec::new(),
            view: View::Both,
            camera: Camera::default(),
            theme: Theme::Dark,
            floating: None,
            flip: false,
            focus_w: None,
            pictures: Vec::new(),
            own_pictures: Vec::new(),
            hands: None,
            tiles: false,
            absent: Vec::new(),
            river: None,
            wrap: 0,
        }
    }
}

impl Scene {
    /// An empty scene of the given shape, shown in both views with
    /// [`Camera::for_shape`].
    pub fn empty(shape: [u8; 4]) -> Self {
        Self {
            shape,
            camera: Camera::for_shape(shape),
            ..Self::default()
        }
    }
}

/// A piece drawn on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScenePiece {
    /// Dense square index.
    pub square: u16,
    /// Piece letter. `K Q R B N P` get drawn silhouettes; any other letter is shown on a
    /// disc. Case is ignored (colour comes from `white`).
    pub glyph: char,
    /// White pieces are light with a dark outline, black pieces dark with a light one.
    pub white: bool,
}

/// One kind of piece in a side's hand, as the hand strip shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandPiece {
    /// Piece letter (drawn as on the board).
    pub glyph: char,
    /// Whose hand.
    pub white: bool,
    /// How many are held (drawn beside the piece).
    pub count: u8,
    /// Picked to be dropped: its slot is lit.
    pub selected: bool,
    /// Keyboard focus is on it: its slot is framed.
    pub focused: bool,
}

/// What a square mark means; each kind has its own colour and shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Highlight {
    /// The piece the player picked.
    Selected,
    /// An empty square the selected piece can move to (a dot).
    LegalMove,
    /// An occupied square the selected piece can capture on (a ring).
    LegalCapture,
    /// From- and to-square of the last move.
    LastMove,
    /// A king in check.
    Check,
    /// A checking piece or a threatened square.
    Threat,
    /// Keyboard focus.
    Focus,
    /// Under the mouse pointer.
    Hover,
    /// A square a move passes through (jump path, pushed piece).
    Path,
    /// The piece that just moved: outlined on top in both views.
    Moved,
    /// A square of one of the variant's regions (a palace, a promotion zone, the river
    /// bank): a faint tint under everything.
    Region,
    /// A square whose reaching wins (king of the hill's centre): a stronger tint.
    Goal,
}

/// An arrow along the squares a move passes, tail first, head last.
///
/// Two neighbouring squares of the path (no coordinate changes by more than one) are
/// joined straight, so a slide listed square by square is drawn through exactly those
/// squares; a hop between squares that are not neighbours is a leap and is drawn as a
/// jump (an arc). In the flat view a hop between two boards is bent so that it never
/// runs over the centre of a square the move does not pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// Dense square indices, from the start square to the landing square (at least
    /// two; a shorter path draws nothing).
    pub path: Vec<u16>,
    /// Colour and meaning.
    pub kind: ArrowKind,
}

impl Arrow {
    /// A one-hop arrow: straight between neighbours, a jump otherwise.
    pub fn new(from: u16, to: u16, kind: ArrowKind) -> Self {
        Self {
            path: vec![from, to],
            kind,
        }
    }

    /// An arrow through `path` (start, every square passed, landing).
    pub fn along(path: Vec<u16>, kind: ArrowKind) -> Self {
        Self { path, kind }
    }

    /// The start square (0 for an empty path).
    pub fn from(&self) -> u16 {
        self.path.first().copied().unwrap_or(0)
    }

    /// The landing square (0 for an empty path).
    pub fn to(&self) -> u16 {
        self.path.last().copied().unwrap_or(0)
    }
}

/// What an arrow means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrowKind {
    /// Attacker to checked king (red).
    Check,
    /// A suggested move (blue).
    Hint,
    /// The move just played (yellow).
    LastMove,
}

/// Which pictures of the board to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum View {
    /// Only the projected tesseract (cubes nested by W).
    Tesseract,
    /// Only the flat 2D boards (Z across, W up).
    Flat,
    /// Tesseract on the left, flat boards on the right.
    #[default]
    Both,
}

/// Colour scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// Dark background.
    #[default]
    Dark,
    /// Light background.
    Light,
}

/// The tesseract camera: a 3D orbit around the board plus a rotation in 4D.
///
/// Angles are in degrees. The 4D rotations turn the board before it is projected from
/// 4D to 3D: at all zero with the default nested picture, W = 0 is the inner cube and
/// W = 1 the outer one; [`Camera::for_shape`] gives a board with two W layers both cubes
/// at one size, W = 1 behind W = 0 along the ranks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Turn around the vertical axis, degrees (0 = looking from rank 1 side).
    pub yaw_deg: f32,
    /// Height angle, degrees, clamped to ±89.
    pub pitch_deg: f32,
    /// Distance from the orbit centre (zoom), world units; the outer cube is about 3 wide.
    pub distance: f32,
    /// Pan of the orbit centre along the screen's right and up, world units.
    pub pan: [f32; 2],
    /// 4D rotation in the X–W plane, degrees.
    pub xw_deg: f32,
    /// 4D rotation in the Y–W plane, degrees.
    pub yw_deg: f32,
    /// 4D rotation in the Z–W plane, degrees.
    pub zw_deg: f32,
    /// 4D perspective strength, 0 (none: the cubes coincide) to 0.45; 1/3 makes the
    /// outer cube twice the inner one.
    pub perspective_4d: f32,
    /// How far apart the W layers are pulled along the screen's horizontal (along the
    /// ranks with [`Camera::w_stack`]), world
    /// units per unit of 4D depth (0: nested as in the usual tesseract picture; about
    /// 1.6 puts the two cubes of a 4x4x2x2 board side by side). A depth cue the player
    /// can widen so the inner cube's pieces never mix with the outer cube's.
    pub w_separation: f32,
    /// Pull the W layers apart away from the viewer along the ranks (in the screen's
    /// plane: W = 0 nearest White's side, so from White's side each army stands nearest
    /// its own player's edge of the picture) instead of along the screen's horizontal.
    pub w_stack: bool,
    /// Drop W orthographically in the 4D-to-3D step (no 4D perspective: every W copy
    /// the same size, told apart by [`Camera::w_separation`] and its tint) instead of
    /// the nested-cubes perspective.
    pub ortho_4d: bool,
    /// Draw the 3D view orthographically (parallel lines stay parallel; the zoom is
    /// the width shown) instead of in perspective.
    pub ortho_3d: bool,
}

use crate::projection::MAX_SEPARATION;

impl Camera {
    /// A good first view of a board of this shape: the default orbit for boards with
    /// layers, the same with the W copies pulled apart for boards that have them, a
    /// higher and closer look at a single flat board.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_render::Camera;
    /// assert!(Camera::for_shape([8, 8, 1, 1]).pitch_deg > Camera::default().pitch_deg);
    /// ```
    pub fn for_shape(shape: [u8; 4]) -> Self {
        if shape[2] <= 1 && shape[3] <= 1 {
            Self {
                pitch_deg: 52.0,
                yaw_deg: 0.0,
                distance: 6.6,
                ..Self::default()
            }
        } else if shape[3] == 2 {
            // Two W copies: the same size (no 4D perspective) and side by side, so
            // both armies read alike and no cube's pieces mix with the other's.
            Self {
                w_separation: 1.3,
                ortho_4d: true,
                w_stack: true,
                ..Self::default()
            }
            .fit(shape, crate::Rect::new(0.0, 0.0, 1000.0, 1000.0))
        } else if shape[3] > 2 {
            // More copies: a gentler 4D perspective and cubes side by side.
            Self {
                w_separation: MAX_SEPARATION,
                perspective_4d: 0.15,
                ..Self::default()
            }
            .fit(shape, crate::Rect::new(0.0, 0.0, 1000.0, 1000.0))
        } else {
            Self::default()
        }
    }
}

impl Default for Camera {
    fn default() -> Self {
        Self {
            yaw_deg: 30.0,
            pitch_deg: 24.0,
            distance: 8.6,
            pan: [0.0, 0.0],
            xw_deg: 0.0,
            yw_deg: 0.0,
            zw_deg: 0.0,
            perspective_4d: 1.0 / 3.0,
            w_separation: 0.0,
            w_stack: false,
            ortho_4d: false,
            ortho_3d: false,
        }
    }
}
