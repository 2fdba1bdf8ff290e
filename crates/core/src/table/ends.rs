//! How a game ends, beyond chess's checkmate: goals, n-check, extinction, and checkmate
//! or stalemate scored otherwise (Fairy-Stockfish's rules of the same names).
//!
//! A rule here ends the game *immediately*: the position it holds in has no legal moves
//! (as Fairy-Stockfish's perft counts it), and [`crate::Rules::status`] says who won and
//! why. Every rule is stated on squares and piece kinds only, so it holds for boards of
//! any number of axes (a 4D king of the hill is the same code as the 8x8 one).

use super::bits::MAX_BITS;
use super::king_guard::KingGuard;
use super::region::{Regions, SquareSet};
use super::{TableRules, VariantError, attacks};
use crate::game::Reason;
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, MAX_KINDS, Piece, PieceKind};
use crate::position::Position;
use crate::rules::{Status, VariantInfo};

/// What an ending means for the side it concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// That side loses.
    Loss,
    /// That side wins.
    Win,
    /// A draw.
    Draw,
    /// The side with fewer pieces wins, equal counts draw (suicide's stalemate).
    FewerPieces,
}

/// A piece reaching a region wins (king of the hill, racing kings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalDef {
    /// The region each side's pieces must reach.
    pub region: String,
    /// Letters of the pieces that count; empty: the royal pieces.
    pub pieces: Vec<char>,
    /// Whether the opponent may still answer by reaching its own goal, which draws when
    /// Black answers White (racing kings); otherwise the game ends on arrival.
    pub reply: bool,
}

/// Losing the pieces of a kind ends the game (extinction, antichess, a bare king).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtinctionDef {
    /// Letters of the kinds counted one by one; empty: all of a side's pieces together.
    pub pieces: Vec<char>,
    /// A side with at most this many of a counted kind is extinct (0: none left).
    pub at_most: u8,
    /// ... but only while the opponent has at least this many of it (shatranj's bare
    /// king: 2, a king and one more piece).
    pub opponent_at_least: u8,
    /// Whether the extinct side, to move, may still bare the opponent back (shatranj):
    /// then the opponent needs one piece more for the game to end.
    pub reply: bool,
    /// What extinction means for the extinct side.
    pub verdict: Verdict,
}

/// Every rule by which a variant's game ends or its moves are obliged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndsDef {
    /// What checkmate means for the mated side (a loss in chess, a win in losers).
    pub checkmate: Verdict,
    /// What having no move while not in check means for that side.
    pub stalemate: Verdict,
    /// A goal region to reach.
    pub goal: Option<GoalDef>,
    /// The number of checks that wins (0: no n-check); the position counts the checks
    /// each side has left to give (the `3+3` field of Fairy-Stockfish's FEN).
    pub checks: u8,
    /// Extinction of a kind of piece.
    pub extinction: Option<ExtinctionDef>,
    /// A side that can capture must (antichess, losers).
    pub must_capture: bool,
    /// Moves that give check are illegal (racing kings).
    pub checks_forbidden: bool,
    /// A king in check may move only to take its one checker (makpong).
    pub checked_king_only_captures: bool,
    /// The royal pieces may not face each other along an open line (xiangqi).
    pub flying_general: bool,
}

impl Default for EndsDef {
    fn default() -> EndsDef {
        EndsDef {
            checkmate: Verdict::Loss,
            stalemate: Verdict::Draw,
            goal: None,
            checks: 0,
            extinction: None,
            must_capture: false,
            checks_forbidden: false,
            checked_king_only_captures: false,
            flying_general: false,
        }
    }
}

/// The rules of [`EndsDef`] compiled for one variant.
#[derive(Clone, Debug, Default)]
pub(super) struct Ends {
    /// Whether any rule may end a game early (else the fast path skips them all).
    pub(super) immediate: bool,
    /// Whether moves are filtered after generation.
    pub(super) obliged: bool,
    def: Option<EndsDef>,
    goal: Option<([SquareSet; 2], Vec<bool>)>,
    /// The goal squares by colour as bits (boards of at most 128 squares).
    goal_bits: Option<[u128; 2]>,
    /// By kind: counted for extinction (empty: all pieces together).
    extinct_kinds: Vec<usize>,
}

