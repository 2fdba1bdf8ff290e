//! Plugin variants on the server: offered only when the server trusts the library, the
//! game carries the library's SHA-256, and a client without the identical library is
//! refused with `missing_plugin` instead of joining. The plugin is the C line-chess
//! plugin of `crates/plugin-api/tests/c`, compiled here with `cc`.

use crate::client::{Server, fresh_dir};
use chess4d_protocol::{
    ClientMessage, ClockConfig, ColorChoice, ErrorKind, ServerMessage, VariantList,
};
use chess4d_variants::plugin::sha256_hex;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A variants folder holding `line.toml` and the compiled `libline_chess.so` beside it
/// (outside the trusted places: the server must be told to trust it).
fn line_plugin_dir() -> (PathBuf, String) {
    let dir = fresh_dir();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let lib = dir.join(format!(
        "{}line_chess{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let out = Command::new(&cc)
        .args(["-std=c11", "-O2", "-shared", "-fPIC", "-I"])
        .arg(root.join("crates/plugin-api/include"))
        .arg("-o")
        .arg(&lib)
        .arg(root.join("crates/plugin-api/tests/c/line_chess.c"))
        .output()
        .unwrap_or_else(|e| panic!("the C compiler `{cc}` is needed for this test: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(
        dir.join("line.toml"),
        "[variant]\nname = \"line\"\ntitle = \"1-D chess\"\ndescription = \"\"\nplugin = \"line_chess\"\n",
    )
    .unwrap();
    let sha = sha256_hex(&std::fs::read(&lib).unwrap());
    (dir, sha)
}

fn seek_line(c: &mut crate::client::Client) {
    c.send(&ClientMessage::Seek {
        variant: "line".into(),
        clock: ClockConfig::Unlimited,
        rated: false,
        color: ColorChoice::White,
        rating_range: None,
    });
}

#[test]
fn a_trusted_plugin_game_carries_its_library_and_needs_the_identical_one() {
    let (variants, sha) = line_plugin_dir();
    let env = [("CHESS4D_VARIANTS", variants.as_os_str())];
    let server = Server::start_env(fresh_dir(), &["--trust-plugin"], &env);

    let (status, text) = server.http("GET", "/api/variants", None, None);
    assert_eq!(status, 200, "{text}");
    let list: VariantList = serde_json::from_str(&text).unwrap();
    let line = list
        .variants
        .iter()
        .find(|v| v.name == "line")
        .expect("listed");
    let lib = line.plugin.as_ref().expect("the library is named");
    assert_eq!(
        (lib.library.as_str(), lib.sha256.as_str()),
        ("line_chess", sha.as_str())
    );
    assert!(
        list.variants
            .iter()
            .find(|v| v.name == "orthodox")
            .unwrap()
            .plugin
            .is_none()
    );

    // Without the library, a client can neither seek the variant nor accept its seek.
    let (ann, bob, cy) = (
        server.signup("ann"),
        server.signup("bob"),
        server.signup("cy"),
    );
    let mut lacking = server.client(Some(&bob));
    seek_line(&mut lacking);
    assert_eq!(lacking.error(), ErrorKind::MissingPlugin);
    let mut a = server.client_with_plugins(Some(&ann), &[&sha]);
    seek_line(&mut a);
    let seek = a.recv_until(|m| match m {
        ServerMessage::SeekAdded { seek } => Some(seek.id),
        ServerMessage::Error(e) => panic!("seek refused: {e}"),
        _ => None,
    });
    lacking.send(&ClientMessage::AcceptSeek { seek });
    let refusal = lacking.recv_until(|m| match m {
        ServerMessage::Error(e) => Some(e.clone()),
        _ => None,
    });
    assert_eq!(refusal.kind, ErrorKind::MissingPlugin);
    assert!(refusal.message.contains(&sha), "{}", refusal.message);
    // Another library of the same name (other bytes) is not the identical library.
    let other = sha256_hex(b"other bytes");
    let mut wrong = server.client_with_plugins(Some(&bob), &[&other]);
    wrong.send(&ClientMessage::AcceptSeek { seek });
    assert_eq!(wrong.error(), ErrorKind::MissingPlugin);

    // With it, the game starts, carries the library's SHA-256, and the plugin judges.
    let mut c = server.client_with_plugins(Some(&cy), &[&sha.to_uppercase()]);
    c.send(&ClientMessage::AcceptSeek { seek });
    let game = c.game_full();
    assert_eq!(
        game.variant.plugin.as_ref().map(|p| p.sha256.as_str()),
        Some(sha.as_str())
    );
    let id = game.id;
    a.game_full();
    a.play(id, 0, "bd");
    a.send(&ClientMessage::Move {
        game: id,
        ply: 1,
        mv: "ga".into(),
        lag_ms: None,
    });
    assert_eq!(a.error(), ErrorKind::NotYourTurn);
    c.send(&ClientMessage::Move {
        game: id,
        ply: 1,
        mv: "hd".into(),
        lag_ms: None,
    });
    assert_eq!(c.error(), ErrorKind::IllegalMove);
    let _ = std::fs::remove_dir_all(&variants);
}

#[test]
fn an_untrusted_plugin_is_not_offered_and_is_refused_by_name() {
    let (variants, _) = line_plugin_dir();
    let env = [("CHESS4D_VARIANTS", variants.as_os_str())];
    let server = Server::start_env(fresh_dir(), &[], &env);
    let (_, text) = server.http("GET", "/api/variants", None, None);
    let list: VariantList = serde_json::from_str(&text).unwrap();
    assert!(list.variants.iter().all(|v| v.name != "line"), "{text}");
    assert!(list.variants.iter().any(|v| v.name == "orthodox"));
    let ann = server.signup("ann");
    let mut a = server.client(Some(&ann));
    seek_line(&mut a);
    assert_eq!(a.error(), ErrorKind::UntrustedVariant);
    a.send(&ClientMessage::Seek {
        variant: "no-such".into(),
        clock: ClockConfig::Unlimited,
        rated: false,
        color: ColorChoice::White,
        rating_range: None,
    });
    assert_eq!(a.error(), ErrorKind::NotFound);
    let _ = std::fs::remove_dir_all(&variants);
}
