//! Re-verifying a stored puzzle: its moves are legal, its solution wins, no other first
//! move wins as well, and its themes are what the geometry says.

use crate::probe::{WIN, two_lines, wins};
use crate::record::Puzzle;
use crate::themes::{Theme, detect};
use chess4d_core::{Move, Position, Rules, Status};
use std::fmt;

/// What is wrong with a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyErrorKind {
    /// The position does not read or could not occur.
    Position,
    /// A move of the solution is not legal or not in coordinate notation.
    Move,
    /// The solution does not win (or a mate line does not end in mate).
    Solution,
    /// Another first move wins as well.
    Alternative,
    /// The themes are not those the geometry shows.
    Themes,
}

/// Why a puzzle failed verification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The puzzle's id.
    pub id: String,
    /// What failed.
    pub kind: VerifyErrorKind,
    /// The details, for a person.
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle {}: {}", self.id, self.message)
    }
}

impl std::error::Error for VerifyError {}

/// The position and the moves of a puzzle, read and checked for legality.
pub fn read(rules: &dyn Rules, puzzle: &Puzzle) -> Result<(Position, Vec<Move>), VerifyError> {
    let err = |kind, message: String| VerifyError {
        id: puzzle.id.clone(),
        kind,
        message,
    };
    let pos = rules
        .parse_position(&puzzle.fen)
        .map_err(|e| err(VerifyErrorKind::Position, e.to_string()))?;
    let mut p = pos.clone();
    let mut moves = Vec::with_capacity(puzzle.solution.len());
    for (i, text) in puzzle.solution.iter().enumerate() {
        let mv = rules.parse_move(&p, text).map_err(|e| {
            err(
                VerifyErrorKind::Move,
                format!("move {} '{text}': {e}", i + 1),
            )
        })?;
        let written = rules.format_move(&p, mv);
        if &written != text {
            return Err(err(
                VerifyErrorKind::Move,
                format!(
                    "move {} '{text}' is written '{written}' in coordinate notation",
                    i + 1
                ),
            ));
        }
        rules.make_move(&mut p, mv);
        moves.push(mv);
    }
    Ok((pos, moves))
}

/// Verifies `puzzle` with searches `depth` plies deep (a mate in `n` at least `2n-1`),
/// returning the themes its geometry shows.
pub fn verify(rules: &dyn Rules, puzzle: &Puzzle, depth: u32) -> Result<Vec<Theme>, VerifyError> {
    let err = |kind, message: String| VerifyError {
        id: puzzle.id.clone(),
        kind,
        message,
    };
    let (pos, moves) = read(rules, puzzle)?;
    if moves.len() % 2 == 0 {
        return Err(err(
            VerifyErrorKind::Solution,
            "the solution ends with the opponent's move".into(),
        ));
    }
    let n = puzzle.solver_moves();
    let mate_in = if puzzle.is_mate() {
        let mut end = pos.clone();
        for &m in &moves {
            rules.make_move(&mut end, m);
        }
        if rules.status(&end) != Status::Checkmate {
            return Err(err(
                VerifyErrorKind::Solution,
                "the mate line does not end in checkmate".into(),
            ));
        }
        Some(u8::try_from(n).unwrap_or(u8::MAX))
    } else {
        None
    };
    let d = if mate_in.is_some() {
        depth.max(2 * n as u32 - 1)
    } else {
        depth
    };
    let lines = two_lines(rules, &pos, d).ok_or_else(|| {
        err(
            VerifyErrorKind::Position,
            "the side to solve has no move".into(),
        )
    })?;
    let key = moves[0];
    if lines.best != key {
        return Err(err(
            VerifyErrorKind::Solution,
            format!(
                "at depth {d} the engine prefers {} ({})",
                rules.format_move(&pos, lines.best),
                lines.score
            ),
        ));
    }
    let won = match mate_in {
        Some(n) => lines.score.mate_in() == Some(i32::from(n)),
        None => lines.score.value() >= WIN,
    };
    if !won {
        return Err(err(
            VerifyErrorKind::Solution,
            format!(
                "at depth {d} the first move scores {}, not a win",
                lines.score
            ),
        ));
    }
    if let Some(second) = lines.second.filter(|&s| wins(s)) {
        return Err(err(
            VerifyErrorKind::Alternative,
            format!("at depth {d} another first move wins as well ({second})"),
        ));
    }
    let themes = detect(rules, &pos, &moves, mate_in);
    let mut found: Vec<String> = themes.iter().map(|t| t.name()).collect();
    let mut stored = puzzle.themes.clone();
    found.sort();
    stored.sort();
    if found != stored {
        return Err(err(
            VerifyErrorKind::Themes,
            format!(
                "themes '{}', but the geometry shows '{}'",
                stored.join(","),
                found.join(",")
            ),
        ));
    }
    Ok(themes)
}
