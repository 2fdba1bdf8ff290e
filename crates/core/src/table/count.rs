//! Counting legal moves in bulk (perft's last ply) without listing most of them.
//!
//! First the enemy's attack set with the king lifted, from per-square masks (lines of
//! one square are one fixed mask; longer lines end at their first blocker, found by a
//! bit scan): the king's steps are those outside it, and the king outside it is not in
//! check. A piece that is not royal and shields the king from no line attack has as
//! moves the squares its lines reach less the mover's own pieces (on the checker or
//! between it and the king in a single check): a popcount. Free pawns are counted by
//! fixed masks (`pawn_masks.rs`), castling against the attack set (`count_castling.rs`).
//! Every other piece (pinned pieces, pieces in double check, lines with a minimum range
//! or one mode, an en-passant capture, a piece whose moves the forms adjust) is listed
//! by the ordinary generator and counted. The counting path is taken only where the
//! variant's moves are the board moves alone ([`plain`]): no hops, gating, promotion
//! choices beyond a pawn's or the forms', obligations, drops other than by square
//! rules, which adjust the list afterwards. Variants judged in full (hops, lame leaps,
//! palaces) are counted by `count/full.rs`. Sets are one `u64` on boards of up to 64
//! squares (`bitset.rs`).

mod full;
mod lean;
mod pawn_set;

use super::bits::{MAX_BITS, WALK_DOWN, WALK_MAILBOX};
use super::bitset::BitSet;
use super::count_castling::CastleMasks;
use super::king_guard::KingGuard;
use super::movegen::{Safety, Wanted, castling_moves, own_king, piece_moves, safe_piece_moves};
use super::pawn_masks::PawnMasks;
use super::{Mode, Span, TableRules};
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;
use lean::{LISTED, Lean, LeanPair, LeanPawn, MASKED, PAWN, PAWN_SLOW, Source, Width};

/// Not counted (or attacks not found) by masks.
const NONE: u8 = 0;
/// Every line one square: the moves (or attacks) are one fixed mask.
const LEAPS: u8 = 1;
/// Each line's reach up to its first blocker.
const LINES: u8 = 2;

/// How one piece's attacks from one square are found (packed for the count in
/// `count/lean.rs`, with whether its moves are the attacks: `countable`).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// How its attacks are found: `NONE` (a capturing line that is not a mask),
    /// `LEAPS` (every capturing line is one square) or `LINES` (`leaps` and each
    /// longer line's reach).
    attacks: u8,
    /// Its capturing lines of two squares or more, in `Bulk::attack_long`.
    long: (u32, u32),
    /// The squares its capturing lines of one square attack. No piece can block such
    /// a line, so a 4D queen's many short lines (every direction with a z or w step is
    /// one square long on 4x4x2x2) are one mask.
    leaps: u128,
    /// Every square it may attack (on an empty board): a piece that cannot reach the
    /// king's neighbourhood adds nothing the count asks of the attack set.
    reach: u128,
    /// The squares of its capturing lines of two squares or more (on an empty board):
    /// it can pin a piece to a king only on one of them.
    lines: u128,
}

/// A line's squares as bits, and whether its first blocker is the highest bit.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct BulkSpan {
    /// The line's squares.
    pub(super) mask: u128,
    down: bool,
}

/// The tables of the counting path, built once per variant.
#[derive(Clone, Debug, Default)]
pub(super) struct Bulk {
    /// Whether the variant's legal moves may be counted this way at all.
    pub(super) active: bool,
    /// Whether they are counted with the king's guard of the full judgement
    /// (`count/full.rs`), not the attack set.
    pub(super) full: bool,
    /// By span (as `TableRules::spans`): its squares and walk.
    spans: Vec<BulkSpan>,
    /// By span: where it is a pawn's push that may double-step from its square, the
    /// squares beyond the push's (mask empty elsewhere).
    doubles: Vec<BulkSpan>,
    /// By `code * squares + square`: whether that pawn's moves from there are counted
    /// by masks (every line walks by bits, moves made distinct by no rule).
    pawn_by_mask: Vec<bool>,
    /// By `code * squares + square`: that pawn's lines as masks (see [`PawnMasks`]).
    pawns: Vec<PawnMasks>,
    /// By colour: its promotion zone as bits (empty where nothing promotes).
    zone: [u128; 2],
    /// By castling option (as `TableRules::castling`): its squares as bits.
    pub(super) castles: Vec<CastleMasks>,
    /// By colour: the squares its castling king crosses or lands on.
    castle_zone: [u128; 2],
    /// The entries again, packed in the board's word for the hot loops.
    lean: LeanPair,
    /// By colour: the codes of the pieces whose moves the forms adjust (promotion
    /// choices, demotion, immobility), listed and adjusted as the list is.
    forms_listed: [Vec<u8>; 2],
}

