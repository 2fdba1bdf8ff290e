//! A game: a position with its history, the draw rules that need history, and results.

use crate::moves::Move;
use crate::piece::Color;
use crate::position::{Position, PositionError, Undo};
use crate::rules::{MoveError, MoveParseError, Rules, Status};
use std::fmt;
use std::sync::Arc;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position occurred the variant's number of times with the same side to move.
    Repetition,
    /// The variant's number of plies passed without a capture or a pawn move.
    MoveLimit,
    /// Only the kings are left.
    BareKings,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A piece reached the variant's goal region (king of the hill, racing kings).
    Goal,
    /// The side gave the variant's number of checks (three-check).
    Checks,
    /// A side lost every piece of a kind the variant counts (extinction, antichess,
    /// a bare king in shatranj).
    Extinction,
    /// Both sides passed, one after the other (janggi).
    Passes,
    /// A pass left the kings facing each other (janggi's bikjang).
    Bikjang,
    /// A player's time ran out (the flag fell).
    Timeout,
    /// A player's time ran out, but the other side could not possibly have mated: a draw.
    TimeoutVsInsufficient,
}

impl Reason {
    /// The reason in words.
    pub fn describe(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "threefold repetition",
            Reason::MoveLimit => "move limit without capture or pawn move",
            Reason::BareKings => "bare kings",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::Goal => "reaching the goal",
            Reason::Checks => "giving the last check",
            Reason::Extinction => "extinction",
            Reason::Passes => "two passes in a row",
            Reason::Bikjang => "the kings facing each other (bikjang)",
            Reason::Timeout => "time",
            Reason::TimeoutVsInsufficient => "time with too little material to mate",
        }
    }
}

/// How a game ended: who won (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: Reason,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_string(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{c} wins by {}", self.reason.describe()),
            None => write!(f, "draw by {}", self.reason.describe()),
        }
    }
}

/// What kind of refusal an [`IllegalMoveError`] is, as a value to match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMoveKind {
    /// The game is over.
    GameOver,
    /// The move is not among the legal moves.
    NotLegal,
    /// The move string did not name a legal move.
    Parse(crate::MoveParseErrorKind),
    /// The rules could not play it (a plugin's answer failed the host's checks).
    Refused(crate::MoveErrorKind),
}

/// Why a move was refused by a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The game is over.
    GameOver(Outcome),
    /// The move is not among the legal moves.
    NotLegal(String),
    /// The move string did not name a legal move.
    Parse(MoveParseError),
    /// The rules could not play the move; nothing was recorded.
    Refused(MoveError),
}

impl IllegalMoveError {
    /// What kind of refusal this is.
    pub fn kind(&self) -> IllegalMoveKind {
        match self {
            IllegalMoveError::GameOver(_) => IllegalMoveKind::GameOver,
            IllegalMoveError::NotLegal(_) => IllegalMoveKind::NotLegal,
            IllegalMoveError::Parse(e) => IllegalMoveKind::Parse(e.kind),
            IllegalMoveError::Refused(e) => IllegalMoveKind::Refused(e.kind),
        }
    }
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMoveError::GameOver(o) => write!(f, "the game is over ({o})"),
            IllegalMoveError::NotLegal(m) => write!(f, "{m} is not a legal move here"),
            IllegalMoveError::Parse(e) => e.fmt(f),
            IllegalMoveError::Refused(e) => write!(f, "the move was not played: {e}"),
        }
    }
}

impl std::error::Error for IllegalMoveError {}

#[derive(Clone, Debug)]
struct Played {
    mv: Move,
    undo: Undo,
    notation: String,
}

