#!/usr/bin/env python3
"""Positions of any 2D variant labelled by Fairy-Stockfish's own search, for
`crates/engine/examples/tune_values.rs` (material learnt per variant family).

Fairy-Stockfish plays games against itself from the variant's start (its opening book
in scripts/data/openings/ when there is one), searching each position to a fixed
depth; that search's score labels the position, and now and then a random legal move
is played instead of its best so that the games differ and reach unbalanced material.
Our referee (`examples/referee`) follows the game and writes each position in our FEN,
so the lines are exactly what our rules parse: `FEN;CP`, CP Fairy-Stockfish's
centipawns for the side to move (the format of `scripts/gen-eval-data.py`). Positions
in check, decided ones (|CP| above 1500, mates) and the first plies are left out.

    cargo build --release -p chess4d-engine --example referee
    scripts/gen-fsf-data.py --variant shogi --games 200 --out /tmp/shogi.fsf
    cargo run --release -p chess4d-engine --example tune_values -- shogi /tmp/shogi.fsf

Several runs with different --seed can share the work between cores.
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


def legal_moves(fsf, moves):
    """Fairy-Stockfish's legal moves after `moves` (from `go perft 1`)."""
    fsf.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    fsf.send("go perft 1")
    legal = []
    while True:
        line = fsf.lines.get(timeout=10)
        if line is None:
            raise match_fsf.EngineError("Fairy-Stockfish ended")
        line = line.strip()
        if line.startswith("Nodes searched"):
            return legal
        if ":" in line and not line.startswith("info"):
            legal.append(line.split(":")[0].strip())


def search(fsf, moves, depth):
    """(best move, centipawns for the side to move or None for a mate, in check)."""
    fsf.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    fsf.send(f"go depth {depth}")
    score = None
    while True:
        line = fsf.lines.get(timeout=60)
        if line is None:
            raise match_fsf.EngineError("Fairy-Stockfish ended")
        words = line.split()
        if words and words[0] == "info" and "score" in words:
            i = words.index("score")
            score = int(words[i + 2]) if words[i + 1] == "cp" else None
        if words and words[0] == "bestmove":
            return (words[1] if len(words) > 1 else "(none)"), score


def play(args, fsf, referee, opening, rng, out):
    """One noisy self-play game; writes its labelled positions, returns their number."""
    referee.new(args.variant)
    moves = []
    for mv in opening:
        referee.move(mv)
        moves.append(mv)
    fsf.new_game()
    written = 0
    while len(moves) < args.max_plies:
        best, cp = search(fsf, moves, args.depth)
        if best in ("(none)", "0000"):
            break
        fen = referee.ask("fen")[4:]
        if (len(moves) >= args.skip and cp is not None and abs(cp) <= 1500
                and rng.random() < args.keep):
            out.write(f"{fen};{cp}\n")
            written += 1
        mv = best
        if rng.random() < args.noise:
            legal = legal_moves(fsf, moves)
            if legal:
                mv = rng.choice(legal)
        verb, _ = referee.move(mv)
        if verb != "ok":
            break
        moves.append(mv)
    return written


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", required=True)
    p.add_argument("--fsf-variant")
    p.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    p.add_argument("--referee")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--depth", type=int, default=7, help="depth of each search")
    p.add_argument("--noise", type=float, default=0.12, help="share of random moves")
    p.add_argument("--keep", type=float, default=0.5, help="share of positions written")
    p.add_argument("--skip", type=int, default=6, help="plies left out at the start")
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    args = p.parse_args()
    rng = random.Random(args.seed)
    referee = match_fsf.Referee.found(args.referee)
    book = os.path.join(ROOT, "scripts", "data", "openings", f"{args.variant}.txt")
    openings = match_fsf.read_book(book, referee, args.variant) if os.path.exists(book) else [[]]
    fsf = match_fsf.Uci([args.fsf], "Fairy-Stockfish")
    fsf.option("UCI_Variant",
               args.fsf_variant or match_fsf.FSF_NAMES.get(args.variant, args.variant))
    fsf.option("Threads", 1)
    fsf.option("Hash", 16)
    fsf.ready()
    total = 0
    try:
        # Line-buffered: a run cut short keeps what it wrote.
        with open(args.out, "w", buffering=1, encoding="utf-8") as out:
            for game in range(args.games):
                total += play(args, fsf, referee, rng.choice(openings), rng, out)
                print(f"game {game + 1}: {total} positions", file=sys.stderr)
    finally:
        fsf.close()
        referee.close()
    print(f"{total} labelled positions written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
