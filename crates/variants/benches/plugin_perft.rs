//! What the C ABI costs: perft of orthodox chess on the table engine linked directly,
//! and of the same engine behind the plugin ABI (`examples/orthodox_plugin.rs`, loaded
//! with libloading). The plugin rebuilds a core `Position` from the host's bytes on every
//! call, so this is the overhead of a plugin that keeps no state between calls.
//!
//! `cargo bench -p chess4d-variants --bench plugin_perft` (add `-- --quick` for one run).

use chess4d_core::{Rules, perft};
use chess4d_variants::{Catalog, PluginRules};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// CPU time of this thread: the machine may be shared, and time spent descheduled
/// would otherwise count against whichever side ran while it was busy.
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

/// Runs `f` until at least `min` of CPU time has passed; returns (nodes per run, best
/// nodes per CPU second).
fn measure(min: Duration, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = 0.0f64;
    let mut nodes = 0;
    let start = Instant::now();
    let cpu_start = cpu_now();
    while cpu_now() - cpu_start < min || best == 0.0 {
        let t = cpu_now();
        nodes = f();
        let secs = (cpu_now() - t).as_secs_f64().max(1e-9);
        best = best.max(nodes as f64 / secs);
        if start.elapsed() > min * 20 {
            break;
        }
    }
    (nodes, best)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    // `--plugin-only`: time only the plugin side, for a profiler.
    let plugin_only = std::env::args().any(|a| a == "--plugin-only");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "build",
            "--release",
            "-p",
            "chess4d-variants",
            "--example",
            "orthodox_plugin",
        ])
        .status()
        .expect("run cargo");
    assert!(status.success(), "building the orthodox plugin failed");
    let exe = std::env::current_exe().expect("the bench's path");
    let examples = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/release")
        .join("examples");

    let direct = Catalog::embedded().get("orthodox").expect("orthodox loads");
    let plugin = PluginRules::load("orthodox-plugin", "orthodox_plugin", &[examples])
        .expect("the orthodox plugin loads");
    let positions = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
    ];
    let min = Duration::from_secs(if quick { 0 } else { 3 });
    println!("position   depth       nodes   direct Mn/s   plugin Mn/s   ratio");
    for (name, fen, depth) in positions {
        let start_direct = direct.parse_position(fen).expect("FEN");
        let start_plugin = plugin.parse_position(fen).expect("FEN");
        let (n1, d) = if plugin_only {
            (perft(&*direct, &mut start_direct.clone(), depth), f64::NAN)
        } else {
            measure(min, || perft(&*direct, &mut start_direct.clone(), depth))
        };
        let (n2, p) = measure(min, || perft(&*plugin, &mut start_plugin.clone(), depth));
        assert_eq!(n1, n2, "the plugin counts differently at {name}");
        println!(
            "{name:<10} {depth:>5} {n1:>11} {:>13.2} {:>13.2} {:>7.2}",
            d / 1e6,
            p / 1e6,
            p / d
        );
    }
    assert!(plugin.last_fault().is_none(), "{:?}", plugin.last_fault());
}