/// Whether the variant's legal moves are the board moves alone, so that counting them
/// needs no list: a board that fits the bits, no move kinds or rules that adjust the
/// list after the board moves are found. Drops that are counted by masks beside the
/// board moves and game ends decided before any move is made do not adjust it; the
/// forms adjust the moves of the pieces they name, which the count lists.
pub(super) fn plain(rules: &TableRules) -> bool {
    rules.info.shape.len() <= MAX_BITS
        && !rules.special.full_legality
        && !rules.special.any_moves
        && !rules.special.any_confined
        && !rules.special.flying_general
        && (!rules.ends.obliged || super::ends::only_checks_forbidden(rules) && !rules.drops.active)
        && !rules.promotion_rules.active
        && !rules.promotion_move.active
        && !rules.gating.active
        && (!rules.drops.active || super::drops::countable(rules))
        && !rules.passing.active
}

/// Whether the variant judges every move in full and its list is adjusted afterwards
/// only by what `count/full.rs` applies itself (confinement, the flying general,
/// passing): a board that fits the bits, no drops, gating, promotion choices beyond a
/// pawn's or obligations.
pub(super) fn judged_plain(rules: &TableRules) -> bool {
    rules.info.shape.len() <= MAX_BITS
        && rules.special.full_legality
        && !rules.ends.obliged
        && !rules.promotion_rules.active
        && !rules.forms.active
        && !rules.promotion_move.active
        && !rules.gating.active
        && !rules.drops.active
}

impl Bulk {
    /// The counting tables for `rules` (inactive where it is neither [`plain`] nor
    /// [`judged_plain`]).
    pub(super) fn new(rules: &TableRules) -> Bulk {
        let full = judged_plain(rules);
        if !plain(rules) && !full {
            return Bulk::default();
        }
        let nsq = rules.info.shape.len();
        let spans: Vec<BulkSpan> = rules
            .spans
            .iter()
            .enumerate()
            .map(|(i, s)| bulk_span(rules, i, s))
            .collect();
        let by_mask: Vec<u8> = rules
            .span_index
            .windows(2)
            .enumerate()
            .map(|(i, w)| {
                let code = i / nsq.max(1);
                let range = w[0] as usize..w[1] as usize;
                countable(rules, code, &rules.spans[range.clone()], &spans[range])
            })
            .collect();
        let (doubles, pawn_by_mask, pawns) = pawn_tables(rules);
        let zone = [0, 1].map(|c| {
            if rules.promotion.is_empty() {
                return 0;
            }
            rules.promotion_zone[c]
                .iter()
                .enumerate()
                .filter(|&(_, &z)| z)
                .fold(0u128, |m, (i, _)| m | 1u128 << i)
        });
        let attacks_by_mask: Vec<u8> = rules
            .span_index
            .windows(2)
            .map(|w| {
                let capturing = rules.spans[w[0] as usize..w[1] as usize]
                    .iter()
                    .filter(|s| s.mode != Mode::Move);
                if capturing.clone().all(|s| s.len == 1 && s.min <= 1) {
                    LEAPS
                } else if capturing.clone().all(bit_walked) {
                    LINES
                } else {
                    NONE
                }
            })
            .collect();
        let capturing = |w: &[u32]| {
            (w[0] as usize..w[1] as usize).filter(|&j| rules.spans[j].mode != Mode::Move)
        };
        let attack_leaps: Vec<u128> = rules
            .span_index
            .windows(2)
            .map(|w| {
                capturing(w)
                    .filter(|&j| rules.spans[j].len == 1)
                    .fold(0u128, |m, j| m | spans[j].mask)
            })
            .collect();
        let mut attack_long = Vec::new();
        let mut entries = Vec::with_capacity(attack_leaps.len());
        for (i, w) in rules.span_index.windows(2).enumerate() {
            let start = attack_long.len() as u32;
            if attacks_by_mask[i] == LINES {
                attack_long.extend(
                    capturing(w)
                        .filter(|&j| rules.spans[j].len > 1)
                        .map(|j| spans[j]),
                );
            }
            let long = &attack_long[start as usize..];
            entries.push(Entry {
                attacks: attacks_by_mask[i],
                long: (start, attack_long.len() as u32),
                leaps: attack_leaps[i],
                reach: long.iter().fold(attack_leaps[i], |m, s| m | s.mask),
                lines: long.iter().fold(0, |m, s| m | s.mask),
            });
        }
        let castles = rules
            .castling
            .iter()
            .map(|c| CastleMasks::new(rules, c))
            .collect();
        let castle_zone = [Color::White, Color::Black].map(|c| {
            rules
                .castling
                .iter()
                .filter(|o| o.def.color == c)
                .flat_map(|o| o.king_path.iter().chain([&o.def.king_to]))
                .fold(0u128, |m, s| m | 1u128 << s.0)
        });
        let mut lean = lean_tables(
            rules,
            &entries,
            &attack_long,
            &by_mask,
            &pawn_by_mask,
            &pawns,
            zone,
        );
        if nsq <= 64 {
            lean.narrow.near = near_tables(rules, &lean.narrow.entries, castle_zone);
        } else {
            lean.wide.near = near_tables(rules, &lean.wide.entries, castle_zone);
        }
        let forms_listed = [Color::White, Color::Black].map(|c| {
            (0..rules.info.pieces.len())
                .map(|k| Piece::new(crate::piece::PieceKind(k as u8), c))
                .filter(|&p| rules.forms.active && rules.forms.adjusts(rules, p))
                .map(Piece::code)
                .collect()
        });
        Bulk {
            active: true,
            full,
            forms_listed,
            lean,
            castle_zone,
            castles,
            spans,
            doubles,
            pawn_by_mask,
            pawns,
            zone,
        }
    }
}

