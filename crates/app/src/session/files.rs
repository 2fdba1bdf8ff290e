//! Files: saving and loading games, and reloading a variant file the author just saved.
//! Every failure becomes a message; the game in progress is never lost.

use super::save::SavedGame;
use super::{Session, opponent};
use chess4d_core::{Game, Reason};
use chess4d_variants::EntryRules;
use std::path::Path;

impl Session {
    /// The game as saved-file text.
    pub fn save_text(&self) -> String {
        SavedGame::of(&self.variant, &self.game, self.clock()).to_text()
    }

    /// Saves the game to `path`; says what happened.
    pub fn save_to(&mut self, path: &Path) -> bool {
        match std::fs::write(path, self.save_text()) {
            Ok(()) => {
                self.notify(false, format!("saved to {}", path.display()));
                true
            }
            Err(e) => {
                self.notify(true, format!("could not save {}: {e}", path.display()));
                false
            }
        }
    }

    /// Loads a game from `path`; on any error the game in progress stays.
    pub fn load_from(&mut self, path: &Path) -> bool {
        let loaded = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                let (variant, game) = self.game_from_text(&text)?;
                let first = game.start_position().side_to_move();
                // The clock the file kept (a file without one: the game has none).
                let clock = SavedGame::parse(&text).ok().and_then(|s| s.clock(first));
                Ok((variant, game, clock))
            });
        match loaded {
            Ok((variant, game, clock)) => {
                self.opponent.cancel();
                let left = self.leaving();
                self.variant = variant;
                self.game = game;
                self.replaced(left);
                self.set_clock(clock);
                self.hint = None;
                self.clear_selection();
                self.notify(false, format!("loaded {}", path.display()));
                true
            }
            Err(e) => {
                self.notify(true, format!("could not load {}: {e}", path.display()));
                false
            }
        }
    }

    /// Reads saved-game text into a game (the session is not changed).
    pub fn game_from_text(&self, text: &str) -> Result<(String, Game), String> {
        let saved = SavedGame::parse(text).map_err(|e| e.to_string())?;
        let rules = self
            .catalog
            .get(&saved.variant)
            .map_err(|e| format!("variant {}: {e}", saved.variant))?;
        let start = rules
            .parse_position(&saved.start)
            .map_err(|e| format!("start position: {e}"))?;
        let mut game = Game::from_position(rules, start);
        for (i, mv) in saved.moves.iter().enumerate() {
            chess4d_core::play_notation(&mut game, mv)
                .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
        }
        if let Some(end) = saved.end {
            match (end.reason, end.winner) {
                (Reason::Resignation, Some(winner)) => game.resign(!winner),
                (Reason::Timeout, Some(winner)) => game.time_out(!winner, false),
                (Reason::TimeoutVsInsufficient, _) => {
                    let to_move = game.position().side_to_move();
                    game.time_out(to_move, true)
                }
                _ => game.agree_draw(),
            }
        }
        Ok((saved.variant, game))
    }

    /// Reloads a saved variant file: a broken file shows its located error; a fixed one
    /// takes back the error it showed. A game with no move played yet on the variant's
    /// own start restarts from the new start; a game under way moves to the new rules
    /// when its moves are still legal under them (New game then starts from the new
    /// start), and keeps the old rules otherwise.
    pub fn reload(&mut self, path: &Path) {
        let entry = self.catalog.add_file(path).clone();
        if let Some(e) = entry.error() {
            self.forget_errors_about(path);
            self.notify(true, e.to_string());
            return;
        }
        self.forget_errors_about(path);
        let name = entry.name.clone();
        if name != self.variant {
            // Not the variant in play: nothing is loaded (a plugin runs only when played).
            self.notify(
                false,
                format!("variant {name} reloaded from {}", path.display()),
            );
            return;
        }
        let rules = match self.catalog.get(&name) {
            Ok(rules) => rules,
            Err(e) => {
                self.notify(true, e.to_string());
                return;
            }
        };
        let old = self.game.rules().clone();
        let on_old_start = old.format_position(self.game.start_position())
            == old.format_position(&old.start_position());
        let start_changed = rules.format_position(&rules.start_position())
            != old.format_position(&old.start_position());
        if self.game.moves().is_empty() && on_old_start {
            self.opponent.cancel();
            self.game = Game::new(rules);
            self.hint = None;
            self.clear_selection();
            let how = if start_changed {
                "the board shows its new start"
            } else {
                "the board shows its start under the new rules"
            };
            self.notify(false, format!("{name} reloaded; {how}"));
            return;
        }
        let text = self.save_text();
        let new_start = if start_changed && on_old_start {
            "; its start position changed: New game starts from the new one"
        } else {
            ""
        };
        match self.game_from_text(&text) {
            Ok((_, game)) => {
                self.opponent.cancel();
                self.game = game;
                self.hint = None;
                self.clear_selection();
                self.notify(
                    false,
                    format!("{name} reloaded; the game goes on under the new rules{new_start}"),
                );
            }
            Err(e) => self.notify(
                true,
                format!(
                    "{name} reloaded, but the game in progress does not fit the new rules \
                     ({e}); it keeps the old rules until you start a new game"
                ),
            ),
        }
    }

    /// Takes back the error messages about a variant file (its located errors name
    /// it): once saved again they are out of date, fixed or replaced by a new one.
    fn forget_errors_about(&mut self, path: &Path) {
        let shown = path.display().to_string();
        let before = self.notices.len();
        self.notices
            .retain(|n| !(n.error && n.text.contains(&shown)));
        if self.notices.len() != before {
            self.touch();
        }
    }

    /// The catalog entries whose files are broken: (name, located error).
    pub fn broken_variants(&self) -> Vec<(String, String)> {
        self.catalog
            .entries()
            .iter()
            .filter_map(|e| e.error().map(|err| (e.name.clone(), err.to_string())))
            .collect()
    }

    /// The catalog names that load, in catalog order, with their titles (a rule plugin
    /// not loaded yet is named by its library: nothing of it runs until it is played).
    pub fn playable_variants(&self) -> Vec<(String, String)> {
        self.catalog
            .entries()
            .iter()
            .filter_map(|e| match (&e.rules, e.ready()) {
                (_, Some(r)) => Some((e.name.clone(), r.info().title.clone())),
                (EntryRules::Plugin(p), None) => {
                    Some((e.name.clone(), format!("rule plugin {}", p.library)))
                }
                _ => None,
            })
            .collect()
    }

    /// The running search's job, for labels.
    pub fn thinking_job(&self) -> Option<opponent::Job> {
        self.thinking().map(|t| t.job)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Player;
    use super::*;
    use chess4d_core::Color;
    use chess4d_variants::Catalog;

    /// A folder of its own with `mine.toml`, orthodox chess renamed.
    fn mine(tag: &str) -> (std::path::PathBuf, String) {
        let dir = std::env::temp_dir().join(format!("chess4d-files-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let orthodox = chess4d_variants::EMBEDDED
            .iter()
            .find(|(f, _)| *f == "orthodox.toml")
            .unwrap()
            .1;
        let text = orthodox.replace("name = \"orthodox\"", "name = \"mine\"");
        std::fs::write(dir.join("mine.toml"), &text).unwrap();
        (dir, text)
    }

    fn session_on_mine(dir: &Path) -> Session {
        let mut s = Session::new(Catalog::embedded(), "full").unwrap();
        s.set_player(Color::Black, Player::Human);
        s.reload(&dir.join("mine.toml"));
        assert!(s.new_game("mine"));
        s
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const NEW_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

    #[test]
    fn a_saved_start_shows_at_once_when_no_move_was_played() {
        let (dir, text) = mine("start");
        let mut s = session_on_mine(&dir);
        let path = dir.join("mine.toml");
        // No castling rights in the new start: the board shows it without New game.
        std::fs::write(&path, text.replace(START, NEW_START)).unwrap();
        s.reload(&path);
        assert_eq!(
            s.rules().format_position(s.game().position()),
            NEW_START,
            "{:?}",
            s.last_notice()
        );
        assert!(s.last_notice().unwrap().text.contains("new start"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_game_under_way_keeps_its_moves_and_is_told_of_the_new_start() {
        let (dir, text) = mine("underway");
        let mut s = session_on_mine(&dir);
        let path = dir.join("mine.toml");
        chess4d_core::play_notation(&mut s.game, "e4").unwrap();
        std::fs::write(&path, text.replace(START, NEW_START)).unwrap();
        s.reload(&path);
        assert_eq!(s.game().moves().len(), 1, "the game goes on");
        let n = s.last_notice().unwrap();
        assert!(
            !n.error && n.text.contains("New game starts from the new one"),
            "{}",
            n.text
        );
        assert!(s.new_game("mine"));
        assert_eq!(s.rules().format_position(s.game().position()), NEW_START);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_error_line_goes_when_the_file_is_fixed() {
        let (dir, text) = mine("fixed");
        let mut s = session_on_mine(&dir);
        let path = dir.join("mine.toml");
        std::fs::write(&path, text.replace("board = [8, 8]", "board = \"x\"")).unwrap();
        s.reload(&path);
        let now = std::time::Instant::now();
        let shown = path.display().to_string();
        assert!(
            s.fresh_notices(now)
                .iter()
                .any(|n| n.error && n.text.contains(&shown)),
            "the broken file's error is shown"
        );
        std::fs::write(&path, &text).unwrap();
        s.reload(&path);
        let left: Vec<String> = s
            .fresh_notices(now)
            .into_iter()
            .filter(|n| n.error)
            .map(|n| n.text)
            .collect();
        assert!(left.is_empty(), "the old error line stays: {left:?}");
        assert!(s.broken_variants().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
