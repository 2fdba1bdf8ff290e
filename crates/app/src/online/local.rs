//! "Start a local server": `chess4d serve` run from this same executable on loopback,
//! with its database in the player's data folder (`server/`), stopped when the viewer
//! exits (the handle's drop), so a friend on the same machine, or a second window,
//! can play without installing anything else. The server also stops when the viewer
//! is killed: it reads its stdin, a pipe from the viewer, to the end.

use std::path::Path;
use std::process::{Child, Command, Stdio};

/// Where the local server listens.
pub const ADDRESS: &str = "127.0.0.1:8080";

/// A `chess4d serve` this viewer started; dropping it stops the server.
#[derive(Debug)]
pub struct LocalServer {
    child: Child,
}

impl LocalServer {
    /// Starts `chess4d serve --listen 127.0.0.1:8080` with its data in
    /// `data_dir/server`.
    pub fn start(data_dir: &Path) -> Result<LocalServer, String> {
        let exe = std::env::current_exe()
            .map_err(|e| format!("cannot find this program to start the server: {e}"))?;
        let dir = data_dir.join("server");
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create the server's folder {}: {e}", dir.display()))?;
        // The pipe on its stdin closes when this viewer ends, however it ends (a kill
        // included), and the server stops with it (`--stop-with-stdin`).
        let child = Command::new(exe)
            .args(["serve", "--listen", ADDRESS, "--stop-with-stdin"])
            .env("CHESS4D_DATA_DIR", &dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `chess4d serve`: {e}"))?;
        Ok(LocalServer { child })
    }

    /// Whether it still runs; if it stopped, how it ended, in words.
    pub fn check(&mut self) -> Result<(), String> {
        match self.child.try_wait() {
            Ok(None) => Ok(()),
            Ok(Some(status)) => Err(format!(
                "the local server stopped ({status}); is port 8080 taken by another program?"
            )),
            Err(e) => Err(format!("the local server cannot be checked: {e}")),
        }
    }
}

impl Drop for LocalServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
