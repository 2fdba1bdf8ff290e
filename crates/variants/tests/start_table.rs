//! The start position written one board per line in a `[start]` table: the same
//! position as the one-string form, and errors at the line and column of the board.

use chess4d_core::Rules;
use chess4d_variants::{VariantSpec, parse_variant};

const HYPERCUBE: &str = include_str!("../../../examples/variants/hypercube.toml");
const RAUMSCHACH: &str = include_str!("../../../variants/raumschach.toml");

/// The hypercube with its one-line start replaced by a `[start]` table (and `extra`
/// lines in that table).
fn hypercube_table(extra: &str) -> String {
    let start_line = HYPERCUBE
        .lines()
        .find(|l| l.starts_with("start = "))
        .unwrap();
    let table = format!(
        "[start]\n\"[0,0]\" = \"4/4/PPPP/RNQR\"\n\"[1,0]\" = \"4/4/PPPP/BKZB\"\n\"[0,3]\" = \"rnqr/pppp/4/4\"\n\"[1,3]\" = \"bkzb/pppp/4/4\"\n{extra}\n"
    );
    HYPERCUBE
        .replace(&format!("{start_line}\n"), "")
        .replace("[rules]", &format!("{table}[rules]"))
}

fn start_of(text: &str) -> String {
    match parse_variant(text, "t.toml") {
        Ok(VariantSpec::Table(rules)) => rules.format_position(&rules.start_position()),
        Ok(_) => panic!("a table variant"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_start_table_is_the_same_position_as_the_string() {
    assert_eq!(start_of(&hypercube_table("")), start_of(HYPERCUBE));
}

#[test]
fn boards_may_be_lists_of_ranks_and_the_side_to_move_a_word() {
    let start_line = RAUMSCHACH
        .lines()
        .find(|l| l.starts_with("start = "))
        .unwrap();
    let table = "[start]\n\"[0]\" = [\"5\", \"5\", \"5\", \"PPPPP\", \"RNKNR\"]\n\"[1]\" = [\"5\", \"5\", \"5\", \"PPPPP\", \"BUQBU\"]\n\"[3]\" = \"ubqub/ppppp/5/5/5\"\n\"[4]\" = \"rnknr/ppppp/5/5/5\"\nside = \"white\"\n\n";
    let text = RAUMSCHACH
        .replace(&format!("{start_line}\n"), "")
        .replace("[rules]", &format!("{table}[rules]"));
    assert_eq!(start_of(&text), start_of(RAUMSCHACH));
    let black = text.replace("side = \"white\"", "side = \"black\"");
    assert!(start_of(&black).contains(" b - "), "{}", start_of(&black));
}

#[test]
fn an_error_in_a_board_points_at_its_line_and_column() {
    let text = hypercube_table("").replace("bkzb/pppp/4/4", "bkzb/ppXp/4/4");
    let e = parse_variant(&text, "t.toml").unwrap_err();
    let line = text.lines().position(|l| l.contains("ppXp")).unwrap() + 1;
    assert_eq!(e.line, line, "{e}");
    let column = text.lines().nth(line - 1).unwrap().find('X').unwrap() + 1;
    assert_eq!(e.column, column, "{e}");
    assert!(e.message.contains("'X' is not a piece"), "{e}");
}

#[test]
fn a_rank_too_long_in_a_list_points_at_that_rank() {
    let text = hypercube_table("").replace(
        "\"[1,0]\" = \"4/4/PPPP/BKZB\"",
        "\"[1,0]\" = [\n  \"4\",\n  \"4\",\n  \"PPPPP\",\n  \"BKZB\",\n]",
    );
    let e = parse_variant(&text, "t.toml").unwrap_err();
    let line = text.lines().position(|l| l.contains("\"PPPPP\"")).unwrap() + 1;
    assert_eq!(e.line, line, "{e}");
}

#[test]
fn wrong_labels_and_a_start_given_twice_are_located() {
    let text = hypercube_table("\"[0,4]\" = \"4/4/4/4\"");
    let e = parse_variant(&text, "t.toml").unwrap_err();
    assert!(e.message.contains("w is 0 to 3"), "{e}");
    assert_eq!(e.column, 1);
    assert_eq!(
        e.line,
        text.lines()
            .position(|l| l.starts_with("\"[0,4]\""))
            .unwrap()
            + 1
    );

    let text = hypercube_table("\"[0]\" = \"4/4/4/4\"");
    let e = parse_variant(&text, "t.toml").unwrap_err();
    assert!(e.message.contains("needs 2 (z and w)"), "{e}");

    let text = hypercube_table("sidee = \"w\"");
    let e = parse_variant(&text, "t.toml").unwrap_err();
    assert!(e.message.contains("not a board label"), "{e}");

    let text = hypercube_table("").replace("[variant]", "[variant]\nstart = \"4/4/4/4 w - - 0 1\"");
    let e = parse_variant(&text, "t.toml").unwrap_err();
    assert!(e.message.contains("given twice"), "{e}");
}