fn kinds_of(info: &VariantInfo, letters: &[char], what: &str) -> Result<Vec<usize>, VariantError> {
    letters
        .iter()
        .map(|&c| {
            info.kind_by_letter(c)
                .map(|k| k.index())
                .ok_or_else(|| VariantError::BadEnds(format!("{what} names '{c}', not a piece")))
        })
        .collect()
}

impl Ends {
    /// Checks and compiles a variant's ending rules.
    pub(super) fn new(
        def: &EndsDef,
        info: &VariantInfo,
        regions: &Regions,
        royal: &[bool],
    ) -> Result<Ends, VariantError> {
        let goal = match &def.goal {
            None => None,
            Some(g) => {
                let sets = regions.require(&g.region, "the goal")?;
                let counted = if g.pieces.is_empty() {
                    royal.to_vec()
                } else {
                    let mut mask = vec![false; royal.len()];
                    for k in kinds_of(info, &g.pieces, "the goal")? {
                        mask[k] = true;
                    }
                    mask
                };
                Some((sets, counted))
            }
        };
        let extinct_kinds = match &def.extinction {
            None => Vec::new(),
            Some(e) => kinds_of(info, &e.pieces, "extinction")?,
        };
        let goal_bits = goal.as_ref().and_then(|(sets, _)| {
            (info.shape.len() <= MAX_BITS).then(|| {
                sets.each_ref()
                    .map(|set| set.squares().fold(0u128, |m, sq| m | 1u128 << sq.0))
            })
        });
        Ok(Ends {
            immediate: goal.is_some() || def.checks > 0 || def.extinction.is_some(),
            goal_bits,
            obliged: def.must_capture || def.checks_forbidden || def.checked_king_only_captures,
            def: Some(def.clone()),
            goal,
            extinct_kinds,
        })
    }

    /// The goal of `color`'s pieces: the kinds that count and the goal squares.
    pub(super) fn goal(&self, color: Color) -> Option<(Vec<crate::PieceKind>, Vec<Square>)> {
        let (sets, counted) = self.goal.as_ref()?;
        let kinds = (0..counted.len())
            .filter(|&k| counted[k])
            .map(|k| crate::PieceKind(k as u8))
            .collect();
        Some((kinds, sets[color.index()].squares().collect()))
    }

    /// The number of checks that wins, 0 when the variant has no n-check.
    pub(super) fn checks(&self) -> u8 {
        self.def.as_ref().map_or(0, |d| d.checks)
    }
}

/// The winner (or `None` for a draw) of a verdict on `side`.
fn winner(verdict: Verdict, side: Color, pos: &Position) -> Option<Color> {
    match verdict {
        Verdict::Loss => Some(!side),
        Verdict::Win => Some(side),
        Verdict::Draw => None,
        Verdict::FewerPieces => {
            let mine = pos.pieces().filter(|(_, p)| p.color() == side).count();
            let theirs = pos.pieces().filter(|(_, p)| p.color() != side).count();
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Less => Some(side),
                std::cmp::Ordering::Greater => Some(!side),
                std::cmp::Ordering::Equal => None,
            }
        }
    }
}

/// Whether a rule of the variant has already ended the game: who won and why.
///
/// The rules are tried in Fairy-Stockfish's order (extinction, goal, n-check), so that
/// a position both rules end scores as it does there.
#[inline(never)]
pub(super) fn immediate_end(rules: &TableRules, pos: &Position) -> Option<(Option<Color>, Reason)> {
    let ends = &rules.ends;
    let def = ends.def.as_ref()?;
    let us = pos.side_to_move();
    if let Some(e) = &def.extinction
        && let Some(side) = extinct(rules, e, pos, us)
    {
        return Some((winner(e.verdict, side, pos), Reason::Extinction));
    }
    if let Some((sets, counted)) = &ends.goal {
        let on_goal = |c: Color| match (ends.goal_bits, kinds_bits(rules, pos, c, counted)) {
            (Some(goal), Some(pieces)) => goal[c.index()] & pieces != 0,
            _ => pos.pieces().any(|(sq, p)| {
                p.color() == c
                    && counted.get(p.kind().index()).copied().unwrap_or(false)
                    && sets[c.index()].contains(sq)
            }),
        };
        let reply = def.goal.as_ref().is_some_and(|g| g.reply);
        if !reply && on_goal(!us) {
            return Some((Some(!us), Reason::Goal));
        }
        if reply && on_goal(us) {
            let draw = on_goal(!us) && us == Color::White;
            return Some((if draw { None } else { Some(us) }, Reason::Goal));
        }
    }
    if def.checks > 0 && pos.counters().is_some_and(|c| c[(!us).index()] == 0) {
        return Some((Some(!us), Reason::Checks));
    }
    if rules.passing.active {
        return super::passing::ended(rules, pos);
    }
    None
}

