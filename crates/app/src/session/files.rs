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
        SavedGame::of(&self.variant, &self.game).to_text()
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
            .and_then(|text| self.game_from_text(&text));
        match loaded {
            Ok((variant, game)) => {
                self.opponent.cancel();
                let left = self.leaving();
                self.variant = variant;
                self.game = game;
                self.replaced(left);
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
                _ => game.agree_draw(),
            }
        }
        Ok((saved.variant, game))
    }

    /// Reloads a saved variant file: a broken file shows its located error; the game
    /// in progress moves to the new rules when its moves are still legal under them,
    /// and keeps the old rules otherwise.
    pub fn reload(&mut self, path: &Path) {
        let entry = self.catalog.add_file(path).clone();
        if let Some(e) = entry.error() {
            self.notify(true, e.to_string());
            return;
        }
        let name = entry.name.clone();
        if name != self.variant {
            // Not the variant in play: nothing is loaded (a plugin runs only when played).
            self.notify(
                false,
                format!("variant {name} reloaded from {}", path.display()),
            );
            return;
        }
        if let Err(e) = self.catalog.get(&name) {
            self.notify(true, e.to_string());
            return;
        }
        let text = self.save_text();
        match self.game_from_text(&text) {
            Ok((_, game)) => {
                self.opponent.cancel();
                self.game = game;
                self.hint = None;
                self.clear_selection();
                self.notify(
                    false,
                    format!("{name} reloaded; the game goes on under the new rules"),
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
