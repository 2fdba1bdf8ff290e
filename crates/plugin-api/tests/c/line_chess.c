/*
 * 1-D chess (Martin Gardner's "one-dimensional chess") as a chess4d rule plugin in C.
 *
 * Board: 8 squares in a line, a..h (one axis: squares are bare file letters). Start: K N R . . r n k. The king steps one
 * square, the knight jumps exactly two (over anything), the rook slides. No move may
 * leave one's own king attacked. Only the required functions are given: the host
 * supplies notation, position strings and status.
 *
 * With -DDROPS it is line crazyhouse: a captured knight or rook goes to the captor's hand
 * and may be dropped on any empty square instead of a move (ABI version 2's pockets).
 * With -DCHECKS it is line three-check: each side's counter is the checks it has left to
 * give, and the game is over (no moves) when one reaches 0.
 *
 * The tests compile this file several times with a FAULT_* macro to make a plugin that
 * breaks one promise of the ABI, and check that the host notices.
 */
#include "chess4d_plugin.h"
#include <string.h>

#define N 8
enum { KING = 0, KNIGHT = 1, ROOK = 2, KINDS = 3 };

static uint8_t code(int kind, int side) { return (uint8_t)(1 + kind * 2 + side); }
static int kind_of(uint8_t c) { return (c - 1) / 2; }
static int side_of(uint8_t c) { return (c - 1) % 2; }

static uint32_t put_text(Chess4dBuf *out, const char *s) {
    uint32_t len = (uint32_t)strlen(s);
    out->len = len;
    if (len > out->cap) return CHESS4D_STATUS_BUFFER_TOO_SMALL;
    memcpy(out->ptr, s, len);
    return CHESS4D_STATUS_OK;
}

static void put_message(Chess4dBuf *err, const char *s) {
    if (!err || !err->ptr) return;
    uint32_t len = (uint32_t)strlen(s);
    if (len > err->cap) len = err->cap;
    memcpy(err->ptr, s, len);
    err->len = len;
}

static uint32_t variant_info(Chess4dVariant *out, Chess4dBuf *err) {
    (void)err;
    memset(out, 0, sizeof *out);
    out->axes = 1;
    out->sizes[0] = N;
    out->sizes[1] = out->sizes[2] = out->sizes[3] = 1;
    out->piece_count = KINDS;
    out->repetition_limit = 3;
    out->move_limit_plies = 100;
    out->bare_kings_draw = 1;
#ifdef DROPS
    out->pockets = 1;
    out->bare_kings_draw = 0; /* a bare king may still hold pieces in hand */
#endif
#ifdef CHECKS
    out->counter_limit = 3;
#endif
#ifdef FAULT_POCKETS_TWO
    out->pockets = 2;
#endif
    return CHESS4D_STATUS_OK;
}

static uint32_t piece_info(uint32_t kind, Chess4dPiece *out, Chess4dBuf *err) {
    static const char letters[KINDS] = {'K', 'N', 'R'};
    static const int32_t values[KINDS] = {0, 300, 500};
    if (kind >= KINDS) {
        put_message(err, "no such piece kind");
        return CHESS4D_STATUS_BAD_ARGUMENT;
    }
    out->letter = (uint32_t)letters[kind];
    out->value = values[kind];
    out->flags = kind == KING ? CHESS4D_PIECE_ROYAL : 0;
    return CHESS4D_STATUS_OK;
}

static uint32_t text(uint32_t key, uint32_t index, Chess4dBuf *out, Chess4dBuf *err) {
    static const char *names[KINDS] = {"king", "knight", "rook"};
    switch (key) {
    case CHESS4D_TEXT_NAME: return put_text(out, "line");
#ifdef FAULT_BAD_TEXT
    case CHESS4D_TEXT_TITLE: return put_text(out, "1-D \xff\xfe chess"); /* not UTF-8 */
#else
    case CHESS4D_TEXT_TITLE: return put_text(out, "1-D chess");
#endif
    case CHESS4D_TEXT_DESCRIPTION:
        return put_text(out, "Gardner's one-dimensional chess: king, knight and rook on a line of eight squares.");
    case CHESS4D_TEXT_CASTLING_LETTERS: return put_text(out, "");
    case CHESS4D_TEXT_PIECE_NAME:
        if (index < KINDS) return put_text(out, names[index]);
        put_message(err, "no such piece kind");
        return CHESS4D_STATUS_BAD_ARGUMENT;
    default: return CHESS4D_STATUS_UNSUPPORTED;
    }
}

