//! The explorer's table: for each position reached in the corpus' opening plies, the
//! moves played from it with their games, results and average score, and the text
//! file it is kept in.
//!
//! ```text
//! # chess4d openings: full, 60 games, seed 1, levels 2-4, 16 plies
//! @ 5f0e6c1d2b3a4958 <FEN of the position>
//! a2[0,0]a3[0,0]  12  5  3  4  23
//! ```
//!
//! A position line is `@`, its Zobrist hash in hex (what the explorer looks it up
//! by: the hash is a fixed function of the pieces, the side to move, castling and en
//! passant, the same in every build) and its FEN for a person; each move line below it
//! is the move in coordinate notation, then games, White wins, draws, Black wins and
//! the average score in centipawns from White's side, tab-separated.

use super::selfplay::{CorpusGame, GameEnd};
use chess4d_core::{Position, Rules};
use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::path::Path;

/// One move from a position, as the corpus played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveStat {
    /// The move in coordinate notation (`Rules::parse_move` reads it back).
    pub mv: String,
    /// Games in which it was played from this position.
    pub games: u32,
    /// Of those, won by White.
    pub white: u32,
    /// Drawn.
    pub draws: u32,
    /// Won by Black.
    pub black: u32,
    /// The engine's average score for it when it was chosen, centipawns, White's view.
    pub score: i32,
}

/// The explorer: the corpus' table, looked up by position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explorer {
    /// The `#` lines of its file (what built it).
    pub about: Vec<String>,
    /// Each position's hash, FEN and moves, in the order the games first reached them
    /// (the start first).
    positions: Vec<(u64, String, Vec<MoveStat>)>,
    /// Where each hash is in `positions`.
    index: HashMap<u64, usize>,
}

/// A corpus file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusError(pub String);

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CorpusError {}

/// Games, results and the score sum of a move while the table is built.
#[derive(Default)]
struct Count {
    games: u32,
    ends: [u32; 3],
    score_sum: i64,
    first_seen: usize,
}

impl Explorer {
    /// The table of `games` (played from `rules`' start), their first `plies` moves.
    pub fn from_games(rules: &dyn Rules, games: &[CorpusGame], plies: usize) -> Explorer {
        // Positions in the order first reached; each one's moves with the order they
        // were first played in, to break ties in the games count.
        let mut table: Vec<(u64, String, HashMap<String, Count>)> = Vec::new();
        let mut index = HashMap::new();
        let mut order = 0;
        for game in games {
            let mut pos = rules.start_position();
            for (&mv, &score) in game.moves.iter().zip(&game.scores).take(plies) {
                let at = *index.entry(pos.hash()).or_insert_with(|| {
                    table.push((pos.hash(), rules.format_position(&pos), HashMap::new()));
                    table.len() - 1
                });
                order += 1;
                let count = table[at].2.entry(rules.format_move(&pos, mv)).or_default();
                if count.games == 0 {
                    count.first_seen = order;
                }
                count.games += 1;
                count.ends[end_index(game.end)] += 1;
                count.score_sum += i64::from(score);
                rules.make_move(&mut pos, mv);
            }
        }
        let positions = table
            .into_iter()
            .map(|(hash, fen, counts)| {
                let mut moves: Vec<(usize, MoveStat)> = counts
                    .into_iter()
                    .map(|(mv, c)| (c.first_seen, stat(mv, &c)))
                    .collect();
                moves.sort_by_key(|(first, m)| (std::cmp::Reverse(m.games), *first));
                (hash, fen, moves.into_iter().map(|(_, m)| m).collect())
            })
            .collect();
        Explorer {
            about: Vec::new(),
            positions,
            index,
        }
    }

