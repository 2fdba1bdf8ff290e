#!/usr/bin/env python3
"""Writes tests/fsf/<variant>.perft: perft figures from Fairy-Stockfish, the oracle.

For each variant it asks `fairy-stockfish` (UCI_Variant = the variant's name) for the
perft of the start position and of positions reached by seeded random play (the random
moves are chosen among the ones Fairy-Stockfish itself lists with `go perft 1`, and the
position after them is read back with `d`). `crates/variants/tests/fsf.rs` checks that
the catalog variant of the same name gives identical totals.

Usage: scripts/gen-fsf-perft.py [VARIANT[:CATALOG_NAME] ...]
       (no arguments: every variant in VARIANTS below; $FSF_PERFT_OUT: another
       output directory; $FAIRY_STOCKFISH: another engine binary)

The output is deterministic for one Fairy-Stockfish build: the seed is derived from the
variant's name, and FSF's move list is sorted before a move is drawn.
"""

import os
import random
import subprocess
import sys

FSF = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
OUT_DIR = os.environ.get(
    "FSF_PERFT_OUT",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fsf"),
)

# Fairy-Stockfish name -> catalog name (the same unless given).
VARIANTS = [
    "chess:orthodox",
    "nocastle",
    "capablanca",
    "gothic",
    "embassy",
    "janus",
    "amazon",
    "almost",
    "chigorin",
    "chancellor",
    "modern",
    "centaur",
    "hoppelpoppel",
    "newzealand",
    "gardner",
    "losalamos",
    "knightmate",
    "kingofthehill",
    "3check",
    "5check",
    "racingkings",
    "antichess",
    "giveaway",
    "suicide",
    "losers",
    "codrus",
    "extinction",
    "kinglet",
    "threekings",
    "horde",
    "makruk",
    "makpong",
    "asean",
    "ai-wok",
    "shatranj",
    "courier",
    "shatar",
    "jesonmor",
    "breakthrough",
    "clobber",
    "clobber10",
    "grand",
    "shako",
    "minixiangqi",
    "xiangqi",
    "manchu",
    "cambodian",
    "karouk",
    "fischerandom",
    "caparandom",
    "janggi",
    "janggitraditional",
    "janggimodern",
    "janggicasual",
    # Drops (issue 10).
    "crazyhouse",
    "loop",
    "chessgi",
    "pocketknight",
    "capahouse",
    "minishogi",
    "mini",
    "gorogoro",
    "dobutsu",
    "placement",
    "koedem",
    "shogi",
    "judkins",
    "euroshogi",
    "kyotoshogi",
    "micro",
    # Gating (issue 10).
    "seirawan",
    "shouse",
    # The setup phase and the promotion to a general (issue 10).
    "sittuyin",
]

