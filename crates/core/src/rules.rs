//! The `Rules` trait: everything above the core sees a variant only through it.

use crate::geometry::{Shape, Square};
use crate::moves::Move;
use crate::piece::{Color, PieceInfo};
use crate::position::{FenError, Position, PositionError, Undo};
use std::fmt::{self, Write};

/// What a variant is: its name, board, pieces and the settings of its draw rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantInfo {
    /// Short catalog name (`full`, `orthodox`, `tensor`).
    pub name: String,
    /// The name shown to people ("4D chess — full set").
    pub title: String,
    /// One paragraph for people choosing a variant.
    pub description: String,
    /// The board.
    pub shape: Shape,
    /// The piece kinds; `PieceKind(i)` is `pieces[i]`.
    pub pieces: Vec<PieceInfo>,
    /// The FEN letters of the castling options, in bit order of
    /// [`Position::castling_rights`].
    pub castling_letters: Vec<char>,
    /// Whether en passant exists (the FEN field may be other than `-`).
    pub en_passant: bool,
    /// The occurrence of a position that draws (3 in chess); 0 turns the rule off.
    pub repetition_limit: u8,
    /// Plies without a capture or pawn move that draw (100 in chess); 0 turns it off.
    pub move_limit_plies: u16,
    /// Whether two bare kings draw.
    pub bare_kings_draw: bool,
}

impl VariantInfo {
    /// The letter of a piece as written in FEN and notation.
    pub fn letter(&self, piece: crate::Piece) -> char {
        self.pieces
            .get(piece.kind().index())
            .map_or('?', |i| i.letter_for(piece.color()))
    }

    /// The piece kind written with this letter (either case).
    pub fn kind_by_letter(&self, letter: char) -> Option<crate::PieceKind> {
        self.pieces
            .iter()
            .position(|p| p.letter.eq_ignore_ascii_case(&letter))
            .map(|i| crate::PieceKind(i as u8))
    }
}

/// Where a position stands by the rules alone (history-based draws are the game's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is checkmated; the other side wins.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever checkmate (two bare kings).
    InsufficientMaterial,
    /// A rule of the variant ended the game: a piece reached its goal region, the last
    /// check of n-check was given, a side lost the last of a kind of piece, or a
    /// checkmate or stalemate that the variant scores otherwise than chess does.
    Ended {
        /// The winner, or `None` for a draw.
        winner: Option<Color>,
        /// Why it ended.
        reason: crate::Reason,
    },
}

/// What kind of problem a move string has, as a value to match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveParseErrorKind {
    /// A square name in it cannot be read (the kind says why).
    Square(crate::SquareParseErrorKind),
    /// There is no piece on the from-square.
    NoPiece,
    /// The piece on the from-square belongs to the side not to move.
    NotYourPiece,
    /// The piece cannot make that move.
    CannotMove,
    /// More than one legal move fits (or extra text follows); the message lists them.
    Ambiguous,
    /// The text is too long to read.
    TooLong,
    /// The text is not a move in any notation the variant reads (SAN or coordinates).
    Unreadable,
    /// The variant's own reader (a rule plugin) refused it.
    Refused,
    /// The variant's rules answered wrongly (a rule plugin's fault).
    Fault,
}

/// Why a move string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError {
    /// The text that was read.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
    /// What kind of problem it is.
    pub kind: MoveParseErrorKind,
}

impl MoveParseError {
    /// An error of `kind` about `text`.
    pub fn new(kind: MoveParseErrorKind, text: &str, reason: impl Into<String>) -> Self {
        MoveParseError {
            text: text.to_string(),
            reason: reason.into(),
            kind,
        }
    }
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move '{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for MoveParseError {}

/// What kind of problem stopped a move being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// The rules' answer to the move failed the host's checks (a rule plugin's fault);
    /// the position was left as it was.
    Fault,
}

/// Why the rules did not play a move ([`Rules::try_make_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// What kind of problem it is.
    pub kind: MoveErrorKind,
    /// What went wrong, in words.
    pub message: String,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MoveError {}

/// What the viewer draws of a variant's board beyond its squares and pieces
/// ([`Rules::board_look`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardLook {
    /// Squares the board does not have (holes).
    pub holes: Vec<Square>,
    /// Bit mask of the axes that wrap around (bit 0: X, 1: Y, 2: Z, 3: W).
    pub wrap: u8,
    /// The variant's regions: each one's name with White's and Black's squares.
    pub regions: Vec<(String, [Vec<Square>; 2])>,
    /// Whether pieces promote to forms of their own (the shogi family).
    pub promoted_forms: bool,
}