    /// Reads a corpus file.
    pub fn open(path: &Path) -> Result<Explorer, CorpusError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CorpusError(format!("{}: {e}", path.display())))?;
        Explorer::parse(&text).map_err(|e| CorpusError(format!("{}: {e}", path.display())))
    }

    /// Reads a corpus from its text.
    pub fn parse(text: &str) -> Result<Explorer, CorpusError> {
        let mut explorer = Explorer::default();
        let mut current: Option<usize> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim_end_matches('\r');
            let at = |m: String| CorpusError(format!("line {}: {m}", i + 1));
            if line.trim().is_empty() {
                continue;
            }
            if let Some(about) = line.strip_prefix('#') {
                explorer.about.push(about.trim().to_string());
            } else if let Some(rest) = line.strip_prefix("@ ") {
                let (hash, fen) = rest.split_once(' ').unwrap_or((rest, ""));
                let hash = u64::from_str_radix(hash, 16)
                    .map_err(|_| at(format!("'{hash}' is not a position hash in hex")))?;
                if explorer.index.contains_key(&hash) {
                    return Err(at(format!("position {hash:016x} twice")));
                }
                explorer.index.insert(hash, explorer.positions.len());
                explorer
                    .positions
                    .push((hash, fen.trim().to_string(), Vec::new()));
                current = Some(explorer.positions.len() - 1);
            } else {
                let at_pos = current.ok_or_else(|| at("a move before any '@' position".into()))?;
                let m = parse_move_line(line).map_err(at)?;
                if let Some(entry) = explorer.positions.get_mut(at_pos) {
                    entry.2.push(m);
                }
            }
        }
        Ok(explorer)
    }

    /// The moves played from `pos` in the corpus, most played first (none: the corpus
    /// never reached it).
    pub fn moves(&self, pos: &Position) -> &[MoveStat] {
        self.index
            .get(&pos.hash())
            .and_then(|&i| self.positions.get(i))
            .map_or(&[], |(_, _, moves)| moves.as_slice())
    }

    /// Every position of the table: its hash, its FEN and its moves, in the order the
    /// games first reached them.
    pub fn positions(&self) -> impl Iterator<Item = (u64, &str, &[MoveStat])> {
        self.positions
            .iter()
            .map(|(hash, fen, moves)| (*hash, fen.as_str(), moves.as_slice()))
    }

    /// Positions in the table.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The file's text: the `about` lines, then the positions in the order the games
    /// first reached them.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for a in &self.about {
            let _ = writeln!(text, "# {a}");
        }
        for (hash, fen, moves) in &self.positions {
            let _ = writeln!(text, "@ {hash:016x} {fen}");
            for m in moves {
                let _ = writeln!(
                    text,
                    "{}\t{}\t{}\t{}\t{}\t{}",
                    m.mv, m.games, m.white, m.draws, m.black, m.score
                );
            }
        }
        text
    }
}

fn end_index(end: GameEnd) -> usize {
    match end {
        GameEnd::WhiteWins => 0,
        GameEnd::Draw => 1,
        GameEnd::BlackWins => 2,
    }
}

fn stat(mv: String, c: &Count) -> MoveStat {
    let n = i64::from(c.games.max(1));
    // Rounded to the nearest centipawn, halves away from zero.
    let score = (c.score_sum * 2 + c.score_sum.signum() * n) / (2 * n);
    MoveStat {
        mv,
        games: c.games,
        white: c.ends[0],
        draws: c.ends[1],
        black: c.ends[2],
        score: i32::try_from(score).unwrap_or(0),
    }
}

fn parse_move_line(line: &str) -> Result<MoveStat, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [mv, games, white, draws, black, score] = fields[..] else {
        return Err(format!(
            "{} fields; a move line has 6, tab-separated: move, games, White wins, draws, \
             Black wins, average score",
            fields.len()
        ));
    };
    let number = |what: &str, s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| format!("{what} '{s}' is not a whole number"))
    };
    let m = MoveStat {
        mv: mv.trim().to_string(),
        games: number("games", games)?,
        white: number("White wins", white)?,
        draws: number("draws", draws)?,
        black: number("Black wins", black)?,
        score: score
            .trim()
            .parse::<i32>()
            .map_err(|_| format!("score '{score}' is not a number of centipawns"))?,
    };
    if m.white + m.draws + m.black != m.games {
        return Err(format!(
            "{}: {} games but {} results",
            m.mv,
            m.games,
            m.white + m.draws + m.black
        ));
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str =
        "# about\n@ 00000000000000ff some fen\ne2e4\t3\t1\t1\t1\t25\nd2d4\t1\t0\t1\t0\t-5\n";

    #[test]
    fn a_file_reads_back_as_written() {
        let e = Explorer::parse(TEXT).unwrap();
        assert_eq!(e.len(), 1);
        assert_eq!(e.about, ["about"]);
        assert_eq!(Explorer::parse(&e.to_text()).unwrap(), e);
        assert_eq!(e.to_text(), TEXT);
    }

    #[test]
    fn bad_lines_are_named_with_what_is_wrong() {
        let err = |t: &str| Explorer::parse(t).unwrap_err().0;
        assert_eq!(
            err("e2e4\t1\t1\t0\t0\t0\n"),
            "line 1: a move before any '@' position"
        );
        assert!(err("@ zz fen\n").contains("'zz' is not a position hash"));
        assert!(err("@ ff f\ne2e4\t2\t1\t0\t0\t0\n").contains("2 games but 1 results"));
        assert!(err("@ ff f\ne2e4\t1\n").starts_with("line 2: 2 fields"));
        assert!(err("@ ff f\ne2e4\tx\t1\t0\t0\t0\n").contains("games 'x'"));
        assert!(err("@ ff f\n@ ff g\n").contains("line 2: position 00000000000000ff twice"));
    }

    #[test]
    fn averages_round_to_the_nearest_centipawn() {
        let c = |sum, games| {
            stat(
                String::new(),
                &Count {
                    games,
                    ends: [games, 0, 0],
                    score_sum: sum,
                    first_seen: 0,
                },
            )
            .score
        };
        assert_eq!((c(5, 2), c(-5, 2), c(4, 3), c(0, 1)), (3, -3, 1, 0));
    }
}
