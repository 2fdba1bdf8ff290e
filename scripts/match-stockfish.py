#!/usr/bin/env python3
"""A match on orthodox chess: `chess4d uci` against Stockfish limited to an Elo.

Both engines are driven through python-chess's UCI client (pip install chess). Each
opening line of a small book is played twice, once with each colour; every move gets
the same fixed time. Prints one line per game, then chess4d's W-D-L, its score and
the Elo difference that score means.

    cargo build --release -p chess4d
    scripts/match-stockfish.py --elo 2200 --games 20

Options: --engine (default target/release/chess4d), --stockfish (default
/usr/games/stockfish), --level (8), --movetime seconds per move (0.3),
--their-movetime Stockfish's seconds per move (as --movetime), --threads for
chess4d (1), --hash MiB for both (64), --elo, --games, --concurrency games at once (1),
--pgn FILE to keep the games.
"""

import argparse
import math
import sys
import threading
import time

try:
    import chess
    import chess.engine
    import chess.pgn
except ImportError:
    sys.exit("python-chess is not installed: pip install chess")

# Opening lines, in SAN: common openings a few moves deep, so that games differ.
OPENINGS = [
    "e4 e5 Nf3 Nc6 Bb5 a6",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3",
    "d4 d5 c4 e6 Nc3 Nf6",
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6",
    "e4 e6 d4 d5 Nc3",
    "e4 c6 d4 d5 e5",
    "c4 e5 Nc3 Nf6 g3",
    "Nf3 d5 g3 Nf6 Bg2 c6",
    "e4 e5 Nf3 Nc6 Bc4 Bc5 c3",
    "d4 d5 Bf4 Nf6 e3 e6",
]

# A game this long is stopped and counted as a draw (rules end nearly all before).
MAX_PLIES = 400


def play_game(ours, theirs, opening, ours_white, movetime, their_movetime):
    board = chess.Board()
    for san in opening.split():
        board.push_san(san)
    our_limit = chess.engine.Limit(time=movetime)
    their_limit = chess.engine.Limit(time=their_movetime)
    tag = object()
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        our_turn = (board.turn == chess.WHITE) == ours_white
        engine = ours if our_turn else theirs
        result = engine.play(board, our_limit if our_turn else their_limit, game=tag)
        if result.move is None:
            break
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    return board, outcome


def elo_difference(score):
    score = min(max(score, 0.001), 0.999)
    return -400 * math.log10(1 / score - 1)


def open_pair(args):
    """Our engine and Stockfish, configured for one game at a time."""
    ours = chess.engine.SimpleEngine.popen_uci([args.engine, "uci"])
    theirs = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    ours.configure({"Level": args.level, "Threads": args.threads, "Hash": args.hash,
                    "Contempt": args.contempt})
    theirs.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Threads": 1,
                      "Hash": args.hash})
    return ours, theirs


def play_share(args, games, results, lock):
    """Plays the games numbered in `games` on one pair of engines."""
    ours, theirs = open_pair(args)
    try:
        for g in games:
            opening = OPENINGS[(g // 2) % len(OPENINGS)]
            ours_white = g % 2 == 0
            board, outcome = play_game(ours, theirs, opening, ours_white, args.movetime,
                                       args.their_movetime or args.movetime)
            with lock:
                results[g] = (opening, ours_white, board, outcome)
                report(args, g, results[g])
    finally:
        ours.quit()
        theirs.quit()


def mark_of(ours_white, outcome):
    winner = outcome.winner if outcome else None
    if winner is None:
        return "draw"
    return "win" if (winner == chess.WHITE) == ours_white else "loss"


def report(args, g, result):
    opening, ours_white, board, outcome = result
    why = outcome.termination.name.lower() if outcome else f"{MAX_PLIES}-ply cap"
    colour = "White" if ours_white else "Black"
    print(f"game {g + 1}: chess4d {colour}, {mark_of(ours_white, outcome)} ({why}, "
          f"{board.ply()} plies) after {opening}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="target/release/chess4d")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--elo", type=int, default=2200)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--level", type=int, default=8)
    ap.add_argument("--movetime", type=float, default=0.3)
    ap.add_argument("--their-movetime", type=float, default=None,
                    help="Stockfish's seconds per move (default: --movetime); Stockfish "
                         "limited to an Elo picks its move at a fixed depth, so a shorter "
                         "time than ours measures what more time is worth to us")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--contempt", type=int, default=0,
                    help="our engine's Contempt: centipawns a draw costs it (below 0 it "
                         "takes draws unless that much ahead)")
    ap.add_argument("--concurrency", type=int, default=1,
                    help="games played at once, each by its own pair of engines "
                         "(at most one per free core: only one engine of a game thinks "
                         "at a time)")
    ap.add_argument("--pgn", default=None)
    args = ap.parse_args()

    results = {}
    lock = threading.Lock()
    started = time.monotonic()
    lanes = max(1, args.concurrency)
    workers = [threading.Thread(target=play_share,
                                args=(args, range(k, args.games, lanes), results, lock))
               for k in range(lanes)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    wins = draws = losses = 0
    pgn = open(args.pgn, "w") if args.pgn else None
    for g in sorted(results):
        opening, ours_white, board, outcome = results[g]
        mark = mark_of(ours_white, outcome)
        wins += mark == "win"
        draws += mark == "draw"
        losses += mark == "loss"
        if pgn:
            game = chess.pgn.Game.from_board(board)
            game.headers["White"] = "chess4d" if ours_white else f"Stockfish {args.elo}"
            game.headers["Black"] = f"Stockfish {args.elo}" if ours_white else "chess4d"
            game.headers["Round"] = str(g + 1)
            # from_board does not claim draws: a repetition would be written "*".
            game.headers["Result"] = outcome.result() if outcome else "1/2-1/2"
            # The PGN standard's words: the cap is the script's ruling, not the rules'.
            game.headers["Termination"] = "normal" if outcome else "adjudication"
            print(game, file=pgn, end="\n\n")
    if pgn:
        pgn.close()
    n = wins + draws + losses
    if n < args.games:
        sys.exit(f"only {n} of {args.games} games finished")
    score = (wins + draws / 2) / max(n, 1)
    print(f"chess4d level {args.level} vs Stockfish UCI_Elo {args.elo}, {args.movetime} s a move, "
          f"{n} games in {time.monotonic() - started:.0f} s")
    print(f"{wins}-{draws}-{losses}  score {100 * score:.1f}%  "
          f"(Elo difference {elo_difference(score):+.0f})")


if __name__ == "__main__":
    main()
