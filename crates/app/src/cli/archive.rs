//! Verbs about the game archive: export games as standard PGN (SAN moves), import PGN
//! (SAN or coordinate moves, every move checked against the rules first), list the
//! players with their ratings.
//!
//! Import is all or nothing per file in what it checks: every game is parsed, replayed
//! under its variant's rules and tried against a scratch archive before the first one is
//! written, so a bad move or a bad name stores nothing. The writes themselves are one
//! transaction per game (the archive offers no wider one), so only a failure of the disk
//! midway could leave the first games of a file stored.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use chess4d_archive::pgn::{PgnGame, export_games, import_games};
use chess4d_archive::storage::{Archive, GameFilter};
use chess4d_core::Rules;

use super::{CliError, CliResult};
use chess4d::ratings::{Ratings, archive_path, game_result, replay};

/// `chess4d export`: the archive's games (of one player, one variant, or all) as game
/// text, oldest first, to `out` or stdout.
pub fn export_verb(
    data_dir: Option<&Path>,
    player: Option<&str>,
    variant: Option<&str>,
    out: Option<&Path>,
) -> CliResult {
    let ratings = open_existing(data_dir)?;
    let archive = ratings.archive();
    let player = match player {
        Some(name) => Some(ratings.profile_named(name)?.id),
        None => None,
    };
    let mut games = archive.list_games(&GameFilter {
        player,
        variant: variant.map(str::to_owned),
        ..GameFilter::default()
    })?;
    // Oldest first, so importing the text rates the games in the order they were played.
    games.sort_by_key(|game| (game.updated, game.id));
    // Standard PGN: SAN replayed under the rules, [Variant] only off orthodox chess.
    let catalog = super::catalog();
    let mut texts = Vec::with_capacity(games.len());
    for game in &games {
        let stored = PgnGame::from(&archive.load_game(game.id)?);
        texts.push(chess4d::pgn::standard_export(&catalog, &stored));
    }
    let text = export_games(&texts);
    match out {
        Some(file) => {
            std::fs::write(file, &text)
                .map_err(|e| CliError(format!("{}: cannot write: {e}", file.display())))?;
            eprintln!("exported {} games to {}", texts.len(), file.display());
        }
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}

/// `chess4d import FILE`: reads every game of FILE, replays each under its variant's
/// rules, and stores them all, or none when anything is wrong.
pub fn import_verb(file: &Path, data_dir: Option<&Path>) -> CliResult {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError(format!("{}: cannot read: {e}", file.display())))?;
    let parsed = import_games(&text).map_err(|e| CliError(format!("{}: {e}", file.display())))?;
    if parsed.is_empty() {
        return Err(CliError(format!(
            "{}: no games found; a game is tags such as [White \"Ann\"] then its moves",
            file.display()
        )));
    }
    let catalog = super::catalog();
    let mut rules_by_name: Vec<Arc<dyn Rules>> = Vec::new();
    let mut checked = Vec::with_capacity(parsed.len());
    for (index, game) in parsed.iter().enumerate() {
        let named = |error: String| {
            CliError(format!(
                "{}: {}: {error}; nothing was imported",
                file.display(),
                game_name(index, game)
            ))
        };
        let name = chess4d::pgn::catalog_name(&catalog, game.variant());
        let rules = match rules_by_name.iter().find(|rules| rules.info().name == name) {
            Some(rules) => rules.clone(),
            // A catalog variant (by the names other programs write too), never a file
            // or a plugin library the text names.
            None => {
                let rules = chess4d::pgn::rules_of(&catalog, game).map_err(named)?;
                rules_by_name.push(rules.clone());
                rules
            }
        };
        checked.push(check_game(rules, game).map_err(named)?);
    }

    // A dry run into a scratch archive finds what the archive itself refuses (a name
    // too long, a rated game against oneself) before anything real is written.
    let mut scratch = Archive::open_in_memory()?;
    for (index, game) in checked.iter().enumerate() {
        scratch.import_pgn(game).map_err(|e| {
            CliError(format!(
                "{}: {}: {e}; nothing was imported",
                file.display(),
                game_name(index, game)
            ))
        })?;
    }

    let mut ratings = Ratings::open_data_dir(data_dir)?;
    let archive = ratings.archive_mut();
    let mut rated = 0;
    for (index, game) in checked.iter().enumerate() {
        archive.import_pgn(game).map_err(|e| {
            CliError(format!(
                "{}: {}: {e}; the {index} games before it were imported",
                file.display(),
                game_name(index, game)
            ))
        })?;
        rated += usize::from(game.tag("Rated") == Some("yes"));
    }
    println!(
        "imported {} games ({rated} rated) from {}",
        checked.len(),
        file.display()
    );
    Ok(())
}