/// The entries packed in the word that fits the board (see `lean.rs`).
fn lean_tables(
    rules: &TableRules,
    entries: &[Entry],
    attack_long: &[BulkSpan],
    by_mask: &[u8],
    pawn_by_mask: &[bool],
    pawns: &[PawnMasks],
    zone: [u128; 2],
) -> LeanPair {
    let nsq = rules.info.shape.len().max(1);
    let mut lean = LeanPair::default();
    for (i, e) in entries.iter().enumerate() {
        let piece = Piece::from_code((i / nsq) as u8);
        let long: Vec<(u128, bool)> = attack_long
            .get(e.long.0 as usize..e.long.1 as usize)
            .unwrap_or(&[])
            .iter()
            .map(|s| (s.mask, s.down))
            .collect();
        // A stepper that is not a pawn promotes nowhere: no zone.
        let is_pawn =
            piece.is_some_and(|p| rules.pawn.get(p.kind().index()).copied().unwrap_or(false));
        let pawn = piece
            .filter(|_| pawn_by_mask.get(i).copied().unwrap_or(false))
            .and_then(|p| {
                let zone = if is_pawn { zone[p.color().index()] } else { 0 };
                lean_pawn(pawns.get(i)?, zone)
            });
        let moves = if by_mask.get(i).is_some_and(|&m| m != NONE) {
            MASKED
        } else if pawn.is_some() {
            PAWN
        } else if is_pawn && pawn_by_mask.get(i).copied().unwrap_or(false) {
            PAWN_SLOW
        } else {
            LISTED
        };
        let source = Source {
            code: (i / nsq) as u8,
            leaps: e.leaps,
            reach: e.reach,
            lines: e.lines,
            long: &long,
            // An empty square's code has no entry to read: the count is not taken.
            attacks: e.attacks != NONE && piece.is_some(),
            moves,
            royal: piece
                .is_some_and(|p| rules.royal.get(p.kind().index()).copied().unwrap_or(false)),
            pawn: pawn.unwrap_or_default(),
        };
        let color = piece.map_or(0, |p| p.color().index());
        let sq = (i % nsq) as u32;
        if rules.info.shape.len() <= 64 {
            lean.narrow.push(source, color, sq);
        } else {
            lean.wide.push(source, color, sq);
        }
    }
    lean
}

/// By `code * squares + square` of a royal piece: the squares from which an enemy
/// piece may attack what the count asks of the attack set (the king's square, its
/// steps, its castling squares), or whose attacks are not masks; every square for
/// pieces that are not royal. The attack set's loop visits only the enemy pieces there.
fn near_tables<B: Width>(
    rules: &TableRules,
    entries: &[Lean<B>],
    castle_zone: [u128; 2],
) -> Vec<B> {
    let nsq = rules.info.shape.len().max(1);
    // By colour: each of its pieces' square, reach, and whether its attacks are masks
    // (built once; there are many king squares to fill).
    let mut pieces: [Vec<(usize, B, bool)>; 2] = [Vec::new(), Vec::new()];
    for (j, e) in entries.iter().enumerate() {
        if let Some(p) = Piece::from_code((j / nsq) as u8) {
            pieces[p.color().index()].push((j % nsq, e.reach, e.attacks));
        }
    }
    let mut near = vec![B::ALL; entries.len()];
    for (i, slot) in near.iter_mut().enumerate() {
        let Some(king) = Piece::from_code((i / nsq) as u8) else {
            continue;
        };
        if !rules
            .royal
            .get(king.kind().index())
            .copied()
            .unwrap_or(false)
        {
            continue;
        }
        let ks = i % nsq;
        let zone = B::narrow(
            1u128 << ks
                | rules.reach_masks.get(i).copied().unwrap_or(u128::MAX)
                | castle_zone[king.color().index()],
        );
        let mut squares = B::ZERO;
        for &(sq, reach, attacks) in &pieces[(!king.color()).index()] {
            if !attacks || reach & zone != B::ZERO {
                squares |= B::bit(sq as u32);
            }
        }
        *slot = squares;
    }
    near
}

/// A pawn's masks as [`LeanPawn`] where they fit it: exact, at most one double step,
/// and no square within reach in its promotion `zone` (else `pawn_masks.rs` counts
/// it, each promotion once per choice).
fn lean_pawn(m: &PawnMasks, zone: u128) -> Option<LeanPawn<u128>> {
    if !m.exact || m.ndoubles > 1 {
        return None;
    }
    let d = m
        .doubles
        .first()
        .filter(|_| m.ndoubles == 1)
        .copied()
        .unwrap_or_default();
    let reach = m.captures | m.pushes | m.both | d.beyond.mask;
    if reach & zone != 0 {
        return None;
    }
    Some(LeanPawn {
        captures: m.captures,
        pushes: m.pushes,
        both: m.both,
        double: d.push,
        beyond: d.beyond.mask,
        beyond_down: d.beyond.down,
    })
}

