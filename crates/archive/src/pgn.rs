//! The game text: standard PGN, with chess4d's variants. The seven-tag roster first
//! (`Event`, `Site`, `Date`, `Round`, `White`, `Black`, `Result`, written `?` when
//! unknown), then the other tags (`[Variant "full"]` when the game is not orthodox chess,
//! `[SetUp "1"]` and `[FEN "..."]` for a start of its own, ...), then numbered moves and
//! the result:
//!
//! ```text
//! [Event "?"]
//! [Site "?"]
//! [Date "2026.12.01"]
//! [Round "?"]
//! [White "Ann"]
//! [Black "Computer level 3"]
//! [Result "1-0"]
//! [Variant "full"]
//!
//! 1. a3[0,0] b2[0,1] 2. a4[0,0] 1-0
//! ```
//!
//! The archive knows no rules: a move is any token that looks like one (SAN, or the
//! long coordinates `a2[0,0]a3[0,0]` the archive stores), and the program that knows the
//! rules resolves it. A game without a `Variant` tag is orthodox chess
//! ([`DEFAULT_VARIANT`]).
//!
//! Tag values escape `"` and `\` with a backslash (and line breaks, tabs and other
//! control characters as `\n`, `\r`, `\t`, `\u{7f}`), so any text survives export and
//! import unchanged. Import reads many games from one text, skips comments, NAGs (`$1`,
//! `!?`) and variations, and reports the line and column of the first problem; it never
//! panics.

mod import;

use std::fmt;
use std::fmt::Write as _;

use crate::record::{BadMove, GameResult, check_move};
use crate::storage::StoredGame;

pub use import::{PgnError, PgnErrorKind, import_game, import_games};

/// The variant of a game without a `Variant` tag: orthodox chess, as PGN means it.
pub const DEFAULT_VARIANT: &str = "orthodox";

/// The seven-tag roster, in the order PGN writes it; `Result` is kept apart.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// What export writes for a roster tag that is not set, and import reads as unset.
fn placeholder(name: &str) -> &'static str {
    if name == "Date" { "????.??.??" } else { "?" }
}

/// Where a tag goes: the roster's tags in roster order, then the others as added.
fn rank_of(name: &str) -> usize {
    ROSTER
        .iter()
        .position(|r| *r == name)
        .unwrap_or(ROSTER.len())
}

/// The longest tag name accepted.
const MAX_TAG_NAME: usize = 64;
/// Export wraps move text before this column, as PGN asks.
const LINE_WIDTH: usize = 80;

/// One game in the game text.
///
/// Its tags are kept in the order PGN writes them (the roster's first); the result is
/// kept apart from the other tags and written as both the `Result` tag and the
/// movetext's last token. Without a `Variant` tag the game is orthodox chess.
///
/// # Examples
///
/// ```
/// use chess4d_archive::GameResult;
/// use chess4d_archive::pgn::{PgnGame, export_game, import_game};
///
/// let mut game = PgnGame::new("full")?;
/// game.set_tag("White", "Ann \"the rook\"")?;
/// game.push_move("a3[0,0]")?;
/// game.set_result(GameResult::WhiteWins);
/// let text = export_game(&game);
/// assert!(text.contains(r#"[White "Ann \"the rook\""]"#));
/// assert_eq!(import_game(&text)?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    tags: Vec<(String, String)>,
    result: GameResult,
    moves: Vec<String>,
    /// The mover's time left after each move, in milliseconds (written `%clk`).
    clocks: Vec<u64>,
}

/// A tag that cannot be set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadTag {
    /// The name is not a letter followed by letters, digits or underscores (at most 64).
    Name(String),
    /// The `Variant` tag must name a variant.
    EmptyVariant,
    /// The `Result` tag holds something other than a result.
    Result(String),
}

impl fmt::Display for BadTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadTag::Name(name) => write!(
                f,
                "\"{}\" is not a tag name: use a letter followed by letters, digits or _, \
                 at most {MAX_TAG_NAME} in all",
                name.escape_debug()
            ),
            BadTag::EmptyVariant => f.write_str("the Variant tag must name a variant"),
            BadTag::Result(value) => write!(
                f,
                "the Result tag is \"{}\"; use 1-0, 0-1, 1/2-1/2 or *",
                value.escape_debug()
            ),
        }
    }
}

impl std::error::Error for BadTag {}