/// The side that is extinct under `e`, if one is.
fn extinct(rules: &TableRules, e: &ExtinctionDef, pos: &Position, us: Color) -> Option<Color> {
    let nkinds = rules.info.pieces.len();
    let kinds: &[usize] = if rules.ends.extinct_kinds.is_empty() {
        &[nkinds]
    } else {
        &rules.ends.extinct_kinds
    };
    // Counted from the position's bits where it keeps them (every perft leaf asks),
    // else by a walk over the board.
    let counts = Counts::of(rules, pos, kinds).unwrap_or_else(|| Counts::walked(rules, pos));
    for c in Color::ALL {
        for &k in kinds {
            let needed = e.opponent_at_least as u32 + u32::from(e.reply && c == us);
            if counts.get(c, k) <= e.at_most as u32 && counts.get(!c, k) >= needed {
                return Some(c);
            }
        }
    }
    None
}

/// How many pieces of each kind each side has, and (at index `kinds`) of all kinds.
struct Counts([[u32; MAX_KINDS + 1]; 2]);

impl Counts {
    /// The counts of the listed kinds (the number of kinds itself: all pieces) from the
    /// position's bits; `None` where it does not keep them (boards of more than 128
    /// squares, piece codes beyond those it tracks).
    fn of(rules: &TableRules, pos: &Position, kinds: &[usize]) -> Option<Counts> {
        if rules.info.shape.len() > MAX_BITS {
            return None;
        }
        let nkinds = rules.info.pieces.len();
        let mut counts = Counts([[0; MAX_KINDS + 1]; 2]);
        for c in Color::ALL {
            for &k in kinds {
                let bits = if k == nkinds {
                    pos.occupancy(c)
                } else {
                    pos.squares_of(Piece::new(PieceKind(u8::try_from(k).ok()?), c).code())?
                };
                *counts.0[c.index()].get_mut(k)? = bits.count_ones();
            }
        }
        Some(counts)
    }

    /// Every kind's count by a walk over the board.
    fn walked(rules: &TableRules, pos: &Position) -> Counts {
        let nkinds = rules.info.pieces.len().min(MAX_KINDS);
        let mut counts = Counts([[0; MAX_KINDS + 1]; 2]);
        for (_, p) in pos.pieces() {
            let side = &mut counts.0[p.color().index()];
            if let Some(n) = side.get_mut(p.kind().index()) {
                *n += 1;
            }
            side[nkinds] += 1;
        }
        counts
    }

    fn get(&self, c: Color, kind: usize) -> u32 {
        self.0[c.index()].get(kind).copied().unwrap_or(0)
    }
}

/// The squares of `c`'s pieces of the kinds marked in `counted`, as bits, where the
/// position keeps them (see [`Counts::of`]).
fn kinds_bits(rules: &TableRules, pos: &Position, c: Color, counted: &[bool]) -> Option<u128> {
    if rules.info.shape.len() > MAX_BITS {
        return None;
    }
    let mut bits = 0;
    for (k, _) in counted.iter().enumerate().filter(|(_, on)| **on) {
        bits |= pos.squares_of(Piece::new(PieceKind(u8::try_from(k).ok()?), c).code())?;
    }
    Some(bits)
}

/// Where a position stands: a rule's ending first, then checkmate and stalemate as the
/// variant scores them.
pub(super) fn status(rules: &TableRules, pos: &Position) -> Status {
    if let Some((winner, reason)) = immediate_end(rules, pos) {
        return Status::Ended { winner, reason };
    }
    let info = &rules.info;
    if info.bare_kings_draw && crate::rules::bare_kings(info, pos) {
        return Status::InsufficientMaterial;
    }
    let mut moves = Vec::new();
    crate::Rules::legal_moves(rules, pos, &mut moves);
    if !moves.is_empty() {
        return Status::Ongoing;
    }
    let side = pos.side_to_move();
    let (verdict, reason, plain) = if crate::Rules::in_check(rules, pos) {
        (
            rules
                .ends
                .def
                .as_ref()
                .map_or(Verdict::Loss, |d| d.checkmate),
            Reason::Checkmate,
            Verdict::Loss,
        )
    } else {
        (
            rules
                .ends
                .def
                .as_ref()
                .map_or(Verdict::Draw, |d| d.stalemate),
            Reason::Stalemate,
            Verdict::Draw,
        )
    };
    match (verdict == plain, reason) {
        (true, Reason::Checkmate) => Status::Checkmate,
        (true, _) => Status::Stalemate,
        (false, _) => Status::Ended {
            winner: winner(verdict, side, pos),
            reason,
        },
    }
}

