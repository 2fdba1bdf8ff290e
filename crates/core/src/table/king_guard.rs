//! The king's guard where every move is judged on the board after it (hops, lame
//! leaps, confinement): which squares decide whether the king is attacked, so that a
//! move touching none of them is judged without looking, and one touching a few is
//! judged by the attack lines that read them alone.

use super::TableRules;
use super::attacks::{PinList, attacked, attacked_along_lines, pinned};
use super::movegen::board_after;
use super::special;
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;

/// The groups the attack test is split into: the ordinary lines, then one special
/// attack line each, the last group holding every line from its own on.
const GROUPS: usize = 32;

/// Whether the king is attacked now, and which squares each part of the attack test
/// read to decide it.
///
/// Each part of the test (the ordinary lines; each special attack line) is a pure
/// function of the squares it reads, and the king is attacked when any part says so.
/// A move that changes none of a part's squares leaves that part's answer as it is. So
/// a move that touches no square read (and does not move the king) is legal exactly
/// when the king is not in check now; and when the king is not in check, a move is legal
/// when the parts whose squares it touches still say "not attacked" on the board after
/// it. Whatever the rules are, this holds: a cannon's screen and a horse's leg are
/// squares a part reads, and a palace confines by the king's own square, which only the
/// king's moves change (those are always judged in full).
pub(super) struct KingGuard {
    pub(super) in_check: bool,
    /// Whether the squares read are known (boards of up to 128 squares).
    known: bool,
    /// Every square read.
    any_read: u128,
    /// Every square read by the special lines (groups 1 on).
    special_read: u128,
    /// By square: the groups that read it, as bits.
    readers: [u32; 128],
    /// The king's own pieces that shield it from an ordinary line attack, as bits
    /// (`None`: not known): vacating any other square cannot open an ordinary line.
    shields: Option<u128>,
}

impl KingGuard {
    pub(super) fn new(rules: &TableRules, pos: &Position, king: Square, them: Color) -> KingGuard {
        let rights = pos.castling_rights();
        if rules.info.shape.len() > 128 {
            let in_check = attacked(rules, &|s| pos.piece_at(s), king, them, rights);
            return KingGuard {
                in_check,
                known: false,
                any_read: 0,
                special_read: 0,
                readers: [0; 128],
                shields: None,
            };
        }
        let lines = if rules.special.any_moves {
            special::lines(rules, them)
        } else {
            0
        };
        let groups = 1 + lines.min(GROUPS - 1);
        let mut read = [0u128; GROUPS];
        let mut in_check = false;
        // Where the attackers do not move next (the king's own side does), a special
        // line with none of its attackers on its squares attacks neither now nor after
        // any move: its group reads nothing.
        let attackers_stay = pos.side_to_move() != them;
        for (g, read) in read.iter_mut().enumerate().take(groups) {
            if attackers_stay
                && (1..GROUPS - 1).contains(&g)
                && !special::line_may_attack(rules, g - 1, king, them, pos)
            {
                continue;
            }
            let seen = std::cell::Cell::new(0u128);
            let view = |s: Square| {
                seen.set(seen.get() | 1u128 << s.index());
                pos.piece_at(s)
            };
            in_check |= attacked_in_group(rules, g, lines, &view, king, them, rights);
            *read = seen.get();
        }
        let mut readers = [0u32; 128];
        for (g, &squares) in read.iter().enumerate().take(groups) {
            let mut rest = squares;
            while rest != 0 {
                readers[rest.trailing_zeros() as usize] |= 1 << g;
                rest &= rest - 1;
            }
        }
        let mut pins = PinList::new();
        let shields = pinned(rules, pos, king, !them, &mut pins).then(|| {
            pins.squares()
                .iter()
                .fold(0u128, |m, s| m | 1u128 << s.index())
        });
        KingGuard {
            in_check,
            known: true,
            any_read: read.iter().fold(0, |a, r| a | r),
            special_read: read[1..].iter().fold(0, |a, r| a | r),
            readers,
            shields,
        }
    }

    /// Every square the attack test read, where they are known (boards of up to 128
    /// squares): a move touching none of them leaves the answer as it is.
    #[inline]
    pub(super) fn read_squares(&self) -> Option<u128> {
        self.known.then_some(self.any_read)
    }