static uint32_t start_position(Chess4dPositionOut *out, Chess4dBuf *err) {
    if (out->board_len != N) {
        put_message(err, "the board must have 8 squares");
        return CHESS4D_STATUS_BAD_ARGUMENT;
    }
    memset(out->board, 0, N);
    out->board[0] = code(KING, 0);
    out->board[1] = code(KNIGHT, 0);
    out->board[2] = code(ROOK, 0);
    out->board[5] = code(ROOK, 1);
    out->board[6] = code(KNIGHT, 1);
    out->board[7] = code(KING, 1);
#ifdef FAULT_BAD_START
    out->board[3] = 77;
#endif
    out->state.side = 0;
    out->state.castling = 0;
    out->state.en_passant = CHESS4D_NO_SQUARE;
    out->state.halfmove_clock = 0;
    out->state.fullmove_number = 1;
    out->state.counters[0] = out->state.counters[1] = 0;
#ifdef CHECKS
    out->state.counters[0] = out->state.counters[1] = 3;
#endif
#ifdef FAULT_HAND_RANGE
    /* More knights in hand than the board has squares. */
    if (out->hands) out->hands[KNIGHT] = 9;
#endif
    return CHESS4D_STATUS_OK;
}

/* Whether a piece of `by` attacks square `sq` on `b`. */
static int attacked(const uint8_t *b, int sq, int by) {
    for (int d = -1; d <= 1; d += 2) {
        int k = sq + d;
        if (k >= 0 && k < N && b[k] == code(KING, by)) return 1;
        int n = sq + 2 * d;
        if (n >= 0 && n < N && b[n] == code(KNIGHT, by)) return 1;
        for (int s = sq + d; s >= 0 && s < N; s += d) {
            if (b[s] == 0) continue;
            if (b[s] == code(ROOK, by)) return 1;
            break;
        }
    }
    return 0;
}

static int king_square(const uint8_t *b, int side) {
    for (int s = 0; s < N; s++)
        if (b[s] == code(KING, side)) return s;
    return -1;
}

/* Adds the move from -> to if it is on the board, not onto an own piece, and safe. */
static void try_move(const uint8_t *b, int side, int from, int to, Chess4dMove *list, uint32_t *n) {
    if (to < 0 || to >= N) return;
    if (b[to] && side_of(b[to]) == side) return;
    uint8_t after[N];
    memcpy(after, b, N);
    after[to] = after[from];
    after[from] = 0;
    int k = king_square(after, side);
    if (k >= 0 && attacked(after, k, 1 - side)) return;
    Chess4dMove m = {(uint16_t)from, (uint16_t)to, CHESS4D_NO_SQUARE, CHESS4D_NO_SQUARE,
                     CHESS4D_NO_SQUARE, CHESS4D_NO_PROMOTION, 0};
    list[(*n)++] = m;
}

/* Adds the drop of `kind` on the empty square `sq` if it leaves the own king safe: a drop
 * is a move from the square to itself whose promotion is the kind dropped. */
static void try_drop(const uint8_t *b, int side, int kind, int sq, Chess4dMove *list, uint32_t *n) {
    uint8_t after[N];
    memcpy(after, b, N);
    after[sq] = code(kind, side);
    int k = king_square(after, side);
    if (k >= 0 && attacked(after, k, 1 - side)) return;
    Chess4dMove m = {(uint16_t)sq, (uint16_t)sq, CHESS4D_NO_SQUARE, CHESS4D_NO_SQUARE,
                     CHESS4D_NO_SQUARE, (uint8_t)kind, 0};
    list[(*n)++] = m;
}

static uint32_t generate(const uint8_t *b, const uint8_t *hands, int side, Chess4dMove *list) {
    uint32_t n = 0;
    if (hands) {
        for (int kind = KNIGHT; kind <= ROOK; kind++) {
            if (!hands[side * CHESS4D_MAX_KINDS + kind]) continue;
            for (int s = 0; s < N; s++)
                if (!b[s]) try_drop(b, side, kind, s, list, &n);
        }
#ifdef FAULT_DROP_NOT_IN_HAND
        /* A rook drop on an empty square although the hand holds none. */
        for (int s = 0; s < N; s++)
            if (!b[s] && !hands[side * CHESS4D_MAX_KINDS + ROOK]) {
                Chess4dMove m = {(uint16_t)s, (uint16_t)s, CHESS4D_NO_SQUARE, CHESS4D_NO_SQUARE,
                                 CHESS4D_NO_SQUARE, ROOK, 0};
                list[n++] = m;
                break;
            }
#endif
    }
    for (int s = 0; s < N; s++) {
        if (!b[s] || side_of(b[s]) != side) continue;
        switch (kind_of(b[s])) {
        case KING: try_move(b, side, s, s - 1, list, &n); try_move(b, side, s, s + 1, list, &n); break;
        case KNIGHT: try_move(b, side, s, s - 2, list, &n); try_move(b, side, s, s + 2, list, &n); break;
        case ROOK:
            for (int d = -1; d <= 1; d += 2)
                for (int t = s + d; t >= 0 && t < N; t += d) {
                    try_move(b, side, s, t, list, &n);
                    if (b[t]) break;
                }
            break;
        }
    }
    return n;
}