/// Span `i`'s squares as bits with its walk (one square walks either way).
fn bulk_span(rules: &TableRules, i: usize, s: &Span) -> BulkSpan {
    if s.len == 1 {
        let sq = rules.rays.squares(s.start, 1)[0];
        return BulkSpan {
            mask: 1u128 << sq.0,
            down: false,
        };
    }
    BulkSpan {
        mask: rules.span_masks.get(i).copied().unwrap_or(0),
        down: s.walk == WALK_DOWN,
    }
}

/// By span, the double step's squares beyond the push (as [`Bulk::doubles`]); by
/// `code * squares + square`, whether that pawn is counted by masks.
fn pawn_tables(rules: &TableRules) -> (Vec<BulkSpan>, Vec<bool>, Vec<PawnMasks>) {
    let nsq = rules.info.shape.len();
    let mut doubles = vec![BulkSpan::default(); rules.spans.len()];
    let mut pawn_by_mask = Vec::with_capacity(rules.span_index.len());
    let mut pawns = Vec::with_capacity(rules.span_index.len());
    for (i, w) in rules.span_index.windows(2).enumerate() {
        let (code, from) = (i / nsq.max(1), Square((i % nsq.max(1)) as u16));
        let p = Piece::from_code(code as u8);
        let pawn = p.is_some_and(|p| rules.pawn.get(p.kind().index()).copied().unwrap_or(false));
        let twice = rules.twice.get(code).copied().unwrap_or(true);
        let range = w[0] as usize..w[1] as usize;
        let mut ok = (pawn || stepper(&rules.spans[range.clone()])) && !twice;
        for (s, double) in rules.spans[range.clone()].iter().zip(&mut doubles[range]) {
            ok &= bit_walked(s);
            let Some(p) = p.filter(|_| pawn) else {
                continue;
            };
            let pushes = s.len == 1 && s.mode == Mode::Move && s.push_axis < 4 && s.full > 1;
            if pushes && super::movegen::double_step_allowed(rules, p.color(), from, s) {
                let beyond = &super::movegen::double_step_ray(rules, s)[1..];
                let bits = BulkSpan::of(beyond, nsq);
                ok &= bits.mask != 0;
                *double = bits;
            }
        }
        pawn_by_mask.push(ok);
        let mut masks = PawnMasks {
            exact: ok,
            ..PawnMasks::default()
        };
        let range = w[0] as usize..w[1] as usize;
        for (j, (s, &double)) in range
            .clone()
            .zip(rules.spans[range.clone()].iter().zip(&doubles[range]))
        {
            let line = bulk_span(rules, j, s);
            masks.exact &= masks.add(s.mode, s.len, line.mask, double);
        }
        pawns.push(masks);
    }
    (doubles, pawn_by_mask, pawns)
}

/// Whether a piece's lines are single steps, some only moving or only capturing
/// (clobber's stones, breakthrough's pawns): its moves are three masks, as a pawn's
/// without double step or promotion. Lines that all move and capture are counted by
/// [`countable`]'s masks.
fn stepper(spans: &[Span]) -> bool {
    !spans.is_empty()
        && spans.iter().all(|s| s.len == 1 && s.min <= 1)
        && spans.iter().any(|s| s.mode != Mode::Both)
}

/// Whether a line's reach is its mask up to its first blocker.
fn bit_walked(s: &Span) -> bool {
    s.min <= 1 && (s.len == 1 || s.walk != WALK_MAILBOX)
}

/// Whether a piece of `code` with these lines from one square is counted by masks.
fn countable(rules: &TableRules, code: usize, spans: &[Span], bulk: &[BulkSpan]) -> u8 {
    let Some(p) = Piece::from_code(code as u8) else {
        return NONE;
    };
    let Some(&pawn) = rules.pawn.get(p.kind().index()) else {
        return NONE;
    };
    let lines_ok = spans.iter().all(|s| s.mode == Mode::Both && bit_walked(s));
    // Overlapping lines list a square twice unless the moves are made distinct.
    let twice = rules.twice.get(code).copied().unwrap_or(false);
    let mut seen = 0u128;
    let disjoint = bulk.iter().all(|b| {
        let fresh = seen & b.mask == 0;
        seen |= b.mask;
        fresh
    });
    if pawn || !lines_ok || !(twice || disjoint) {
        NONE
    } else if spans.iter().all(|s| s.len == 1) {
        // The squares are the piece's reach mask (`TableRules::reach_masks`).
        LEAPS
    } else {
        LINES
    }
}

