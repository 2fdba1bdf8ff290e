//! The game text: exact round trips, errors that point at the right spot, and import
//! that never panics on any input.

use chess4d_archive::GameResult;
use chess4d_archive::pgn::{
    PgnError, PgnErrorKind, PgnGame, export_game, export_games, import_game, import_games,
};
use chess4d_archive::storage::{Archive, GameRecord, PlayerKind};
use proptest::prelude::*;

fn error_at(text: &str) -> (usize, usize, PgnErrorKind) {
    let error: PgnError = import_games(text).expect_err("should fail");
    // Every error message names its place.
    assert!(
        error
            .to_string()
            .starts_with(&format!("line {}, column {}: ", error.line, error.column))
    );
    (error.line, error.column, error.kind)
}

#[test]
fn reads_the_format_of_the_issue() {
    let text = "[Variant \"full\"]\n[FEN \"start\"]\n[White \"Ann\"]\n[Black \"Computer level 3\"]\n\
                [Result \"1-0\"]\n[Date \"2026.11.30\"]\n[Termination \"checkmate\"]\n\n\
                1. a2[0,0]a3[0,0] b3[0,1]b2[0,1] 2. a3[0,0]a4[0,0] 1-0\n";
    let game = import_game(text).expect("import");
    assert_eq!(game.variant(), "full");
    assert_eq!(game.fen(), Some("start"));
    assert_eq!(game.white(), Some("Ann"));
    assert_eq!(game.black(), Some("Computer level 3"));
    assert_eq!(game.tag("Date"), Some("2026.11.30"));
    assert_eq!(game.tag("Termination"), Some("checkmate"));
    assert_eq!(game.result(), GameResult::WhiteWins);
    assert_eq!(
        game.moves(),
        ["a2[0,0]a3[0,0]", "b3[0,1]b2[0,1]", "a3[0,0]a4[0,0]"]
    );
    assert_eq!(import_game(&export_game(&game)).expect("again"), game);
}