# Positions random play seldom reaches, chosen for a rule (the figures still come from
# Fairy-Stockfish): promotion choices and limits, promotion zones.
EXTRA_FENS = {
    "grand": [
        "4k5/1P8/10/10/10/10/10/10/10/4K4R w - - 0 1",
        "4k5/1P8/P9/10/10/10/10/10/10/QRRBBNNACK w - - 0 1",
        "4k5/10/10/10/10/10/10/10/1p8/QRRB1NNACK b - - 0 1",
    ],
    "makruk": ["8/4k3/8/1P6/8/8/6p1/4K3 w - - 0 1"],
    "shatranj": ["8/1P2k3/8/8/8/8/8/4K2q w - - 0 1"],
    # A promoted queen (Q~) taken: a pawn in hand in crazyhouse, a queen in loop; pawn
    # drops next to the first and last ranks.
    "crazyhouse": [
        "1Q~2k3/8/8/8/8/8/1r6/4K3[] b - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1",
    ],
    "loop": ["1Q~2k3/8/8/8/8/8/1r6/4K3[] b - - 0 1"],
    "chessgi": ["4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1"],
    # Castling rights from dropping a rook beside a king already on e1; a second
    # bishop that must go on the other colour.
    "placement": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQK3[R] w kq - 0 1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/1N1QK1N1[RRBBb] w - - 0 1",
    ],
    # Chess960 castling: the king next to a corner (b, g), a king that stays put, a
    # rook that uncovers a check on the king's landing square, an inner rook's right.
    "fischerandom": [
        "rk4rq/pppppppp/8/8/8/8/PPPPPPPP/RK4RQ w KQkq - 0 1",
        "qr4kr/pppppppp/8/8/8/8/PPPPPPPP/QR4KR w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/qRK4R w KQ - 0 1",
        "r3k2r/8/8/8/8/8/8/RR2K1RR w BGkq - 0 1",
        "1r3kr1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1",
    ],
    "caparandom": [
        "rk6rq/pppppppppp/10/10/10/10/PPPPPPPPPP/RK6RQ w KQkq - 0 1",
        "qr6kr/pppppppppp/10/10/10/10/PPPPPPPPPP/QR6KR w KQkq - 0 1",
        "4k5/10/10/10/10/10/10/qRK6R w KQ - 0 1",
    ],
    # Cambodian chess: the unmoved king's leap and met's double step, also in check
    # and as a check.
    "cambodian": [
        "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1",
        "4k3/8/8/8/8/4r3/8/3KM3 w DE - 0 1",
        "8/8/8/8/8/4k3/8/3KM3 b DE - 0 1",
    ],
    # Castling with a piece entering on the king's or the rook's square; a pinned
    # knight whose gated hawk would shield the king (still illegal, as FSF has it).
    "seirawan": [
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/rN2K3[H] w B - 0 1",
    ],
    # A promoted queen taken goes to hand as a pawn.
    "shouse": ["1Q~2k3/8/8/8/8/8/1r6/4K3[E] b - - 0 1"],
    # Promotions to a general: on the diagonals, a last pawn anywhere, in place or
    # diagonally, never attacking a piece or giving check, only while none is left.
    "sittuyin": [
        "8/8/6R1/s3r3/P5R1/1KP3p1/1F2kr2/8[] b - - 0 1",
        "8/2k5/2P3p1/4P3/3P4/8/2K2s2/8[] w - - 0 1",
        "3k4/8/2P5/8/8/8/6p1/4K3[] w - - 0 1",
    ],
}
# Janggi: kings facing each other (bikjang), also while in check; moves along the
# palace diagonals (a cannon's jump, a soldier's step, a chariot's slide).
JANGGI_FENS = [
    "3a5/4k4/1c7/9/9/9/9/9/4K4/R2A5 w - - 0 1",
    "9/4k4/9/9/9/9/9/9/r3K4/9 w - - 0 1",
    "3rk4/4a4/3P5/9/9/9/9/9/4A4/3CK1R2 w - - 0 1",
    "3k5/4a4/5c3/9/9/9/9/5C3/4A4/3RK4 b - - 0 1",
]
for _name in ("janggi", "janggitraditional", "janggimodern", "janggicasual"):
    EXTRA_FENS[_name] = JANGGI_FENS

# Castling from any start array: besides the start position, this many other start
# arrays (seeded, drawn as Chess960 draws them: bishops on opposite colours, the king
# between the rooks), each with its own random positions.
START_ARRAYS = {"fischerandom": 4, "caparandom": 4}

RANDOM_POSITIONS = 24  # at least 20 per variant, as issue 9 asks
START_DEPTH = 3
RANDOM_DEPTH = 3
# A start position whose perft(START_DEPTH + 1) stays under this many nodes gets it too.
EXTRA_DEPTH_NODES = 1_000_000
# Leaves per data file above which the depth of a random position is lowered (so the
# debug-build test stays fast); such positions are still listed to depth 2.
MAX_RANDOM_NODES = 20_000_000


