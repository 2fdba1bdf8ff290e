//! The server alone, on the built-in variants, for benchmarks in release builds without
//! the viewer: `cargo run --release -p chess4d-server --example serve -- ADDR DATA_DIR
//! [postgres://...]` (a third argument stores in PostgreSQL instead of DATA_DIR).
//! (`chess4d serve` is the same server with the full catalog.)

use chess4d_server::{Config, hub::Settings};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let listen = args.get(1).map_or("127.0.0.1:8080", String::as_str);
    let data_dir = args
        .get(2)
        .map_or("/tmp/chess4d-serve-bench", String::as_str);
    let config = Config {
        listen: match listen.parse() {
            Ok(a) => a,
            Err(e) => return eprintln!("{listen}: {e}"),
        },
        data_dir: data_dir.into(),
        database: args.get(3).cloned(),
        settings: Settings {
            max_sockets_per_address: 10_000,
            sessions_per_minute: 1_000_000,
            ..Settings::default()
        },
    };
    if let Err(e) = chess4d_server::run(config, &chess4d_variants::Catalog::embedded()) {
        eprintln!("{e}");
    }
}
