//! The hand-written C header matches the Rust layout field by field: a C program built
//! with the system compiler prints every size and offset, and they must equal Rust's.

use chess4d_plugin_api::*;
use std::mem::{offset_of, size_of};
use std::path::Path;
use std::process::Command;

/// (C expression, Rust value) pairs.
fn expected() -> Vec<(&'static str, usize)> {
    vec![
        ("sizeof(Chess4dMove)", size_of::<Move>()),
        ("offsetof(Chess4dMove, to)", offset_of!(Move, to)),
        ("offsetof(Chess4dMove, capture)", offset_of!(Move, capture)),
        ("offsetof(Chess4dMove, from2)", offset_of!(Move, from2)),
        ("offsetof(Chess4dMove, to2)", offset_of!(Move, to2)),
        (
            "offsetof(Chess4dMove, promotion)",
            offset_of!(Move, promotion),
        ),
        ("offsetof(Chess4dMove, flags)", offset_of!(Move, flags)),
        ("sizeof(Chess4dSquareChange)", size_of::<SquareChange>()),
        (
            "offsetof(Chess4dSquareChange, piece)",
            offset_of!(SquareChange, piece),
        ),
        (
            "offsetof(Chess4dSquareChange, flags)",
            offset_of!(SquareChange, flags),
        ),
        ("sizeof(Chess4dHandChange)", size_of::<HandChange>()),
        (
            "offsetof(Chess4dHandChange, kind)",
            offset_of!(HandChange, kind),
        ),
        (
            "offsetof(Chess4dHandChange, delta)",
            offset_of!(HandChange, delta),
        ),
        (
            "offsetof(Chess4dState, counters)",
            offset_of!(RawState, counters),
        ),
        ("sizeof(Chess4dAfter)", size_of::<RawAfter>()),
        ("offsetof(Chess4dAfter, hand)", offset_of!(RawAfter, hand)),
        ("sizeof(Chess4dState)", size_of::<RawState>()),
        (
            "offsetof(Chess4dState, en_passant)",
            offset_of!(RawState, en_passant),
        ),
        (
            "offsetof(Chess4dState, fullmove_number)",
            offset_of!(RawState, fullmove_number),
        ),
        ("sizeof(Chess4dPosition)", size_of::<RawPosition>()),
        (
            "offsetof(Chess4dPosition, board_len)",
            offset_of!(RawPosition, board_len),
        ),
        (
            "offsetof(Chess4dPosition, state)",
            offset_of!(RawPosition, state),
        ),
        (
            "offsetof(Chess4dPosition, hands)",
            offset_of!(RawPosition, hands),
        ),
        (
            "offsetof(Chess4dPosition, promoted)",
            offset_of!(RawPosition, promoted),
        ),
        (
            "offsetof(Chess4dPositionOut, hands)",
            offset_of!(RawPositionOut, hands),
        ),
        (
            "offsetof(Chess4dPositionOut, promoted)",
            offset_of!(RawPositionOut, promoted),
        ),
        ("sizeof(Chess4dPositionOut)", size_of::<RawPositionOut>()),
        (
            "offsetof(Chess4dPositionOut, state)",
            offset_of!(RawPositionOut, state),
        ),
        ("sizeof(Chess4dBuf)", size_of::<RawBuf>()),
        ("offsetof(Chess4dBuf, cap)", offset_of!(RawBuf, cap)),
        ("offsetof(Chess4dBuf, len)", offset_of!(RawBuf, len)),
        ("sizeof(Chess4dVariant)", size_of::<RawVariant>()),
        (
            "offsetof(Chess4dVariant, sizes)",
            offset_of!(RawVariant, sizes),
        ),
        (
            "offsetof(Chess4dVariant, piece_count)",
            offset_of!(RawVariant, piece_count),
        ),
        (
            "offsetof(Chess4dVariant, bare_kings_draw)",
            offset_of!(RawVariant, bare_kings_draw),
        ),
        (
            "offsetof(Chess4dVariant, counter_limit)",
            offset_of!(RawVariant, counter_limit),
        ),
        (
            "offsetof(Chess4dVariant, pockets)",
            offset_of!(RawVariant, pockets),
        ),
        ("sizeof(Chess4dPiece)", size_of::<RawPiece>()),
        ("offsetof(Chess4dPiece, flags)", offset_of!(RawPiece, flags)),
        ("sizeof(Chess4dPluginTable)", size_of::<PluginTable>()),
        (
            "offsetof(Chess4dPluginTable, size)",
            offset_of!(PluginTable, size),
        ),
        (
            "offsetof(Chess4dPluginTable, variant_info)",
            offset_of!(PluginTable, variant_info),
        ),
        (
            "offsetof(Chess4dPluginTable, piece_info)",
            offset_of!(PluginTable, piece_info),
        ),
        (
            "offsetof(Chess4dPluginTable, text)",
            offset_of!(PluginTable, text),
        ),
        (
            "offsetof(Chess4dPluginTable, start_position)",
            offset_of!(PluginTable, start_position),
        ),
        (
            "offsetof(Chess4dPluginTable, legal_moves)",
            offset_of!(PluginTable, legal_moves),
        ),
        (
            "offsetof(Chess4dPluginTable, apply_move)",
            offset_of!(PluginTable, apply_move),
        ),
        (
            "offsetof(Chess4dPluginTable, is_attacked)",
            offset_of!(PluginTable, is_attacked),
        ),
        (
            "offsetof(Chess4dPluginTable, attackers)",
            offset_of!(PluginTable, attackers),
        ),
        (
            "offsetof(Chess4dPluginTable, status)",
            offset_of!(PluginTable, status),
        ),
        (
            "offsetof(Chess4dPluginTable, format_move)",
            offset_of!(PluginTable, format_move),
        ),
        (
            "offsetof(Chess4dPluginTable, parse_move)",
            offset_of!(PluginTable, parse_move),
        ),
        (
            "offsetof(Chess4dPluginTable, describe_move)",
            offset_of!(PluginTable, describe_move),
        ),
        (
            "offsetof(Chess4dPluginTable, move_path)",
            offset_of!(PluginTable, move_path),
        ),
        (
            "offsetof(Chess4dPluginTable, parse_position)",
            offset_of!(PluginTable, parse_position),
        ),
        (
            "offsetof(Chess4dPluginTable, format_position)",
            offset_of!(PluginTable, format_position),
        ),
        ("CHESS4D_ABI_VERSION", ABI_VERSION as usize),
        ("CHESS4D_NO_SQUARE", NO_SQUARE as usize),
        ("CHESS4D_NO_PROMOTION", NO_PROMOTION as usize),
        ("CHESS4D_MAX_CHANGES", MAX_CHANGES),
        ("CHESS4D_MAX_SQUARES", MAX_SQUARES),
        ("CHESS4D_MAX_KINDS", MAX_KINDS),
        ("CHESS4D_MAX_CASTLING", MAX_CASTLING),
        ("CHESS4D_HANDS_LEN", HANDS_LEN),
        ("CHESS4D_CHANGE_PROMOTED", CHANGE_PROMOTED as usize),
        ("CHESS4D_STATUS_ERROR", STATUS_ERROR as usize),
        (
            "CHESS4D_STATUS_BUFFER_TOO_SMALL",
            STATUS_BUFFER_TOO_SMALL as usize,
        ),
        ("CHESS4D_STATUS_PANIC", STATUS_PANIC as usize),
        ("CHESS4D_STATUS_UNSUPPORTED", STATUS_UNSUPPORTED as usize),
        ("CHESS4D_STATUS_BAD_ARGUMENT", STATUS_BAD_ARGUMENT as usize),
        (
            "CHESS4D_TEXT_CASTLING_LETTERS",
            TEXT_CASTLING_LETTERS as usize,
        ),
        ("CHESS4D_TEXT_PIECE_NAME", TEXT_PIECE_NAME as usize),
        ("CHESS4D_PIECE_PAWN", PIECE_PAWN as usize),
        (
            "CHESS4D_GAME_INSUFFICIENT_MATERIAL",
            GAME_INSUFFICIENT_MATERIAL as usize,
        ),
        ("CHESS4D_GAME_WHITE_WINS", GAME_WHITE_WINS as usize),
        ("CHESS4D_GAME_BLACK_WINS", GAME_BLACK_WINS as usize),
        ("CHESS4D_GAME_DRAWN", GAME_DRAWN as usize),
        ("CHESS4D_END_REASON_SHIFT", END_REASON_SHIFT as usize),
        ("CHESS4D_END_CHECKMATE", END_CHECKMATE as usize),
        ("CHESS4D_END_STALEMATE", END_STALEMATE as usize),
        ("CHESS4D_END_GOAL", END_GOAL as usize),
        ("CHESS4D_END_CHECKS", END_CHECKS as usize),
        ("CHESS4D_END_EXTINCTION", END_EXTINCTION as usize),
    ]
}

