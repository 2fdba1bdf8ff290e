//! chess4d's game server: people play each other, with clocks and ratings.
//!
//! `chess4d serve` runs [`run`]: an axum server speaking the protocol of
//! `docs/protocol.md` (WebSocket + JSON, types in `chess4d-protocol`) with an HTTP API
//! for accounts and the read-only parts. The story of a game:
//!
//! * **Finding one** ([`lobby`]): seeks in a live lobby, challenges, invitation codes.
//! * **Playing** ([`play`]): each move is read by the variant's `dyn Rules` (the same
//!   as the viewer's: the server is the only judge, [`notation`] is the one place that
//!   reads and writes the move text), charged to the server's [`clock`] with lichess's
//!   lag quota, **stored before it is sent**, then sent to both players and spectators.
//!   Ends come from `chess4d_core::Game` (mate, repetition, move limit, variant ends),
//!   the players (resignation, agreement, abort) and the clock (flag; a draw when the
//!   opponent cannot mate).
//! * **Ratings** ([`rating`]): Glicko-2 of `crates/archive`, applied in the transaction
//!   that stores a rated game's end.
//! * **Storage** ([`store`]): one trait; SQLite (one writer thread, WAL) is the
//!   embedded default, PostgreSQL (`--database postgres://...`) the store several
//!   nodes can share; both take their tables from one list of migrations
//!   ([`store::schema`]).
//! * **Connections** ([`ws`], [`conn`], [`hub`]): reconnection, spectators, rate
//!   limits; [`http`] serves accounts ([`auth`]: argon2id, hashed tokens) and PGN.
//! * **Several nodes** on one PostgreSQL ([`cluster`]): each game has one owner by
//!   lease that runs its clock, events travel by LISTEN/NOTIFY, a dead node's games are
//!   taken over from their committed moves; [`lobby_sync`] makes one lobby of all nodes.
//! * **Operations** ([`metrics`], [`log`]): `/healthz`, `/readyz`, Prometheus
//!   `/metrics`, logfmt lines naming the node.

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod auth;
pub mod clock;
pub mod cluster;
pub mod conn;
pub mod game;
pub mod http;
pub mod hub;
pub mod limits;
pub mod lobby;
pub mod lobby_sync;
pub mod log;
pub mod material;
pub mod metrics;
pub mod notation;
pub mod outbox;
pub mod pgn;
pub mod play;
pub mod rating;
pub mod store;
pub mod variants;
pub mod ws;

use hub::{Hub, Settings};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use store::Store;
use store::postgres::PgStore;
use store::sqlite::SqliteStore;

/// How to run a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (port 0: any free port, printed on start).
    pub listen: SocketAddr,
    /// The folder of `server.sqlite3`.
    pub data_dir: PathBuf,
    /// A PostgreSQL URL (`postgres://user:password@host:port/database`) to store in
    /// instead of the data folder's SQLite file.
    pub database: Option<String>,
    /// The hub's settings.
    pub settings: Settings,
}

/// Runs the server until the process ends. Prints `listening on ADDR` once ready.
pub fn run(config: Config, catalog: &chess4d_variants::Catalog) -> Result<(), String> {
    let variants = variants::Variants::from_catalog(catalog);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(serve(config, variants))
}

/// Serves on the current tokio runtime.
pub async fn serve(config: Config, variants: variants::Variants) -> Result<(), String> {
    let (store, place) = open_store(&config).await?;
    let mut hub = Hub::new(store, variants, config.settings);
    if let Some(url) = &config.database {
        let cluster = cluster::Cluster::open(url)
            .await
            .map_err(|e| e.to_string())?;
        log::set_node(&cluster.node);
        // Seek and connection numbers unique across nodes (crate::lobby_sync).
        hub.next_id.store(
            (cluster.number << 40) + 1,
            std::sync::atomic::Ordering::Relaxed,
        );
        hub.cluster = Some(Arc::new(cluster));
    }
    let hub = Arc::new(hub);
    // On PostgreSQL the games of a node that stopped are taken over by lease (the
    // cluster's first beat); alone on SQLite, every game still playing is this node's.
    let resumed = match &hub.cluster {
        Some(c) => {
            cluster::start(hub.clone(), c.clone());
            0
        }
        None => play::resume(&hub).await?,
    };
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    tokio::spawn(play::flag_watch(hub.clone()));
    println!("listening on {addr}");
    log::info(
        "chess4d serve started",
        &[
            ("listen", &addr),
            ("variants", &hub.variants.summaries().len()),
            ("resumed", &resumed),
            ("data", &place),
        ],
    );
    let app = http::router(hub).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app)
        .await
        .map_err(|e| format!("the server stopped: {e}"))
}

/// The store the configuration names, and where it is (for the log): PostgreSQL when a
/// URL is given, else `server.sqlite3` in the data folder.
async fn open_store(config: &Config) -> Result<(Arc<dyn Store>, String), String> {
    if let Some(url) = &config.database {
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            return Err(format!(
                "--database {}: give a PostgreSQL URL (postgres://user:password@host:port/database), \
                 or leave --database out to store in the data folder's SQLite file",
                store::pg_pool::redact(url)
            ));
        }
        let store = PgStore::open(url).await.map_err(|e| e.to_string())?;
        return Ok((Arc::new(store), store::pg_pool::redact(url)));
    }
    std::fs::create_dir_all(&config.data_dir)
        .map_err(|e| format!("cannot create {}: {e}", config.data_dir.display()))?;
    let path = config.data_dir.join("server.sqlite3");
    let store = SqliteStore::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((Arc::new(store), path.display().to_string()))
}
