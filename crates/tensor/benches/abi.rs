//! What the plugin ABI costs: perft of Tensor chess through the built plugin (the host's
//! `chess4d_core::perft` over `PluginRules`, one ABI call per move list and per move
//! played) against the same rules linked directly (`tensor_chess::perft`). Prints nodes
//! per CPU second (best run of at least 1.5 s of CPU time each) for both and their ratio
//! (the target is at least 0.8).
//!
//! Run with `cargo bench -p tensor-chess --bench abi`; it builds the cdylib itself (in
//! the profile it runs under) and loads it from beside the benchmark, as chess4d would.

use chess4d_core::{Rules, perft};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tensor_chess::{Position, parse_fen};

const MIDDLE: &str = "r4k3r/1p2t2pp1/3b6/2pP1t4/10/1T6T1/PP1N3PPP/R4KB2R w KQkq c6 0 12";

/// Builds `libtensor_chess.so` for the profile this benchmark was built in.
fn build_plugin() -> Result<(), String> {
    // The cargo that built this binary, not whichever one is on PATH.
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(["build", "-p", "tensor-chess", "--lib"]);
    if !cfg!(debug_assertions) {
        cmd.arg("--release");
    }
    let out = cmd.output().map_err(|e| format!("cannot run cargo: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "building the plugin failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// CPU time of this thread: the machine may be shared, and time spent descheduled would
/// otherwise count against whichever side was running.
#[cfg(target_os = "linux")]
fn cpu_now() -> Duration {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call.
    if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } != 0 {
        return Duration::ZERO;
    }
    Duration::new(t.sec as u64, t.nsec as u32)
}

#[cfg(not(target_os = "linux"))]
fn cpu_now() -> Duration {
    use std::sync::OnceLock;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

/// Runs `f` (which returns its node count) for at least `min` of CPU time after one
/// warm-up; returns the nodes and the best CPU seconds of one run.
fn best(min: Duration, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let nodes = f();
    let mut best = f64::MAX;
    let wall = Instant::now();
    let spent = cpu_now();
    while cpu_now() - spent < min || best == f64::MAX {
        let t = cpu_now();
        let n = f();
        best = best.min((cpu_now() - t).as_secs_f64().max(1e-9));
        if n != nodes {
            eprintln!("perft is not deterministic: {n} then {nodes}");
            std::process::exit(1);
        }
        if wall.elapsed() > min * 20 {
            break;
        }
    }
    (nodes, best)
}

fn compare(rules: &Arc<dyn Rules>, name: &str, fen: &str, depth: u32) -> Result<f64, String> {
    let direct_pos: Position = parse_fen(fen).map_err(|e| format!("{name}: {e}"))?;
    let host_pos = rules
        .parse_position(fen)
        .map_err(|e| format!("{name}: {e}"))?;
    let min = Duration::from_millis(1500);
    let (direct_nodes, direct_s) = best(min, || tensor_chess::perft(&direct_pos, depth));
    let (abi_nodes, abi_s) = best(min, || perft(&**rules, &mut host_pos.clone(), depth));
    if abi_nodes != direct_nodes {
        return Err(format!(
            "{name} perft({depth}): {abi_nodes} through the ABI, {direct_nodes} direct"
        ));
    }
    let direct_nps = direct_nodes as f64 / direct_s;
    let abi_nps = abi_nodes as f64 / abi_s;
    let ratio = abi_nps / direct_nps;
    println!(
        "{name:>6} perft({depth}) = {direct_nodes:>9}  direct {:>7.2} ms {:>6.2} Mnps  \
         ABI {:>7.2} ms {:>6.2} Mnps  ratio {ratio:.2}",
        direct_s * 1e3,
        direct_nps / 1e6,
        abi_s * 1e3,
        abi_nps / 1e6
    );
    Ok(ratio)
}

fn run() -> Result<(), String> {
    build_plugin()?;
    let plugin = chess4d_variants::PluginRules::load("tensor", "tensor_chess", &[])
        .map_err(|e| format!("loading the plugin: {e}"))?;
    println!("plugin: {}", plugin.library_path().display());
    let rules: Arc<dyn Rules> = plugin;
    let start = tensor_chess::START_FEN;
    for depth in 1..=2 {
        let n = perft(&*rules, &mut rules.start_position(), depth);
        println!(" start perft({depth}) = {n}");
    }
    let mut ratios = Vec::new();
    for depth in [3, 4] {
        ratios.push(compare(&rules, "start", start, depth)?);
    }
    ratios.push(compare(&rules, "middle", MIDDLE, 3)?);
    let worst = ratios.iter().copied().fold(f64::MAX, f64::min);
    println!("worst ABI/direct ratio {worst:.2} (target 0.80)");
    if let (_, Some(f)) = rules.faults() {
        return Err(format!("the plugin faulted: {f}"));
    }
    Ok(())
}

/// Only the ABI side, once, for a profiler (`valgrind --tool=callgrind <bench> --profile`).
fn profile() -> Result<(), String> {
    let rules = chess4d_variants::load_plugin("tensor", "tensor_chess", &[])
        .map_err(|e| format!("loading the plugin (build it first): {e}"))?;
    let n = perft(&*rules, &mut rules.start_position(), 4);
    println!("start perft(4) = {n} through the ABI");
    Ok(())
}

fn main() {
    // `cargo bench` passes `--bench`; other arguments but `--profile` are ignored.
    let result = if std::env::args().any(|a| a == "--profile") {
        profile()
    } else {
        run()
    };
    if let Err(e) = result {
        eprintln!("abi bench: {e}");
        std::process::exit(1);
    }
}
