#!/usr/bin/env bash
# Clocked games in the real viewer window under Xvfb, driven by mouse:
#
# 1. Against the computer with a 1+0 clock (the Play tab's preset): one move each,
#    then White's minute runs out; the game ends on time, both clocks on screen, the
#    low one red (1-low-time.png, 2-flag-fell.png).
# 2. Two people at one screen with 5+3: four moves by mouse, then Save; the saved file
#    carries the time control, the times after each move; the archive's PGN export
#    carries [TimeControl "300+3"] and a {[%clk ...]} after each move
#    (3-two-players.png, game.txt, game.pgn).
# 3. A premove: orthodox chess, 5+0 against the computer at full strength (it thinks
#    seconds on its clock); d2 and d4 clicked while it thinks are marked
#    (4-premove-marked.png) and played the moment it answers (5-premove-played.png).
#
#   scripts/clock-window-test.sh             # builds the debug binary first
#   CHESS4D_BIN=path/to/chess4d scripts/clock-window-test.sh
#   SHOTS=dir scripts/clock-window-test.sh   # default target/clock-window-test
#
# With CI set, missing tools, no display or no adapter fail the run; without CI a
# missing tool is reported as SKIPPED.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=clock-window-test
WINDOW_TIMEOUT=240
# shellcheck source=scripts/lib/window.sh
. scripts/lib/window.sh
window_outer "$@"
window_inside
CHESS4D_BIN=$(realpath "$CHESS4D_BIN")
SHOTS=$(realpath "$SHOTS")
centre() { awk -v s="$1" '$1 == "square" && $2 == s { print $3, $4 }' "$log" | tail -1; }
title() { xdotool getwindowname "$wid"; }
wait_title() {
  for _ in $(seq 1 "${2:-100}"); do
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

# ---- 1. a 1+0 game against the computer that ends on time ------------------------------
start_app computer --variant full --level 1
click_widget tab-play
click_widget clock-1+0
click_square 'b2[0,0]'
click_square 'b3[0,0]'
wait_said "Black: "
wait_title "White to move"
# White's minute runs from Black's answer; at 10 s left the clock turns red.
sleep 52
import -window root "$SHOTS/1-low-time.png"
wait_title "Black wins by time" 150
wait_said "White's time is up"
import -window root "$SHOTS/2-flag-fell.png"
echo "clock-window-test: the 1+0 game ended: $(title)"
stop_app

# ---- 2. two people with 5+3: the save file and the PGN carry the clocks -----------------
cd "$SHOTS"
rm -f chess4d-game.txt
start_app two --variant full --black human
click_widget tab-play
click_widget clock-5+3
for mv in 'b2[0,0] b3[0,0]' 'b3[0,1] b2[0,1]' 'c2[0,0] c3[0,0]' 'c3[0,1] c2[0,1]'; do
  read -r from to <<<"$mv"
  click_square "$from"
  click_square "$to"
  sleep 0.5
done
wait_title "White to move"
import -window root "$SHOTS/3-two-players.png"
click_widget save
wait_said "saved to chess4d-game.txt"
stop_app
mv chess4d-game.txt game.txt
grep -q '^clock: 300+3$' game.txt || fail "the save file has no clock: $(cat game.txt)"
times=$(awk '/^times:/ { print NF - 1 }' game.txt)
[ "$times" = 4 ] || fail "the save file has $times times for 4 moves: $(cat game.txt)"
echo "clock-window-test: the save file: $(grep -E '^(clock|times):' game.txt | tr '\n' ' ')"
"$CHESS4D_BIN" export >game.pgn
grep -q '^\[TimeControl "300+3"\]' game.pgn || fail "the PGN has no TimeControl: $(cat game.pgn)"
n=$(grep -o '\[%clk 0:0[45]:[0-9][0-9]\]' game.pgn | wc -l)
[ "$n" = 4 ] || fail "the PGN has $n %clk comments for 4 moves: $(cat game.pgn)"
echo "clock-window-test: the PGN: $(grep -v '^\[' game.pgn | tr '\n' ' ')"

# ---- 3. a premove entered while the computer thinks ------------------------------------
cd "$SHOTS"
start_app premove --variant orthodox --level 8
click_widget tab-play
click_widget clock-5+0
click_square e2
click_square e4
wait_title "the computer is thinking"
click_square d2
click_square d4
import -window root "$SHOTS/4-premove-marked.png"
grep -q '^said Black: ' "$log" && fail "the computer answered before the premove was entered"
# After 1. e4 ... 2. d4 Black is to move at move 2: the premove followed the answer.
for _ in $(seq 1 150); do
  grep -qE '^position \S+ b \S+ \S+ [0-9]+ 2$' "$log" && break
  sleep 0.2
done
grep -qE '^position \S+ b \S+ \S+ [0-9]+ 2$' "$log" ||
  fail "the premove was not played: $(grep -E '^(position|said)' "$log" | tail -4)"
import -window root "$SHOTS/5-premove-played.png"
echo "clock-window-test: the premove was played: $(grep '^position' "$log" | tail -1)"
stop_app