impl BulkSpan {
    /// A line of `squares` as bits, walked in the direction they run (mask empty where
    /// they bend, wrap or lie beyond the bits).
    fn of(squares: &[Square], nsq: usize) -> BulkSpan {
        let bits = super::bits::BitSpan::of(squares, nsq);
        BulkSpan {
            mask: if bits.walk == WALK_MAILBOX {
                0
            } else {
                bits.mask
            },
            down: bits.walk == WALK_DOWN,
        }
    }

    /// The line's squares up to and including its first blocker in `occ`.
    #[inline(always)]
    pub(super) fn reach<B: BitSet>(&self, occ: B) -> B {
        let mask = B::narrow(self.mask);
        let blockers = occ & mask;
        // Both ends without a branch (an open line is the whole mask either way): the
        // test of an empty line mispredicts often, a select does not.
        let down = mask & blockers.up_from_highest();
        let up = mask & blockers.through_lowest();
        if self.down { down } else { up }
    }
}

/// Every square `pos`'s side not to move attacks with the mover's king lifted off the
/// board (`occ` without it), or `None` where a line of theirs is not a mask. A king
/// step is legal exactly when it lands outside this set: its old square no longer
/// shields the squares behind it, and a captured piece never attacks its own square.
#[inline(always)]
///
/// Only the squares of `zone` are asked of it, so a piece that reaches none of them
/// is passed over.
///
/// With it, the squares of the long lines of those pieces (on an empty board): a pin
/// needs one through the king's square.
fn enemy_attacks<B: Width>(
    rules: &TableRules,
    pos: &Position,
    occ: B,
    zone: B,
    near: B,
) -> Option<(B, B)> {
    let t = B::tables(&rules.bulk().lean);
    let nsq = rules.info.shape.len();
    let codes = pos.board_codes();
    let mut bits = B::narrow(pos.occupancy(!pos.side_to_move())) & near;
    let mut set = B::ZERO;
    let mut lines = B::ZERO;
    while bits != B::ZERO {
        let sq = bits.lowest() as usize;
        bits = bits.without_lowest();
        let code = usize::from(*codes.get(sq)?);
        let e = t.entries.get(code * nsq + sq)?;
        if !e.attacks {
            return None;
        }
        if e.reach & zone != B::ZERO {
            set |= t.attacks(e, occ)?;
            lines |= e.lines;
        }
    }
    Some((set, lines))
}

/// The number of legal moves at `pos`, as [`super::movegen::legal_moves`] lists them,
/// or `None` where the counting path does not apply (then the list is counted).
///
/// The count is mostly popcounts; a build for baseline x86-64 has no popcount
/// instruction and spells each one out in a dozen, so where the processor has one the
/// same body runs compiled for it.
pub(super) fn count_legal(
    rules: &TableRules,
    pos: &Position,
    scratch: &mut Vec<Move>,
) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
    {
        // SAFETY: the processor has these instructions (just checked).
        return unsafe { count_legal_bmi(rules, pos, scratch) };
    }
    count_legal_sized(rules, pos, scratch)
}

/// [`count_legal`] compiled with the popcount and bit-scan instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1")]
fn count_legal_bmi(rules: &TableRules, pos: &Position, scratch: &mut Vec<Move>) -> Option<u64> {
    count_legal_sized(rules, pos, scratch)
}

/// [`count_legal`] in one word where the board has at most 64 squares.
#[inline(always)]
fn count_legal_sized(rules: &TableRules, pos: &Position, scratch: &mut Vec<Move>) -> Option<u64> {
    if rules.info.shape.len() <= 64 {
        count_legal_in::<u64>(rules, pos, scratch)
    } else {
        count_legal_in::<u128>(rules, pos, scratch)
    }
}

/// What keeps the king safe, as the count asks it.
struct Guard<B> {
    /// The enemy's attacks with the king lifted, where they are masks.
    danger: Option<B>,
    in_check: bool,
    /// Where a piece that shields nothing may land (`None`: listed).
    evasions: Option<B>,
    /// The pinned pieces; every square where they are not known.
    pinned: B,
}

