//! The few HTTP requests of the account API (sign up, sign in, guest) and a player's
//! list of games, written by hand
//! over a `TcpStream`: HTTP/1.1 with `Connection: close`, a JSON body, and the server's
//! refusals read into their words. The connection thread makes them, never the window.

use chess4d_protocol::{Credentials, GameList, GameSummary, HttpError, SessionToken};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// How long one request may take.
const TIMEOUT: Duration = Duration::from_secs(15);

/// How a person signs in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignIn {
    /// A new account.
    SignUp {
        /// The name (2 to 24 letters, digits, `_` or `-`).
        name: String,
        /// The password (8 bytes or more).
        password: String,
    },
    /// An existing account.
    Login {
        /// The name.
        name: String,
        /// The password.
        password: String,
    },
    /// A guest session (casual games only).
    Guest,
    /// A token from an earlier sign-in (a reconnection).
    Token(String),
}

/// The session token for `sign_in` from the server at `host` ("127.0.0.1:8080").
pub fn session(host: &str, sign_in: &SignIn) -> Result<SessionToken, String> {
    let (path, body) = match sign_in {
        SignIn::SignUp { name, password } => ("/api/signup", credentials(name, password)?),
        SignIn::Login { name, password } => ("/api/login", credentials(name, password)?),
        SignIn::Guest => ("/api/guest", String::new()),
        SignIn::Token(_) => return Err("a token needs no request".into()),
    };
    let (status, text) = post(host, path, &body)?;
    if (200..300).contains(&status) {
        serde_json::from_str(&text)
            .map_err(|e| format!("the server's answer to {path} cannot be read: {e}"))
    } else {
        Err(match serde_json::from_str::<HttpError>(&text) {
            Ok(e) => e.message,
            Err(_) => format!("the server answered {path} with status {status}"),
        })
    }
}

fn credentials(name: &str, password: &str) -> Result<String, String> {
    serde_json::to_string(&Credentials {
        name: name.to_string(),
        password: password.to_string(),
    })
    .map_err(|e| e.to_string())
}

/// The last `limit` games of `player` (newest first), from `GET /api/games`.
pub fn games_of(host: &str, player: &str, limit: u32) -> Result<Vec<GameSummary>, String> {
    // Names are letters, digits, `_` and `-`: nothing to escape in a query.
    let path = format!("/api/games?player={player}&limit={limit}");
    let (status, text) = request(host, "GET", &path, "")?;
    if !(200..300).contains(&status) {
        return Err(match serde_json::from_str::<HttpError>(&text) {
            Ok(e) => e.message,
            Err(_) => format!("the server answered {path} with status {status}"),
        });
    }
    serde_json::from_str::<GameList>(&text)
        .map(|l| l.games)
        .map_err(|e| format!("the server's list of games cannot be read: {e}"))
}

/// A POST with a JSON body: (status, body).
fn post(host: &str, path: &str, body: &str) -> Result<(u16, String), String> {
    request(host, "POST", path, body)
}

/// A request with a JSON body (empty for a GET): (status, body).
fn request(host: &str, method: &str, path: &str, body: &str) -> Result<(u16, String), String> {
    let unreachable = |e: std::io::Error| format!("cannot reach the server at {host}: {e}");
    let mut s = TcpStream::connect(host).map_err(unreachable)?;
    s.set_read_timeout(Some(TIMEOUT)).map_err(unreachable)?;
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .map_err(unreachable)?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).map_err(unreachable)?;
    let text = String::from_utf8_lossy(&raw).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse::<u16>().ok())
        .ok_or_else(|| format!("{host} does not answer as a chess4d server (HTTP)"))?;
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    Ok((status, if chunked { dechunk(body) } else { body.into() }))
}

/// The body of a chunked answer.
fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest.get(n + 2..).unwrap_or_default();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunked_bodies_are_joined_and_a_missing_server_is_named() {
        assert_eq!(dechunk("3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"), "abcde");
        assert_eq!(dechunk("9\r\nshort"), "");
        // Port 9 on loopback: nothing listens in a test machine.
        let e = session("127.0.0.1:9", &SignIn::Guest).unwrap_err();
        assert!(
            e.starts_with("cannot reach the server at 127.0.0.1:9"),
            "{e}"
        );
    }
}
