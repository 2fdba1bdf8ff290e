#!/usr/bin/env python3
"""A second, independent reference for 4D chess: a deliberately plain move generator.

Written from `shared/spec/chess4d-rules.md` alone (not from chess4d's Rust code), so that
a wrong rule in chess4d shows up as a disagreement rather than being copied. Both sets of
the spec (`full`, `classic`) share one set of movement rules; only the start differs.

The rules, as the spec states them (board 4 x 4 x 2 x 2, axes X Y Z W):

* Rook: change exactly one coordinate, any distance (sliding).
* Bishop: change exactly two coordinates by equal distances (sliding).
* Queen: change any non-empty set of coordinates, all by the same distance (sliding).
* King: change any non-empty set of coordinates by one step.
* Knight: one coordinate by two (X or Y) and one other coordinate (any axis) by one; jumps.
* Pawn: one empty square forward along Y; captures one Y step forward plus exactly one
  step along X, Z or W. White goes toward rank 4, Black toward rank 1. On the last rank it
  becomes a queen, rook, bishop or knight. No double step, no en passant, no castling.
* A move that leaves one's own king attacked is illegal; the king is never captured.

Perft counts the leaves of the legal move tree. Draws (bare kings, the 100-ply clock,
repetition) end a game, not move generation; perft ignores them, as chess4d's and
Fairy-Stockfish's perft do.

Usage:
  python3 scripts/ref4d.py --regenerate        # writes tests/perft/4d-random.perft
  python3 scripts/ref4d.py --check-start [--depth 3] [--chess4d target/debug/chess4d]
  python3 scripts/ref4d.py --perft FEN --depth N [--divide]
  python3 scripts/ref4d.py --compare [--chess4d BIN] [--depth N]   # data file vs chess4d
"""

import argparse
import os
import random
import subprocess
import sys
import time

NX, NY, NZ, NW = 4, 4, 2, 2
SIZE = NX * NY * NZ * NW
WHITE, BLACK = 0, 1
PROMOTIONS = "qrbn"

STARTS = {
    "full": "4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbq/pppp/4/4|kbnr/pppp/4/4 w - - 0 1",
    "classic": "4/4/PPPP/RQKR|4/4/4/1BN1|rqkr/pppp/4/4|1bn1/4/4/4 w - - 0 1",
}
# The spec's own check figures (perft 1, 2, 3 of each start).
SPEC_FIGURES = {"full": [48, 2116, 103750], "classic": [50, 2341, 118857]}

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DATA_FILE = os.path.join(ROOT, "tests", "perft", "4d-random.perft")


# ---------------------------------------------------------------- squares and tables


def index(x, y, z, w):
    return x + NX * (y + NY * (z + NZ * w))


