#!/usr/bin/env bash
# The analysis board in the real viewer window under Xvfb, driven by mouse and keys:
#
# 1. Attackers and defenders: on the full set, a1[0,0]a1[0,1] and a3[1,1]a2[1,1] are
#    played by clicks; then Alt is held over White's king on a1[1,0]: the pawn's check
#    across W is marked with an arrow in both views and the square shows its counts
#    (screenshots 1-hover.png without Alt, 2-attackers.png with it; they must differ
#    around the king's square), then over the checking pawn (2b-checker.png).
# 2. The analysis mode (`--analyse`) on the full set with our engine: the evaluation bar
#    beside the boards and three lines in SAN (3-analysis.png); the bar must show both
#    a light and a dark part.
# 3. The same with Stockfish as the analyser on orthodox chess (5-stockfish.png), when
#    /usr/games/stockfish is installed.
# 4. The control overlay and a watched square drawn off-screen by `chess4d render
#    --control --watch SQ` (6-control.png on orthodox, 7-control-full.png on the full
#    set's start).
#
#   scripts/analysis-window-test.sh             # builds the debug binary first
#   CHESS4D_BIN=path/to/chess4d scripts/analysis-window-test.sh
#   SHOTS=dir scripts/analysis-window-test.sh   # default target/analysis-window-test
#
# With CI set, missing tools, no display or no adapter fail the run; without CI a
# missing tool is reported as SKIPPED.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=analysis-window-test
WINDOW_TIMEOUT=240
# shellcheck source=scripts/lib/window.sh
. scripts/lib/window.sh
window_outer "$@"
window_inside
centre() { awk -v s="$1" '$1 == "square" && $2 == s { print $3, $4 }' "$log"; }
title() { xdotool getwindowname "$wid"; }
wait_title() {
  for _ in $(seq 1 50); do
    case "$(title)" in *"$1"*) sleep 0.3; return 0;; esac
    sleep 0.2
  done
  fail "the title never said '$1': $(title)"
}
click_square() {
  local x y
  read -r x y <<<"$(centre "$1")"
  [ -n "$x" ] || fail "no position printed for $1"
  xdotool mousemove --window "$wid" "$x" "$y" click 1
  sleep 0.6
}
# Pixels that differ (beyond a small fuzz) in a box around a square.
changed_at() {
  local x y box
  read -r x y <<<"$(centre "$1")"
  box="60x60+$((x - 30))+$((y - 40))"
  convert "$2" -crop "$box" +repage "$SHOTS/a.png"
  convert "$3" -crop "$box" +repage "$SHOTS/b.png"
  compare -metric AE -fuzz 8% "$SHOTS/a.png" "$SHOTS/b.png" null: 2>&1 | cut -d' ' -f1 || true
}

# ---- 1. attackers and defenders of White's king on a1[1,0] ----------------------------
start_app attackers --variant full --white human --black human
click_square 'a1[0,0]'
click_square 'a1[0,1]'
wait_title "Black to move"
click_square 'a3[1,1]'
click_square 'a2[1,1]'
wait_title "White to move"
read -r kx ky <<<"$(centre 'a1[1,0]')"
xdotool mousemove --window "$wid" "$kx" "$ky"
sleep 0.8
import -window root "$SHOTS/1-hover.png"
xdotool keydown alt
xdotool mousemove --window "$wid" "$((kx + 2))" "$((ky + 1))"
sleep 1.2
import -window root "$SHOTS/2-attackers.png"
# The checking pawn's square too: who can take the checker (the king, red) and who
# defends it (blue).
read -r px py <<<"$(centre 'a2[1,1]')"
xdotool mousemove --window "$wid" "$px" "$py"
sleep 1.2
import -window root "$SHOTS/2b-checker.png"
xdotool keyup alt
n=$(changed_at 'a1[1,0]' "$SHOTS/1-hover.png" "$SHOTS/2-attackers.png")
[ "${n%.*}" -gt 100 ] 2>/dev/null || fail "Alt over a1[1,0] changed nothing there ($n pixels)"
echo "analysis-window-test: attackers of a1[1,0] marked ($n pixels changed at the square)"
stop_app

