//! chess4d-render draws boards of up to four axes with wgpu: a rotatable tesseract (each
//! W copy of the board is a cube: the same size and pulled apart, or nested with W = 0
//! inside seen through a 4D perspective) beside the flat 2D boards. It knows geometry, not rules: the app builds a
//! plain [`Scene`] (shape, pieces as letters, square marks, arrows, camera) each frame,
//! and [`pick`] maps a pointer position back to a square with the same projection math.
//! [`tesseract_pieces_on_screen`] and [`tesseract_label_boxes`] say what the picture
//! shows (piece heights, hidden silhouettes, label plates), so tests can hold it to
//! what a person needs to read it.
//!
//! ```no_run
//! use chess4d_render::{render_to_png, Highlight, Scene, ScenePiece};
//! let scene = Scene {
//!     pieces: vec![ScenePiece { square: 0, glyph: 'R', white: true }],
//!     highlights: vec![(0, Highlight::Selected), (32, Highlight::LegalMove)],
//!     ..Scene::default()
//! };
//! let info = render_to_png(&scene, 1280, 720, std::path::Path::new("board.png"))?;
//! println!("drawn on {}", info.adapter_name);
//! # Ok::<(), chess4d_render::RenderError>(())
//! ```

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod atlas;
mod camera_snap;
mod custom_pictures;
mod fit;
mod font;
mod frame;
mod gizmo;
mod gpu;
mod instances;
mod labels;
mod layout;
mod offscreen;
mod pick;
mod projection;
mod readability;
mod scene;
mod silhouettes;
mod style;

pub use camera_snap::{QUARTER_TURN_SECONDS, QuarterTurn, WPlane, ease_in_out, next_quarter};
pub use custom_pictures::{CUSTOM_SLOTS, CustomPicture};
pub use gizmo::{AXIS_NAMES, axis_directions};
pub use gpu::{DEPTH_FORMAT, Renderer};
pub use layout::{
    FlatLayout, Layout, hand_slot, layout, layout_with_hands, pick, pick_hand, scene_layout,
};
pub use offscreen::{
    OffscreenRenderer, RenderError, RenderInfo, adapter_info, render_to_png, render_to_rgba,
    write_png,
};
pub use pick::{pick_tesseract_piece, pick_tesseract_scene};
pub use projection::{
    BoardGeometry, MAX_SEPARATION, MAX_SQUARES, Projector, Rect, pick_tesseract, rotation_4d,
};
pub use readability::{PieceOnScreen, tesseract_label_boxes, tesseract_pieces_on_screen};
pub use scene::{
    Arrow, ArrowKind, Camera, FLOATING_PIECE_PX, HandPiece, Highlight, Scene, ScenePiece, Theme,
    View,
};
pub use silhouettes::PieceImage;

/// The glam version the public API speaks (`Vec2`, `Vec4`, `Mat4`).
pub use glam;
