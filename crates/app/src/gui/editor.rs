//! The board editor's panel (in the Play tab): a palette of the variant's pieces, a flat
//! board of every (z, w) board to place and remove them by mouse, the side to move,
//! castling rights, the en-passant square, the position's validity said live, copy and
//! paste of the FEN, and "play from here". The model is [`crate::session::editor`].

use crate::session::Session;
use crate::session::editor::{Brush, Editor};
use chess4d_core::{Color, Square};
use egui::{Color32, RichText, Ui, vec2};

use super::widgets;

/// What the panel keeps between frames: the editor and its text fields.
#[derive(Clone)]
struct EditorUi {
    editor: Editor,
    en_passant: String,
    pasted: String,
    message: Option<String>,
    /// Whether clicks on the main views place the brush (off after "Play from here",
    /// so the game can be played there; on again when a brush is picked).
    on_main: bool,
}

/// Where the editor's state lives between frames (shared with the main views).
fn state_id() -> egui::Id {
    egui::Id::unique("board-editor-state")
}

/// The frame in which the editor's panel was last drawn open.
fn open_id() -> egui::Id {
    egui::Id::unique("board-editor-open-frame")
}

/// The "Board editor" section: shut until opened, on the current game's position.
/// `probes` gets where its header and "Play from here" are drawn, for scripts.
pub fn editor_section(side: &mut Ui, session: &mut Session, probes: &mut Probes) {
    let shown = egui::CollapsingHeader::new("Board editor")
        .id_salt("board-editor")
        .default_open(false)
        .show(side, |ui| {
            let id = state_id();
            let stale = |s: &EditorUi| s.editor.rules().info().name != session.variant();
            let mut state = ui
                .data(|d| d.get_temp::<EditorUi>(id))
                .filter(|s| !stale(s))
                .unwrap_or_else(|| fresh(session));
            body(ui, session, &mut state, probes);
            let frame = ui.ctx().cumulative_frame_nr();
            ui.data_mut(|d| {
                d.insert_temp(id, state);
                d.insert_temp(open_id(), frame);
            });
        });
    probes.push(("board-editor", shown.header_response.rect.center()));
}

/// Whether the editor's panel is open on screen now (drawn this frame or the last),
/// so the main views place pieces instead of moving them.
fn editor_open(ctx: &egui::Context) -> bool {
    let now = ctx.cumulative_frame_nr();
    ctx.data(|d| d.get_temp::<u64>(open_id()))
        .is_some_and(|f| f + 1 >= now)
}

/// A click on square `sq` of the main views while the editor is open: the brush paints
/// there (the picked piece, or erase). Returns whether the editor took the click.
pub fn paint_from_board(ctx: &egui::Context, sq: Square) -> bool {
    if !editor_open(ctx) {
        return false;
    }
    let Some(mut state) = ctx.data(|d| d.get_temp::<EditorUi>(state_id())) else {
        return false;
    };
    if !state.on_main {
        return false;
    }
    state.editor.paint(sq);
    state.message = None;
    ctx.data_mut(|d| d.insert_temp(state_id(), state));
    true
}

/// A click on hand piece `index` of the main views' strips while the editor is open:
/// one of that piece leaves the hand. Returns whether the editor took the click.
pub fn take_from_hand_on_board(ctx: &egui::Context, index: usize) -> bool {
    if !editor_open(ctx) {
        return false;
    }
    let Some(mut state) = ctx.data(|d| d.get_temp::<EditorUi>(state_id())) else {
        return false;
    };
    if !state.on_main {
        return false;
    }
    if let Some(&(color, kind, _)) = state.editor.hand_slots().get(index) {
        state.editor.take_from_hand(color, kind);
    }
    state.message = None;
    ctx.data_mut(|d| d.insert_temp(state_id(), state));
    true
}

