//! Verbs about the rules themselves: perft, moves, variants, check.

use super::{CliError, CliResult};
use chess4d_core::{Position, Rules, divide, perft};
use chess4d_variants::{Catalog, VariantSpec};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// The rules named by `--variant` and the position named by `--fen` (or the start).
pub fn load(variant: &str, fen: Option<&str>) -> Result<(Arc<dyn Rules>, Position), CliError> {
    let catalog = super::catalog();
    let rules = catalog.resolve(variant)?;
    let pos = match fen {
        Some(f) => rules
            .parse_position(f)
            .map_err(|e| CliError(format!("--fen: {e}")))?,
        None => rules.start_position(),
    };
    Ok((rules, pos))
}

/// `chess4d perft`: leaf counts, optionally split by first move; the total is last.
pub fn perft_verb(variant: &str, fen: Option<&str>, depth: u32, split: bool) -> CliResult {
    let (rules, mut pos) = load(variant, fen)?;
    let mut out = std::io::stdout().lock();
    if split && depth > 0 {
        let mut total = 0;
        for (mv, n) in divide(&*rules, &mut pos, depth) {
            writeln!(out, "{mv}: {n}")?;
            total += n;
        }
        writeln!(out, "{total}")?;
    } else {
        writeln!(out, "{}", perft(&*rules, &mut pos, depth))?;
    }
    Ok(())
}

/// `chess4d moves`: every legal move, one per line, in SAN when `san` is set, else in
/// the rules' coordinate notation.
pub fn moves_verb(variant: &str, fen: Option<&str>, san: bool) -> CliResult {
    let (rules, pos) = load(variant, fen)?;
    let mut moves = Vec::new();
    rules.legal_moves(&pos, &mut moves);
    let names = if san {
        chess4d_core::san_moves(&*rules, &pos, &moves)
    } else {
        moves.iter().map(|&m| rules.format_move(&pos, m)).collect()
    };
    let mut out = std::io::stdout().lock();
    for name in names {
        writeln!(out, "{name}")?;
    }
    Ok(())
}

/// `chess4d variants`: the catalog, one variant per line (no plugin is loaded).
pub fn variants_verb() -> CliResult {
    let catalog = Catalog::standard();
    let mut out = std::io::stdout().lock();
    for e in catalog.entries() {
        writeln!(out, "{}", e.summary())?;
    }
    for w in catalog.warnings() {
        eprintln!("warning: {w}");
    }
    Ok(())
}

/// `chess4d check FILE`: validate a variant file and say what it means: warnings on
/// stderr (legal but probably a mistake), then a summary, or the first error.
pub fn check_verb(file: &Path) -> CliResult {
    let checked = chess4d_variants::check_file(file)?;
    for w in &checked.warnings {
        eprintln!("{w}");
    }
    let spec = checked.spec.map_err(|e| CliError(e.to_string()))?;
    let warnings = match checked.warnings.len() {
        0 => String::new(),
        1 => ", 1 warning".to_string(),
        n => format!(", {n} warnings"),
    };
    match spec {
        VariantSpec::Table(rules) => {
            let info = rules.info();
            let mut pos = rules.start_position();
            let first = perft(&*rules, &mut pos, 1);
            println!(
                "ok: {} ({}), {} board, {} pieces, {first} legal first moves{warnings}",
                info.name,
                info.title,
                info.shape,
                info.pieces.len()
            );
        }
        VariantSpec::Plugin { name, library } => {
            let rules = super::catalog().resolve(&file.display().to_string())?;
            println!(
                "ok: {name} (plugin '{library}'), {} board{warnings}",
                rules.info().shape
            );
        }
    }
    Ok(())
}
