//! Static exchange evaluation: what a capture wins or loses once every piece that
//! attacks its landing square has taken its turn to recapture, cheapest first.
//!
//! The rules give the attackers of a square ([`Rules::attackers`]) for any board
//! shape and movement, so the exchange is played out on the position itself: each
//! capturing piece is lifted off its square (which uncovers the sliders behind it),
//! the attackers are asked again, and every lifted piece is put back at the end.

use crate::eval::{Evaluator, victim};
use chess4d_core::{Color, Move, Piece, Position, Rules, Square};

/// The value a royal piece counts for in an exchange: it recaptures last.
const ROYAL: i32 = 100_000;
/// The longest exchange followed (more attackers than this on one square are ignored).
const MAX_SWAPS: usize = 32;

/// Reusable buffers for exchange evaluation (so the search allocates nothing).
#[derive(Default)]
pub(crate) struct Exchange {
    attackers: Vec<Square>,
    lifted: Vec<(Square, Piece)>,
}

impl Exchange {
    /// Whether the exchange that `mv` starts gains at least `threshold` centipawns
    /// for the side to move.
    ///
    /// The cheap cases (taking a piece worth at least the capturer, or a capture that
    /// cannot reach the threshold even unanswered) are decided without asking the
    /// rules anything.
    pub(crate) fn at_least(
        &mut self,
        rules: &dyn Rules,
        eval: &Evaluator,
        pos: &mut Position,
        mv: &Move,
        threshold: i32,
    ) -> bool {
        let Some(mover) = pos.piece_at(mv.from) else {
            return true;
        };
        let gain = victim(pos, mv).map_or(0, |p| eval.value(p.kind()));
        let promo = mv
            .promotion
            .map_or(0, |k| eval.value(k) - eval.value(mover.kind()));
        let balance = gain + promo - threshold;
        if balance < 0 {
            return false;
        }
        let standing = mv.promotion.map_or(value(eval, mover), |k| eval.value(k));
        if balance - standing >= 0 {
            return true;
        }
        self.swap(rules, eval, pos, mv, mover, standing, gain + promo) >= threshold
    }

    /// The exchange's outcome for the side to move, in centipawns.
    #[cfg(test)]
    pub(crate) fn value(
        &mut self,
        rules: &dyn Rules,
        eval: &Evaluator,
        pos: &mut Position,
        mv: &Move,
    ) -> i32 {
        let Some(mover) = pos.piece_at(mv.from) else {
            return 0;
        };
        let gain = victim(pos, mv).map_or(0, |p| eval.value(p.kind()));
        let promo = mv
            .promotion
            .map_or(0, |k| eval.value(k) - eval.value(mover.kind()));
        let standing = mv.promotion.map_or(value(eval, mover), |k| eval.value(k));
        self.swap(rules, eval, pos, mv, mover, standing, gain + promo)
    }

    /// Plays the exchange out on `pos` (restored before returning) and returns its
    /// value by the usual minimax over the list of gains.
    #[allow(clippy::too_many_arguments)]
    fn swap(
        &mut self,
        rules: &dyn Rules,
        eval: &Evaluator,
        pos: &mut Position,
        mv: &Move,
        mover: Piece,
        mut standing: i32,
        first_gain: i32,
    ) -> i32 {
        let target = mv.to;
        self.lifted.clear();
        self.lift(pos, mv.from);
        if let Some(c) = mv.capture {
            self.lift(pos, c);
        }
        let mut gains = [0i32; MAX_SWAPS + 1];
        gains[0] = first_gain;
        let mut depth = 0;
        let mut side = !mover.color();
        while depth < MAX_SWAPS {
            let Some((sq, piece)) = self.cheapest(rules, eval, pos, target, side) else {
                break;
            };
            // A royal piece may only take last: if the other side still attacks the
            // square, the capture would leave it in check.
            if eval.is_royal(piece.kind()) {
                self.lift(pos, sq);
                let answered = rules.is_attacked(pos, target, !side);
                if answered {
                    break;
                }
            } else {
                self.lift(pos, sq);
            }
            depth += 1;
            gains[depth] = standing - gains[depth - 1];
            // Neither side can do better by going on: stop early.
            if gains[depth].max(-gains[depth - 1]) < 0 {
                break;
            }
            standing = value(eval, piece);
            side = !side;
        }
        self.restore(pos);
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }

    /// The least valuable piece of `side` attacking `target`.
    fn cheapest(
        &mut self,
        rules: &dyn Rules,
        eval: &Evaluator,
        pos: &Position,
        target: Square,
        side: Color,
    ) -> Option<(Square, Piece)> {
        rules.attackers(pos, target, side, &mut self.attackers);
        self.attackers
            .iter()
            .filter_map(|&sq| pos.piece_at(sq).map(|p| (sq, p)))
            .min_by_key(|&(_, p)| value(eval, p))
    }

    fn lift(&mut self, pos: &mut Position, sq: Square) {
        if let Some(p) = pos.piece_at(sq) {
            self.lifted.push((sq, p));
            pos.put(sq, None);
        }
    }

    fn restore(&mut self, pos: &mut Position) {
        while let Some((sq, p)) = self.lifted.pop() {
            pos.put(sq, Some(p));
        }
    }
}

/// A piece's worth in an exchange (royal pieces last).
#[inline]
fn value(eval: &Evaluator, p: Piece) -> i32 {
    if eval.is_royal(p.kind()) {
        ROYAL
    } else {
        eval.value(p.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exchange value of the move `text` in `fen` on the orthodox board.
    fn exchange(fen: &str, text: &str) -> i32 {
        let rules = chess4d_variants::Catalog::embedded()
            .resolve("orthodox")
            .expect("built-in variant");
        let eval = Evaluator::new(&*rules);
        let mut pos = rules.parse_position(fen).expect("test FEN");
        let mv = rules.parse_move(&pos, text).expect("legal test move");
        let before = pos.clone();
        let v = Exchange::default().value(&*rules, &eval, &mut pos, &mv);
        assert_eq!(pos, before, "the exchange leaves the position as it was");
        v
    }

    #[test]
    fn an_undefended_pawn_is_won() {
        assert_eq!(exchange("1k6/8/8/4p3/8/8/8/1K2R3 w - - 0 1", "e1e5"), 100);
    }

    #[test]
    fn a_queen_taking_a_defended_pawn_loses_the_difference() {
        assert_eq!(
            exchange("1k6/8/2p5/3p4/8/8/8/1K1Q4 w - - 0 1", "d1d5"),
            100 - 900
        );
    }

    #[test]
    fn a_pawn_taking_a_defended_knight_wins_the_difference() {
        assert_eq!(
            exchange("1k6/8/2p5/3n4/4P3/8/8/1K6 w - - 0 1", "e4d5"),
            320 - 100
        );
    }

    #[test]
    fn a_rook_behind_a_rook_joins_the_exchange() {
        // Rxe5 Rxe5 Rxe5: the second rook on e1 stands behind the first one.
        assert_eq!(
            exchange("1k2r3/8/8/4p3/8/8/4R3/1K2R3 w - - 0 1", "e2e5"),
            100
        );
        // Without it the first rook is lost for the pawn.
        assert_eq!(
            exchange("1k2r3/8/8/4p3/8/8/4R3/1K6 w - - 0 1", "e2e5"),
            100 - 500
        );
    }

    #[test]
    fn a_king_recaptures_only_where_it_is_safe() {
        // Qxf7+ Kxf7 is legal for Black: the queen is lost for the pawn.
        assert_eq!(
            exchange("6k1/5p2/8/8/8/8/8/1K3Q2 w - - 0 1", "f1f7"),
            100 - 900
        );
        // With a rook behind the queen the king cannot take back.
        assert_eq!(exchange("6k1/5p2/8/8/8/8/5R2/1K3Q2 w - - 0 1", "f2f7"), 100);
    }

    #[test]
    fn the_threshold_test_agrees_with_the_value() {
        let rules = chess4d_variants::Catalog::embedded()
            .resolve("orthodox")
            .expect("built-in variant");
        let eval = Evaluator::new(&*rules);
        let mut pos = rules
            .parse_position("1k2r3/8/8/4p3/8/8/4R3/1K6 w - - 0 1")
            .expect("test FEN");
        let mv = rules.parse_move(&pos, "e2e5").expect("legal");
        let mut x = Exchange::default();
        assert!(x.at_least(&*rules, &eval, &mut pos, &mv, -400));
        assert!(!x.at_least(&*rules, &eval, &mut pos, &mv, -399));
    }
}
