//! Which material can still win: an advantage the stronger side cannot turn into mate
//! is scaled towards a draw, so the search neither plays for it nor fears it.

use super::Side;

/// `white` (White's score) scaled by what the side it favours can still mate with.
///
/// Without pawns, a side needs more than a minor piece's worth over the other side's
/// pieces to force mate (a lone bishop or knight, a rook against a minor piece, two
/// minor pieces against one, are drawn with correct defence); with every piece of that
/// size gone, only pawns can promote into a win. A side holding pieces in hand
/// (crazyhouse, shogi) is never scaled: a drop can land where it mates, so no count
/// of the board's material says the game is drawn.
pub(super) fn scale(white: i32, side: &[Side; 2]) -> i32 {
    let strong = if white >= 0 { 0 } else { 1 };
    let (s, w) = (&side[strong], &side[1 - strong]);
    if s.held > 0 {
        return white;
    }
    if s.pawns > 0 {
        // A single pawn against a piece that can give itself up for it: hard to win.
        if s.pawns == 1 && s.pieces <= w.pieces && w.pieces > 0 {
            return white / 2;
        }
        return white;
    }
    let margin = s.pieces - w.pieces;
    // Below a rook's worth more (in the variant's own values, the largest piece short
    // of that is a minor piece) the extra material does not mate, nor does a single
    // piece that cannot mate alone.
    if s.pieces == 0 || margin < minor_limit(s, w) || (s.count == 1 && !s.mater) {
        return white / 8;
    }
    white
}

/// Whether a piece that reaches `reach` squares of `squares` on the empty board (on
/// average) can force mate with its king against a lone king: it must cover a fifth
/// of the board. On 8x8 that is the rook and queen but not the bishop or knight; on
/// the 4x4x2x2 board only the queen, as the retrograde solve in
/// `examples/lone_king.rs` finds.
pub(super) fn mates_alone(reach: i32, squares: usize) -> bool {
    reach as usize * 5 >= squares
}

/// The margin over the other side's pieces that a side without pawns needs to mate:
/// more than the value of a minor piece (taken as 40% of the best piece in play, at
/// least 400 centipawns on the orthodox scale of values).
fn minor_limit(s: &Side, w: &Side) -> i32 {
    (s.best_piece.max(w.best_piece) * 2 / 5).max(400)
}
