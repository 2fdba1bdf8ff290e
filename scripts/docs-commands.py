#!/usr/bin/env python3
"""Runs every shell block of README.md and the guide that is marked runnable.

A fenced block is runnable when the line just before its opening fence is
`<!-- runnable -->` (invisible on GitHub and in the book). Two kinds:

* ```sh: the block is a bash script (`set -euo pipefail`); it must exit 0.
* ```sh under `<!-- runnable: server -->`: each line is a command that keeps running (a
  server); it must still be running after a few seconds, and is then stopped.
* ```console: each `$ COMMAND` line is run on its own and must exit 0; the lines under
  it, up to the next `$`, must each appear in its output (stdout and stderr), in order,
  as whole lines or parts of one (`...` stands for anything and is not checked). A
  command meant to fail is followed by the line `[exit status N]`.

Blocks run in a scratch folder (also their HOME) that links the repository's variants/,
examples/, tests/, crates/, scripts/, puzzles/ and docs/ (so paths in the docs work and
files they write land in the scratch folder), with the built program first on PATH
(target/debug, or $CHESS4D_BIN_DIR), a scratch CHESS4D_DATA_DIR and no display. Anything that needs a
window is simply not marked runnable.

    scripts/docs-commands.py [FILE.md ...]      (default: README.md and docs/src/**/*.md)
"""

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARK = "<!-- runnable -->"
SERVER_MARK = "<!-- runnable: server -->"
SERVER_WAIT_S = 4
LINKED = ["variants", "examples", "tests", "crates", "scripts", "puzzles", "docs"]
TIMEOUT_S = 300


def blocks(path):
    """(line number, language, body lines) of each runnable block of a file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() in (MARK, SERVER_MARK) and i + 1 < len(lines):
            server = lines[i].strip() == SERVER_MARK
            fence = lines[i + 1].strip()
            m = re.match(r"^(`{3,})(\w+)", fence)
            if not m:
                sys.exit(f"{path}:{i + 1}: `{MARK}` must stand just before a ```sh or ```console fence")
            ticks, lang = m.group(1), m.group(2)
            if lang not in ("sh", "console"):
                sys.exit(f"{path}:{i + 2}: a runnable block is ```sh or ```console, not ```{lang}")
            if server and lang != "sh":
                sys.exit(f"{path}:{i + 2}: a server block is ```sh")
            lang = "server" if server else lang
            body = []
            j = i + 2
            while j < len(lines) and lines[j].strip() != ticks:
                body.append(lines[j])
                j += 1
            if j == len(lines):
                sys.exit(f"{path}:{i + 2}: the runnable block never closes")
            yield i + 2, lang, body
            i = j
        i += 1


def run(script, cwd, env):
    p = subprocess.run(
        ["bash", "-c", script],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=TIMEOUT_S,
    )
    return p.returncode, p.stdout


def check_servers(body, cwd, env):
    """Starts each line; each must still run after SERVER_WAIT_S seconds."""
    problems = []
    for command in [l for l in body if l.strip() and not l.strip().startswith("#")]:
        p = subprocess.Popen(
            ["bash", "-c", "exec " + command],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        try:
            out, _ = p.communicate(timeout=SERVER_WAIT_S)
            problems.append(f"`{command}` stopped (status {p.returncode}) instead of serving:\n{out}")
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, 15)
            p.communicate()
    return problems


def check_console(body, cwd, env):
    """Runs each `$` command; returns a list of problems."""
    steps = []
    for line in body:
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps and line.strip() and line.strip() != "...":
            steps[-1][1].append(line.strip())
        elif not steps and line.strip():
            return [f"a console block starts with `{line}`, not `$ COMMAND`"]
    problems = []
    for command, expected in steps:
        code, out = run("set -euo pipefail\n" + command, cwd, env)
        status = [w for w in expected if re.fullmatch(r"\[exit status \d+\]", w)]
        want_code = int(status[0][13:-1]) if status else 0
        expected = [w for w in expected if w not in status]
        if code != want_code:
            problems.append(f"`{command}` exited {code}, not {want_code}:\n{out}")
            continue
        out_lines = [l.strip() for l in out.splitlines()]
        at = 0
        for want in expected:
            while at < len(out_lines) and want not in out_lines[at]:
                at += 1
            if at == len(out_lines):
                problems.append(f"`{command}` printed no line containing `{want}` (in order); it printed:\n{out}")
                break
            at += 1
    return problems


def main():
    files = [Path(a).resolve() for a in sys.argv[1:]] or [ROOT / "README.md"] + sorted(
        (ROOT / "docs" / "src").rglob("*.md")
    )
    bin_dir = Path(os.environ.get("CHESS4D_BIN_DIR", ROOT / "target" / "debug")).resolve()
    if not (bin_dir / "chess4d").exists():
        sys.exit(f"docs-commands: {bin_dir}/chess4d is missing: run `cargo build -p chess4d` first")
    failures = 0
    ran = 0
    for path in files:
        for line, lang, body in blocks(path):
            with tempfile.TemporaryDirectory(prefix="chess4d-docs-") as scratch:
                for name in LINKED:
                    if (ROOT / name).exists():
                        os.symlink(ROOT / name, Path(scratch) / name)
                data = Path(scratch) / ".data"
                data.mkdir()
                env = dict(os.environ)
                env.pop("DISPLAY", None)
                env.pop("WAYLAND_DISPLAY", None)
                env["PATH"] = f"{bin_dir}:{env.get('PATH', '')}"
                env["CHESS4D_DATA_DIR"] = str(data)
                # `~/...` in a block lands in the scratch folder; cargo keeps its own home.
                home = Path.home()
                env.setdefault("CARGO_HOME", str(home / ".cargo"))
                env.setdefault("RUSTUP_HOME", str(home / ".rustup"))
                env["HOME"] = scratch
                env.setdefault("XDG_RUNTIME_DIR", scratch)
                where = f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{line}"
                started = time.monotonic()
                try:
                    if lang == "server":
                        problems = check_servers(body, scratch, env)
                    elif lang == "sh":
                        code, out = run("set -euo pipefail\n" + "\n".join(body), scratch, env)
                        problems = [] if code == 0 else [f"exited {code}:\n{out}"]
                    else:
                        problems = check_console(body, scratch, env)
                except subprocess.TimeoutExpired:
                    problems = [f"took more than {TIMEOUT_S} s"]
            ran += 1
            where += f" ({time.monotonic() - started:.1f} s)"
            if problems:
                failures += 1
                print(f"FAIL {where}")
                for p in problems:
                    print("  " + p.replace("\n", "\n  "))
            else:
                print(f"ok   {where}")
    print(f"docs-commands: {ran} runnable blocks, {failures} failed")
    if ran == 0:
        sys.exit("docs-commands: no runnable block found: the marker is `<!-- runnable -->`")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