/// The rules of a variant: the one interface the UI, the engine and the CLI use.
///
/// The table-driven engine ([`crate::TableRules`]) and a plugin are two
/// implementations; callers never ask which one they hold.
pub trait Rules: Send + Sync {
    /// Name, board, pieces and draw settings.
    fn info(&self) -> &VariantInfo;

    /// The start position.
    fn start_position(&self) -> Position;

    /// Every legal move of the side to move, into `out` (cleared first).
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>);

    /// The legal moves that capture (en passant included) or promote, into `out`
    /// (cleared first), in the order [`Rules::legal_moves`] gives them: what a
    /// quiescence search looks at.
    ///
    /// The default filters [`Rules::legal_moves`]; rules that can skip quiet moves
    /// while generating should, since most of a search's leaves only need these.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_core::{Position, Rules};
    /// // The noisy moves are the legal moves that take something or promote.
    /// fn check(rules: &dyn Rules, pos: &Position) {
    ///     let (mut all, mut noisy) = (Vec::new(), Vec::new());
    ///     rules.legal_moves(pos, &mut all);
    ///     rules.legal_captures(pos, &mut noisy);
    ///     assert!(noisy.iter().all(|m| all.contains(m)));
    /// }
    /// ```
    fn legal_captures(&self, pos: &Position, out: &mut Vec<Move>) {
        self.legal_moves(pos, out);
        let us = pos.side_to_move();
        out.retain(|m| {
            (m.promotion.is_some() && !m.is_drop())
                || m.capture.is_some()
                || pos.piece_at(m.to).is_some_and(|p| p.color() != us)
        });
    }

    /// How many legal moves the side to move has: what perft counts at its last ply.
    ///
    /// `scratch` is room for a move list (its contents afterwards are unspecified). The
    /// default counts [`Rules::legal_moves`]; rules that can count without listing
    /// every move (the table engine's bitboard path) should.
    fn count_legal_moves(&self, pos: &Position, scratch: &mut Vec<Move>) -> u64 {
        self.legal_moves(pos, scratch);
        scratch.len() as u64
    }

    /// Plays a legal move; returns what is needed to take it back.
    ///
    /// The search's fast path: it cannot fail. Rules whose answer can fail the host's
    /// checks (a plugin) leave the position as it was and record a fault; callers that
    /// keep a history use [`Rules::try_make_move`], which says so.
    fn make_move(&self, pos: &mut Position, mv: Move) -> Undo;

    /// Plays a legal move, or says why the rules could not: the position is unchanged
    /// on an error. The default plays [`Rules::make_move`], which cannot fail.
    fn try_make_move(&self, pos: &mut Position, mv: Move) -> Result<Undo, MoveError> {
        Ok(self.make_move(pos, mv))
    }

    /// Takes back the move `undo` came from.
    fn unmake_move(&self, pos: &mut Position, undo: &Undo) {
        pos.restore(undo);
    }

    /// Whether the legal move `mv` checks the opponent: what [`Rules::in_check`] says
    /// after [`Rules::make_move`]. A search asks it of the moves it would prune unless
    /// they check, most of which it then never plays.
    ///
    /// The default plays the move and takes it back (`pos` is as it was afterwards);
    /// rules that can read the answer off the board as it would be should.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_core::{Position, Rules};
    /// // The answer is the one playing the move gives.
    /// fn check(rules: &dyn Rules, pos: &mut Position) {
    ///     let mut moves = Vec::new();
    ///     rules.legal_moves(pos, &mut moves);
    ///     for &mv in &moves {
    ///         let undo = rules.make_move(pos, mv);
    ///         let played = rules.in_check(pos);
    ///         rules.unmake_move(pos, &undo);
    ///         assert_eq!(rules.gives_check(pos, mv), played);
    ///     }
    /// }
    /// ```
    fn gives_check(&self, pos: &mut Position, mv: Move) -> bool {
        let undo = self.make_move(pos, mv);
        let check = self.in_check(pos);
        self.unmake_move(pos, &undo);
        check
    }

    /// Whether `by` attacks `sq` (could capture a piece standing there).
    fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool;

    /// The squares of `by`'s pieces that attack `sq`, into `out` (cleared first).
    fn attackers(&self, pos: &Position, sq: Square, by: Color, out: &mut Vec<Square>);

    /// Whether the side to move is in check.
    fn in_check(&self, pos: &Position) -> bool {
        let side = pos.side_to_move();
        pos.king(side)
            .is_some_and(|k| self.is_attacked(pos, k, !side))
    }

    /// Where the position stands by the rules alone.
    fn status(&self, pos: &Position) -> Status {
        if self.info().bare_kings_draw && bare_kings(self.info(), pos) {
            return Status::InsufficientMaterial;
        }
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        if !moves.is_empty() {
            Status::Ongoing
        } else if self.in_check(pos) {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// Reads a position string (FEN extended to four axes) and checks the position
    /// ([`Rules::check_position`]): what every position from outside goes through.
    fn parse_position(&self, text: &str) -> Result<Position, FenError> {
        let pos = self.parse_position_unchecked(text)?;
        self.check_position(&pos)?;
        Ok(pos)
    }

    /// Reads a position string without checking that the position can occur: the
    /// explicit path for code that builds odd positions on purpose (tests, studies).
    fn parse_position_unchecked(&self, text: &str) -> Result<Position, FenError> {
        crate::position::parse_fen(self.info(), text)
    }

    /// Whether a position could occur in a game of this variant; the default runs the
    /// checks every variant shares ([`crate::check_position`]). Rules that know more
    /// add their own.
    fn check_position(&self, pos: &Position) -> Result<(), PositionError> {
        crate::position::check_position(self, pos)
    }

    /// Writes a position string.
    fn format_position(&self, pos: &Position) -> String {
        crate::position::format_fen(self.info(), pos)
    }

    /// Whether castling starts from any array, its rights naming the rooks' files
    /// (Chess960): UCI then writes castling as king takes rook whatever the
    /// `UCI_Chess960` option says, as Fairy-Stockfish does.
    fn chess960_castling(&self) -> bool {
        false
    }

    /// Writes a move in coordinate notation (`a2[0,0]a3[0,0]`, `e7e8q`).
    fn format_move(&self, pos: &Position, mv: Move) -> String {
        let _ = pos;
        coordinate_notation(self.info(), mv)
    }

    /// A richer form of a move for people (jump paths, bounces); notation by default.
    fn describe_move(&self, pos: &Position, mv: Move) -> String {
        self.format_move(pos, mv)
    }

    /// Every square the move passes through, from start to landing, for display.
    fn move_path(&self, pos: &Position, mv: Move) -> Vec<Square> {
        let _ = pos;
        vec![mv.from, mv.to]
    }

    /// How many faults the rules have met that are not the players' doing (a rule
    /// plugin's answer that failed the host's checks), and the latest one. When the count
    /// grows during a call, that call's answer (an empty move list, say) is not to be
    /// trusted. Table rules never fault.
    ///
    /// This is the one fault channel: a game, the viewer and the command line read a
    /// plugin's faults here, through any `dyn Rules`, with no need to know what is behind.
    fn faults(&self) -> (u64, Option<String>) {
        (0, None)
    }

    /// The goal of `color`'s pieces, when the variant has one: the kinds that count and
    /// the squares whose reaching wins (king of the hill, racing kings). A hint for the
    /// computer opponent and the viewer; `None` by default.
    fn goal(&self, color: Color) -> Option<(Vec<crate::PieceKind>, Vec<Square>)> {
        let _ = color;
        None
    }

    /// Holes, wrapping axes, regions and promoted forms, for the viewer; nothing by
    /// default.
    fn board_look(&self) -> BoardLook {
        BoardLook::default()
    }

    /// The promoted form of pieces of `kind` (the shogi family: a pawn's tokin), when
    /// the variant has promoted forms; `None` by default. UCI writes a promotion to
    /// it as `+` and the way back as `-`, as Fairy-Stockfish does.
    fn promoted_form(&self, kind: crate::PieceKind) -> Option<crate::PieceKind> {
        let _ = kind;
        None
    }

    /// Reads a move string and finds the legal move it names.
    fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveParseError> {
        parse_among_legal(self, pos, text)
    }

    /// Where `pos` stands, in words: "White to move", "Black wins by checkmate", "draw
    /// by stalemate", "White wins by reaching the hill" (the variant's own words where
    /// it has them, see [`Rules::describe_outcome`]).
    fn describe_status(&self, pos: &Position) -> String {
        let side = pos.side_to_move();
        match self.status(pos).outcome(side) {
            Some(outcome) => self.describe_outcome(pos, outcome),
            None => format!("{side} to move"),
        }
    }

    /// A result in words, in the variant's own words where it has them: the goal
    /// region's name ("reaching the hill"), a side that wins by losing its pieces
    /// (antichess) or by being mated (losers). `pos` is the final position.
    fn describe_outcome(&self, pos: &Position, outcome: crate::Outcome) -> String {
        describe_outcome_words(self, pos, outcome)
    }
}

impl Status {
    /// What the status means as a result with `side_to_move` to move, `None` while the
    /// game goes on (the conversion [`crate::Game`] makes).
    pub fn outcome(self, side_to_move: Color) -> Option<crate::Outcome> {
        use crate::Reason;
        let (winner, reason) = match self {
            Status::Ongoing => return None,
            Status::Checkmate => (Some(!side_to_move), Reason::Checkmate),
            Status::Stalemate => (None, Reason::Stalemate),
            Status::InsufficientMaterial => (None, Reason::BareKings),
            Status::Ended { winner, reason } => (winner, reason),
        };
        Some(crate::Outcome { winner, reason })
    }
}

/// The words of [`Rules::describe_outcome`]'s default.
fn describe_outcome_words<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    outcome: crate::Outcome,
) -> String {
    use crate::Reason;
    let Some(winner) = outcome.winner else {
        return outcome.to_string();
    };
    let side = pos.side_to_move();
    let how = match outcome.reason {
        Reason::Goal => goal_words(rules, winner),
        // Losers: the mated side is the one that wins.
        Reason::Checkmate if winner == side => "being checkmated".to_string(),
        // Antichess, suicide: having no move wins.
        Reason::Stalemate if winner == side => "having no move (stalemate)".to_string(),
        Reason::Stalemate => format!("stalemate ({} has no move)", side),
        Reason::Extinction => extinction_words(rules.info(), pos, winner),
        _ => return outcome.to_string(),
    };
    format!("{winner} wins by {how}")
}