/// While the editor is open the main views show the position being built, with
/// nothing of the game's marks, so a click there is seen where it lands.
pub fn show_in_scene(ctx: &egui::Context, scene: &mut chess4d_render::Scene) {
    if !editor_open(ctx) {
        return;
    }
    let Some(state) = ctx.data(|d| d.get_temp::<EditorUi>(state_id())) else {
        return;
    };
    if !state.on_main {
        return;
    }
    let editor = &state.editor;
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

fn fresh(session: &Session) -> EditorUi {
    let editor = Editor::new(session.rules().clone(), session.game().position());
    EditorUi {
        en_passant: editor.en_passant(),
        editor,
        pasted: String::new(),
        message: None,
        on_main: true,
    }
}

/// Where named buttons are drawn (points), for scripts.
pub type Probes = Vec<(&'static str, egui::Pos2)>;

fn body(ui: &mut Ui, session: &mut Session, state: &mut EditorUi, probes: &mut Probes) {
    let brush = state.editor.brush;
    palette(ui, &mut state.editor);
    if state.editor.brush != brush {
        state.on_main = true;
    }
    ui.add_space(4.0);
    board(ui, &mut state.editor);
    if state.editor.has_hands() {
        hands(ui, &mut state.editor);
    }
    ui.add_space(4.0);
    ui.horizontal_wrapped(|row| {
        if row.button("Clear").clicked() {
            state.editor.clear();
        }
        if row.button("Start position").clicked() {
            state.editor.start();
        }
        if row
            .button("Flip")
            .on_hover_text("Swap the sides: colours and ranks mirrored")
            .clicked()
        {
            state.editor.flip();
        }
        if row
            .button("From the game")
            .on_hover_text("Edit the position on the board")
            .clicked()
        {
            *state = fresh(session);
        }
    });
    settings(ui, state);
    fen_rows(ui, state);
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
        if play.clicked() && session.play_from_here(&fen) {
            state.message = None;
            state.on_main = false;
        }
        // The analysis mode (gui/analysis.rs) on this position.
        let analyse = row
            .add_enabled(valid.is_ok(), egui::Button::new("Analyse"))
            .on_hover_text("A new game from this position, with the engine's best lines");
        if analyse.clicked() && session.new_game_from_fen(&fen) {
            state.message = None;
            session.set_analysis(true);
            state.on_main = false;
        }
    });
    ui.checkbox(&mut state.on_main, "Place pieces on the main boards too")
        .on_hover_text("A click on either main view puts the picked piece there (or erases)");
}

/// The variant's pieces, White's then Black's, and the eraser.
fn palette(ui: &mut Ui, editor: &mut Editor) {
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
                editor.brush = Brush::Piece(piece);
            }
        }
        if row
            .selectable_label(editor.brush == Brush::Erase, "Erase")
            .clicked()
        {
            editor.brush = Brush::Erase;
        }
    });
}

/// The hands: a button puts one of the picked piece in its side's hand, and each
/// piece held is a button that takes one out (as a click on it in the main strips).
fn hands(ui: &mut Ui, editor: &mut Editor) {
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
            editor.add_to_hand(p.color(), p.kind());
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
                    editor.take_from_hand(color, kind);
                }
            }
        });
    }
}

/// Every board of the shape, flat: for (z, w) the X-by-Y board, top rank first; a
/// click applies the brush.
fn board(ui: &mut Ui, editor: &mut Editor) {
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
                    one_board(col, editor, [z, w], cell);
                });
            }
        });
    }
}

fn one_board(ui: &mut Ui, editor: &mut Editor, zw: [u8; 2], cell: f32) {
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
                    editor.paint(sq);
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
fn settings(ui: &mut Ui, state: &mut EditorUi) {
    let editor = &mut state.editor;
    ui.horizontal(|row| {
        for side in Color::ALL {
            if row
                .selectable_label(editor.side_to_move() == side, format!("{side} to move"))
                .clicked()
            {
                editor.set_side_to_move(side);
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
                    editor.set_castling(i, on);
                }
            }
        });
    }
    if editor.rules().info().en_passant {
        ui.horizontal(|row| {
            row.label("En passant:");
            let edit = row.add(
                egui::TextEdit::singleline(&mut state.en_passant)
                    .hint_text("-")
                    .desired_width(80.0),
            );
            if edit.changed() {
                state.message = editor.set_en_passant(&state.en_passant).err();
            }
        });
    }
}

/// The FEN with a copy button, and a field to paste one.
fn fen_rows(ui: &mut Ui, state: &mut EditorUi) {
    let fen = state.editor.fen();
    ui.add(egui::Label::new(RichText::new(&fen).monospace().small()).wrap());
    ui.horizontal(|row| {
        if row.button("Copy FEN").clicked() {
            row.ctx().copy_text(fen.clone());
        }
        row.add(
            egui::TextEdit::singleline(&mut state.pasted)
                .hint_text("paste a FEN")
                .desired_width(150.0),
        );
        if row.button("Paste").clicked() {
            let pasted = state.pasted.clone();
            match state.editor.paste(&pasted) {
                Ok(()) => {
                    state.message = None;
                    state.en_passant = state.editor.en_passant();
                }
                Err(e) => state.message = Some(e),
            }
        }
    });
}
