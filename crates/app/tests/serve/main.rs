//! Tests against a real `chess4d serve` on loopback, through a protocol client written
//! from `docs/protocol.md` (blocking WebSocket + JSON, `chess4d-protocol`'s types).
//! Each test starts its own server (port 0, a data folder of its own) so that tests run
//! in parallel without sharing state. The same tests run on SQLite (the default) and on
//! PostgreSQL (`CHESS4D_TEST_BACKEND=postgres`, see `backend`).

mod backend;
mod client;
mod games;

mod abuse;
mod durability;
mod nodes;
mod ops;
mod play;
mod plugins;
mod slow;
