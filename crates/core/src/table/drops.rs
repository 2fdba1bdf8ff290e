//! Drops: captured pieces go to the captor's hand and come back as a move of their own
//! (crazyhouse, loop, chessgi, pocket knight), with the drop rules those variants use
//! (no pawn drop on the first rank or into the promotion zone, one pawn per file, no
//! mate by a pawn drop, drops only into a region, drops before any board move).
//!
//! A variant without a `[drops]` table never reaches this module: generation asks
//! `active` once, and a board move only once per move.

use super::attacks::attacked;
use super::{SquareSet, TableRules, VariantError};
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece, PieceKind};
use crate::position::{Position, Undo};
use crate::rules::VariantInfo;

/// A variant's drop rules, as a variant file gives them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DropsDef {
    /// Pieces in hand may be dropped: the rest of this table only matters when set.
    pub enabled: bool,
    /// A captured piece goes to the captor's hand (crazyhouse); else it is gone
    /// (pocket knight: only the pieces the game starts with in hand come back).
    pub captures_to_hand: bool,
    /// What a captured promoted piece becomes in hand (crazyhouse: the pawn);
    /// `None` keeps its kind (loop, chessgi).
    pub demote_to: Option<char>,
    /// Pawns may be dropped on their own first rank (chessgi).
    pub first_rank_pawn_drops: bool,
    /// Pawns may be dropped into their promotion zone.
    pub promotion_zone_pawn_drops: bool,
    /// Drops only onto this region's squares (placement's first rank).
    pub region: Option<String>,
    /// While a side has pieces in hand it must drop (placement).
    pub must_drop: bool,
    /// No pawn drop on a file where the side has an unpromoted pawn (shogi's nifu).
    pub one_pawn_per_file: bool,
    /// A pawn drop may not checkmate (shogi's uchifuzume).
    pub no_pawn_drop_mate: bool,
    /// Two pieces of this kind are dropped on squares of opposite colours (placement's
    /// bishops).
    pub opposite_colors: Option<char>,
    /// Castling rights come from dropping the king and this piece (placement's rook) on
    /// their castling squares.
    pub castling_rook: Option<char>,
    /// (letter, region): that kind is dropped only onto the region's squares (sittuyin's
    /// rooks: the own first rank).
    pub kind_regions: Vec<(char, String)>,
}

/// The compiled drop rules.
#[derive(Clone, Debug, Default)]
pub(super) struct Drops {
    pub(super) active: bool,
    /// The position keeps pieces in hand (drops, or gating without drops).
    pub(super) hands: bool,
    captures_to_hand: bool,
    demote_to: Option<PieceKind>,
    first_rank_pawn_drops: bool,
    promotion_zone_pawn_drops: bool,
    region: Option<[SquareSet; 2]>,
    pub(super) must_drop: bool,
    one_pawn_per_file: bool,
    no_pawn_drop_mate: bool,
    opposite_colors: Option<PieceKind>,
    castling_rook: Option<PieceKind>,
    /// By kind: the only squares it may be dropped on, where a region limits it.
    kind_region: Vec<Option<[SquareSet; 2]>>,
    /// By square: its colour, as on a chequered board (the sum of its coordinates).
    dark: Vec<bool>,
    /// By colour: the side's own first rank (Y = 0 for White).
    first_rank: [SquareSet; 2],
    /// The kinds a hand may hold, in the order a pocket is written (the variant's order).
    kinds: Vec<PieceKind>,
    /// By kind and colour: the squares a drop may go to by the square rules alone, as
    /// bits, where drops are counted without a list ([`countable`]); else empty.
    places: Vec<[u128; 2]>,
}

