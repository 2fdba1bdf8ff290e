//! The board editor's panel (in the Play tab): a palette of the variant's pieces, a flat
//! board of every (z, w) board to place and remove them by mouse, the side to move,
//! castling rights, the en-passant square, the position's validity said live, copy and
//! paste of the FEN, and "play from here". The model is [`crate::session::editor`], kept
//! with the panel's fields in the app's state ([`crate::app_state::editor`]); this file
//! only draws it and pushes [`EditorAction`]s.

use crate::app_state::Action;
use crate::app_state::editor::{EditorAction, EditorModel, EditorState};
use crate::session::Session;
use crate::session::editor::{Brush, Editor};
use chess4d_core::{Color, Square};
use egui::{Color32, RichText, Ui, vec2};

use super::widgets;

/// The "Board editor" section: shut until opened, on the current game's position.
/// The editor's model is the app's state (crate::app_state::editor); every change is an
/// [`EditorAction`]. `probes` gets where its header and "Play from here" are drawn.
pub fn editor_section(
    side: &mut Ui,
    session: &Session,
    state: &EditorState,
    probes: &mut Probes,
    act: &mut Vec<Action>,
) {
    let shown = egui::CollapsingHeader::new("Board editor")
        .id_salt("board-editor")
        .default_open(false)
        .show(side, |ui| {
            let model = state.model_for(session);
            let mut out = Vec::new();
            body(ui, &model, probes, &mut out);
            // Open this frame: the main views place pieces (and show the position).
            act.push(Action::Editor(EditorAction::Shown));
            act.extend(out.into_iter().map(Action::Editor));
        });
    probes.push(("board-editor", shown.header_response.rect.center()));
}