/// How extinction ended the game, seen from the pieces left: antichess's winner has
/// none, losers' a bare king, shatranj's loser a bare king.
fn extinction_words(info: &VariantInfo, pos: &Position, winner: Color) -> String {
    let royal = |p: crate::Piece| info.pieces.get(p.kind().index()).is_some_and(|i| i.royal);
    let of = |c: Color| pos.pieces().filter(move |(_, p)| p.color() == c);
    if of(winner).next().is_none() {
        "losing every piece".to_string()
    } else if of(winner).all(|(_, p)| royal(p)) {
        "being left with a bare king".to_string()
    } else if of(!winner).all(|(_, p)| royal(p)) {
        format!("baring {}'s king", !winner)
    } else {
        format!("extinction ({} has lost the pieces that count)", !winner)
    }
}

/// "reaching the hill": the name of the region that is `winner`'s goal, when the
/// variant names one.
fn goal_words<R: Rules + ?Sized>(rules: &R, winner: Color) -> String {
    let Some((_, mut goal)) = rules.goal(winner) else {
        return crate::Reason::Goal.describe().to_string();
    };
    goal.sort_unstable();
    let name = rules
        .board_look()
        .regions
        .into_iter()
        .find_map(|(name, sets)| {
            let mut own = sets[winner.index()].clone();
            own.sort_unstable();
            (own == goal).then_some(name)
        });
    match name {
        Some(name) => format!("reaching the {name}"),
        None => crate::Reason::Goal.describe().to_string(),
    }
}

