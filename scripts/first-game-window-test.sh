#!/usr/bin/env bash
# The first game in the real viewer window under Xvfb, driven by mouse and keys:
#
# 1. A first start (a fresh archive) shows the card that says the full set is sharp and
#    offers the ways in (1-first-start.png).
# 2. The analysis mode (`--analyse`), then the Play tab's board editor, "Play from
#    here", then a move: the analysis gives back who played each side, so the computer
#    answers the move (1-analysis.png, 3-play-from-here.png, 4-computer-answered.png).
# 3. After a click on a panel button, the W key still reaches the board: the tesseract
#    brings one W layer forward without a click on the board first (5-w-after-panel.png).
#
#   scripts/first-game-window-test.sh             # builds the debug binary first
#   CHESS4D_BIN=path/to/chess4d scripts/first-game-window-test.sh
#   SHOTS=dir scripts/first-game-window-test.sh   # default target/first-game-window-test
#
# With CI set, missing tools, no display or no adapter fail the run; without CI a
# missing tool is reported as SKIPPED.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=first-game-window-test
WINDOW_TIMEOUT=240
# shellcheck source=scripts/lib/window.sh
. scripts/lib/window.sh
window_outer "$@"
window_inside
# The square's centre as last printed (the board moves when the analysis' bar goes).
centre() { awk -v s="$1" '$1 == "square" && $2 == s { print $3, $4 }' "$log" | tail -1; }
title() { xdotool getwindowname "$wid"; }
wait_title() {
  for _ in $(seq 1 100); do
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
widget() { grep "^widget $1 " "$log" | tail -1 | awk '{ print $3, $4 }'; }
click_widget() {
  local x y
  for _ in $(seq 1 25); do
    read -r x y <<<"$(widget "$1")"
    [ -n "$x" ] && break
    sleep 0.2
  done
  [ -n "$x" ] || fail "no button '$1' was printed"
  xdotool mousemove --window "$wid" "$x" "$y" click 1
  sleep 0.8
}
wait_said() {
  for _ in $(seq 1 150); do
    grep -q "^said $1" "$log" && return 0
    sleep 0.2
  done
  fail "never said '$1': $(grep '^said' "$log" | tail -3)"
}

# ---- 1 and 2. the first start, the analysis, Play from here, a move -------------------
start_app first --variant full --analyse --level 1
sleep 3
import -window root "$SHOTS/1-analysis.png"
case "$(title)" in *"computer"*) fail "the analysis lets the computer play: $(title)";; esac
click_widget tab-play
import -window root "$SHOTS/2-first-start.png"
# The editor lies below the fold: scroll the side panel down to it, open it, and
# scroll on to its buttons.
scroll_panel() {
  xdotool mousemove --window "$wid" 160 500 click --repeat 12 --delay 60 5
  sleep 0.8
}
scroll_panel
click_widget board-editor
scroll_panel
read -r _ py <<<"$(widget play-from-here)"
[ -n "$py" ] || fail "no 'Play from here' button was printed"
[ "$py" -gt 0 ] && [ "$py" -lt 760 ] || fail "'Play from here' is off the window (y $py)"
click_widget play-from-here
wait_said "Analysis off: you play White, the computer Black again."
import -window root "$SHOTS/3-play-from-here.png"
echo "first-game-window-test: Play from here: $(grep '^said Analysis off' "$log" | tail -1)"
click_square 'b2[0,0]'
click_square 'b3[0,0]'
wait_said "Black: "
wait_title "White to move"
import -window root "$SHOTS/4-computer-answered.png"
echo "first-game-window-test: the computer answered: $(grep '^said Black: ' "$log" | tail -1)"

# ---- 3. W after a click on a panel button ---------------------------------------------
click_widget tab-play
sleep 0.5
import -window root "$SHOTS/a.png"
xdotool key w
sleep 1
import -window root "$SHOTS/5-w-after-panel.png"
n=$(compare -metric AE -fuzz 4% "$SHOTS/a.png" "$SHOTS/5-w-after-panel.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${n%.*}" -gt 5000 ] 2>/dev/null || fail "W after a panel click changed nothing ($n pixels)"
echo "first-game-window-test: W after a panel click reached the board ($n pixels changed)"
stop_app

rm -f "$SHOTS/a.png"
echo "first-game-window-test: OK (screenshots in $SHOTS)"
