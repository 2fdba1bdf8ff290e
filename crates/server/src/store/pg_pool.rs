//! A small pool of PostgreSQL connections, each with its prepared statements.
//!
//! A handful of connections serve a node: a move is one `INSERT` on whichever
//! connection is free, and a transaction (a game's end with its ratings) holds one
//! connection for its few statements. A connection that the database closed (a restart,
//! a failover) is opened again on its next use instead of failing every later call.

use super::StoreError;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::{MappedMutexGuard, Mutex, MutexGuard};
use tokio_postgres::{Client, NoTls, Statement};

/// A database error as a person can act on it: PostgreSQL's own message (and detail)
/// when the database answered, the connection's failure otherwise.
pub fn db(e: tokio_postgres::Error) -> StoreError {
    StoreError::Database(describe(&e))
}

/// The words of a tokio-postgres error (its `Display` alone is often just "db error").
pub fn describe(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(d) => match d.detail() {
            Some(detail) => format!("PostgreSQL: {} ({detail})", d.message()),
            None => format!("PostgreSQL: {}", d.message()),
        },
        None => match std::error::Error::source(e) {
            Some(cause) => format!("PostgreSQL: {e}: {cause}"),
            None => format!("PostgreSQL: {e}"),
        },
    }
}

/// One connection and the statements prepared on it.
pub struct PgConn {
    /// The client (pipelined, but used by one caller at a time here).
    pub client: Client,
    prepared: HashMap<&'static str, Statement>,
}

impl PgConn {
    /// `sql` prepared on this connection (once; later calls reuse it, saving a round
    /// trip per query).
    pub async fn prepared(&mut self, sql: &'static str) -> Result<Statement, StoreError> {
        if let Some(s) = self.prepared.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql).await.map_err(db)?;
        self.prepared.insert(sql, s.clone());
        Ok(s)
    }
}

/// Opens a connection and drives it on a task of its own.
pub async fn connect(url: &str) -> Result<PgConn, StoreError> {
    let (client, connection) = tokio_postgres::connect(url, NoTls).await.map_err(|e| {
        StoreError::Database(format!(
            "cannot connect to {}: {}",
            redact(url),
            describe(&e)
        ))
    })?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            crate::log::warn("a PostgreSQL connection ended", &[("error", &describe(&e))]);
        }
    });
    Ok(PgConn {
        client,
        prepared: HashMap::new(),
    })
}

/// `url` without its password, for messages and logs.
pub fn redact(url: &str) -> String {
    // postgres://user:password@host/db -> postgres://user:***@host/db
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.split_once('@') {
        Some((auth, host)) => match auth.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

/// A fixed number of connection slots, each opened on first use.
pub struct Pool {
    url: String,
    slots: Vec<Mutex<Option<PgConn>>>,
    next: AtomicUsize,
}

impl Pool {
    /// A pool of `size` connections to `url`; the first is opened now, so that a wrong
    /// address or password is reported at start.
    pub async fn open(url: &str, size: usize) -> Result<Pool, StoreError> {
        let first = connect(url).await?;
        let slots: Vec<_> = (0..size.max(1)).map(|_| Mutex::new(None)).collect();
        *slots[0].lock().await = Some(first);
        Ok(Pool {
            url: url.to_string(),
            slots,
            next: AtomicUsize::new(0),
        })
    }

    /// A connection for one caller: a free one if any, else the next in turn (waiting
    /// for it); reopened when the database closed it.
    pub async fn get(&self) -> Result<MappedMutexGuard<'_, PgConn>, StoreError> {
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        let n = self.slots.len();
        let free = (0..n).find_map(|i| self.slots[(start + i) % n].try_lock().ok());
        let mut guard = match free {
            Some(g) => g,
            None => self.slots[start % n].lock().await,
        };
        if guard.as_ref().is_none_or(|c| c.client.is_closed()) {
            *guard = Some(connect(&self.url).await?);
        }
        MutexGuard::try_map(guard, Option::as_mut)
            .map_err(|_| StoreError::Database("a PostgreSQL connection was lost".into()))
    }
}
