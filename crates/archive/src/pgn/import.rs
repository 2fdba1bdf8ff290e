//! Reading the game text: a character scanner that knows its line and column, so every
//! error points at the spot, and that indexes nothing, so no input can make it panic.

use std::fmt;
use std::iter::Peekable;
use std::str::Chars;

use super::{BadTag, PgnGame, check_tag_name};
use crate::record::{BadMove, GameResult, check_move};

/// Where the first problem in a game text is, and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What is wrong there.
    pub kind: PgnErrorKind,
}

/// What is wrong in a game text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A tag is not `[Name "value"]`.
    MalformedTag(&'static str),
    /// A tag's name is not acceptable.
    BadTag(BadTag),
    /// A tag value ends at a line break or at the end of the text.
    UnterminatedValue,
    /// A backslash in a tag value is followed by something other than `"`, `\`, `n`,
    /// `r`, `t` or `u{hex}`.
    BadEscape(String),
    /// A tag appears twice in one game.
    DuplicateTag(String),
    /// A token in the moves is not a move number, a move or a result.
    BadMove(BadMove),
    /// A move number does not follow from the moves before it.
    WrongMoveNumber {
        /// The number written.
        found: String,
        /// The number expected there.
        expected: String,
    },
    /// The `Result` tag and the result ending the moves disagree.
    ResultMismatch {
        /// The tag's result.
        tag: GameResult,
        /// The moves' result.
        moves: GameResult,
    },
    /// The moves end without a result (`1-0`, `0-1`, `1/2-1/2` or `*`).
    MissingResult,
    /// A tag appears among the moves: the game before it lacks a result.
    TagInMoves,
    /// A variation's `(` is never closed, or a `)` closes none.
    Variation,
    /// A `{` comment is never closed.
    UnterminatedComment,
    /// The text should hold exactly one game.
    NotOneGame(usize),
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            PgnErrorKind::MalformedTag(what) => {
                write!(f, "a tag must look like [Name \"value\"]: {what}")
            }
            PgnErrorKind::BadTag(error) => write!(f, "{error}"),
            PgnErrorKind::UnterminatedValue => f.write_str(
                "the tag value has no closing quote on its line (write a quote inside a \
                 value as \\\")",
            ),
            PgnErrorKind::BadEscape(escape) => write!(
                f,
                "unknown escape \\{escape} in a tag value; use \\\" \\\\ \\n \\r \\t or \\u{{hex}}"
            ),
            PgnErrorKind::DuplicateTag(name) => write!(f, "the tag {name} appears twice"),
            PgnErrorKind::BadMove(error) => write!(f, "{error}"),
            PgnErrorKind::WrongMoveNumber { found, expected } => {
                write!(f, "move number {found} should be {expected}")
            }
            PgnErrorKind::ResultMismatch { tag, moves } => write!(
                f,
                "the Result tag says {tag} but the moves end with {moves}"
            ),
            PgnErrorKind::MissingResult => f.write_str(
                "the moves end without a result; finish them with 1-0, 0-1, 1/2-1/2 or *",
            ),
            PgnErrorKind::TagInMoves => f.write_str(
                "a tag among the moves: the game before it needs a result (1-0, 0-1, 1/2-1/2 \
                 or *) to end it",
            ),
            PgnErrorKind::Variation => {
                f.write_str("this variation's parentheses do not match: each ( needs its )")
            }
            PgnErrorKind::UnterminatedComment => {
                f.write_str("this { comment is never closed with }")
            }
            PgnErrorKind::NotOneGame(count) => {
                write!(f, "expected exactly one game, found {count}")
            }
        }
    }
}

impl std::error::Error for PgnError {}

/// Every game in `text`, or the first problem found.
///
/// # Examples
///
/// ```
/// use chess4d_archive::GameResult;
/// use chess4d_archive::pgn::import_games;
///
/// let text = "[Variant \"full\"]\n[White \"Ann\"]\n\n1. a2[0,0]a3[0,0] b3[0,1]b2[0,1] 0-1\n\n\
///             [Variant \"classic\"]\n\n1. e2e4 *\n";
/// let games = import_games(text)?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].result(), GameResult::BlackWins);
/// assert_eq!(games[1].moves(), ["e2e4"]);
///
/// let error = import_games("[Variant \"full\"]\n\n1. a2a3 2. b7b6\n").unwrap_err();
/// assert_eq!((error.line, error.column), (3, 9));
/// # Ok::<(), chess4d_archive::pgn::PgnError>(())
/// ```
pub fn import_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut scanner = Scanner::new(text);
    let mut games = Vec::new();
    loop {
        scanner.skip_blanks_and_comments()?;
        if scanner.peek().is_none() {
            return Ok(games);
        }
        games.push(scanner.game()?);
    }
}

/// The one game in `text`.
pub fn import_game(text: &str) -> Result<PgnGame, PgnError> {
    let mut games = import_games(text)?;
    match games.len() {
        1 => Ok(games.remove(0)),
        count => Err(PgnError {
            line: 1,
            column: 1,
            kind: PgnErrorKind::NotOneGame(count),
        }),
    }
}

