//! Legal move generation: pseudo-legal moves, then only the risky ones tested.
//!
//! A move can only expose the king if the king moves, the side is in check, the piece
//! shields the king from a line attack (is pinned), or it captures off its landing
//! square (en passant). Every other move is legal as generated; the rest are judged on
//! a view of the board after the move, without making it.
//!
//! The same walk serves quiescence: asked for noisy moves only, it never builds the
//! quiet ones, which spares most of the king-safety tests (a king has up to 80
//! neighbours on a 4D board, and each quiet king step needs one).

use super::attacks::{Checks, PinList, attacked, attacked_along_lines, checks, pinned};
use super::bits::{self, WALK_MAILBOX, each_own};
use super::king_guard::KingGuard;
use super::{Mode, Span, TableRules};
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;

/// Which moves a generation wants.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Wanted {
    /// Every legal move.
    All,
    /// Captures (en passant included) and promotions only.
    Noisy,
}

/// The legal board moves into `out`; returns whether the side to move is in check where
/// the generation learnt it exactly (the full judgement's guard), for the rules' later
/// steps (a pass is legal only out of check).
pub(super) fn legal_moves(
    rules: &TableRules,
    pos: &Position,
    wanted: Wanted,
    out: &mut Vec<Move>,
) -> Option<bool> {
    out.clear();
    let us = pos.side_to_move();
    let Some(king) = own_king(rules, pos) else {
        // No king on the board (the piece explorer): nothing to keep safe.
        each_own(pos, us, |from, p| {
            piece_moves(rules, pos, us, from, p, wanted, out);
            special_moves(rules, pos, from, p, wanted, out);
        });
        if wanted == Wanted::All {
            castling_moves(rules, pos, us, None, out);
        }
        return None;
    };
    if rules.special.full_legality {
        return Some(legal_moves_in_full(rules, pos, king, wanted, out));
    }
    let safety = Safety::new(rules, pos, king);
    each_own(pos, us, |from, p| {
        safe_piece_moves(rules, pos, &safety, from, p, wanted, out);
    });
    if !safety.in_check() && wanted == Wanted::All {
        castling_moves(rules, pos, us, Some(king), out);
    }
    None
}

/// The side to move's royal piece, where the position records one that stands there.
#[inline]
pub(super) fn own_king(rules: &TableRules, pos: &Position) -> Option<Square> {
    let us = pos.side_to_move();
    pos.king(us).filter(|&k| {
        pos.piece_at(k)
            .is_some_and(|p| p.color() == us && rules.is_royal(p))
    })
}

/// What keeps the king safe in a position: who checks it and which pieces shield it.
pub(super) struct Safety {
    pub(super) king: Square,
    pub(super) checks: Checks,
    pins: PinList,
    /// Whether `pins` and the checks' blocking squares are complete (else every move
    /// is judged in full).
    pins_known: bool,
}

impl Safety {
    /// The checks on the side to move's `king` and its pinned pieces.
    #[inline]
    pub(super) fn new(rules: &TableRules, pos: &Position, king: Square) -> Safety {
        let us = pos.side_to_move();
        let checks = checks(rules, pos, king, !us);
        let mut pins = PinList::new();
        let pins_known = pinned(rules, pos, king, us, &mut pins) && checks.complete;
        Safety {
            king,
            checks,
            pins,
            pins_known,
        }
    }

    /// As [`Safety::new`] where the king is known not to be in check (its square is
    /// outside every enemy attack); `pins_possible` false where no enemy piece stands on
    /// a line from the king long enough to pin along.
    #[inline]
    pub(super) fn unchecked(
        rules: &TableRules,
        pos: &Position,
        king: Square,
        pins_possible: bool,
    ) -> Safety {
        let us = pos.side_to_move();
        let mut pins = PinList::new();
        let pins_known = !pins_possible || pinned(rules, pos, king, us, &mut pins);
        Safety {
            king,
            checks: Checks::none(king),
            pins,
            pins_known,
        }
    }

