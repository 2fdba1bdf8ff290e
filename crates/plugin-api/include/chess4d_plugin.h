/*
 * chess4d_plugin.h -- the C ABI of a chess4d rule plugin (ABI version 2).
 *
 * This file is written by hand and mirrors crates/plugin-api/src/abi.rs exactly; the
 * static asserts below and the Rust crate's size assertions keep them in step.
 *
 * A plugin is a shared library exporting
 *
 *     const Chess4dPluginTable *chess4d_plugin_entry(void);
 *
 * The host reads abi_version and size first and refuses the plugin unless
 * abi_version == CHESS4D_ABI_VERSION and size >= sizeof(Chess4dPluginTable).
 *
 * Conventions
 *   - Squares are dense indices x + sx*(y + sy*(z + sz*w)); "none" is CHESS4D_NO_SQUARE.
 *   - A board is one byte per square: 0 empty, else 1 + kind*2 + color (White 0, Black 1).
 *   - Version 2 (pockets and counters): a state carries the per-side counters (n-check's
 *     checks left to give); a variant with pockets lends the pieces in hand and the
 *     promoted marks beside the board; a drop is a move from a square to itself whose
 *     promotion is the kind dropped; apply_move reports promoted marks in each square
 *     change's flags and the one count in hand it changes; status may say that a rule of
 *     the variant ended the game (CHESS4D_GAME_WHITE_WINS ...). Version 1 plugins are
 *     refused.
 *   - The host owns every position and buffer; the plugin keeps no game state and may be
 *     called from several threads at once.
 *   - Every function returns a CHESS4D_STATUS_* code. On CHESS4D_STATUS_ERROR or _PANIC it
 *     writes a UTF-8 message into *err (when err is not NULL), cut to err->cap bytes.
 *   - Output text goes into a Chess4dBuf: write at most cap bytes, set len to the full
 *     length; when len > cap return CHESS4D_STATUS_BUFFER_TOO_SMALL (the host retries).
 *   - Output arrays: set *count to the full number even when it exceeds cap, and then
 *     return CHESS4D_STATUS_BUFFER_TOO_SMALL.
 *   - The first seven functions are required. Any later one may be NULL (or return
 *     CHESS4D_STATUS_UNSUPPORTED): the host then uses its own default (coordinate
 *     notation, FEN, path {from, to}, status from the move list, no attackers list).
 *   - The host checks what the plugin says (squares, piece codes, that a parsed move is
 *     in the legal list, UTF-8, that a drop is of a kind in hand onto an empty square,
 *     counts in hand and counters in range, promoted marks only on pieces); a violation
 *     is shown as a plugin fault, never trusted.
 */
#ifndef CHESS4D_PLUGIN_H
#define CHESS4D_PLUGIN_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CHESS4D_ABI_VERSION 2u
#define CHESS4D_ENTRY_SYMBOL "chess4d_plugin_entry"

#define CHESS4D_NO_SQUARE 0xFFFFu
#define CHESS4D_NO_PROMOTION 0xFFu
#define CHESS4D_MAX_CHANGES 6u
#define CHESS4D_MAX_SQUARES 4096u
#define CHESS4D_MAX_KINDS 64u
#define CHESS4D_MAX_CASTLING 8u
/* Counts in hand per position: side s's kind k at hands[s * CHESS4D_MAX_KINDS + k]. A count
 * is at most the board's number of squares; kinds the variant lacks hold 0. */
#define CHESS4D_HANDS_LEN (2u * CHESS4D_MAX_KINDS)

#define CHESS4D_STATUS_OK 0u
#define CHESS4D_STATUS_ERROR 1u
#define CHESS4D_STATUS_BUFFER_TOO_SMALL 2u
#define CHESS4D_STATUS_PANIC 3u
#define CHESS4D_STATUS_UNSUPPORTED 4u
#define CHESS4D_STATUS_BAD_ARGUMENT 5u

#define CHESS4D_TEXT_NAME 0u
#define CHESS4D_TEXT_TITLE 1u
#define CHESS4D_TEXT_DESCRIPTION 2u
#define CHESS4D_TEXT_PIECE_NAME 3u
#define CHESS4D_TEXT_CASTLING_LETTERS 4u

#define CHESS4D_PIECE_ROYAL 1u
#define CHESS4D_PIECE_PAWN 2u

/* Chess4dSquareChange.flags: the piece now on the square was promoted (pockets only). */
#define CHESS4D_CHANGE_PROMOTED 1u

