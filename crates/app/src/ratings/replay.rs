//! The bridge between a core [`Game`] and the archive, which knows no rules: a played
//! game becomes a [`GameRecord`] (start position, moves in notation, result, reason),
//! and stored moves become a game again by replaying them through the rules.

use std::sync::Arc;

use chess4d_archive::GameResult;
use chess4d_archive::storage::{GameRecord, PlayerId};
use chess4d_core::{Color, Game, Outcome, Rules};

use super::error::ReplayError;

/// The archive's result of a game's outcome; `*` while the game goes on.
///
/// # Examples
///
/// ```
/// use chess4d::ratings::game_result;
/// use chess4d_archive::GameResult;
/// use chess4d_core::{Color, Outcome, Reason};
///
/// let mate = Outcome { winner: Some(Color::Black), reason: Reason::Checkmate };
/// assert_eq!(game_result(Some(mate)), GameResult::BlackWins);
/// assert_eq!(game_result(None), GameResult::Undecided);
/// ```
pub fn game_result(outcome: Option<Outcome>) -> GameResult {
    match outcome.map(|o| o.winner) {
        Some(Some(Color::White)) => GameResult::WhiteWins,
        Some(Some(Color::Black)) => GameResult::BlackWins,
        Some(None) => GameResult::Draw,
        None => GameResult::Undecided,
    }
}

/// The archive's record of `game` between `white` and `black`: the variant's name, the
/// start position written out (so the record replays even if the variant's own start
/// changes later), the moves in coordinate notation, and the result with its reason.
pub fn game_record(game: &Game, white: PlayerId, black: PlayerId) -> GameRecord {
    let rules = game.rules();
    let outcome = game.outcome();
    let mut record = GameRecord::new(&rules.info().name, white, black, game_result(outcome))
        .with_start_fen(&rules.format_position(game.start_position()))
        .with_moves(game.notation());
    if let Some(outcome) = outcome {
        record = record.with_termination(outcome.reason.describe());
    }
    record
}

/// Rebuilds a game by playing `moves` (SAN or coordinates) from `start_fen` (the
/// variant's start when `None`) with [`chess4d_core::play_notation`]; the first move the rules refuse is named with its
/// number as a game text writes it.
///
/// # Examples
///
/// ```
/// use chess4d::ratings::replay;
///
/// let rules = chess4d_variants::Catalog::embedded().get("orthodox")?;
/// let game = replay(rules.clone(), None, &["e2e4".into(), "e7e5".into()])?;
/// assert_eq!(game.moves().len(), 2);
/// let error = replay(rules, None, &["e2e4".into(), "e2e4".into()]).unwrap_err();
/// assert!(error.to_string().starts_with("move 1... e2e4 (Black)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(
    rules: Arc<dyn Rules>,
    start_fen: Option<&str>,
    moves: &[String],
) -> Result<Game, ReplayError> {
    let start = match start_fen {
        Some(fen) => rules
            .parse_position(fen)
            .map_err(|source| ReplayError::BadStart {
                fen: fen.to_owned(),
                source,
            })?,
        None => rules.start_position(),
    };
    let first_side = start.side_to_move();
    let mut game = Game::from_position(rules, start);
    for (ply, text) in moves.iter().enumerate() {
        if let Err(source) = chess4d_core::play_notation(&mut game, text) {
            let shifted = ply + usize::from(first_side == Color::Black);
            let side = if ply % 2 == 0 {
                first_side
            } else {
                !first_side
            };
            return Err(ReplayError::BadMove {
                ply,
                number: shifted / 2 + 1,
                side,
                text: text.clone(),
                source,
            });
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_core::Reason;
    use chess4d_variants::Catalog;

    fn orthodox() -> Arc<dyn Rules> {
        Catalog::embedded().get("orthodox").expect("orthodox")
    }

    #[test]
    fn results_follow_the_winner() {
        let won = |winner| {
            Some(Outcome {
                winner,
                reason: Reason::Checkmate,
            })
        };
        assert_eq!(game_result(won(Some(Color::White))), GameResult::WhiteWins);
        assert_eq!(game_result(won(Some(Color::Black))), GameResult::BlackWins);
        assert_eq!(game_result(won(None)), GameResult::Draw);
        assert_eq!(game_result(None), GameResult::Undecided);
    }

    #[test]
    fn a_mated_game_records_its_moves_start_and_reason() {
        let moves: Vec<String> = ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from).to_vec();
        let game = replay(orthodox(), None, &moves).expect("fool's mate replays");
        let record = game_record(&game, PlayerId(1), PlayerId(2));
        assert_eq!(record.variant, "orthodox");
        assert_eq!(record.result, GameResult::BlackWins);
        assert_eq!(record.termination.as_deref(), Some("checkmate"));
        assert_eq!(record.moves, moves);
        assert_eq!(
            record.start_fen.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        );
        let again = replay(orthodox(), record.start_fen.as_deref(), &record.moves)
            .expect("the record replays");
        assert_eq!(again.position(), game.position());
    }

    #[test]
    fn a_refused_move_is_named_with_its_number_and_side() {
        let moves: Vec<String> = ["e2e4", "e7e5", "g1f3", "e8e6"].map(String::from).to_vec();
        let error = replay(orthodox(), None, &moves).expect_err("the king cannot jump");
        match &error {
            ReplayError::BadMove {
                ply, number, side, ..
            } => assert_eq!((*ply, *number, *side), (3, 2, Color::Black)),
            other => panic!("wrong error {other:?}"),
        }
        let message = error.to_string();
        assert!(message.starts_with("move 2... e8e6 (Black): "), "{message}");

        let black_first = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let error = replay(
            orthodox(),
            Some(black_first),
            &["e7e5".into(), "e4e6".into()],
        )
        .expect_err("the pawn cannot jump");
        assert!(
            error.to_string().starts_with("move 2. e4e6 (White): "),
            "{error}"
        );
        let error = replay(orthodox(), Some("not a position"), &[]).expect_err("bad start");
        assert!(matches!(error, ReplayError::BadStart { .. }), "{error}");
    }
}
