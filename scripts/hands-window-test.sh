#!/usr/bin/env bash
# Pieces in hand in the real window under Xvfb: a crazyhouse game, both sides by hand.
# 1. e4 d5 2. exd5 Qxd5 by clicks on the flat view fill both hands with a pawn; White
# drags its pawn from the hand strip onto d6 (mouse down on the strip, up on d6), and
# Black drops its pawn by keyboard alone (Shift+Tab reaches the hand, Enter picks it,
# Tab goes to its first drop square, Enter drops it). The game's position, which the
# viewer prints for scripts (`position FEN`), must then hold White's pawn on d6,
# Black's dropped pawn on e2 and two empty hands. Screenshots go to $SHOTS
# (target/hands-window-test/).
#
#   scripts/hands-window-test.sh             # builds the debug binary first
#   CHESS4D_BIN=path/to/chess4d SHOTS=dir scripts/hands-window-test.sh
#
# With CI set, missing tools fail; otherwise they skip.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=hands-window-test
# shellcheck source=scripts/lib/window.sh
. scripts/lib/window.sh
window_outer "$@"
window_inside
start_app app --variant crazyhouse --white human --black human

# The last printed centre of a square: the flat view's (it is listed after the 3D one).
centre() { awk -v s="$1" '$1 == "square" && $2 == s { p = $3 " " $4 } END { print p }' "$log"; }
click() { xdotool mousemove "$1" "$2" click 1; sleep 0.6; }
click_square() { read -r x y <<<"$(centre "$1")"; click "$x" "$y"; }
shot() { import -window root "$SHOTS/$1.png"; }
title() { xdotool getwindowname "$wid"; }
position() { grep '^position ' "$log" | tail -1 | cut -d' ' -f2-; }
# The last printed slot of SIDE's LETTER in hand: "X Y".
hand_slot() {
  awk -v s="$1" -v l="$2" '$1 == "hand" && $2 == s && $3 == l { p = $5 " " $6 } END { print p }' "$log"
}
wait_title() {
  for _ in $(seq 1 50); do
    case "$(title)" in *"$1"*) sleep 0.3; return 0;; esac
    sleep 0.2
  done
  fail "the title never said '$1': $(title)"
}

shot 1-start
for s in e2 e4 d7 d5 e4 d5 d8 d5; do click_square "$s"; done
wait_title "White to move"
shot 2-both-hands-hold-a-pawn
read -r hx hy <<<"$(hand_slot white P)"
[ -n "$hx" ] || fail "White's hand shows no pawn: $(grep '^hand' "$log" | tail -3)"
[ -n "$(hand_slot black P)" ] || fail "Black's hand shows no pawn"
echo "hands-window-test: White's pawn in hand at $hx $hy, position $(position)"

# White: drag the pawn from the hand strip onto d6.
read -r dx dy <<<"$(centre d6)"
xdotool mousemove "$hx" "$hy" mousedown 1
sleep 0.3
xdotool mousemove $(((hx + dx) / 2)) $(((hy + dy) / 2))
sleep 0.3
xdotool mousemove "$dx" "$dy"
sleep 0.4
shot 3-dragging-the-pawn
xdotool mouseup 1
sleep 0.6
wait_title "Black to move"
shot 4-dropped-on-d6
case "$(position)" in
  rnb1kbnr/ppp1pppp/3P4/3q4/8/8/PPPP1PPP/RNBQKBNR*) ;;
  *) fail "after the drag the position is $(position)";;
esac
echo "hands-window-test: White dropped by mouse: $(position)"
# The pawn left White's strip: its slot's pixels changed between the shots.
box="40x40+$((hx - 20))+$((hy - 20))"
convert "$SHOTS/2-both-hands-hold-a-pawn.png" -crop "$box" +repage "$SHOTS/crop-a.png"
convert "$SHOTS/4-dropped-on-d6.png" -crop "$box" +repage "$SHOTS/crop-b.png"
n=$(compare -metric AE -fuzz 8% "$SHOTS/crop-a.png" "$SHOTS/crop-b.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${n%.*}" -gt 100 ] 2>/dev/null || fail "White's hand strip did not change ($n pixels differ)"
echo "hands-window-test: White's hand slot emptied ($n pixels differ)"

# Black: by keyboard only.
xdotool key --delay 200 shift+Tab Return
sleep 0.5
shot 5-black-picked-its-pawn-by-keyboard
xdotool key --delay 200 Tab Return
wait_title "White to move"
shot 6-dropped-by-keyboard
pos=$(position)
case "$pos" in
  "rnb1kbnr/ppp1pppp/3P4/3q4/8/8/PPPPpPPP/RNBQKBNR[] w "*) ;;
  *) fail "after the keyboard drop the position is $pos";;
esac
echo "hands-window-test: Black dropped by keyboard: $pos"
echo "hands-window-test: ok (screenshots in $SHOTS)"
