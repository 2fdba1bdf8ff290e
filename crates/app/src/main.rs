//! chess4d: chess on boards of up to four axes.
//!
//! With no arguments it opens the viewer on the full 4D set; the verbs below are the
//! stable command line other tools and tests call.

// Every failure becomes an error message; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod cli;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "chess4d",
    version,
    about = "Chess on boards of up to four axes"
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    common: Common,
}

/// Options every verb takes, before or after the verb.
#[derive(clap::Args)]
struct Common {
    /// The folder holding archive.sqlite3, the games, the ratings and the trusted
    /// plugins (default: $CHESS4D_DATA_DIR, else the platform's data folder).
    #[arg(long, global = true)]
    data_dir: Option<PathBuf>,
    /// Trust the rule plugin the variant needs even though it lies outside the trusted
    /// places (beside the program, $CHESS4D_PLUGIN_PATH); its path and SHA-256 are kept
    /// in the data folder, and asked about again if the library changes.
    #[arg(long, global = true)]
    trust_plugin: bool,
}

/// `--variant`: the variant a verb works on.
#[derive(clap::Args)]
struct VariantArg {
    /// A catalog name (full, classic, orthodox, ...) or a path to a .toml file.
    #[arg(long, default_value = "full")]
    variant: String,
}

/// `--variant` and `--fen`: the position a verb works on.
#[derive(clap::Args)]
struct PositionArgs {
    #[command(flatten)]
    variant: VariantArg,
    /// The position (FEN extended to four axes); the start position if absent.
    #[arg(long)]
    fen: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf positions of the move tree (perft).
    Perft {
        #[command(flatten)]
        at: PositionArgs,
        /// Plies to search.
        #[arg(long)]
        depth: u32,
        /// One `MOVE: COUNT` line per legal move before the total.
        #[arg(long)]
        divide: bool,
    },
    /// Play a line of moves (SAN or coordinates) and print the position reached: FEN, a
    /// board per 2D slice, the legal move count and the result in words.
    Play {
        #[command(flatten)]
        at: PositionArgs,
        /// The moves, separated by spaces (`e4 e5 Nf3`, `1. e4 e5`, `a2[0,0]a3[0,0]`).
        #[arg(long, default_value = "", allow_hyphen_values = true)]
        moves: String,
    },
    /// Print every legal move, one per line, in coordinate notation or SAN.
    Moves {
        #[command(flatten)]
        at: PositionArgs,
        /// `coordinate` (a2[0,0]a3[0,0], e7e8q) or `san` (Nf3, exd5, e8=Q#, Ra1[0,1]).
        #[arg(long, default_value = "coordinate", value_parser = ["coordinate", "san"])]
        notation: String,
    },
    /// List the variant catalog: name, board, title, source.
    Variants,
    /// Check a variant file and summarise it.
    Check {
        /// The .toml file.
        file: PathBuf,
    },
    /// Open the viewer (what `chess4d` with no verb does), with start options.
    View(cli::view::ViewArgs),
    /// Draw a position off-screen into a PNG file (no window).
    Render(cli::render::RenderArgs),
    /// Ask the engine for a move: info lines, then `bestmove MOVE` as the last line.
    Bestmove {
        #[command(flatten)]
        at: PositionArgs,
        /// Plies to search.
        #[arg(long, required_unless_present = "movetime")]
        depth: Option<u32>,
        /// Milliseconds to search.
        #[arg(long)]
        movetime: Option<u64>,
        /// Strength, 1 (beginner) to 8 (full strength).
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=8))]
        level: u8,
    },
    /// Speak the UCI protocol on stdin and stdout (for GUIs, match runners, analysis).
    Uci,
    /// Play games between engine levels (or `random`); White's W-D-L is the last line.
    Selfplay {
        #[command(flatten)]
        variant: VariantArg,
        /// White: a level 1-8 or `random`.
        #[arg(long)]
        white: cli::engine::Player,
        /// Black: a level 1-8 or `random`.
        #[arg(long)]
        black: cli::engine::Player,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Milliseconds per engine move.
        #[arg(long, default_value_t = 100)]
        movetime: u64,
        /// Seed for openings, the random mover and the levels' noise.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Plies at the start of each game that engine sides play at level 2 (noisy), so
        /// that games differ.
        #[arg(long, default_value_t = 2)]
        opening_plies: u32,
    },
    /// Write archived games as PGN-like game text (oldest first).
    Export {
        /// Only this player's games.
        #[arg(long)]
        player: Option<String>,
        /// Only games of this variant.
        #[arg(long)]
        variant: Option<String>,
        /// The file to write (default: stdout).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check every move of a game-text file against the rules and store its games.
    Import {
        /// The game-text file.
        file: PathBuf,
    },
    /// List the player profiles with their rating in each variant.
    Players,
    /// Run a game server for friends: accounts, lobby, clocks, ratings (docs/protocol.md).
    Serve(cli::serve::ServeArgs),
    /// Let the engine play on a `chess4d serve` server: it accepts challenges sent to it.
    Bot(cli::bot::BotArgs),
    /// Puzzles made by the engine: generate, list, verify.
    Puzzles(cli::puzzles::PuzzlesArgs),
    /// Build an opening corpus from engine self-play for the analysis board's explorer.
    ExploreOpenings(cli::explore::ExploreArgs),
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let data_dir = args.common.data_dir.clone();
    cli::set_common(cli::Common {
        data_dir: data_dir.clone(),
        trust_plugin: args.common.trust_plugin,
    });
    let result = match args.command {
        None => cli::view::view_verb(&cli::view::ViewArgs {
            data_dir,
            ..cli::view::ViewArgs::default()
        }),
        Some(Command::View(mut a)) => {
            // `--data-dir` is global: before or after the verb means the same.
            a.data_dir = data_dir;
            cli::view::view_verb(&a)
        }
        Some(Command::Render(a)) => cli::render::render_verb(&a),
        Some(Command::Serve(a)) => cli::serve::serve_verb(&a),
        Some(Command::Bot(a)) => cli::bot::bot_verb(&a),
        Some(Command::Puzzles(a)) => cli::puzzles::puzzles_verb(&a),
        Some(Command::ExploreOpenings(a)) => cli::explore::explore_verb(&a),
        Some(Command::Perft { at, depth, divide }) => {
            cli::rules::perft_verb(&at.variant.variant, at.fen.as_deref(), depth, divide)
        }
        Some(Command::Play { at, moves }) => {
            cli::play::play_verb(&at.variant.variant, at.fen.as_deref(), &moves)
        }
        Some(Command::Moves { at, notation }) => {
            cli::rules::moves_verb(&at.variant.variant, at.fen.as_deref(), notation == "san")
        }
        Some(Command::Variants) => cli::rules::variants_verb(),
        Some(Command::Check { file }) => cli::rules::check_verb(&file),
        Some(Command::Bestmove {
            at,
            depth,
            movetime,
            level,
        }) => cli::engine::bestmove_verb(
            &at.variant.variant,
            at.fen.as_deref(),
            depth,
            movetime,
            level,
        ),
        Some(Command::Uci) => cli::uci::uci_verb(),
        Some(Command::Selfplay {
            variant,
            white,
            black,
            games,
            movetime,
            seed,
            opening_plies,
        }) => cli::engine::selfplay_verb(&cli::engine::SelfPlay {
            variant: variant.variant,
            white,
            black,
            games,
            movetime: std::time::Duration::from_millis(movetime),
            seed,
            opening_plies,
        }),
        Some(Command::Export {
            player,
            variant,
            out,
        }) => cli::archive::export_verb(
            data_dir.as_deref(),
            player.as_deref(),
            variant.as_deref(),
            out.as_deref(),
        ),
        Some(Command::Import { file }) => cli::archive::import_verb(&file, data_dir.as_deref()),
        Some(Command::Players) => cli::archive::players_verb(data_dir.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chess4d: {e}");
            ExitCode::FAILURE
        }
    }
}
