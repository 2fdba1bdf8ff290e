//! Orthodox chess as a rule plugin, built on the table-driven engine, so that perft
//! through the C ABI can be compared with perft on the same rules linked directly
//! (the plugin tests check equal counts; the `plugin` bench measures the cost).
//!
//! A real plugin would keep its own fast board; this one rebuilds a core `Position`
//! from the host's bytes on every call, which is the overhead a plugin pays at worst.

use chess4d_core::{Color, Piece, Position, Rules, Square};
use chess4d_plugin_api::*;
use std::sync::Arc;

struct Orthodox {
    rules: Arc<dyn Rules>,
}

impl Default for Orthodox {
    fn default() -> Orthodox {
        let catalog = chess4d_variants::Catalog::embedded();
        match catalog.get("orthodox") {
            Ok(rules) => Orthodox { rules },
            Err(e) => panic!("the embedded orthodox variant does not load: {e}"),
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

impl Orthodox {
    fn position(&self, pos: &PositionRef<'_>) -> Position {
        let info = self.rules.info();
        let mut p = Position::empty(info.shape);
        for (i, &code) in pos.board.iter().enumerate() {
            if let Some(piece) = Piece::from_code(code) {
                let sq = Square(i as u16);
                p.put(sq, Some(piece));
                if info.pieces[piece.kind().index()].royal {
                    p.set_king(piece.color(), Some(sq));
                }
            }
        }
        p.set_side_to_move(color(pos.state.side));
        p.set_castling_rights(pos.state.castling as u8);
        p.set_en_passant(pos.state.en_passant.map(Square));
        p.set_halfmove_clock(pos.state.halfmove_clock as u16);
        p.set_fullmove_number(pos.state.fullmove_number);
        p
    }

    fn state(p: &Position) -> State {
        State {
            side: side(p.side_to_move()),
            castling: p.castling_rights() as u32,
            en_passant: p.en_passant().map(|s| s.0),
            halfmove_clock: p.halfmove_clock() as u32,
            fullmove_number: p.fullmove_number(),
        }
    }
}

fn raw(m: chess4d_core::Move) -> Move {
    let mut r = Move::new(m.from.0, m.to.0);
    if let Some(k) = m.promotion {
        r = r.with_promotion(k.0);
    }
    if let Some(c) = m.capture {
        r = r.with_capture(c.0);
    }
    if let Some((a, b)) = m.second {
        r = r.with_second(a.0, b.0);
    }
    r
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

impl RulesPlugin for Orthodox {
    fn variant(&self) -> VariantDesc {
        let info = self.rules.info();
        let axes = info.shape.axes();
        VariantDesc {
            name: "orthodox-plugin".into(),
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
        }
    }

    fn start_position(&self) -> PositionData {
        let p = self.rules.start_position();
        PositionData {
            board: p.board().iter().map(|x| x.map_or(0, Piece::code)).collect(),
            state: Orthodox::state(&p),
        }
    }

    fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<Move>) {
        let p = self.position(pos);
        let mut moves = Vec::with_capacity(64);
        self.rules.legal_moves(&p, &mut moves);
        out.extend(moves.into_iter().map(raw));
    }

    fn apply_move(
        &self,
        pos: &PositionRef<'_>,
        mv: Move,
        changes: &mut Vec<SquareChange>,
    ) -> Result<State, String> {
        let mut p = self.position(pos);
        let undo = self.rules.make_move(&mut p, core(mv));
        for &(sq, _) in undo.changes() {
            changes.push(SquareChange {
                square: sq.0,
                piece: p.piece_at(sq).map_or(0, Piece::code),
                reserved: 0,
            });
        }
        Ok(Orthodox::state(&p))
    }

    fn is_attacked(&self, pos: &PositionRef<'_>, square: u16, by: Side) -> bool {
        self.rules
            .is_attacked(&self.position(pos), Square(square), color(by))
    }

    fn attackers(&self, pos: &PositionRef<'_>, square: u16, by: Side, out: &mut Vec<u16>) {
        let mut v = Vec::new();
        self.rules
            .attackers(&self.position(pos), Square(square), color(by), &mut v);
        out.extend(v.into_iter().map(|s| s.0));
    }
}

export_plugin!(Orthodox);
