//! `chess4d puzzles`: make puzzles from engine games, list the shipped ones, verify a set.

use super::{CliError, CliResult};
use chess4d_puzzles::{Puzzle, Settings, fast_depth, generate, parse_set, shipped, verify};
use std::io::Write;
use std::path::{Path, PathBuf};

/// `chess4d puzzles ...`
#[derive(clap::Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Make puzzles from engine self-play: one tab-separated line each (id, FEN,
    /// solution, themes, rating); the yield and time per puzzle on stderr.
    Generate {
        /// A catalog name (full, classic, orthodox, ...) or a path to a .toml file.
        #[arg(long, default_value = "full")]
        variant: String,
        /// Puzzles to make.
        #[arg(long)]
        count: usize,
        /// Seeds the games: the same seed makes the same puzzles.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The file to write (default: stdout).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Print a variant's puzzles: id, FEN, solution (coordinate notation, replies
    /// included), themes, rating, tab-separated, one a line.
    List {
        /// The variant whose shipped set to print.
        #[arg(long, default_value = "full")]
        variant: String,
        /// A puzzle file to print instead of the shipped set.
        #[arg(long)]
        file: Option<PathBuf>,
        /// Write the solution in SAN (`Rd8#`, `Ra1[0,1]+`) instead of coordinates.
        #[arg(long)]
        san: bool,
    },
    /// Re-verify a set: each solution wins, no other first move wins as well, the themes
    /// are true. One line per failure; the count last.
    Verify {
        /// The variant.
        #[arg(long, default_value = "full")]
        variant: String,
        /// Plies to search (default: the test suite's depth for the variant, plus 2).
        #[arg(long)]
        depth: Option<u32>,
        /// A puzzle file to verify instead of the shipped set.
        #[arg(long)]
        file: Option<PathBuf>,
    },
}

/// Runs `chess4d puzzles`.
pub fn puzzles_verb(args: &PuzzlesArgs) -> CliResult {
    match &args.action {
        Action::Generate {
            variant,
            count,
            seed,
            out,
        } => generate_verb(variant, *count, *seed, out.as_deref()),
        Action::List { variant, file, san } => list_verb(variant, file.as_deref(), *san),
        Action::Verify {
            variant,
            depth,
            file,
        } => verify_verb(variant, *depth, file.as_deref()),
    }
}

fn load_set(variant: &str, file: Option<&Path>) -> Result<Vec<Puzzle>, CliError> {
    match file {
        Some(f) => {
            let text = std::fs::read_to_string(f)
                .map_err(|e| CliError(format!("{}: {e}", f.display())))?;
            parse_set(&text).map_err(|e| CliError(format!("{}: {e}", f.display())))
        }
        None => shipped::shipped(variant)
            .ok_or_else(|| {
                let names: Vec<&str> = shipped::SETS.iter().map(|s| s.0).collect();
                CliError(format!(
                    "no puzzle set ships for '{variant}'; sets: {} (or give --file)",
                    names.join(", ")
                ))
            })?
            .map_err(CliError::from),
    }
}

fn list_verb(variant: &str, file: Option<&Path>, san: bool) -> CliResult {
    let set = load_set(variant, file)?;
    let rules = if san {
        Some(super::catalog().resolve(variant)?)
    } else {
        None
    };
    let mut stdout = std::io::stdout().lock();
    for p in &set {
        match &rules {
            Some(rules) => {
                let (pos, moves) = chess4d_puzzles::verify::read(&**rules, p)?;
                let line = chess4d_core::san_line(&**rules, &pos, &moves);
                let shown = Puzzle {
                    solution: line,
                    ..p.clone()
                };
                writeln!(stdout, "{shown}")?;
            }
            None => writeln!(stdout, "{p}")?,
        }
    }
    Ok(())
}

fn generate_verb(variant: &str, count: usize, seed: u64, out: Option<&Path>) -> CliResult {
    let rules = super::catalog().resolve(variant)?;
    let name = rules.info().name.clone();
    let settings = Settings::new(count, seed);
    // Each puzzle is written as it is kept, so a run stopped early keeps what it made.
    let mut sink: Box<dyn Write> = match out {
        Some(f) => Box::new(
            std::fs::File::create(f).map_err(|e| CliError(format!("{}: {e}", f.display())))?,
        ),
        None => Box::new(std::io::stdout().lock()),
    };
    writeln!(
        sink,
        "# {name}, seed {seed}: id\tFEN\tsolution\tthemes\trating"
    )?;
    let mut failed = None;
    let (puzzles, tally) = generate(&*rules, &name, &settings, &mut |p, t| {
        eprintln!(
            "{} after {:.1} s: {}",
            p.id,
            t.elapsed.as_secs_f64(),
            p.themes.join(",")
        );
        if let Err(e) = writeln!(sink, "{p}").and_then(|()| sink.flush()) {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(CliError(format!("writing the puzzles: {e}")));
    }
    let per = tally
        .per_puzzle()
        .map_or("-".to_string(), |d| format!("{:.1}", d.as_secs_f64()));
    eprintln!(
        "{name}: {} puzzles from {} games, {} positions searched (yield {} per 1000), {:.1} s, {per} s per puzzle",
        tally.puzzles,
        tally.games,
        tally.positions,
        tally.yield_permille(),
        tally.elapsed.as_secs_f64()
    );
    if puzzles.len() < count {
        return Err(CliError(format!(
            "only {} of {count} puzzles after {} games",
            puzzles.len(),
            tally.games
        )));
    }
    Ok(())
}

fn verify_verb(variant: &str, depth: Option<u32>, file: Option<&Path>) -> CliResult {
    let rules = super::catalog().resolve(variant)?;
    let set = load_set(variant, file)?;
    let depth = depth.unwrap_or(fast_depth(&*rules) + 2);
    let mut failed = 0;
    for p in &set {
        if let Err(e) = verify(&*rules, p, depth) {
            println!("FAIL {e}");
            failed += 1;
        }
    }
    println!(
        "{} of {} puzzles verified at depth {depth}",
        set.len() - failed,
        set.len()
    );
    if failed > 0 {
        return Err(CliError(format!("{failed} puzzles failed verification")));
    }
    Ok(())
}