#define CHESS4D_GAME_ONGOING 0u
#define CHESS4D_GAME_CHECKMATE 1u
#define CHESS4D_GAME_STALEMATE 2u
#define CHESS4D_GAME_INSUFFICIENT_MATERIAL 3u
/* A rule of the variant ended the game: the result plus (reason << CHESS4D_END_REASON_SHIFT),
 * e.g. CHESS4D_GAME_WHITE_WINS | CHESS4D_END_CHECKS << CHESS4D_END_REASON_SHIFT. */
#define CHESS4D_GAME_WHITE_WINS 4u
#define CHESS4D_GAME_BLACK_WINS 5u
#define CHESS4D_GAME_DRAWN 6u
#define CHESS4D_END_REASON_SHIFT 8u
#define CHESS4D_END_CHECKMATE 0u
#define CHESS4D_END_STALEMATE 1u
#define CHESS4D_END_GOAL 2u
#define CHESS4D_END_CHECKS 3u
#define CHESS4D_END_EXTINCTION 4u

/* A move (12 bytes). capture: the captured piece's square when it is not `to`.
 * from2/to2: a second piece that moves (castling rook, pushed piece), else NO_SQUARE.
 * A drop from hand: from == to (the empty square dropped on), promotion = the kind. */
typedef struct Chess4dMove {
    uint16_t from;
    uint16_t to;
    uint16_t capture;
    uint16_t from2;
    uint16_t to2;
    uint8_t promotion; /* piece kind (a drop: the kind dropped), or CHESS4D_NO_PROMOTION */
    uint8_t flags;     /* reserved: 0 */
} Chess4dMove;

/* One square a move changes: what stands there afterwards (4 bytes). */
typedef struct Chess4dSquareChange {
    uint16_t square;
    uint8_t piece; /* piece code, 0 empty */
    uint8_t flags; /* CHESS4D_CHANGE_PROMOTED or 0 */
} Chess4dSquareChange;

/* The one count in hand a move changes (4 bytes): +1 a capture to hand, -1 a drop. */
typedef struct Chess4dHandChange {
    uint8_t side;  /* 0 White, 1 Black */
    uint8_t kind;
    int8_t delta;  /* 0: the move changes no hand */
    uint8_t reserved;
} Chess4dHandChange;

/* Everything but the board and the hands (24 bytes). */
typedef struct Chess4dState {
    uint32_t side;            /* 0 White, 1 Black */
    uint32_t castling;        /* bit i = castling letter i */
    uint32_t en_passant;      /* square or CHESS4D_NO_SQUARE */
    uint32_t halfmove_clock;
    uint32_t fullmove_number;
    uint8_t counters[2];      /* White's, Black's: 0..counter_limit (n-check: checks left) */
    uint8_t reserved[2];
} Chess4dState;

/* What apply_move writes besides the squares (28 bytes). */
typedef struct Chess4dAfter {
    Chess4dState state;
    Chess4dHandChange hand;
} Chess4dAfter;

/* A position lent by the host for one call. hands and promoted are NULL for a variant
 * without pockets; else CHESS4D_HANDS_LEN counts and (board_len + 63) / 64 words with
 * bit s % 64 of word s / 64 set when the piece on square s was promoted. */
typedef struct Chess4dPosition {
    const uint8_t *board;
    uint32_t board_len;
    Chess4dState state;
    const uint8_t *hands;
    const uint64_t *promoted;
} Chess4dPosition;

/* A position the plugin fills: board points to board_len host bytes; hands and promoted
 * (zeroed by the host) as in Chess4dPosition, NULL without pockets. */
typedef struct Chess4dPositionOut {
    uint8_t *board;
    uint32_t board_len;
    Chess4dState state;
    uint8_t *hands;
    uint64_t *promoted;
} Chess4dPositionOut;

/* A host-owned text buffer. */
typedef struct Chess4dBuf {
    uint8_t *ptr;
    uint32_t cap;
    uint32_t len;
} Chess4dBuf;

/* The numbers that describe a variant (40 bytes). */
typedef struct Chess4dVariant {
    uint32_t axes;          /* 1..4 */
    uint8_t sizes[4];       /* X, Y, Z, W; unused axes are 1 */
    uint32_t piece_count;   /* 1..CHESS4D_MAX_KINDS */
    uint32_t castling_count;
    uint32_t en_passant;    /* 0 or 1 */
    uint32_t repetition_limit;
    uint32_t move_limit_plies;
    uint32_t bare_kings_draw; /* 0 or 1 */
    uint32_t counter_limit;   /* largest per-side counter (n-check: 3); 0: none kept */
    uint32_t pockets;         /* 1: pieces in hand, promoted marks and drops */
} Chess4dVariant;

