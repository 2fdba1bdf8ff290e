#!/usr/bin/env python3
"""python-chess as the judge of chess4d's PGN export: reads two PGN files (the games
python-chess wrote, and chess4d's export of them after import) and checks that every
game reads back with the same start, the same main-line moves and the same result.

    python3 scripts/pgn-judge.py ORIGINAL.pgn EXPORTED.pgn

Prints `ok N games` and exits 0, or names the first difference and exits 1.
"""

import sys

import chess
import chess.pgn


def games(path):
    out = []
    with open(path) as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return out
            if game.errors:
                sys.exit(f"{path}: game {len(out) + 1}: python-chess reports {game.errors}")
            out.append(game)


def main():
    original, exported = games(sys.argv[1]), games(sys.argv[2])
    if len(original) != len(exported):
        sys.exit(f"{len(original)} games written, {len(exported)} read back")
    for n, (a, b) in enumerate(zip(original, exported), 1):
        if a.board().fen() != b.board().fen():
            sys.exit(f"game {n}: start {a.board().fen()} became {b.board().fen()}")
        moves_a = [m.uci() for m in a.mainline_moves()]
        moves_b = [m.uci() for m in b.mainline_moves()]
        if moves_a != moves_b:
            sys.exit(f"game {n}: moves differ:\n{moves_a}\n{moves_b}")
        if a.headers.get("Result") != b.headers.get("Result"):
            sys.exit(f"game {n}: result {a.headers.get('Result')} became {b.headers.get('Result')}")
        if "Variant" in b.headers:
            sys.exit(f"game {n}: an orthodox game was exported with a Variant tag")
    print(f"ok {len(original)} games")


if __name__ == "__main__":
    main()
