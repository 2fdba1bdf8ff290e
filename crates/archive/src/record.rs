//! What the archive knows about a game without knowing its rules: the result and the
//! moves as opaque long-coordinate strings (`a2[0,0]a3[0,0]`, `e7e8q`).

use std::fmt;
use std::str::FromStr;

use crate::rating::Outcome;

/// The result of a game, written the PGN way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: not decided (a game in progress, adjourned or abandoned).
    Undecided,
}

impl GameResult {
    /// Every result, in the order PGN lists them.
    pub const ALL: [GameResult; 4] = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Undecided,
    ];

    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::GameResult;
    /// assert_eq!(GameResult::Draw.as_str(), "1/2-1/2");
    /// assert_eq!("0-1".parse::<GameResult>(), Ok(GameResult::BlackWins));
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Undecided => "*",
        }
    }

    /// The outcome for White, or `None` while the game is undecided.
    pub fn white_outcome(self) -> Option<Outcome> {
        match self {
            GameResult::WhiteWins => Some(Outcome::Win),
            GameResult::BlackWins => Some(Outcome::Loss),
            GameResult::Draw => Some(Outcome::Draw),
            GameResult::Undecided => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A string that is not one of the four game results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownResult(pub String);

impl fmt::Display for UnknownResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a game result; use 1-0, 0-1, 1/2-1/2 or *",
            self.0
        )
    }
}

impl std::error::Error for UnknownResult {}

impl FromStr for GameResult {
    type Err = UnknownResult;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        GameResult::ALL
            .into_iter()
            .find(|result| result.as_str() == text)
            .ok_or_else(|| UnknownResult(text.to_owned()))
    }
}

/// The longest move string accepted; real moves are a few dozen characters at most.
pub const MAX_MOVE_LEN: usize = 64;

/// Why a string cannot be stored as a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadMove {
    /// The move is empty.
    Empty,
    /// The move is longer than [`MAX_MOVE_LEN`].
    TooLong(String),
    /// The move does not start with a file letter.
    NoFileLetter(String),
    /// The move holds a space, a control character, a non-ASCII character or one of
    /// `{ } ; " ( )`, which the game text uses for itself.
    BadCharacter(String, char),
}

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadMove::Empty => f.write_str("a move is empty"),
            BadMove::TooLong(text) => {
                write!(f, "move `{text}` is longer than {MAX_MOVE_LEN} characters")
            }
            BadMove::NoFileLetter(text) => write!(
                f,
                "move `{text}` must start with a file letter, as in a2[0,0]a3[0,0]"
            ),
            BadMove::BadCharacter(text, c) => write!(
                f,
                "move `{}` holds {c:?}; a move is printable ASCII without spaces or {{ }} ; \" ( )",
                text.escape_debug()
            ),
        }
    }
}

impl std::error::Error for BadMove {}

/// Checks that `text` can be stored and written as one move of long coordinate
/// notation: printable ASCII starting with a file letter, no spaces, and none of the
/// characters the game text reserves. The archive never checks a move against the rules.
///
/// # Examples
///
/// ```
/// use chess4d_archive::check_move;
/// assert!(check_move("a2[0,0]a3[0,0]").is_ok());
/// assert!(check_move("e7e8q").is_ok());
/// assert!(check_move("e2 e4").is_err());
/// ```
pub fn check_move(text: &str) -> Result<(), BadMove> {
    let Some(first) = text.chars().next() else {
        return Err(BadMove::Empty);
    };
    if text.len() > MAX_MOVE_LEN {
        return Err(BadMove::TooLong(text.to_owned()));
    }
    if let Some(bad) = text
        .chars()
        .find(|&c| !c.is_ascii_graphic() || matches!(c, '{' | '}' | ';' | '"' | '(' | ')'))
    {
        return Err(BadMove::BadCharacter(text.to_owned(), bad));
    }
    if !first.is_ascii_alphabetic() {
        return Err(BadMove::NoFileLetter(text.to_owned()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip_through_text() {
        for result in GameResult::ALL {
            assert_eq!(result.as_str().parse::<GameResult>(), Ok(result));
            assert_eq!(result.to_string(), result.as_str());
        }
        assert!("1-1".parse::<GameResult>().is_err());
        assert!("½-½".parse::<GameResult>().is_err());
    }

    #[test]
    fn white_outcome_follows_the_result() {
        assert_eq!(GameResult::WhiteWins.white_outcome(), Some(Outcome::Win));
        assert_eq!(GameResult::BlackWins.white_outcome(), Some(Outcome::Loss));
        assert_eq!(GameResult::Draw.white_outcome(), Some(Outcome::Draw));
        assert_eq!(GameResult::Undecided.white_outcome(), None);
    }

    #[test]
    fn moves_are_checked_only_for_shape() {
        for good in [
            "a2[0,0]a3[0,0]",
            "e7e8q",
            "c3[2]c5[2]",
            "O-O",
            "P@e4",
            "a1[0,1]xb2[1,0]",
        ] {
            assert_eq!(check_move(good), Ok(()), "{good}");
        }
        assert_eq!(check_move(""), Err(BadMove::Empty));
        assert!(matches!(check_move("1."), Err(BadMove::NoFileLetter(_))));
        assert!(matches!(check_move("1-0"), Err(BadMove::NoFileLetter(_))));
        assert!(matches!(
            check_move("e2\te4"),
            Err(BadMove::BadCharacter(_, '\t'))
        ));
        assert!(matches!(
            check_move("e2{e4"),
            Err(BadMove::BadCharacter(_, '{'))
        ));
        assert!(matches!(
            check_move("é4"),
            Err(BadMove::BadCharacter(_, 'é'))
        ));
        assert!(matches!(
            check_move(&"a".repeat(65)),
            Err(BadMove::TooLong(_))
        ));
    }
}
