#!/usr/bin/env python3
"""Writes the oracle data the SAN and PGN tests compare against, using python-chess
(PyPI `chess`) as the judge. Run from the repository root:

    python3 scripts/gen-san-data.py

It writes

* tests/san/orthodox.txt: random positions reached by random play (a fixed seed), one
  block per position: a line `fen FEN`, then one line `UCI SAN` for every legal move,
  in python-chess's SAN. Positions are sampled at every stage of random games, so checks,
  mates, castling, en passant, promotions and disambiguations all occur.
* tests/pgn/python-chess.pgn: random games as python-chess writes them, some from a
  [FEN] start, none with a [Variant] tag, with comments, NAGs and a variation mixed in.

Same seed, same files: the tests need no python, and rerunning this after a
python-chess upgrade shows any change in its SAN as a diff.
"""

import os
import random

import chess
import chess.pgn

SEED = 20261201
POSITIONS = 600
GAMES = 40


def random_positions(rng, count):
    """Positions along random games, with their legal moves."""
    out = []
    seen = set()
    while len(out) < count:
        board = chess.Board()
        plies = rng.randint(1, 300)
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            # Prefer captures and promotions now and then, so endings with few pieces,
            # promotions and mates come up as well as middle games.
            noisy = [m for m in moves if board.is_capture(m) or m.promotion]
            pick = rng.choice(noisy) if noisy and rng.random() < 0.3 else rng.choice(moves)
            board.push(pick)
            fen = board.fen()
            if fen not in seen and rng.random() < (0.3 if rare(board) else 0.015):
                seen.add(fen)
                out.append(board.copy())
                if len(out) >= count:
                    break
    return out


def rare(board):
    """Whether a legal move here castles, promotes, takes en passant or mates: moves
    random play seldom meets, sampled more often."""
    for mv in board.legal_moves:
        if board.is_castling(mv) or mv.promotion or board.is_en_passant(mv):
            return True
        if board.gives_check(mv):
            board.push(mv)
            mate = board.is_checkmate()
            board.pop()
            if mate:
                return True
    return False


def write_san_data(path, rng):
    lines = []
    for board in random_positions(rng, POSITIONS):
        lines.append("fen " + board.fen())
        for mv in board.legal_moves:
            lines.append(f"{mv.uci()} {board.san(mv)}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def random_game(rng, index):
    board = chess.Board()
    if index % 3 == 1:
        # A start of its own: a few random plies in, written as [FEN].
        for _ in range(rng.randint(1, 30)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over():
            board = chess.Board()
        board = chess.Board(board.fen())
    game = chess.pgn.Game()
    game.headers["Event"] = f"random game {index + 1}"
    game.headers["White"] = "Random A"
    game.headers["Black"] = "Random B"
    if board.fen() != chess.STARTING_FEN:
        game.setup(board)
    node = game
    for ply in range(rng.randint(0, 250)):
        moves = list(board.legal_moves)
        if not moves or ends_by_our_rules(board):
            break
        mv = rng.choice(moves)
        node = node.add_variation(mv)
        if ply % 17 == 3:
            node.comment = "a comment"
        if ply % 23 == 5:
            node.nags.add(chess.pgn.NAG_GOOD_MOVE)
        if ply % 29 == 7 and len(moves) > 1:
            # A side line from the position before this move.
            other = next(m for m in moves if m != mv)
            node.parent.add_variation(other).comment = "a side line"
        board.push(mv)
    if board.is_checkmate():
        game.headers["Result"] = "0-1" if board.turn == chess.WHITE else "1-0"
    elif board.is_stalemate() or ends_by_our_rules(board):
        game.headers["Result"] = "1/2-1/2"
    else:
        game.headers["Result"] = rng.choice(["*", "1-0", "0-1", "1/2-1/2"])
    return game


def ends_by_our_rules(board):
    """The draws chess4d's orthodox rules declare by themselves: threefold repetition,
    100 plies without a capture or pawn move, and two bare kings (python-chess only
    claims the first two and counts more material as insufficient)."""
    bare = chess.popcount(board.occupied) == 2
    return board.is_repetition(3) or board.halfmove_clock >= 100 or bare


def write_pgn_data(path, rng):
    texts = []
    for index in range(GAMES):
        exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
        texts.append(random_game(rng, index).accept(exporter))
    with open(path, "w") as f:
        f.write("\n\n".join(texts) + "\n")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.makedirs(os.path.join(root, "tests", "san"), exist_ok=True)
    os.makedirs(os.path.join(root, "tests", "pgn"), exist_ok=True)
    rng = random.Random(SEED)
    write_san_data(os.path.join(root, "tests", "san", "orthodox.txt"), rng)
    write_pgn_data(os.path.join(root, "tests", "pgn", "python-chess.pgn"), rng)


if __name__ == "__main__":
    main()
