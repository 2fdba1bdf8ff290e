//! The session token kept across restarts, in the data folder's `online-session.txt`:
//! one line `SERVER NAME TOKEN`. A viewer started again (after a crash, or a kill) signs
//! in with it and the server hands back the games in progress. Only the latest
//! session is kept; a missing or unreadable file means "sign in again".

use std::path::{Path, PathBuf};

/// The file's name in the data folder.
pub const FILE_NAME: &str = "online-session.txt";

/// A kept session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The server (`HOST:PORT`, as given).
    pub server: String,
    /// Who signed in.
    pub name: String,
    /// The session token.
    pub token: String,
}

/// Where the kept session lives in `data_dir`.
pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

/// The session kept in `data_dir`, if there is one that reads.
pub fn load(data_dir: &Path) -> Option<Kept> {
    let text = std::fs::read_to_string(path(data_dir)).ok()?;
    let mut words = text.split_whitespace();
    let (server, name, token) = (words.next()?, words.next()?, words.next()?);
    Some(Kept {
        server: server.into(),
        name: name.into(),
        token: token.into(),
    })
}

/// Keeps `kept` in `data_dir` (readable by its owner only where that can be said).
pub fn save(data_dir: &Path, kept: &Kept) -> Result<(), String> {
    let p = path(data_dir);
    std::fs::create_dir_all(data_dir)
        .map_err(|e| format!("cannot create {}: {e}", data_dir.display()))?;
    let text = format!("{} {} {}\n", kept.server, kept.name, kept.token);
    std::fs::write(&p, text)
        .map_err(|e| format!("cannot keep the session in {}: {e}", p.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // A token is a password for the session: nobody else needs to read it.
        let _ = std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_session_reads_back_and_a_missing_one_is_none() {
        let dir = std::env::temp_dir().join(format!("chess4d-keep-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(load(&dir), None);
        let kept = Kept {
            server: "127.0.0.1:8080".into(),
            name: "ann".into(),
            token: "abc123".into(),
        };
        save(&dir, &kept).unwrap();
        assert_eq!(load(&dir), Some(kept));
        std::fs::write(path(&dir), "half").unwrap();
        assert_eq!(load(&dir), None, "a damaged file means signing in again");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