/// Removes the moves the variant forbids or that an obligation rules out: quiet moves
/// while a capture exists (antichess), moves that give check (racing kings).
#[inline(never)]
pub(super) fn oblige(rules: &TableRules, pos: &Position, moves: &mut Vec<Move>) {
    let Some(def) = rules.ends.def.as_ref() else {
        return;
    };
    let us = pos.side_to_move();
    if def.checks_forbidden
        && let Some(king) = pos.king(!us)
    {
        // Which squares decide whether the enemy king is attacked, found once: most
        // moves touch none of them and keep the answer "no check".
        let guard = KingGuard::new(rules, pos, king, us);
        forbid_checks(rules, pos, &guard, king, moves);
    }
    if def.checked_king_only_captures
        && let Some(king) = pos.king(us)
    {
        let mut checkers = Vec::new();
        attacks::attackers(rules, pos, king, !us, &mut checkers);
        if !checkers.is_empty() {
            moves.retain(|m| m.from != king || checkers == [m.to]);
        }
    }
    if def.must_capture {
        let captures =
            |m: &Move| m.capture.is_some() || pos.piece_at(m.to).is_some_and(|p| p.color() != us);
        if moves.iter().any(captures) {
            moves.retain(captures);
        }
    }
}

/// Whether the variant's only obligation is that no move gives check (racing kings),
/// which the bulk count applies to the moves it lists.
pub(super) fn only_checks_forbidden(rules: &TableRules) -> bool {
    rules
        .ends
        .def
        .as_ref()
        .is_some_and(|d| d.checks_forbidden && !d.must_capture && !d.checked_king_only_captures)
}

/// Where checks are forbidden and the enemy has a king: the guard of that king against
/// the side to move's attacks, and its square.
pub(super) fn check_guard(rules: &TableRules, pos: &Position) -> Option<(KingGuard, Square)> {
    let def = rules.ends.def.as_ref()?;
    let us = pos.side_to_move();
    let king = pos.king(!us).filter(|_| def.checks_forbidden)?;
    Some((KingGuard::new(rules, pos, king, us), king))
}

/// Removes the moves that give check to the enemy king on `king`, judged by its guard.
pub(super) fn forbid_checks(
    rules: &TableRules,
    pos: &Position,
    guard: &KingGuard,
    king: Square,
    moves: &mut Vec<Move>,
) {
    moves.retain(|&m| !gives_check_guarded(rules, pos, guard, m, king));
}

/// [`gives_check`] by the enemy king's `guard` (built for the side to move's attacks):
/// the board after the move is looked at only where the squares it touches were read.
pub(super) fn gives_check_guarded(
    rules: &TableRules,
    pos: &Position,
    guard: &KingGuard,
    m: Move,
    king: Square,
) -> bool {
    let Some(mover) = pos.piece_at(m.from) else {
        return false;
    };
    if m.second.is_some() {
        // A castling rook's move is not in the guard's view of the board after.
        return gives_check(rules, pos, m, king);
    }
    let landed = m.promotion.map_or(mover, |k| Piece::new(k, mover.color()));
    guard.attacked_after(rules, pos, m, landed, false, king, mover.color())
}

/// Whether `m` leaves the opponent's royal piece on `king` attacked.
pub(super) fn gives_check(rules: &TableRules, pos: &Position, m: Move, king: Square) -> bool {
    let Some(mover) = pos.piece_at(m.from) else {
        return false;
    };
    let us = mover.color();
    let landed = m.promotion.map_or(mover, |k| Piece::new(k, us));
    let second = m.second.map(|(f, t)| (f, t, pos.piece_at(f)));
    let view = |s: Square| {
        if s == m.to {
            return Some(landed);
        }
        if let Some((f, t, p)) = second {
            if s == t {
                return p;
            }
            if s == f {
                return None;
            }
        }
        if s == m.from || Some(s) == m.capture {
            None
        } else {
            pos.piece_at(s)
        }
    };
    attacks::attacked(rules, &view, king, us, pos.castling_rights())
}