class Engine:
    def __init__(self):
        self.proc = subprocess.Popen(
            [FSF],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.read_until("uciok")
        self.version = ""

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish ended unexpectedly")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until("readyok")

    def variant(self, name):
        self.send(f"setoption name UCI_Variant value {name}")
        self.sync()

    def position(self, fen, moves=()):
        where = "startpos" if fen is None else f"fen {fen}"
        tail = f" moves {' '.join(moves)}" if moves else ""
        self.send(f"position {where}{tail}")

    def fen(self):
        self.send("d")
        for line in self.sync():
            if line.startswith("Fen: "):
                return line[len("Fen: "):].strip()
        raise RuntimeError("no Fen: line in the output of d")

    def perft(self, depth):
        """(total, {move: count}) of the current position."""
        self.send(f"go perft {depth}")
        divide = {}
        for line in self.read_until("Nodes searched"):
            if line.startswith("Nodes searched"):
                return int(line.split(":")[1]), divide
            if ": " in line and " " not in line.split(":")[0]:
                mv, n = line.split(": ")
                divide[mv] = int(n)
        raise RuntimeError("unreachable")

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def random_fens(eng, rng, start, count):
    """Distinct positions reached by random play from the start, fewest repeats."""
    fens = []
    seen = {start}
    tries = 0
    while len(fens) < count and tries < count * 20:
        tries += 1
        plies = rng.randint(2, 40)
        fen = start
        for _ in range(plies):
            eng.position(fen)
            _, moves = eng.perft(1)
            if not moves:
                break
            mv = rng.choice(sorted(moves))
            eng.position(fen, [mv])
            fen = eng.fen()
        if fen not in seen:
            seen.add(fen)
            fens.append(fen)
    return fens


def start_array(rng, width):
    """A Chess960-style back rank of `width` files: bishops on squares of both
    colours, the king between the rooks, the other pieces anywhere."""
    others = {8: "QNN", 10: "QNNAC"}[width]
    rank = [None] * width
    rank[rng.randrange(0, width, 2)] = "B"
    rank[rng.randrange(1, width, 2)] = "B"
    free = [i for i in range(width) if rank[i] is None]
    rng.shuffle(free)
    for piece, at in zip(others, free):
        rank[at] = piece
    rest = sorted(i for i in range(width) if rank[i] is None)
    for piece, at in zip("RKR", rest):
        rank[at] = piece
    row = "".join(rank)
    pawns = "p" * width
    return f"{row.lower()}/{pawns}/{width}/{width}/{width}/{width}/{pawns.upper()}/{row} w KQkq - 0 1"


def start_positions(eng, rng, fsf_name, start):
    """(name, position string) of each start: the variant's, then its other arrays."""
    starts = [("start", start)]
    width = {"fischerandom": 8, "caparandom": 10}.get(fsf_name)
    for i in range(START_ARRAYS.get(fsf_name, 0)):
        eng.position(start_array(rng, width))
        starts.append((f"array{i + 1:02}", eng.fen()))
    return starts


def generate(fsf_name, catalog_name):
    eng = Engine()
    eng.variant(fsf_name)
    eng.position(None)
    start = eng.fen()
    rng = random.Random("chess4d-" + fsf_name)
    cases = []
    starts = start_positions(eng, rng, fsf_name, start)
    randoms = []
    for n, (name, fen) in enumerate(starts):
        eng.position(fen)
        figures = [eng.perft(d)[0] for d in range(1, START_DEPTH + 1)]
        if n == 0 and figures[-1] * max(1, figures[0]) < EXTRA_DEPTH_NODES:
            figures.append(eng.perft(START_DEPTH + 1)[0])
        cases.append((name, fen, figures))
        # The random positions shared out among the starts, the first taking the rest.
        count = RANDOM_POSITIONS // len(starts)
        if n == 0:
            count += RANDOM_POSITIONS % len(starts)
        randoms += random_fens(eng, rng, fen, count)
    budget = MAX_RANDOM_NODES
    for i, fen in enumerate(randoms):
        eng.position(fen)
        figures = [eng.perft(d)[0] for d in range(1, 3)]
        if figures[-1] * max(1, figures[0]) <= budget:
            figures.append(eng.perft(RANDOM_DEPTH)[0])
        budget -= figures[-1]
        cases.append((f"random{i + 1:02}", fen, figures))
    for i, fen in enumerate(EXTRA_FENS.get(fsf_name, [])):
        eng.position(fen)
        figures = [eng.perft(d)[0] for d in range(1, RANDOM_DEPTH + 1)]
        cases.append((f"extra{i + 1:02}", eng.fen(), figures))
    eng.quit()
    path = os.path.join(OUT_DIR, f"{catalog_name}.perft")
    with open(path, "w") as f:
        f.write(
            f"# {fsf_name}: perft from Fairy-Stockfish ({FSF}), written by\n"
            "# scripts/gen-fsf-perft.py (start position, then seeded random play). Do not edit.\n"
        )
        for cid, fen, figures in cases:
            f.write(f"\nid {catalog_name}-{cid}\nvariant {catalog_name}\nfen {fen}\n")
            for d, n in enumerate(figures, start=1):
                f.write(f"perft {d} {n}\n")
    print(f"{os.path.normpath(path)}: {len(cases)} positions")


def main():
    if not os.access(FSF, os.X_OK):
        sys.exit(f"{FSF} not found: apt-get install fairy-stockfish")
    os.makedirs(OUT_DIR, exist_ok=True)
    names = sys.argv[1:] or VARIANTS
    for spec in names:
        fsf_name, _, catalog_name = spec.partition(":")
        generate(fsf_name, catalog_name or fsf_name)


if __name__ == "__main__":
    main()
