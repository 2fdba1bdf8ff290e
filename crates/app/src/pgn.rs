//! Standard PGN with the rules at hand: the archive's game text ([`chess4d_archive::pgn`])
//! knows no rules, so the variant names other programs write, the SAN of the exported
//! moves and the reading of SAN on import are done here.

use std::sync::Arc;

use chess4d_archive::pgn::{BadTag, DEFAULT_VARIANT, PgnGame};
use chess4d_core::{Game, Rules, game_san};
use chess4d_variants::Catalog;

use crate::ratings::{game_result, replay};

/// The catalog name of a game text's variant: the catalog's own name for another
/// program's name when it is one ([`Catalog::canonical_name`],
/// [`chess4d_variants::ALIASES`]), orthodox chess for PGN's `From Position` (a set-up position of standard chess) and no
/// tag at all, else the name as written.
///
/// # Examples
///
/// ```
/// use chess4d::pgn::catalog_name;
/// let catalog = chess4d_variants::Catalog::embedded();
/// assert_eq!(catalog_name(&catalog, "Standard"), "orthodox");
/// assert_eq!(catalog_name(&catalog, "From Position"), "orthodox");
/// assert_eq!(catalog_name(&catalog, "Chess960"), "fischerandom");
/// assert_eq!(catalog_name(&catalog, "full"), "full");
/// ```
pub fn catalog_name(catalog: &Catalog, written: &str) -> String {
    if chess4d_variants::squeeze(written) == "fromposition" {
        return DEFAULT_VARIANT.to_string();
    }
    // A name the catalog lacks (a variant file removed) still reads as the variant it
    // stands for, so the message says which of ours was missing.
    catalog
        .canonical_name(written)
        .or_else(|| chess4d_variants::alias_target(written))
        .unwrap_or(written)
        .to_string()
}

/// The rules of a game text's variant from `catalog` (by [`catalog_name`]; never a file
/// or a plugin library the text names), with a message that says which name was read.
pub fn rules_of(catalog: &Catalog, game: &PgnGame) -> Result<Arc<dyn Rules>, String> {
    let written = game.variant();
    let name = catalog_name(catalog, written);
    catalog.get(&name).map_err(|e| {
        if name == written {
            format!("variant \"{written}\": {e}")
        } else {
            format!("variant \"{written}\" (chess4d's {name}): {e}")
        }
    })
}

/// Plays a game text's moves (SAN or coordinates) from its start under `rules`.
pub fn play(rules: Arc<dyn Rules>, game: &PgnGame) -> Result<Game, String> {
    replay(rules, game.fen(), game.moves()).map_err(|e| e.to_string())
}

/// The standard PGN of a played game, with `tags` (name, value) added: SAN moves, the
/// result by the rules (or `result` when the rules have not ended it), `[Variant]` only
/// when the variant is not orthodox, `[SetUp "1"]` and `[FEN]` only for a start of the
/// game's own.
pub fn standard_pgn<'a>(
    game: &Game,
    tags: impl IntoIterator<Item = (&'a str, &'a str)>,
    result: chess4d_archive::GameResult,
) -> Result<PgnGame, String> {
    let rules = game.rules();
    let tag_error = |e: BadTag| e.to_string();
    let mut pgn = PgnGame::new(&rules.info().name).map_err(tag_error)?;
    for (name, value) in tags {
        if !matches!(name, "Variant" | "SetUp" | "FEN" | "Result") {
            pgn.set_tag(name, value).map_err(tag_error)?;
        }
    }
    let start = rules.format_position(game.start_position());
    if start != rules.format_position(&rules.start_position()) {
        pgn.set_tag("SetUp", "1").map_err(tag_error)?;
        pgn.set_tag("FEN", &start).map_err(tag_error)?;
    }
    for mv in game_san(game) {
        pgn.push_move(&mv).map_err(|e| e.to_string())?;
    }
    pgn.set_result(match game.outcome() {
        Some(outcome) => game_result(Some(outcome)),
        None => result,
    });
    Ok(pgn)
}

