#!/usr/bin/env bash
# Rebuilds the opening corpora shipped for the analysis board's explorer
# (puzzles/openings/*.tsv) from engine self-play: deterministic from the seed.
#
#   scripts/gen-openings.sh              # full and classic, 100 games each
#   GAMES=20 scripts/gen-openings.sh     # a smaller corpus (a quick look)
#
# Any other variant's corpus is built by `chess4d explore-openings --variant V` into
# the data folder, where the viewer looks first.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES="${GAMES:-100}"
SEED="${SEED:-1}"
cargo build -q -p chess4d
bin="$(mktemp -d)/chess4d"
cp target/debug/chess4d "$bin"
for v in "${@:-full classic}"; do
  for one in $v; do
    /usr/bin/time -f "$one: %e s wall, %U s user" nice "$bin" explore-openings \
      --variant "$one" --games "$GAMES" --seed "$SEED" --out "puzzles/openings/$one.tsv"
  done
done
