//! Watching the variant folders for saved files by polling modification times, so the
//! authoring loop (edit a TOML file, save, see the new rules) needs no extra crate.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// How often the folders are looked at.
pub const POLL_PERIOD: Duration = Duration::from_millis(500);

/// What identifies one saved version of a file: modification time and length (two
/// saves within the file system's time resolution usually differ in length).
type Stamp = (Option<SystemTime>, u64);

/// Polls folders for `*.toml` files that appeared or changed.
#[derive(Debug)]
pub struct Watcher {
    dirs: Vec<PathBuf>,
    seen: HashMap<PathBuf, Stamp>,
    last: Option<Instant>,
}

impl Watcher {
    /// Watches `dirs`; the files there now count as seen.
    pub fn new(dirs: Vec<PathBuf>) -> Watcher {
        let mut w = Watcher {
            dirs,
            seen: HashMap::new(),
            last: None,
        };
        let _ = w.scan();
        w
    }

    /// The folders watched.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// Files changed since the last look, at most once per [`POLL_PERIOD`].
    pub fn poll(&mut self, now: Instant) -> Vec<PathBuf> {
        if self
            .last
            .is_some_and(|t| now.duration_since(t) < POLL_PERIOD)
        {
            return Vec::new();
        }
        self.last = Some(now);
        self.scan()
    }

    /// Files changed since the last look, now.
    pub fn scan(&mut self) -> Vec<PathBuf> {
        let mut changed = Vec::new();
        for dir in &self.dirs {
            let Ok(read) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut files: Vec<PathBuf> = read
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect();
            files.sort();
            for f in files {
                let stamp = stamp(&f);
                if self.seen.get(&f) != Some(&stamp) {
                    self.seen.insert(f.clone(), stamp);
                    changed.push(f);
                }
            }
        }
        changed
    }
}

fn stamp(path: &Path) -> Stamp {
    match std::fs::metadata(path) {
        Ok(m) => (m.modified().ok(), m.len()),
        Err(_) => (None, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_and_changed_files_are_reported_once() {
        let dir = std::env::temp_dir().join(format!("chess4d-watch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("old.toml"), "a").unwrap();
        let mut w = Watcher::new(vec![dir.clone()]);
        assert!(w.scan().is_empty(), "files present at start count as seen");
        std::fs::write(dir.join("new.toml"), "b").unwrap();
        std::fs::write(dir.join("notes.txt"), "ignored").unwrap();
        assert_eq!(w.scan(), vec![dir.join("new.toml")]);
        assert!(w.scan().is_empty());
        std::fs::write(dir.join("old.toml"), "a longer text").unwrap();
        assert_eq!(w.scan(), vec![dir.join("old.toml")]);
        // poll looks at most once per period.
        let t = Instant::now();
        let _ = w.poll(t);
        std::fs::write(dir.join("new.toml"), "bb").unwrap();
        assert!(w.poll(t + Duration::from_millis(100)).is_empty());
        assert_eq!(w.poll(t + POLL_PERIOD), vec![dir.join("new.toml")]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