static int valid(const Chess4dPosition *pos, Chess4dBuf *err) {
    if (!pos || !pos->board || pos->board_len != N || pos->state.side > 1) {
        put_message(err, "not a 1-D chess position");
        return 0;
    }
    return 1;
}

static uint32_t legal_moves(const Chess4dPosition *pos, Chess4dMove *out, uint32_t cap, uint32_t *count,
                            Chess4dBuf *err) {
    if (!valid(pos, err)) return CHESS4D_STATUS_BAD_ARGUMENT;
    Chess4dMove list[64];
    uint32_t n = 0;
#ifdef CHECKS
    /* The game is over once a side has given its last check. */
    if (pos->state.counters[0] == 0 || pos->state.counters[1] == 0) {
        *count = 0;
        return CHESS4D_STATUS_OK;
    }
#endif
    n = generate(pos->board, pos->hands, (int)pos->state.side, list);
#ifdef FAULT_BAD_SQUARE
    /* A move to a square that does not exist, among the real ones. */
    Chess4dMove bad = {0, 200, CHESS4D_NO_SQUARE, CHESS4D_NO_SQUARE, CHESS4D_NO_SQUARE, CHESS4D_NO_PROMOTION, 0};
    list[n++] = bad;
#endif
    *count = n;
    if (n > cap) return CHESS4D_STATUS_BUFFER_TOO_SMALL;
    memcpy(out, list, n * sizeof *list);
    return CHESS4D_STATUS_OK;
}

static uint32_t apply_move(const Chess4dPosition *pos, const Chess4dMove *mv, Chess4dSquareChange *changes,
                           uint32_t cap, uint32_t *count, Chess4dAfter *after, Chess4dBuf *err) {
    if (!valid(pos, err)) return CHESS4D_STATUS_BAD_ARGUMENT;
    int side = (int)pos->state.side;
    int drop = mv->from == mv->to;
    if (mv->from >= N || mv->to >= N || (!drop && !pos->board[mv->from]) ||
        (drop && (!pos->hands || mv->promotion > ROOK || pos->board[mv->to]))) {
        put_message(err, "not a move of this position");
        return CHESS4D_STATUS_ERROR;
    }
    *count = drop ? 1 : 2;
    if (cap < *count) return CHESS4D_STATUS_BUFFER_TOO_SMALL;
    uint8_t board[N];
    memcpy(board, pos->board, N);
    memset(after, 0, sizeof *after);
    uint8_t captured = drop ? 0 : pos->board[mv->to];
    if (drop) {
        changes[0].square = mv->to;
        changes[0].piece = code(mv->promotion, side);
        changes[0].flags = 0;
        after->hand.side = (uint8_t)side;
        after->hand.kind = mv->promotion;
        after->hand.delta = -1;
    } else {
        changes[0].square = mv->from;
        changes[0].piece = 0;
        changes[0].flags = 0;
        changes[1].square = mv->to;
        changes[1].piece = pos->board[mv->from];
        changes[1].flags = 0;
#ifdef FAULT_APPLY_BAD_PIECE
        changes[1].piece = 99;
#endif
        if (captured && pos->hands) {
            /* line crazyhouse: the captured piece goes to the captor's hand */
            after->hand.side = (uint8_t)side;
            after->hand.kind = (uint8_t)kind_of(captured);
            after->hand.delta = 1;
        }
    }
    for (uint32_t i = 0; i < *count; i++) board[changes[i].square] = changes[i].piece;
#ifdef FAULT_MARK_EMPTIED
    /* Marks the square the mover left as holding a promoted piece. */
    if (!drop) changes[0].flags = CHESS4D_CHANGE_PROMOTED;
#endif
#ifdef FAULT_HAND_WRONG_SIDE
    if (after->hand.delta) after->hand.side = (uint8_t)(1 - side);
#endif
    after->state = pos->state;
    after->state.side = (uint32_t)(1 - side);
    after->state.en_passant = CHESS4D_NO_SQUARE;
    after->state.halfmove_clock = captured ? 0 : pos->state.halfmove_clock + 1;
    if (side == 1) after->state.fullmove_number++;
#ifdef CHECKS
    int their_king = king_square(board, 1 - side);
    if (their_king >= 0 && attacked(board, their_king, side) && after->state.counters[side] > 0)
        after->state.counters[side]--;
#endif
#ifdef FAULT_COUNTER_RANGE
    after->state.counters[side] = 9; /* above the counter limit of 3 */
#endif
    return CHESS4D_STATUS_OK;
}

