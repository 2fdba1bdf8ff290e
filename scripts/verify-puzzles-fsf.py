#!/usr/bin/env python3
"""Asks Fairy-Stockfish about the shipped orthodox puzzles (and crazyhouse, where a set is made).

For each puzzle it searches the position with two lines (MultiPV 2) to DEPTH plies
(default 12) and counts the puzzle as agreed when the oracle's best move is the
puzzle's first move and wins (a mate, or at least MIN_WIN centipawns) while its
second line does not win. It prints the agreement per variant; the exit status is 1
when fewer than MIN_AGREE of them agree (the oracle searches far deeper than the
generator, so a few material puzzles may be judged otherwise).
"""
import os
import subprocess
import sys

FSF = "/usr/games/fairy-stockfish"
DEPTH = int(os.environ.get("FSF_DEPTH", "12"))
MIN_WIN = 150
MIN_AGREE = float(os.environ.get("MIN_AGREE", "0.8"))
VARIANTS = {"orthodox": "chess", "crazyhouse": "crazyhouse"}
VARIANTS = {k: v for k, v in VARIANTS.items() if os.path.exists(os.path.join(os.path.dirname(__file__), "..", "puzzles", f"{k}.tsv"))}


def ask(proc, variant, fen):
    send = proc.stdin.write
    send(f"setoption name UCI_Variant value {variant}\nsetoption name MultiPV value 2\n")
    send(f"position fen {fen}\ngo depth {DEPTH}\n")
    proc.stdin.flush()
    lines = {}
    for raw in proc.stdout:
        words = raw.split()
        if words and words[0] == "bestmove":
            return lines
        if "multipv" in words and "score" in words and "pv" in words:
            k = int(words[words.index("multipv") + 1])
            kind, value = words[words.index("score") + 1: words.index("score") + 3]
            score = 100000 if kind == "mate" and int(value) > 0 else (
                -100000 if kind == "mate" else int(value))
            lines[k] = (words[words.index("pv") + 1], score)
    return lines


def main():
    proc = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    worst = 1.0
    for name, fsf_name in VARIANTS.items():
        path = os.path.join(os.path.dirname(__file__), "..", "puzzles", f"{name}.tsv")
        rows = [l.rstrip("\n").split("\t") for l in open(path) if l.strip() and not l.startswith("#")]
        agreed = 0
        for pid, fen, solution, themes, rating in rows:
            lines = ask(proc, fsf_name, fen)
            key = solution.split()[0]
            best, second = lines.get(1), lines.get(2)
            ok = best is not None and best[0] == key and best[1] >= MIN_WIN and (
                second is None or second[1] < MIN_WIN)
            agreed += ok
            if not ok:
                print(f"{pid}: the oracle says {lines} for {key}")
        share = agreed / len(rows) if rows else 1.0
        worst = min(worst, share)
        print(f"{name}: Fairy-Stockfish agrees on {agreed} of {len(rows)} at depth {DEPTH}")
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    return 0 if worst >= MIN_AGREE else 1


if __name__ == "__main__":
    sys.exit(main())