#[test]
fn the_c_header_matches_the_rust_layout() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("header-check");
    std::fs::create_dir_all(&dir).unwrap();
    let pairs = expected();
    let mut src = String::from(
        "#include <stdio.h>\n#include <stddef.h>\n#include \"chess4d_plugin.h\"\nint main(void) {\n",
    );
    for (expr, _) in &pairs {
        src.push_str(&format!("    printf(\"%zu\\n\", (size_t)({expr}));\n"));
    }
    src.push_str("    return 0;\n}\n");
    let c_file = dir.join("layout.c");
    let exe = dir.join("layout");
    std::fs::write(&c_file, src).unwrap();
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("include");
    let out = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
        .args(["-std=c11", "-Wall", "-Werror", "-I"])
        .arg(&include)
        .arg("-o")
        .arg(&exe)
        .arg(&c_file)
        .output()
        .expect("run the C compiler `cc`");
    assert!(
        out.status.success(),
        "the header does not compile:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().expect("run the layout program");
    let text = String::from_utf8(run.stdout).unwrap();
    let c_values: Vec<usize> = text.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(c_values.len(), pairs.len());
    for ((expr, rust), c) in pairs.iter().zip(&c_values) {
        assert_eq!(*rust, *c, "{expr}: Rust says {rust}, C says {c}");
    }
}
