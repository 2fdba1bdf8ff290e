//! Perft speed of every Fairy-Stockfish variant in the catalog against
//! `fairy-stockfish`'s own `go perft`, on the start position, in one run.
//!
//! `cargo bench -p chess4d-variants --bench fsf_perft [-- [--depth N] VARIANT ...]` (release build).
//! The variants are those with a `tests/fsf/<name>.perft` file; the depth is the
//! smallest that reaches 1.5 million leaves (at most 9: the 3x4 and 5x5 boards need more
//! than 6, where a few thousand leaves time the set-up, not the count). Fairy-Stockfish
//! plays every move out, we count the last ply in bulk, as the perft bench does against
//! cozy-chess; both must give the same total. Fairy-Stockfish's time is its `go perft` alone (the
//! engine is started and set up before the clock starts). Without `fairy-stockfish`
//! (`$FAIRY_STOCKFISH`, default `/usr/games/fairy-stockfish`) only our figures print.

use chess4d_core::perft;
use chess4d_variants::Catalog;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

struct Fsf {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fsf {
    fn start(path: &str, variant: &str, fen: &str) -> Option<Fsf> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        let mut fsf = Fsf {
            child,
            input,
            output,
        };
        fsf.send(&format!(
            "uci\nsetoption name UCI_Variant value {variant}\nposition fen {fen}\nisready"
        ))?;
        fsf.wait_for("readyok")?;
        Some(fsf)
    }

    fn send(&mut self, text: &str) -> Option<()> {
        writeln!(self.input, "{text}").ok()?;
        self.input.flush().ok()
    }

    fn wait_for(&mut self, prefix: &str) -> Option<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if line.starts_with(prefix) {
                return Some(line.trim().to_string());
            }
        }
    }

    /// (nodes, seconds) of `go perft depth`.
    fn perft(&mut self, depth: u32) -> Option<(u64, f64)> {
        let t = Instant::now();
        self.send(&format!("go perft {depth}"))?;
        let line = self.wait_for("Nodes searched")?;
        let secs = t.elapsed().as_secs_f64();
        let nodes = line.rsplit(' ').next()?.parse().ok()?;
        Some((nodes, secs))
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The start position recorded in a data file.
fn start_fen(file: &PathBuf) -> Option<String> {
    let text = std::fs::read_to_string(file).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("fen "))
        .map(str::to_string)
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    // `--depth N` fixes the depth (for `valgrind --tool=callgrind` with
    // `FAIRY_STOCKFISH=none`, whose instruction counts do not depend on the load).
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fixed_depth = args
        .iter()
        .position(|a| a == "--depth")
        .and_then(|i| args.get(i + 1))
        .and_then(|d| d.parse::<u32>().ok());
    let wanted: Vec<String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with('-') && (i == 0 || args[i - 1] != "--depth"))
        .map(|(_, a)| a.clone())
        .collect();
    let fsf_path =
        std::env::var("FAIRY_STOCKFISH").unwrap_or_else(|_| "/usr/games/fairy-stockfish".into());
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&root.join("variants"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("tests/fsf"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    println!(
        "{:<18} {:>5} {:>12} {:>10} {:>10} {:>7}",
        "variant", "depth", "nodes", "ours M/s", "FSF M/s", "ratio"
    );
    for file in files {
        let Some(name) = file.file_stem().map(|s| s.to_string_lossy().into_owned()) else {
            continue;
        };
        if !wanted.is_empty() && !wanted.contains(&name) {
            continue;
        }
        let (Ok(rules), Some(fen)) = (catalog.get(&name), start_fen(&file)) else {
            println!("{name:<18} (not in the catalog)");
            continue;
        };
        let Ok(mut pos) = rules.parse_position(&fen) else {
            continue;
        };
        let mut depth = fixed_depth.unwrap_or(1);
        while fixed_depth.is_none() && depth < 9 && perft(&*rules, &mut pos, depth) < 1_500_000 {
            depth += 1;
        }
        let t = Instant::now();
        let nodes = perft(&*rules, &mut pos, depth);
        let ours = nodes as f64 / t.elapsed().as_secs_f64() / 1e6;
        // Our catalog's `orthodox` is Fairy-Stockfish's `chess`.
        let fsf_name = if name == "orthodox" { "chess" } else { &name };
        match Fsf::start(&fsf_path, fsf_name, &fen).and_then(|mut f| f.perft(depth)) {
            Some((fsf_nodes, secs)) => {
                assert_eq!(nodes, fsf_nodes, "{name} perft({depth})");
                let theirs = fsf_nodes as f64 / secs / 1e6;
                println!(
                    "{name:<18} {depth:>5} {nodes:>12} {ours:>10.1} {theirs:>10.1} {:>7.2}",
                    ours / theirs
                );
            }
            None => println!("{name:<18} {depth:>5} {nodes:>12} {ours:>10.1}        -"),
        }
    }
}
