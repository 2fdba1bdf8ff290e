#!/usr/bin/env python3
"""Positions for the Texel tuner (crates/engine/examples/tune.rs), labelled by Stockfish.

Stockfish plays games against itself on orthodox chess at a few thousand nodes a move,
with a random legal move now and then so that the games differ and reach unbalanced
positions too; every position after the opening that is not in check is kept and then
labelled by a deeper Stockfish search: the line written is `FEN;P`, where P is
1 / (1 + 10^(-cp / 400)) for Stockfish's score cp from White's view (the tuner fits its
own scale k to it). Decided positions (|cp| above 1500 or a mate) are left out.

    scripts/gen-texel-data.py --games 300 --out /tmp/orthodox.fens
    cargo run --release -p chess4d-engine --example tune -- orthodox:/tmp/orthodox.fens

Needs python-chess (pip install chess) and Stockfish (/usr/games/stockfish).
"""

import argparse
import random
import sys

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("python-chess is not installed: pip install chess")


def play_games(engine, games, nodes, noise, rng):
    """The positions of `games` noisy Stockfish self-play games, as FENs."""
    fens = []
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over(claim_draw=True) and board.ply() < 200:
            legal = list(board.legal_moves)
            if board.ply() < 4 or (rng.random() < noise and not board.is_check()):
                move = rng.choice(legal)
            else:
                move = engine.play(board, chess.engine.Limit(nodes=nodes)).move
            board.push(move)
            if board.ply() >= 8 and not board.is_check() and not board.is_game_over():
                fens.append(board.fen())
    return fens


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--nodes", type=int, default=3000, help="nodes a move in the games")
    ap.add_argument("--noise", type=float, default=0.1, help="share of random moves")
    ap.add_argument("--depth", type=int, default=8, help="depth of the labelling search")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    engine.configure({"Threads": 1, "Hash": 16})
    try:
        fens = play_games(engine, args.games, args.nodes, args.noise, rng)
        print(f"{len(fens)} positions from {args.games} games; labelling", file=sys.stderr)
        kept = 0
        # Line-buffered: a run cut short keeps what it labelled.
        with open(args.out, "w", buffering=1) as out:
            for fen in fens:
                info = engine.analyse(chess.Board(fen), chess.engine.Limit(depth=args.depth))
                score = info["score"].white()
                if score.is_mate():
                    continue
                cp = score.score()
                if abs(cp) > 1500:
                    continue
                p = 1 / (1 + 10 ** (-cp / 400))
                out.write(f"{fen};{p:.4f}\n")
                kept += 1
        print(f"{kept} labelled positions written to {args.out}", file=sys.stderr)
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