/* One piece kind (12 bytes). */
typedef struct Chess4dPiece {
    uint32_t letter; /* uppercase ASCII letter */
    int32_t value;   /* centipawns */
    uint32_t flags;  /* CHESS4D_PIECE_ROYAL | CHESS4D_PIECE_PAWN */
} Chess4dPiece;

typedef struct Chess4dPluginTable {
    uint32_t abi_version; /* CHESS4D_ABI_VERSION; never moves */
    uint32_t size;        /* sizeof(Chess4dPluginTable); never moves */

    /* required */
    uint32_t (*variant_info)(Chess4dVariant *out, Chess4dBuf *err);
    uint32_t (*piece_info)(uint32_t kind, Chess4dPiece *out, Chess4dBuf *err);
    uint32_t (*text)(uint32_t key, uint32_t index, Chess4dBuf *out, Chess4dBuf *err);
    uint32_t (*start_position)(Chess4dPositionOut *out, Chess4dBuf *err);
    uint32_t (*legal_moves)(const Chess4dPosition *pos, Chess4dMove *out, uint32_t cap,
                            uint32_t *count, Chess4dBuf *err);
    /* The squares the move changes (at most CHESS4D_MAX_CHANGES, applied in order, each
     * with its promoted mark), the state after it and the count in hand it changes. */
    uint32_t (*apply_move)(const Chess4dPosition *pos, const Chess4dMove *mv,
                           Chess4dSquareChange *changes, uint32_t cap, uint32_t *count,
                           Chess4dAfter *after, Chess4dBuf *err);
    uint32_t (*is_attacked)(const Chess4dPosition *pos, uint32_t square, uint32_t by,
                            uint32_t *result, Chess4dBuf *err);

    /* optional (NULL: host default) */
    uint32_t (*attackers)(const Chess4dPosition *pos, uint32_t square, uint32_t by,
                          uint16_t *out, uint32_t cap, uint32_t *count, Chess4dBuf *err);
    uint32_t (*status)(const Chess4dPosition *pos, uint32_t *out, Chess4dBuf *err);
    uint32_t (*format_move)(const Chess4dPosition *pos, const Chess4dMove *mv, Chess4dBuf *out,
                            Chess4dBuf *err);
    /* The returned move must be one of legal_moves' moves. */
    uint32_t (*parse_move)(const Chess4dPosition *pos, const char *text, uint32_t len,
                           Chess4dMove *out, Chess4dBuf *err);
    uint32_t (*describe_move)(const Chess4dPosition *pos, const Chess4dMove *mv,
                              Chess4dBuf *out, Chess4dBuf *err);
    uint32_t (*move_path)(const Chess4dPosition *pos, const Chess4dMove *mv, uint16_t *out,
                          uint32_t cap, uint32_t *count, Chess4dBuf *err);
    uint32_t (*parse_position)(const char *text, uint32_t len, Chess4dPositionOut *out,
                               Chess4dBuf *err);
    uint32_t (*format_position)(const Chess4dPosition *pos, Chess4dBuf *out, Chess4dBuf *err);
} Chess4dPluginTable;

typedef const Chess4dPluginTable *(*Chess4dEntryFn)(void);

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(Chess4dMove) == 12, "Chess4dMove layout");
_Static_assert(sizeof(Chess4dSquareChange) == 4, "Chess4dSquareChange layout");
_Static_assert(sizeof(Chess4dHandChange) == 4, "Chess4dHandChange layout");
_Static_assert(sizeof(Chess4dState) == 24, "Chess4dState layout");
_Static_assert(sizeof(Chess4dAfter) == 28, "Chess4dAfter layout");
_Static_assert(sizeof(Chess4dPosition) == (sizeof(void *) == 8 ? 56 : 40), "Chess4dPosition layout");
_Static_assert(sizeof(Chess4dBuf) == sizeof(void *) + 8, "Chess4dBuf layout");
_Static_assert(sizeof(Chess4dVariant) == 40, "Chess4dVariant layout");
_Static_assert(sizeof(Chess4dPiece) == 12, "Chess4dPiece layout");
_Static_assert(sizeof(Chess4dPluginTable) == 8 + 15 * sizeof(void *), "table layout");
#endif

#ifdef __cplusplus
}
#endif

#endif /* CHESS4D_PLUGIN_H */
