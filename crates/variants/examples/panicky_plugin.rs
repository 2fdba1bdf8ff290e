//! A rule plugin that panics on purpose, for the loader's fault tests.
//!
//! Two kings on a 1x5 board step one square. `legal_moves` panics once the half-move
//! clock reaches 2 (so a game can start normally and then hit the panic), and
//! `parse_move` always panics. The host must catch both and keep running.

use chess4d_plugin_api::*;

#[derive(Default)]
struct Panicky;

impl RulesPlugin for Panicky {
    fn variant(&self) -> VariantDesc {
        VariantDesc {
            name: "panicky".into(),
            title: "Panicky kings".into(),
            description: "A test plugin that panics.".into(),
            sizes: vec![5],
            pieces: vec![PieceDesc {
                letter: 'K',
                name: "king".into(),
                value: 0,
                royal: true,
                pawn: false,
            }],
            ..VariantDesc::default()
        }
    }

    fn start_position(&self) -> PositionData {
        PositionData::new(vec![1, 0, 0, 0, 2], State::new())
    }

    fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<Move>) {
        assert!(
            pos.state.halfmove_clock < 2,
            "legal_moves gave up after two plies"
        );
        let me = piece_code(0, pos.side());
        let Some(from) = (0..5u16).find(|&s| pos.piece(s) == Some(me)) else {
            return;
        };
        for to in [from.wrapping_sub(1), from + 1] {
            if to < 5 && pos.piece(to).is_none() && !self.is_attacked(pos, to, pos.side().other()) {
                out.push(Move::new(from, to));
            }
        }
    }

    fn apply_move(
        &self,
        pos: &PositionRef<'_>,
        mv: Move,
        changes: &mut Changes,
    ) -> Result<State, String> {
        standard_changes(pos, mv, changes);
        Ok(pos.state.after_move(false))
    }

    fn is_attacked(&self, pos: &PositionRef<'_>, square: u16, by: Side) -> bool {
        let king = piece_code(0, by);
        [square.wrapping_sub(1), square + 1]
            .iter()
            .any(|&s| pos.piece(s) == Some(king))
    }

    fn attackers(&self, pos: &PositionRef<'_>, square: u16, by: Side, out: &mut Vec<u16>) {
        let king = piece_code(0, by);
        out.extend(
            [square.wrapping_sub(1), square + 1]
                .into_iter()
                .filter(|&s| pos.piece(s) == Some(king)),
        );
    }

    fn parse_move(&self, _pos: &PositionRef<'_>, text: &str) -> Option<Result<Move, String>> {
        panic!("parse_move exploded on '{text}'")
    }
}

export_plugin!(Panicky);
