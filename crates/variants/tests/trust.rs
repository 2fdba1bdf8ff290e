//! Trusting plugin libraries: one outside the trusted places is refused until the
//! person trusts it, the choice is kept, and other bytes under the same path ask again.

use chess4d_variants::{Catalog, LoadError, PluginError, PluginTrust};
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess4d-trust-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn a_library_is_refused_until_trusted_and_again_after_it_changes() {
    let dir = temp("store");
    let lib = dir.join("libsomething.so");
    std::fs::write(&lib, b"first bytes").expect("write");
    let trust = PluginTrust::in_data_dir(&dir.join("data"));
    let e = trust.check(&lib).expect_err("not trusted yet");
    let asked = e.untrusted().expect("a question for the person");
    assert!(!asked.changed);
    assert_eq!(
        asked.sha256,
        chess4d_variants::plugin::sha256_hex(b"first bytes")
    );
    let msg = e.to_string();
    assert!(
        msg.contains("not trusted") && msg.contains(&asked.sha256),
        "{msg}"
    );

    trust.trust(&asked).expect("kept");
    assert_eq!(trust.check(&lib), Ok(()));
    // Another program run reads the same choice from the data folder.
    assert_eq!(
        PluginTrust::in_data_dir(&dir.join("data")).check(&lib),
        Ok(())
    );

    std::fs::write(&lib, b"other bytes").expect("change");
    match trust.check(&lib) {
        Err(PluginError::Untrusted { changed, .. }) => assert!(changed),
        other => panic!("changed bytes were accepted: {other:?}"),
    }
    // `--trust-plugin` trusts (and keeps) the new bytes.
    assert_eq!(trust.clone().trusting_new(true).check(&lib), Ok(()));
    assert_eq!(trust.check(&lib), Ok(()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_plugin_variant_is_listed_without_loading_and_refused_before_it_runs() {
    let dir = temp("catalog");
    std::fs::write(
        dir.join("odd.toml"),
        "[variant]\nname = \"odd\"\ntitle = \"Odd\"\ndescription = \"\"\nplugin = \"odd_rules\"\n",
    )
    .expect("write");
    // Not a library: loading it would fail with the loader's error, not a trust question.
    let lib = dir.join(&chess4d_variants::plugin::file_names("odd_rules")[0]);
    std::fs::write(&lib, b"not a library").expect("write");
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&dir);
    let entry = catalog
        .entries()
        .iter()
        .find(|e| e.name == "odd")
        .expect("listed");
    assert!(
        entry.error().is_none() && entry.ready().is_none(),
        "{entry:?}"
    );
    assert!(
        entry.summary().contains("loaded when"),
        "{}",
        entry.summary()
    );
    match catalog.get("odd") {
        Err(LoadError::PluginLibrary(e)) => assert!(e.untrusted().is_some(), "{e}"),
        Err(e) => panic!("expected a trust question, got: {e}"),
        Ok(_) => panic!("an untrusted plugin loaded"),
    }
    // Trusted, it is opened, and the loader's own error comes back.
    catalog.set_trust(PluginTrust::in_data_dir(&dir.join("data")).trusting_new(true));
    match catalog.get("odd") {
        Err(LoadError::PluginLibrary(PluginError::Open { .. })) => {}
        Err(e) => panic!("expected the loader's error, got: {e}"),
        Ok(_) => panic!("junk loaded"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}
