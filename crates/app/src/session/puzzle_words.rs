//! A wrong puzzle move's refutation in words: what the opponent answers and what it
//! costs ("— it loses the queen to rook takes d1[0,0], and Black stands better"), from
//! the engine's answer and its score, so the player learns why, not only that.

use super::flow::move_words;
use chess4d_core::{Move, Position, Rules};
use chess4d_engine::Score;

/// The refutation of a wrong move: `reply` is the engine's answer in `before` (the
/// position after the wrong move), `score` its score from the answering side's view.
pub fn refutation(rules: &dyn Rules, before: &Position, reply: Move, score: Score) -> String {
    let side = before.side_to_move();
    let words = move_words(rules, before, reply);
    if words.ends_with("checkmate") {
        return format!("— {side} answers {words}.");
    }
    let info = rules.info();
    let taken = reply
        .capture
        .or((!reply.is_drop()).then_some(reply.to))
        .and_then(|sq| before.piece_at(sq))
        .filter(|p| p.color() != side)
        .and_then(|p| info.pieces.get(p.kind().index()))
        .map(|k| k.name.clone());
    let mate = score.mate_in().filter(|&n| n > 0);
    let winning = mate.is_some() || score.value() >= chess4d_puzzles::WIN;
    let tail = match mate {
        Some(n) => format!(", and {side} mates in {n}"),
        None if winning => format!(", and {side} stands better"),
        None => ", and the win is gone".to_string(),
    };
    match taken {
        Some(name) if winning => format!("— it loses the {name} to {words}{tail}."),
        Some(name) => format!("— {side} answers {words}, taking the {name}{tail}."),
        None => format!("— {side} answers {words}{tail}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    #[test]
    fn a_refutation_names_what_is_lost_and_what_follows() {
        let rules = Catalog::embedded().get("orthodox").unwrap();
        // White's queen went to d5 where the black rook takes it.
        let pos = rules
            .parse_position("3rk3/8/8/3Q4/8/8/8/4K3 b - - 0 1")
            .unwrap();
        let reply = rules.parse_move(&pos, "d8d5").unwrap();
        let text = refutation(&*rules, &pos, reply, Score(900));
        assert_eq!(
            text,
            "— it loses the queen to rook takes d5, and Black stands better."
        );
        let even = refutation(&*rules, &pos, reply, Score(0));
        assert!(
            even.contains("taking the queen, and the win is gone"),
            "{even}"
        );
        // An answer that mates is said as the mate.
        let back_rank = rules
            .parse_position("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1")
            .unwrap();
        let rook = rules.parse_move(&back_rank, "a8a1").unwrap();
        let text = refutation(&*rules, &back_rank, rook, Score(30_000));
        assert_eq!(text, "— Black answers rook to a1, checkmate.");
    }
}