/// Where named buttons are drawn (points), for scripts.
pub type Probes = Vec<(&'static str, egui::Pos2)>;

type Out = Vec<EditorAction>;

fn body(ui: &mut Ui, state: &EditorModel, probes: &mut Probes, out: &mut Out) {
    palette(ui, &state.editor, out);
    ui.add_space(4.0);
    board(ui, &state.editor, out);
    if state.editor.has_hands() {
        hands(ui, &state.editor, out);
    }
    ui.add_space(4.0);
    ui.horizontal_wrapped(|row| {
        if row.button("Clear").clicked() {
            out.push(EditorAction::Clear);
        }
        if row.button("Start position").clicked() {
            out.push(EditorAction::Start);
        }
        if row
            .button("Flip")
            .on_hover_text("Swap the sides: colours and ranks mirrored")
            .clicked()
        {
            out.push(EditorAction::Flip);
        }
        if row
            .button("From the game")
            .on_hover_text("Edit the position on the board")
            .clicked()
        {
            out.push(EditorAction::FromGame);
        }
    });
    settings(ui, state, out);
    fen_rows(ui, state, out);
    let fen = state.editor.fen();
    let valid = state.editor.check();
    match &valid {
        Ok(pos) => {
            ui.label(RichText::new("A valid position").color(widgets::GOOD));
            let read = state.editor.rules().format_position(pos);
            if read != fen {
                ui.label(RichText::new(format!("read as {read}")).small().weak());
            }
        }
        Err(e) => {
            ui.label(RichText::new(e).color(widgets::BAD));
        }
    }
    if let Some(message) = &state.message {
        widgets::error_text(ui, message);
    }
    ui.horizontal(|row| {
        let play = row
            .add_enabled(valid.is_ok(), egui::Button::new("Play from here"))
            .on_hover_text(
                "A new game from this position, with the players of the Play tab (the \
                 analysis ends: whoever played the computer before plays it again)",
            );
        probes.push(("play-from-here", play.rect.center()));
        if play.clicked() {
            out.push(EditorAction::PlayFromHere);
        }
        // The analysis mode (gui/analysis.rs) on this position.
        let analyse = row
            .add_enabled(valid.is_ok(), egui::Button::new("Analyse"))
            .on_hover_text("A new game from this position, with the engine's best lines");
        if analyse.clicked() {
            out.push(EditorAction::Analyse);
        }
    });
    let mut on_main = state.on_main;
    if ui
        .checkbox(&mut on_main, "Place pieces on the main boards too")
        .on_hover_text("A click on either main view puts the picked piece there (or erases)")
        .changed()
    {
        out.push(EditorAction::OnMain(on_main));
    }
}

/// The variant's pieces, White's then Black's, and the eraser.
fn palette(ui: &mut Ui, editor: &Editor, out: &mut Out) {
    ui.horizontal_wrapped(|row| {
        for piece in editor.palette() {
            let letter = editor.letter(piece).to_string();
            let name = editor
                .rules()
                .info()
                .pieces
                .get(piece.kind().index())
                .map_or(String::new(), |p| p.name.clone());
            let picked = editor.brush == Brush::Piece(piece);
            if row
                .selectable_label(picked, RichText::new(letter).monospace())
                .on_hover_text(format!("{} {name}", piece.color()))
                .clicked()
            {
                out.push(EditorAction::Brush(Brush::Piece(piece)));
            }
        }
        if row
            .selectable_label(editor.brush == Brush::Erase, "Erase")
            .clicked()
        {
            out.push(EditorAction::Brush(Brush::Erase));
        }
    });
}

/// The hands: a button puts one of the picked piece in its side's hand, and each
/// piece held is a button that takes one out (as a click on it in the main strips).
fn hands(ui: &mut Ui, editor: &Editor, out: &mut Out) {
    ui.horizontal_wrapped(|row| {
        let brush = match editor.brush {
            Brush::Piece(p) => Some(p),
            Brush::Erase => None,
        };
        let add = row
            .add_enabled(brush.is_some(), egui::Button::new("+ to hand"))
            .on_hover_text("Puts one of the picked piece in its side's hand");
        if add.clicked()
            && let Some(p) = brush
        {
            out.push(EditorAction::AddToHand(p.color(), p.kind()));
        }
    });
    for color in Color::ALL {
        ui.horizontal_wrapped(|row| {
            row.label(format!("{color}'s hand:"));
            let held: Vec<_> = editor
                .hand(color)
                .into_iter()
                .filter(|&(_, n)| n > 0)
                .collect();
            if held.is_empty() {
                row.label(RichText::new("empty").weak());
            }
            for (kind, n) in held {
                let letter = editor.letter(chess4d_core::Piece::new(kind, color));
                if row
                    .small_button(RichText::new(format!("{letter}x{n}")).monospace())
                    .on_hover_text("Takes one out of the hand")
                    .clicked()
                {
                    out.push(EditorAction::TakeFromHand(color, kind));
                }
            }
        });
    }
}

/// Every board of the shape, flat: for (z, w) the X-by-Y board, top rank first; a
/// click applies the brush.
fn board(ui: &mut Ui, editor: &Editor, out: &mut Out) {
    let shape = *editor.position().shape();
    let sizes = shape.sizes();
    let (zs, ws) = (
        if shape.axes() >= 3 { sizes[2] } else { 1 },
        if shape.axes() >= 4 { sizes[3] } else { 1 },
    );
    let across = usize::from(zs.max(1));
    let width = ui.available_width() - 8.0 * across as f32;
    let cell = (width / (f32::from(sizes[0]) * across as f32)).clamp(12.0, 30.0);
    // Higher W boards above, as the views show them.
    for w in (0..ws).rev() {
        ui.horizontal(|row| {
            for z in 0..zs {
                row.vertical(|col| {
                    if shape.axes() >= 3 {
                        let name = if shape.axes() == 4 {
                            format!("[{z},{w}]")
                        } else {
                            format!("[{z}]")
                        };
                        col.label(RichText::new(name).small());
                    }
                    one_board(col, editor, [z, w], cell, out);
                });
            }
        });
    }
}

fn one_board(ui: &mut Ui, editor: &Editor, zw: [u8; 2], cell: f32, out: &mut Out) {
    let shape = *editor.position().shape();
    let sizes = shape.sizes();
    let ranks = if shape.axes() >= 2 { sizes[1] } else { 1 };
    ui.spacing_mut().item_spacing = vec2(1.0, 1.0);
    for y in (0..ranks).rev() {
        ui.horizontal(|row| {
            for x in 0..sizes[0] {
                let Some(sq) = shape.square([x, y, zw[0], zw[1]]) else {
                    continue;
                };
                if square_button(row, editor, sq, (x + y) % 2 == 0, cell) {
                    out.push(EditorAction::Place(sq));
                }
            }
        });
    }
}

/// One square: its piece letter on a light or dark ground; whether it was clicked.
fn square_button(ui: &mut Ui, editor: &Editor, sq: Square, dark: bool, cell: f32) -> bool {
    let piece = editor.position().piece_at(sq);
    let text = piece.map_or(String::new(), |p| editor.letter(p).to_string());
    let colour = match piece.map(|p| p.color()) {
        Some(Color::White) => Color32::from_rgb(255, 250, 225),
        Some(Color::Black) => Color32::from_rgb(10, 10, 10),
        None => Color32::GRAY,
    };
    // Mid-tone squares, so both sides' letters read on both.
    let ground = if dark {
        Color32::from_rgb(88, 108, 132)
    } else {
        Color32::from_rgb(128, 148, 172)
    };
    let name = editor.position().shape().square_name(sq);
    ui.add(
        egui::Button::new(RichText::new(text).monospace().strong().color(colour))
            .fill(ground)
            .min_size(vec2(cell, cell)),
    )
    .on_hover_text(name)
    .clicked()
}

/// Side to move, castling rights and the en-passant square.
fn settings(ui: &mut Ui, state: &EditorModel, out: &mut Out) {
    let editor = &state.editor;
    ui.horizontal(|row| {
        for side in Color::ALL {
            if row
                .selectable_label(editor.side_to_move() == side, format!("{side} to move"))
                .clicked()
            {
                out.push(EditorAction::SideToMove(side));
            }
        }
    });
    let castling = editor.castling();
    if !castling.is_empty() {
        ui.horizontal_wrapped(|row| {
            row.label("Castling:");
            for (i, (letter, allowed)) in castling.into_iter().enumerate() {
                let mut on = allowed;
                if row.checkbox(&mut on, letter.to_string()).changed() {
                    out.push(EditorAction::Castling(i, on));
                }
            }
        });
    }
    if editor.rules().info().en_passant {
        ui.horizontal(|row| {
            row.label("En passant:");
            let mut typed = state.en_passant.clone();
            let edit = row.add(
                egui::TextEdit::singleline(&mut typed)
                    .hint_text("-")
                    .desired_width(80.0),
            );
            if edit.changed() {
                out.push(EditorAction::EnPassant(typed));
            }
        });
    }
}

/// The FEN with a copy button, and a field to paste one.
fn fen_rows(ui: &mut Ui, state: &EditorModel, out: &mut Out) {
    let fen = state.editor.fen();
    ui.add(egui::Label::new(RichText::new(&fen).monospace().small()).wrap());
    ui.horizontal(|row| {
        if row.button("Copy FEN").clicked() {
            row.ctx().copy_text(fen.clone());
        }
        let mut typed = state.pasted.clone();
        let field = row.add(
            egui::TextEdit::singleline(&mut typed)
                .hint_text("paste a FEN")
                .desired_width(150.0),
        );
        if field.changed() {
            out.push(EditorAction::PasteField(typed));
        }
        if row.button("Paste").clicked() {
            out.push(EditorAction::Paste);
        }
    });
}
