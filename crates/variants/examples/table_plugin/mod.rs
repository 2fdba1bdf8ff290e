//! A catalog variant as a rule plugin, built on the table-driven engine, so that perft
//! through the C ABI can be compared with perft on the same rules linked directly
//! (the plugin tests check equal counts; the `plugin` bench measures the cost). Each
//! example (`orthodox_plugin`, `crazyhouse_plugin`) names its variant.
//!
//! The plugin keeps, per thread, the last position it was lent and updates it by the
//! squares that changed ([`BoardMirror`]), as a plugin with its own board type would;
//! counters, pieces in hand and promoted marks (ABI version 2) are copied on every call.

use chess4d_core::{Color, Piece, PieceKind, Position, Rules, Square};
use chess4d_plugin_api::*;
use std::cell::RefCell;
use std::sync::Arc;

/// The rules of one catalog variant behind the plugin ABI.
pub struct TablePlugin {
    rules: Arc<dyn Rules>,
    /// The name the plugin gives itself.
    name: &'static str,
    /// The start position's counters (n-check), if the variant keeps them.
    counters: Option<[u8; 2]>,
    /// Whether positions keep pieces in hand.
    pockets: bool,
}

impl TablePlugin {
    /// The rules of `loaded` (panics if they did not load: this is a test plugin, and
    /// the panic reaches the host as a status), named `name`.
    pub fn new<E: std::fmt::Display>(
        loaded: Result<Arc<dyn Rules>, E>,
        name: &'static str,
    ) -> TablePlugin {
        match loaded {
            Ok(rules) => {
                let start = rules.start_position();
                TablePlugin {
                    counters: start.counters(),
                    pockets: start.has_pockets(),
                    rules,
                    name,
                }
            }
            Err(e) => panic!("the variant of {name} does not load: {e}"),
        }
    }
}

