//! The board editor's side of the state: the position being set up
//! ([`crate::session::editor::Editor`]) and the panel's fields, kept here between
//! frames (not in egui's memory), and what its actions do. The panel (gui/editor.rs)
//! only reads it and pushes [`EditorAction`]s; a click on the main views while the
//! editor is open is one too (gui/input.rs).

use crate::session::Session;
use crate::session::editor::{Brush, Editor};
use chess4d_core::{Color, PieceKind, Square};

/// Something done to the board editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorAction {
    /// The panel is drawn open this frame: an editor on the game's position is made
    /// when there is none (or the variant changed).
    Shown,
    /// Picks what a click does.
    Brush(Brush),
    /// Applies the brush to a square (from the panel's board or the main views).
    Place(Square),
    /// One more of a piece in its side's hand.
    AddToHand(Color, PieceKind),
    /// One fewer of a piece in its side's hand.
    TakeFromHand(Color, PieceKind),
    /// One fewer of the hand strips' piece number `index` (a click on the main views).
    TakeFromHandSlot(usize),
    /// Empties the board.
    Clear,
    /// The variant's start position.
    Start,
    /// Swaps the sides.
    Flip,
    /// Starts again from the game's position.
    FromGame,
    /// Who moves first.
    SideToMove(Color),
    /// One castling right on or off (its index in [`Editor::castling`]).
    Castling(usize, bool),
    /// The en-passant field as typed (read as a square, or `-`).
    EnPassant(String),
    /// The paste field as typed.
    PasteField(String),
    /// Reads the paste field's FEN into the editor.
    Paste,
    /// A new game from the position, with the Play tab's players.
    PlayFromHere,
    /// A new game from the position, analysed.
    Analyse,
    /// Whether clicks on the main views place the brush.
    OnMain(bool),
}

/// The editor and the panel's fields.
#[derive(Clone, Debug)]
pub struct EditorModel {
    /// The position being set up.
    pub editor: Editor,
    /// The en-passant field as typed.
    pub en_passant: String,
    /// The paste field as typed.
    pub pasted: String,
    /// Why the last paste or en-passant square was refused.
    pub message: Option<String>,
    /// Whether clicks on the main views place the brush (off after "Play from here",
    /// so the game can be played there; on again when a brush is picked).
    pub on_main: bool,
}

impl EditorModel {
    /// An editor on the game's position.
    pub fn fresh(session: &Session) -> EditorModel {
        let editor = Editor::new(session.rules().clone(), session.game().position());
        EditorModel {
            en_passant: editor.en_passant(),
            editor,
            pasted: String::new(),
            message: None,
            on_main: true,
        }
    }

    fn stale(&self, session: &Session) -> bool {
        self.editor.rules().info().name != session.variant()
    }
}

/// The editor, when it was opened, and whether its panel is on screen.
#[derive(Clone, Debug, Default)]
pub struct EditorState {
    /// The model, once the panel was opened.
    pub model: Option<EditorModel>,
    /// Whether the panel was drawn open in the last frame ([`EditorAction::Shown`];
    /// the window clears it before each frame's panels).
    pub shown: bool,
}

impl EditorState {
    /// Whether a click on the main views goes to the editor rather than the game.
    pub fn takes_board_clicks(&self) -> bool {
        self.shown && self.model.as_ref().is_some_and(|m| m.on_main)
    }

    /// The model the panel draws: the kept one, or a fresh one on the game's position
    /// for the first frame it is open.
    pub fn model_for(&self, session: &Session) -> EditorModel {
        match &self.model {
            Some(m) if !m.stale(session) => m.clone(),
            _ => EditorModel::fresh(session),
        }
    }

    /// Applies one action; the game changes only for "play from here" and "analyse".
    pub fn apply(&mut self, action: EditorAction, session: &mut Session) {
        if self.model.as_ref().is_none_or(|m| m.stale(session)) {
            self.model = Some(EditorModel::fresh(session));
        }
        let Some(m) = self.model.as_mut() else {
            return;
        };
        use EditorAction as A;
        match action {
            A::Shown => self.shown = true,
            A::Brush(b) => {
                m.editor.brush = b;
                m.on_main = true;
            }
            A::Place(sq) => {
                m.editor.paint(sq);
                m.message = None;
            }
            A::AddToHand(c, k) => m.editor.add_to_hand(c, k),
            A::TakeFromHand(c, k) => m.editor.take_from_hand(c, k),
            A::TakeFromHandSlot(index) => {
                if let Some(&(c, k, _)) = m.editor.hand_slots().get(index) {
                    m.editor.take_from_hand(c, k);
                }
                m.message = None;
            }
            A::Clear => m.editor.clear(),
            A::Start => m.editor.start(),
            A::Flip => m.editor.flip(),
            A::FromGame => *m = EditorModel::fresh(session),
            A::SideToMove(c) => m.editor.set_side_to_move(c),
            A::Castling(i, on) => m.editor.set_castling(i, on),
            A::EnPassant(text) => {
                m.message = m.editor.set_en_passant(&text).err();
                m.en_passant = text;
            }
            A::PasteField(text) => m.pasted = text,
            A::Paste => match m.editor.paste(&m.pasted.clone()) {
                Ok(()) => {
                    m.message = None;
                    m.en_passant = m.editor.en_passant();
                }
                Err(e) => m.message = Some(e),
            },
            A::PlayFromHere | A::Analyse => {
                if let Err(e) = m.editor.check() {
                    m.message = Some(e);
                    return;
                }
                let fen = m.editor.fen();
                let analyse = action == A::Analyse;
                let started = if analyse {
                    session.new_game_from_fen(&fen)
                } else {
                    session.play_from_here(&fen)
                };
                if started {
                    if analyse {
                        session.set_analysis(true);
                    }
                    // The game is played on the main views now; the editor keeps its
                    // position for another try (the variant did not change).
                    if let Some(m) = self.model.as_mut() {
                        m.message = None;
                        m.on_main = false;
                    }
                }
            }
            A::OnMain(on) => m.on_main = on,
        }
    }

    /// While the editor is open the main views show the position being built, with
    /// nothing of the game's marks, so a click there is seen where it lands.
    pub fn show_in_scene(&self, scene: &mut chess4d_render::Scene) {
        if !self.takes_board_clicks() {
            return;
        }
        let Some(model) = &self.model else { return };
        let editor = &model.editor;
        if editor.position().shape().sizes() != scene.shape {
            return;
        }
        scene.pieces = editor
            .position()
            .pieces()
            .map(|(sq, p)| chess4d_render::ScenePiece {
                square: sq.0,
                glyph: editor.letter(p).to_ascii_uppercase(),
                white: p.color() == Color::White,
            })
            .collect();
        scene.highlights.retain(|(_, h)| {
            matches!(
                h,
                chess4d_render::Highlight::Hover | chess4d_render::Highlight::Focus
            )
        });
        scene.arrows.clear();
        scene.floating = None;
        if scene.hands.is_some() && editor.has_hands() {
            scene.hands = Some(
                editor
                    .hand_slots()
                    .into_iter()
                    .map(|(color, kind, count)| chess4d_render::HandPiece {
                        glyph: editor
                            .letter(chess4d_core::Piece::new(kind, color))
                            .to_ascii_uppercase(),
                        white: color == Color::White,
                        count,
                        selected: false,
                        focused: false,
                    })
                    .collect(),
            );
        }
    }
}