impl PgnGame {
    /// An undecided game of `variant` with no moves and no other tags (no `Variant`
    /// tag for [`DEFAULT_VARIANT`], which a game without one means).
    pub fn new(variant: &str) -> Result<PgnGame, BadTag> {
        if variant.is_empty() {
            return Err(BadTag::EmptyVariant);
        }
        let tags = if variant == DEFAULT_VARIANT {
            Vec::new()
        } else {
            vec![("Variant".to_owned(), variant.to_owned())]
        };
        Ok(PgnGame {
            tags,
            result: GameResult::Undecided,
            moves: Vec::new(),
            clocks: Vec::new(),
        })
    }

    /// The value of tag `name`; `Result` reads the result.
    pub fn tag(&self, name: &str) -> Option<&str> {
        if name == "Result" {
            return Some(self.result.as_str());
        }
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The tags in the order they are written, without `Result`.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tags
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
    }

    /// Sets tag `name` (replacing its value in place, or adding it at the end).
    /// Any value is accepted; `Result` must be a result, `Variant` must not be empty.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), BadTag> {
        check_tag_name(name)?;
        match name {
            "Result" => {
                self.result = value
                    .parse()
                    .map_err(|_| BadTag::Result(value.to_owned()))?;
                return Ok(());
            }
            "Variant" if value.is_empty() => return Err(BadTag::EmptyVariant),
            _ => {}
        }
        match self.tags.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => *old = value.to_owned(),
            None => {
                // After the tags that go before it: roster order, then as added.
                let rank = rank_of(name);
                let at = self
                    .tags
                    .iter()
                    .position(|(tag, _)| rank_of(tag) > rank)
                    .unwrap_or(self.tags.len());
                self.tags.insert(at, (name.to_owned(), value.to_owned()));
            }
        }
        Ok(())
    }

    /// Removes tag `name` (never `Result`); returns whether it was there. Without a
    /// `Variant` tag the game is [`DEFAULT_VARIANT`].
    pub fn remove_tag(&mut self, name: &str) -> bool {
        let before = self.tags.len();
        self.tags.retain(|(tag, _)| tag != name);
        self.tags.len() != before
    }

    /// The variant's name as the text writes it: the `Variant` tag, or
    /// [`DEFAULT_VARIANT`] when there is none.
    pub fn variant(&self) -> &str {
        self.tag("Variant").unwrap_or(DEFAULT_VARIANT)
    }

    /// The starting position, when the game does not start from the variant's own.
    pub fn fen(&self) -> Option<&str> {
        self.tag("FEN")
    }

    /// The white player's name.
    pub fn white(&self) -> Option<&str> {
        self.tag("White")
    }

    /// The black player's name.
    pub fn black(&self) -> Option<&str> {
        self.tag("Black")
    }

    /// The result.
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// Sets the result.
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result;
    }

    /// The moves as written (SAN, or long coordinates), in the order played.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The mover's time left after each move (milliseconds), for a clocked game.
    pub fn clocks(&self) -> &[u64] {
        &self.clocks
    }

    /// Sets the clock readings written after the moves as `{ [%clk 0:04:58] }`, as
    /// lichess exports them (readings beyond the moves are not written).
    pub fn set_clocks(&mut self, clocks: Vec<u64>) {
        self.clocks = clocks;
    }

    /// Adds the next move.
    pub fn push_move(&mut self, text: &str) -> Result<(), BadMove> {
        check_move(text)?;
        self.moves.push(text.to_owned());
        Ok(())
    }

    /// Whether Black makes the first move: the FEN's side-to-move field (its second
    /// field) is `b`.
    pub fn black_moves_first(&self) -> bool {
        self.fen()
            .and_then(|fen| fen.split_whitespace().nth(1))
            .is_some_and(|side| side == "b")
    }

    /// The game of tags read from a text (the roster's placeholders dropped, the rest
    /// put in the order PGN writes them), a result and moves.
    pub(crate) fn from_parts(
        mut tags: Vec<(String, String)>,
        result: GameResult,
        moves: Vec<String>,
    ) -> PgnGame {
        tags.retain(|(name, value)| rank_of(name) == ROSTER.len() || value != placeholder(name));
        tags.sort_by_key(|(name, _)| rank_of(name));
        PgnGame {
            tags,
            result,
            moves,
            clocks: Vec::new(),
        }
    }
}