impl Drops {
    pub(super) fn new(
        def: &DropsDef,
        info: &VariantInfo,
        regions: &super::region::Regions,
        gating: bool,
    ) -> Result<Drops, VariantError> {
        if !def.enabled {
            // Gating without drops (S-Chess) keeps hands, which nothing is dropped from.
            return Ok(Drops {
                hands: gating,
                kinds: (0..info.pieces.len()).map(|k| PieceKind(k as u8)).collect(),
                ..Drops::default()
            });
        }
        let shape = &info.shape;
        let demote_to = match def.demote_to {
            None => None,
            Some(c) => Some(
                info.kind_by_letter(c)
                    .ok_or(VariantError::BadPromotion(c))?,
            ),
        };
        let kind = |c: Option<char>| match c {
            None => Ok(None),
            Some(c) => info
                .kind_by_letter(c)
                .map(Some)
                .ok_or(VariantError::BadPromotion(c)),
        };
        let opposite_colors = kind(def.opposite_colors)?;
        let castling_rook = kind(def.castling_rook)?;
        let region = match &def.region {
            None => None,
            Some(name) => Some(regions.require(name, "drops")?),
        };
        let mut kind_region = vec![None; info.pieces.len()];
        for (letter, name) in &def.kind_regions {
            let k = info
                .kind_by_letter(*letter)
                .ok_or(VariantError::BadPromotion(*letter))?;
            kind_region[k.index()] = Some(regions.require(name, "a piece's drops")?);
        }
        let first_rank = Color::ALL.map(|color| {
            let last = shape.sizes()[1] - 1;
            let squares: Vec<Square> = shape
                .squares()
                .filter(|&sq| {
                    let y = shape.coords(sq)[1];
                    y == if color == Color::White { 0 } else { last }
                })
                .collect();
            SquareSet::of(shape.len(), &squares)
        });
        Ok(Drops {
            active: true,
            hands: true,
            captures_to_hand: def.captures_to_hand,
            demote_to,
            first_rank_pawn_drops: def.first_rank_pawn_drops,
            promotion_zone_pawn_drops: def.promotion_zone_pawn_drops,
            region,
            must_drop: def.must_drop,
            one_pawn_per_file: def.one_pawn_per_file,
            no_pawn_drop_mate: def.no_pawn_drop_mate,
            opposite_colors,
            castling_rook,
            kind_region,
            dark: shape
                .squares()
                .map(|sq| shape.coords(sq).iter().map(|&c| c as u32).sum::<u32>() % 2 == 0)
                .collect(),
            first_rank,
            kinds: (0..info.pieces.len()).map(|k| PieceKind(k as u8)).collect(),
            places: Vec::new(),
        })
    }

    /// The kinds a hand may hold, in pocket order.
    pub(super) fn kinds(&self) -> &[PieceKind] {
        &self.kinds
    }

    /// Whether a piece of kind `k` may be dropped on `sq` by its own region, if any.
    #[inline]
    fn kind_may_go(&self, us: Color, k: PieceKind, sq: Square) -> bool {
        match self.kind_region.get(k.index()) {
            Some(Some(r)) => r[us.index()].contains(sq),
            _ => true,
        }
    }

    /// Whether captured pieces go to the captor's hand.
    pub(super) fn captures_to_hand(&self) -> bool {
        self.active && self.captures_to_hand
    }

    /// Whether `us` may put a piece of kind `k` from hand on `sq` by the square rules
    /// of drops (region, a pawn's first rank and promotion zone): what gating asks.
    pub(super) fn may_place(
        &self,
        rules: &TableRules,
        us: Color,
        k: PieceKind,
        sq: Square,
    ) -> bool {
        if self
            .region
            .as_ref()
            .is_some_and(|r| !r[us.index()].contains(sq))
            || !self.kind_may_go(us, k, sq)
        {
            return false;
        }
        if !rules.pawn[k.index()] {
            return true;
        }
        // Without drops (S-Chess) a pawn never enters; with them, as a pawn drop would.
        self.active
            && (self.first_rank_pawn_drops || !self.first_rank[us.index()].contains(sq))
            && (self.promotion_zone_pawn_drops || !rules.in_promotion_zone(sq, us))
    }
}

/// Whether the side to move's drops can be counted by masks ([`count`]): drop rules
/// that depend on the square alone (regions, a pawn's first rank and promotion zone), a
/// board that fits the bits, and no rule that asks more of a drop (one pawn per file,
/// no pawn drop mate, bishops on both colours, castling by drops, drops that must come
/// first, pieces that cannot move from where they land, every move judged in full).
pub(super) fn countable(rules: &TableRules) -> bool {
    let d = &rules.drops;
    d.active
        && rules.info.shape.len() <= 128
        && !d.must_drop
        && !d.one_pawn_per_file
        && !d.no_pawn_drop_mate
        && d.opposite_colors.is_none()
        && d.castling_rook.is_none()
        && !rules.forms.drop_promoted
        && !rules.special.full_legality
}