#[derive(Debug, Clone, Copy)]
struct Position {
    line: usize,
    column: usize,
}

impl Position {
    fn error(self, kind: PgnErrorKind) -> PgnError {
        PgnError {
            line: self.line,
            column: self.column,
            kind,
        }
    }
}

struct Scanner<'t> {
    chars: Peekable<Chars<'t>>,
    at: Position,
}

/// The numbering of the moves read so far.
struct Numbering {
    /// The number of the first full move, once known.
    first: Option<u64>,
    /// Black made the first move (the text began `N...`).
    black_first: bool,
}

impl<'t> Scanner<'t> {
    fn new(text: &'t str) -> Scanner<'t> {
        Scanner {
            chars: text.chars().peekable(),
            at: Position { line: 1, column: 1 },
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.at.line += 1;
            self.at.column = 1;
        } else {
            self.at.column += 1;
        }
        Some(c)
    }

    /// Skips white space, `{...}` and `;` comments, and `%` escape lines.
    fn skip_blanks_and_comments(&mut self) -> Result<(), PgnError> {
        while let Some(c) = self.peek() {
            match c {
                c if c.is_whitespace() => {
                    self.bump();
                }
                '{' => {
                    let start = self.at;
                    loop {
                        match self.bump() {
                            Some('}') => break,
                            Some(_) => {}
                            None => return Err(start.error(PgnErrorKind::UnterminatedComment)),
                        }
                    }
                }
                ';' => self.skip_line(),
                '%' if self.at.column == 1 => self.skip_line(),
                _ => break,
            }
        }
        Ok(())
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn game(&mut self) -> Result<PgnGame, PgnError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut result_tag: Option<(GameResult, Position)> = None;
        while self.peek() == Some('[') {
            let (name, value, at) = self.tag()?;
            let seen = tags.iter().any(|(tag, _)| *tag == name)
                || (name == "Result" && result_tag.is_some());
            if seen {
                return Err(at.error(PgnErrorKind::DuplicateTag(name)));
            }
            match name.as_str() {
                "Result" => {
                    let result = value
                        .parse()
                        .map_err(|_| at.error(PgnErrorKind::BadTag(BadTag::Result(value))))?;
                    result_tag = Some((result, at));
                }
                "Variant" if value.is_empty() => {
                    return Err(at.error(PgnErrorKind::BadTag(BadTag::EmptyVariant)));
                }
                _ => tags.push((name, value)),
            }
            self.skip_blanks_and_comments()?;
        }

        let mut moves = Vec::new();
        let mut numbering = Numbering {
            first: None,
            black_first: false,
        };
        loop {
            self.skip_blanks_and_comments()?;
            let at = self.at;
            match self.peek() {
                None => return Err(at.error(PgnErrorKind::MissingResult)),
                Some('[') => return Err(at.error(PgnErrorKind::TagInMoves)),
                Some('(') => {
                    self.skip_variation()?;
                    continue;
                }
                Some(')') => return Err(at.error(PgnErrorKind::Variation)),
                Some(_) => {}
            }
            let token = castling_with_zeros(self.symbol());
            if let Ok(result) = token.parse::<GameResult>() {
                if let Some((tag, _)) = result_tag
                    && tag != result
                {
                    return Err(at.error(PgnErrorKind::ResultMismatch { tag, moves: result }));
                }
                return Ok(PgnGame::from_parts(tags, result, moves));
            }
            let rest = if token.starts_with(|c: char| c.is_ascii_digit()) {
                number(&token, moves.len(), &mut numbering).map_err(|kind| at.error(kind))?
            } else {
                token.as_str()
            };
            let glyph = rest
                .strip_prefix('$')
                .is_some_and(|digits| digits.chars().all(|c| c.is_ascii_digit()));
            let mark = !rest.is_empty() && rest.chars().all(|c| matches!(c, '!' | '?'));
            if rest.is_empty() || glyph || mark {
                // A bare move number, or an annotation glyph ($1, !?) that carries no move.
                continue;
            }
            check_move(rest).map_err(|error| {
                let column = at.column + token.chars().count() - rest.chars().count();
                Position {
                    line: at.line,
                    column,
                }
                .error(PgnErrorKind::BadMove(error))
            })?;
            moves.push(rest.to_owned());
        }
    }

    /// Reads `[Name "value"]` and the position of its name.
    fn tag(&mut self) -> Result<(String, String, Position), PgnError> {
        self.bump();
        self.skip_spaces();
        let at = self.at;
        let mut name = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| !c.is_whitespace() && !matches!(c, '"' | ']'))
        {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(at.error(PgnErrorKind::MalformedTag("the tag has no name")));
        }
        check_tag_name(&name).map_err(|error| at.error(PgnErrorKind::BadTag(error)))?;
        self.skip_spaces();
        if self.peek() != Some('"') {
            return Err(self.at.error(PgnErrorKind::MalformedTag(
                "the value must follow the name in quotes",
            )));
        }
        let opening = self.at;
        self.bump();
        let value = self.value(opening)?;
        self.skip_spaces();
        if self.peek() != Some(']') {
            return Err(self.at.error(PgnErrorKind::MalformedTag(
                "the tag must end with ] after its value",
            )));
        }
        self.bump();
        Ok((name, value, at))
    }