    /// For a count that lists few moves, where the squares read are known (boards of
    /// up to 128 squares): the squares whose pieces must be listed, and the landing
    /// squares on which the moves of every other piece that is not royal must be
    /// judged (each as [`KingGuard::attacked_after`] judges it). Any other move of such
    /// a piece (a move that is not a capture off its landing square, a second piece's
    /// or a pass) is legal exactly when the king is not in check now.
    ///
    /// Out of check, a piece that shields the king from no ordinary line leaves the
    /// ordinary lines' answer as it is wherever it lands (see `attacked_after`), so only
    /// the special lines' squares count for it.
    #[inline]
    pub(super) fn count_squares(&self) -> Option<(u128, u128)> {
        if !self.known {
            return None;
        }
        match self.shields {
            Some(shields) if !self.in_check => Some((
                self.special_read | (self.any_read & shields),
                self.special_read,
            )),
            _ => Some((self.any_read, self.any_read)),
        }
    }

    /// Whether `target` is attacked by `them` after `m` (as [`super::movegen`]'s full
    /// judgement says), looking at the board after the move only where the squares
    /// read say it must.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn attacked_after(
        &self,
        rules: &TableRules,
        pos: &Position,
        m: Move,
        moving: Piece,
        royal: bool,
        king: Square,
        them: Color,
    ) -> bool {
        let target = if royal { m.to } else { king };
        // A pass leaves the board as it is.
        if m.from == m.to && m.capture.is_none() && m.second.is_none() && target == king {
            return self.in_check;
        }
        let after = board_after(pos, m, moving);
        let rights = pos.castling_rights();
        // The whole test on the board after the move; where the mover is not of the
        // attacking side, the attackers there are among those on `pos`.
        let in_full = || {
            if moving.color() == them || !self.known {
                attacked(rules, &after, target, them, rights)
            } else {
                attacked_along_lines(rules, &after, target, them)
                    || rules.special.any_moves
                        && special::attacked_after_their_move(
                            rules, &after, target, them, rights, pos,
                        )
            }
        };
        if !self.known || royal || m.second.is_some() {
            return in_full();
        }
        let bit = |s: Square| 1u128 << s.index();
        let touched = bit(m.from) | bit(m.to) | m.capture.map_or(0, bit);
        if touched & self.any_read == 0 {
            return self.in_check;
        }
        if self.in_check {
            // Which part saw the check is not kept: judge the whole test.
            return in_full();
        }
        let lines = special::lines(rules, them);
        let reader = |s: Square| self.readers[s.index()];
        let mut groups = reader(m.from) | reader(m.to) | m.capture.map_or(0, reader);
        // The ordinary lines (group 0), not attacking the king now, can only come to
        // attack it when one of the king's own pieces leaves a line whose next piece
        // attacks along it (a shield, as `pinned` finds them), or an en-passant capture
        // empties a square: a piece landing only blocks, a capture on the landing square
        // leaves it occupied.
        if groups & 1 != 0
            && moving.color() != them
            && let Some(shields) = self.shields
            && bit(m.from) & shields == 0
            && m.capture.is_none_or(|c| c == m.to)
        {
            groups &= !1;
        }
        while groups != 0 {
            let g = groups.trailing_zeros() as usize;
            if attacked_in_group(rules, g, lines, &after, target, them, rights) {
                return true;
            }
            groups &= groups - 1;
        }
        false
    }
}

impl KingGuard {
    /// Keeps the moves of `p` (of the king's side) from `first` on that leave the king
    /// on `king` unattacked, in order.
    #[inline(always)]
    pub(super) fn keep_legal(
        &self,
        rules: &TableRules,
        pos: &Position,
        p: Piece,
        king: Square,
        moves: &mut Vec<Move>,
        first: usize,
    ) {
        let royal = rules.is_royal(p);
        let them = !p.color();
        keep_from(moves, first, |m| {
            !self.attacked_after(rules, pos, m, p, royal, king, them)
        });
    }
}

/// Keeps the moves from `first` on that `legal` says yes to, in order.
#[inline(always)]
pub(super) fn keep_from(moves: &mut Vec<Move>, first: usize, mut legal: impl FnMut(Move) -> bool) {
    let mut keep = first;
    for j in first..moves.len() {
        let m = moves[j];
        if legal(m) {
            moves[keep] = m;
            keep += 1;
        }
    }
    moves.truncate(keep);
}

/// Whether group `g` of the attack test says `target` is attacked: group 0 is the
/// ordinary lines, group `g` the special line `g - 1`, and the last group every line
/// from its own on.
fn attacked_in_group(
    rules: &TableRules,
    g: usize,
    lines: usize,
    at: &impl Fn(Square) -> Option<Piece>,
    target: Square,
    by: Color,
    rights: u32,
) -> bool {
    if g == 0 {
        return attacked_along_lines(rules, at, target, by);
    }
    let last = if g == GROUPS - 1 { lines } else { g };
    (g - 1..last).any(|i| special::attacked_on_line(rules, i, at, target, by, rights))
}
