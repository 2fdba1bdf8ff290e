#!/usr/bin/env python3
"""Drives `chess4d uci` with python-chess's UCI client, as a GUI or match runner would.

Usage: python_chess_client.py PATH/TO/chess4d

Checks, each failing with a message (exit status 1):
  * the options are listed with their types and can be set;
  * `analyse` with MultiPV 3 gives three lines with distinct, legal first moves;
  * a whole game (the engine on a clock against a random mover) has only legal moves;
  * pondering: `go ponder`, then `ponderhit` or `stop`, gives legal moves;
  * castling in Chess960 mode is written king takes rook;
  * `stop` during `go infinite` answers with a bestmove at once;
  * crazyhouse: the drop that saves the king comes back as `N@b1` (bestmove and PV),
    and a game with captures and drops, the positions sent with their pockets, has
    only legal moves.
Exit status 2 if python-chess is missing (the Rust test decides what that means).
"""

import random
import sys
import time

try:
    import chess
    import chess.engine
except ImportError:
    print("python-chess is not installed (pip install chess)", file=sys.stderr)
    sys.exit(2)


def check(cond, message):
    if not cond:
        raise AssertionError(message)


def options(engine):
    opts = engine.options
    for name in ["UCI_Variant", "MultiPV", "Level", "Skill Level", "Hash", "Threads",
                 "UCI_Chess960"]:
        check(name in opts, f"option {name} listed")
    check("chess" in opts["UCI_Variant"].var, f"UCI_Variant has chess: {opts['UCI_Variant'].var}")
    check(opts["MultiPV"].max >= 5, "MultiPV goes to 5 at least")
    check(opts["Level"].min == 1 and opts["Level"].max == 8, "Level is 1 to 8")
    engine.configure({"Hash": 8, "Threads": 2, "Level": 8})
    # A refused value is python-chess's own error, before the engine sees it.
    try:
        engine.configure({"Threads": 0})
        raise AssertionError("Threads 0 should be refused")
    except chess.engine.EngineError:
        pass
    engine.configure({"Threads": 1})


def multipv(engine):
    board = chess.Board()
    board.push_san("e4")
    infos = engine.analyse(board, chess.engine.Limit(depth=5), multipv=3)
    check(len(infos) == 3, f"three lines, got {len(infos)}")
    firsts = []
    for k, info in enumerate(infos, start=1):
        check(info.get("multipv") == k, f"line {k} numbered: {info}")
        for key in ["depth", "seldepth", "score", "nodes", "nps", "time", "hashfull", "pv"]:
            check(key in info, f"line {k} has {key}: {info}")
        pv = info["pv"]
        check(len(pv) >= 1, f"line {k} has moves")
        b = board.copy()
        for mv in pv:
            check(mv in b.legal_moves, f"{mv} legal in line {k}")
            b.push(mv)
        firsts.append(pv[0])
    check(len(set(firsts)) == 3, f"distinct first moves: {firsts}")
    scores = [i["score"].relative.score(mate_score=100000) for i in infos]
    check(scores == sorted(scores, reverse=True), f"lines best first: {scores}")


def whole_game(engine, seed):
    rng = random.Random(seed)
    board = chess.Board()
    clock = {chess.WHITE: 3.0, chess.BLACK: 3.0}
    game = object()
    engine_side = chess.WHITE if seed % 2 == 0 else chess.BLACK
    while not board.is_game_over(claim_draw=True) and board.ply() < 300:
        if board.turn == engine_side:
            limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                       white_inc=0.02, black_inc=0.02)
            start = time.monotonic()
            result = engine.play(board, limit, game=game)
            spent = time.monotonic() - start
            clock[engine_side] += 0.02 - spent
            check(result.move is not None, f"a move at ply {board.ply()}")
            check(result.move in board.legal_moves, f"{result.move} legal in {board.fen()}")
            check(clock[engine_side] > 0, f"the engine lost on time at ply {board.ply()}")
            board.push(result.move)
        else:
            board.push(rng.choice(list(board.legal_moves)))
    outcome = board.outcome(claim_draw=True)
    print(f"game {seed}: {outcome.result() if outcome else 'unfinished'} after {board.ply()} plies")
    return board.ply()