/// The king's guard: the enemy's attack set with the king lifted (where it may not
/// step, and whether it is in check at all: a line to the king's square does not pass
/// the king), the checks and pins, and where free pieces may land.
#[inline(always)]
///
/// The checks and pins for listing a piece go to `safety`, left `None` where the king
/// is not in check and no enemy line passes through its square: then it is made only
/// if a piece must be listed (most positions list none, and it is a few hundred bytes,
/// too many to move about for nothing).
fn guard<B: Width>(
    rules: &TableRules,
    pos: &Position,
    king: Square,
    occ: B,
    safety: &mut Option<Safety>,
) -> Option<Guard<B>> {
    let us = pos.side_to_move();
    let king_piece = pos.piece_at(king)?;
    let king_bit = B::bit(u32::from(king.0));
    // Asked of the set: the king's square and steps, and the squares castling looks at.
    let zone = king_bit
        | B::narrow(
            rules
                .reach_masks
                .get(king_piece.code() as usize * rules.info.shape.len() + king.index())
                .copied()
                .unwrap_or(u128::MAX)
                | rules.bulk().castle_zone[us.index()],
        );
    let near = B::tables(&rules.bulk().lean)
        .near
        .get(king_piece.code() as usize * rules.info.shape.len() + king.index())
        .copied()
        .unwrap_or(B::ALL);
    let attacks = enemy_attacks(rules, pos, occ & !king_bit, zone, near);
    let danger = attacks.map(|(set, _)| set);
    let safety = match attacks {
        Some((d, lines)) if d & king_bit == B::ZERO => {
            if lines & king_bit == B::ZERO {
                // Not in check, and no line that could pin: every piece is free.
                return Some(Guard {
                    danger,
                    in_check: false,
                    evasions: Some(B::ALL),
                    pinned: B::ZERO,
                });
            }
            safety.insert(Safety::unchecked(rules, pos, king, true))
        }
        _ => safety.insert(Safety::new(rules, pos, king)),
    };
    // Where a piece that shields nothing may land: anywhere out of check, on the
    // checker or between it and the king in a single check whose squares are known,
    // by a checker that reaches no square twice (round a cylinder a rook may check
    // both ways round, and one block leaves the other line).
    let one_line = |sq: Square| {
        pos.piece_at(sq)
            .is_some_and(|c| !rules.twice.get(c.code() as usize).copied().unwrap_or(true))
    };
    let evasions = match safety.checks.count {
        0 => Some(B::ALL),
        1 if safety.checks.complete && one_line(safety.checks.checker) => Some(
            safety
                .checks
                .blocking()
                .iter()
                .fold(B::bit(u32::from(safety.checks.checker.0)), |m, s| {
                    m | B::bit(u32::from(s.0))
                }),
        ),
        _ => None,
    };
    // The pinned pieces as bits; where they are not known, every piece counts as
    // pinned (listed and judged in full).
    let pinned = safety.pinned().map_or(B::ALL, |squares| {
        squares
            .iter()
            .fold(B::ZERO, |m, s| m | B::bit(u32::from(s.0)))
    });
    Some(Guard {
        danger,
        in_check: safety.in_check(),
        evasions,
        pinned,
    })
}

/// The body of [`count_legal`], inlined into each build of it (with the helpers it
/// calls per piece, so that their popcounts take the caller's instruction set).
#[inline(always)]
fn count_legal_in<B: Width>(
    rules: &TableRules,
    pos: &Position,
    scratch: &mut Vec<Move>,
) -> Option<u64> {
    if !rules.bulk().active {
        return None;
    }
    if rules.bulk().full {
        return full::count::<B>(rules, pos, scratch);
    }
    let Some(king) = own_king(rules, pos) else {
        if rules.ends.obliged {
            return None;
        }
        return Some(count_kingless::<B>(rules, pos, scratch));
    };
    // Racing kings: no move may give check. The enemy king's guard reads the squares
    // that decide it: a move touching none of them gives none. A piece standing on one
    // is listed and its moves judged; a free piece's landings on one are judged.
    let forbid = if rules.ends.obliged {
        super::ends::check_guard(rules, pos)
    } else {
        None
    };
    let avoid = match &forbid {
        Some((guard, _)) if guard.in_check => return None,
        Some((guard, _)) => B::narrow(guard.read_squares()?),
        None => B::ZERO,
    };
    let us = pos.side_to_move();
    let own = B::narrow(pos.occupancy(us));
    let occ = own | B::narrow(pos.occupancy(!us));
    let mut safety = None;
    let g = guard(rules, pos, king, occ, &mut safety)?;
    scratch.clear();
    let codes = pos.board_codes();
    let king_bit = B::bit(u32::from(king.0));
    let mut counted = 0u64;
    // Listed: the king where its steps are not masks, pinned pieces, every piece in a
    // check whose evasion squares are not known.
    let mut listed = own & g.pinned & !king_bit;
    // Listed as well: the pieces whose moves the forms adjust, and those standing on a
    // square the enemy king's guard reads (their leaving may uncover a check).
    let adjusted = own & (forms_listed::<B>(rules, pos) | avoid);
    match king_moves(rules, pos, &g, king, occ, own, avoid) {
        Some(n) if adjusted & king_bit == B::ZERO => counted += n,
        _ => listed |= king_bit,
    }
    listed |= adjusted & !king_bit;
    // The other pieces by bit scan (a plain variant's board fits the bits); the count
    // needs no order. The loop asks of each piece only its entry. Free pawns of the
    // code kept as a set are counted at once, not visited.
    match g.evasions {
        Some(allowed) => {
            let (n, unknown) = count_free_pieces(
                rules,
                pos,
                own & !king_bit & !listed,
                occ,
                own,
                allowed,
                avoid,
                forbid.as_ref(),
            );
            counted += n;
            listed |= unknown;
        }
        None => listed |= own & !king_bit,
    }
    while listed != B::ZERO {
        let sq = listed.lowest() as usize;
        listed = listed.without_lowest();
        let Some(p) = codes.get(sq).copied().and_then(Piece::from_code) else {
            continue;
        };
        let safety = safety.get_or_insert_with(|| Safety::unchecked(rules, pos, king, false));
        safe_piece_moves(
            rules,
            pos,
            safety,
            Square(sq as u16),
            p,
            Wanted::All,
            scratch,
        );
    }
    if !g.in_check {
        match g.danger {
            Some(d) if !rules.castling960.active && forbid.is_none() => {
                counted += super::count_castling::count(rules, pos, king, occ, d);
            }
            _ => castling_moves(rules, pos, us, Some(king), scratch),
        }
    }
    if rules.forms.active {
        super::forms::adjust(rules, pos, scratch);
    }
    if let Some((guard, their_king)) = &forbid {
        super::ends::forbid_checks(rules, pos, guard, *their_king, scratch);
    }
    Some(counted + scratch.len() as u64)
}

