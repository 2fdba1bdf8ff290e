//! What an operator watches: `/healthz` (the process answers), `/readyz` (its database
//! answers too: a load balancer sends players only to ready nodes) and `/metrics` in
//! Prometheus's text format (open sockets, live games, moves and their latency, events
//! between nodes). Counters are plain atomics: a move costs a few relaxed additions.

use crate::hub::{Hub, lock};
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Upper bounds (seconds) of the move latency histogram's buckets.
const BUCKETS: [f64; 10] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0];

/// The counters of one node.
#[derive(Default)]
pub struct Metrics {
    /// WebSockets open now.
    pub sockets: AtomicU64,
    /// WebSockets opened since start.
    pub sockets_total: AtomicU64,
    /// Moves stored and sent.
    pub moves_total: AtomicU64,
    /// Moves refused (illegal, stale, not your turn...).
    pub refused_total: AtomicU64,
    /// Events sent to other nodes.
    pub events_sent: AtomicU64,
    /// Events received from other nodes.
    pub events_received: AtomicU64,
    /// Games taken over from a node whose lease ran out.
    pub takeovers: AtomicU64,
    /// Move latency: counts per bucket (cumulative at render), sum in microseconds.
    buckets: [AtomicU64; BUCKETS.len()],
    over: AtomicU64,
    sum_us: AtomicU64,
}

impl Metrics {
    /// A move took `us` microseconds from arriving to being stored and sent.
    pub fn move_done(&self, us: u64) {
        self.moves_total.fetch_add(1, Relaxed);
        self.sum_us.fetch_add(us, Relaxed);
        let s = us as f64 / 1e6;
        match BUCKETS.iter().position(|b| s <= *b) {
            Some(i) => self.buckets[i].fetch_add(1, Relaxed),
            None => self.over.fetch_add(1, Relaxed),
        };
    }

    /// The text format (version 0.0.4) of every metric, with the hub's gauges.
    pub fn render(&self, hub: &Hub) -> String {
        let mut out = String::new();
        let mut metric = |name: &str, kind: &str, help: &str, value: f64| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        };
        let live = lock(&hub.games).len() as f64;
        let owned = hub
            .cluster
            .as_ref()
            .map_or(live, |c| c.owned_count() as f64);
        metric(
            "chess4d_sockets",
            "gauge",
            "WebSockets open.",
            self.sockets.load(Relaxed) as f64,
        );
        metric(
            "chess4d_sockets_opened_total",
            "counter",
            "WebSockets opened since start.",
            self.sockets_total.load(Relaxed) as f64,
        );
        metric(
            "chess4d_games_live",
            "gauge",
            "Games being played with a copy on this node.",
            live,
        );
        metric(
            "chess4d_games_owned",
            "gauge",
            "Games whose clock this node runs.",
            owned,
        );
        metric(
            "chess4d_moves_refused_total",
            "counter",
            "Moves refused.",
            self.refused_total.load(Relaxed) as f64,
        );
        metric(
            "chess4d_node_events_sent_total",
            "counter",
            "Game events sent to other nodes (NOTIFY).",
            self.events_sent.load(Relaxed) as f64,
        );
        metric(
            "chess4d_node_events_received_total",
            "counter",
            "Game events received from other nodes (LISTEN).",
            self.events_received.load(Relaxed) as f64,
        );
        metric(
            "chess4d_takeovers_total",
            "counter",
            "Games taken over after their owner's lease ran out.",
            self.takeovers.load(Relaxed) as f64,
        );
        let name = "chess4d_move_seconds";
        let _ = writeln!(
            out,
            "# HELP {name} From a move arriving to it being stored and sent (moves/s: rate of _count).\n# TYPE {name} histogram"
        );
        let mut seen = 0;
        for (b, n) in BUCKETS.iter().zip(&self.buckets) {
            seen += n.load(Relaxed);
            let _ = writeln!(out, "{name}_bucket{{le=\"{b}\"}} {seen}");
        }
        seen += self.over.load(Relaxed);
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {seen}");
        let _ = writeln!(out, "{name}_sum {}", self.sum_us.load(Relaxed) as f64 / 1e6);
        let _ = writeln!(out, "{name}_count {}", self.moves_total.load(Relaxed));
        out
    }
}

/// `GET /healthz`: the process serves.
pub async fn healthz() -> &'static str {
    "ok\n"
}

/// `GET /readyz`: the database answers within 2 s (503 with the reason otherwise).
pub async fn readyz(State(hub): State<Arc<Hub>>) -> Response {
    let probe = tokio::time::timeout(
        std::time::Duration::from_secs(2),
        hub.store.user_by_name("-readyz-"),
    )
    .await;
    match probe {
        Ok(Ok(_)) => (StatusCode::OK, "ready\n").into_response(),
        Ok(Err(e)) => {
            (StatusCode::SERVICE_UNAVAILABLE, format!("not ready: {e}\n")).into_response()
        }
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: the database did not answer within 2 s\n",
        )
            .into_response(),
    }
}

/// `GET /metrics`.
pub async fn metrics(State(hub): State<Arc<Hub>>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        hub.metrics.render(&hub),
    )
        .into_response()
}
