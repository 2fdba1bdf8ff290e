#!/usr/bin/env bash
# Rebuilds the opening corpora shipped for the analysis board's explorer
# (puzzles/openings/*.tsv) from engine self-play: deterministic from the seed.
#
#   scripts/gen-openings.sh              # full (200 games) and classic (120), seed 1
#   GAMES=20 scripts/gen-openings.sh     # smaller corpora (a quick look)
#
# Any other variant's corpus is built by `chess4d explore-openings --variant V` into
# the data folder, where the viewer looks first.
set -euo pipefail
cd "$(dirname "$0")/.."
SEED="${SEED:-1}"
declare -A SIZE=([full]=200 [classic]=120)
cargo build -q -p chess4d
bin="$(mktemp -d)/chess4d"
cp target/debug/chess4d "$bin"
variants=("$@")
[ "${#variants[@]}" -gt 0 ] || variants=(full classic)
for v in "${variants[@]}"; do
  games="${GAMES:-${SIZE[$v]:-100}}"
  /usr/bin/time -f "$v: %e s wall, %U s user" nice "$bin" explore-openings \
    --variant "$v" --games "$games" --seed "$SEED" --out "puzzles/openings/$v.tsv"
done
