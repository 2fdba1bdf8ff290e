//! `chess4d render`: a position drawn off-screen into a PNG, with no window.

use super::{CliError, CliResult};
use chess4d::session::Session;
use chess4d_render::{Camera, View, render_to_png};
use std::path::PathBuf;

/// Which pictures to draw, as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ViewArg {
    /// The projected tesseract only.
    Tesseract,
    /// The flat boards only.
    Flat,
    /// Both side by side.
    Both,
}

/// Options of `chess4d render`.
#[derive(Clone, Debug, clap::Args)]
pub struct RenderArgs {
    /// A catalog name or a .toml file.
    #[arg(long, default_value = "full")]
    pub variant: String,
    /// The position; the start position if absent.
    #[arg(long)]
    pub fen: Option<String>,
    /// Which pictures to draw.
    #[arg(long, value_enum, default_value = "both")]
    pub view: ViewArg,
    /// Camera turn around the vertical axis, degrees.
    #[arg(long, allow_negative_numbers = true)]
    pub yaw: Option<f32>,
    /// Camera height angle, degrees (-89 to 89).
    #[arg(long, allow_negative_numbers = true)]
    pub pitch: Option<f32>,
    /// Select the piece on this square and mark its legal moves.
    #[arg(long)]
    pub select: Option<String>,
    /// Mark every piece of both sides that attacks this square (red arrows from the
    /// attackers, blue from the defenders).
    #[arg(long)]
    pub watch: Option<String>,
    /// Tint each square by the side that attacks it more (teal White, yellow Black).
    #[arg(long)]
    pub control: bool,
    /// Image size, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x720", value_parser = parse_size)]
    pub size: (u32, u32),
    /// The PNG file to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// Reads `WIDTHxHEIGHT` (each 1 to 16384).
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("size '{text}': expected WIDTHxHEIGHT, e.g. 1280x720");
    let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(1..=16384).contains(&w) || !(1..=16384).contains(&h) {
        return Err(format!(
            "size '{text}': each side must be 1 to 16384 pixels"
        ));
    }
    Ok((w, h))
}

/// Draws the position and writes the PNG; prints the adapter used.
pub fn render_verb(a: &RenderArgs) -> CliResult {
    let runtime = private_runtime_dir();
    let result = render(a);
    if let Some(dir) = runtime {
        let _ = std::fs::remove_dir_all(dir);
    }
    result
}

fn render(a: &RenderArgs) -> CliResult {
    let mut session = Session::new(super::catalog(), &a.variant).map_err(CliError)?;
    if let Some(fen) = &a.fen
        && !session.new_game_from_fen(fen)
    {
        let why = session
            .last_notice()
            .map(|n| n.text.clone())
            .unwrap_or_default();
        return Err(CliError(why));
    }
    if let Some(name) = &a.select {
        let shape = session.rules().info().shape;
        let sq = shape
            .parse_square(name)
            .map_err(|e| CliError(format!("--select: {e}")))?;
        session.click(sq);
        if session.selected() != Some(sq) {
            let side = session.game().position().side_to_move();
            return Err(CliError(format!(
                "--select {name}: there is no piece of the side to move ({side}) there"
            )));
        }
    }
    if let Some(name) = &a.watch {
        let sq = session
            .rules()
            .info()
            .shape
            .parse_square(name)
            .map_err(|e| CliError(format!("--watch: {e}")))?;
        session.set_threats_mode(true);
        session.threats_click(sq);
    }
    session.set_control_overlay(a.control);
    let shape = session.rules().info().shape.sizes();
    let mut camera = Camera::for_shape(shape);
    if let Some(y) = a.yaw {
        camera.yaw_deg = y;
    }
    if let Some(p) = a.pitch {
        camera.pitch_deg = p.clamp(-89.0, 89.0);
    }
    let view = match a.view {
        ViewArg::Tesseract => View::Tesseract,
        ViewArg::Flat => View::Flat,
        ViewArg::Both => View::Both,
    };
    let scene = session.scene(view, camera);
    let info = render_to_png(&scene, a.size.0, a.size.1, &a.out)?;
    println!(
        "adapter: {} ({}, {})",
        info.adapter_name, info.backend, info.device_type
    );
    println!("wrote {} ({}x{})", a.out.display(), info.width, info.height);
    Ok(())
}

/// Gives the process a private `XDG_RUNTIME_DIR` when it has none (a shell over ssh, CI):
/// otherwise the graphics stack's display probing prints "error: XDG_RUNTIME_DIR is
/// invalid or not set" on every render, although rendering off-screen needs no display.
/// Returns the directory it made, to remove after rendering.
fn private_runtime_dir() -> Option<PathBuf> {
    let valid = std::env::var_os("XDG_RUNTIME_DIR")
        .map(PathBuf::from)
        .is_some_and(|d| d.is_absolute() && d.is_dir());
    if valid {
        return None;
    }
    let dir = std::env::temp_dir().join(format!("chess4d-runtime-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).is_err() {
        return None; // the message stays, rendering still works
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
    }
    // SAFETY: called first thing in the render verb, before wgpu or anything else has
    // started a thread that could read the environment concurrently.
    unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
    Some(dir)
}
