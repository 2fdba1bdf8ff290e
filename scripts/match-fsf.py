#!/usr/bin/env python3
"""A match on any variant: `chess4d uci` against Fairy-Stockfish (on the 2D variants
it knows), or one chess4d against another (self-play, on any board: the 4D sets'
moves go over UCI in coordinate notation), with our rules as referee.

Both engines speak UCI over pipes (a small driver here: python-chess's UCI client
checks moves with its own chess boards, which know no xiangqi or shogi). The referee is
`crates/engine/examples/referee.rs`: our rules judge every move and end the game by
every end the variant has (mate, stalemate, repetition, the move limit, bare kings,
goals, checks, ...). An illegal move, a crash or a move not given in time loses. Each
opening of the variant's book (`scripts/data/openings/VARIANT.txt`) is played twice,
once with each colour. A PGN of the games is written with --pgn (moves in UCI text).

    cargo build --release -p chess4d -p chess4d-engine --example referee
    scripts/match-fsf.py --variant xiangqi --games 20 --movetime 200 --pgn xiangqi.pgn

Self-play with a sequential probability ratio test (fishtest's way, on game pairs):
the test stops as soon as the log-likelihood ratio leaves its bounds.

    scripts/match-fsf.py --variant orthodox --opponent chess4d --engine2 other/chess4d \\
        --sprt --elo0 0 --elo1 5 --alpha 0.05 --beta 0.05 --games 20000

Options: --engine (target/release/chess4d), --fsf (/usr/games/fairy-stockfish),
--fsf-variant (Fairy-Stockfish's name when it differs: orthodox is `chess`),
--referee (target/release/examples/referee, else the debug one), --book FILE,
--level and --level2 (8), --hash MiB (16), --threads (1), --max-plies (600),
--option2 NAME=VALUE for the second engine (repeatable), --nodes N (`go nodes N`
instead of a move time: self-play that a busy machine does not skew), --sprt-min-pairs (10: no
SPRT verdict before that many game pairs, whose variance is too small to trust).
"""

import argparse
import math
import os
import queue
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Our catalog names that Fairy-Stockfish knows by another.
FSF_NAMES = {"orthodox": "chess", "fischerandom": "chess"}


class EngineError(Exception):
    """An engine crashed, spoke out of turn or ran out of time."""


