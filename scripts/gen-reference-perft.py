#!/usr/bin/env python3
"""Writes tests/perft/horde.perft and tests/perft/crazyhouse.perft: the positions of
shakmaty's public horde and crazyhouse perft suites (the positions only, written out
here), with the counts Fairy-Stockfish gives for them.

shakmaty (lichess's rules) and Fairy-Stockfish agree on every figure of these suites
(checked by hand when the files were written, issue 30); crates/app/tests/app/
perft_suites.rs runs them all through `chess4d perft`.

A crazyhouse position may give its pockets as lichess and shakmaty write them, one
rank more than the board (`.../8/ b`, an empty ninth rank): the data file keeps that
form (chess4d reads it) and Fairy-Stockfish is asked with the bracket form.

Usage: scripts/gen-reference-perft.py   ($FSF_PERFT_OUT: another output directory;
       $FAIRY_STOCKFISH: another engine binary)
"""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("gen_fsf_perft", os.path.join(HERE, "gen-fsf-perft.py"))
fsf = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fsf)

OUT_DIR = os.environ.get("FSF_PERFT_OUT", os.path.join(HERE, "..", "tests", "perft"))

# (file, variant, [(id, position, deepest depth)]): shakmaty's suites' positions.
SUITES = [
    (
        "horde",
        "horde",
        [
            ("horde-start", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", 4),
            ("horde-open-flank", "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1", 4),
            # A white pawn's double step from the first rank leaves no en-passant square.
            ("horde-en-passant", "k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1", 4),
        ],
    ),
    (
        "crazyhouse",
        "crazyhouse",
        [
            ("zh-all-drop-types", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2),
            ("zh-drops", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 4),
            ("zh-middlegame", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", 4),
            # The pocket as a ninth rank (empty here), a promoted queen marked `~`.
            ("zh-promoted", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1", 4),
        ],
    ),
]


def bracketed(fen):
    """The position with a ninth-rank pocket rewritten in brackets, for Fairy-Stockfish."""
    board, rest = fen.split(" ", 1)
    ranks = board.split("/")
    if len(ranks) == 9:
        return "/".join(ranks[:8]) + f"[{ranks[8]}] {rest}"
    return fen


def main():
    if not os.access(fsf.FSF, os.X_OK):
        sys.exit(f"{fsf.FSF} not found: apt-get install fairy-stockfish")
    os.makedirs(OUT_DIR, exist_ok=True)
    for file, variant, cases in SUITES:
        eng = fsf.Engine()
        eng.variant(variant)
        path = os.path.join(OUT_DIR, f"{file}.perft")
        with open(path, "w") as f:
            f.write(
                f"# {variant}: the positions of shakmaty's {file} perft suite, with perft from\n"
                f"# Fairy-Stockfish ({fsf.FSF}), written by scripts/gen-reference-perft.py.\n"
                "# shakmaty gives the same figures. Do not edit.\n"
            )
            for cid, fen, depth in cases:
                eng.position(bracketed(fen))
                f.write(f"\nid {cid}\nvariant {variant}\nfen {fen}\n")
                for d in range(1, depth + 1):
                    f.write(f"perft {d} {eng.perft(d)[0]}\n")
        eng.quit()
        print(f"{os.path.normpath(path)}: {len(cases)} positions")


if __name__ == "__main__":
    main()