static uint32_t is_attacked(const Chess4dPosition *pos, uint32_t square, uint32_t by, uint32_t *result,
                            Chess4dBuf *err) {
    if (!valid(pos, err) || square >= N || by > 1) return CHESS4D_STATUS_BAD_ARGUMENT;
    *result = (uint32_t)attacked(pos->board, (int)square, (int)by);
    return CHESS4D_STATUS_OK;
}

#ifdef CHECKS
/* The game ends when a side has given its last check; else as in chess (two bare kings
 * draw). A status function answers for every position: "unsupported" once means never. */
static uint32_t status(const Chess4dPosition *pos, uint32_t *out, Chess4dBuf *err) {
    if (!valid(pos, err)) return CHESS4D_STATUS_BAD_ARGUMENT;
    const uint8_t *b = pos->board;
    int side = (int)pos->state.side, pieces = 0;
    for (int s = 0; s < N; s++) pieces += b[s] != 0;
    Chess4dMove list[64];
    int king = king_square(b, side);
    if (pos->state.counters[0] == 0)
        *out = CHESS4D_GAME_WHITE_WINS | CHESS4D_END_CHECKS << CHESS4D_END_REASON_SHIFT;
    else if (pos->state.counters[1] == 0)
        *out = CHESS4D_GAME_BLACK_WINS | CHESS4D_END_CHECKS << CHESS4D_END_REASON_SHIFT;
    else if (pieces == 2)
        *out = CHESS4D_GAME_INSUFFICIENT_MATERIAL;
    else if (generate(b, pos->hands, side, list) > 0)
        *out = CHESS4D_GAME_ONGOING;
    else if (king >= 0 && attacked(b, king, 1 - side))
        *out = CHESS4D_GAME_CHECKMATE;
    else
        *out = CHESS4D_GAME_STALEMATE;
    return CHESS4D_STATUS_OK;
}
#define STATUS status
#else
#define STATUS NULL
#endif

#ifdef FAULT_NOT_IN_LIST
/* Reads every text as "ah" (king a to h): a move that is never legal at the start. */
static uint32_t parse_move(const Chess4dPosition *pos, const char *s, uint32_t len, Chess4dMove *out,
                           Chess4dBuf *err) {
    (void)pos; (void)s; (void)len; (void)err;
    Chess4dMove m = {0, 7, CHESS4D_NO_SQUARE, CHESS4D_NO_SQUARE, CHESS4D_NO_SQUARE, CHESS4D_NO_PROMOTION, 0};
    *out = m;
    return CHESS4D_STATUS_OK;
}
#define PARSE_MOVE parse_move
#else
#define PARSE_MOVE NULL
#endif

static const Chess4dPluginTable TABLE = {
#if defined(FAULT_ABI_VERSION)
    CHESS4D_ABI_VERSION + 97,
#elif defined(OLD_ABI_VERSION)
    1u, /* built against the header of version 1 (no pockets, no counters) */
#else
    CHESS4D_ABI_VERSION,
#endif
    sizeof(Chess4dPluginTable),
    variant_info,
    piece_info,
    text,
    start_position,
    legal_moves,
    apply_move,
    is_attacked,
    NULL, /* attackers */
    STATUS,
    NULL, /* format_move */
    PARSE_MOVE,
    NULL, /* describe_move */
    NULL, /* move_path */
    NULL, /* parse_position */
    NULL, /* format_position */
};

#ifdef FAULT_NO_ENTRY
const Chess4dPluginTable *not_the_entry(void) { return &TABLE; }
#else
const Chess4dPluginTable *chess4d_plugin_entry(void) { return &TABLE; }
#endif