# The evaluation bar sits left of the boards, beside the side panel: on a level
# position it holds a light part (White's share) and a dark one.
bar_check() {
  local range
  range=$(convert "$1" -crop "16x560+$((bar_x + 7))+100" +repage -colorspace Gray \
    -format '%[fx:minima] %[fx:maxima]' info:)
  read -r lo hi <<<"$range"
  awk -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(lo < 0.25 && hi > 0.8) }' ||
    fail "no evaluation bar with a light and a dark part in $1 (grey $lo to $hi)"
  echo "analysis-window-test: evaluation bar in $(basename "$1") (grey $lo to $hi)"
}
# The side panel is 330 points wide (gui/panels.rs); the bar starts 6 points right of it.
bar_x=330

# ---- 2. the analysis mode with our engine ---------------------------------------------
# On the full set's start (a sharp position: the bar leans far to one side) ...
start_app analysis --variant full --analyse
sleep 8
import -window root "$SHOTS/3-analysis.png"
strip="16x560+$((bar_x + 7))+100"
convert "$SHOTS/1-hover.png" -crop "$strip" +repage "$SHOTS/a.png"
convert "$SHOTS/3-analysis.png" -crop "$strip" +repage "$SHOTS/b.png"
n=$(compare -metric AE -fuzz 2% "$SHOTS/a.png" "$SHOTS/b.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${n%.*}" -gt 4000 ] 2>/dev/null || fail "no evaluation bar beside the boards ($n pixels)"
echo "analysis-window-test: evaluation bar beside the full set ($n pixels)"
stop_app
# ... and on orthodox chess after 1. e4, about level: a light and a dark part.
start_app analysis-orthodox --variant orthodox --analyse
click_square 'e2'
click_square 'e4'
wait_title "Black to move"
sleep 6
import -window root "$SHOTS/4-analysis-orthodox.png"
bar_check "$SHOTS/4-analysis-orthodox.png"
stop_app

# ---- 3. Stockfish as the analyser -----------------------------------------------------
if [ -x /usr/games/stockfish ]; then
  start_app stockfish --variant orthodox --analyse --engine /usr/games/stockfish
  click_square 'e2'
  click_square 'e4'
  wait_title "Black to move"
  sleep 5
  import -window root "$SHOTS/5-stockfish.png"
  bar_check "$SHOTS/5-stockfish.png"
  stop_app
elif [ -n "${CI:-}" ]; then
  fail "/usr/games/stockfish is missing (apt-get install stockfish)"
fi

# ---- 4. the control overlay, off-screen (chess4d render --control --watch) -----------
fen='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
"$CHESS4D_BIN" render --variant orthodox --fen "$fen" --view flat --size 900x700 \
  --out "$SHOTS/a.png" >/dev/null 2>&1 || fail "chess4d render failed"
"$CHESS4D_BIN" render --variant orthodox --fen "$fen" --view flat --size 900x700 \
  --control --watch e5 --out "$SHOTS/6-control.png" >/dev/null 2>&1 || fail "render --control failed"
"$CHESS4D_BIN" render --variant full --control --size 1280x720 \
  --out "$SHOTS/7-control-full.png" >/dev/null 2>&1 || fail "render --control failed on the full set"
n=$(compare -metric AE -fuzz 8% "$SHOTS/a.png" "$SHOTS/6-control.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${n%.*}" -gt 20000 ] 2>/dev/null || fail "the control overlay tints nothing ($n pixels)"
echo "analysis-window-test: control overlay tints the board ($n pixels)"

rm -f "$SHOTS/a.png" "$SHOTS/b.png"
echo "analysis-window-test: OK (screenshots in $SHOTS)"