/// The squares each kind may be dropped on by the square rules alone, by colour, for
/// [`count`]: the squares [`generate`] walks that [`Drops::may_place`] allows. Empty
/// where the drops are not [`countable`].
pub(super) fn places(rules: &TableRules) -> Vec<[u128; 2]> {
    if !countable(rules) {
        return Vec::new();
    }
    let d = &rules.drops;
    (0..rules.info.pieces.len())
        .map(|k| {
            Color::ALL.map(|us| {
                rules
                    .info
                    .shape
                    .squares()
                    .filter(|&sq| d.may_place(rules, us, PieceKind(k as u8), sq))
                    .filter(|&sq| {
                        let piece = Piece::new(PieceKind(k as u8), us);
                        !(rules.forms.active && rules.forms.immobile(rules, piece, sq))
                    })
                    .fold(0u128, |bits, sq| bits | 1u128 << sq.index())
            })
        })
        .collect()
}

impl Drops {
    /// Sets the squares [`count`] counts on (see [`places`]).
    pub(super) fn set_places(&mut self, places: Vec<[u128; 2]>) {
        self.places = places;
    }
}

/// How many legal drops the side to move has, counted by masks where the drops are
/// [`countable`] and its king is not in check (a drop only adds a piece, so it never
/// uncovers the king; in check each drop would be judged); `None` where they must be
/// listed.
pub(super) fn count(rules: &TableRules, pos: &Position) -> Option<u64> {
    let d = &rules.drops;
    if d.places.is_empty() {
        return None;
    }
    let us = pos.side_to_move();
    let mut hand = [PieceKind(0); crate::piece::MAX_KINDS];
    let n = kinds_in_hand(rules, pos, us, &mut hand);
    if n == 0 {
        return Some(0);
    }
    let king = pos.king(us).filter(|&k| {
        pos.piece_at(k)
            .is_some_and(|p| p.color() == us && rules.is_royal(p))
    });
    if king.is_some_and(|k| attacked(rules, &|s| pos.piece_at(s), k, !us, pos.castling_rights())) {
        return None;
    }
    let empty = !(pos.occupancy(Color::White) | pos.occupancy(Color::Black));
    Some(
        hand[..n]
            .iter()
            .map(|k| u64::from((d.places[k.index()][us.index()] & empty).count_ones()))
            .sum(),
    )
}

/// Adds the side to move's legal drops to `out` (which holds its board moves); where
/// the side must drop, the board moves are taken out first.
pub(super) fn generate(rules: &TableRules, pos: &Position, out: &mut Vec<Move>) {
    let d = &rules.drops;
    let us = pos.side_to_move();
    let mut hand = [PieceKind(0); crate::piece::MAX_KINDS];
    let n = kinds_in_hand(rules, pos, us, &mut hand);
    let hand = &hand[..n];
    if hand.is_empty() {
        return;
    }
    // Where the side must drop, its board moves stay legal only when no drop is
    // (Fairy-Stockfish's rule): they are taken out below once a drop is found.
    let board_moves = out.len();
    let shape = &rules.info.shape;
    let king = pos.king(us).filter(|&k| {
        pos.piece_at(k)
            .is_some_and(|p| p.color() == us && rules.is_royal(p))
    });
    // A drop only adds a piece: it can leave the king in check (or, past a hop, put it
    // there) but never uncover it, so only then is each one judged.
    let judge = king.filter(|&k| {
        rules.special.full_legality
            || attacked(rules, &|s| pos.piece_at(s), k, !us, pos.castling_rights())
    });
    let pawn_files = if d.one_pawn_per_file {
        pawn_files(rules, pos, us)
    } else {
        Vec::new()
    };
    let room = d
        .opposite_colors
        .map(|bishop| ColorRoom::new(rules, pos, bishop));
    for sq in shape.squares() {
        if pos.piece_at(sq).is_some() {
            continue;
        }
        if d.region
            .as_ref()
            .is_some_and(|r| !r[us.index()].contains(sq))
        {
            continue;
        }
        for &k in hand {
            if !d.kind_may_go(us, k, sq) {
                continue;
            }
            let pawn = rules.pawn[k.index()];
            if pawn {
                if !d.first_rank_pawn_drops && d.first_rank[us.index()].contains(sq) {
                    continue;
                }
                if !d.promotion_zone_pawn_drops && rules.in_promotion_zone(sq, us) {
                    continue;
                }
                if d.one_pawn_per_file && pawn_files.contains(&file_of(rules, sq)) {
                    continue;
                }
            }
            let piece = Piece::new(k, us);
            if rules.forms.active && rules.forms.immobile(rules, piece, sq) {
                continue;
            }
            if let Some(king) = judge {
                let view = |s: Square| {
                    if s == sq {
                        Some(piece)
                    } else {
                        pos.piece_at(s)
                    }
                };
                if attacked(rules, &view, king, !us, pos.castling_rights()) {
                    continue;
                }
            }
            let m = Move::drop(k, sq);
            if pawn && d.no_pawn_drop_mate && mates(rules, pos, m) {
                continue;
            }
            if let Some(room) = &room
                && !room.still_fits(rules, k, sq)
            {
                continue;
            }
            out.push(m);
        }
    }
    if d.must_drop && out.len() > board_moves {
        out.drain(..board_moves);
    }
}

