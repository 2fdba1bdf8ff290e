//! The static evaluation as a public value, for the tuners and trainers in
//! `examples/` and for tests.

use super::values::{KindValue, Material};
use super::{Evaluator, Weights};
use chess4d_core::{Color, Position, Rules};

/// The static evaluation with chosen weights, for tuning them (`examples/tune.rs`).
///
/// # Examples
///
/// ```
/// use chess4d_engine::{StaticEval, Weights};
/// let rules = chess4d_variants::Catalog::embedded().resolve("orthodox").unwrap();
/// let eval = StaticEval::new(&*rules, Weights::default());
/// let start = rules.start_position();
/// assert!(eval.is_quiet(&*rules, &start));
/// assert!(eval.white_score(&start).abs() < 50);
/// ```
pub struct StaticEval {
    eval: Evaluator,
}

impl StaticEval {
    /// Learns the variant's geometry and fills the tables for `weights`: the
    /// hand-written terms alone, without the square corrections a search adds on
    /// orthodox chess (what `examples/tune.rs` and `examples/train_squares.rs` fit).
    pub fn new(rules: &dyn Rules, weights: Weights) -> StaticEval {
        StaticEval {
            eval: Evaluator::with_weights(rules, weights),
        }
    }

    /// The evaluation a search uses: the hand-written terms and, on orthodox chess and
    /// Chess960, the network trained on Stockfish's evaluations (and, where it does
    /// not apply, the square corrections fitted to them).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_engine::{StaticEval, Weights};
    /// let rules = chess4d_variants::Catalog::embedded().resolve("orthodox").unwrap();
    /// let hand = StaticEval::new(&*rules, Weights::default());
    /// let searched = StaticEval::searched(&*rules);
    /// // A knight on its own rim square: the corrections think less of it.
    /// let pos = rules
    ///     .parse_position("rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq - 1 1")
    ///     .unwrap();
    /// assert_ne!(hand.white_score(&pos), searched.white_score(&pos));
    /// ```
    pub fn searched(rules: &dyn Rules) -> StaticEval {
        StaticEval {
            eval: Evaluator::new(rules),
        }
    }

    /// The evaluation a search would use with `weights` in place of its own: what
    /// `examples/tune.rs` fits when `SQUARES=1` (the square corrections held fixed), and
    /// what `examples/train_net.rs` compares its network with. The network is left out.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_engine::{StaticEval, Weights};
    /// let rules = chess4d_variants::Catalog::embedded().resolve("orthodox").unwrap();
    /// let start = rules.start_position();
    /// let ours = StaticEval::searched_with(&*rules, Weights::default()).white_score(&start);
    /// let no_tempo = Weights { tempo: 0, ..Weights::default() };
    /// let other = StaticEval::searched_with(&*rules, no_tempo);
    /// assert_eq!(other.white_score(&start), ours - Weights::default().tempo);
    /// ```
    pub fn searched_with(rules: &dyn Rules, weights: Weights) -> StaticEval {
        StaticEval {
            eval: Evaluator::corrected_with(rules, weights),
        }
    }

    /// The evaluation a search would use with `weights` and `values` in place of the
    /// weights and material corrections of the variant's family
    /// (`examples/tune_values.rs`).
    pub fn searched_with_values(
        rules: &dyn Rules,
        weights: Weights,
        values: &[KindValue],
    ) -> StaticEval {
        StaticEval {
            eval: Evaluator::with_values(rules, weights, values),
        }
    }

    /// The position's material as the material corrections see it: what
    /// `examples/tune_values.rs` fits them on.
    pub fn material(&self, pos: &Position) -> Material {
        let mut walk = super::Walk::<{ super::MAX_PIECES }>::empty();
        self.eval
            .walk::<true, { super::MAX_PIECES }>(pos, &mut walk);
        let phase = self.eval.phase(&walk.side);
        let (board, hand) = super::values::counts(pos, self.eval.kinds.len());
        Material { board, hand, phase }
    }

    /// The evaluation from White's view, in centipawns (the tempo bonus included).
    pub fn white_score(&self, pos: &Position) -> i32 {
        let s = self.eval.evaluate(pos);
        if pos.side_to_move() == Color::White {
            s
        } else {
            -s
        }
    }

    /// Whether the position is quiet enough for its static score to mean something:
    /// the side to move is not in check and has no capture or promotion that wins
    /// material in the exchange.
    pub fn is_quiet(&self, rules: &dyn Rules, pos: &Position) -> bool {
        if rules.in_check(pos) {
            return false;
        }
        let mut noisy = Vec::new();
        rules.legal_captures(pos, &mut noisy);
        let mut scratch = pos.clone();
        let mut exchange = crate::see::Exchange::default();
        noisy
            .iter()
            .all(|mv| !exchange.at_least(rules, &self.eval, &mut scratch, mv, 1))
    }
}
