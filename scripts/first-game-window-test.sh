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
# 4. The top bar's variant menu: its 52-variant family opens inside the window and
#    scrolls (6-variant-submenu.png).
# 5. The card's "Guided game": White's mate in 4 move by move on a sandbox board
#    (7-guided-move-3.png, 8-guided-mate.png); Leave gives the game back.
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

# ---- 4. the variant menu's longest family stays inside the window ---------------------
# The top bar's "Variant: full" menu and its third family, "2D chess and fairy chess
# (52)", at their places in the top bar's layout (the top-left corner, fixed).
xdotool key Escape
xdotool mousemove --window "$wid" 168 17 click 1
sleep 1
import -window root "$SHOTS/a.png"
xdotool mousemove --window "$wid" 230 98
sleep 1.5
import -window root "$SHOTS/6-variant-submenu.png"
# The submenu opens right of the menu: below it, the window's last 80 rows stay as they
# were (52 rows of 26 points would run 1350 points down, off an 800-pixel window).
strip="240x70+370+680"
convert "$SHOTS/a.png" -crop "$strip" +repage "$SHOTS/b.png"
convert "$SHOTS/6-variant-submenu.png" -crop "$strip" +repage "$SHOTS/c.png"
n=$(compare -metric AE -fuzz 4% "$SHOTS/b.png" "$SHOTS/c.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${n%.*}" -lt 200 ] 2>/dev/null || fail "the family's submenu reaches the window's bottom ($n pixels changed)"
convert "$SHOTS/a.png" -crop "240x200+370+100" +repage "$SHOTS/b.png"
convert "$SHOTS/6-variant-submenu.png" -crop "240x200+370+100" +repage "$SHOTS/c.png"
n=$(compare -metric AE -fuzz 4% "$SHOTS/b.png" "$SHOTS/c.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${n%.*}" -gt 5000 ] 2>/dev/null || fail "the family's submenu did not open ($n pixels changed)"
echo "first-game-window-test: the 52-variant submenu opens and ends inside the window"

# ---- 5. the guided game from the first start's card ----------------------------------
xdotool key Escape
sleep 0.5
click_widget tab-play
xdotool mousemove --window "$wid" 160 300 click --repeat 12 --delay 60 4   # scroll up
sleep 0.8
click_widget welcome-guided
for _ in 1 2 3; do click_widget guide-next; done
import -window root "$SHOTS/7-guided-move-3.png"
for _ in 1 2 3 4; do click_widget guide-next; done
wait_title "checkmate"
import -window root "$SHOTS/8-guided-mate.png"
echo "first-game-window-test: the guided game ends: $(title)"
click_widget guide-leave
wait_title "White to move"
echo "first-game-window-test: leaving it gives the game back: $(title)"
stop_app

rm -f "$SHOTS/a.png" "$SHOTS/b.png" "$SHOTS/c.png"
echo "first-game-window-test: OK (screenshots in $SHOTS)"