/// The side to move's pieces whose moves the forms adjust (see `Bulk::forms_listed`);
/// every square where the position does not keep a code's squares.
#[inline(always)]
fn forms_listed<B: BitSet>(rules: &TableRules, pos: &Position) -> B {
    rules.bulk().forms_listed[pos.side_to_move().index()]
        .iter()
        .fold(B::ZERO, |set, &code| {
            set | B::narrow(pos.squares_of(code).unwrap_or(u128::MAX))
        })
}

/// [`count_legal_in`] where the side has no king to keep safe (breakthrough, clobber,
/// extinction, the piece explorer): every piece is free, as the list's own walk without
/// a king takes it.
#[inline(always)]
fn count_kingless<B: Width>(rules: &TableRules, pos: &Position, scratch: &mut Vec<Move>) -> u64 {
    let us = pos.side_to_move();
    let own = B::narrow(pos.occupancy(us));
    let occ = own | B::narrow(pos.occupancy(!us));
    let codes = pos.board_codes();
    scratch.clear();
    let adjusted = forms_listed::<B>(rules, pos);
    let (counted, mut listed) =
        count_free_pieces(rules, pos, own & !adjusted, occ, own, B::ALL, B::ZERO, None);
    listed |= own & adjusted;
    while listed != B::ZERO {
        let sq = listed.lowest() as usize;
        listed = listed.without_lowest();
        if let Some(p) = codes.get(sq).copied().and_then(Piece::from_code) {
            piece_moves(rules, pos, us, Square(sq as u16), p, Wanted::All, scratch);
        }
    }
    castling_moves(rules, pos, us, None, scratch);
    if rules.forms.active {
        super::forms::adjust(rules, pos, scratch);
    }
    counted + scratch.len() as u64
}

/// The free pieces among `pieces` (landing only on `allowed`), each counted by its
/// entry and the free pawns of the code kept as a set counted at once, not visited;
/// returns the count and the pieces whose moves must be listed. A move onto `avoid`
/// is judged by `forbid` (the enemy king's guard and square: it may not check), or
/// its piece listed where there is none.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn count_free_pieces<B: Width>(
    rules: &TableRules,
    pos: &Position,
    pieces: B,
    occ: B,
    own: B,
    allowed: B,
    avoid: B,
    forbid: Option<&(KingGuard, Square)>,
) -> (u64, B) {
    let us = pos.side_to_move();
    let codes = pos.board_codes();
    let t = B::tables(&rules.bulk().lean);
    let nsq = rules.info.shape.len();
    let mut counted = 0;
    let mut listed = B::ZERO;
    let set = &t.pawn_sets[us.index()];
    let mut pawns = B::ZERO;
    if avoid == B::ZERO
        && let Some(squares) = pos.squares_of(set.code)
    {
        let ep = pos
            .en_passant()
            .map_or(B::ZERO, |sq| B::bit(u32::from(sq.0)));
        pawns = B::narrow(squares) & set.squares & pieces & !set.en_passant_takers(ep);
        counted += set.count(pawns, occ, own, allowed);
    }
    let mut bits = pieces & !pawns;
    while bits != B::ZERO {
        let sq = bits.lowest() as usize;
        bits = bits.without_lowest();
        let code = codes.get(sq).copied().unwrap_or(0);
        // No closure here: one is compiled without the caller's popcount.
        let n = match t.entries.get(usize::from(code) * nsq + sq) {
            Some(e) => count_free(rules, pos, e, code, sq, occ, own, allowed, avoid, forbid),
            None => None,
        };
        match n {
            Some(n) => counted += n,
            None => listed |= B::bit(sq as u32),
        }
    }
    (counted, listed)
}

/// The king's steps outside the attack set, or `None` where they are not masks (then
/// it is listed).
#[inline(always)]
fn king_moves<B: Width>(
    rules: &TableRules,
    pos: &Position,
    g: &Guard<B>,
    king: Square,
    occ: B,
    own: B,
    avoid: B,
) -> Option<u64> {
    let t = B::tables(&rules.bulk().lean);
    let d = g.danger?;
    let code = pos.board_codes().get(king.index()).copied()?;
    let e = t
        .entries
        .get(usize::from(code) * rules.info.shape.len() + king.index())?;
    if e.moves != MASKED {
        return None;
    }
    let steps = t.attacks(e, occ)? & !d & !own;
    if steps & avoid != B::ZERO {
        return None;
    }
    Some(u64::from(steps.count()))
}

