//! The board editor's model: a position being set up for any variant, piece by piece,
//! with the side to move, castling rights and the en-passant square; its FEN, and
//! whether the rules accept it, at every step. The panel (`gui::editor`) draws it;
//! "play from here" hands its FEN to [`super::Session::new_game_from_fen`].

use chess4d_core::{Color, Piece, PieceKind, Position, Rules, Square};
use std::sync::Arc;

/// What a click on a square does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Puts this piece there (or takes it away when it is already there).
    Piece(Piece),
    /// Empties the square.
    Erase,
}

/// A position being set up.
///
/// # Examples
///
/// ```
/// use chess4d::session::editor::{Brush, Editor};
/// use chess4d_core::{Color, Piece};
///
/// let rules = chess4d_variants::Catalog::embedded().get("orthodox").unwrap();
/// let mut editor = Editor::new(rules.clone(), &rules.start_position());
/// editor.clear();
/// let shape = rules.info().shape;
/// let king = |c| Piece::new(rules.info().kind_by_letter('K').unwrap(), c);
/// editor.brush = Brush::Piece(king(Color::White));
/// editor.paint(shape.parse_square("e1").unwrap());
/// editor.brush = Brush::Piece(king(Color::Black));
/// editor.paint(shape.parse_square("e8").unwrap());
/// assert_eq!(editor.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// assert!(editor.check().is_ok());
/// ```
#[derive(Clone)]
pub struct Editor {
    rules: Arc<dyn Rules>,
    pos: Position,
    /// What a click does.
    pub brush: Brush,
}

impl std::fmt::Debug for Editor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Editor")
            .field("variant", &self.rules.info().name)
            .field("fen", &self.fen())
            .field("brush", &self.brush)
            .finish()
    }
}

impl Editor {
    /// An editor for `rules`, starting from `pos`.
    pub fn new(rules: Arc<dyn Rules>, pos: &Position) -> Editor {
        let brush = Editor::palette_of(&*rules)
            .first()
            .map_or(Brush::Erase, |&p| Brush::Piece(p));
        Editor {
            pos: pos.clone(),
            rules,
            brush,
        }
    }

    /// The rules the position is set up for.
    pub fn rules(&self) -> &Arc<dyn Rules> {
        &self.rules
    }

    /// The position as it stands (not necessarily one the rules accept).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Every piece of the variant, White's then Black's.
    pub fn palette(&self) -> Vec<Piece> {
        Editor::palette_of(&*self.rules)
    }

    fn palette_of(rules: &dyn Rules) -> Vec<Piece> {
        let kinds = rules.info().pieces.len();
        Color::ALL
            .into_iter()
            .flat_map(|c| (0..kinds).map(move |k| Piece::new(PieceKind(k as u8), c)))
            .collect()
    }

    /// The piece's letter as FEN writes it (upper case for White).
    pub fn letter(&self, piece: Piece) -> char {
        self.rules.info().letter(piece)
    }

    /// Applies the brush to `sq`: a piece goes there, or comes off when the same piece
    /// is already there; the eraser empties it. Castling rights whose king or rook the
    /// change takes away go (as the rules read such a position); an en-passant square
    /// the change makes impossible is left for [`Editor::check`] to report.
    pub fn paint(&mut self, sq: Square) {
        // A hole is no square: nothing stands there.
        if !self.pos.shape().contains(sq) || self.rules.board_look().holes.contains(&sq) {
            return;
        }
        let now = self.pos.piece_at(sq);
        let new = match self.brush {
            Brush::Piece(p) if now == Some(p) => None,
            Brush::Piece(p) => Some(p),
            Brush::Erase => None,
        };
        self.pos.put(sq, new);
        self.drop_lost_castling();
    }

    /// Drops the castling rights that name a king or rook no longer on its square, the
    /// way a board editor greys out the castling boxes it cannot allow.
    fn drop_lost_castling(&mut self) {
        let fen = self.rules.format_position(&self.pos);
        if let Ok(read) = self.rules.parse_position_unchecked(&fen) {
            let kept = self.pos.castling_rights() & read.castling_rights();
            self.pos.set_castling_rights(kept);
        }
    }