class Uci:
    """One UCI engine process."""

    def __init__(self, argv, name):
        self.name = name
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        # A thread reads the engine's lines into a queue, so that a wait can time out.
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("uci")
        self.wait_for("uciok", 10.0)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError(f"{self.name}: cannot write ({e})")

    def wait_for(self, word, timeout):
        """Lines until one that starts with `word`; that line, split."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineError(f"{self.name}: no '{word}' within {timeout:.1f} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise EngineError(f"{self.name}: the process ended")
            parts = line.split()
            if parts and parts[0] == "info":
                self.note_info(parts)
            if parts and parts[0] == word:
                return parts

    def note_info(self, parts):
        """Keeps the depth and score of the last `info` line with a score, for the
        PGN's move comments (where a game turned, and what each side thought)."""
        if "score" not in parts:
            return
        if "multipv" in parts and parts[parts.index("multipv") + 1:][:1] != ["1"]:
            return
        i = parts.index("score")
        if i + 2 < len(parts):
            depth = parts[parts.index("depth") + 1] if "depth" in parts else "?"
            kind, value = parts[i + 1], parts[i + 2]
            self.last_info = f"{'#' if kind == 'mate' else ''}{value}/{depth}"

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def option(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def ready(self):
        self.send("isready")
        self.wait_for("readyok", 30.0)

    def new_game(self):
        self.send("ucinewgame")
        self.ready()

    def best_move(self, fen, moves, movetime_ms, nodes=None):
        pos = "position startpos" if fen is None else f"position fen {fen}"
        if moves:
            pos += " moves " + " ".join(moves)
        self.send(pos)
        self.send(f"go nodes {nodes}" if nodes else f"go movetime {movetime_ms}")
        self.last_info = None
        # A generous margin: a move is late only when it is far later than asked.
        words = self.wait_for("bestmove", movetime_ms / 1000 * 3 + 5.0 + (nodes or 0) / 5000)
        return words[1] if len(words) > 1 else "(none)"

    def take_info(self):
        """The score/depth of the last search's last info line ("" if none): centipawns
        or #mate, from the side to move."""
        info, self.last_info = getattr(self, "last_info", None), None
        return info or ""

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=2)
        except (EngineError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


class Referee:
    """Our rules, as `examples/referee` speaks them."""

    @staticmethod
    def found(path=None):
        """The referee at `path`, else the release build's, else the debug one's; the
        script stops with the build command where there is none."""
        candidates = [path] if path else [
            os.path.join(ROOT, "target", kind, "examples", "referee")
            for kind in ("release", "debug")]
        for candidate in candidates:
            if os.path.exists(candidate):
                return Referee(candidate)
        sys.exit("no referee: cargo build --release -p chess4d-engine --example referee")

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        if not answer:
            sys.exit(f"the referee stopped answering after: {line}")
        return answer

    def new(self, variant, fen=None):
        answer = self.ask(f"new {variant}" + (f" {fen}" if fen else ""))
        if not answer.startswith("ok"):
            sys.exit(f"the referee refused the variant: {answer}")
        return answer[3:]

    def move(self, text):
        """('ok', ''), ('over', 'RESULT words'), or ('illegal', why)."""
        answer = self.ask(f"move {text}")
        verb, _, rest = answer.partition(" ")
        return verb, rest

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def read_book(path, referee, variant):
    lines = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            referee.new(variant)
            for mv in line:
                verb, why = referee.move(mv)
                if verb != "ok":
                    sys.exit(f"{path}:{number}: {mv} is {verb}: {why}")
            lines.append(line)
    if not lines:
        sys.exit(f"{path}: no opening lines")
    return lines


def play_game(args, engines, referee, opening, first_white):
    """One game; engines[0] is ours. Returns (result, termination, moves, notes): a
    note per move, the mover's last reported score/depth (empty in the opening)."""
    fen = None
    referee.new(args.variant)
    moves, notes = [], []
    for mv in opening:
        referee.move(mv)
        moves.append(mv)
        notes.append("")
    white, black = (engines[0], engines[1]) if first_white else (engines[1], engines[0])
    for e in engines:
        e.new_game()
    while True:
        to_move = white if len(moves) % 2 == 0 else black
        loser_result = "0-1" if to_move is white else "1-0"
        if len(moves) >= args.max_plies:
            return "1/2-1/2", f"adjudicated: {args.max_plies} plies", moves, notes
        try:
            mv = to_move.best_move(fen, moves, args.movetime, args.nodes)
        except EngineError as e:
            return loser_result, f"{to_move.name} failed: {e}", moves, notes
        if mv in ("(none)", "0000"):
            return loser_result, f"{to_move.name} gave no move in an unfinished game", moves, notes
        verb, rest = referee.move(mv)
        if verb == "illegal":
            return loser_result, f"{to_move.name} played an illegal move {mv}: {rest}", moves, notes
        moves.append(mv)
        notes.append(to_move.take_info())
        if verb == "over":
            result, _, words = rest.partition(" ")
            return result, words, moves, notes


def pgn(args, names, opening, result, termination, moves, notes, round_no):
    tags = [("Event", f"chess4d match ({args.variant})"), ("Site", "match-fsf.py"),
            ("Round", str(round_no)), ("White", names[0]), ("Black", names[1]),
            ("Result", result), ("Variant", args.variant),
            ("Opening", " ".join(opening)), ("Termination", termination)]
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags)
    body = []
    for i, mv in enumerate(moves):
        body.append(f"{i // 2 + 1}. {mv}" if i % 2 == 0 else mv)
        if i < len(notes) and notes[i]:
            body.append("{" + notes[i] + "}")
    body.append(result)
    text, line = [], ""
    for word in body:
        if len(line) + len(word) + 1 > 79:
            text.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    text.append(line)
    return head + "\n" + "\n".join(text) + "\n\n"