/// The kinds `us` may drop, into `hand`; returns how many.
fn kinds_in_hand(
    rules: &TableRules,
    pos: &Position,
    us: Color,
    hand: &mut [PieceKind; crate::piece::MAX_KINDS],
) -> usize {
    let d = &rules.drops;
    let mut n = 0;
    for &k in &d.kinds {
        if pos.in_hand(us, k) > 0 {
            hand[n] = k;
            n += 1;
        }
    }
    // Kyoto shogi: a piece in hand goes down either side up.
    if rules.forms.drop_promoted {
        let held = n;
        for i in 0..held {
            if let Some(p) = rules.forms.promoted_of(hand[i])
                && n < hand.len()
            {
                hand[n] = p;
                n += 1;
            }
        }
    }
    n
}

/// The side to move's pieces of the opposite-coloured kind and the room left for them,
/// by square colour, counted once per position (each drop changes one square).
struct ColorRoom {
    bishop: PieceKind,
    in_hand: usize,
    /// On the board, by square colour (0 light, 1 dark).
    on_board: [usize; 2],
    /// Empty squares the side may drop on, by square colour.
    empty: [usize; 2],
}

impl ColorRoom {
    fn new(rules: &TableRules, pos: &Position, bishop: PieceKind) -> ColorRoom {
        let d = &rules.drops;
        let us = pos.side_to_move();
        let mut room = ColorRoom {
            bishop,
            in_hand: pos.in_hand(us, bishop) as usize,
            on_board: [0; 2],
            empty: [0; 2],
        };
        for s in rules.info.shape.squares() {
            let dark = usize::from(d.dark[s.index()]);
            match pos.piece_at(s) {
                Some(p) if p.color() == us && p.kind() == bishop => room.on_board[dark] += 1,
                None if d.region.as_ref().is_none_or(|r| r[us.index()].contains(s)) => {
                    room.empty[dark] += 1
                }
                _ => {}
            }
        }
        room
    }

    /// Whether, after dropping `k` on the empty square `sq` the side may drop on, the
    /// pieces of the opposite-coloured kind (on the board and in hand) can still stand
    /// half on each colour: each colour has room for its half among the squares the side
    /// may still drop on. The square leaves the room and, for the kind itself, joins
    /// the pieces.
    fn still_fits(&self, rules: &TableRules, k: PieceKind, sq: Square) -> bool {
        let dropped = usize::from(k == self.bishop);
        let in_hand = self.in_hand.saturating_sub(dropped);
        let total = in_hand + dropped + self.on_board.iter().sum::<usize>();
        let dark = usize::from(rules.drops.dark[sq.index()]);
        let mut room = self.on_board;
        if in_hand > 0 {
            room[0] += self.empty[0];
            room[1] += self.empty[1];
            room[dark] = room[dark].saturating_sub(1);
        }
        room[dark] += dropped;
        room.iter().all(|&n| n >= total / 2)
    }
}

/// A square's file: its square with the Y coordinate set to 0.
fn file_of(rules: &TableRules, sq: Square) -> Square {
    let shape = &rules.info.shape;
    let mut c = shape.coords(sq);
    c[1] = 0;
    shape.square(c).unwrap_or(sq)
}

/// The files holding one of `us`'s unpromoted pawns.
fn pawn_files(rules: &TableRules, pos: &Position, us: Color) -> Vec<Square> {
    pos.pieces()
        .filter(|&(sq, p)| p.color() == us && rules.is_pawn(p) && !pos.is_promoted(sq))
        .map(|(sq, _)| file_of(rules, sq))
        .collect()
}