    /// Reads a tag value after its opening quote (at `opening`), through the closing one.
    fn value(&mut self, opening: Position) -> Result<String, PgnError> {
        let mut value = String::new();
        loop {
            let at = self.at;
            match self.peek() {
                None | Some('\n' | '\r') => {
                    return Err(opening.error(PgnErrorKind::UnterminatedValue));
                }
                Some('"') => {
                    self.bump();
                    return Ok(value);
                }
                Some('\\') => {
                    self.bump();
                    value.push(self.escape().map_err(|kind| at.error(kind))?);
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
    }

    /// Reads what follows a backslash in a tag value.
    fn escape(&mut self) -> Result<char, PgnErrorKind> {
        let simple = match self.peek() {
            Some('"') => Some('"'),
            Some('\\') => Some('\\'),
            Some('n') => Some('\n'),
            Some('r') => Some('\r'),
            Some('t') => Some('\t'),
            _ => None,
        };
        if let Some(c) = simple {
            self.bump();
            return Ok(c);
        }
        if self.peek() != Some('u') {
            return Err(PgnErrorKind::BadEscape(
                self.peek().map(String::from).unwrap_or_default(),
            ));
        }
        self.bump();
        let mut written = String::from("u");
        if self.peek() != Some('{') {
            return Err(PgnErrorKind::BadEscape(written));
        }
        self.bump();
        written.push('{');
        let mut hex = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_hexdigit) {
            if hex.len() == 6 {
                break;
            }
            hex.push(c);
            self.bump();
        }
        written.push_str(&hex);
        if self.peek() != Some('}') {
            return Err(PgnErrorKind::BadEscape(written));
        }
        self.bump();
        u32::from_str_radix(&hex, 16)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| PgnErrorKind::BadEscape(written + "}"))
    }

    /// Skips a variation, `(` through its matching `)`, with the comments and the
    /// variations inside it: the archive keeps the main line only.
    fn skip_variation(&mut self) -> Result<(), PgnError> {
        let start = self.at;
        let mut depth = 0usize;
        loop {
            self.skip_blanks_and_comments()?;
            match self.bump() {
                Some('(') => depth += 1,
                Some(')') => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some(_) => {}
                None => return Err(start.error(PgnErrorKind::Variation)),
            }
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    /// Reads one movetext token: up to white space or a comment, variation or tag start
    /// that is not part of a move (brackets inside a move belong to it).
    fn symbol(&mut self) -> String {
        let mut token = String::new();
        while let Some(c) = self
            .peek()
            .filter(|&c| !c.is_whitespace() && !matches!(c, '{' | ';' | '(' | ')'))
        {
            token.push(c);
            self.bump();
        }
        token
    }
}

/// `0-0` and `0-0-0` (with any suffix) as `O-O` and `O-O-O`, which PGN writes; other
/// tokens as they are.
fn castling_with_zeros(token: String) -> String {
    for (zeros, letters) in [("0-0-0", "O-O-O"), ("0-0", "O-O")] {
        if let Some(rest) = token.strip_prefix(zeros) {
            return format!("{letters}{rest}");
        }
    }
    token
}

/// Checks a move number (`12.` or `12...`) against the moves so far and returns what
/// follows its dots in the same token (`1.e2e4` is one token).
fn number<'a>(
    token: &'a str,
    ply: usize,
    numbering: &mut Numbering,
) -> Result<&'a str, PgnErrorKind> {
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    let after_digits = token.get(digits..).unwrap_or_default();
    let dots = after_digits.chars().take_while(|&c| c == '.').count();
    let rest = after_digits.get(dots..).unwrap_or_default();
    let written = token.get(..digits + dots).unwrap_or_default();
    if dots != 1 && dots != 3 {
        return Err(PgnErrorKind::BadMove(match check_move(token) {
            Err(error) => error,
            Ok(()) => BadMove::NoFileLetter(token.to_owned()),
        }));
    }
    let black_to_move = dots == 3;
    let Ok(value) = token.get(..digits).unwrap_or_default().parse::<u64>() else {
        return Err(PgnErrorKind::WrongMoveNumber {
            found: written.to_owned(),
            expected: "a number below 2^64".to_owned(),
        });
    };
    if ply == 0 && numbering.first.is_none() {
        numbering.first = Some(value);
        numbering.black_first = black_to_move;
        return Ok(rest);
    }
    let first = numbering.first.unwrap_or(1);
    let shifted = ply as u64 + u64::from(numbering.black_first);
    let expected_number = first.saturating_add(shifted / 2);
    let expected_black = shifted % 2 == 1;
    if value != expected_number || black_to_move != expected_black {
        let dots = if expected_black { "..." } else { "." };
        return Err(PgnErrorKind::WrongMoveNumber {
            found: written.to_owned(),
            expected: format!("{expected_number}{dots}"),
        });
    }
    Ok(rest)
}
