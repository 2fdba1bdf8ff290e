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
//!
//! A clocked game adds its time control (PGN's `TimeControl` value) and the mover's
//! time left after each move, in seconds; a flag fall is its end:
//!
//! ```text
//! clock: 60+0
//! times: 59.1 58.7 41.2
//! end: time black
//! ```

use super::clock::{Clock, TimeControl};
use chess4d_core::{Color, Game, Outcome, Reason};
use std::fmt;
use std::time::Duration;

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
    /// How the game ended if not by the position itself: a resignation, an agreed
    /// draw or a flag fall.
    pub end: Option<Outcome>,
    /// The time control of a clocked game.
    pub clock: Option<TimeControl>,
    /// The mover's time left after each move (clocked games).
    pub times: Vec<Duration>,
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
    /// What to save of a game and its clock.
    pub fn of(variant: &str, game: &Game, clock: Option<&Clock>) -> SavedGame {
        let rules = game.rules();
        let end = game.outcome().filter(|o| {
            matches!(
                o.reason,
                Reason::Resignation
                    | Reason::Agreement
                    | Reason::Timeout
                    | Reason::TimeoutVsInsufficient
            )
        });
        SavedGame {
            variant: variant.to_string(),
            start: rules.format_position(game.start_position()),
            moves: chess4d_core::game_san(game),
            end,
            clock: clock.map(Clock::control),
            times: clock.map(|c| c.after_moves().to_vec()).unwrap_or_default(),
        }
    }

    /// The clock of the saved game, as it stood after its last move (nobody's time
    /// running until the game is on the board again).
    pub fn clock(&self, first_mover: Color) -> Option<Clock> {
        self.clock
            .map(|control| Clock::resumed(control, first_mover, self.times.clone()))
    }

    /// The file text.
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{HEADER}\nvariant: {}\nstart: {}\nmoves: {}\n",
            self.variant,
            self.start,
            self.moves.join(" ")
        );
        if let Some(control) = self.clock {
            s.push_str(&format!("clock: {}\n", control.pgn_tag()));
            let times: Vec<String> = self
                .times
                .iter()
                .map(|t| format!("{:.1}", t.as_secs_f64()))
                .collect();
            s.push_str(&format!("times: {}\n", times.join(" ")));
        }
        if let Some(o) = self.end {
            s.push_str(&format!("end: {}\n", end_words(o)));
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
        let (mut clock, mut times) = (None, Vec::new());
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
                            "end must be 'resign white', 'resign black', 'draw agreed', \
                             'time white' or 'time black' (with ' draw' when the side \
                             with time could not mate)",
                        )
                    })?)
                }
                "clock" => clock = TimeControl::parse(value).map_err(|e| err(n, &e))?,
                "times" => {
                    for t in value.split_whitespace() {
                        let secs = t.parse::<f64>().ok().filter(|s| (0.0..1e7).contains(s));
                        times.push(Duration::from_secs_f64(secs.ok_or_else(|| {
                            err(n, &format!("time '{t}': write seconds left, as 58.7"))
                        })?));
                    }
                }
                other => {
                    return Err(err(
                        n,
                        &format!(
                            "unknown key '{other}' (variant, start, moves, end, clock, times)"
                        ),
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
            clock,
            times,
        })
    }
}

/// The `end:` value of an outcome that the position does not show.
fn end_words(o: Outcome) -> String {
    match (o.reason, o.winner) {
        (Reason::Resignation, Some(w)) => format!("resign {}", (!w).name().to_lowercase()),
        (Reason::Timeout, Some(w)) => format!("time {}", (!w).name().to_lowercase()),
        // The flagged side of a drawn flag fall is not in the outcome: the side to move.
        (Reason::TimeoutVsInsufficient, _) => "time draw".to_string(),
        _ => "draw agreed".to_string(),
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
        "time white" | "time black" => Some(Outcome {
            winner: Some(if value.ends_with("white") {
                Color::Black
            } else {
                Color::White
            }),
            reason: Reason::Timeout,
        }),
        "time draw" => Some(Outcome {
            winner: None,
            reason: Reason::TimeoutVsInsufficient,
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
            clock: None,
            times: Vec::new(),
        };
        assert_eq!(SavedGame::parse(&g.to_text()), Ok(g));
    }

    #[test]
    fn clocks_and_flag_falls_round_trip() {
        let g = SavedGame {
            variant: "orthodox".into(),
            start: "8/8/8/4k3/8/8/8/4K2Q w - - 0 1".into(),
            moves: vec!["Kd1".into(), "Kd5".into()],
            end: parse_end("time white"),
            clock: Some(TimeControl::minutes(1, 0)),
            times: vec![Duration::from_millis(59_100), Duration::from_millis(58_700)],
        };
        let text = g.to_text();
        assert!(
            text.contains("clock: 60+0\ntimes: 59.1 58.7\nend: time white\n"),
            "{text}"
        );
        assert_eq!(SavedGame::parse(&text), Ok(g.clone()));
        let clock = g.clock(Color::White).expect("a clock");
        let now = std::time::Instant::now();
        assert_eq!(clock.left(Color::Black, now), Duration::from_millis(58_700));
        let drawn = parse_end("time draw").expect("an end");
        assert_eq!(end_words(drawn), "time draw");
        let e = SavedGame::parse("chess4d game\nclock: soon\n").unwrap_err();
        assert!(e.message.contains("300+3"), "{e}");
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
