//! Keyboard focus over the squares, as the page describes it: Tab walks the squares,
//! arrows move within a board, Alt + arrows move between boards.

use chess4d_core::{PieceKind, Shape, Square};

/// A place Tab stops at: a square of the board, or a kind in the hand of the side to
/// move (the variants with drops).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A square.
    Square(Square),
    /// A kind in hand.
    Hand(PieceKind),
}

/// One focus step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// Tab: the next square.
    Next,
    /// Shift+Tab: the previous square.
    Prev,
    /// Left arrow: one file left (X - 1).
    Left,
    /// Right arrow: one file right (X + 1).
    Right,
    /// Up arrow: one rank up (Y + 1).
    Up,
    /// Down arrow: one rank down (Y - 1).
    Down,
    /// Alt+Left: the board to the left (Z - 1).
    BoardLeft,
    /// Alt+Right: the board to the right (Z + 1).
    BoardRight,
    /// Alt+Up: the board above (W + 1 on four axes, Z + 1 on three).
    BoardUp,
    /// Alt+Down: the board below (W - 1 on four axes, Z - 1 on three).
    BoardDown,
}

/// Where focus goes from `from` for one step; it stays put at the edge of the board
/// (Tab wraps around).
///
/// # Examples
///
/// ```
/// use chess4d::session::keyboard::{Nav, step};
/// use chess4d_core::Shape;
/// let shape = Shape::new(&[4, 4, 2, 2]).unwrap();
/// let a1 = shape.parse_square("a1[0,0]").unwrap();
/// assert_eq!(shape.square_name(step(&shape, a1, Nav::BoardUp)), "a1[0,1]");
/// ```
pub fn step(shape: &Shape, from: Square, nav: Nav) -> Square {
    let len = shape.len() as u16;
    let [_, _, sz, sw] = shape.sizes();
    let (axis, delta): (usize, i8) = match nav {
        Nav::Next => return Square((from.0 + 1) % len),
        Nav::Prev => return Square((from.0 + len - 1) % len),
        Nav::Left => (0, -1),
        Nav::Right => (0, 1),
        Nav::Up => (1, 1),
        Nav::Down => (1, -1),
        Nav::BoardLeft => (2, -1),
        Nav::BoardRight => (2, 1),
        Nav::BoardUp | Nav::BoardDown => {
            let axis = if sw > 1 || sz <= 1 { 3 } else { 2 };
            (axis, if nav == Nav::BoardUp { 1 } else { -1 })
        }
    };
    let mut delta4 = [0i8; 4];
    delta4[axis] = delta;
    shape.offset(from, delta4).unwrap_or(from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(shape: &Shape, sq: Square) -> String {
        shape.square_name(sq)
    }

    #[test]
    fn arrows_stay_on_one_board_and_alt_arrows_change_board() {
        let shape = Shape::new(&[4, 4, 2, 2]).unwrap();
        let b2 = shape.parse_square("b2[0,0]").unwrap();
        assert_eq!(name(&shape, step(&shape, b2, Nav::Left)), "a2[0,0]");
        assert_eq!(name(&shape, step(&shape, b2, Nav::Right)), "c2[0,0]");
        assert_eq!(name(&shape, step(&shape, b2, Nav::Up)), "b3[0,0]");
        assert_eq!(name(&shape, step(&shape, b2, Nav::Down)), "b1[0,0]");
        assert_eq!(name(&shape, step(&shape, b2, Nav::BoardRight)), "b2[1,0]");
        assert_eq!(name(&shape, step(&shape, b2, Nav::BoardUp)), "b2[0,1]");
        // Edges hold.
        assert_eq!(name(&shape, step(&shape, b2, Nav::BoardLeft)), "b2[0,0]");
        assert_eq!(name(&shape, step(&shape, b2, Nav::BoardDown)), "b2[0,0]");
        let a1 = shape.parse_square("a1[0,0]").unwrap();
        assert_eq!(step(&shape, a1, Nav::Left), a1);
        assert_eq!(step(&shape, a1, Nav::Down), a1);
    }

    #[test]
    fn tab_walks_every_square_and_wraps() {
        let shape = Shape::new(&[4, 4, 2, 2]).unwrap();
        let mut sq = Square(0);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..shape.len() {
            seen.insert(sq);
            sq = step(&shape, sq, Nav::Next);
        }
        assert_eq!(seen.len(), 64);
        assert_eq!(sq, Square(0));
        assert_eq!(step(&shape, Square(0), Nav::Prev), Square(63));
    }

    #[test]
    fn on_three_axes_alt_up_and_down_change_the_layer() {
        let shape = Shape::new(&[5, 5, 5]).unwrap();
        let c3 = shape.parse_square("c3[2]").unwrap();
        assert_eq!(name(&shape, step(&shape, c3, Nav::BoardUp)), "c3[3]");
        assert_eq!(name(&shape, step(&shape, c3, Nav::BoardDown)), "c3[1]");
        assert_eq!(name(&shape, step(&shape, c3, Nav::BoardRight)), "c3[3]");
        let flat = Shape::new(&[8, 8]).unwrap();
        let e4 = flat.parse_square("e4").unwrap();
        assert_eq!(step(&flat, e4, Nav::BoardUp), e4);
    }
}