/// A game in progress: rules, position, history, undo and redo, and the result.
///
/// # Examples
///
/// ```
/// # use chess4d_core::{Game, Rules};
/// # use std::sync::Arc;
/// # fn demo(rules: Arc<dyn Rules>) {
/// let mut game = Game::new(rules);
/// let first = game.legal_moves()[0];
/// game.play(first).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// game.undo();
/// # }
/// ```
#[derive(Clone)]
pub struct Game {
    rules: Arc<dyn Rules>,
    start: Position,
    pos: Position,
    history: Vec<Played>,
    redo: Vec<Move>,
    legal: Vec<Move>,
    outcome: Option<Outcome>,
    fault: Option<String>,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("variant", &self.rules.info().name)
            .field("position", &self.rules.format_position(&self.pos))
            .field("moves", &self.history.len())
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl Game {
    /// A new game from the variant's start position.
    pub fn new(rules: Arc<dyn Rules>) -> Game {
        let start = rules.start_position();
        Game::from_position(rules, start)
    }

    /// A new game from a position the rules check first ([`Rules::check_position`]):
    /// the way in for a position from outside that did not come through
    /// [`Rules::parse_position`].
    pub fn try_from_position(
        rules: Arc<dyn Rules>,
        start: Position,
    ) -> Result<Game, PositionError> {
        rules.check_position(&start)?;
        Ok(Game::from_position(rules, start))
    }

    /// A new game from any position, unchecked: for positions the rules produced or
    /// checked already, and for code that sets up a position on purpose.
    pub fn from_position(rules: Arc<dyn Rules>, start: Position) -> Game {
        let mut g = Game {
            rules,
            pos: start.clone(),
            start,
            history: Vec::new(),
            redo: Vec::new(),
            legal: Vec::new(),
            outcome: None,
            fault: None,
        };
        g.refresh();
        g
    }

    /// The rules this game is played by.
    pub fn rules(&self) -> &Arc<dyn Rules> {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The legal moves now (empty once the game is over).
    pub fn legal_moves(&self) -> &[Move] {
        if self.outcome.is_some() {
            &[]
        } else {
            &self.legal
        }
    }

    /// The moves played so far.
    pub fn moves(&self) -> Vec<Move> {
        self.history.iter().map(|p| p.mv).collect()
    }

    /// The moves played so far, in notation.
    pub fn notation(&self) -> impl Iterator<Item = &str> {
        self.history.iter().map(|p| p.notation.as_str())
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|p| p.mv)
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.rules.in_check(&self.pos)
    }

    /// Plays a move, if legal. When the rules cannot play it (a plugin's answer failed
    /// the host's checks) the error says so, nothing is recorded, the position stays and
    /// [`Game::fault`] reports the fault.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if let Some(o) = self.outcome {
            return Err(IllegalMoveError::GameOver(o));
        }
        if !self.legal.contains(&mv) {
            let name = self.rules.format_move(&self.pos, mv);
            return Err(IllegalMoveError::NotLegal(name));
        }
        self.push(mv).map_err(IllegalMoveError::Refused)?;
        self.redo.clear();
        Ok(())
    }

    /// Plays a move given in notation.
    pub fn play_str(&mut self, text: &str) -> Result<Move, IllegalMoveError> {
        if let Some(o) = self.outcome {
            return Err(IllegalMoveError::GameOver(o));
        }
        let mv = self
            .rules
            .parse_move(&self.pos, text)
            .map_err(IllegalMoveError::Parse)?;
        self.play(mv)?;
        Ok(mv)
    }

    fn push(&mut self, mv: Move) -> Result<(), MoveError> {
        let notation = self.rules.format_move(&self.pos, mv);
        let undo = match self.rules.try_make_move(&mut self.pos, mv) {
            Ok(undo) => undo,
            Err(e) => {
                self.fault = Some(e.message.clone());
                return Err(e);
            }
        };
        self.history.push(Played { mv, undo, notation });
        self.outcome = None;
        self.refresh();
        Ok(())
    }

    /// Takes back the last move; it can be replayed with [`Game::redo`].
    pub fn undo(&mut self) -> Option<Move> {
        let played = self.history.pop()?;
        self.rules.unmake_move(&mut self.pos, &played.undo);
        self.redo.push(played.mv);
        self.outcome = None;
        self.refresh();
        Some(played.mv)
    }

    /// Replays the last move taken back.
    pub fn redo(&mut self) -> Option<Move> {
        let mv = self.redo.pop()?;
        if self.outcome.is_some() || !self.legal.contains(&mv) || self.push(mv).is_err() {
            self.redo.clear();
            return None;
        }
        Some(mv)
    }

    /// Whether a move can be replayed.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Ends the game: `color` resigns.
    pub fn resign(&mut self, color: Color) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome {
                winner: Some(!color),
                reason: Reason::Resignation,
            });
        }
    }

    /// Ends the game: `color`'s flag fell. A loss, or a draw when `winner_cannot_mate`
    /// (the side with time has too little material to ever mate).
    pub fn time_out(&mut self, color: Color, winner_cannot_mate: bool) {
        if self.outcome.is_none() {
            self.outcome = Some(if winner_cannot_mate {
                Outcome {
                    winner: None,
                    reason: Reason::TimeoutVsInsufficient,
                }
            } else {
                Outcome {
                    winner: Some(!color),
                    reason: Reason::Timeout,
                }
            });
        }
    }

    /// Ends the game in a draw by agreement.
    pub fn agree_draw(&mut self) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome {
                winner: None,
                reason: Reason::Agreement,
            });
        }
    }

    /// How many times the current position has occurred (with the same side to move).
    pub fn repetitions(&self) -> usize {
        let h = self.pos.hash();
        1 + self
            .history
            .iter()
            .rev()
            .take(self.pos.halfmove_clock() as usize)
            .filter(|p| p.undo_hash() == h)
            .count()
    }

    /// The rules' latest fault if the current position's answers came with one (then
    /// the game is not declared over, whatever the move list says).
    pub fn fault(&self) -> Option<&str> {
        self.fault.as_deref()
    }

    fn refresh(&mut self) {
        let (faults_before, _) = self.rules.faults();
        self.rules.legal_moves(&self.pos, &mut self.legal);
        let info = self.rules.info();
        let side = self.pos.side_to_move();
        self.outcome = match self.rules.status(&self.pos) {
            Status::Checkmate => Some(Outcome {
                winner: Some(!side),
                reason: Reason::Checkmate,
            }),
            Status::Stalemate => Some(Outcome {
                winner: None,
                reason: Reason::Stalemate,
            }),
            Status::InsufficientMaterial => Some(Outcome {
                winner: None,
                reason: Reason::BareKings,
            }),
            Status::Ended { winner, reason } => Some(Outcome { winner, reason }),
            Status::Ongoing => None,
        };
        if self.outcome.is_none()
            && info.repetition_limit > 0
            && self.repetitions() >= info.repetition_limit as usize
        {
            self.outcome = Some(Outcome {
                winner: None,
                reason: Reason::Repetition,
            });
        }
        if self.outcome.is_none()
            && info.move_limit_plies > 0
            && self.pos.halfmove_clock() >= info.move_limit_plies
        {
            self.outcome = Some(Outcome {
                winner: None,
                reason: Reason::MoveLimit,
            });
        }
        // A broken plugin's empty answer is not a checkmate or a stalemate.
        let (faults_after, latest) = self.rules.faults();
        self.fault = None;
        if faults_after != faults_before {
            self.fault = Some(latest.unwrap_or_else(|| "the rules reported a fault".into()));
            if self
                .outcome
                .is_some_and(|o| matches!(o.reason, Reason::Checkmate | Reason::Stalemate))
            {
                self.outcome = None;
            }
        }
    }
}

impl Played {
    /// The hash of the position before this move.
    fn undo_hash(&self) -> u64 {
        self.undo.hash()
    }
}
