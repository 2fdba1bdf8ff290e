//! Bringing games written as game text into the archive.

use super::{Archive, GameId, GameRecord, PlayerId, PlayerKind, StorageError};
use crate::GameResult;
use crate::pgn::PgnGame;

/// PGN's name for a player nobody recorded.
const UNKNOWN_PLAYER: &str = "?";

impl Archive {
    /// Adds a game read from game text: the players are found by name (made when new;
    /// "Computer level N" is that level's profile), `[Rated "yes"]` rates it, and a game
    /// whose result is `*` is stored as adjourned. Importing rated games in the order
    /// they were played rebuilds the ratings they produced.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::pgn::import_game;
    /// use chess4d_archive::storage::Archive;
    ///
    /// let text = "[Variant \"full\"]\n[White \"Ann\"]\n[Black \"Computer level 2\"]\n\
    ///             [Rated \"yes\"]\n\n1. a2[0,0]a3[0,0] 1-0\n";
    /// let mut archive = Archive::open_in_memory()?;
    /// let id = archive.import_pgn(&import_game(text)?)?;
    /// let game = archive.load_game(id)?;
    /// assert!(game.rated);
    /// assert!(archive.rating(game.white.id, "full")?.rating.rating > 1500.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn import_pgn(&mut self, game: &PgnGame) -> Result<GameId, StorageError> {
        let white = self.player_named(game.white().unwrap_or(UNKNOWN_PLAYER))?;
        let black = self.player_named(game.black().unwrap_or(UNKNOWN_PLAYER))?;
        let rated = game.tag("Rated") == Some("yes");
        let mut record = GameRecord::new(game.variant(), white, black, game.result())
            .with_moves(game.moves().iter().cloned());
        record.start_fen = game.fen().map(str::to_owned);
        record.termination = game.tag("Termination").map(str::to_owned);
        if game.result() == GameResult::Undecided {
            self.save_adjourned_game(&record, rated)
        } else {
            Ok(self.record_finished_game(&record, rated)?.id)
        }
    }

    /// The player called `name`, made (a person, or a computer level) when new.
    fn player_named(&mut self, name: &str) -> Result<PlayerId, StorageError> {
        if let Some(player) = self.player_by_name(name)? {
            return Ok(player.id);
        }
        match name
            .strip_prefix("Computer level ")
            .and_then(|level| level.parse::<u8>().ok())
        {
            Some(level) if super::computer_name(level) == name => self.computer_player(level),
            _ => self.upsert_player(name, PlayerKind::Human),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::{export_games, import_games};
    use crate::storage::{GameFilter, GameStatus};

    #[test]
    fn importing_an_archive_export_rebuilds_its_ratings() {
        let mut original = Archive::open_in_memory().expect("archive");
        let ann = original
            .upsert_player("Ann", PlayerKind::Human)
            .expect("ann");
        let bob = original
            .upsert_player("Bob", PlayerKind::Human)
            .expect("bob");
        let cpu = original.computer_player(3).expect("cpu");
        let pairs = [(ann, bob), (bob, cpu), (cpu, ann), (ann, cpu), (bob, ann)];
        let results = [
            GameResult::WhiteWins,
            GameResult::Draw,
            GameResult::BlackWins,
        ];
        for (i, (white, black)) in pairs.into_iter().enumerate() {
            let game = GameRecord::new("full", white, black, results[i % 3])
                .with_moves(["a2[0,0]a3[0,0]"])
                .with_termination("checkmate");
            original
                .record_finished_game(&game, i != 2)
                .expect("record");
        }
        let unfinished = GameRecord::new("full", bob, ann, GameResult::Undecided)
            .with_start_fen("8/8 w - - 0 1")
            .with_moves(["b2b3"]);
        original
            .save_adjourned_game(&unfinished, true)
            .expect("adjourn");

        let mut listed = original.list_games(&GameFilter::default()).expect("list");
        listed.sort_by_key(|game| game.id);
        let games: Vec<PgnGame> = listed
            .iter()
            .map(|game| PgnGame::from(&original.load_game(game.id).expect("load")))
            .collect();
        let text = export_games(&games);

        let mut copy = Archive::open_in_memory().expect("copy");
        for game in import_games(&text).expect("import") {
            copy.import_pgn(&game).expect("import into the archive");
        }
        for name in ["Ann", "Bob", "Computer level 3"] {
            let was = original
                .player_by_name(name)
                .expect("find")
                .expect("exists");
            let now = copy.player_by_name(name).expect("find").expect("exists");
            assert_eq!(now.kind, was.kind);
            assert_eq!(
                copy.rating(now.id, "full").expect("copy rating"),
                original.rating(was.id, "full").expect("original rating"),
                "{name}"
            );
        }
        let adjourned = copy
            .list_games(&GameFilter {
                status: Some(GameStatus::Adjourned),
                ..GameFilter::default()
            })
            .expect("list");
        assert_eq!(adjourned.len(), 1);
        let resumed = copy.load_game(adjourned[0].id).expect("load");
        assert_eq!(resumed.start_fen.as_deref(), Some("8/8 w - - 0 1"));
        assert_eq!(resumed.moves, ["b2b3"]);
        assert!(resumed.rated);
    }

    #[test]
    fn unnamed_players_become_the_unknown_player() {
        let mut archive = Archive::open_in_memory().expect("archive");
        let game = crate::pgn::import_game("[Variant \"full\"] 1. e2e4 1-0").expect("game");
        let id = archive.import_pgn(&game).expect("import");
        let stored = archive.load_game(id).expect("load");
        assert_eq!(stored.white.name, "?");
        assert_eq!(stored.white.id, stored.black.id);
        assert!(!stored.rated);
    }
}
