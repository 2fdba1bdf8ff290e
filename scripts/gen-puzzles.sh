#!/usr/bin/env bash
# Regenerates the shipped puzzle sets (puzzles/*.tsv) from engine self-play.
#
#   scripts/gen-puzzles.sh                 # every shipped set, exactly as shipped
#   scripts/gen-puzzles.sh orthodox shogi  # only these
#   SCALE=10 scripts/gen-puzzles.sh        # a tenth of each chunk (a quick look)
#   JOBS=2 scripts/gen-puzzles.sh full     # chunks of a set run side by side
#
# A set is made of chunks, each `seed:count`: the first `count` puzzles the generator
# makes from `seed`. Chunks are independent (one process each, so they can run in
# parallel or on other machines) and deterministic: the generator's first K puzzles
# do not depend on --count, so a set grows by appending a chunk with a new seed and
# what shipped before stays its prefix. The chunks are joined in order, a position
# already in the set is dropped, and the ids are renumbered (variant-0001, ...).
#
# The yield and the time per puzzle are printed on stderr for each chunk (the
# benchmark in docs/src/dev/figures.md). The dev profile builds the engine, core and puzzle crates
# optimised, so no release build of the viewer is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
SCALE="${SCALE:-1}"
JOBS="${JOBS:-1}"
# What ships: seed 1 is the first run (cut by time), later seeds were added to reach
# the issue's sizes (300 full and classic, 100 for the others).
declare -A CHUNKS=(
  [full]="1:38 2:74 3:19 4:89 5:91"
  [classic]="1:138 2:162 3:4"
  [raumschach]="1:20 2:13 3:67"
  [xiangqi]="1:53 2:47"
  [shogi]="1:20 2:80"
  [orthodox]="1:50 2:50"
  [crazyhouse]="1:100"
)
# crazyhouse has chunks but is not in the default order: Fairy-Stockfish disputes most
# of its puzzles, for reasons crates/puzzles/src/shipped.rs gives.
ORDER=(full classic raumschach shogi xiangqi orthodox)
if [ "$#" -gt 0 ]; then ORDER=("$@"); fi
cargo build -q -p chess4d
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A copy, so that a rebuild while this runs does not change the engine under it.
bin="$work/chess4d"
cp target/debug/chess4d "$bin"
for v in "${ORDER[@]}"; do
  chunks="${CHUNKS[$v]:?no shipped chunks for $v}"
  jobs=() used=""
  for c in $chunks; do
    seed="${c%%:*}" n="${c##*:}"
    n=$(( (n + SCALE - 1) / SCALE ))
    jobs+=("$seed $n") used="$used $seed:$n"
  done
  echo "== $v: chunks (seed count) ${jobs[*]}" >&2
  printf '%s\n' "${jobs[@]}" | xargs -P "$JOBS" -L 1 sh -c '
    /usr/bin/time -f "'"$v"' seed $0: %e s wall, %U s user" nice "'"$bin"'" puzzles generate \
      --variant "'"$v"'" --seed "$0" --count "$1" --out "'"$work/$v"'-$0.tsv"'
  files=()
  for j in "${jobs[@]}"; do files+=("$work/$v-${j%% *}.tsv"); done
  {
    echo "# $v, chunks seed:count$used (scripts/gen-puzzles.sh): id	FEN	solution	themes	rating"
    awk -F '\t' -v OFS='\t' -v v="$v" \
      '/^#/ { next } !seen[$2]++ { $1 = sprintf("%s-%04d", v, ++n); print }' "${files[@]}"
  } > "puzzles/$v.tsv"
done
