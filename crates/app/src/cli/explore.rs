//! `chess4d explore-openings`: build an opening corpus from engine self-play for the
//! explorer on the analysis board (`chess4d_puzzles::openings`).

use super::{CliError, CliResult};
use chess4d_archive::GameResult;
use chess4d_archive::pgn::{PgnGame, export_games};
use chess4d_puzzles::openings::{
    CorpusGame, Explorer, GameEnd, OPENING_PLIES, SelfPlay, play_games,
};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `chess4d explore-openings ...`
#[derive(clap::Args)]
pub struct ExploreArgs {
    /// A catalog name (full, classic, orthodox, ...) or a path to a .toml file.
    #[arg(long, default_value = "full")]
    variant: String,
    /// Self-play games to play.
    #[arg(long, default_value_t = 60)]
    games: usize,
    /// Seeds the levels and the engine's noise: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies of each game counted into the explorer's table.
    #[arg(long, default_value_t = OPENING_PLIES)]
    plies: usize,
    /// The corpus file to write (default: openings/VARIANT.tsv in the data folder,
    /// where the viewer's analysis board looks first).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also write the games as PGN to this file.
    #[arg(long)]
    pgn: Option<PathBuf>,
}

/// Where the viewer looks for a variant's corpus before the shipped one.
pub fn corpus_path(variant: &str) -> Option<PathBuf> {
    super::data_dir().map(|d| d.join("openings").join(format!("{variant}.tsv")))
}

/// Runs `chess4d explore-openings`.
pub fn explore_verb(args: &ExploreArgs) -> CliResult {
    let rules = super::catalog().resolve(&args.variant)?;
    let name = rules.info().name.clone();
    let out = match &args.out {
        Some(f) => f.clone(),
        None => corpus_path(&name).ok_or_else(|| {
            CliError("no data folder to keep the corpus in: give --out FILE".into())
        })?,
    };
    let settings = SelfPlay::new(args.games, args.seed);
    let started = Instant::now();
    let games = play_games(&rules, &settings, &mut |i, g| {
        eprintln!(
            "game {i}/{}: {} plies, {} ({:.0} s)",
            args.games,
            g.moves.len(),
            g.end.pgn(),
            started.elapsed().as_secs_f64()
        );
    });
    let mut explorer = Explorer::from_games(&*rules, &games, args.plies);
    explorer.about = vec![
        format!(
            "chess4d openings: {name}, {} games, seed {}, levels {}-{}, {} plies",
            args.games, args.seed, settings.levels.0, settings.levels.1, args.plies
        ),
        "@ position-hash FEN, then: move, games, White wins, draws, Black wins, \
         average score (centipawns, White's view)"
            .into(),
    ];
    write(&out, &explorer.to_text())?;
    if let Some(pgn) = &args.pgn {
        write(pgn, &games_pgn(&*rules, &name, &games)?)?;
    }
    eprintln!(
        "{name}: {} games, {} positions in {} ({:.0} s)",
        games.len(),
        explorer.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn write(path: &Path, text: &str) -> CliResult {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| CliError(format!("{}: {e}", dir.display())))?;
    }
    std::fs::write(path, text).map_err(|e| CliError(format!("{}: {e}", path.display())))
}

/// The games as PGN, moves in coordinate notation (what `chess4d import` reads).
pub fn games_pgn(
    rules: &dyn chess4d_core::Rules,
    variant: &str,
    games: &[CorpusGame],
) -> Result<String, CliError> {
    let mut out = Vec::with_capacity(games.len());
    for (i, g) in games.iter().enumerate() {
        let mut pgn = PgnGame::new(variant)?;
        pgn.set_tag("Event", "chess4d explore-openings")?;
        pgn.set_tag("Round", &(i + 1).to_string())?;
        let mut pos = rules.start_position();
        for &mv in &g.moves {
            pgn.push_move(&rules.format_move(&pos, mv))?;
            rules.make_move(&mut pos, mv);
        }
        pgn.set_result(match g.end {
            GameEnd::WhiteWins => GameResult::WhiteWins,
            GameEnd::Draw => GameResult::Draw,
            GameEnd::BlackWins => GameResult::BlackWins,
        });
        out.push(pgn);
    }
    Ok(export_games(&out))
}