    #[inline]
    pub(super) fn in_check(&self) -> bool {
        self.checks.count > 0
    }

    /// The squares of the pieces that shield the king from a line attack, where
    /// they are known.
    #[inline]
    pub(super) fn pinned(&self) -> Option<&[Square]> {
        self.pins_known.then(|| self.pins.squares())
    }

    /// Whether every move of a piece that is not royal, standing on `from`, is legal
    /// as generated but for an en-passant capture (no check, not pinned).
    #[inline]
    pub(super) fn free(&self, from: Square) -> bool {
        !self.in_check() && self.pins_known && !self.pins.contains(from)
    }
}

/// The legal moves of `us`'s piece `p` on `from`, given the king's `safety`: its
/// pseudo-legal moves, then only the risky ones judged on the board after them.
#[inline]
pub(super) fn safe_piece_moves(
    rules: &TableRules,
    pos: &Position,
    safety: &Safety,
    from: Square,
    p: Piece,
    wanted: Wanted,
    out: &mut Vec<Move>,
) {
    let us = pos.side_to_move();
    let them = !us;
    let (king, checks) = (safety.king, &safety.checks);
    let in_check = checks.count > 0;
    let first = out.len();
    let royal = rules.is_royal(p);
    if in_check && checks.count > 1 && !royal {
        return; // only the king can answer a double check
    }
    piece_moves(rules, pos, us, from, p, wanted, out);
    let free = !royal && safety.free(from);
    if free && pos.en_passant().is_none() {
        // Only an en-passant capture carries a capture square: all are legal.
        return;
    }
    // Most pieces are neither the king nor pinned: their moves are legal as
    // generated, except an en-passant capture, which removes a second piece.
    let mut keep = first;
    for j in first..out.len() {
        let m = out[j];
        let legal = if free && m.capture.is_none() {
            true
        } else if royal {
            !royal_move_attacked(rules, pos, m, p, them)
        } else {
            let answers = !in_check
                || m.to == checks.checker
                || m.capture == Some(checks.checker)
                || checks.blocks(m.to)
                || !checks.complete;
            answers && !attacked_after(rules, pos, m, p, king, them)
        };
        if legal {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Legal moves where hops, lame leaps or confinement escape the line-walk shortcuts
/// (moving any piece may open or close a screen or a leg): every move is judged on the
/// board after it, by the king's guard, which looks only at the parts of the attack
/// test whose squares the move touches.
#[inline(never)]
fn legal_moves_in_full(
    rules: &TableRules,
    pos: &Position,
    king: Square,
    wanted: Wanted,
    out: &mut Vec<Move>,
) -> bool {
    let us = pos.side_to_move();
    let them = !us;
    let guard = KingGuard::new(rules, pos, king, them);
    each_own(pos, us, |from, p| {
        let first = out.len();
        piece_moves(rules, pos, us, from, p, wanted, out);
        special_moves(rules, pos, from, p, wanted, out);
        guard.keep_legal(rules, pos, p, king, out, first);
    });
    if wanted == Wanted::All && !guard.in_check {
        castling_moves(rules, pos, us, Some(king), out);
    }
    guard.in_check
}

/// Whether `target` is attacked by `them` on the board as it would be after `m`.
#[inline]
fn attacked_after(
    rules: &TableRules,
    pos: &Position,
    m: Move,
    moving: Piece,
    target: Square,
    them: Color,
) -> bool {
    attacked(
        rules,
        &board_after(pos, m, moving),
        target,
        them,
        pos.castling_rights(),
    )
}

/// Whether the royal piece's move `m` lands on a square `them` attacks. Where the rules
/// have no special movement the test reads only the lines out of the landing square,
/// never the landing square itself, so the board after an ordinary move differs from
/// `pos` only on the square the piece leaves (a capture's square is the landing
/// square): one comparison a square read instead of three.
#[inline]
fn royal_move_attacked(
    rules: &TableRules,
    pos: &Position,
    m: Move,
    moving: Piece,
    them: Color,
) -> bool {
    if rules.special.any_moves || m.second.is_some() || m.capture.is_some_and(|c| c != m.to) {
        return attacked_after(rules, pos, m, moving, m.to, them);
    }
    let from = m.from;
    let after = |s: Square| if s == from { None } else { pos.piece_at(s) };
    attacked_along_lines(rules, &after, m.to, them)
}

/// The board as it would be after `m` (by `moving`), as a view: the landing square
/// holds the mover, the squares it leaves and captures on are empty.
#[inline]
pub(super) fn board_after(
    pos: &Position,
    m: Move,
    moving: Piece,
) -> impl Fn(Square) -> Option<Piece> + '_ {
    move |s: Square| {
        if s == m.to {
            Some(moving)
        } else if s == m.from || Some(s) == m.capture {
            None
        } else {
            pos.piece_at(s)
        }
    }
}

pub(super) fn piece_moves(
    rules: &TableRules,
    pos: &Position,
    us: Color,
    from: Square,
    p: Piece,
    wanted: Wanted,
    out: &mut Vec<Move>,
) {
    let pawn = rules.is_pawn(p);
    let quiet = wanted == Wanted::All;
    let first = out.len();
    if !quiet
        && !pawn
        && rules
            .reach_at(p, from)
            .is_some_and(|m| m & pos.occupancy(!us) == 0)
    {
        // Captures wanted (and no promotion possible): no enemy within reach.
        return;
    }
    if let Some(targets) = rules.leaps_at(p, from) {
        // Plain steps only: each destination as the span walk would have judged it.
        for &to in targets {
            match pos.piece_at(to) {
                None if quiet => out.push(Move::new(from, to)),
                Some(q) if q.color() != us => out.push(Move::new(from, to)),
                _ => {}
            }
        }
        if rules.twice[p.code() as usize] {
            distinct(out, first);
        }
        return;
    }
    let (index, spans) = rules.spans_at(p, from);
    // Captures only, by a piece with no promotion: a bit-walked line's one possible
    // move is a capture of its first blocker, which a bit scan finds.
    let by_bits = !quiet && !pawn;
    let enemies = pos.occupancy(!us);
    let occupied = enemies | pos.occupancy(us);
    for (i, span) in spans.iter().enumerate() {
        if by_bits && span.walk != WALK_MAILBOX {
            let mask = rules.span_masks.get(index + i).copied().unwrap_or(0);
            if let Some(b) = bits::first_blocker(span.walk, mask, occupied)
                && bits::takes(span.mode, b, enemies)
            {
                out.push(Move::new(from, b));
            }
            continue;
        }
        let mut ray = rules.rays.squares(span.start, span.len as usize);
        if span.min > 1 {
            // Nearer than its minimum: passed over, so those squares must be empty.
            let (passed, rest) = ray.split_at((span.min as usize - 1).min(ray.len()));
            if passed.iter().any(|&s| pos.piece_at(s).is_some()) {
                continue;
            }
            ray = rest;
        }
        for &to in ray {
            match pos.piece_at(to) {
                None => {
                    if span.mode != Mode::Capture {
                        push(rules, pawn, us, Move::new(from, to), quiet, out);
                    } else if pawn && pos.en_passant() == Some(to) {
                        en_passant(rules, pos, us, from, to, out);
                    }
                }
                Some(q) => {
                    if q.color() != us && span.mode != Mode::Move {
                        push(rules, pawn, us, Move::new(from, to), true, out);
                    }
                    break;
                }
            }
        }
        // A capture generation walks double steps only where one can promote.
        if pawn
            && span.len == 1
            && span.mode == Mode::Move
            && span.push_axis < 4
            && span.full > 1
            && (quiet || rules.double_steps_promote)
        {
            double_step(rules, pos, us, from, span, quiet, out);
        }
    }
    if rules.twice[p.code() as usize] {
        distinct(out, first);
    }
}

/// Leaves one of each move from `first` on (a rose finds a square both ways round).
#[inline(never)]
pub(super) fn distinct(out: &mut Vec<Move>, first: usize) {
    let mut keep = first;
    for j in first..out.len() {
        let m = out[j];
        if !out[first..keep].contains(&m) {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// The piece's hops, lame leaps and region-bound movements, if the variant has any
/// (apart from `piece_moves`, whose loop the variants without them keep tight).
#[inline]
pub(super) fn special_moves(
    rules: &TableRules,
    pos: &Position,
    from: Square,
    p: Piece,
    wanted: Wanted,
    out: &mut Vec<Move>,
) {
    if rules.special.any_moves {
        let first = out.len();
        super::special::piece_moves(rules, pos, from, p, wanted == Wanted::All, out);
        if rules.twice[p.code() as usize] && out.len() > first {
            // Around a wrapping axis a hop may land where a line already did.
            let mine = out[..first]
                .iter()
                .rev()
                .take_while(|m| m.from == from)
                .count();
            distinct(out, first - mine);
        }
    }
}

/// Adds `mv`, once per promotion choice where a pawn reaches its zone; a move that
/// neither promotes nor is `kept` (a quiet move in a noisy generation) is left out.
#[inline]
pub(super) fn push(
    rules: &TableRules,
    pawn: bool,
    us: Color,
    mv: Move,
    kept: bool,
    out: &mut Vec<Move>,
) {
    if pawn && !rules.promotion.is_empty() && rules.in_promotion_zone(mv.to, us) {
        for &k in &rules.promotion {
            out.push(mv.with_promotion(k));
        }
    } else if kept {
        out.push(mv);
    }
}

/// Whether `us`'s pawn on `from` may double-step along `span` (a single push): from a
/// region (horde: the first two ranks) or the double-step rank, counted along the axis
/// this push advances on.
pub(super) fn double_step_allowed(
    rules: &TableRules,
    us: Color,
    from: Square,
    span: &Span,
) -> bool {
    match &rules.double_step_from {
        Some(zone) => zone[us.index()].contains(from),
        None => rules.double_step_rank.is_some_and(|rank| {
            let shape = &rules.info.shape;
            let axis = span.push_axis as usize;
            let c = rules.coords(from)[axis];
            let own_rank = match us {
                Color::White => c,
                Color::Black => shape.sizes()[axis] - 1 - c,
            };
            own_rank == rank
        }),
    }
}

/// The squares of a double step along `span`: the push's square, then two squares
/// (three with the triple step) as far as the board goes; each over empty squares.
pub(super) fn double_step_ray<'a>(rules: &'a TableRules, span: &Span) -> &'a [Square] {
    let longest = if rules.triple_step { 3 } else { 2 };
    rules
        .rays
        .squares(span.start, (span.full as usize).min(longest))
}

pub(super) fn double_step(
    rules: &TableRules,
    pos: &Position,
    us: Color,
    from: Square,
    span: &Span,
    quiet: bool,
    out: &mut Vec<Move>,
) {
    if !double_step_allowed(rules, us, from, span) {
        return;
    }
    let ray = double_step_ray(rules, span);
    if pos.piece_at(ray[0]).is_some() {
        return;
    }
    for &to in &ray[1..] {
        if pos.piece_at(to).is_some() {
            return;
        }
        push(rules, true, us, Move::new(from, to), quiet, out);
    }
}

/// Whether some pawn's double (or triple) step can land in its promotion zone, from
/// any square it may take one from: otherwise a generation of captures and promotions
/// has nothing to find among the double steps.
pub(super) fn double_steps_may_promote(rules: &TableRules) -> bool {
    let shape = &rules.info.shape;
    (0..rules.info.pieces.len()).any(|k| {
        Color::ALL.into_iter().any(|us| {
            let p = Piece::new(crate::piece::PieceKind(k as u8), us);
            rules.is_pawn(p)
                && shape.squares().any(|from| {
                    let (_, spans) = rules.spans_at(p, from);
                    spans.iter().any(|span| {
                        span.len == 1
                            && span.mode == Mode::Move
                            && span.push_axis < 4
                            && span.full > 1
                            && double_step_allowed(rules, us, from, span)
                            && double_step_ray(rules, span)[1..]
                                .iter()
                                .any(|&to| rules.in_promotion_zone(to, us))
                    })
                })
        })
    })
}

pub(super) fn en_passant(
    rules: &TableRules,
    pos: &Position,
    us: Color,
    from: Square,
    to: Square,
    out: &mut Vec<Move>,
) {
    if let Some(victim) = en_passant_victim(rules, pos, us, to) {
        out.push(Move::new(from, to).with_capture(victim));
    }
}

/// The pawn that `us` takes by landing on the en-passant square `to`: the enemy pawn
/// one step beyond it in the enemy's forward direction, along the axis it advanced on
/// (Y first; the square it passed through behind `to` is empty).
fn en_passant_victim(rules: &TableRules, pos: &Position, us: Color, to: Square) -> Option<Square> {
    let shape = &rules.info.shape;
    let ahead = -us.forward();
    [1, 0, 2, 3].into_iter().find_map(|axis| {
        let mut v = [0i8; 4];
        v[axis] = ahead;
        let victim = shape.offset(to, v)?;
        let pawn = pos
            .piece_at(victim)
            .is_some_and(|p: Piece| p.color() != us && rules.is_pawn(p));
        v[axis] = -ahead;
        let passed = shape
            .offset(to, v)
            .is_some_and(|s| pos.piece_at(s).is_none());
        (pawn && passed).then_some(victim)
    })
}

pub(super) fn castling_moves(
    rules: &TableRules,
    pos: &Position,
    us: Color,
    king: Option<Square>,
    out: &mut Vec<Move>,
) {
    let them = !us;
    if rules.castling960.active {
        if let Some(king) = king {
            super::castling960::moves(rules, pos, us, king, out);
        }
        return;
    }
    for (bit, c) in rules.castling.iter().enumerate() {
        let d = &c.def;
        if d.color != us || pos.castling_rights() & (1 << bit) == 0 {
            continue;
        }
        // A castling piece that is not royal (giveaway's king) is never impeded by
        // attacks; a royal one must be the side's king.
        let royal = Some(d.king_from) == king
            || pos.piece_at(d.king_from).is_some_and(|p| rules.is_royal(p));
        if royal && Some(d.king_from) != king {
            continue;
        }
        let rook = pos.piece_at(d.rook_from);
        if !rook.is_some_and(|r| r.color() == us && !rules.is_royal(r)) {
            continue;
        }
        if c.empty.iter().any(|&s| pos.piece_at(s).is_some()) {
            continue;
        }
        let Some(king_piece) = pos.piece_at(d.king_from).filter(|p| p.color() == us) else {
            continue;
        };
        if !royal {
            out.push(Move::new(d.king_from, d.king_to).with_second(d.rook_from, d.rook_to));
            continue;
        }
        // Squares before the destination are judged on the current board; the
        // destination on the board after castling, with the rook moved.
        let crossed = c.king_path.len().saturating_sub(1);
        if c.king_path[..crossed]
            .iter()
            .any(|&s| attacked(rules, &|q| pos.piece_at(q), s, them, pos.castling_rights()))
        {
            continue;
        }
        if lands_attacked(rules, pos, &c.def, king_piece, rook) {
            continue;
        }
        out.push(Move::new(d.king_from, d.king_to).with_second(d.rook_from, d.rook_to));
    }
}

/// Whether castling `d` lands the king on an attacked square: judged on the board
/// after castling, with the rook moved.
pub(super) fn lands_attacked(
    rules: &TableRules,
    pos: &Position,
    d: &super::CastlingDef,
    king_piece: Piece,
    rook: Option<Piece>,
) -> bool {
    let view = |s: Square| {
        if s == d.king_to {
            Some(king_piece)
        } else if s == d.rook_to {
            rook
        } else if s == d.king_from || s == d.rook_from {
            None
        } else {
            pos.piece_at(s)
        }
    };
    attacked(rules, &view, d.king_to, !d.color, pos.castling_rights())
}