/// The moves of the piece of entry `e` (piece `code` on square `sq`), not the king and
/// not pinned, landing on `allowed`: its targets where its moves are masks, a pawn's
/// masks; `None` where it must be listed (a royal piece, a pawn that may take en
/// passant, other lines).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn count_free<B: Width>(
    rules: &TableRules,
    pos: &Position,
    e: &Lean<B>,
    code: u8,
    sq: usize,
    occ: B,
    own: B,
    allowed: B,
    avoid: B,
    forbid: Option<&(KingGuard, Square)>,
) -> Option<u64> {
    if e.royal {
        return None;
    }
    let t = B::tables(&rules.bulk().lean);
    match e.moves {
        MASKED => {
            let landing = t.attacks(e, occ)? & allowed & !own;
            if landing & avoid == B::ZERO {
                return Some(u64::from(landing.count()));
            }
            let (guard, their_king) = forbid?;
            let (landing, avoid) = (landing.wide(), avoid.wide());
            Some(unchecking(
                rules,
                pos,
                guard,
                *their_king,
                sq,
                landing,
                avoid,
            ))
        }
        _ if avoid != B::ZERO => None,
        PAWN => {
            let ep = pos
                .en_passant()
                .map_or(B::ZERO, |sq| B::bit(u32::from(sq.0)));
            t.pawns
                .get(usize::from(code) * rules.info.shape.len() + sq)?
                .count(occ, own, ep, allowed)
        }
        PAWN_SLOW => {
            let p = Piece::from_code(code)?;
            pawn_count(rules, pos, p, Square(sq as u16), occ, allowed)
        }
        _ => None,
    }
}

/// How many of the moves from square `sq` onto `landing` give no check (racing kings):
/// those off `avoid` (the squares the enemy king's `guard` reads) none, those onto it
/// as the guard judges each. Out of line: the plain count's loop stays small.
#[inline(never)]
fn unchecking(
    rules: &TableRules,
    pos: &Position,
    guard: &KingGuard,
    their_king: Square,
    sq: usize,
    landing: u128,
    avoid: u128,
) -> u64 {
    let from = Square(sq as u16);
    let mut n = u64::from((landing & !avoid).count_ones());
    let mut judged = landing & avoid;
    while judged != 0 {
        let to = Square(judged.trailing_zeros() as u16);
        judged &= judged - 1;
        let m = Move::new(from, to);
        n += u64::from(!super::ends::gives_check_guarded(
            rules, pos, guard, m, their_king,
        ));
    }
    n
}

/// The number of moves of `us`'s free pawn `p` on `from` (not pinned, no check), as the
/// generator lists them (a promotion once per choice); `None` where it must be listed
/// (no masks there, or it may take en passant, which needs a test of the board after).
#[inline(always)]
fn pawn_count<B: BitSet>(
    rules: &TableRules,
    pos: &Position,
    p: Piece,
    from: Square,
    occ: B,
    allowed: B,
) -> Option<u64> {
    let i = p.code() as usize * rules.info.shape.len() + from.index();
    if !rules.bulk().pawn_by_mask.get(i).copied().unwrap_or(false) {
        return None;
    }
    let us = p.color();
    let ep = pos.en_passant().map_or(0, |sq| 1u128 << sq.0);
    let zone = rules.bulk().zone[us.index()];
    let choices = rules.promotion.len().max(1) as u64;
    if let Some(masks) = rules.bulk().pawns.get(i)
        && masks.exact
    {
        let own = B::narrow(pos.occupancy(us));
        let zone = B::narrow(zone);
        let weigh = |d: B| {
            let d = d & allowed;
            u64::from((d & !zone).count()) + choices * u64::from((d & zone).count())
        };
        return masks.count(occ, own, B::narrow(ep), weigh);
    }
    // A pawn with a longer line, line by line.
    let occ = occ.wide();
    let own = pos.occupancy(us);
    let enemies = occ & !own;
    let allowed = allowed.wide();
    let weigh = |d: u128| {
        let d = d & allowed;
        u64::from((d & !zone).count_ones()) + choices * u64::from((d & zone).count_ones())
    };
    let (a, b) = (
        rules.span_index[i] as usize,
        rules.span_index[i + 1] as usize,
    );
    let mut n = 0;
    for (j, s) in rules.spans.get(a..b)?.iter().enumerate() {
        let bits = rules.bulk().spans.get(a + j)?;
        let reach = bits.reach(occ);
        let landing = match s.mode {
            Mode::Move => reach & !occ,
            Mode::Both => reach & !own,
            Mode::Capture => {
                if reach & ep != 0 {
                    return None;
                }
                reach & enemies
            }
        };
        n += weigh(landing);
        let double = rules.bulk().doubles.get(a + j)?;
        if double.mask != 0 && occ & bits.mask == 0 {
            n += weigh(double.reach(occ) & !occ);
        }
    }
    Some(n)
}
