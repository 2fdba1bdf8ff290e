#!/usr/bin/env python3
"""How good an engine's moves are, judged by Stockfish: average centipawn loss on a set
of orthodox positions.

A match of 20 games against Stockfish moves by about ten per cent either way from luck
alone; the loss of each move on a few hundred fixed positions, with every engine asked
about the same ones, tells two builds apart with far fewer minutes. Each engine (a
`chess4d` binary, run as `chess4d uci`, or `sfELO` for Stockfish limited to that Elo)
gets MOVETIME seconds a position; full-strength Stockfish then scores the position after
its move and after its own best move at --depth, and the loss is the difference from
the mover's view (at least 0, capped at 1000). Two engines are asked at once, one
thread each. Stockfish's scores are cached in --cache, so a second run spends its
minutes on the engines only.

    cargo build --release -p chess4d
    scripts/move-quality.py --positions scripts/data/stockfish-2200-games.pgn \
        target/release/chess4d OLD/chess4d sf2200

The positions: every other move of the side named `chess4d` in the PGN files (as
`scripts/match-stockfish.py --pgn` writes them) from ply 14 to 110, not in check,
shuffled with a fixed seed, the first --count of them. Prints per engine the average
loss, the moves losing more than 100 and 300 centipawns, and how often it played
Stockfish's move. With two engines it also prints the paired difference: the mean of
the first's loss less the second's, position by position, and its standard error
(about 2 cp on 1,120 positions, where the averages themselves move by 1.5 cp between
reruns). --dump FILE keeps each engine's moves and losses.

Needs python-chess (pip install chess) and Stockfish (/usr/games/stockfish).
"""

import argparse
import concurrent.futures
import json
import os
import random
import sys

try:
    import chess
    import chess.engine
    import chess.pgn
except ImportError:
    sys.exit("python-chess is not installed: pip install chess")

MATE = 3000
CAP = 1000


def positions(paths, count, seed):
    """FENs where the side named chess4d is to move, from the games in `paths`."""
    fens = []
    for path in paths:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                ours = chess.WHITE if game.headers.get("White") == "chess4d" else chess.BLACK
                board = game.board()
                for move in game.mainline_moves():
                    if (14 <= board.ply() <= 110 and board.turn == ours
                            and board.ply() % 4 < 2 and not board.is_check()):
                        fens.append(board.fen())
                    board.push(move)
    random.Random(seed).shuffle(fens)
    return fens[:count]


def open_engine(spec, stockfish):
    if spec.startswith("sf") and spec[2:].isdigit():
        engine = chess.engine.SimpleEngine.popen_uci(stockfish)
        engine.configure({"Threads": 1, "Hash": 64, "UCI_LimitStrength": True,
                          "UCI_Elo": int(spec[2:])})
    else:
        engine = chess.engine.SimpleEngine.popen_uci([spec, "uci"])
        engine.configure({"Threads": 1, "Hash": 64})
    return engine


def engine_moves(spec, fens, movetime, stockfish):
    engine = open_engine(spec, stockfish)
    try:
        return [engine.play(chess.Board(fen), chess.engine.Limit(time=movetime),
                            game=object()).move.uci() for fen in fens]
    finally:
        engine.quit()


class Judge:
    """Full-strength Stockfish's scores, cached by position and move."""

    def __init__(self, stockfish, depth, cache):
        self.engine = chess.engine.SimpleEngine.popen_uci(stockfish)
        self.engine.configure({"Threads": 2, "Hash": 128})
        self.depth = depth
        self.path = cache
        self.cache = {}
        if cache and os.path.exists(cache):
            with open(cache) as f:
                self.cache = json.load(f)

    def best(self, fen):
        key = f"{fen} best {self.depth}"
        if key not in self.cache:
            info = self.engine.analyse(chess.Board(fen), chess.engine.Limit(depth=self.depth))
            self.cache[key] = info["pv"][0].uci()
        return self.cache[key]

    def after(self, fen, move):
        """The score after `move`, from the mover's view."""
        key = f"{fen} {move} {self.depth}"
        if key not in self.cache:
            board = chess.Board(fen)
            mover = board.turn
            board.push_uci(move)
            outcome = board.outcome(claim_draw=True)
            if outcome is not None:
                score = 0 if outcome.winner is None else (MATE if outcome.winner == mover else -MATE)
            else:
                info = self.engine.analyse(board, chess.engine.Limit(depth=self.depth))
                score = info["score"].pov(mover).score(mate_score=MATE)
            self.cache[key] = score
        return self.cache[key]

    def save(self):
        if self.path:
            os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
            with open(self.path, "w") as f:
                json.dump(self.cache, f)

    def quit(self):
        self.save()
        self.engine.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engines", nargs="+", help="chess4d binaries, or sfELO")
    ap.add_argument("--positions", action="append", required=True,
                    help="a PGN file (again for more)")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--movetime", type=float, default=0.3)
    ap.add_argument("--depth", type=int, default=13, help="depth of the judging search")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--cache", default="target/move-quality-cache.json")
    ap.add_argument("--dump", help="write each engine's move and loss per position here "
                    "(JSON), for paired comparisons of runs")
    args = ap.parse_args()
    fens = positions(args.positions, args.count, args.seed)
    if not fens:
        sys.exit("no positions in the PGN files (is one side named chess4d?)")
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        moves = list(pool.map(lambda e: engine_moves(e, fens, args.movetime, args.stockfish),
                              args.engines))
    judge = Judge(args.stockfish, args.depth, args.cache)
    dump = {}
    try:
        for spec, played in zip(args.engines, moves):
            losses = []
            for fen, move in zip(fens, played):
                best = judge.best(fen)
                losses.append(min(CAP, max(0, judge.after(fen, best) - judge.after(fen, move))))
            judge.save()
            dump[spec] = {"fens": fens, "moves": played, "losses": losses}
            n = len(losses)
            print(f"{spec} at {args.movetime} s: average loss {sum(losses) / n:.1f} cp over {n} "
                  f"positions; over 100: {sum(x > 100 for x in losses)}, over 300: "
                  f"{sum(x > 300 for x in losses)}; Stockfish's move {sum(x == 0 for x in losses) / n:.0%}")
        if len(dump) == 2:
            (a, da), (b, db) = dump.items()
            diffs = [x - y for x, y in zip(da["losses"], db["losses"])]
            n = len(diffs)
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            print(f"{a} less {b}: {mean:+.2f} cp a position, standard error "
                  f"{(var / n) ** 0.5:.2f}")
    finally:
        judge.quit()
        if args.dump:
            with open(args.dump, "w") as f:
                json.dump(dump, f)


if __name__ == "__main__":
    main()
