#!/usr/bin/env bash
# Draws the guide's and the README's pictures with `chess4d render` (off-screen; no GPU
# needed: Mesa's llvmpipe or lavapipe draws them), so they never go stale: CI runs this
# before building the guide. Each picture is named after what it shows; the pages that
# show one link it from docs/src/pictures/.
#
#   scripts/docs-pictures.sh [OUT_DIR]     (default docs/src/pictures)
#
# CHESS4D names the program to use (default target/debug/chess4d, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-docs/src/pictures}"
bin="${CHESS4D:-target/debug/chess4d}"
if [ ! -x "$bin" ]; then
  cargo build -q -p chess4d
fi
mkdir -p "$out"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR"
export CHESS4D_DATA_DIR="${CHESS4D_DATA_DIR:-$(mktemp -d)}"

# A position of the full set with only a piece on b2[0,0] and the two kings.
lone() { echo "4/4/1${1}2/4|4/4/4/K3|4/4/4/4|3k/4/4/4 w - - 0 1"; }
# The full set after 1. Ra1[0,1] a2[1,1]+ : a pawn gives check across W.
check_across_w='4/4/PPPP/1NBQ|4/4/PPPP/KBNR|rnbq/pppp/4/R3|kbnr/1ppp/p3/4 w - - 0 2'

draw() {
  local name="$1"
  shift
  "$bin" render "$@" --out "$out/$name.png" >/dev/null
  local bytes
  bytes=$(wc -c <"$out/$name.png")
  # Pictures are committed: keep each small (the sizes below give 60-150 KB).
  if [ "$bytes" -gt 160000 ]; then
    echo "docs-pictures: $out/$name.png is $bytes bytes; draw it smaller" >&2
    exit 1
  fi
  echo "drew $out/$name.png ($bytes bytes)"
}

# The README's two screenshots: the tesseract and the flat boards of the full set.
draw tesseract --variant full --view tesseract --size 640x480
draw flat --variant full --view flat --size 480x480
# The four steps of 4D chess (docs/src/playing/4d-chess.md).
draw step1-rook-across-w --variant full --view both --select 'a1[0,0]' --size 800x450
draw step2-queen-reach --variant full --fen "$(lone Q)" --select 'b2[0,0]' --view both --size 800x450
draw step3-knight-leap --variant full --fen "$(lone N)" --select 'b2[0,0]' --view both --size 800x450
draw step4-check-across-w --variant full --fen "$check_across_w" --watch 'a1[1,0]' --view both --size 800x450
# A variant written in the tutorial (docs/src/variants/tutorial.md).
draw dragon-cube --variant examples/variants/dragon-cube.toml --view both --size 720x360
