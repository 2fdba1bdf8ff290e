//! Scenes and helpers shared by the rendering tests and the bench.
#![allow(dead_code)]

use chess4d_render::{OffscreenRenderer, RenderError, Scene, ScenePiece};

/// Square index on the 4x4x2x2 board.
pub fn sq(x: u16, y: u16, z: u16, w: u16) -> u16 {
    x + 4 * (y + 4 * (z + 2 * w))
}

/// The full-set start position of the rules spec:
/// `4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbq/pppp/4/4|kbnr/pppp/4/4 w - - 0 1`.
pub fn full_start() -> Scene {
    let mut pieces = Vec::new();
    let backs = [['R', 'N', 'B', 'Q'], ['K', 'B', 'N', 'R']];
    for (z, back) in backs.iter().enumerate() {
        let z = z as u16;
        for (x, &glyph) in back.iter().enumerate() {
            let x = x as u16;
            pieces.push(ScenePiece {
                square: sq(x, 0, z, 0),
                glyph,
                white: true,
            });
            pieces.push(ScenePiece {
                square: sq(x, 1, z, 0),
                glyph: 'P',
                white: true,
            });
            pieces.push(ScenePiece {
                square: sq(x, 3, z, 1),
                glyph,
                white: false,
            });
            pieces.push(ScenePiece {
                square: sq(x, 2, z, 1),
                glyph: 'P',
                white: false,
            });
        }
    }
    Scene {
        pieces,
        ..Scene::default()
    }
}

/// An off-screen renderer, or `None` (after a loud message) when this machine has no
/// adapter at all. With `CI` set, a missing adapter fails the test instead.
pub fn offscreen(width: u32, height: u32) -> Option<OffscreenRenderer> {
    match OffscreenRenderer::new(width, height) {
        Ok(r) => Some(r),
        Err(e @ RenderError::NoAdapter { .. }) => {
            if std::env::var_os("CI").is_some() {
                panic!("CI is set but no graphics adapter was found: {e}");
            }
            loud(&format!("RENDERING TEST NOT RUN: {e}"));
            None
        }
        Err(e) => panic!("off-screen renderer failed: {e}"),
    }
}

/// Straight to the process's stderr: the test harness captures `eprintln!` of passing
/// tests, and a skipped rendering test must not go unnoticed.
fn loud(message: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "\n!!!!!!!!!! {message} !!!!!!!!!!\n");
}

/// RGBA of pixel (x, y).
pub fn pixel(rgba: &[u8], width: u32, x: f32, y: f32) -> [u8; 4] {
    let at = ((y.round() as u32 * width + x.round() as u32) * 4) as usize;
    [rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]]
}

/// Where screenshots go when `CHESS4D_SHOTS` names a directory.
pub fn save(name: &str, width: u32, height: u32, rgba: &[u8]) {
    if let Some(dir) = std::env::var_os("CHESS4D_SHOTS") {
        let path = std::path::Path::new(&dir).join(name);
        chess4d_render::write_png(&path, width, height, rgba).expect("write screenshot");
    }
}

/// A bare device and queue for tests that drive [`chess4d_render::Renderer`] directly;
/// `None` (after a loud message) without an adapter, a failure when `CI` is set.
pub fn device() -> Option<(wgpu::Device, wgpu::Queue)> {
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    match pollster::block_on(wgpu::util::initialize_adapter_from_env_or_default(
        &instance, None,
    )) {
        Ok(adapter) => {
            Some(pollster::block_on(adapter.request_device(&Default::default())).expect("device"))
        }
        Err(e) => {
            if std::env::var_os("CI").is_some() {
                panic!("CI is set but no graphics adapter was found: {e}");
            }
            loud(&format!(
                "RENDERING TEST NOT RUN: no graphics adapter ({e})"
            ));
            None
        }
    }
}