def expected_score(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def sprt_llr(pairs, elo0, elo1):
    """Fishtest's generalised SPRT on game pairs (pentanomial): the log-likelihood
    ratio of elo1 against elo0 from the pairs' mean score and its variance, each of
    the five pair results counted 0.001 more (fishtest's regularisation: no zero
    variance from a handful of pairs all alike)."""
    if len(pairs) < 2:
        return 0.0
    counts = [1e-3] * 5
    for p in pairs:
        counts[round(p * 4)] += 1
    n = sum(counts)
    mean = sum(c * i / 4 for i, c in enumerate(counts)) / n
    var = sum(c * (i / 4 - mean) ** 2 for i, c in enumerate(counts)) / n
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def elo_difference(score):
    score = min(max(score, 0.001), 0.999)
    return -400 * math.log10(1 / score - 1) + 0.0  # no "-0"


def open_engines(args):
    ours = Uci([args.engine, "uci"], "chess4d")
    ours.option("UCI_Variant", args.variant)
    ours.option("Level", args.level)
    ours.option("Threads", args.threads)
    ours.option("Hash", args.hash)
    if args.opponent == "fsf":
        theirs = Uci([args.fsf], "Fairy-Stockfish")
        theirs.option("UCI_Variant", args.fsf_variant or FSF_NAMES.get(args.variant, args.variant))
        theirs.option("Threads", args.threads)
        theirs.option("Hash", args.hash)
    else:
        theirs = Uci([args.engine2 or args.engine, "uci"], "chess4d-2")
        theirs.option("UCI_Variant", args.variant)
        theirs.option("Level", args.level2)
        theirs.option("Threads", args.threads)
        theirs.option("Hash", args.hash)
        for pair in args.option2:
            name, _, value = pair.partition("=")
            theirs.option(name, value)
    for e in (ours, theirs):
        e.ready()
    return ours, theirs


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="orthodox")
    p.add_argument("--fsf-variant")
    p.add_argument("--opponent", choices=["fsf", "chess4d"], default="fsf")
    p.add_argument("--engine", default=os.path.join(ROOT, "target/release/chess4d"))
    p.add_argument("--engine2")
    p.add_argument("--option2", action="append", default=[])
    p.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    p.add_argument("--referee")
    p.add_argument("--book")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--movetime", type=int, default=200, help="milliseconds a move")
    p.add_argument("--nodes", type=int,
                   help="nodes a move instead of --movetime (self-play on a busy machine)")
    p.add_argument("--level", type=int, default=8)
    p.add_argument("--level2", type=int, default=8)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--hash", type=int, default=16)
    p.add_argument("--max-plies", type=int, default=600)
    p.add_argument("--pgn")
    p.add_argument("--sprt", action="store_true")
    p.add_argument("--elo0", type=float, default=0.0)
    p.add_argument("--elo1", type=float, default=5.0)
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--sprt-min-pairs", type=int, default=10)
    args = p.parse_args()

    for path in [args.engine] + ([args.fsf] if args.opponent == "fsf" else []):
        if not os.path.exists(path):
            sys.exit(f"no engine at {path}")
    referee = Referee.found(args.referee)
    book = args.book or os.path.join(ROOT, "scripts", "data", "openings", f"{args.variant}.txt")
    if not os.path.exists(book):
        sys.exit(f"no opening book {book} (one line of UCI moves per opening)")
    openings = read_book(book, referee, args.variant)

    engines = open_engines(args)
    lower = math.log(args.beta / (1 - args.alpha))
    upper = math.log((1 - args.beta) / args.alpha)
    wins = draws = losses = 0
    pair_scores, pending = [], None
    out = open(args.pgn, "w", encoding="utf-8") if args.pgn else None
    try:
        for game in range(args.games):
            opening = openings[(game // 2) % len(openings)]
            ours_white = game % 2 == 0
            result, termination, moves, notes = play_game(args, engines, referee, opening,
                                                          ours_white)
            names = [e.name for e in (engines if ours_white else engines[::-1])]
            ours = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            if not ours_white:
                ours = 1.0 - ours
            wins += ours == 1.0
            draws += ours == 0.5
            losses += ours == 0.0
            played = wins + draws + losses
            score = (wins + draws / 2) / played
            print(f"game {game + 1:3}: {names[0]} - {names[1]} {result} ({termination}); "
                  f"{len(moves)} plies; {engines[0].name} {wins}-{draws}-{losses}, "
                  f"{100 * score:.1f}%, Elo {elo_difference(score):+.0f}", flush=True)
            if out:
                out.write(pgn(args, names, opening, result, termination, moves, notes, game + 1))
                out.flush()
            if pending is None:
                pending = ours
                continue
            pair_scores.append((pending + ours) / 2)
            pending = None
            if args.sprt:
                llr = sprt_llr(pair_scores, args.elo0, args.elo1)
                print(f"  SPRT elo0 {args.elo0:g} elo1 {args.elo1:g}: LLR {llr:.3f} "
                      f"[{lower:.3f}, {upper:.3f}] after {len(pair_scores)} pairs", flush=True)
                # A handful of pairs all alike has next to no variance, and the ratio
                # runs off to a bound on luck alone: no verdict before --sprt-min-pairs.
                if len(pair_scores) < args.sprt_min_pairs:
                    continue
                if llr >= upper:
                    print(f"SPRT: H1 accepted (the change is at least {args.elo1:g} Elo)")
                    break
                if llr <= lower:
                    print(f"SPRT: H0 accepted (the change is not {args.elo1:g} Elo)")
                    break
    finally:
        for e in engines:
            e.close()
        referee.close()
        if out:
            out.close()
    played = wins + draws + losses
    if played:
        score = (wins + draws / 2) / played
        print(f"{args.variant}: {engines[0].name} {wins}-{draws}-{losses} in {played} games, "
              f"{100 * score:.1f}%, Elo {elo_difference(score):+.0f}")


if __name__ == "__main__":
    main()
