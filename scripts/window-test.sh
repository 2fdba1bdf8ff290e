#!/usr/bin/env bash
# The real viewer window under Xvfb, driven like a person would: it opens the window,
# clicks a white pawn and its destination (positions printed by the app from its own
# layout), plays Black's answer with the keyboard alone (Tab through the movable pieces,
# Enter, Tab through that pawn's destinations, Enter), takes a screenshot before and
# after each move, and fails unless the board changed where the move was made and the
# title names the side to move. Then Resign must ask first (Keep playing leaves the game
# on), and a second window against the computer must announce the computer's move in
# words. The app prints `widget NAME X Y` and `said TEXT` lines for scripts.
#
#   scripts/window-test.sh             # builds the debug binary first
#   CHESS4D_BIN=path/to/chess4d scripts/window-test.sh
#   SHOTS=dir scripts/window-test.sh   # where screenshots go (default target/window-test)
#
# The app keeps its games in a fresh temporary CHESS4D_DATA_DIR, removed at the end, so
# a test run never writes into the person's own archive (~/.local/share/chess4d).
#
# With CI set, missing tools, no display or no adapter fail the run; without CI a
# missing tool is reported as SKIPPED.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=window-test
WINDOW_TIMEOUT=240
# shellcheck source=scripts/lib/window.sh
. scripts/lib/window.sh
window_outer "$@"
window_inside
start_app app --white human --black human

centre() { awk -v s="$1" '$1 == "square" && $2 == s { print $3, $4 }' "$log"; }
# Pixels that differ (beyond a small fuzz) in a 40x40 box around a square.
changed_at() {
  read -r x y <<<"$(centre "$1")"
  local box="40x40+$((x - 20))+$((y - 20))"
  convert "$2" -crop "$box" +repage "$SHOTS/a.png"
  convert "$3" -crop "$box" +repage "$SHOTS/b.png"
  compare -metric AE -fuzz 8% "$SHOTS/a.png" "$SHOTS/b.png" null: 2>&1 | cut -d' ' -f1 || true
}
expect_change() {
  local n
  n=$(changed_at "$1" "$2" "$3")
  [ "${n%.*}" -gt 100 ] 2>/dev/null || fail "the board did not change at $1 ($n pixels differ)"
  echo "window-test: $1 changed ($n pixels)"
}
title() { xdotool getwindowname "$wid"; }
# The title changes after the frame showing the move is drawn: wait for it (10 s).
wait_title() {
  for _ in $(seq 1 50); do
    case "$(title)" in *"$1"*) sleep 0.3; return 0;; esac
    sleep 0.2
  done
  fail "the title never said '$1': $(title)"
}

import -window root "$SHOTS/1-start.png"
case "$(title)" in *"White to move"*) ;; *) fail "title at start: $(title)";; esac

# White: click the pawn on b2[0,0], then b3[0,0].
for s in 'b2[0,0]' 'b3[0,0]'; do
  read -r x y <<<"$(centre "$s")"
  [ -n "$x" ] || fail "no position printed for $s"
  xdotool mousemove --window "$wid" "$x" "$y" click 1
  sleep 0.6
done
wait_title "Black to move"
import -window root "$SHOTS/2-after-white.png"
expect_change 'b2[0,0]' "$SHOTS/1-start.png" "$SHOTS/2-after-white.png"
expect_change 'b3[0,0]' "$SHOTS/1-start.png" "$SHOTS/2-after-white.png"
case "$(title)" in *"Black to move"*) echo "window-test: title: $(title)";; *) fail "after White's move the title is: $(title)";; esac

# Black by keyboard, no coordinates: Tab visits Black's movable pieces in board order
# (a3[0,1], then b3[0,1]); Enter picks the pawn; Tab goes to its one destination,
# b2[0,1]; Enter plays it.
xdotool key --delay 150 Tab Tab Return Tab Return
wait_title "White to move"
import -window root "$SHOTS/3-after-black.png"
expect_change 'b3[0,1]' "$SHOTS/2-after-white.png" "$SHOTS/3-after-black.png"
expect_change 'b2[0,1]' "$SHOTS/2-after-white.png" "$SHOTS/3-after-black.png"
case "$(title)" in *"White to move"*) echo "window-test: title: $(title)";; *) fail "after Black's move the title is: $(title)";; esac

# Resign asks first: the game goes on until the player says yes.
widget() { grep "^widget $1 " "$2" | tail -1 | awk '{ print $3, $4 }'; }
click_widget() {
  local x y
  for _ in $(seq 1 25); do
    read -r x y <<<"$(widget "$1" "$2")"
    [ -n "$x" ] && break
    sleep 0.2
  done
  [ -n "$x" ] || fail "no button '$1' was printed"
  xdotool mousemove --window "$wid" "$x" "$y" click 1
  sleep 0.8
}
click_widget resign "$log"
import -window root "$SHOTS/4-resign-asks.png"
case "$(title)" in *"White to move"*) ;; *) fail "one click on Resign ended the game: $(title)";; esac
grep -q '^widget confirm ' "$log" || fail "Resign did not ask for confirmation"
click_widget keep-playing "$log"
case "$(title)" in *"White to move"*) echo "window-test: Resign asked; Keep playing kept the game";; *) fail "Keep playing ended the game: $(title)";; esac
click_widget resign "$log"
click_widget confirm "$log"
wait_title "resignation"
import -window root "$SHOTS/5-resigned.png"
echo "window-test: after confirming: $(title)"
stop_app

# Against the computer: its move is announced in words.
start_app app-computer --white human --black computer --level 1
log2=$log
for s in 'b2[0,0]' 'b3[0,0]'; do
  read -r x y <<<"$(centre "$s")"
  xdotool mousemove --window "$wid" "$x" "$y" click 1
  sleep 0.6
done
for _ in $(seq 1 100); do
  grep -q '^said Black: ' "$log2" && break
  sleep 0.2
done
said=$(grep '^said Black: ' "$log2" | tail -1 | cut -d' ' -f2-)
[ -n "$said" ] || fail "the computer's move was not announced: $(grep '^said' "$log2" | tail -3)"
sleep 0.5
import -window root "$SHOTS/6-computer-announced.png"
echo "window-test: announced: $said"

rm -f "$SHOTS/a.png" "$SHOTS/b.png"
echo "window-test: OK (screenshots in $SHOTS)"