def coords(sq):
    return sq % NX, (sq // NX) % NY, (sq // (NX * NY)) % NZ, sq // (NX * NY * NZ)


def on_board(x, y, z, w):
    return 0 <= x < NX and 0 <= y < NY and 0 <= z < NZ and 0 <= w < NW


def name(sq):
    x, y, z, w = coords(sq)
    return "%s%d[%d,%d]" % ("abcd"[x], y + 1, z, w)


def all_directions():
    """Every non-zero vector in {-1, 0, 1}^4: a queen's (and king's) directions."""
    dirs = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            for dz in (-1, 0, 1):
                for dw in (-1, 0, 1):
                    if (dx, dy, dz, dw) != (0, 0, 0, 0):
                        dirs.append((dx, dy, dz, dw))
    return dirs


def build_rays():
    """RAYS[sq] = list of (number of axes changed, squares along the ray, nearest first)."""
    rays = []
    for sq in range(SIZE):
        x, y, z, w = coords(sq)
        mine = []
        for d in all_directions():
            path = []
            k = 1
            while on_board(x + k * d[0], y + k * d[1], z + k * d[2], w + k * d[3]):
                path.append(index(x + k * d[0], y + k * d[1], z + k * d[2], w + k * d[3]))
                k += 1
            if path:
                mine.append((sum(1 for c in d if c != 0), path))
        rays.append(mine)
    return rays


def build_knight():
    """One coordinate by two (X or Y only: Z and W have two positions), another by one."""
    table = []
    for sq in range(SIZE):
        c = coords(sq)
        targets = set()
        for long_axis in (0, 1):
            for short_axis in range(4):
                if short_axis == long_axis:
                    continue
                for s1 in (-2, 2):
                    for s2 in (-1, 1):
                        t = list(c)
                        t[long_axis] += s1
                        t[short_axis] += s2
                        if on_board(*t):
                            targets.add(index(*t))
        table.append(sorted(targets))
    return table


def build_king():
    table = []
    for sq in range(SIZE):
        x, y, z, w = coords(sq)
        table.append(
            [
                index(x + d[0], y + d[1], z + d[2], w + d[3])
                for d in all_directions()
                if on_board(x + d[0], y + d[1], z + d[2], w + d[3])
            ]
        )
    return table


def forward(color):
    return 1 if color == WHITE else -1


def build_pawn_captures():
    """PAWN_CAPS[color][sq]: one Y step forward plus exactly one step along X, Z or W."""
    table = [[], []]
    for color in (WHITE, BLACK):
        for sq in range(SIZE):
            c = coords(sq)
            targets = []
            for axis in (0, 2, 3):
                for s in (-1, 1):
                    t = list(c)
                    t[1] += forward(color)
                    t[axis] += s
                    if on_board(*t):
                        targets.append(index(*t))
            table[color].append(targets)
    return table


def build_pawn_pushes():
    table = [[], []]
    for color in (WHITE, BLACK):
        for sq in range(SIZE):
            x, y, z, w = coords(sq)
            y2 = y + forward(color)
            table[color].append(index(x, y2, z, w) if 0 <= y2 < NY else None)
    return table


RAYS = build_rays()
KNIGHT = build_knight()
KING = build_king()
PAWN_CAPS = build_pawn_captures()
PAWN_PUSH = build_pawn_pushes()
# PAWN_FROM[color][sq]: squares from which a pawn of `color` would capture on sq.
PAWN_FROM = [[[] for _ in range(SIZE)] for _ in (WHITE, BLACK)]
for _c in (WHITE, BLACK):
    for _sq in range(SIZE):
        for _t in PAWN_CAPS[_c][_sq]:
            PAWN_FROM[_c][_t].append(_sq)


# ---------------------------------------------------------------- positions


def color_of(piece):
    return WHITE if piece.isupper() else BLACK


def last_rank(color):
    return NY - 1 if color == WHITE else 0


class Position:
    def __init__(self, board, side, halfmove=0, fullmove=1):
        self.board = board  # list of SIZE entries: a piece letter or None
        self.side = side
        self.halfmove = halfmove
        self.fullmove = fullmove

    def copy(self):
        return Position(list(self.board), self.side, self.halfmove, self.fullmove)


def parse_fen(fen):
    fields = fen.split()
    if len(fields) != 6:
        raise ValueError("a 4D FEN has six fields: %r" % fen)
    boards = fields[0].split("|")
    if len(boards) != NZ * NW:
        raise ValueError("four boards expected, separated by |: %r" % fields[0])
    board = [None] * SIZE
    for b, text in enumerate(boards):
        z, w = b % NZ, b // NZ
        ranks = text.split("/")
        if len(ranks) != NY:
            raise ValueError("four ranks expected on board %d: %r" % (b, text))
        for r, rank in enumerate(ranks):
            y = NY - 1 - r
            x = 0
            digits = ""
            for ch in rank + " ":
                if ch.isdigit():
                    digits += ch
                    continue
                if digits:
                    x += int(digits)
                    digits = ""
                if ch == " ":
                    break
                if ch.upper() not in "KQRBNP" or x >= NX:
                    raise ValueError("bad rank %r" % rank)
                board[index(x, y, z, w)] = ch
                x += 1
            if x != NX:
                raise ValueError("rank %r is not four squares" % rank)
    if fields[1] not in ("w", "b") or fields[2] != "-" or fields[3] != "-":
        raise ValueError("side must be w/b, castling and en passant '-': %r" % fen)
    return Position(board, WHITE if fields[1] == "w" else BLACK, int(fields[4]), int(fields[5]))


def format_fen(pos):
    boards = []
    for w in range(NW):
        for z in range(NZ):
            ranks = []
            for y in reversed(range(NY)):
                text, empty = "", 0
                for x in range(NX):
                    p = pos.board[index(x, y, z, w)]
                    if p is None:
                        empty += 1
                    else:
                        if empty:
                            text += str(empty)
                            empty = 0
                        text += p
                if empty:
                    text += str(empty)
                ranks.append(text)
            boards.append("/".join(ranks))
    return "%s %s - - %d %d" % (
        "|".join(boards),
        "w" if pos.side == WHITE else "b",
        pos.halfmove,
        pos.fullmove,
    )


# ---------------------------------------------------------------- attacks and moves


def attacked(board, sq, by):
    """Is `sq` attacked by a piece of colour `by`?"""
    king, knight, pawn = ("K", "N", "P") if by == WHITE else ("k", "n", "p")
    queen, rook, bishop = ("Q", "R", "B") if by == WHITE else ("q", "r", "b")
    for t in KNIGHT[sq]:
        if board[t] == knight:
            return True
    for t in KING[sq]:
        if board[t] == king:
            return True
    for t in PAWN_FROM[by][sq]:
        if board[t] == pawn:
            return True
    for axes, path in RAYS[sq]:
        for t in path:
            p = board[t]
            if p is None:
                continue
            if p == queen or (axes == 1 and p == rook) or (axes == 2 and p == bishop):
                return True
            break
    return False


def king_square(board, color):
    k = "K" if color == WHITE else "k"
    return board.index(k) if k in board else None


def in_check(pos):
    k = king_square(pos.board, pos.side)
    return k is not None and attacked(pos.board, k, 1 - pos.side)


def pseudo_moves(pos):
    """Moves by the rules of movement alone: (from, to, promotion letter or None)."""
    board, side = pos.board, pos.side
    moves = []
    for sq in range(SIZE):
        p = board[sq]
        if p is None or color_of(p) != side:
            continue
        kind = p.upper()
        if kind == "P":
            to = PAWN_PUSH[side][sq]
            targets = []
            if to is not None and board[to] is None:
                targets.append(to)
            for to in PAWN_CAPS[side][sq]:
                q = board[to]
                if q is not None and color_of(q) != side:
                    targets.append(to)
            for to in targets:
                if coords(to)[1] == last_rank(side):
                    moves.extend((sq, to, promo) for promo in PROMOTIONS)
                else:
                    moves.append((sq, to, None))
        elif kind in "NK":
            for to in (KNIGHT if kind == "N" else KING)[sq]:
                q = board[to]
                if q is None or color_of(q) != side:
                    moves.append((sq, to, None))
        else:
            for axes, path in RAYS[sq]:
                if kind == "R" and axes != 1 or kind == "B" and axes != 2:
                    continue
                for to in path:
                    q = board[to]
                    if q is None:
                        moves.append((sq, to, None))
                        continue
                    if color_of(q) != side:
                        moves.append((sq, to, None))
                    break
    return moves


def make(pos, move):
    """Plays `move`; returns what unmake needs."""
    frm, to, promo = move
    board = pos.board
    piece, captured = board[frm], board[to]
    undo = (frm, to, piece, captured, pos.halfmove, pos.fullmove)
    board[to] = piece if promo is None else (promo.upper() if pos.side == WHITE else promo)
    board[frm] = None
    pos.halfmove = 0 if captured is not None or piece.upper() == "P" else pos.halfmove + 1
    if pos.side == BLACK:
        pos.fullmove += 1
    pos.side = 1 - pos.side
    return undo


def unmake(pos, undo):
    frm, to, piece, captured, halfmove, fullmove = undo
    pos.board[frm] = piece
    pos.board[to] = captured
    pos.halfmove, pos.fullmove = halfmove, fullmove
    pos.side = 1 - pos.side


def legal_moves(pos):
    mover = pos.side
    result = []
    for m in pseudo_moves(pos):
        undo = make(pos, m)
        k = king_square(pos.board, mover)
        if k is None or not attacked(pos.board, k, 1 - mover):
            result.append(m)
        unmake(pos, undo)
    return result


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        undo = make(pos, m)
        total += perft(pos, depth - 1)
        unmake(pos, undo)
    return total


def move_text(move):
    frm, to, promo = move
    return name(frm) + name(to) + (promo or "")


def divide(pos, depth):
    out = []
    for m in legal_moves(pos):
        undo = make(pos, m)
        out.append((move_text(m), perft(pos, depth - 1)))
        unmake(pos, undo)
    return out


# ---------------------------------------------------------------- random positions
#
# Deterministic from one seed: only `Random.random()` is used (its sequence for an integer
# seed is stable across Python versions), and moves are listed in a fixed order.

SEED = 4004
# How many positions of each set the data file holds, and the least share of each kind.
WANT = {"full": 125, "classic": 85}
MIN_SHARE = {"check": 0.25, "promotion": 0.25, "black": 0.35, "white": 0.35}
# Positions with no legal move (mate, stalemate) count 0 at every depth: a few are enough.
MAX_ENDED = 0.05


class Rng:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def below(self, n):
        return min(int(self.r.random() * n), n - 1)

    def pick(self, items):
        return items[self.below(len(items))]


def promotion_pending(pos):
    """The side to move has a pawn one step from its last rank."""
    pawn = "P" if pos.side == WHITE else "p"
    y = last_rank(pos.side) - forward(pos.side)
    return any(pos.board[sq] == pawn and coords(sq)[1] == y for sq in range(SIZE))


def check_across_w(pos):
    """The side to move is in check from a piece on the other W layer."""
    k = king_square(pos.board, pos.side)
    if k is None:
        return False
    kw = coords(k)[3]
    attackers = [
        sq
        for sq in range(SIZE)
        if pos.board[sq] is not None
        and color_of(pos.board[sq]) != pos.side
        and coords(sq)[3] != kw
    ]
    return any(attacked_by_piece(pos.board, sq, k) for sq in attackers)


def attacked_by_piece(board, frm, target):
    """Does the piece on `frm` attack `target` on this board?"""
    piece = board[frm]
    color = color_of(piece)
    kind = piece.upper()
    if kind == "P":
        return target in PAWN_CAPS[color][frm]
    if kind == "N":
        return target in KNIGHT[frm]
    if kind == "K":
        return target in KING[frm]
    for axes, path in RAYS[frm]:
        if kind == "R" and axes != 1 or kind == "B" and axes != 2:
            continue
        for t in path:
            if t == target:
                return True
            if board[t] is not None:
                break
    return False


def valid(pos):
    """One king a side, pawns off both back ranks, the side not to move not in check."""
    if pos.board.count("K") != 1 or pos.board.count("k") != 1:
        return False
    for sq in range(SIZE):
        if pos.board[sq] in ("P", "p") and coords(sq)[1] in (0, NY - 1):
            return False
    other = 1 - pos.side
    return not attacked(pos.board, king_square(pos.board, other), pos.side)


def playout(rng, variant):
    pos = parse_fen(STARTS[variant])
    plies = 2 + rng.below(45)
    for _ in range(plies):
        moves = legal_moves(pos)
        if not moves:
            break
        make(pos, rng.pick(moves))
    return pos


def place(rng, board, piece, allowed=None):
    """Puts `piece` on a random empty square (one of `allowed` if given); False if none."""
    squares = [
        sq for sq in (allowed if allowed is not None else range(SIZE)) if board[sq] is None
    ]
    if piece in ("P", "p"):
        squares = [sq for sq in squares if coords(sq)[1] not in (0, NY - 1)]
    if not squares:
        return False
    board[rng.pick(squares)] = piece
    return True


def sprinkle(rng, board, count):
    """Adds `count` random non-king pieces of either colour."""
    for _ in range(count):
        piece = rng.pick("QRRBBNNPPPP")
        place(rng, board, piece if rng.below(2) == 0 else piece.lower())


def constructed_check_across_w(rng):
    """The side to move's king attacked from the other W layer (any attacker kind)."""
    side = rng.pick([WHITE, BLACK])
    board = [None] * SIZE
    k = rng.below(SIZE)
    board[k] = "K" if side == WHITE else "k"
    kw = coords(k)[3]
    kind = rng.pick("QRBNPQRB")
    enemy = kind.lower() if side == WHITE else kind
    other_layer = [sq for sq in range(SIZE) if coords(sq)[3] != kw]
    board_probe = [None] * SIZE
    board_probe[k] = board[k]
    sources = []
    for sq in other_layer:
        board_probe[sq] = enemy
        if attacked_by_piece(board_probe, sq, k) and not (
            kind == "P" and coords(sq)[1] in (0, NY - 1)
        ):
            sources.append(sq)
        board_probe[sq] = None
    if not sources:
        return None
    board[rng.pick(sources)] = enemy
    place(rng, board, "k" if side == WHITE else "K")
    sprinkle(rng, board, 2 + rng.below(9))
    return Position(board, side, 0, 1 + rng.below(40))


def constructed_promotion(rng):
    """Pawns of the side to move one step from promotion, pieces to take on the last rank."""
    side = rng.pick([WHITE, BLACK])
    board = [None] * SIZE
    place(rng, board, "K")
    place(rng, board, "k")
    pawn = "P" if side == WHITE else "p"
    near = [sq for sq in range(SIZE) if coords(sq)[1] == last_rank(side) - forward(side)]
    last = [sq for sq in range(SIZE) if coords(sq)[1] == last_rank(side)]
    for _ in range(1 + rng.below(3)):
        place(rng, board, pawn, near)
    for _ in range(1 + rng.below(4)):
        piece = rng.pick("QRBN")
        place(rng, board, piece.lower() if side == WHITE else piece, last)
    sprinkle(rng, board, 1 + rng.below(7))
    return Position(board, side, 0, 1 + rng.below(40))


def kinds(pos):
    found = ["white" if pos.side == WHITE else "black"]
    if in_check(pos):
        found.append("check")
        if check_across_w(pos):
            found.append("check-across-w")
    if promotion_pending(pos):
        found.append("promotion")
    if not legal_moves(pos):
        found.append("mate" if in_check(pos) else "stalemate")
    return found


def candidates(rng, variant, count):
    """A pool of valid positions: playouts of the set, then constructed boards."""
    pool, seen = [], set()
    tries = 0
    while len(pool) < count and tries < 50 * count:
        tries += 1
        roll = rng.below(10)
        if roll < 6:
            pos = playout(rng, variant)
        elif roll < 8:
            pos = constructed_check_across_w(rng)
        else:
            pos = constructed_promotion(rng)
        if pos is None or not valid(pos):
            continue
        fen = format_fen(pos)
        if fen in seen or fen == STARTS[variant]:
            continue
        seen.add(fen)
        pool.append((fen, kinds(pos)))
    return pool


def choose(pool, want):
    """Takes `want` positions from the pool, first filling each kind's least share."""
    ended = [i for i, (_, k) in enumerate(pool) if "mate" in k or "stalemate" in k]
    # The ended positions past the cap are never taken.
    used = set(ended[int(MAX_ENDED * want) :])
    chosen = []
    for kind, share in MIN_SHARE.items():
        need = int(share * want + 0.999)
        have = sum(1 for _, k in chosen if kind in k)
        for i, (fen, k) in enumerate(pool):
            if have >= need:
                break
            if i not in used and kind in k:
                chosen.append((fen, k))
                used.add(i)
                have += 1
    for i, entry in enumerate(pool):
        if len(chosen) >= want:
            break
        if i not in used:
            chosen.append(entry)
            used.add(i)
    return chosen[:want]


def positions(seed=SEED):
    """[(id, variant, fen, kinds)] in file order."""
    rng = Rng(seed)
    out = []
    for variant, want in WANT.items():
        pool = candidates(rng, variant, 4 * want)
        for n, (fen, k) in enumerate(choose(pool, want)):
            out.append(("%s-random%03d" % (variant, n + 1), variant, fen, k))
    return out


# ---------------------------------------------------------------- the data file

DEPTHS = (1, 2, 3)
HEADER = """\
# Random 4D positions (both sets) with perft from an independent reference:
# scripts/ref4d.py, a plain move generator written from shared/spec/chess4d-rules.md alone.
# Seeded playouts of the full and classic sets, plus constructed boards with checks across
# W and pawns one step from promotion. Regenerate: python3 scripts/ref4d.py --regenerate
# Checked by crates/variants/tests/perft_4d_random.rs. Do not edit.
"""


def case_text(ident, variant, fen, k, counts):
    lines = ["# %s" % ", ".join(k), "id " + ident, "variant " + variant, "fen " + fen]
    lines += ["perft %d %d" % (d, n) for d, n in zip(DEPTHS, counts)]
    return "\n".join(lines) + "\n"


def counts_of(fen):
    pos = parse_fen(fen)
    return [perft(pos, d) for d in DEPTHS]


def regenerate(path):
    started = time.time()
    cases = positions()
    parts = [HEADER]
    for n, (ident, variant, fen, k) in enumerate(cases):
        parts.append("\n" + case_text(ident, variant, fen, k, counts_of(fen)))
        if (n + 1) % 20 == 0:
            print("%d/%d positions, %.0f s" % (n + 1, len(cases), time.time() - started))
    with open(path, "w") as f:
        f.write("".join(parts))
    tally = {}
    for _, _, _, k in cases:
        for kind in k:
            tally[kind] = tally.get(kind, 0) + 1
    print("wrote %d positions to %s in %.1f s" % (len(cases), path, time.time() - started))
    print("kinds: " + ", ".join("%s %d" % kv for kv in sorted(tally.items())))


def read_cases(path):
    cases = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, _, value = line.partition(" ")
            if key == "id":
                cases.append({"id": value, "perft": {}})
            elif key in ("variant", "fen"):
                cases[-1][key] = value
            elif key == "perft":
                d, n = value.split()
                cases[-1]["perft"][int(d)] = int(n)
    return cases


def verify(path, count):
    """Regenerates `count` cases spread over the file (the first and the last among them:
    the last depends on every draw of the seed) and compares them with the file's text."""
    with open(path) as f:
        committed = f.read()
    every = positions()
    picks = sorted({(len(every) - 1) * i // max(count - 1, 1) for i in range(count)})
    cases = [every[i] for i in picks]
    count = len(cases)
    bad = 0
    for ident, variant, fen, k in cases:
        text = case_text(ident, variant, fen, k, counts_of(fen))
        if text not in committed:
            print("differs from a fresh run:\n" + text)
            bad += 1
    print("%d of %d cases as the script writes them" % (count - bad, count))
    return bad == 0


# ---------------------------------------------------------------- chess4d comparisons


def chess4d_perft(binary, variant, fen, depth, split=False):
    args = [binary, "perft", "--variant", variant, "--depth", str(depth)]
    if fen is not None:
        args += ["--fen", fen]
    if split:
        args.append("--divide")
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    lines = out.strip().splitlines()
    if not split:
        return int(lines[-1].split()[-1].replace(",", ""))
    moves = {}
    for line in lines:
        if ":" in line:
            m, n = line.split(":")
            moves[m.strip()] = int(n)
    return moves


def check_start(binary, depth):
    ok = True
    for variant, fen in STARTS.items():
        for d in range(1, depth + 1):
            started = time.time()
            mine = perft(parse_fen(fen), d)
            theirs = chess4d_perft(binary, variant, None, d)
            spec = SPEC_FIGURES[variant][d - 1] if d <= 3 else None
            agree = mine == theirs and (spec is None or spec == mine)
            ok &= agree
            print(
                "%-8s perft(%d): reference %d, chess4d %d%s  %s (%.1f s)"
                % (variant, d, mine, theirs, "" if spec is None else ", spec %d" % spec,
                   "ok" if agree else "DISAGREE", time.time() - started)
            )
    return ok


def compare(binary, path, depth):
    """chess4d's perft on every case of the data file; divides the first disagreement."""
    bad = 0
    for case in read_cases(path):
        for d, n in sorted(case["perft"].items()):
            if d > depth:
                continue
            theirs = chess4d_perft(binary, case["variant"], case["fen"], d)
            if theirs != n:
                bad += 1
                print("%s perft(%d): reference %d, chess4d %d; fen %s"
                      % (case["id"], d, n, theirs, case["fen"]))
                show_divide(binary, case["variant"], case["fen"], d)
                break
    print("%d disagreement(s)" % bad)
    return bad == 0


def show_divide(binary, variant, fen, depth):
    mine = dict(divide(parse_fen(fen), depth))
    theirs = chess4d_perft(binary, variant, fen, depth, split=True)
    for m in sorted(set(mine) | set(theirs)):
        if mine.get(m) != theirs.get(m):
            print("  %s: reference %s, chess4d %s" % (m, mine.get(m), theirs.get(m)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--regenerate", action="store_true", help="write " + DATA_FILE)
    ap.add_argument("--verify", type=int, metavar="N",
                    help="regenerate N cases spread over the file and compare them")
    ap.add_argument("--check-start", action="store_true",
                    help="compare both start positions with chess4d's perft")
    ap.add_argument("--compare", action="store_true",
                    help="compare every case of the file with chess4d's perft")
    ap.add_argument("--perft", metavar="FEN")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--out", default=DATA_FILE)
    ap.add_argument("--chess4d", default=os.path.join(ROOT, "target", "debug", "chess4d"))
    args = ap.parse_args()
    if args.regenerate:
        regenerate(args.out)
    elif args.verify:
        sys.exit(0 if verify(args.out, args.verify) else 1)
    elif args.check_start:
        sys.exit(0 if check_start(args.chess4d, args.depth) else 1)
    elif args.compare:
        sys.exit(0 if compare(args.chess4d, args.out, args.depth) else 1)
    elif args.perft:
        pos = parse_fen(args.perft)
        if args.divide:
            split = divide(pos, args.depth)
            for m, n in split:
                print("%s: %d" % (m, n))
            print(sum(n for _, n in split))
        else:
            print(perft(pos, args.depth))
    else:
        ap.print_help()


if __name__ == "__main__":
    main()
