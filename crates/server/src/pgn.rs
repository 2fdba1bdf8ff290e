//! A stored game as standard PGN, written by `crates/archive`'s PGN writer: SAN moves
//! replayed under the variant's rules, `[Variant]` when not orthodox, `[TimeControl]`.

use crate::hub::Hub;
use crate::store::GameRow;
use chess4d_archive::GameResult;
use chess4d_archive::pgn::{PgnGame, export_game};
use chess4d_core::{Game, game_san};
use chess4d_protocol::ClockConfig;

/// The PGN text of a stored game.
pub fn export(hub: &Hub, row: &GameRow) -> Result<String, String> {
    let tag = |e: chess4d_archive::pgn::BadTag| e.to_string();
    let mut pgn = PgnGame::new(&row.game.variant).map_err(tag)?;
    pgn.set_tag(
        "Event",
        if row.game.rated {
            "Rated game"
        } else {
            "Casual game"
        },
    )
    .map_err(tag)?;
    pgn.set_tag("Site", "chess4d serve").map_err(tag)?;
    pgn.set_tag("Date", &date(row.game.started_at_ms))
        .map_err(tag)?;
    pgn.set_tag("White", &row.white_name).map_err(tag)?;
    pgn.set_tag("Black", &row.black_name).map_err(tag)?;
    pgn.set_tag("TimeControl", &time_control(row.game.clock))
        .map_err(tag)?;
    if let Some(end) = &row.end {
        pgn.set_tag("Termination", &end.reason).map_err(tag)?;
    }
    let served = hub.variants.get(&row.game.variant);
    let replayed = served.and_then(|s| {
        let rules = s.rules.clone();
        let start = rules.parse_position(&row.game.start_fen).ok()?;
        if rules.format_position(&rules.start_position()) != row.game.start_fen {
            pgn.set_tag("SetUp", "1").ok()?;
            pgn.set_tag("FEN", &row.game.start_fen).ok()?;
        }
        let mut game = Game::try_from_position(rules, start).ok()?;
        for m in &row.moves {
            game.play_str(&m.mv).ok()?;
        }
        Some(game_san(&game))
    });
    let moves: Vec<String> =
        replayed.unwrap_or_else(|| row.moves.iter().map(|m| m.mv.clone()).collect());
    for mv in &moves {
        pgn.push_move(mv).map_err(|e| e.to_string())?;
    }
    let result = row.end.as_ref().map_or("*", |e| e.result.as_str());
    pgn.set_result(
        result
            .parse::<GameResult>()
            .unwrap_or(GameResult::Undecided),
    );
    Ok(export_game(&pgn))
}

/// PGN's `TimeControl`: `180+2`, `1/259200` for correspondence, `-` for none.
fn time_control(clock: ClockConfig) -> String {
    match clock {
        ClockConfig::Fischer {
            initial_ms,
            increment_ms,
        } => {
            format!("{}+{}", initial_ms / 1000, increment_ms / 1000)
        }
        ClockConfig::Correspondence { days } => format!("1/{}", u64::from(days) * 86_400),
        ClockConfig::Unlimited => "-".into(),
    }
}

/// `YYYY.MM.DD` of an instant (UTC), by the civil-from-days algorithm.
fn date(ms: u64) -> String {
    let days = (ms / 86_400_000) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_civil() {
        assert_eq!(super::date(0), "1970.01.01");
        assert_eq!(super::date(1_767_225_600_000), "2026.01.01");
        assert_eq!(super::date(951_782_400_000), "2000.02.29");
    }
}
