#!/usr/bin/env bash
# Runs every test of the workspace: unit, property, perft, plugin, rendering and the
# real window under Xvfb. On a machine where it runs as root it first installs the few
# Debian packages the rendering and window tests need (lavapipe, Xvfb, xdotool) and
# fairy-stockfish and python3 (scripts/gen-fsf-perft.py regenerates tests/fsf with them).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
# stockfish, fairy-stockfish: the external-engine tests (crates/app/src/session/
# uci_client.rs, engines.rs, scripts/analysis-window-test.sh) and the Fairy-Stockfish
# perft oracle (crates/variants/tests/fsf.rs).
for pkg in mesa-vulkan-drivers xvfb xauth xdotool x11-apps imagemagick stockfish fairy-stockfish python3; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ "${#need[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "== installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  else
    echo "== missing packages (install them as root for the rendering tests): ${need[*]}"
  fi
fi

# python-chess drives the UCI test (crates/app/tests/uci.rs) and judges SAN and PGN
# (crates/app/tests/pgn_python.rs).
if ! python3 -c "import chess.engine" 2>/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    echo "== installing python-chess"
    export DEBIAN_FRONTEND=noninteractive
    if ! command -v python3 >/dev/null || ! command -v pip3 >/dev/null; then
      apt-get update -qq
      apt-get install -y -qq --no-install-recommends python3 python3-pip >/dev/null
    fi
    pip3 install -q chess 2>/dev/null || pip3 install -q --break-system-packages chess
  else
    echo "== python-chess is missing (pip install chess): the UCI and PGN tests will skip them"
  fi
fi

export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR"
# Tests never touch the player's own archive.
CHESS4D_DATA_DIR="$(mktemp -d)"
export CHESS4D_DATA_DIR
trap 'rm -rf "$CHESS4D_DATA_DIR"' EXIT

# ---- PostgreSQL: the server tests run on it too (crates/app/tests/serve) ------------
# A private cluster from Debian's packages (installed here when root and missing), in a
# temporary folder, on 127.0.0.1 only, stopped on exit. It exports CHESS4D_TEST_PG, the
# URL of a role that may create databases (each test makes its own). Under CI a missing
# PostgreSQL fails the run instead of skipping the PostgreSQL tests.
pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$pg_bin" ] && [ "$(id -u)" = 0 ]; then
  echo "== installing postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
fi
pg_dir=""
pg_stop() {
  if [ -n "$pg_dir" ]; then
    pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
  fi
}
# initdb refuses to run as root: as root the cluster belongs to Debian's postgres user.
pg_as() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ -n "$pg_bin" ]; then
  pg_port="${CHESS4D_PG_PORT:-54329}"
  pg_dir="$(mktemp -d)"
  [ "$(id -u)" = 0 ] && chown postgres "$pg_dir"
  echo "== starting PostgreSQL ($pg_bin) on 127.0.0.1:$pg_port"
  pg_as "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U postgres >"$pg_dir/initdb.log" 2>&1 \
    || { cat "$pg_dir/initdb.log"; exit 1; }
  pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
    -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1" start >/dev/null \
    || { cat "$pg_dir/log"; exit 1; }
  psql -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres \
    -c "CREATE ROLE chess4d LOGIN CREATEDB PASSWORD 'chess4d'"
  export CHESS4D_TEST_PG="postgres://chess4d:chess4d@127.0.0.1:$pg_port/postgres"
elif [ -n "${CI:-}" ]; then
  echo "== PostgreSQL is missing and cannot be installed (run as root): the server tests need it under CI"
  exit 1
else
  echo "== PostgreSQL is missing (apt-get install postgresql): the server tests run on SQLite only"
fi
trap 'pg_stop; rm -rf "$CHESS4D_DATA_DIR"' EXIT
# ---- end of PostgreSQL ----------------------------------------------------------------

echo "== building the workspace (plugins included)"
cargo build --workspace --all-targets
echo "== cargo test --workspace"
# Tests that run another package's program use the one just built (see plugin_abi.rs).
export CHESS4D_WORKSPACE_BUILT=1
cargo test --workspace
if [ -n "${CHESS4D_TEST_PG:-}" ]; then
  echo "== the server tests again, on PostgreSQL (the same test binary)"
  # --workspace, not -p chess4d: the package alone unifies other features and would
  # compile the test binary again (a minute on CI).
  CHESS4D_TEST_BACKEND=postgres cargo test --workspace --test serve
fi
echo "== the guide's plugin steps, inside and outside the workspace"
scripts/plugin-steps.sh
# The window tests below mostly wait on Xvfb and the clocks: meanwhile, at the lowest
# priority, the documentation step's tools are built (mdBook, cargo doc). Nothing after
# this line runs cargo until the documentation step, which waits for it.
mkdir -p target
nice -n 19 scripts/docs-check.sh --prepare >target/docs-prepare.log 2>&1 &
docs_prepare=$!
trap 'kill "$docs_prepare" 2>/dev/null || true; pg_stop; rm -rf "$CHESS4D_DATA_DIR"' EXIT
if [ -x scripts/window-test.sh ]; then
  echo "== the real window under Xvfb"
  scripts/window-test.sh
fi
if [ -x scripts/analysis-window-test.sh ]; then
  echo "== the analysis board under Xvfb (attackers, evaluation bar, Stockfish)"
  scripts/analysis-window-test.sh
fi
if [ -x scripts/first-game-window-test.sh ]; then
  echo "== a first game under Xvfb (the first start's card, analysis, Play from here, the computer answers)"
  scripts/first-game-window-test.sh
fi
if [ -x scripts/editor-window-test.sh ]; then
  echo "== the board editor under Xvfb (a position built by mouse, then played)"
  scripts/editor-window-test.sh
fi
if [ -x scripts/view-options-window-test.sh ]; then
  echo "== the 4D view options under Xvfb (a quarter turn mid-animation and at rest)"
  scripts/view-options-window-test.sh
fi
if [ -x scripts/hands-window-test.sh ]; then
  echo "== pieces in hand under Xvfb (crazyhouse drops by mouse and by keyboard)"
  scripts/hands-window-test.sh
fi
if [ -x scripts/puzzle-window-test.sh ]; then
  echo "== the Puzzles tab under Xvfb (a 4D puzzle solved by mouse, a wrong move refuted, Glicko-2 in the archive)"
  scripts/puzzle-window-test.sh
fi
if [ -x scripts/clock-window-test.sh ]; then
  echo "== clocks under Xvfb (a 1+0 game lost on time, a 5+3 game's clocks in its file and PGN)"
  scripts/clock-window-test.sh
fi
if [ -x scripts/online-window-test.sh ]; then
  echo "== online play under Xvfb (two viewers on a real chess4d serve: a seek accepted, a mate by mouse, one viewer killed and back)"
  scripts/online-window-test.sh
fi

# ---- documentation (docs/src/dev/docs.md): pictures, runnable blocks, links, the book,
# the command-line page, cargo doc. The server chapter's block asks the server with curl.
if ! command -v curl >/dev/null && [ "$(id -u)" = 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends curl >/dev/null
fi
wait "$docs_prepare" || { cat target/docs-prepare.log; echo "== preparing the documentation failed (above)"; exit 1; }
echo "== the README and the guide (scripts/docs-check.sh)"
scripts/docs-check.sh
# ---- end of documentation
