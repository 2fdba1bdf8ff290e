#!/usr/bin/env bash
# The engine's strength ladder, by self-play with the `chess4d selfplay` verb:
#   1. level 8 against a random mover on the full and the classic set (must win all);
#   2. every level against the level below on each of $LADDER_VARIANTS (the higher level
#      should score >= 65%). The default runs orthodox chess, where the first move is
#      worth little and a level's strength decides the game, and the 4D classic set,
#      where it is not: White is about +9 pawns at depth 9 from the classic start and a
#      forced mate in 4 from the full start, so there the colour a level gets weighs as
#      much as the level itself (docs/src/engine/engine.md, "The ladder").
# Each pairing plays half its games with each colour. Figures go to $OUT as Markdown.
#
# Usage: scripts/ladder.sh   (env: BIN, GAMES, OUT, SEED, LEVELS, LADDER_VARIANTS, RANDOM_MT,
#                             LADDER_MT, TOP_MT)
# Run it in the background on a shared machine:
#   nice timeout 7200 scripts/ladder.sh > /tmp/ladder.log 2>&1 &
set -u

BIN=${BIN:-target/release/chess4d}
GAMES=${GAMES:-20}
RANDOM_MT=${RANDOM_MT:-300}    # ms per move for level 8 against the random mover
LADDER_MT=${LADDER_MT:-10000}  # ms cap per move for levels 1-7 (depth caps and node budgets bind first)
TOP_MT=${TOP_MT:-1500}         # ms per move for level 8 against level 7 (the app gives it 3 s)
OUT=${OUT:-target/ladder.md}
SEED=${SEED:-1}
LADDER_VARIANTS=${LADDER_VARIANTS:-"orthodox classic"}
LEVELS=${LEVELS:-"2 3 4 5 6 7 8"}

if [ ! -x "$BIN" ]; then
    echo "ladder: $BIN not found; build it with: cargo build --release -p chess4d" >&2
    exit 1
fi
half=$((GAMES / 2))

# selfplay VARIANT WHITE BLACK GAMES MOVETIME -> prints the W-D-L line (White's view)
selfplay() {
    "$BIN" selfplay --variant "$1" --white "$2" --black "$3" --games "$4" \
        --movetime "$5" --seed "$SEED" | tail -n 1
}

# pairing VARIANT STRONG WEAK MOVETIME -> "wins draws losses" of STRONG over both colours
pairing() {
    local a b
    a=$(selfplay "$1" "$2" "$3" "$half" "$4")
    b=$(selfplay "$1" "$3" "$2" "$half" "$4")
    # a is STRONG's W-D-L as White; b is WEAK's W-D-L as White, so reverse it.
    awk -v a="$a" -v b="$b" 'BEGIN {
        split(a, x, "-"); split(b, y, "-");
        printf "%d %d %d\n", x[1] + y[3], x[2] + y[2], x[3] + y[1] }'
}

row() { # NAME VARIANT STRONG WEAK MOVETIME
    local start r w d l pct
    start=$(date +%s)
    r=$(pairing "$2" "$3" "$4" "$5")
    read -r w d l <<< "$r"
    pct=$(awk -v w="$w" -v d="$d" -v l="$l" 'BEGIN { n = w + d + l;
        if (n == 0) print "n/a"; else printf "%.0f%%", 100 * (w + d / 2) / n }')
    echo "| $1 | $2 | $5 ms | $w-$d-$l | $pct | $(( $(date +%s) - start )) s |" | tee -a "$OUT"
}

{
    echo
    echo "## Ladder run $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    echo "$GAMES games a pairing (half with each colour), seed $SEED, 2 opening plies a game"
    echo "(random for the random mover, a noisy level-2 search for engine sides), 400-ply cap"
    echo "counted as a draw. Levels 1-4 are depth caps and 5-7 node budgets, so only level 8's"
    echo "figures depend on machine speed. Load at start: $(cut -d' ' -f1-3 /proc/loadavg)."
    echo "Commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown); levels 5-7: 16k, 64k, 256k nodes."
    echo
    echo "| pairing | variant | movetime | W-D-L (first named) | score | time |"
    echo "|---|---|---|---|---|---|"
} >> "$OUT"

row "level 8 vs random" full 8 random "$RANDOM_MT"
row "level 8 vs random" classic 8 random "$RANDOM_MT"
for variant in $LADDER_VARIANTS; do
    for hi in $LEVELS; do
        mt=$LADDER_MT
        [ "$hi" = 8 ] && mt=$TOP_MT
        row "level $hi vs level $((hi - 1))" "$variant" "$hi" "$((hi - 1))" "$mt"
    done
done
echo "ladder: done; figures appended to $OUT"
