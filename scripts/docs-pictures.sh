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

# Positions of the full set: a lone queen on b2[0,0] (kings far away), a lone rook on
# a1[0,0], and the Learn tab's check across W (the rook on a1[0,0], the king on a1[0,1]).
queen='4/4/1Q2/4|4/4/4/K3|4/4/4/4|3k/4/4/4 w - - 0 1'
rook='4/4/4/R3|3K/4/4/4|4/4/4/4|k3/4/4/4 w - - 0 1'
check_across_w='4/4/4/R3|3K/4/4/4|4/4/4/k3|4/4/4/4 b - - 0 1'

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
# The four steps of 4D chess (docs/src/playing/4d-chess.md); step 1 shows the two above.
draw step2-queen-reach --variant full --fen "$queen" --select 'b2[0,0]' --view both --size 800x450
draw step3-rook-coordinates --variant full --fen "$rook" --select 'a1[0,0]' --view both --size 800x450
draw step4-check-across-w --variant full --fen "$check_across_w" --watch 'a1[0,1]' --view both --size 800x450
draw try-it --variant full --view both --select 'a1[0,0]' --size 800x450
# A variant written in the tutorial (docs/src/variants/tutorial.md).
draw dragon-cube --variant examples/variants/dragon-cube.toml --view both --size 720x360