impl From<&StoredGame> for PgnGame {
    /// The game text of an archived game, with its date, players, termination and
    /// whether it was rated.
    fn from(game: &StoredGame) -> PgnGame {
        let (year, month, day) = civil_date(game.created);
        let mut tags = vec![
            ("Date".to_owned(), format!("{year:04}.{month:02}.{day:02}")),
            ("White".to_owned(), game.white.name.clone()),
            ("Black".to_owned(), game.black.name.clone()),
            ("Variant".to_owned(), game.variant.clone()),
        ];
        if let Some(fen) = &game.start_fen {
            tags.push(("SetUp".to_owned(), "1".to_owned()));
            tags.push(("FEN".to_owned(), fen.clone()));
        }
        if let Some(reason) = &game.termination {
            tags.push(("Termination".to_owned(), reason.clone()));
        }
        tags.push((
            "Rated".to_owned(),
            if game.rated { "yes" } else { "no" }.to_owned(),
        ));
        if let Some(tc) = &game.time_control {
            tags.push(("TimeControl".to_owned(), tc.clone()));
        }
        PgnGame {
            tags,
            result: game.result,
            moves: game.moves.clone(),
            clocks: game.clocks.clone(),
        }
    }
}

fn check_tag_name(name: &str) -> Result<(), BadTag> {
    let mut chars = name.chars();
    let good = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= MAX_TAG_NAME;
    if good {
        Ok(())
    } else {
        Err(BadTag::Name(name.to_owned()))
    }
}

/// The game text of one game, ending in a line break.
///
/// # Examples
///
/// ```
/// use chess4d_archive::GameResult;
/// use chess4d_archive::pgn::{PgnGame, export_game};
///
/// let mut game = PgnGame::new("full")?;
/// for mv in ["a3[0,0]", "b2[0,1]", "a4[0,0]"] {
///     game.push_move(mv)?;
/// }
/// game.set_tag("White", "Ann")?;
/// game.set_result(GameResult::Draw);
/// assert_eq!(
///     export_game(&game),
///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
///      [White \"Ann\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n[Variant \"full\"]\n\n\
///      1. a3[0,0] b2[0,1] 2. a4[0,0] 1/2-1/2\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn export_game(game: &PgnGame) -> String {
    let mut text = String::new();
    write_game(&mut text, game);
    text
}

/// The game text of many games, separated by blank lines.
pub fn export_games<'a>(games: impl IntoIterator<Item = &'a PgnGame>) -> String {
    let mut text = String::new();
    for (index, game) in games.into_iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        write_game(&mut text, game);
    }
    text
}

fn write_game(text: &mut String, game: &PgnGame) {
    for name in ROSTER {
        let value = match name {
            "Result" => game.result.as_str(),
            _ => game.tag(name).unwrap_or(placeholder(name)),
        };
        write_tag(text, name, value);
    }
    for (name, value) in game
        .tags()
        .filter(|(name, _)| rank_of(name) == ROSTER.len())
    {
        write_tag(text, name, value);
    }
    text.push('\n');

    let black_first = game.black_moves_first();
    let mut line = String::new();
    let push_token = |text: &mut String, line: &mut String, token: &str| {
        if !line.is_empty() && line.len() + 1 + token.len() >= LINE_WIDTH {
            text.push_str(line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    };
    // The numbers go on from the start position's move number, as PGN asks.
    let first = game
        .fen()
        .and_then(|fen| fen.split_whitespace().nth(5))
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    for (ply, mv) in game.moves.iter().enumerate() {
        let shifted = ply + usize::from(black_first);
        let number = (shifted / 2).saturating_add(first);
        if shifted % 2 == 0 {
            push_token(text, &mut line, &format!("{number}."));
        } else if ply == 0 || ply <= game.clocks.len() {
            // After a comment Black's move says its number again, as lichess writes.
            push_token(text, &mut line, &format!("{number}..."));
        }
        push_token(text, &mut line, mv);
        if let Some(&ms) = game.clocks.get(ply) {
            push_token(text, &mut line, &format!("{{ [%clk {}] }}", clk(ms)));
        }
    }
    push_token(text, &mut line, game.result.as_str());
    text.push_str(&line);
    text.push('\n');
}

/// A clock reading as `%clk` writes it: whole seconds, "0:04:58".
fn clk(ms: u64) -> String {
    let secs = ms / 1000;
    format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

fn write_tag(text: &mut String, name: &str, value: &str) {
    text.push('[');
    text.push_str(name);
    text.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' => text.push_str("\\\""),
            '\\' => text.push_str("\\\\"),
            '\n' => text.push_str("\\n"),
            '\r' => text.push_str("\\r"),
            '\t' => text.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(text, "\\u{{{:x}}}", u32::from(c));
            }
            c => text.push(c),
        }
    }
    text.push_str("\"]\n");
}

