//! The viewer's command-line side end to end: `chess4d render` writes a PNG off-screen
//! and names its adapter; the window fails cleanly where there is no display.
//! A rendering test that finds no adapter fails when `CI` is set and says so otherwise.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn chess4d(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args(args)
        .env(
            "CHESS4D_VARIANTS",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
        )
        .output()
        .expect("run chess4d")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn out_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess4d-viewer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Renders; `None` when this machine has no adapter (a failure under CI).
fn render(args: &[&str], out: &Path) -> Option<Output> {
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    let out_s = out.to_str().unwrap();
    all.extend_from_slice(&["--out", out_s]);
    let o = chess4d(&all);
    if !o.status.success() && stderr(&o).contains("no graphics adapter") {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI has no graphics adapter: {}",
            stderr(&o)
        );
        eprintln!("SKIPPED: no graphics adapter here: {}", stderr(&o));
        return None;
    }
    Some(o)
}

fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG file");
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (be(16), be(20))
}

#[test]
fn render_writes_a_png_of_the_asked_size_and_names_the_adapter() {
    let out = out_path("plain.png");
    let Some(o) = render(&["--variant", "full", "--size", "320x200"], &out) else {
        return;
    };
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.lines().next().unwrap_or("").starts_with("adapter: "),
        "{text}"
    );
    assert_eq!(png_size(&std::fs::read(&out).unwrap()), (320, 200));
}

#[test]
fn a_render_that_works_prints_no_error_without_a_runtime_dir() {
    let out = out_path("quiet.png");
    let o = Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args([
            "render",
            "--variant",
            "orthodox",
            "--size",
            "64x48",
            "--out",
        ])
        .arg(&out)
        .env_remove("XDG_RUNTIME_DIR")
        .output()
        .expect("run chess4d");
    if !o.status.success() && stderr(&o).contains("no graphics adapter") {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI has no graphics adapter"
        );
        eprintln!("SKIPPED: no graphics adapter here");
        return;
    }
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "",
        "a successful render prints nothing on stderr"
    );
}

#[test]
fn render_select_marks_the_legal_moves() {
    let (a, b) = (out_path("a.png"), out_path("b.png"));
    let common = ["--variant", "full", "--view", "flat", "--size", "400x300"];
    let Some(o) = render(&common, &a) else { return };
    assert!(o.status.success(), "{}", stderr(&o));
    let mut with = common.to_vec();
    with.extend_from_slice(&["--select", "b2[0,0]"]);
    let o = render(&with, &b).unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_ne!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn render_refuses_bad_input_with_a_message() {
    let out = out_path("bad.png");
    for (args, words) in [
        (vec!["--select", "b3[0,1]"], "no piece of the side to move"),
        (vec!["--select", "q9"], "--select"),
        (vec!["--fen", "nonsense"], "position"),
        (vec!["--size", "0x10"], "size"),
        (vec!["--variant", "no-such-variant"], "no-such-variant"),
    ] {
        let mut all = vec!["render", "--out", out.to_str().unwrap()];
        all.extend_from_slice(&args);
        let o = chess4d(&all);
        assert!(!o.status.success(), "{args:?} should fail");
        let e = stderr(&o);
        assert!(e.contains(words), "{args:?}: {e}");
        assert!(!e.contains("panicked"), "{args:?}: {e}");
    }
}

#[test]
fn the_viewer_without_a_display_fails_with_a_message() {
    let o = Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("run chess4d");
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(e.contains("display"), "{e}");
    assert!(!e.contains("panicked"), "{e}");
}