/// Whether the drop leaves the opponent without a legal move while in check.
fn mates(rules: &TableRules, pos: &Position, m: Move) -> bool {
    let mut after = pos.clone();
    make_drop(rules, &mut after, m);
    if !after.king(!pos.side_to_move()).is_some_and(|k| {
        attacked(
            rules,
            &|s| after.piece_at(s),
            k,
            pos.side_to_move(),
            after.castling_rights(),
        )
    }) {
        return false;
    }
    let mut replies = Vec::new();
    super::movegen::legal_moves(rules, &after, super::movegen::Wanted::All, &mut replies);
    if replies.is_empty() {
        generate(rules, &after, &mut replies);
    }
    replies.is_empty()
}

/// Plays a drop (a legal one: the piece is in hand and the square empty).
pub(super) fn make_drop(rules: &TableRules, pos: &mut Position, mv: Move) -> Undo {
    let mut undo = pos.begin_undo();
    let Some(kind) = mv.dropped() else {
        return undo;
    };
    let us = pos.side_to_move();
    // A promoted form dropped (kyoto shogi) comes out of hand as its unpromoted kind.
    let held = match rules.forms.base.get(kind.index()).copied().flatten() {
        Some(base) if pos.in_hand(us, kind) == 0 => base,
        _ => kind,
    };
    if pos.in_hand(us, held) == 0 || pos.piece_at(mv.to).is_some() {
        return undo;
    }
    pos.change_hand(&mut undo, us, held, -1);
    let piece = Piece::new(kind, us);
    pos.set(&mut undo, mv.to, Some(piece));
    pos.set_en_passant(None);
    pos.set_halfmove_clock(pos.halfmove_clock().saturating_add(1));
    if us == Color::Black {
        pos.set_fullmove_number(pos.fullmove_number().saturating_add(1));
    }
    if rules.is_royal(piece) {
        pos.set_king(us, Some(mv.to));
    }
    if d_castles(rules, piece) {
        grant_castling(rules, pos, us);
    }
    if rules.ends.checks() > 0 {
        super::counters::after_move(rules, pos, us);
    }
    pos.set_side_to_move(!us);
    undo
}

/// Whether dropping `piece` may create castling rights (placement's king and rook).
fn d_castles(rules: &TableRules, piece: Piece) -> bool {
    rules
        .drops
        .castling_rook
        .is_some_and(|r| piece.kind() == r || rules.is_royal(piece))
}

/// Gives `us` each castling right whose king and rook now stand on their squares.
fn grant_castling(rules: &TableRules, pos: &mut Position, us: Color) {
    let mut rights = pos.castling_rights();
    for (bit, c) in rules.castling.iter().enumerate() {
        let d = &c.def;
        let king = pos
            .piece_at(d.king_from)
            .is_some_and(|p| p.color() == us && rules.is_royal(p));
        let rook = pos
            .piece_at(d.rook_from)
            .is_some_and(|p| p.color() == us && Some(p.kind()) == rules.drops.castling_rook);
        if d.color == us && king && rook {
            rights |= 1 << bit;
        }
    }
    if rights != pos.castling_rights() {
        pos.set_castling_rights(rights);
    }
}

/// After a board move's squares are set: the captured piece to the captor's hand and
/// the promoted marks moved with the pieces. `captured` stood on `capture_sq`.
pub(super) fn after_board_move(
    rules: &TableRules,
    pos: &mut Position,
    undo: &mut Undo,
    mv: Move,
    us: Color,
    captured: Option<Piece>,
    capture_sq: Square,
) {
    let d = &rules.drops;
    // Promoted marks only matter where a captured piece goes to hand (as a pawn).
    let moved_mark = d.captures_to_hand && (pos.is_promoted(mv.from) || mv.promotion.is_some());
    if let Some(c) = captured
        && d.captures_to_hand
        && !rules.is_royal(c)
    {
        let kind = match d.demote_to {
            Some(k) if pos.is_promoted(capture_sq) => k,
            // A shogi promoted form goes to hand unpromoted.
            _ => rules
                .forms
                .base
                .get(c.kind().index())
                .copied()
                .flatten()
                .unwrap_or(c.kind()),
        };
        pos.change_hand(undo, us, kind, 1);
    }
    pos.set_promoted(undo, capture_sq, false);
    pos.set_promoted(undo, mv.from, false);
    pos.set_promoted(undo, mv.to, moved_mark);
}