/// The calendar date (UTC) of a Unix time, by Howard Hinnant's days-to-civil algorithm.
fn civil_date(unix: i64) -> (i64, u32, u32) {
    let days = unix.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::import::import_games;

    #[test]
    fn dates_follow_the_calendar() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(951_782_400), (2000, 2, 29));
        assert_eq!(civil_date(1_796_083_200), (2026, 12, 1));
        assert_eq!(civil_date(-86_400), (1969, 12, 31));
    }

    #[test]
    fn tag_names_are_checked() {
        let mut game = PgnGame::new("full").expect("game");
        for bad in ["", "1st", "White Player", "Wh\"ite", &"T".repeat(65)] {
            assert_eq!(game.set_tag(bad, "x"), Err(BadTag::Name(bad.to_owned())));
        }
        assert!(game.set_tag("Time_Control2", "40/7200").is_ok());
        assert_eq!(game.set_tag("Variant", ""), Err(BadTag::EmptyVariant));
        assert_eq!(
            game.set_tag("Result", "2-0"),
            Err(BadTag::Result("2-0".into()))
        );
        assert!(PgnGame::new("").is_err());
    }

    #[test]
    fn set_tag_replaces_in_place_and_result_is_kept_apart() {
        let mut game = PgnGame::new("full").expect("game");
        game.set_tag("White", "Ann").expect("white");
        game.set_tag("Black", "Bob").expect("black");
        game.set_tag("White", "Cy").expect("white again");
        game.set_tag("Result", "0-1").expect("result");
        let tags: Vec<(&str, &str)> = game.tags().collect();
        assert_eq!(
            tags,
            [("White", "Cy"), ("Black", "Bob"), ("Variant", "full")]
        );
        assert_eq!(game.result(), GameResult::BlackWins);
        assert_eq!(game.tag("Result"), Some("0-1"));
        assert!(game.remove_tag("Black"));
        assert!(!game.remove_tag("Black"));
        assert_eq!(game.variant(), "full");
        assert!(game.remove_tag("Variant"));
        assert_eq!(game.variant(), DEFAULT_VARIANT);
        assert_eq!(PgnGame::new("orthodox").expect("game").tags().count(), 0);
    }

    #[test]
    fn values_escape_quotes_backslashes_and_control_characters() {
        let mut game = PgnGame::new("full").expect("game");
        game.set_tag("Event", "a \"b\" \\c\nd\te\u{7}")
            .expect("event");
        let text = export_game(&game);
        assert!(
            text.contains(r#"[Event "a \"b\" \\c\nd\te\u{7}"]"#),
            "{text}"
        );
    }

    #[test]
    fn black_first_games_number_from_one_ellipsis() {
        let mut game = PgnGame::new("full").expect("game");
        game.set_tag("FEN", "8/8/8/8 b - - 0 1").expect("fen");
        for mv in ["a7a6", "b2b3", "a6a5"] {
            game.push_move(mv).expect("move");
        }
        let text = export_game(&game);
        assert!(text.ends_with("\n1... a7a6 2. b2b3 a6a5 *\n"), "{text}");
        game.set_tag("FEN", "8/8/8/8 b - - 0 14").expect("fen");
        let text = export_game(&game);
        assert!(text.ends_with("\n14... a7a6 15. b2b3 a6a5 *\n"), "{text}");
        assert_eq!(import_games(&text).expect("import"), vec![game]);
    }

    #[test]
    fn long_games_wrap_before_eighty_columns() {
        let mut game = PgnGame::new("full").expect("game");
        for _ in 0..200 {
            game.push_move("a2[0,0]a3[0,0]").expect("move");
        }
        let text = export_game(&game);
        assert!(text.lines().all(|line| line.len() < LINE_WIDTH), "{text}");
        assert!(text.lines().count() > 20);
    }
}
