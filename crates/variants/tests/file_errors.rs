//! A broken variant file gets a message with file, line and column, never a panic.

use chess4d_variants::{VariantFileError, parse_variant};

const GOOD: &str = include_str!("../../../variants/full.toml");

fn error(text: &str) -> VariantFileError {
    match parse_variant(text, "broken.toml") {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect(needle) + 1
}

#[test]
fn the_shipped_files_are_valid() {
    for (name, text) in chess4d_variants::EMBEDDED {
        parse_variant(text, name).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn syntax_error_is_located() {
    let text = GOOD.replace("value = 900", "value = = 900");
    let e = error(&text);
    assert_eq!(e.path, "broken.toml");
    assert_eq!(e.line, line_of(&text, "value = = 900"));
    assert!(e.column > 1, "{e}");
}

#[test]
fn unknown_key_is_named_and_located() {
    let text = GOOD.replace("royal = true", "royal = true\nroyalty = 3");
    let e = error(&text);
    assert_eq!(e.line, line_of(&text, "royalty"), "{e}");
    assert!(e.message.contains("royalty"), "{e}");
}

#[test]
fn unknown_piece_letter_in_the_start_position_points_into_the_string() {
    let text = GOOD.replace("kbnr/pppp/4/4 w", "kbnx/pppp/4/4 w");
    let e = error(&text);
    let line = line_of(&text, "kbnx");
    assert_eq!(e.line, line);
    let col = text.lines().nth(line - 1).unwrap().find("kbnx").unwrap() + 4;
    assert_eq!(e.column, col, "{e}");
    assert!(e.message.contains("'x'"), "{e}");
}

#[test]
fn board_too_large() {
    let text = GOOD.replace("board = [4, 4, 2, 2]", "board = [26, 26, 26, 26]");
    let e = error(&text);
    assert_eq!(e.line, line_of(&text, "board ="));
    assert!(e.message.contains("more than the limit"), "{e}");
}

#[test]
fn no_king() {
    let text = GOOD.replace("kbnr/pppp/4/4 w", "qbnr/pppp/4/4 w");
    let e = error(&text);
    assert_eq!(e.line, line_of(&text, "start ="));
    assert!(e.message.contains("Black has no king"), "{e}");
}

#[test]
fn an_axis_that_does_not_exist() {
    let text = GOOD.replace(
        "forward = \"y\", only = \"move\"",
        "forward = \"v\", only = \"move\"",
    );
    let e = error(&text);
    assert_eq!(e.line, line_of(&text, "forward = \"v\""));
    assert!(e.message.contains("unknown axis \"v\""), "{e}");
}

#[test]
fn a_movement_with_two_kinds() {
    let text = GOOD.replace("{ leap = [2, 1] }", "{ leap = [2, 1], slide = 1 }");
    let e = error(&text);
    assert_eq!(e.line, line_of(&text, "leap = [2, 1], slide"));
    assert!(e.message.contains("exactly one of"), "{e}");
}

#[test]
fn wrong_board_count_in_the_start_position() {
    let text = GOOD.replace("|kbnr/pppp/4/4 w", " w");
    let e = error(&text);
    assert!(e.message.contains("separated by '|'"), "{e}");
    assert_eq!(e.line, line_of(&text, "start ="));
}

#[test]
fn display_has_path_line_column() {
    let e = error("[variant]\nname = 'x'\nboard = [0]\n");
    let shown = e.to_string();
    assert!(shown.starts_with(&format!(
        "broken.toml:{}:{}: {}",
        e.line, e.column, e.message
    )));
    assert!(shown.ends_with("board = [0]\n  |          ^"), "{shown}");
    assert_eq!(e.line, 3);
}
