#!/usr/bin/env bash
# Regenerates the shipped puzzle sets (puzzles/*.tsv) from engine self-play.
#
#   scripts/gen-puzzles.sh                 # every set, at the issue's sizes
#   scripts/gen-puzzles.sh orthodox shogi  # only these
#   SCALE=10 scripts/gen-puzzles.sh        # a tenth of each size (a quick look)
#
# Deterministic: the same seed and engine make the same puzzles. The yield and the
# time per puzzle are printed on stderr for each variant (the benchmark in docs/src/dev/figures.md).
# The dev profile builds the engine, core and puzzle crates optimised, so no release
# build of the viewer is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
SEED="${SEED:-1}"
SCALE="${SCALE:-1}"
declare -A COUNT=([full]=300 [classic]=300 [raumschach]=100 [crazyhouse]=100 [xiangqi]=100 [shogi]=100 [orthodox]=100)
# crazyhouse has a size but is not in the default order: Fairy-Stockfish disputes most
# of what the 5-ply search finds there (scripts/verify-puzzles-fsf.py).
ORDER=(orthodox xiangqi shogi raumschach classic full)
if [ "$#" -gt 0 ]; then ORDER=("$@"); fi
cargo build -q -p chess4d
bin="$(mktemp -d)/chess4d"
cp target/debug/chess4d "$bin"
for v in "${ORDER[@]}"; do
  n="${COUNT[$v]:?no shipped size for $v}"
  n=$(( (n + SCALE - 1) / SCALE ))
  echo "== $v: $n puzzles" >&2
  /usr/bin/time -f "$v: %e s wall, %U s user" nice "$bin" puzzles generate \
    --variant "$v" --count "$n" --seed "$SEED" --out "puzzles/$v.tsv"
done
