//! The viewer's ways in for a position: Set up and a loaded game file refuse an
//! impossible position with its reason, and the game in progress stays.

use chess4d::session::Session;
use chess4d_variants::Catalog;

const IN_CHECK_4D: &str = "4/4/4/k3|4/4/4/4|4/4/4/R3|4/4/4/K3 w - - 0 1";

fn session(variant: &str) -> Session {
    Session::new(Catalog::embedded(), variant).expect("a built-in variant")
}

#[test]
fn set_up_refuses_an_impossible_position_and_keeps_the_game() {
    for (variant, fen, why) in [
        ("full", IN_CHECK_4D, "in check"),
        ("orthodox", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "in check"),
        ("orthodox", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling"),
        (
            "raumschach",
            "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|K4/5/5/5/5 w - - 0 1",
            "kings",
        ),
    ] {
        let mut s = session(variant);
        let first = s.game().legal_moves()[0];
        s.play(first);
        let before = (s.game().position().clone(), s.game().moves().len());
        assert!(!s.new_game_from_fen(fen), "{fen} was set up");
        let notice = s.last_notice().expect("a message");
        assert!(notice.error && notice.text.contains(why), "{}", notice.text);
        assert_eq!(
            (s.game().position().clone(), s.game().moves().len()),
            before,
            "the old game stays"
        );
    }
}

#[test]
fn a_saved_game_with_an_impossible_start_is_not_loaded() {
    let dir = std::env::temp_dir().join(format!("chess4d-positions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("bad.chess4d");
    std::fs::write(
        &file,
        format!("chess4d game\nvariant: full\nstart: {IN_CHECK_4D}\nmoves: \n"),
    )
    .expect("write");
    let mut s = session("full");
    let before = s.game().position().clone();
    assert!(!s.load_from(&file));
    let notice = s.last_notice().expect("a message");
    assert!(
        notice.error && notice.text.contains("in check"),
        "{}",
        notice.text
    );
    assert_eq!(s.game().position(), &before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_viewer_asks_before_a_plugin_from_a_variant_folder_runs() {
    let dir = std::env::temp_dir().join(format!("chess4d-ask-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(
        dir.join("odd.toml"),
        "[variant]\nname = \"odd\"\nplugin = \"odd_rules\"\n",
    )
    .expect("write");
    // Not a library: opening it can only fail, so a load is visible as that failure.
    let lib = dir.join(&chess4d_variants::plugin::file_names("odd_rules")[0]);
    std::fs::write(&lib, b"not a library").expect("write");
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&dir);
    catalog.set_trust(chess4d_variants::PluginTrust::in_data_dir(
        &dir.join("data"),
    ));
    let mut s = Session::new(catalog, "full").expect("session");
    assert!(
        s.playable_variants().iter().any(|(name, _)| name == "odd"),
        "listed without loading"
    );
    let before = s.game().position().clone();

    assert!(!s.new_game("odd"));
    let request = s.trust_request().expect("the viewer asks").clone();
    assert_eq!(request.variant, "odd");
    assert_eq!(request.plugin.path, lib);
    assert_eq!(
        request.plugin.sha256,
        chess4d_variants::plugin::sha256_hex(b"not a library")
    );
    assert!(!s.answer_trust(false), "no means nothing is loaded");
    assert!(s.trust_request().is_none());
    assert_eq!(s.game().position(), &before);
    assert!(!dir.join("data/trusted-plugins.txt").exists());

    // Yes: the choice is kept and the library is opened (and fails, being junk).
    assert!(!s.new_game("odd"));
    assert!(!s.answer_trust(true));
    assert!(dir.join("data/trusted-plugins.txt").exists());
    let notice = s.last_notice().expect("a message");
    assert!(
        notice.error && notice.text.contains("cannot load"),
        "{}",
        notice.text
    );
    assert!(s.trust_request().is_none(), "trusted now: not asked again");
    assert_eq!(s.game().position(), &before, "the game stays");
    let _ = std::fs::remove_dir_all(&dir);
}