/// An archived game's text as standard PGN (see [`standard_pgn`]), its moves replayed
/// under the catalog's rules. A game whose variant cannot be loaded now (a plugin that
/// is missing) or whose moves no longer replay keeps its stored coordinates.
pub fn standard_export(catalog: &Catalog, stored: &PgnGame) -> PgnGame {
    let converted = rules_of(catalog, stored)
        .and_then(|rules| play(rules, stored))
        .and_then(|game| standard_pgn(&game, stored.tags(), stored.result()))
        .map(|mut pgn| {
            // The clock readings go with the moves, one per move, as stored.
            pgn.set_clocks(stored.clocks().to_vec());
            pgn
        });
    converted.unwrap_or_else(|_| stored.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_archive::GameResult;
    use chess4d_archive::pgn::{export_game, import_game};

    #[test]
    fn aliases_ignore_case_spaces_and_dashes() {
        let mut catalog = Catalog::embedded();
        catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
        let name = |written| catalog_name(&catalog, written);
        for written in ["Standard", "standard", "From Position", "chess", "Normal"] {
            assert_eq!(name(written), "orthodox", "{written}");
        }
        assert_eq!(name("Fischer Random"), "fischerandom");
        assert_eq!(name("Three-check"), "3check");
        assert_eq!(name("Crazyhouse"), "crazyhouse");
        assert_eq!(name("Capablanca"), "capablanca");
        assert_eq!(name("Capablanca Random"), "caparandom");
        assert_eq!(name("S-Chess"), "seirawan");
        assert_eq!(name("KingOfTheHill"), "kingofthehill");
        assert_eq!(name("mine"), "mine");
    }

    #[test]
    fn an_orthodox_game_exports_without_variant_or_fen() {
        let catalog = Catalog::embedded();
        let text = "[White \"Ann\"]\n\n1. f2f3 e5 2. g4 Qh4# 0-1\n";
        let read = import_game(text).expect("pgn");
        let game = play(rules_of(&catalog, &read).expect("orthodox"), &read).expect("moves");
        let pgn = standard_pgn(&game, read.tags(), read.result()).expect("pgn");
        assert_eq!(pgn.moves(), ["f3", "e5", "g4", "Qh4#"]);
        let out = export_game(&pgn);
        assert!(!out.contains("Variant") && !out.contains("FEN"), "{out}");
        assert!(out.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{out}");
        assert_eq!(pgn.result(), GameResult::BlackWins);
    }

    #[test]
    fn other_variants_and_starts_say_so() {
        let catalog = Catalog::embedded();
        let rules = catalog.get("full").expect("full");
        let mut game = Game::new(rules);
        chess4d_core::play_notation(&mut game, "a2[0,0]a3[0,0]").expect("move");
        let pgn = standard_pgn(&game, [("White", "Ann")], GameResult::Undecided).expect("pgn");
        assert_eq!(pgn.tag("Variant"), Some("full"));
        assert_eq!(pgn.fen(), None);
        assert_eq!(pgn.moves(), ["a3[0,0]"]);
        let orthodox = catalog.get("orthodox").expect("orthodox");
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let start = orthodox.parse_position(fen).expect("fen");
        let game = Game::from_position(orthodox, start);
        let pgn = standard_pgn(&game, [], GameResult::Undecided).expect("pgn");
        assert_eq!((pgn.tag("SetUp"), pgn.fen()), (Some("1"), Some(fen)));
        assert_eq!(pgn.tag("Variant"), None);
    }

    #[test]
    fn unknown_variants_name_what_was_read() {
        let catalog = Catalog::embedded();
        let read = import_game("[Variant \"Atomic\"]\n\n*\n").expect("pgn");
        let message = rules_of(&catalog, &read).err().expect("no atomic");
        assert!(message.starts_with("variant \"Atomic\": "), "{message}");
        // Another program's name for a variant this catalog lacks says which of ours.
        let read = import_game("[Variant \"Chess960\"]\n\n*\n").expect("pgn");
        let message = rules_of(&catalog, &read).err().expect("no fischerandom");
        assert!(
            message.contains("\"Chess960\" (chess4d's fischerandom)"),
            "{message}"
        );
    }
}
