//! Several nodes on one PostgreSQL database: events between nodes, and one owner per
//! game that runs its clock.
//!
//! * **The database decides.** Any node may take a move for a game its players or
//!   spectators are connected to: it keeps a copy of the game, checks the move with the
//!   rules and the clock, and stores it; the key (game, ply) lets exactly one of two
//!   racing nodes store a ply, and a game's end is stored once (`FOR UPDATE`).
//! * **Events by LISTEN/NOTIFY.** After a commit a node sends the frame it sent its own
//!   watchers on channel [`CHANNEL`] (`{"n": node, "g": game, "f": frame}`); the other
//!   nodes apply it to their copy and send it to theirs. A payload is capped at 8,000
//!   bytes: a frame that would not fit is sent as "reload" (`"f": null`) and the nodes
//!   read the game from the database. A node whose listening connection broke reads
//!   every game it holds again once it is back (it may have missed events).
//! * **One owner per game** ([`LEASE_MS`] leases in `game_leases`, renewed every
//!   [`BEAT_MS`]; the store deletes a game's lease with its end): only the owner lets a
//!   flag fall. When the owner dies its leases run
//!   out and another node takes them over, rebuilding the game from the database: the
//!   clock runs for the side to move from the time of the last committed move, so time
//!   is neither lost nor counted twice.

mod copies;
mod events;

pub use copies::{adopt, adopt_games_of, reload};

use crate::clock::now_ms;
use crate::hub::{Hub, lock};
use crate::store::StoreError;
use crate::store::pg_pool::{Pool, describe};
use chess4d_protocol::{GameId, encode};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The NOTIFY channel of game events.
pub const CHANNEL: &str = "chess4d_events";
/// How long a lease holds without renewal.
pub const LEASE_MS: u64 = 3_000;
/// How often leases are renewed and expired ones taken over.
pub const BEAT_MS: u64 = 1_000;
/// PostgreSQL's payload limit is 8,000 bytes; above this a frame goes as "reload".
const PAYLOAD_MAX: usize = 7_900;

/// This node's part in the cluster.
pub struct Cluster {
    /// This node's name (unique per process: host-less, the pid and a random part).
    pub node: String,
    /// This node's number from the database (its seek and connection numbers start at
    /// `number << 40`, so no two nodes hand out the same seek number).
    pub number: u64,
    lobby_tx: tokio::sync::mpsc::UnboundedSender<String>,
    lobby_rx: Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<String>>>,
    url: String,
    pool: Pool,
    owned: Mutex<HashSet<GameId>>,
}

/// A NOTIFY payload: a game's event, a lobby event (crate::lobby_sync), or a game
/// started for a player connected elsewhere.
#[derive(serde::Serialize, serde::Deserialize, Default)]
pub(crate) struct Event {
    /// The sending node.
    pub n: String,
    /// The game (0 for a lobby event).
    #[serde(default)]
    pub g: u64,
    /// The frame its watchers were sent; none: read the game again.
    #[serde(default)]
    pub f: Option<String>,
    /// A lobby frame (`seek_added`, `seek_removed`).
    #[serde(default)]
    pub l: Option<String>,
    /// The seek's owner, with `seek_added`: (user id, name, guest).
    #[serde(default)]
    pub o: Option<(i64, String, bool)>,
    /// A player whose game `g` started on the sending node.
    #[serde(default)]
    pub u: Option<i64>,
}

impl Cluster {
    /// Joins the cluster of the database at `url` (the store has applied the schema).
    pub async fn open(url: &str) -> Result<Cluster, StoreError> {
        let mut random = [0u8; 4];
        getrandom::fill(&mut random)
            .map_err(|e| StoreError::Database(format!("no randomness for a node name: {e}")))?;
        let node = format!(
            "node-{}-{:08x}",
            std::process::id(),
            u32::from_le_bytes(random)
        );
        let pool = Pool::open(url, 2).await?;
        let number = {
            let c = pool.get().await?;
            let row = c
                .client
                .query_one(
                    "INSERT INTO nodes (name, started_ms) VALUES ($1, $2) RETURNING id",
                    &[&node, &(now_ms() as i64)],
                )
                .await
                .map_err(crate::store::pg_pool::db)?;
            row.try_get::<_, i64>(0)
                .map_err(crate::store::pg_pool::db)? as u64
        };
        let (lobby_tx, lobby_rx) = tokio::sync::mpsc::unbounded_channel();
        Ok(Cluster {
            node,
            number,
            url: url.to_string(),
            pool,
            owned: Mutex::default(),
            lobby_tx,
            lobby_rx: Mutex::new(Some(lobby_rx)),
        })
    }

    /// Sends an event to the other nodes after those queued before it (lobby events
    /// come from code that cannot wait; their order is kept by one sender task).
    pub(crate) fn enqueue(&self, mut event: Event) {
        event.n = self.node.clone();
        if let Ok(payload) = serde_json::to_string(&event) {
            let _ = self.lobby_tx.send(payload);
        }
    }

    /// Sends a payload now.
    pub(crate) async fn notify(&self, payload: &str) -> Result<(), String> {
        let c = self.pool.get().await.map_err(|e| e.to_string())?;
        c.client
            .execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            .await
            .map_err(|e| describe(&e))?;
        Ok(())
    }

    /// Takes a seek for a game: true for the one node whose player took it first.
    pub async fn claim_seek(&self, seek: u64) -> Result<bool, StoreError> {
        let c = self.pool.get().await?;
        let n = c
            .client
            .execute(
                "INSERT INTO seek_claims (seek_id, at_ms) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[&(seek as i64), &(now_ms() as i64)],
            )
            .await
            .map_err(crate::store::pg_pool::db)?;
        Ok(n == 1)
    }

