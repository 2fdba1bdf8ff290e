#!/usr/bin/env python3
"""An independent count of cylinder chess (variants/cylinder.toml): perft by a plain
move generator written from the rules alone, not from chess4d's code.

Cylinder chess is orthodox chess on an 8x8 board whose a- and h-files are neighbours:
every step that leaves the board sideways comes back on the other side (a rook on a4
reaches h4 one step west; a bishop on a1 reaches h2). A line stops where it meets a
piece, leaves the board at the first or eighth rank, or comes back to where it
started. Castling, en passant, the double step and promotion (Q, R, B, N) are chess's:
castling needs the squares between king and rook (on the first rank, the short way)
empty and the king's start, passage and landing unattacked. A move is its from, to and
promotion: a square reached both ways round is one move.

Usage: scripts/cylinder-perft.py [DEPTH] [FEN]   (default: depth 4, the start)
"""

import sys

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def step(sq, dx, dy):
    """The square dx files and dy ranks away (files wrap), or None off the board."""
    x, y = sq % 8, sq // 8
    y += dy
    if not 0 <= y < 8:
        return None
    return y * 8 + (x + dx) % 8


def color(p):
    return None if p == "." else ("w" if p.isupper() else "b")


class Pos:
    def __init__(self, fen):
        f = fen.split()
        self.board = ["."] * 64
        for r, row in enumerate(f[0].split("/")):
            x = 0
            for c in row:
                if c.isdigit():
                    x += int(c)
                else:
                    self.board[(7 - r) * 8 + x] = c
                    x += 1
        self.side = f[1]
        self.castle = set(f[2]) - {"-"}
        self.ep = None if f[3] == "-" else (int(f[3][1]) - 1) * 8 + ord(f[3][0]) - 97

    def copy(self):
        p = Pos.__new__(Pos)
        p.board = self.board[:]
        p.side, p.castle, p.ep = self.side, set(self.castle), self.ep
        return p


def attacked(b, sq, by):
    """Whether a piece of colour `by` attacks `sq` on board `b`."""
    up = by == "w"
    for dx, dy in KNIGHT:
        t = step(sq, dx, dy)
        if t is not None and b[t] == ("N" if up else "n"):
            return True
    for dx, dy in KING:
        t = step(sq, dx, dy)
        if t is not None and b[t] == ("K" if up else "k"):
            return True
    pawn_dy = -1 if up else 1  # a white pawn attacks from the rank below
    for dx in (-1, 1):
        t = step(sq, dx, pawn_dy)
        if t is not None and b[t] == ("P" if up else "p"):
            return True
    for dirs, kinds in ((ROOK, "RQ"), (BISHOP, "BQ")):
        for dx, dy in dirs:
            t = step(sq, dx, dy)
            while t is not None and t != sq:
                if b[t] != ".":
                    if b[t] in (kinds if up else kinds.lower()):
                        return True
                    break
                t = step(t, dx, dy)
    return False


def pseudo(pos):
    """Moves as (from, to, promotion, kind) with kind in '', 'ep', 'double', 'castle'."""
    b, us = pos.board, pos.side
    out = set()
    for sq in range(64):
        p = b[sq]
        if color(p) != us:
            continue
        k = p.upper()
        if k == "P":
            dy = 1 if us == "w" else -1
            last = 7 if us == "w" else 0
            t = step(sq, 0, dy)
            if t is not None and b[t] == ".":
                for pr in ("QRBN" if t // 8 == last else [""]):
                    out.add((sq, t, pr, ""))
                home = 1 if us == "w" else 6
                t2 = step(t, 0, dy)
                if sq // 8 == home and b[t2] == ".":
                    out.add((sq, t2, "", "double"))
            for dx in (-1, 1):
                t = step(sq, dx, dy)
                if t is None:
                    continue
                if color(b[t]) not in (None, us):
                    for pr in ("QRBN" if t // 8 == last else [""]):
                        out.add((sq, t, pr, ""))
                elif t == pos.ep:
                    out.add((sq, t, "", "ep"))
        elif k in "NK":
            for dx, dy in KNIGHT if k == "N" else KING:
                t = step(sq, dx, dy)
                if t is not None and color(b[t]) != us:
                    out.add((sq, t, "", ""))
        else:
            dirs = {"R": ROOK, "B": BISHOP, "Q": ROOK + BISHOP}[k]
            for dx, dy in dirs:
                t = step(sq, dx, dy)
                while t is not None and t != sq:
                    if color(b[t]) == us:
                        break
                    out.add((sq, t, "", ""))
                    if b[t] != ".":
                        break
                    t = step(t, dx, dy)
    rank = 0 if us == "w" else 56
    them = "b" if us == "w" else "w"
    king = "K" if us == "w" else "k"
    for letter, empty, safe, to in (("K", (5, 6), (4, 5, 6), 6), ("Q", (1, 2, 3), (4, 3, 2), 2)):
        right = letter if us == "w" else letter.lower()
        if right not in pos.castle or b[rank + 4] != king:
            continue
        if any(b[rank + f] != "." for f in empty):
            continue
        if any(attacked(b, rank + f, them) for f in safe):
            continue
        out.add((rank + 4, rank + to, "", "castle"))
    return out


def play(pos, mv):
    frm, to, pr, kind = mv
    p = pos.copy()
    b = p.board
    piece = b[frm]
    b[frm] = "."
    if kind == "ep":
        b[to - 8 if pos.side == "w" else to + 8] = "."
    if kind == "castle":
        rank = frm - frm % 8
        if to % 8 == 6:
            b[rank + 5], b[rank + 7] = b[rank + 7], "."
        else:
            b[rank + 3], b[rank] = b[rank], "."
    b[to] = (pr if pos.side == "w" else pr.lower()) if pr else piece
    p.ep = (frm + to) // 2 if kind == "double" else None
    for sq, rights in ((4, "KQ"), (0, "Q"), (7, "K"), (60, "kq"), (56, "q"), (63, "k")):
        if frm == sq or to == sq:
            p.castle -= set(rights)
    p.side = "b" if pos.side == "w" else "w"
    return p


def legal(pos):
    king = "K" if pos.side == "w" else "k"
    them = "b" if pos.side == "w" else "w"
    for mv in pseudo(pos):
        after = play(pos, mv)
        if not attacked(after.board, after.board.index(king), them):
            yield after


def perft(pos, depth):
    if depth == 0:
        return 1
    children = list(legal(pos))
    if depth == 1:
        return len(children)
    return sum(perft(c, depth - 1) for c in children)


if __name__ == "__main__":
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    fen = sys.argv[2] if len(sys.argv) > 2 else START
    for d in range(1, depth + 1):
        print(d, perft(Pos(fen), d))
