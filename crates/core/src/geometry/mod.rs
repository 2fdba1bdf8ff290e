//! Board geometry: 1 to 4 axes, squares as dense indices, coordinates and names.

mod notation;

pub use notation::{SquareParseError, SquareParseErrorKind};

use std::fmt;

/// The most squares a board may have (8x8x8x8).
pub const MAX_SQUARES: usize = 4096;
/// The most positions along the X axis (files are letters a–z).
pub const MAX_FILES: u8 = 26;

/// One of the four axes of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    /// Files, written as letters.
    X = 0,
    /// Ranks, written as numbers; pawns advance along this axis.
    Y = 1,
    /// The first bracketed coordinate: the board of a row (left/right) or a 3D layer.
    Z = 2,
    /// The second bracketed coordinate: the row of boards, or the cube of the tesseract.
    W = 3,
}

impl Axis {
    /// All axes in order.
    pub const ALL: [Axis; 4] = [Axis::X, Axis::Y, Axis::Z, Axis::W];

    /// The axis with this index (0 = X .. 3 = W).
    pub fn from_index(i: usize) -> Option<Axis> {
        Axis::ALL.get(i).copied()
    }

    /// The lowercase letter used for this axis in files and messages.
    pub fn letter(self) -> char {
        ['x', 'y', 'z', 'w'][self as usize]
    }
}

/// A square: a dense index `x + sx*(y + sy*(z + sz*w))` into the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u16);

impl Square {
    /// The index as a `usize`, for array access.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a board shape was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// A board needs between one and four axes.
    AxisCount(usize),
    /// Every axis needs at least one position.
    EmptyAxis(Axis),
    /// Files are letters, so X has at most 26 positions.
    TooManyFiles(u8),
    /// The board has more than [`MAX_SQUARES`] squares.
    TooLarge(usize),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::AxisCount(n) => {
                write!(f, "a board has 1 to 4 axes, this one has {n}")
            }
            ShapeError::EmptyAxis(a) => write!(f, "axis {} has size 0", a.letter()),
            ShapeError::TooManyFiles(n) => {
                write!(
                    f,
                    "axis x has {n} files but files are letters a-z (at most {MAX_FILES})"
                )
            }
            ShapeError::TooLarge(n) => {
                write!(
                    f,
                    "the board has {n} squares, more than the limit of {MAX_SQUARES}"
                )
            }
        }
    }
}

impl std::error::Error for ShapeError {}

/// The shape of a board: how many axes and how long each one is.
///
/// # Examples
///
/// ```
/// use chess4d_core::Shape;
/// let shape = Shape::new(&[4, 4, 2, 2]).unwrap();
/// assert_eq!(shape.len(), 64);
/// let sq = shape.parse_square("a1[0,1]").unwrap();
/// assert_eq!(shape.coords(sq), [0, 0, 0, 1]);
/// assert_eq!(shape.square_name(sq), "a1[0,1]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    sizes: [u8; 4],
    axes: u8,
    strides: [u16; 4],
    len: u16,
}

impl Shape {
    /// A shape with the given axis sizes, X first. Unused trailing axes are size 1.
    pub fn new(sizes: &[u8]) -> Result<Shape, ShapeError> {
        if sizes.is_empty() || sizes.len() > 4 {
            return Err(ShapeError::AxisCount(sizes.len()));
        }
        let mut full = [1u8; 4];
        let mut total: usize = 1;
        for (i, &s) in sizes.iter().enumerate() {
            if s == 0 {
                return Err(ShapeError::EmptyAxis(Axis::ALL[i]));
            }
            full[i] = s;
            total = total.saturating_mul(s as usize);
        }
        if full[0] > MAX_FILES {
            return Err(ShapeError::TooManyFiles(full[0]));
        }
        if total > MAX_SQUARES {
            return Err(ShapeError::TooLarge(total));
        }
        let mut strides = [0u16; 4];
        let mut stride = 1u16;
        for i in 0..4 {
            strides[i] = stride;
            stride *= full[i] as u16;
        }
        Ok(Shape {
            sizes: full,
            axes: sizes.len() as u8,
            strides,
            len: total as u16,
        })
    }

    /// Number of axes (1 to 4).
    pub fn axes(&self) -> usize {
        self.axes as usize
    }

    /// Size of every axis, X first; axes the board does not have are 1.
    pub fn sizes(&self) -> [u8; 4] {
        self.sizes
    }

    /// Size of one axis.
    pub fn size(&self, axis: Axis) -> u8 {
        self.sizes[axis as usize]
    }

    /// Number of squares.
    #[allow(clippy::len_without_is_empty)] // a shape always has at least one square
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Every square, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        (0..self.len).map(Square)
    }

    /// The square at these coordinates, if they lie on the board.
    pub fn square(&self, coords: [u8; 4]) -> Option<Square> {
        let mut idx = 0u16;
        for ((&c, &size), &stride) in coords.iter().zip(&self.sizes).zip(&self.strides) {
            if c >= size {
                return None;
            }
            idx += c as u16 * stride;
        }
        Some(Square(idx))
    }

    /// The square reached from `from` by adding a signed offset per axis, if on the board.
    #[inline]
    pub fn offset(&self, from: Square, delta: [i8; 4]) -> Option<Square> {
        let c = self.coords(from);
        let mut out = [0u8; 4];
        for i in 0..4 {
            let v = c[i] as i16 + delta[i] as i16;
            if v < 0 || v >= self.sizes[i] as i16 {
                return None;
            }
            out[i] = v as u8;
        }
        self.square(out)
    }

    /// The coordinates of a square, X first.
    #[inline]
    pub fn coords(&self, sq: Square) -> [u8; 4] {
        let mut rest = sq.0;
        let mut out = [0u8; 4];
        for (i, o) in out.iter_mut().enumerate() {
            let s = self.sizes[i] as u16;
            *o = (rest % s) as u8;
            rest /= s;
        }
        out
    }

    /// Whether a square index lies on the board.
    pub fn contains(&self, sq: Square) -> bool {
        sq.0 < self.len
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.axes() {
            if i > 0 {
                f.write_str("x")?;
            }
            write!(f, "{}", self.sizes[i])?;
        }
        Ok(())
    }
}
