//! A result in words (`Rules::describe_status`): what `chess4d play` and `bestmove`
//! print, in the variant's own words where it has them (issue 30, "Results in words").

use chess4d_core::{Color, Outcome, Reason, Rules, Status};
use chess4d_variants::{VariantSpec, parse_variant};
use std::path::PathBuf;

fn table(name: &str) -> Box<dyn Rules> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../variants")
        .join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match parse_variant(&text, &path.display().to_string()) {
        Ok(VariantSpec::Table(rules)) => rules,
        Ok(_) => panic!("{name} is not a table variant"),
        Err(e) => panic!("{e}"),
    }
}

fn words(variant: &str, fen: &str) -> String {
    let rules = table(variant);
    let pos = rules
        .parse_position(fen)
        .unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
    rules.describe_status(&pos)
}

#[test]
fn chess_results_read_as_chess_players_say_them() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(words("orthodox", start), "White to move");
    let fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(words("orthodox", fools_mate), "Black wins by checkmate");
    assert_eq!(
        words("orthodox", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        "draw by stalemate"
    );
}

#[test]
fn a_goal_is_named_by_the_variants_region() {
    assert_eq!(
        words("kingofthehill", "4k3/8/8/3K4/8/8/8/8 b - - 0 1"),
        "White wins by reaching the hill"
    );
}

#[test]
fn losing_variants_say_how_the_loser_of_material_won() {
    assert_eq!(
        words("antichess", "8/8/8/8/8/8/8/7k w - - 0 1"),
        "White wins by losing every piece"
    );
    // Losers: the mated side wins.
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(words("losers", mated), "White wins by being checkmated");
}

#[test]
fn status_outcome_matches_what_a_game_records() {
    assert_eq!(Status::Ongoing.outcome(Color::White), None);
    assert_eq!(
        Status::Checkmate.outcome(Color::White),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: Reason::Checkmate
        })
    );
    assert_eq!(
        Status::InsufficientMaterial
            .outcome(Color::Black)
            .map(|o| o.to_string()),
        Some("draw by bare kings".to_string())
    );
}
