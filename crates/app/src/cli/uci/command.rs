//! Reading one line of the UCI protocol into a [`Command`]: pure text work, no engine.

use std::time::Duration;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The variant's start position.
    StartPos,
    /// A position string (FEN, extended to four axes beyond 2D boards).
    Fen(String),
}

/// The limits of a `go` command, as the GUI sent them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth N`: plies.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime MS`.
    pub movetime: Option<Duration>,
    /// `wtime MS` (a negative clock reads as zero).
    pub wtime: Option<Duration>,
    /// `btime MS`.
    pub btime: Option<Duration>,
    /// `winc MS`.
    pub winc: Option<Duration>,
    /// `binc MS`.
    pub binc: Option<Duration>,
    /// `movestogo N`: moves to the next time control.
    pub movestogo: Option<u32>,
    /// `mate N`: look for a mate in N moves (searched as 2N plies).
    pub mate: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: search the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves M...`: only these root moves.
    pub searchmoves: Vec<String>,
}

/// One command of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name (may hold spaces).
        name: String,
        /// Its value; absent for buttons.
        value: Option<String>,
    },
    /// `register ...`: nothing to register; accepted and ignored.
    Register,
    /// `ucinewgame`: forget the last game (clears the hash).
    NewGame,
    /// `position startpos|fen F [moves M...]`.
    Position {
        /// The starting position.
        start: Start,
        /// Moves played from it, in UCI or coordinate notation.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`: the opponent played the expected move.
    PonderHit,
    /// `quit`.
    Quit,
}

/// What reading a line gave: a command, and the words skipped or doubtful on the way
/// (each worth an `info string`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The command, or `None` if the line held none (an empty line gives no notes).
    pub command: Option<Command>,
    /// What was ignored and why, for `info string` lines.
    pub notes: Vec<String>,
}

/// Reads one line. As UCI asks, unknown words before a command are skipped ("joho
/// debug on" is "debug on"); unknown or malformed words inside a command are
/// skipped with a note.
pub fn parse(line: &str) -> Parsed {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut notes = Vec::new();
    let Some(at) = words.iter().position(|w| is_command_word(w)) else {
        if !words.is_empty() {
            notes.push(format!("unknown command '{}', ignored", line.trim()));
        }
        return Parsed {
            command: None,
            notes,
        };
    };
    if at > 0 {
        notes.push(format!("skipped unknown words '{}'", words[..at].join(" ")));
    }
    let rest = &words[at + 1..];
    let command = match words[at] {
        "uci" => Some(Command::Uci),
        "debug" => Some(Command::Debug(rest.first() != Some(&"off"))),
        "isready" => Some(Command::IsReady),
        "setoption" => parse_setoption(rest, &mut notes),
        "register" => Some(Command::Register),
        "ucinewgame" => Some(Command::NewGame),
        "position" => parse_position(rest, &mut notes),
        "go" => Some(Command::Go(parse_go(rest, &mut notes))),
        "stop" => Some(Command::Stop),
        "ponderhit" => Some(Command::PonderHit),
        _ => Some(Command::Quit),
    };
    Parsed { command, notes }
}

fn is_command_word(w: &str) -> bool {
    matches!(
        w,
        "uci"
            | "debug"
            | "isready"
            | "setoption"
            | "register"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
    )
}

fn parse_setoption(rest: &[&str], notes: &mut Vec<String>) -> Option<Command> {
    if rest.first() != Some(&"name") {
        notes.push("setoption: expected 'setoption name <id> [value <x>]', ignored".into());
        return None;
    }
    let rest = &rest[1..];
    let split = rest.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
        None => (rest.join(" "), None),
    };
    if name.is_empty() {
        notes.push("setoption: the option has no name, ignored".into());
        return None;
    }
    Some(Command::SetOption { name, value })
}

fn parse_position(rest: &[&str], notes: &mut Vec<String>) -> Option<Command> {
    let moves_at = rest.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &rest[rest.len()..]),
    };
    let start = match head.first() {
        Some(&"startpos") => {
            if head.len() > 1 {
                notes.push(format!(
                    "position: skipped '{}' after startpos",
                    head[1..].join(" ")
                ));
            }
            Start::StartPos
        }
        Some(&"fen") if head.len() > 1 => Start::Fen(head[1..].join(" ")),
        _ => {
            notes.push("position: expected 'startpos' or 'fen <position>', ignored".into());
            return None;
        }
    };
    Some(Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

/// Words `go` knows; `searchmoves` takes every word up to the next of them.
const GO_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

fn parse_go(rest: &[&str], notes: &mut Vec<String>) -> Go {
    let mut go = Go::default();
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        i += 1;
        match word {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while i < rest.len() && !GO_WORDS.contains(&rest[i]) {
                    go.searchmoves.push(rest[i].to_string());
                    i += 1;
                }
            }
            "depth" | "nodes" | "mate" | "movestogo" | "movetime" | "wtime" | "btime" | "winc"
            | "binc" => {
                let Some(n) = rest.get(i).and_then(|v| v.parse::<i64>().ok()) else {
                    notes.push(format!("go: '{word}' needs a number, ignored"));
                    // The bad value goes with it, unless it is the next limit.
                    i += rest.get(i).is_some_and(|v| !GO_WORDS.contains(v)) as usize;
                    continue;
                };
                i += 1;
                set_go_number(&mut go, word, n);
            }
            other => notes.push(format!("go: unknown word '{other}', ignored")),
        }
    }
    go
}

