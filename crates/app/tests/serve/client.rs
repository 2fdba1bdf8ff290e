//! The test client: start a server, speak HTTP and the WebSocket protocol.

use chess4d_protocol::{
    ClientMessage, ClockConfig, ColorChoice, ErrorKind, GameFull, GameId, PROTOCOL_VERSION,
    ServerMessage, SessionToken, decode_server, encode,
};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// How long any single wait may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(20);

/// A running `chess4d serve`, killed when dropped.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    pub dir: PathBuf,
    /// Keep the data folder when dropped (a restart on the same folder follows).
    pub keep_dir: bool,
}

static NEXT_DIR: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// A fresh, empty folder of this test run.
pub fn fresh_dir() -> PathBuf {
    let n = NEXT_DIR.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("chess4d-serve-test-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

impl Server {
    /// Starts a server in a fresh data folder.
    pub fn start(extra: &[&str]) -> Server {
        Server::start_in(fresh_dir(), extra)
    }

    /// Starts a server on an existing data folder (a restart).
    pub fn start_in(dir: PathBuf, extra: &[&str]) -> Server {
        Server::start_env(dir, extra, &[])
    }

    /// Starts a server on `dir` with environment variables set (`CHESS4D_VARIANTS`).
    pub fn start_env(dir: PathBuf, extra: &[&str], env: &[(&str, &std::ffi::OsStr)]) -> Server {
        let log = dir.join("stderr.log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_chess4d"))
            .envs(env.iter().copied())
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(&dir)
            .args(crate::backend::database_args(&dir))
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(
                std::fs::File::options()
                    .create(true)
                    .append(true)
                    .open(&log)
                    .unwrap(),
            )
            .spawn()
            .expect("chess4d serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| {
                panic!(
                    "chess4d serve printed {line:?}; log: {}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                )
            })
            .parse()
            .unwrap();
        Server {
            child,
            addr,
            dir,
            keep_dir: false,
        }
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// An HTTP request: (status, body).
    pub fn http(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
        token: Option<&str>,
    ) -> (u16, String) {
        http(self.addr, method, path, body, token)
    }

    /// A new account's session token.
    pub fn signup(&self, name: &str) -> String {
        let body = format!(r#"{{"name":"{name}","password":"pw-{name}-secret"}}"#);
        let (status, text) = self.http("POST", "/api/signup", Some(&body), None);
        assert_eq!(status, 201, "{text}");
        let s: SessionToken = serde_json::from_str(&text).unwrap();
        s.token
    }

    /// A guest's session token and name.
    pub fn guest(&self) -> (String, String) {
        let (status, text) = self.http("POST", "/api/guest", None, None);
        assert_eq!(status, 200, "{text}");
        let s: SessionToken = serde_json::from_str(&text).unwrap();
        (s.token, s.user.name)
    }

    /// A connected client that said hello.
    pub fn client(&self, token: Option<&str>) -> Client {
        self.client_with_plugins(token, &[])
    }

    /// A connected client that said hello, naming the plugin libraries (SHA-256) it has.
    pub fn client_with_plugins(&self, token: Option<&str>, plugins: &[&str]) -> Client {
        let mut c = Client::connect(self.addr);
        c.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            token: token.map(str::to_owned),
            plugins: plugins.iter().map(|p| p.to_string()).collect(),
        });
        match c.recv() {
            ServerMessage::Welcome { .. } => c,
            other => panic!("hello answered {other:?}"),
        }
    }

    /// Runs SQL on this server's store, whichever it is (a row written as time would).
    pub fn sql(&self, sql: &str) {
        crate::backend::execute(&self.dir, sql);
    }

    /// A stored game, as `GET /api/games/{id}` gives it.
    pub fn game(&self, id: GameId) -> GameFull {
        let (status, text) = self.http("GET", &format!("/api/games/{}", id.0), None, None);
        assert_eq!(status, 200, "{text}");
        serde_json::from_str(&text).unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !self.keep_dir {
            crate::backend::drop_database(&self.dir);
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// A minimal HTTP/1.1 request (Connection: close).
pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    token: Option<&str>,
) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    let body = body.unwrap_or("");
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let status: u16 = text.split_whitespace().nth(1).unwrap().parse().unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// A protocol client on one WebSocket.
pub struct Client {
    pub ws: WebSocket<TcpStream>,
}

impl Client {
    /// Opens a socket (no hello yet).
    pub fn connect(addr: SocketAddr) -> Client {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let (ws, _) = tungstenite::client(format!("ws://{addr}/ws"), stream).unwrap();
        Client { ws }
    }

    /// Sends a message.
    pub fn send(&mut self, msg: &ClientMessage) {
        self.send_raw(&encode(msg));
    }

    /// Sends any text frame.
    pub fn send_raw(&mut self, text: &str) {
        self.ws.send(Message::text(text)).unwrap();
    }

    /// The next message, if one comes within `wait`; None on timeout or a closed socket.
    pub fn try_recv(&mut self, wait: Duration) -> Option<ServerMessage> {
        let start = Instant::now();
        while start.elapsed() < wait {
            match self.ws.read() {
                Ok(Message::Text(t)) => {
                    return Some(
                        decode_server(t.as_str())
                            .unwrap_or_else(|e| panic!("server sent {t}: {e}")),
                    );
                }
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => return None,
            }
        }
        None
    }

    /// Sends a message; false if the socket would not take it (the server hung up).
    pub fn try_send(&mut self, msg: &ClientMessage) -> bool {
        self.ws.send(Message::text(encode(msg))).is_ok()
    }

    /// Whether the server ends the connection within `wait` (a close, or a reset when
    /// it hung up with frames of ours still unread), reading whatever comes first.
    pub fn closed_within(&mut self, wait: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < wait {
            match self.ws.read() {
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => return true,
            }
        }
        false
    }

    /// The next message (fails the test after [`WAIT`]).
    pub fn recv(&mut self) -> ServerMessage {
        self.try_recv(WAIT).expect("a message from the server")
    }

    /// Skips messages until one matches.
    pub fn recv_until<T>(&mut self, mut pick: impl FnMut(&ServerMessage) -> Option<T>) -> T {
        let start = Instant::now();
        while start.elapsed() < WAIT {
            if let Some(m) = self.try_recv(WAIT)
                && let Some(t) = pick(&m)
            {
                return t;
            }
        }
        panic!("the awaited message never came");
    }

    /// Waits for an error and returns its kind.
    pub fn error(&mut self) -> ErrorKind {
        self.recv_until(|m| match m {
            ServerMessage::Error(e) => Some(e.kind),
            _ => None,
        })
    }

    /// Waits for a game in full.
    pub fn game_full(&mut self) -> GameFull {
        self.recv_until(|m| match m {
            ServerMessage::GameFull { game } => Some((**game).clone()),
            _ => None,
        })
    }

    /// Plays a move and waits for its acknowledgement.
    pub fn play(&mut self, game: GameId, ply: u32, mv: &str) {
        self.send(&ClientMessage::Move {
            game,
            ply,
            mv: mv.into(),
            lag_ms: None,
        });
        self.recv_until(|m| match m {
            ServerMessage::Move {
                ply: p, mv: text, ..
            } if *p == ply => {
                assert_eq!(text, mv);
                Some(())
            }
            ServerMessage::Error(e) => panic!("move {mv} at ply {ply} refused: {e}"),
            _ => None,
        })
    }

    /// Waits for the move of `ply` (the opponent's).
    pub fn wait_move(&mut self, ply: u32) -> String {
        self.recv_until(|m| match m {
            ServerMessage::Move { ply: p, mv, .. } if *p == ply => Some(mv.clone()),
            _ => None,
        })
    }

    /// Waits for the game's end.
    pub fn wait_end(&mut self) -> chess4d_protocol::GameEnd {
        self.recv_until(|m| match m {
            ServerMessage::End { end, .. } => Some(end.clone()),
            _ => None,
        })
    }
}

/// A seek by `a` (who plays `color`) accepted by `b`: the game as each receives it.
pub fn start_game(
    a: &mut Client,
    b: &mut Client,
    variant: &str,
    clock: ClockConfig,
    rated: bool,
    color: ColorChoice,
) -> (GameFull, GameFull) {
    a.send(&ClientMessage::Seek {
        variant: variant.into(),
        clock,
        rated,
        color,
        rating_range: None,
    });
    let seek = a.recv_until(|m| match m {
        ServerMessage::SeekAdded { seek } => Some(seek.id),
        ServerMessage::Error(e) => panic!("seek refused: {e}"),
        _ => None,
    });
    b.send(&ClientMessage::AcceptSeek { seek });
    (a.game_full(), b.game_full())
}