    /// Empties the board and the hands; no castling, no en passant.
    pub fn clear(&mut self) {
        let side = self.pos.side_to_move();
        let pockets = self.pos.has_pockets();
        self.pos = Position::empty(*self.pos.shape());
        if pockets {
            self.pos.enable_pockets();
        }
        self.pos.set_side_to_move(side);
    }

    /// Whether the variant keeps pieces in hand (then the hands can be edited).
    pub fn has_hands(&self) -> bool {
        self.pos.has_pockets()
    }

    /// How many of every kind `color` holds in hand, in the variant's order.
    pub fn hand(&self, color: Color) -> Vec<(PieceKind, u8)> {
        (0..self.rules.info().pieces.len())
            .map(|k| {
                let kind = PieceKind(k as u8);
                (kind, self.pos.in_hand(color, kind))
            })
            .collect()
    }

    /// The kinds held, White's then Black's, each at least once: the order the hand
    /// strips show them in.
    pub fn hand_slots(&self) -> Vec<(Color, PieceKind, u8)> {
        Color::ALL
            .into_iter()
            .flat_map(|c| {
                self.hand(c)
                    .into_iter()
                    .filter(|&(_, n)| n > 0)
                    .map(move |(k, n)| (c, k, n))
            })
            .collect()
    }

    /// Puts one more `kind` in `color`'s hand (up to 99; nothing without hands).
    pub fn add_to_hand(&mut self, color: Color, kind: PieceKind) {
        let n = self.pos.in_hand(color, kind);
        if n < 99 {
            self.pos.set_in_hand(color, kind, n + 1);
        }
    }

    /// Takes one `kind` out of `color`'s hand, if it holds any.
    pub fn take_from_hand(&mut self, color: Color, kind: PieceKind) {
        let n = self.pos.in_hand(color, kind);
        if n > 0 {
            self.pos.set_in_hand(color, kind, n - 1);
        }
    }

    /// The variant's start position.
    pub fn start(&mut self) {
        self.pos = self.rules.start_position();
    }

    /// Swaps the sides: every piece changes colour and goes to the mirror square across
    /// the ranks (and across W on four-axis boards, where the sides start on opposite W
    /// boards); the other side moves; castling and en passant are cleared.
    pub fn flip(&mut self) {
        let shape = *self.pos.shape();
        let sizes = shape.sizes();
        let mut flipped = Position::empty(shape);
        for (sq, piece) in self.pos.pieces() {
            let mut c = shape.coords(sq);
            c[1] = sizes[1] - 1 - c[1];
            if shape.axes() == 4 {
                c[3] = sizes[3] - 1 - c[3];
            }
            if let Some(to) = shape.square(c) {
                flipped.put(to, Some(Piece::new(piece.kind(), !piece.color())));
            }
        }
        if self.pos.has_pockets() {
            // The hands change sides with the pieces.
            flipped.enable_pockets();
            for (kind, n) in self.hand(Color::White) {
                flipped.set_in_hand(Color::Black, kind, n);
            }
            for (kind, n) in self.hand(Color::Black) {
                flipped.set_in_hand(Color::White, kind, n);
            }
        }
        flipped.set_side_to_move(!self.pos.side_to_move());
        self.pos = flipped;
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, side: Color) {
        self.pos.set_side_to_move(side);
    }

    /// The variant's castling options (their FEN letters) and whether each is allowed.
    pub fn castling(&self) -> Vec<(char, bool)> {
        let rights = self.pos.castling_rights();
        self.rules
            .info()
            .castling_letters
            .iter()
            .enumerate()
            .map(|(i, &l)| (l, rights.checked_shr(i as u32).unwrap_or(0) & 1 != 0))
            .collect()
    }