fn set_go_number(go: &mut Go, word: &str, n: i64) {
    // Clocks may run below zero in some GUIs; a count cannot be negative.
    let count = n.max(0) as u64;
    let ms = Duration::from_millis(count);
    let small = count.min(u32::MAX as u64) as u32;
    match word {
        "depth" => go.depth = Some(small),
        "nodes" => go.nodes = Some(count),
        "mate" => go.mate = Some(small),
        "movestogo" => go.movestogo = Some(small),
        "movetime" => go.movetime = Some(ms),
        "wtime" => go.wtime = Some(ms),
        "btime" => go.btime = Some(ms),
        "winc" => go.winc = Some(ms),
        _ => go.binc = Some(ms),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> Option<Command> {
        parse(line).command
    }

    #[test]
    fn unknown_words_before_a_command_are_skipped_with_a_note() {
        let p = parse("joho debug on");
        assert_eq!(p.command, Some(Command::Debug(true)));
        assert_eq!(p.notes.len(), 1);
        let p = parse("hello there");
        assert_eq!(p.command, None);
        assert!(p.notes[0].contains("unknown command"));
        assert_eq!(
            parse("   "),
            Parsed {
                command: None,
                notes: vec![]
            }
        );
    }

    #[test]
    fn position_reads_startpos_fen_and_moves() {
        assert_eq!(
            command("position startpos moves e2e4 e7e5"),
            Some(Command::Position {
                start: Start::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert_eq!(
            command(&format!("position fen {fen} moves e7e5")),
            Some(Command::Position {
                start: Start::Fen(fen.into()),
                moves: vec!["e7e5".into()]
            })
        );
        assert_eq!(command("position"), None);
        assert_eq!(command("position fen"), None);
        assert!(!parse("position sideways").notes.is_empty());
    }

    #[test]
    fn go_reads_every_limit() {
        let Some(Command::Go(go)) = command(
            "go wtime 60000 btime -5 winc 1000 binc 0 movestogo 20 depth 7 nodes 5000 movetime 300",
        ) else {
            panic!("a go command");
        };
        assert_eq!(go.wtime, Some(Duration::from_secs(60)));
        assert_eq!(go.btime, Some(Duration::ZERO));
        assert_eq!(go.winc, Some(Duration::from_secs(1)));
        assert_eq!(go.movestogo, Some(20));
        assert_eq!(go.depth, Some(7));
        assert_eq!(go.nodes, Some(5000));
        assert_eq!(go.movetime, Some(Duration::from_millis(300)));
        assert!(!go.infinite && !go.ponder);
        let Some(Command::Go(go)) = command("go ponder searchmoves e2e4 d2d4 infinite") else {
            panic!("a go command");
        };
        assert!(go.infinite && go.ponder);
        assert_eq!(go.searchmoves, vec!["e2e4", "d2d4"]);
    }

    #[test]
    fn bad_go_words_are_noted_and_the_rest_kept() {
        let p = parse("go depth x nodes 10 sideways");
        let Some(Command::Go(go)) = p.command else {
            panic!("a go command");
        };
        assert_eq!(go.depth, None);
        assert_eq!(go.nodes, Some(10));
        assert_eq!(p.notes.len(), 2, "{:?}", p.notes);
    }

    #[test]
    fn setoption_names_may_hold_spaces() {
        assert_eq!(
            command("setoption name Skill Level value 5"),
            Some(Command::SetOption {
                name: "Skill Level".into(),
                value: Some("5".into())
            })
        );
        assert_eq!(
            command("setoption name Clear Hash"),
            Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(command("setoption Hash 5"), None);
    }

    #[test]
    fn simple_commands() {
        assert_eq!(command("uci"), Some(Command::Uci));
        assert_eq!(command("isready"), Some(Command::IsReady));
        assert_eq!(command("ucinewgame"), Some(Command::NewGame));
        assert_eq!(command("stop"), Some(Command::Stop));
        assert_eq!(command("ponderhit"), Some(Command::PonderHit));
        assert_eq!(command("quit"), Some(Command::Quit));
        assert_eq!(command("debug off"), Some(Command::Debug(false)));
    }
}
