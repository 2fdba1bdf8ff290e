#!/usr/bin/env python3
"""How chess4d's draws against Stockfish ended: who stood better when the game stopped.

Reads PGN files written by scripts/match-stockfish.py (--pgn) and has Stockfish judge
the final position of every drawn game at a fixed depth (one thread). Prints one line
per draw (file, round, how it ended, plies, the evaluation from chess4d's side, mates
as ±10000), then per ending the count, how many chess4d had lost (at or below
--lost centipawns, and to a forced mate) and how many were level (within ±10).
Limited Stockfish picks among several moves with noise, so it sometimes repeats a
position it should win: those repetitions are points the evaluation did not earn.

    scripts/draw-analysis.py games1.pgn games2.pgn [--depth 16] [--lost -200]

Older PGN files wrote claimed draws as "*"; those are read as draws too.
"""

import argparse
import collections
import sys

try:
    import chess
    import chess.engine
    import chess.pgn
except ImportError:
    sys.exit("python-chess is not installed: pip install chess")


def ending(board):
    """How a drawn game ended, from its final position."""
    if board.is_stalemate():
        return "stalemate"
    if board.is_insufficient_material():
        return "insufficient_material"
    if board.can_claim_threefold_repetition():
        return "threefold_repetition"
    if board.can_claim_fifty_moves():
        return "fifty_moves"
    return "other"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--lost", type=int, default=-200,
                    help="centipawns at or below which chess4d counts as lost")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 64})
    tally = collections.defaultdict(lambda: [0, 0, 0, 0])
    try:
        for path in args.pgn:
            with open(path) as f:
                while (game := chess.pgn.read_game(f)) is not None:
                    if game.headers.get("Result") not in ("1/2-1/2", "*"):
                        continue
                    board = game.end().board()
                    ours = chess.WHITE if game.headers.get("White") == "chess4d" else chess.BLACK
                    info = sf.analyse(board, chess.engine.Limit(depth=args.depth))
                    score = info["score"].pov(ours).score(mate_score=10000)
                    why = ending(board)
                    print(f"{path} round {game.headers.get('Round', '?')}: {why}, "
                          f"{board.ply()} plies, {score:+d}", flush=True)
                    t = tally[why]
                    t[0] += 1
                    t[1] += score <= args.lost
                    t[2] += score <= -9000
                    t[3] += abs(score) <= 10
    finally:
        sf.quit()
    for why, (n, lost, mated, level) in sorted(tally.items()):
        print(f"{why}: {n} draws, {lost} lost (at most {args.lost}), {mated} to a forced "
              f"mate, {level} level")


if __name__ == "__main__":
    main()