def pondering(engine):
    """Plays with ponder on: the expected reply becomes `ponderhit`, another `stop`."""
    rng = random.Random(5)
    board = chess.Board()
    game = object()
    hits = 0
    while not board.is_game_over() and board.ply() < 30:
        limit = chess.engine.Limit(white_clock=3, black_clock=3)
        result = engine.play(board, limit, ponder=True, game=game)
        check(result.move in board.legal_moves, f"{result.move} legal while pondering")
        board.push(result.move)
        if board.is_game_over():
            break
        if result.ponder in board.legal_moves and rng.random() < 0.7:
            board.push(result.ponder)
            hits += 1
        else:
            board.push(rng.choice(list(board.legal_moves)))
    check(hits > 0, "some ponder moves were played")
    print(f"pondering: {board.ply()} plies, {hits} ponderhits")


def chess960_castling(engine):
    board = chess.Board(chess960=True)
    for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]:
        board.push_san(san)
    castle = board.parse_san("O-O")
    check(castle.uci() == "e1h1", "python-chess writes 960 castling as king takes rook")
    result = engine.play(board, chess.engine.Limit(depth=2), root_moves=[castle])
    check(result.move == castle, f"castled the 960 way: {result.move}")


def stop_infinite(engine):
    board = chess.Board()
    with engine.analysis(board) as analysis:
        time.sleep(0.5)
        start = time.monotonic()
        analysis.stop()
        best = analysis.wait()
        took = time.monotonic() - start
    check(best.move in board.legal_moves, f"a legal bestmove after stop: {best.move}")
    check(took < 1.0, f"stop answered in {took:.3f} s")
    print(f"stop answered in {took * 1000:.0f} ms")


def crazyhouse(engine):
    import chess.variant

    board = chess.variant.CrazyhouseBoard("7k/8/8/8/8/8/7r/K6r[N] w - - 0 1")
    result = engine.play(board, chess.engine.Limit(depth=2), info=chess.engine.INFO_PV)
    drop = chess.Move.from_uci("N@b1")
    check(result.move == drop, f"the knight drop that blocks: {result.move}")
    pv = result.info.get("pv", [])
    check(pv[:1] == [drop], f"the PV starts with the drop: {pv}")
    b = board.copy()
    for mv in pv:
        check(mv in b.legal_moves, f"{mv} legal in the PV")
        b.push(mv)
    # A game: the engine against a random mover; python-chess sends each position
    # with its pockets and reads every answer against its own crazyhouse rules.
    rng = random.Random(7)
    board = chess.variant.CrazyhouseBoard()
    drops = 0
    while not board.is_game_over() and board.ply() < 80:
        if board.turn == chess.WHITE:
            mv = engine.play(board, chess.engine.Limit(depth=2)).move
            check(mv in board.legal_moves, f"a legal crazyhouse move: {mv}")
        else:
            moves = list(board.legal_moves)
            captures = [m for m in moves if board.is_capture(m) or m.drop]
            mv = rng.choice(captures or moves)
        drops += mv.drop is not None
        board.push(mv)
    check(drops > 0, "the game had drops")
    print(f"crazyhouse: {board.ply()} plies, {drops} drops, {board.result()}")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    engine = chess.engine.SimpleEngine.popen_uci([sys.argv[1], "uci"], timeout=60)
    try:
        options(engine)
        multipv(engine)
        for seed in range(2):
            whole_game(engine, seed)
        pondering(engine)
        chess960_castling(engine)
        stop_infinite(engine)
        crazyhouse(engine)
    except AssertionError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
    finally:
        engine.quit()
    print("python-chess drove chess4d uci: all checks passed")


if __name__ == "__main__":
    main()