fn side(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

fn color(s: Side) -> Color {
    match s {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

thread_local! {
    /// The core's move list, reused between calls.
    static MOVES: RefCell<Vec<chess4d_core::Move>> = RefCell::new(Vec::with_capacity(256));
    /// This thread's copy of the last position it was lent, updated square by square.
    static MIRROR: RefCell<(BoardMirror, Option<Position>)> =
        RefCell::new((BoardMirror::default(), None));
}

impl TablePlugin {
    /// Runs `f` on a core position equal to `pos`, reusing this thread's last one.
    fn with_position<R>(&self, pos: &PositionRef<'_>, f: impl FnOnce(&mut Position) -> R) -> R {
        let info = self.rules.info();
        MIRROR.with(|cell| {
            let mut guard = cell.borrow_mut();
            let (mirror, cached) = &mut *guard;
            let synced = match cached.as_mut() {
                Some(p) => mirror.sync(pos.board, |sq, code| {
                    let sq = Square(sq);
                    if let Some(old) = p.piece_at(sq)
                        && p.king(old.color()) == Some(sq)
                    {
                        p.set_king(old.color(), None);
                    }
                    let piece = Piece::from_code(code);
                    p.put(sq, piece);
                    if let Some(new) = piece
                        && info.pieces[new.kind().index()].royal
                    {
                        p.set_king(new.color(), Some(sq));
                    }
                }),
                None => false,
            };
            if !synced {
                mirror.clear();
                mirror.sync(pos.board, |_, _| {});
                *cached = Some(self.build(pos.board));
            }
            let p = cached.get_or_insert_with(|| self.build(pos.board));
            p.set_side_to_move(color(pos.state.side));
            p.set_castling_rights(pos.state.castling);
            p.set_en_passant(pos.state.en_passant.map(Square));
            p.set_halfmove_clock(pos.state.halfmove_clock as u16);
            p.set_fullmove_number(pos.state.fullmove_number);
            p.set_counters(self.counters.map(|_| pos.state.counters));
            if let Some(lent) = pos.pockets {
                self.copy_pockets(p, &lent);
            }
            f(p)
        })
    }

    /// Puts the lent hands and marks into `p`.
    fn copy_pockets(&self, p: &mut Position, lent: &PocketsRef<'_>) {
        p.enable_pockets();
        let kinds = self.rules.info().pieces.len() as u8;
        for c in [Color::White, Color::Black] {
            for k in 0..kinds {
                let n = lent.in_hand(side(c), k);
                if p.in_hand(c, PieceKind(k)) != n {
                    p.set_in_hand(c, PieceKind(k), n);
                }
            }
        }
        for sq in 0..p.shape().len() as u16 {
            p.put_promoted(Square(sq), lent.is_promoted(sq));
        }
    }

    fn build(&self, board: &[u8]) -> Position {
        let info = self.rules.info();
        let mut p = Position::empty(info.shape);
        for (i, &code) in board.iter().enumerate() {
            if let Some(piece) = Piece::from_code(code) {
                let sq = Square(i as u16);
                p.put(sq, Some(piece));
                if info.pieces[piece.kind().index()].royal {
                    p.set_king(piece.color(), Some(sq));
                }
            }
        }
        p
    }

    fn state(p: &Position) -> State {
        State {
            side: side(p.side_to_move()),
            castling: p.castling_rights(),
            en_passant: p.en_passant().map(|s| s.0),
            halfmove_clock: p.halfmove_clock() as u32,
            fullmove_number: p.fullmove_number(),
            counters: p.counters().unwrap_or([0; 2]),
        }
    }

    /// The plugin's form of a core position.
    fn data(&self, p: &Position) -> PositionData {
        let mut data = PositionData::new(
            p.board().iter().map(|x| x.map_or(0, Piece::code)).collect(),
            TablePlugin::state(p),
        );
        if self.pockets {
            let mut pockets = Pockets::new(p.shape().len());
            for c in [Color::White, Color::Black] {
                for k in 0..self.rules.info().pieces.len() as u8 {
                    pockets.set_in_hand(side(c), k, p.in_hand(c, PieceKind(k)));
                }
            }
            for sq in 0..p.shape().len() as u16 {
                pockets.set_promoted(sq, p.is_promoted(Square(sq)));
            }
            data.pockets = Some(pockets);
        }
        data
    }
}

fn raw(m: chess4d_core::Move) -> Move {
    let (from2, to2) = m.second.map_or((NO_SQUARE, NO_SQUARE), |(a, b)| (a.0, b.0));
    Move {
        from: m.from.0,
        to: m.to.0,
        capture: m.capture.map_or(NO_SQUARE, |c| c.0),
        from2,
        to2,
        promotion: m.promotion.map_or(NO_PROMOTION, |k| k.0),
        flags: 0,
    }
}

fn core(m: Move) -> chess4d_core::Move {
    chess4d_core::Move {
        from: Square(m.from),
        to: Square(m.to),
        promotion: m.promotion().map(chess4d_core::PieceKind),
        capture: m.capture().map(Square),
        second: m.second().map(|(a, b)| (Square(a), Square(b))),
    }
}

impl RulesPlugin for TablePlugin {
    fn variant(&self) -> VariantDesc {
        let info = self.rules.info();
        let axes = info.shape.axes();
        VariantDesc {
            name: self.name.into(),
            title: format!("{} (plugin)", info.title),
            description: info.description.clone(),
            sizes: info.shape.sizes()[..axes].to_vec(),
            pieces: info
                .pieces
                .iter()
                .map(|p| PieceDesc {
                    letter: p.letter,
                    name: p.name.clone(),
                    value: p.value,
                    royal: p.royal,
                    pawn: p.pawn,
                })
                .collect(),
            castling_letters: info.castling_letters.iter().collect(),
            en_passant: info.en_passant,
            repetition_limit: info.repetition_limit,
            move_limit_plies: info.move_limit_plies,
            bare_kings_draw: info.bare_kings_draw,
            counter_limit: self.counters.map_or(0, |[w, b]| w.max(b)),
            pockets: self.pockets,
        }
    }

    fn start_position(&self) -> PositionData {
        self.data(&self.rules.start_position())
    }

    fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<Move>) {
        MOVES.with(|cell| {
            let mut moves = cell.borrow_mut();
            self.with_position(pos, |p| self.rules.legal_moves(p, &mut moves));
            out.extend(moves.iter().copied().map(raw));
        });
    }

    fn apply_move(
        &self,
        pos: &PositionRef<'_>,
        mv: Move,
        changes: &mut Changes,
    ) -> Result<State, String> {
        let after = self.with_position(pos, |p| {
            let undo = self.rules.make_move(p, core(mv));
            for &(sq, _) in undo.changes() {
                let piece = p.piece_at(sq).map_or(0, Piece::code);
                changes.push(SquareChange::new(sq.0, piece).promoted(p.is_promoted(sq)));
            }
            // The one count in hand that differs from the lent position's.
            if let Some(lent) = pos.pockets {
                for c in [Color::White, Color::Black] {
                    for k in 0..self.rules.info().pieces.len() as u8 {
                        let (was, now) = (lent.in_hand(side(c), k), p.in_hand(c, PieceKind(k)));
                        if was != now {
                            changes.to_hand(side(c), k, (now as i16 - was as i16) as i8);
                        }
                    }
                }
            }
            TablePlugin::state(p)
        });
        // Keep the position after the move: the host asks about it next (perft, search),
        // so the mirror records that board and the next call has nothing to update.
        MIRROR.with(|cell| cell.borrow_mut().0.apply(&changes.squares));
        Ok(after)
    }

    fn status(&self, pos: &PositionRef<'_>) -> Option<GameStatus> {
        use chess4d_core::{Reason, Status};
        let status = self.with_position(pos, |p| self.rules.status(p));
        Some(match status {
            Status::Ongoing => GameStatus::Ongoing,
            Status::Checkmate => GameStatus::Checkmate,
            Status::Stalemate => GameStatus::Stalemate,
            Status::InsufficientMaterial => GameStatus::InsufficientMaterial,
            Status::Ended { winner, reason } => GameStatus::Ended {
                winner: winner.map(side),
                reason: match reason {
                    Reason::Stalemate => EndReason::Stalemate,
                    Reason::Goal => EndReason::Goal,
                    Reason::Checks => EndReason::Checks,
                    Reason::Extinction => EndReason::Extinction,
                    // The rules end games by these alone; the rest are the game's.
                    _ => EndReason::Checkmate,
                },
            },
        })
    }

    fn is_attacked(&self, pos: &PositionRef<'_>, square: u16, by: Side) -> bool {
        self.with_position(pos, |p| {
            self.rules.is_attacked(p, Square(square), color(by))
        })
    }

    fn attackers(&self, pos: &PositionRef<'_>, square: u16, by: Side, out: &mut Vec<u16>) {
        let mut v = Vec::new();
        self.with_position(pos, |p| {
            self.rules.attackers(p, Square(square), color(by), &mut v)
        });
        out.extend(v.into_iter().map(|s| s.0));
    }
}