    /// Whether this node owns (runs the clock of) `game`.
    pub fn owns(&self, game: GameId) -> bool {
        lock(&self.owned).contains(&game)
    }

    /// How many games this node owns.
    pub fn owned_count(&self) -> usize {
        lock(&self.owned).len()
    }

    /// A game this node just created is its own.
    pub async fn claim_new(&self, game: GameId) -> Result<(), StoreError> {
        let c = self.pool.get().await?;
        c.client
            .execute(
                "INSERT INTO game_leases (game_id, node, expires_ms) VALUES ($1, $2, $3)
                 ON CONFLICT (game_id) DO UPDATE SET node = $2, expires_ms = $3",
                &[
                    &(game.0 as i64),
                    &self.node,
                    &((now_ms() + LEASE_MS) as i64),
                ],
            )
            .await
            .map_err(crate::store::pg_pool::db)?;
        lock(&self.owned).insert(game);
        Ok(())
    }

    /// Tells the other nodes what this one sent the watchers of `game` (after the
    /// change is committed). A failure is logged: the others catch up on the game's
    /// next event or when they take it over.
    ///
    /// The NOTIFY is a transaction of its own, never inside the move's: PostgreSQL holds
    /// one lock for every notifying commit across its WAL flush, so moves notified in
    /// their own transaction commit one at a time (measured: 466 commits/s against 3,562
    /// without; see docs/src/server/several-nodes.md).
    pub async fn publish<T: serde::Serialize>(&self, game: GameId, msg: &T) {
        let frame = encode(msg);
        let mut event = Event {
            n: self.node.clone(),
            g: game.0,
            f: Some(frame),
            ..Event::default()
        };
        let mut payload = serde_json::to_string(&event).unwrap_or_default();
        if payload.len() > PAYLOAD_MAX {
            event.f = None;
            payload = serde_json::to_string(&event).unwrap_or_default();
        }
        if let Err(e) = self.notify(&payload).await {
            crate::log::warn(
                "event not sent to other nodes",
                &[("game", &game.0), ("error", &e)],
            );
        }
    }

    /// Renews this node's leases and takes over those that ran out (or never existed)
    /// for games still being played; returns the games taken over.
    async fn beat(&self) -> Result<Vec<GameId>, StoreError> {
        let c = self.pool.get().await?;
        let now = now_ms() as i64;
        let until = now + LEASE_MS as i64;
        let held = c
            .client
            .query(
                "UPDATE game_leases SET expires_ms = $2 WHERE node = $1 RETURNING game_id",
                &[&self.node, &until],
            )
            .await
            .map_err(crate::store::pg_pool::db)?;
        let taken = c
            .client
            .query(
                "INSERT INTO game_leases (game_id, node, expires_ms)
                 SELECT g.id, $1, $2 FROM games g LEFT JOIN game_leases l ON l.game_id = g.id
                 WHERE g.status = 'playing'
                   AND (l.expires_ms < $3 OR (l.game_id IS NULL AND g.started_ms < $3 - $4))
                 ON CONFLICT (game_id) DO UPDATE SET node = $1, expires_ms = $2
                 WHERE game_leases.expires_ms < $3
                 RETURNING game_id",
                // A game without a lease is left a lease's time to its creator, whose
                // claim may not be committed yet.
                &[&self.node, &until, &now, &(LEASE_MS as i64)],
            )
            .await
            .map_err(crate::store::pg_pool::db)?;
        // A seek's claim matters only while nodes race to accept it.
        c.client
            .execute(
                "DELETE FROM seek_claims WHERE at_ms < $1",
                &[&(now - 60_000)],
            )
            .await
            .map_err(crate::store::pg_pool::db)?;
        let id = |r: &tokio_postgres::Row| r.try_get::<_, i64>(0).map(|v| GameId(v as u64));
        let taken: Vec<GameId> = taken.iter().filter_map(|r| id(r).ok()).collect();
        let mut owned: HashSet<GameId> = held.iter().filter_map(|r| id(r).ok()).collect();
        owned.extend(taken.iter().copied());
        *lock(&self.owned) = owned;
        Ok(taken)
    }
}

/// Starts the node's two loops: leases (renew, take over) and events (LISTEN).
pub fn start(hub: Arc<Hub>, cluster: Arc<Cluster>) {
    if let Some(mut queue) = lock(&cluster.lobby_rx).take() {
        let sender = cluster.clone();
        tokio::spawn(async move {
            while let Some(payload) = queue.recv().await {
                if let Err(e) = sender.notify(&payload).await {
                    crate::log::warn("a lobby event not sent to other nodes", &[("error", &e)]);
                }
            }
        });
    }
    tokio::spawn(leases(hub.clone(), cluster.clone()));
    tokio::spawn(events::listen(hub, cluster));
}

async fn leases(hub: Arc<Hub>, cluster: Arc<Cluster>) {
    let mut tick = tokio::time::interval(Duration::from_millis(BEAT_MS));
    loop {
        tick.tick().await;
        match cluster.beat().await {
            Ok(taken) => {
                for game in taken {
                    hub.metrics
                        .takeovers
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    crate::log::info(
                        "took the game over: its owner's lease ran out",
                        &[("game", &game.0)],
                    );
                    reload(&hub, game, true).await;
                }
            }
            Err(e) => crate::log::warn("leases not renewed", &[("error", &e)]),
        }
    }
}
