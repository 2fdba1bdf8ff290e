//! One connection to a `chess4d serve`, on its own thread: it signs in over HTTP, opens
//! the WebSocket, says `hello`, then passes every server message to the app as an
//! [`Event`] and sends what the app queues, pinging every few seconds. The window never
//! waits on the network: it drains [`Connection::events`] once per frame.

use super::http::{SignIn, session};
use chess4d_protocol::{
    ClientMessage, PROTOCOL_VERSION, ServerMessage, SessionToken, decode_server, encode,
};
use std::net::TcpStream;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// How often the connection pings (the server closes a socket silent for 60 s).
const PING_EVERY: Duration = Duration::from_secs(10);

/// What the connection thread tells the app.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Signed in: the session (keep the token to reconnect).
    Session(SessionToken),
    /// A message from the server.
    Message(ServerMessage),
    /// The connection ended, and why, in words.
    Closed(String),
}

/// A running connection; dropping it closes the socket and joins the thread.
#[derive(Debug)]
pub struct Connection {
    out: Sender<ClientMessage>,
    events: Receiver<Event>,
    thread: Option<JoinHandle<()>>,
}

/// `host:port` and `ws://host:port/ws` of what a person typed: `ws://HOST:PORT/ws`,
/// `http://HOST:PORT` or `HOST:PORT`.
pub fn address(server: &str) -> Result<(String, String), String> {
    let rest = server.trim();
    let rest = ["ws://", "http://"]
        .iter()
        .find_map(|p| rest.strip_prefix(p))
        .unwrap_or(rest);
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() || !host.contains(':') {
        return Err(format!(
            "server '{server}': give HOST:PORT or ws://HOST:PORT/ws (chess4d serve prints it)"
        ));
    }
    Ok((host.to_string(), format!("ws://{host}/ws")))
}

impl Connection {
    /// Starts connecting to `server` and signing in; progress comes as events.
    pub fn start(server: &str, sign_in: SignIn) -> Result<Connection, String> {
        let (host, url) = address(server)?;
        let (out, outgoing) = channel();
        let (tell, events) = channel();
        let thread = std::thread::Builder::new()
            .name("chess4d-online".into())
            .spawn(move || {
                let why = run(&host, &url, sign_in, &outgoing, &tell)
                    .err()
                    .unwrap_or_else(|| "disconnected".into());
                let _ = tell.send(Event::Closed(why));
            })
            .map_err(|e| format!("cannot start the connection thread: {e}"))?;
        Ok(Connection {
            out,
            events,
            thread: Some(thread),
        })
    }

    /// Queues a message for the server.
    pub fn send(&self, msg: ClientMessage) {
        // A closed thread has already said why in a `Closed` event.
        let _ = self.out.send(msg);
    }

    /// The events that arrived since the last call.
    pub fn events(&self) -> Vec<Event> {
        let mut got = Vec::new();
        loop {
            match self.events.try_recv() {
                Ok(e) => got.push(e),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return got,
            }
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        // Closing the outgoing channel tells the thread to close the socket and end.
        let (dead, _) = channel();
        self.out = dead;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The thread's work: sign in, connect, then pass messages both ways until either
/// side closes.
fn run(
    host: &str,
    url: &str,
    sign_in: SignIn,
    outgoing: &Receiver<ClientMessage>,
    tell: &Sender<Event>,
) -> Result<(), String> {
    let token = match sign_in {
        SignIn::Token(t) => t,
        other => {
            let s = session(host, &other)?;
            let token = s.token.clone();
            let _ = tell.send(Event::Session(s));
            token
        }
    };
    let stream =
        TcpStream::connect(host).map_err(|e| format!("cannot reach the server at {host}: {e}"))?;
    stream
        .set_read_timeout(Some(Duration::from_millis(20)))
        .map_err(|e| e.to_string())?;
    let (mut ws, _) = tungstenite::client(url, stream)
        .map_err(|e| format!("the WebSocket handshake with {url} failed: {e}"))?;
    send(
        &mut ws,
        &ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            token: Some(token),
            plugins: vec![],
        },
    )?;
    let mut pinged = Instant::now();
    // Half the last ping's round trip: sent with pings and moves for the server's lag
    // compensation (docs/protocol.md, "Clocks and lag compensation").
    let mut lag_ms: Option<u64> = None;
    let mut awaiting_pong = false;
    loop {
        loop {
            match outgoing.try_recv() {
                Ok(ClientMessage::Move { game, ply, mv, .. }) => send(
                    &mut ws,
                    &ClientMessage::Move {
                        game,
                        ply,
                        mv,
                        lag_ms,
                    },
                )?,
                Ok(msg) => send(&mut ws, &msg)?,
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    let _ = ws.close(None);
                    return Ok(());
                }
            }
        }
        if pinged.elapsed() > PING_EVERY {
            send(&mut ws, &ClientMessage::Ping { lag_ms })?;
            pinged = Instant::now();
            awaiting_pong = true;
        }
        match ws.read() {
            Ok(Message::Text(text)) => {
                let msg = decode_server(text.as_str())
                    .map_err(|e| format!("the server sent what this client cannot read: {e}"))?;
                if msg == ServerMessage::Pong && std::mem::take(&mut awaiting_pong) {
                    lag_ms = u64::try_from(pinged.elapsed().as_millis() / 2).ok();
                }
                if tell.send(Event::Message(msg)).is_err() {
                    return Ok(()); // the app is gone
                }
            }
            Ok(Message::Close(_)) => return Err("the server closed the connection".into()),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(e) => return Err(format!("the connection failed: {e}")),
        }
    }
}

fn send(ws: &mut WebSocket<TcpStream>, msg: &ClientMessage) -> Result<(), String> {
    ws.send(Message::text(encode(msg)))
        .map_err(|e| format!("cannot send to the server: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_the_ways_people_write_them() {
        let want = (
            "127.0.0.1:8080".to_string(),
            "ws://127.0.0.1:8080/ws".to_string(),
        );
        for typed in [
            "127.0.0.1:8080",
            "ws://127.0.0.1:8080/ws",
            "http://127.0.0.1:8080/",
        ] {
            assert_eq!(address(typed).as_ref(), Ok(&want), "{typed}");
        }
        assert!(address("localhost").unwrap_err().contains("HOST:PORT"));
    }
}
