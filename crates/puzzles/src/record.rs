//! A puzzle as stored and printed: one tab-separated line,
//! `id  FEN  solution  themes  rating`, the solution in coordinate notation with the
//! opponent's replies, the themes comma-separated.

use std::fmt;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The variant's name and a number (`full-0007`).
    pub id: String,
    /// The position, side to solve to move.
    pub fen: String,
    /// The moves in coordinate notation: the solver's, the reply, the solver's, ...
    pub solution: Vec<String>,
    /// Theme names ([`crate::Theme::name`]); a mate puzzle carries `mate`.
    pub themes: Vec<String>,
    /// How hard it is, on a player rating's scale.
    pub rating: u32,
}

impl Puzzle {
    /// Whether the puzzle is a mate.
    pub fn is_mate(&self) -> bool {
        self.themes.iter().any(|t| t == "mate")
    }

    /// The moves the solver plays (every other move from the first).
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }
}

impl fmt::Display for Puzzle {
    /// The stored line, without a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}",
            self.id,
            self.fen,
            self.solution.join(" "),
            self.themes.join(","),
            self.rating
        )
    }
}

/// A line of a puzzle file that is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong, for a person.
    pub message: String,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PuzzleError {}

/// Reads a puzzle file: one puzzle a line, blank lines and `#` comments skipped.
///
/// # Examples
///
/// ```
/// let text = "# a comment\nt-1\t8/8/8/8/8/8/8/8 w - - 0 1\te2e4 e7e5\tfork\t900\n";
/// let set = chess4d_puzzles::parse_set(text).unwrap();
/// assert_eq!(set[0].solution, ["e2e4", "e7e5"]);
/// assert_eq!(set[0].to_string(), text.lines().nth(1).unwrap());
/// assert!(chess4d_puzzles::parse_set("x\ty").is_err());
/// ```
pub fn parse_set(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        out.push(parse_line(line).map_err(|message| PuzzleError {
            line: i + 1,
            message,
        })?);
    }
    Ok(out)
}

fn parse_line(line: &str) -> Result<Puzzle, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [id, fen, solution, themes, rating] = fields[..] else {
        return Err(format!(
            "{} fields; a puzzle has 5, tab-separated: id, FEN, solution, themes, rating",
            fields.len()
        ));
    };
    let solution: Vec<String> = solution.split_whitespace().map(str::to_string).collect();
    if solution.is_empty() {
        return Err(format!("puzzle '{id}' has no solution"));
    }
    let rating = rating
        .trim()
        .parse::<u32>()
        .map_err(|_| format!("rating '{rating}' is not a whole number"))?;
    Ok(Puzzle {
        id: id.trim().to_string(),
        fen: fen.trim().to_string(),
        solution,
        themes: themes
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect(),
        rating,
    })
}
