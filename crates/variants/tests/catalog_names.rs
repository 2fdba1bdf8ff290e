//! Other programs' names for our variants (Fairy-Stockfish's `chess`, lichess's
//! `standard`, `kingOfTheHill`, ...) as catalog aliases, and "did you mean" for a name
//! the catalog does not know (issue 30, "Other tools' texts").

use chess4d_variants::{ALIASES, Catalog, LoadError};
use std::path::PathBuf;

fn catalog() -> Catalog {
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    catalog
}

#[test]
fn every_alias_names_a_variant_we_have() {
    let catalog = catalog();
    for &(alias, target) in ALIASES {
        let rules = catalog
            .get(alias)
            .unwrap_or_else(|e| panic!("alias {alias} -> {target}: {e}"));
        assert_eq!(rules.info().name, target, "{alias}");
    }
}

/// lichess's start positions (board, side and castling fields), as its API gives them
/// for each variant name: the alias leads to the same game's start.
#[test]
fn lichess_names_start_where_lichess_starts() {
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq";
    let lichess = [
        ("standard", chess),
        ("kingOfTheHill", chess),
        ("threeCheck", chess),
        ("crazyhouse", chess),
        (
            "antichess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -",
        ),
        ("racingKings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w -"),
        (
            "horde",
            "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq",
        ),
    ];
    let catalog = catalog();
    for (name, start) in lichess {
        let rules = catalog.get(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let fen = rules.format_position(&rules.start_position());
        let fields: Vec<&str> = fen.split(' ').take(3).collect();
        // Our crazyhouse writes its pockets after the board (`...RNBQKBNR[]`).
        let board = fields[0].trim_end_matches("[]");
        assert_eq!(
            format!("{board} {} {}", fields[1], fields[2]),
            start,
            "{name}"
        );
    }
    let chess960 = catalog.get("chess960").unwrap();
    assert_eq!(chess960.info().name, "fischerandom");
    assert!(
        chess960.chess960_castling(),
        "chess960 castles as Chess960 does"
    );
}

#[test]
fn fairy_stockfish_s_chess_is_orthodox_chess() {
    let rules = catalog().get("chess").unwrap();
    let mut pos = rules.start_position();
    assert_eq!(chess4d_core::perft(&*rules, &mut pos, 3), 8902);
}

#[test]
fn an_unknown_name_gets_the_nearest_names_not_the_whole_list() {
    let catalog = catalog();
    let err = catalog.get("orthodx").err().expect("no such variant");
    let text = err.to_string();
    assert!(text.contains("did you mean 'orthodox'?"), "{text}");
    assert!(
        !text.contains("raumschach"),
        "no list of every name: {text}"
    );
    match err {
        LoadError::Unknown { nearest, known, .. } => {
            assert_eq!(nearest, ["orthodox"]);
            assert!(known.len() > 80);
        }
        other => panic!("{other}"),
    }
    // Other programs' names are suggested too.
    match catalog.get("chesss").err().expect("no such variant") {
        LoadError::Unknown { nearest, .. } => {
            assert_eq!(nearest.first().map(String::as_str), Some("chess"))
        }
        other => panic!("{other}"),
    }
    let text = catalog.get("atomic").err().unwrap().to_string();
    assert!(text.starts_with("no variant named 'atomic' ("), "{text}");
    assert!(text.contains("`chess4d variants` lists all"), "{text}");
}

/// A variant file that takes an alias for its name is found by that name first.
#[test]
fn a_catalog_name_wins_over_an_alias() {
    let mut catalog = catalog();
    let dir = std::env::temp_dir().join(format!("chess4d-alias-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let orthodox = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants/orthodox.toml"),
    )
    .unwrap();
    let own = orthodox.replacen("name = \"orthodox\"", "name = \"standard\"", 1);
    assert_ne!(own, orthodox);
    std::fs::write(dir.join("standard.toml"), own).unwrap();
    catalog.add_dir(&dir);
    let rules = catalog.get("standard").unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(rules.info().name, "standard");
}
