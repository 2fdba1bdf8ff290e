#!/usr/bin/env python3
"""Positions for the orthodox square corrections (crates/engine/examples/train_squares.rs),
labelled by Stockfish's own evaluation.

Stockfish plays games against itself at a few hundred nodes a move, from a few random
opening moves and with a random move now and then, so that the games differ and reach
unbalanced positions too. Each position is labelled by Stockfish's static evaluation
(its network, the `eval` command): one line `FEN;cp`, cp from the side to move's view.
Only quiet positions are written (not in check, and Stockfish's best move neither
captures nor promotes), so that a static evaluation is the right thing to learn from
(with --every, all but those in check: a network must judge what a search meets);
decided ones (|cp| above 2000) are left out, and a game ends once Stockfish's search
has seen more than 1200 for four moves. A static evaluation costs a tenth of a search,
so the data comes ten times faster than with search scores, and a static evaluation
is what the corrections are fitted to be.

    scripts/gen-eval-data.py --positions 450000 --seed 1 --out /tmp/eval-1.txt  # appends
    # the network's data (crates/engine/examples/train_net.rs):
    scripts/gen-eval-data.py --positions 2000000 --sample 1 --seed 21 --out /tmp/q-21.txt
    scripts/gen-eval-data.py --positions 2000000 --sample 1 --every --noise 0.08 \
        --seed 23 --out /tmp/e-23.txt

Needs python-chess (pip install chess) and Stockfish (/usr/games/stockfish).
"""

import argparse
import random
import subprocess
import sys

try:
    import chess
except ImportError:
    sys.exit("python-chess is not installed: pip install chess")


class Stockfish:
    """A bare UCI pipe: python-chess's engine client costs more than the search."""

    def __init__(self, path, hash_mb):
        self.p = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("uci")
        self.wait_for("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, word):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("stockfish stopped")
            if line.startswith(word):
                return line

    def evaluate(self):
        """Stockfish's static evaluation of the last position sent, cp from White's view."""
        self.send("eval")
        line = self.wait_for("Final evaluation")
        words = line.split()
        return round(100 * float(words[2]))

    def search(self, fen, nodes):
        """(best move, score cp or None for a mate) of a search of `fen`."""
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        score = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("stockfish stopped")
            if line.startswith("bestmove"):
                return line.split()[1], score
            if line.startswith("info") and " score " in line:
                words = line.split()
                i = words.index("score")
                score = int(words[i + 2]) if words[i + 1] == "cp" else None


def play_game(sf, nodes, noise, sample, every, rng, out):
    board = chess.Board()
    for _ in range(rng.randint(2, 7)):
        legal = list(board.legal_moves)
        if not legal:
            return 0
        board.push(rng.choice(legal))
    written = 0
    decided = 0
    # Repetitions counted here: python-chess's claim test generates every legal move
    # at each ply, which cost half the script's time.
    seen = {}
    while board.ply() < 300 and board.halfmove_clock < 100:
        key = board._transposition_key()
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3 or board.is_insufficient_material():
            break
        fen = board.fen()
        best, score = sf.search(fen, nodes)
        if best == "(none)":
            break
        move = chess.Move.from_uci(best)
        if score is None or abs(score) > 1200:
            decided += 1
            if decided >= 4:
                break
        else:
            decided = 0
            quiet = (
                not board.is_check()
                and not board.is_capture(move)
                and move.promotion is None
            )
            # A network has to judge what a search meets, hanging men and all; a
            # static evaluation in check means nothing.
            if (quiet or (every and not board.is_check())) and rng.random() < sample:
                white = sf.evaluate()
                cp = white if board.turn == chess.WHITE else -white
                if abs(cp) <= 2000:
                    out.write(f"{fen};{cp}\n")
                    written += 1
        if rng.random() < noise:
            move = rng.choice(list(board.legal_moves))
        board.push(move)
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--positions", type=int, default=100_000)
    ap.add_argument("--nodes", type=int, default=300, help="nodes a search (for the moves)")
    ap.add_argument("--noise", type=float, default=0.02, help="share of random moves")
    ap.add_argument(
        "--sample",
        type=float,
        default=0.4,
        help="share of the quiet positions written: the positions of one game are "
        "alike, and a fit learns more from more games than from more of each",
    )
    ap.add_argument(
        "--every",
        action="store_true",
        help="write positions with a capture or promotion to play too (not those in "
        "check): what a network needs, where the linear corrections want quiet ones",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sf = Stockfish(args.stockfish, 16)
    total = 0
    with open(args.out, "a") as out:
        while total < args.positions:
            sf.send("ucinewgame")
            total += play_game(sf, args.nodes, args.noise, args.sample, args.every, rng, out)
            out.flush()
    sf.send("quit")


if __name__ == "__main__":
    main()