/// `chess4d players`: every profile with its rating in each variant it has played rated.
pub fn players_verb(data_dir: Option<&Path>) -> CliResult {
    let ratings = open_existing(data_dir)?;
    let mut text = String::new();
    let players = ratings
        .profiles()?
        .into_iter()
        .chain(ratings.computer_profiles()?);
    for player in players {
        let mut name = player.name.clone();
        if ratings.current() == Some(player.id) {
            name.push_str(" (current)");
        }
        let per_variant = ratings.ratings_of(player.id)?;
        if per_variant.is_empty() {
            let _ = writeln!(text, "{name}: no rated games");
            continue;
        }
        let _ = writeln!(text, "{name}:");
        for (variant, rating) in per_variant {
            let games = if rating.games == 1 { "game" } else { "games" };
            let _ = writeln!(
                text,
                "  {variant:<12} {:>5.0} ± {:<4.0} ({} {games})",
                rating.rating.rating, rating.rating.deviation, rating.games
            );
        }
    }
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}

/// Opens the archive for reading verbs, refusing to make a new empty one.
fn open_existing(data_dir: Option<&Path>) -> Result<Ratings, CliError> {
    let path: PathBuf = archive_path(data_dir)?;
    if !path.exists() {
        return Err(CliError(format!(
            "there is no game archive at {} yet; play or import a game first, or point \
             --data-dir at the folder that holds archive.sqlite3",
            path.display()
        )));
    }
    Ok(Ratings::open(&path)?)
}

/// "game 2 (Ann vs Bob, full)": how errors name a game of the file.
fn game_name(index: usize, game: &PgnGame) -> String {
    format!(
        "game {} ({} vs {}, {})",
        index + 1,
        game.white().unwrap_or("?"),
        game.black().unwrap_or("?"),
        game.variant()
    )
}

/// Replays the game (SAN or coordinate moves) under `rules` and returns it as the
/// archive should keep it: moves in the rules' coordinate notation, the start position
/// written out, and the reason the rules ended it when the text did not say.
fn check_game(rules: Arc<dyn Rules>, game: &PgnGame) -> Result<PgnGame, String> {
    let played = replay(rules.clone(), game.fen(), game.moves()).map_err(|e| e.to_string())?;
    let outcome = played.outcome();
    if let Some(outcome) = outcome {
        let by_rules = game_result(Some(outcome));
        if by_rules != game.result() {
            return Err(format!(
                "the moves end the game ({outcome}, {by_rules}) but its result is {}",
                game.result()
            ));
        }
    }

    let mut stored = PgnGame::new(&rules.info().name).map_err(|e| e.to_string())?;
    for (name, value) in game.tags() {
        if name != "Variant" {
            stored.set_tag(name, value).map_err(|e| e.to_string())?;
        }
    }
    if stored.fen().is_none() {
        let start = rules.format_position(played.start_position());
        stored.set_tag("FEN", &start).map_err(|e| e.to_string())?;
    }
    if let (Some(outcome), None) = (outcome, game.tag("Termination")) {
        stored
            .set_tag("Termination", outcome.reason.describe())
            .map_err(|e| e.to_string())?;
    }
    stored.set_result(game.result());
    for notation in played.notation() {
        stored.push_move(notation).map_err(|e| e.to_string())?;
    }
    Ok(stored)
}
