//! What the off-screen picture tests share: a renderer (no adapter: SKIPPED, or a
//! failure when `CI` is set) and the folder the pictures go to for people to look at
//! (`target/pictures/`, or `CHESS4D_PICTURES`).

use chess4d_render::{OffscreenRenderer, Scene};
use std::path::PathBuf;

/// An off-screen renderer of `w` x `h` pixels, or `None` (said) where there is no
/// adapter outside CI.
pub fn renderer(w: u32, h: u32) -> Option<OffscreenRenderer> {
    match OffscreenRenderer::new(w, h) {
        Ok(r) => Some(r),
        Err(e) => {
            assert!(std::env::var_os("CI").is_none(), "CI has no adapter: {e}");
            eprintln!("SKIPPED: no graphics adapter: {e}");
            None
        }
    }
}

/// Saves a `w` x `h` picture as `name` in the pictures folder.
pub fn save(name: &str, (w, h): (u32, u32), rgba: &[u8]) {
    let dir = std::env::var_os("CHESS4D_PICTURES").map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../target/pictures"
            ))
        },
        PathBuf::from,
    );
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    chess4d_render::write_png(&path, w, h, rgba).unwrap();
    eprintln!("wrote {}", path.display());
}

/// Draws `scene`, saves it as `name`, and returns the pixels.
pub fn shoot(r: &mut OffscreenRenderer, scene: &Scene, name: &str, size: (u32, u32)) -> Vec<u8> {
    let rgba = r.render(scene).unwrap().to_vec();
    save(name, size, &rgba);
    rgba
}
