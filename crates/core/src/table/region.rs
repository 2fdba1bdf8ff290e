//! Regions: named sets of squares, one for each side, as bitsets sized to the board.
//!
//! A region is the vocabulary's word for "these squares matter": the hill a king must
//! reach, the ranks where a pawn promotes, a palace. The core takes each side's squares
//! ready-made (the variant loader turns ranks, files and boxes on any axes into them);
//! here they become bitsets of as many 64-bit words as the board needs, so a 4x4x2x2
//! or an 8x8 board is one word and Raumschach or 10x8 two.

use super::VariantError;
use crate::geometry::{Shape, Square};
use crate::piece::Color;

/// A region as a variant describes it: a name and each side's squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionDef {
    /// The name rules refer to it by (`hill`, `zone`).
    pub name: String,
    /// White's squares, then Black's (the same list for both when the region is not
    /// relative to the side).
    pub squares: [Vec<Square>; 2],
}

/// A set of squares of one board: one bit per square.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SquareSet {
    words: Box<[u64]>,
}

impl SquareSet {
    /// The empty set for a board of `len` squares.
    pub fn new(len: usize) -> SquareSet {
        SquareSet {
            words: vec![0; len.div_ceil(64)].into_boxed_slice(),
        }
    }

    /// The set of the listed squares on a board of `len` squares (off-board ones are
    /// ignored: the caller checks them).
    pub fn of(len: usize, squares: &[Square]) -> SquareSet {
        let mut set = SquareSet::new(len);
        for &sq in squares {
            set.insert(sq);
        }
        set
    }

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        if let Some(w) = self.words.get_mut(sq.index() / 64) {
            *w |= 1 << (sq.index() % 64);
        }
    }

    /// Whether a square is in the set.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.words
            .get(sq.index() / 64)
            .is_some_and(|w| w & (1 << (sq.index() % 64)) != 0)
    }

    /// Whether the set has no square.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The squares in the set, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w & (1u64 << b) != 0)
                .map(move |b| Square((i * 64 + b) as u16))
        })
    }
}

/// A variant's regions, each as one bitset per side.
#[derive(Clone, Debug, Default)]
pub(crate) struct Regions {
    names: Vec<String>,
    sets: Vec<[SquareSet; 2]>,
}

impl Regions {
    /// Checks and stores the regions of a variant.
    pub(crate) fn new(shape: &Shape, defs: &[RegionDef]) -> Result<Regions, VariantError> {
        let mut out = Regions::default();
        for (i, d) in defs.iter().enumerate() {
            let bad = |reason: &str| VariantError::BadRegion {
                name: d.name.clone(),
                reason: reason.to_string(),
            };
            if d.name.is_empty() {
                return Err(bad("a region needs a name"));
            }
            if defs[..i].iter().any(|e| e.name == d.name) {
                return Err(bad("two regions have this name"));
            }
            if d.squares.iter().flatten().any(|&s| !shape.contains(s)) {
                return Err(bad("a square is off the board"));
            }
            out.names.push(d.name.clone());
            out.sets
                .push(d.squares.each_ref().map(|s| SquareSet::of(shape.len(), s)));
        }
        Ok(out)
    }

    /// The region of this name, for each side.
    pub(crate) fn get(&self, name: &str) -> Option<&[SquareSet; 2]> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| &self.sets[i])
    }

    /// The region of this name, or the error naming what refers to it.
    pub(crate) fn require(&self, name: &str, user: &str) -> Result<[SquareSet; 2], VariantError> {
        self.get(name)
            .cloned()
            .ok_or_else(|| VariantError::BadRegion {
                name: name.to_string(),
                reason: format!("{user} names a region the variant does not define"),
            })
    }

    /// Every region's name with its squares for `color`, in definition order.
    pub(crate) fn iter(&self, color: Color) -> impl Iterator<Item = (&str, &SquareSet)> + '_ {
        self.names
            .iter()
            .zip(&self.sets)
            .map(move |(n, s)| (n.as_str(), &s[color.index()]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_spans_as_many_words_as_the_board_needs() {
        let set = SquareSet::of(125, &[Square(0), Square(64), Square(124)]);
        assert!(set.contains(Square(64)) && set.contains(Square(124)));
        assert!(!set.contains(Square(63)) && !set.contains(Square(125)));
        let listed: Vec<Square> = set.squares().collect();
        assert_eq!(listed, vec![Square(0), Square(64), Square(124)]);
        assert!(SquareSet::new(16).is_empty());
    }

    #[test]
    fn regions_are_checked_against_the_board() {
        let shape = Shape::new(&[4, 4]).unwrap_or_else(|e| panic!("{e}"));
        let off = RegionDef {
            name: "far".into(),
            squares: [vec![Square(16)], vec![]],
        };
        assert!(matches!(
            Regions::new(&shape, &[off]),
            Err(VariantError::BadRegion { .. })
        ));
        let hill = RegionDef {
            name: "hill".into(),
            squares: [vec![Square(5)], vec![Square(10)]],
        };
        let regions = Regions::new(&shape, &[hill]).unwrap_or_else(|e| panic!("{e}"));
        let [w, b] = regions.get("hill").unwrap_or_else(|| panic!("no hill"));
        assert!(w.contains(Square(5)) && b.contains(Square(10)) && !w.contains(Square(10)));
        assert!(regions.require("moon", "the goal").is_err());
    }
}
