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

echo "== building the workspace (plugins included)"
cargo build --workspace --all-targets
echo "== cargo test --workspace"
cargo test --workspace
echo "== the guide's plugin steps, inside and outside the workspace"
scripts/plugin-steps.sh
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
echo "== the README and the guide (scripts/docs-check.sh)"
scripts/docs-check.sh
# ---- end of documentation