/// Every square `piece` could move to from `sq` on an otherwise empty board: its reach,
/// as the piece explorer shows it.
///
/// # Examples
///
/// ```
/// # use chess4d_core::{reach, Rules, Piece, PieceKind, Color};
/// # fn demo(rules: &dyn Rules) {
/// let b2 = rules.info().shape.parse_square("b2[0,0]").unwrap();
/// let rook = Piece::new(rules.info().kind_by_letter('R').unwrap(), Color::White);
/// let squares = reach(rules, rook, b2);
/// # }
/// ```
pub fn reach<R: Rules + ?Sized>(rules: &R, piece: crate::Piece, sq: Square) -> Vec<Square> {
    let mut pos = Position::empty(rules.info().shape);
    pos.put(sq, Some(piece));
    pos.set_side_to_move(piece.color());
    let mut moves = Vec::new();
    rules.legal_moves(&pos, &mut moves);
    let mut out: Vec<Square> = moves
        .iter()
        .filter(|m| m.from == sq)
        .map(|m| m.to)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether only royal pieces remain on the board.
pub fn bare_kings(info: &VariantInfo, pos: &Position) -> bool {
    pos.pieces()
        .all(|(_, p)| info.pieces.get(p.kind().index()).is_some_and(|i| i.royal))
}

/// The coordinate notation of a move: a drop as `P@e4` (`P@b2[0,1]`); else from, to,
/// promotion letter, then `x` and the
/// capture square if it is not the landing square, then `+` and a second piece's
/// from and to.
pub fn coordinate_notation(info: &VariantInfo, mv: Move) -> String {
    let mut s = String::with_capacity(24);
    let _ = write_coordinate_notation(info, mv, &mut s);
    s
}

/// Writes [`coordinate_notation`] into `out`.
pub fn write_coordinate_notation(
    info: &VariantInfo,
    mv: Move,
    out: &mut impl Write,
) -> fmt::Result {
    let shape = &info.shape;
    if let Some(k) = mv.dropped() {
        // Fairy-Stockfish's drop notation: the piece's letter, `@`, the square.
        let l = info.pieces.get(k.index()).map_or('?', |p| p.letter);
        out.write_char(l.to_ascii_uppercase())?;
        out.write_char('@')?;
        return shape.write_square(mv.to, out);
    }
    shape.write_square(mv.from, out)?;
    shape.write_square(mv.to, out)?;
    if let Some(k) = mv.promotion {
        let l = info
            .pieces
            .get(k.index())
            .map_or('?', |p| p.letter.to_ascii_lowercase());
        out.write_char(l)?;
    }
    if let Some(c) = mv.capture {
        out.write_char('x')?;
        shape.write_square(c, out)?;
    }
    // A promotion where the pawn stands (sittuyin's `g3g3f`) names no second move.
    if let Some((f, t)) = mv.second.filter(|&(f, t)| !(f == t && f == mv.from)) {
        out.write_char('+')?;
        shape.write_square(f, out)?;
        shape.write_square(t, out)?;
    }
    Ok(())
}

/// Finds the legal move a string names: its exact notation, or from and to alone when
/// only one legal move has them.
pub fn parse_among_legal<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    text: &str,
) -> Result<Move, MoveParseError> {
    let err = |kind: MoveParseErrorKind, reason: String| MoveParseError::new(kind, text, reason);
    let square_err = |e: crate::SquareParseError| err(MoveParseErrorKind::Square(e.kind), e.reason);
    let text_trim = text.trim();
    let shape = &rules.info().shape;
    // A move's own notation first: rules may write moves in a form of their own.
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    if let Some(&m) = moves
        .iter()
        .find(|&&m| rules.format_move(pos, m) == text_trim)
    {
        return Ok(m);
    }
    let (from, used) = shape.parse_square_prefix(text_trim).map_err(square_err)?;
    let (to, _) = shape
        .parse_square_prefix(&text_trim[used..])
        .map_err(square_err)?;
    let candidates: Vec<Move> = moves
        .into_iter()
        .filter(|m| m.from == from && m.to == to)
        .collect();
    let name = |sq| shape.square_name(sq);
    match candidates.len() {
        0 => {
            let (kind, why) = match pos.piece_at(from) {
                None => (
                    MoveParseErrorKind::NoPiece,
                    format!("there is no piece on {}", name(from)),
                ),
                Some(p) if p.color() != pos.side_to_move() => (
                    MoveParseErrorKind::NotYourPiece,
                    format!(
                        "the piece on {} is not {}'s",
                        name(from),
                        pos.side_to_move()
                    ),
                ),
                Some(_) => (
                    MoveParseErrorKind::CannotMove,
                    format!("the piece on {} cannot move to {}", name(from), name(to)),
                ),
            };
            Err(err(kind, why))
        }
        1 if text_trim.len()
            == used
                + shape
                    .parse_square_prefix(&text_trim[used..])
                    .map_or(0, |x| x.1) =>
        {
            Ok(candidates[0])
        }
        _ => {
            let options: Vec<String> = candidates
                .iter()
                .map(|&m| rules.format_move(pos, m))
                .collect();
            Err(err(
                MoveParseErrorKind::Ambiguous,
                format!(
                    "not a legal move here; the moves from {} to {} are: {}",
                    name(from),
                    name(to),
                    options.join(", ")
                ),
            ))
        }
    }
}