    /// Allows or forbids castling option `index` (in [`Editor::castling`]'s order).
    pub fn set_castling(&mut self, index: usize, allowed: bool) {
        let Some(bit) = 1u32.checked_shl(index as u32) else {
            return;
        };
        let rights = self.pos.castling_rights();
        self.pos
            .set_castling_rights(if allowed { rights | bit } else { rights & !bit });
    }

    /// The en-passant square's name, or empty.
    pub fn en_passant(&self) -> String {
        self.pos
            .en_passant()
            .map(|sq| self.pos.shape().square_name(sq))
            .unwrap_or_default()
    }

    /// Sets the en-passant square from its name (empty or `-` for none).
    pub fn set_en_passant(&mut self, name: &str) -> Result<(), String> {
        let name = name.trim();
        if name.is_empty() || name == "-" {
            self.pos.set_en_passant(None);
            return Ok(());
        }
        if !self.rules.info().en_passant {
            return Err(format!("{} has no en passant", self.rules.info().title));
        }
        let sq = self
            .pos
            .shape()
            .parse_square(name)
            .map_err(|e| e.to_string())?;
        self.pos.set_en_passant(Some(sq));
        Ok(())
    }

    /// The position's FEN as set up.
    pub fn fen(&self) -> String {
        self.rules.format_position(&self.pos)
    }

    /// The position as the rules read its FEN, or why they refuse it: the validity the
    /// editor shows live.
    pub fn check(&self) -> Result<Position, String> {
        self.rules
            .parse_position(&self.fen())
            .map_err(|e| e.to_string())
    }

