//! Which store the servers of this run use, and a database of its own for each.
//!
//! `CHESS4D_TEST_BACKEND=postgres` runs the whole suite on PostgreSQL:
//! `CHESS4D_TEST_PG` is then a URL whose role may create databases (for example
//! `postgres://chess4d:chess4d@127.0.0.1:5432/postgres`), and each server gets a
//! database made for it (`CREATE DATABASE`, dropped with the server's folder), so
//! tests run in parallel without sharing state, as they do on SQLite with a folder
//! each. Unset (or `sqlite`), each server stores in its folder's SQLite file.
//! Databases are made and changed with `psql`, PostgreSQL's own client.

use std::path::Path;
use std::process::Command;

/// The store of this run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// `server.sqlite3` in the server's folder.
    Sqlite,
    /// A database per server on the PostgreSQL of this admin URL.
    Postgres(String),
}

/// The file in a server's folder naming its PostgreSQL database (a restart on the same
/// folder finds the same database).
const DATABASE_FILE: &str = "postgres-url";

/// The backend this run was asked for; a request for PostgreSQL without a URL fails the
/// test (it was asked for explicitly: skipping would report a pass it did not earn).
pub fn backend() -> Backend {
    match std::env::var("CHESS4D_TEST_BACKEND").as_deref() {
        Ok("postgres") => match std::env::var("CHESS4D_TEST_PG") {
            Ok(url) if !url.is_empty() => Backend::Postgres(url),
            _ => panic!(
                "CHESS4D_TEST_BACKEND=postgres needs CHESS4D_TEST_PG, a URL of a role that may \
                 create databases (scripts/test-all.sh starts PostgreSQL and sets it)"
            ),
        },
        Ok("sqlite") | Err(_) => Backend::Sqlite,
        Ok(other) => panic!("CHESS4D_TEST_BACKEND={other}: use sqlite or postgres"),
    }
}

/// `admin` with its database replaced by `name` (query string kept).
pub fn with_database(admin: &str, name: &str) -> String {
    let (base, query) = admin.split_once('?').unwrap_or((admin, ""));
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    format!("{}/{name}{query}", &base[..host_end])
}

/// Runs SQL with psql against `url`, failing the test with psql's words if it fails.
pub fn psql(url: &str, sql: &str) -> String {
    let out = Command::new("psql")
        .args([
            "-X",
            "-q",
            "-t",
            "-A",
            "-v",
            "ON_ERROR_STOP=1",
            "-d",
            url,
            "-c",
            sql,
        ])
        .output()
        .unwrap_or_else(|e| panic!("psql (PostgreSQL's client) cannot run: {e}"));
    assert!(
        out.status.success(),
        "psql {sql:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// The `--database` arguments for a server in `dir`: none on SQLite; on PostgreSQL the
/// database of this folder, created on its first server.
pub fn database_args(dir: &Path) -> Vec<String> {
    let Backend::Postgres(admin) = backend() else {
        return Vec::new();
    };
    let file = dir.join(DATABASE_FILE);
    if let Ok(url) = std::fs::read_to_string(&file) {
        return vec!["--database".into(), url];
    }
    let name: String = dir
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let name = format!("t_{name}");
    psql(
        &admin,
        &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
    );
    psql(&admin, &format!("CREATE DATABASE {name}"));
    let url = with_database(&admin, &name);
    std::fs::write(&file, &url).unwrap();
    vec!["--database".into(), url]
}

/// Makes the server folder `to` use the database of `from` (two nodes, one database).
pub fn share(from: &Path, to: &Path) {
    std::fs::copy(from.join(DATABASE_FILE), to.join(DATABASE_FILE)).unwrap();
}

/// The URL of the PostgreSQL database of a server folder.
pub fn url_of(dir: &Path) -> String {
    std::fs::read_to_string(dir.join(DATABASE_FILE)).unwrap()
}

/// Drops the database of a server folder, if it has one (the folder is going away).
pub fn drop_database(dir: &Path) {
    let Backend::Postgres(admin) = backend() else {
        return;
    };
    if let Ok(url) = std::fs::read_to_string(dir.join(DATABASE_FILE)) {
        let name = url
            .split('?')
            .next()
            .and_then(|u| u.rsplit('/').next())
            .unwrap_or_default()
            .to_string();
        psql(
            &admin,
            &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
        );
    }
}

/// Runs one SQL statement on the store of the server in `dir` (tests that play time
/// forward, such as an expired token, write the row as time would have).
pub fn execute(dir: &Path, sql: &str) {
    match std::fs::read_to_string(dir.join(DATABASE_FILE)) {
        Ok(url) => {
            psql(&url, sql);
        }
        Err(_) => {
            let db = rusqlite::Connection::open(dir.join("server.sqlite3")).unwrap();
            db.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
            db.execute_batch(sql).unwrap();
        }
    }
}

/// Everything the store of `dir` holds beyond its folder: a `pg_dump` of its PostgreSQL
/// database (on SQLite the folder's files are the whole store: nothing more).
pub fn dump(dir: &Path) -> Vec<u8> {
    let Ok(url) = std::fs::read_to_string(dir.join(DATABASE_FILE)) else {
        return Vec::new();
    };
    let out = Command::new("pg_dump")
        .args(["--no-owner", "-d", &url])
        .output()
        .unwrap_or_else(|e| panic!("pg_dump cannot run: {e}"));
    assert!(
        out.status.success(),
        "pg_dump failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn a_database_name_replaces_the_admin_one() {
    assert_eq!(
        with_database("postgres://u:p@127.0.0.1:5432/postgres", "t_1"),
        "postgres://u:p@127.0.0.1:5432/t_1"
    );
    assert_eq!(
        with_database("postgres://u@h:1/postgres?sslmode=disable", "x"),
        "postgres://u@h:1/x?sslmode=disable"
    );
    assert_eq!(with_database("postgres://u@h", "x"), "postgres://u@h/x");
}
