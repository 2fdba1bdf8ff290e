#!/usr/bin/env python3
"""Wide opening books for `scripts/match-fsf.py`, from Fairy-Stockfish's own search
(or, for the variants it does not know, the 4D sets among them, from ours).

A match at a fixed node count replays the same games from the same openings, so the
ten hand-written openings of `scripts/data/openings/VARIANT.txt` give twenty games'
worth of samples however many are played. These books give a self-play test (SPRT)
many independent starts: each line is 4 to 8 plies, every move one of Fairy-Stockfish's
best few at a fixed depth (within a margin of its best), chosen at random from a seed,
and a line is kept only where Fairy-Stockfish at a deeper fixed depth calls the
position level (within --balance centipawns) and no earlier line reached the same
position. Our rules referee every move (`examples/referee`), so a line is legal for
us as well. The hash is cleared before every search: the same seed and engine give the
same book.

    cargo build --release -p chess4d-engine --example referee
    scripts/gen-books.py                      # every variant of the default list
    scripts/gen-books.py --lines 40 xiangqi   # one variant, fewer lines
    scripts/match-fsf.py --variant xiangqi --opponent chess4d --engine2 OTHER \\
        --nodes 20000 --book scripts/data/openings/wide/xiangqi.txt --games 200

With `--judge chess4d` our own engine (`target/release/chess4d uci`, level 8, at most
32 lines) ranks the moves and judges the positions. The 4D sets' books come from it, at
the depths their width allows and with a wider balance: the full set's start is a
forced mate in 4 and most short lines from it are decided, so each move is one of the
32 best at depth 1 within 3 pawns, and a line is kept where depth 5 finds it within 3
pawns and no mate:

    scripts/gen-books.py --judge chess4d --lines 20 --min-plies 2 --max-plies 2 \\
        --depth 1 --width 32 --margin 300 --judge-depth 5 --balance 300 --tries 20 full
"""

import argparse
import importlib.util
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("match_fsf",
                                               os.path.join(ROOT, "scripts", "match-fsf.py"))
match_fsf = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match_fsf)

VARIANTS = ["orthodox", "xiangqi", "shogi", "capablanca", "crazyhouse", "janggi", "makruk"]


def candidates(fsf, moves, depth, width):
    """The judge's best `width` moves after `moves` at `depth`, as (move, cp) for
    the side to move, best first; a mate scores ±100000."""
    fsf.send("ucinewgame")
    fsf.option("MultiPV", width)
    fsf.ready()
    fsf.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    fsf.send(f"go depth {depth}")
    last = {}
    while True:
        line = fsf.lines.get(timeout=120)
        if line is None:
            raise match_fsf.EngineError("Fairy-Stockfish ended")
        words = line.split()
        if not words:
            continue
        if words[0] == "bestmove":
            break
        if words[0] != "info" or "score" not in words or "pv" not in words:
            continue
        k = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
        i = words.index("score")
        kind, value = words[i + 1], int(words[i + 2])
        cp = value if kind == "cp" else (100000 if value > 0 else -100000)
        last[k] = (words[words.index("pv") + 1], cp)
    return [last[k] for k in sorted(last)]


def one_line(args, fsf, referee, variant, rng):
    """A random line of good moves and its referee FEN, or None where it ends early."""
    referee.new(variant)
    moves = []
    for _ in range(rng.randint(args.min_plies, args.max_plies)):
        ranked = candidates(fsf, moves, args.depth, args.width)
        if not ranked:
            return None
        best = ranked[0][1]
        good = [mv for mv, cp in ranked if cp >= best - args.margin]
        mv = rng.choice(good)
        verb, why = referee.move(mv)
        if verb != "ok":
            if verb == "illegal":
                sys.exit(f"{variant}: our rules refuse Fairy-Stockfish's {mv} after "
                         f"{' '.join(moves)}: {why}")
            return None
        moves.append(mv)
    fen = referee.ask("fen")[4:]
    return moves, " ".join(fen.split()[:4])


def judge(args, variant):
    """The engine that ranks the moves and judges the lines, for `variant`."""
    if args.judge == "chess4d":
        engine = match_fsf.Uci([args.engine, "uci"], "chess4d")
        engine.option("UCI_Variant", variant)
        engine.option("Level", 8)
    else:
        engine = match_fsf.Uci([args.fsf], "Fairy-Stockfish")
        engine.option("UCI_Variant", match_fsf.FSF_NAMES.get(variant, variant))
    return engine


def book(args, variant, referee):
    """The lines of one variant's book."""
    fsf = judge(args, variant)
    fsf.option("Threads", 1)
    fsf.option("Hash", 16)
    fsf.ready()
    rng = random.Random(f"{args.seed}:{variant}")
    lines, seen, tries = [], set(), 0
    try:
        while len(lines) < args.lines and tries < args.lines * args.tries:
            tries += 1
            found = one_line(args, fsf, referee, variant, rng)
            if found is None or found[1] in seen:
                continue
            moves, key = found
            (_, cp), = candidates(fsf, moves, args.judge_depth, 1)[:1] or [(None, 100000)]
            if abs(cp) > args.balance:
                continue
            seen.add(key)
            lines.append((moves, cp))
            print(f"{variant}: {len(lines)}/{args.lines} ({tries} tried)", file=sys.stderr)
    finally:
        fsf.close()
    return lines


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("variants", nargs="*", default=VARIANTS)
    p.add_argument("--lines", type=int, default=60, help="openings per variant")
    p.add_argument("--min-plies", type=int, default=4)
    p.add_argument("--max-plies", type=int, default=8)
    p.add_argument("--depth", type=int, default=8, help="depth of each move's search")
    p.add_argument("--width", type=int, default=4, help="best moves looked at (MultiPV)")
    p.add_argument("--margin", type=int, default=40, help="centipawns below the best")
    p.add_argument("--judge-depth", type=int, default=11)
    p.add_argument("--balance", type=int, default=60, help="most centipawns either way")
    p.add_argument("--tries", type=int, default=4, help="lines tried per line kept, at most")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    p.add_argument("--judge", choices=["fsf", "chess4d"], default="fsf",
                   help="the engine whose search picks the moves and judges the lines")
    p.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "chess4d"))
    p.add_argument("--referee")
    p.add_argument("--out", default=os.path.join(ROOT, "scripts", "data", "openings", "wide"))
    args = p.parse_args()
    referee = match_fsf.Referee.found(args.referee)
    os.makedirs(args.out, exist_ok=True)
    try:
        for variant in args.variants:
            lines = book(args, variant, referee)
            path = os.path.join(args.out, f"{variant}.txt")
            with open(path, "w", encoding="utf-8") as out:
                out.write(
                    f"# {variant}: {len(lines)} openings by scripts/gen-books.py --seed "
                    f"{args.seed} --judge {args.judge} (each move within {args.margin} cp "
                    f"of the judge's "
                    f"best {args.width} at depth {args.depth}; the position within "
                    f"{args.balance} cp at depth {args.judge_depth}, the score after #).\n")
                for moves, cp in lines:
                    out.write(f"{' '.join(moves)}  # {cp:+d}\n")
            print(f"{path}: {len(lines)} openings", file=sys.stderr)
    finally:
        referee.close()


if __name__ == "__main__":
    main()
