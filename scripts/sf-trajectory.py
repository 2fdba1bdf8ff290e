#!/usr/bin/env python3
"""Where a match was lost: Stockfish's evaluation of chess4d's games as they went.

Reads PGN files written by scripts/match-stockfish.py (--pgn), has Stockfish evaluate
every tenth position of each game at a fixed depth (one thread), and prints one line
per game (file, round, chess4d's result, plies, the evaluations from chess4d's side),
then the mean and median evaluation at each tenth ply over all games, capped at
±1000 centipawns. A slow slide says the evaluation loses ground; sudden drops say a
search misses tactics.

    scripts/sf-trajectory.py games1.pgn games2.pgn [--depth 11] [--stockfish PATH]
"""

import argparse
import statistics
import sys

try:
    import chess
    import chess.engine
    import chess.pgn
except ImportError:
    sys.exit("python-chess is not installed: pip install chess")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--depth", type=int, default=11)
    ap.add_argument("--every", type=int, default=10, help="plies between evaluations")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 64})
    columns = {}
    try:
        for path in args.pgn:
            with open(path) as f:
                while (game := chess.pgn.read_game(f)) is not None:
                    ours = chess.WHITE if game.headers.get("White") == "chess4d" else chess.BLACK
                    result = game.headers.get("Result", "*")
                    score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
                    if ours == chess.BLACK and result in ("1-0", "0-1"):
                        score = 1.0 - score
                    board = game.board()
                    line = []
                    for i, move in enumerate(game.mainline_moves()):
                        board.push(move)
                        if (i + 1) % args.every == 0:
                            info = sf.analyse(board, chess.engine.Limit(depth=args.depth))
                            cp = info["score"].pov(ours).score(mate_score=2000)
                            line.append(cp)
                            columns.setdefault(i + 1, []).append(max(-1000, min(1000, cp)))
                    print(path, game.headers.get("Round", "?"), score, board.ply(),
                          " ".join(map(str, line)), flush=True)
    finally:
        sf.quit()
    print("ply games mean median")
    for ply in sorted(columns):
        v = columns[ply]
        print(ply, len(v), round(statistics.mean(v)), round(statistics.median(v)))


if __name__ == "__main__":
    main()
