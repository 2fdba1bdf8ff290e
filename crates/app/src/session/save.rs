//! The saved-game file: a few `key: value` lines a person can read and edit, the moves
//! in SAN (files written before SAN hold coordinate notation, which loads as well).
//!
//! ```text
//! chess4d game
//! variant: full
//! start: 4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbq/pppp/4/4|kbnr/pppp/4/4 w - - 0 1
//! moves: b3[0,0] b2[0,1]
//! end: resign white
//! ```

use chess4d_core::{Color, Game, Outcome, Reason};
use std::fmt;

/// The first line of every saved game.
pub const HEADER: &str = "chess4d game";

/// What a saved game holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// Catalog name of the variant.
    pub variant: String,
    /// The start position.
    pub start: String,
    /// The moves in SAN (or, in older files, coordinate notation).
    pub moves: Vec<String>,
    /// How the game ended if not by the position itself: a resignation or an agreed draw.
    pub end: Option<Outcome>,
}

/// Why a saved game could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveFormatError {
    /// 1-based line of the problem (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SaveFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for SaveFormatError {}

impl SavedGame {
    /// What to save of a game.
    pub fn of(variant: &str, game: &Game) -> SavedGame {
        let rules = game.rules();
        let end = game
            .outcome()
            .filter(|o| matches!(o.reason, Reason::Resignation | Reason::Agreement));
        SavedGame {
            variant: variant.to_string(),
            start: rules.format_position(game.start_position()),
            moves: chess4d_core::game_san(game),
            end,
        }
    }

    /// The file text.
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{HEADER}\nvariant: {}\nstart: {}\nmoves: {}\n",
            self.variant,
            self.start,
            self.moves.join(" ")
        );
        if let Some(o) = self.end {
            match (o.reason, o.winner) {
                (Reason::Resignation, Some(w)) => {
                    s.push_str(&format!("end: resign {}\n", (!w).name().to_lowercase()));
                }
                _ => s.push_str("end: draw agreed\n"),
            }
        }
        s
    }

    /// Reads the file text.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d::session::save::SavedGame;
    /// let g = SavedGame::parse("chess4d game\nvariant: orthodox\nstart: 8/8/8/8/8/8/8/K6k w - - 0 1\nmoves: a1a2\n").unwrap();
    /// assert_eq!(g.moves, vec!["a1a2"]);
    /// ```
    pub fn parse(text: &str) -> Result<SavedGame, SaveFormatError> {
        let err = |line, message: &str| SaveFormatError {
            line,
            message: message.to_string(),
        };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        match lines.find(|(_, l)| !l.is_empty()) {
            Some((_, l)) if l == HEADER => {}
            _ => {
                return Err(err(
                    1,
                    "not a chess4d game: the first line must be 'chess4d game'",
                ));
            }
        }
        let (mut variant, mut start, mut moves, mut end) = (None, None, Vec::new(), None);
        for (n, line) in lines {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(err(n, "expected 'key: value'"));
            };
            let value = value.trim();
            match key.trim() {
                "variant" => variant = Some(value.to_string()),
                "start" => start = Some(value.to_string()),
                "moves" => moves.extend(value.split_whitespace().map(str::to_string)),
                "end" => {
                    end = Some(parse_end(value).ok_or_else(|| {
                        err(
                            n,
                            "end must be 'resign white', 'resign black' or 'draw agreed'",
                        )
                    })?)
                }
                other => {
                    return Err(err(
                        n,
                        &format!("unknown key '{other}' (variant, start, moves, end)"),
                    ));
                }
            }
        }
        Ok(SavedGame {
            variant: variant
                .ok_or_else(|| err(0, "the file names no variant ('variant: NAME')"))?,
            start: start.ok_or_else(|| err(0, "the file has no start position ('start: FEN')"))?,
            moves,
            end,
        })
    }
}

fn parse_end(value: &str) -> Option<Outcome> {
    let resign = |loser: Color| Outcome {
        winner: Some(!loser),
        reason: Reason::Resignation,
    };
    match value.to_lowercase().as_str() {
        "resign white" => Some(resign(Color::White)),
        "resign black" => Some(resign(Color::Black)),
        "draw agreed" => Some(Outcome {
            winner: None,
            reason: Reason::Agreement,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        let g = SavedGame {
            variant: "full".into(),
            start: "4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbq/pppp/4/4|kbnr/pppp/4/4 w - - 0 1".into(),
            moves: vec!["b2[0,0]b3[0,0]".into(), "b3[0,1]b2[0,1]".into()],
            end: parse_end("resign black"),
        };
        assert_eq!(SavedGame::parse(&g.to_text()), Ok(g));
    }

    #[test]
    fn errors_name_the_line() {
        let e = SavedGame::parse("hello").unwrap_err();
        assert_eq!(e.line, 1);
        let e = SavedGame::parse("chess4d game\nvariant: full\nfoo: 1\n").unwrap_err();
        assert_eq!((e.line, e.message.contains("unknown key 'foo'")), (3, true));
        let e = SavedGame::parse("chess4d game\nvariant: full\n").unwrap_err();
        assert!(e.to_string().contains("start"), "{e}");
        let e = SavedGame::parse("chess4d game\nend: maybe\n").unwrap_err();
        assert_eq!(e.line, 2);
    }
}