    /// Takes a pasted FEN; the position stays when the rules refuse it.
    pub fn paste(&mut self, fen: &str) -> Result<(), String> {
        let pos = self
            .rules
            .parse_position(fen.trim())
            .map_err(|e| e.to_string())?;
        self.pos = pos;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    fn editor(variant: &str) -> Editor {
        let rules = Catalog::embedded().get(variant).expect("variant");
        Editor::new(rules.clone(), &rules.start_position())
    }

    fn piece(e: &Editor, letter: char, color: Color) -> Piece {
        Piece::new(
            e.rules().info().kind_by_letter(letter).expect("letter"),
            color,
        )
    }

    fn sq(e: &Editor, name: &str) -> Square {
        e.position().shape().parse_square(name).expect("square")
    }

    #[test]
    fn a_position_built_by_clicks_is_checked_and_played() {
        let mut e = editor("orthodox");
        assert!(e.check().is_ok(), "the start is valid");
        e.clear();
        // (Whether a board without kings is refused is the rules' call: the editor shows
        // whatever `parse_position` says of its FEN.)
        e.brush = Brush::Piece(piece(&e, 'K', Color::White));
        e.paint(sq(&e, "e1"));
        e.brush = Brush::Piece(piece(&e, 'K', Color::Black));
        e.paint(sq(&e, "e8"));
        e.brush = Brush::Piece(piece(&e, 'R', Color::White));
        e.paint(sq(&e, "h1"));
        e.set_castling(0, true);
        assert_eq!(e.castling()[0], ('K', true));
        assert_eq!(e.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let pos = e.check().expect("valid");
        let mut game = chess4d_core::Game::from_position(e.rules().clone(), pos);
        chess4d_core::play_notation(&mut game, "O-O").expect("castles");
        // The same piece again takes it off; the eraser empties.
        e.paint(sq(&e, "h1"));
        assert_eq!(e.position().piece_at(sq(&e, "h1")), None);
        e.brush = Brush::Erase;
        e.paint(sq(&e, "e8"));
        // The rook gone, its castling right goes with it.
        assert_eq!(e.fen(), "8/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(
            e.check().map_err(|_| ()),
            e.rules().parse_position(&e.fen()).map_err(|_| ())
        );
    }

    #[test]
    fn side_en_passant_paste_and_flip() {
        let mut e = editor("orthodox");
        e.paste("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").expect("paste");
        assert_eq!(e.en_passant(), "d6");
        assert!(e.set_en_passant("z9").is_err());
        e.set_en_passant("-").expect("none");
        assert_eq!(e.en_passant(), "");
        e.set_side_to_move(Color::Black);
        assert_eq!(e.fen(), "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1");
        assert!(e.paste("not a fen").is_err());
        assert_eq!(e.fen(), "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1", "kept");
        e.flip();
        assert_eq!(e.fen(), "4k3/8/8/8/3Pp3/8/8/4K3 w - - 0 1");
    }

    #[test]
    fn play_from_here_starts_the_session_on_the_edited_position() {
        let mut session =
            crate::session::Session::new(Catalog::embedded(), "orthodox").expect("session");
        let mut e = Editor::new(session.rules().clone(), session.game().position());
        e.paint(sq(&e, "d2")); // the brush starts as White's first piece: the king
        e.brush = Brush::Erase;
        e.paint(sq(&e, "e1"));
        let fen = e.fen();
        assert_eq!(
            fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPKPPPP/RNBQ1BNR w kq - 0 1"
        );
        let read = e.check().expect("valid");
        assert!(session.new_game_from_fen(&fen));
        // The game starts from the position as the rules read it (here without the
        // castling rights a king off its square cannot have), which the panel shows.
        assert_eq!(session.game().position(), &read);
        assert_eq!(
            session.rules().format_position(&read),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPKPPPP/RNBQ1BNR w kq - 0 1"
        );
    }

    #[test]
    fn hands_are_edited_written_kept_by_clear_and_swapped_by_flip() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants/crazyhouse.toml");
        let rules = chess4d_variants::load_file(&path).expect("crazyhouse");
        let mut e = Editor::new(rules.clone(), &rules.start_position());
        assert!(e.has_hands());
        assert!(!editor("orthodox").has_hands());
        let knight = e.rules().info().kind_by_letter('N').expect("N");
        let pawn = e.rules().info().kind_by_letter('P').expect("P");
        e.add_to_hand(Color::White, knight);
        e.add_to_hand(Color::White, knight);
        e.add_to_hand(Color::Black, pawn);
        assert!(e.fen().contains("[NNp]"), "{}", e.fen());
        assert_eq!(
            e.hand_slots(),
            vec![(Color::White, knight, 2), (Color::Black, pawn, 1)]
        );
        let read = e.check().expect("valid");
        assert_eq!(read.in_hand(Color::White, knight), 2);
        e.take_from_hand(Color::White, knight);
        e.take_from_hand(Color::Black, knight); // none there: nothing happens
        assert_eq!(e.hand_slots()[0], (Color::White, knight, 1));
        e.flip();
        assert_eq!(e.position().in_hand(Color::Black, knight), 1);
        assert_eq!(e.position().in_hand(Color::White, pawn), 1);
        e.clear();
        assert!(e.has_hands(), "an empty board keeps its (empty) hands");
        assert!(e.hand_slots().is_empty());
        e.add_to_hand(Color::Black, knight);
        assert_eq!(e.hand_slots().len(), 1);
    }

    #[test]
    fn nothing_is_painted_on_a_hole() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants/donut.toml");
        let rules = chess4d_variants::load_file(&path).expect("donut");
        let mut e = Editor::new(rules.clone(), &rules.start_position());
        let before = e.fen();
        e.paint(sq(&e, "d4"));
        assert_eq!(e.fen(), before);
        e.paint(sq(&e, "d3"));
        assert_ne!(e.fen(), before);
    }

    #[test]
    fn every_variant_has_a_palette_and_the_4d_flip_mirrors_w() {
        let mut e = editor("full");
        assert_eq!(e.palette().len(), 2 * e.rules().info().pieces.len());
        let start = e.fen();
        e.flip();
        e.flip();
        assert_eq!(e.fen(), start, "two flips are none");
        assert!(
            e.set_en_passant("a1[0,0]").is_err(),
            "full has no en passant"
        );
    }
}