#[test]
fn tolerates_comments_glyphs_joined_numbers_and_crlf() {
    let text = "; a file comment\r\n[Variant \"classic\"]\r\n\r\n{opening} 1.e2e4 $1 e7e5 {good}\r\n\
                2. g1f3 ; rest of line\r\n2... b8c6 *\r\n";
    let game = import_game(text).expect("import");
    assert_eq!(game.moves(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(game.result(), GameResult::Undecided);
}

#[test]
fn reads_black_first_games_and_games_without_numbers() {
    let game = import_game("[Variant \"full\"]\n[FEN \"x b\"]\n1... a7a6 2. b2b3 a6a5 0-1")
        .expect("black first");
    assert_eq!(game.moves().len(), 3);
    assert!(game.black_moves_first());
    assert_eq!(import_game(&export_game(&game)).expect("again"), game);
    let game = import_game("[Variant \"full\"] e2e4 e7e5 1/2-1/2").expect("no numbers");
    assert_eq!(game.moves().len(), 2);
    let game = import_game("[Variant \"full\"]\n12. e2e4 e7e5 13. g1f3 *").expect("late start");
    assert_eq!(game.moves().len(), 3);
}

#[test]
fn errors_point_at_line_and_column() {
    assert_eq!(
        error_at("[Variant \"full\"]\n\n1. a2a3 2. b7b6\n"),
        (
            3,
            9,
            PgnErrorKind::WrongMoveNumber {
                found: "2.".into(),
                expected: "1...".into()
            }
        )
    );
    let (line, column, kind) = error_at("[Variant \"full\"]\n[White \"Ann]\n1. a2a3 *");
    assert_eq!(
        (line, column, kind),
        (2, 8, PgnErrorKind::UnterminatedValue)
    );
    let (line, column, kind) = error_at("[Variant \"full\"]\n1. a2a3 b7 b6 {never closed\n");
    assert_eq!(
        (line, column, kind),
        (2, 15, PgnErrorKind::UnterminatedComment)
    );
    let (line, column, kind) = error_at("[Variant \"full\"]\n1. a2a3 b7b6");
    assert_eq!((line, column, kind), (2, 13, PgnErrorKind::MissingResult));
    let (line, column, kind) = error_at("[Variant \"full\"]\n1. a2a3\n[Variant \"full\"]\n*");
    assert_eq!((line, column, kind), (3, 1, PgnErrorKind::TagInMoves));
    let (line, column, kind) = error_at("[Variant \"full\"]\n1. a2a3 (1... b7b6 (1... c7c6) *");
    assert_eq!((line, column, kind), (2, 9, PgnErrorKind::Variation));
    let (line, column, kind) = error_at("[Variant \"full\"]\n1. a2a3 ) *");
    assert_eq!((line, column, kind), (2, 9, PgnErrorKind::Variation));
    let (line, column, kind) = error_at("[Variant \"full\"]\n[Result \"1-0\"]\n1. a2a3 0-1");
    assert_eq!(
        (line, column, kind),
        (
            3,
            9,
            PgnErrorKind::ResultMismatch {
                tag: GameResult::WhiteWins,
                moves: GameResult::BlackWins
            }
        )
    );
    let (line, column, kind) = error_at("[Variant \"full\"]\n[Variant \"classic\"]\n*");
    assert_eq!(
        (line, column, kind),
        (2, 2, PgnErrorKind::DuplicateTag("Variant".into()))
    );
    let (line, column, kind) = error_at("[Variant \"a\\qb\"]\n*");
    assert_eq!(
        (line, column, kind),
        (1, 12, PgnErrorKind::BadEscape("q".into()))
    );
    let (line, column, kind) = error_at("[Variant \"full\"]\n1.é4 *");
    assert_eq!((line, column), (2, 3));
    assert!(matches!(kind, PgnErrorKind::BadMove(_)));
    let (line, column, kind) = error_at("[Variant full]\n*");
    assert_eq!((line, column), (1, 10));
    assert!(matches!(kind, PgnErrorKind::MalformedTag(_)));
}

#[test]
fn reads_standard_pgn_as_python_chess_and_lichess_write_it() {
    let text = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                [White \"Ann\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n\
                1. e4 { [%clk 0:03:00] } 1... e5 $1 2. Nf3 ( 2. f4 exf4 ( 2... d5 ) 3. Nf3 ) \
                2... Nc6?! 3. Bc4 !? Nf6 4. 0-0 Bc5 5. d3 O-O-O+ 1-0\n";
    let game = import_game(text).expect("standard PGN");
    assert_eq!(game.variant(), chess4d_archive::pgn::DEFAULT_VARIANT);
    assert_eq!(game.tag("Variant"), None);
    assert_eq!(game.white(), Some("Ann"));
    // The roster's placeholders mean "unknown": they are not kept as values.
    assert_eq!((game.black(), game.tag("Event")), (None, None));
    assert_eq!(
        game.moves(),
        [
            "e4", "e5", "Nf3", "Nc6?!", "Bc4", "Nf6", "O-O", "Bc5", "d3", "O-O-O+"
        ]
    );
    assert_eq!(game.result(), GameResult::WhiteWins);
    let again = export_game(&game);
    assert!(
        again.starts_with(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"Ann\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3"
        ),
        "{again}"
    );
    assert_eq!(import_game(&again).expect("again"), game);
}

#[test]
fn reads_many_games_and_exports_them_back() {
    let mut games = Vec::new();
    for (i, result) in GameResult::ALL.into_iter().enumerate() {
        let mut game = PgnGame::new(if i % 2 == 0 { "full" } else { "raumschach" }).expect("game");
        game.set_tag("Round", &i.to_string()).expect("round");
        for m in 0..i * 7 {
            game.push_move(&format!(
                "c{}[{}]c{}[{}]",
                m % 5 + 1,
                m % 5,
                (m + 1) % 5 + 1,
                m % 5
            ))
            .expect("move");
        }
        game.set_result(result);
        games.push(game);
    }
    let text = export_games(&games);
    assert_eq!(import_games(&text).expect("import"), games);
    assert!(matches!(
        import_game(&text).expect_err("four games").kind,
        PgnErrorKind::NotOneGame(4)
    ));
    assert_eq!(
        import_games("  \n\n ; nothing here\n").expect("empty"),
        vec![]
    );
}

#[test]
fn archived_games_export_with_their_tags() {
    let mut archive = Archive::open_in_memory().expect("archive");
    let ann = archive
        .upsert_player("Ann \"Rook\" Smith", PlayerKind::Human)
        .expect("ann");
    let computer = archive.computer_player(2).expect("computer");
    let record = GameRecord::new("full", ann, computer, GameResult::Draw)
        .with_moves(["a2[0,0]a3[0,0]", "b3[0,1]b2[0,1]"])
        .with_termination("threefold repetition");
    let id = archive
        .record_finished_game(&record, true)
        .expect("record")
        .id;
    let stored = archive.load_game(id).expect("load");
    let game = PgnGame::from(&stored);
    let text = export_game(&game);
    assert!(
        text.contains("[White \"Ann \\\"Rook\\\" Smith\"]"),
        "{text}"
    );
    assert!(text.contains("[Black \"Computer level 2\"]"), "{text}");
    assert!(
        text.contains("[Termination \"threefold repetition\"]"),
        "{text}"
    );
    assert!(text.contains("[Rated \"yes\"]"), "{text}");
    assert!(text.contains("[Date \""), "{text}");
    assert!(
        text.ends_with("1. a2[0,0]a3[0,0] b3[0,1]b2[0,1] 1/2-1/2\n"),
        "{text}"
    );
    assert_eq!(import_game(&text).expect("import"), game);
}

fn arb_move() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9\\[\\],=+#!?@x/*-]{0,20}"
}

fn arb_game() -> impl Strategy<Value = PgnGame> {
    (
        "\\PC{1,12}",
        proptest::collection::vec(("[A-Za-z][A-Za-z0-9_]{0,10}", any::<String>()), 0..6),
        proptest::collection::vec(arb_move(), 0..40),
        0..4usize,
        any::<bool>(),
    )
        .prop_map(|(variant, tags, moves, result, black_first)| {
            let mut game = PgnGame::new(&variant).expect("non-empty variant");
            for (name, value) in tags {
                if name != "Result" && name != "Variant" {
                    game.set_tag(&name, &value).expect("valid tag");
                }
            }
            if black_first {
                game.set_tag("FEN", "8/8 b - - 0 1").expect("fen");
            }
            for mv in moves {
                game.push_move(&mv).expect("valid move");
            }
            game.set_result(GameResult::ALL[result]);
            game
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn import_never_panics(text in any::<String>()) {
        let _ = import_games(&text);
    }

    #[test]
    fn import_never_panics_on_pgn_like_text(text in "[\\[\\]\"\\\\{}();%$. a-h1-8\\n\\r\\t*/0-]{0,200}") {
        let _ = import_games(&text);
    }

    #[test]
    fn import_never_panics_on_damaged_exports(game in arb_game(), cut in any::<prop::sample::Index>(), junk in any::<char>()) {
        let text = export_game(&game);
        let chars: Vec<char> = text.chars().collect();
        let at = cut.index(chars.len() + 1);
        let truncated: String = chars[..at].iter().collect();
        let _ = import_games(&truncated);
        let mut spliced = chars.clone();
        spliced.insert(at, junk);
        let spliced: String = spliced.into_iter().collect();
        let _ = import_games(&spliced);
    }

    #[test]
    fn export_then_import_is_exact(games in proptest::collection::vec(arb_game(), 1..4)) {
        let text = export_games(&games);
        prop_assert_eq!(import_games(&text).expect("own export imports"), games);
    }
}
