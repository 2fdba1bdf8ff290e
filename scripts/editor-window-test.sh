#!/usr/bin/env bash
# The board editor in the real window under Xvfb: opens "Board editor" in the Play tab,
# clears the board, places a white king on g6, a white queen on a1 and a black king on
# h8 by mouse in the panel and a white rook on d4 by a click on the main flat view,
# plays from here, then mates with Qa8 by clicking a1 and a8 on the main
# flat view. It fails unless the main board changed where the start position's king
# stood, and the title ends the game by checkmate. Screenshots go to $SHOTS.
#
#   scripts/editor-window-test.sh             # builds the debug binary first
#   CHESS4D_BIN=path/to/chess4d SHOTS=dir scripts/editor-window-test.sh
#
# The panel's buttons are clicked at positions of the side panel's layout at
# 1200x760 (the Play tab as it is now); when the Play tab gains sections above the
# editor, these numbers move. With CI set, missing tools fail; otherwise they skip.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=editor-window-test
# shellcheck source=scripts/lib/window.sh
. scripts/lib/window.sh
window_outer "$@"
window_inside
start_app app --variant orthodox --white human --black human

# The last printed centre of a square: the flat view's (it is listed after the 3D one).
centre() { awk -v s="$1" '$1 == "square" && $2 == s { p = $3 " " $4 } END { print p }' "$log"; }
click() { xdotool mousemove "$1" "$2" click 1; sleep 0.6; }
click_square() { read -r x y <<<"$(centre "$1")"; click "$x" "$y"; }
shot() { import -window root "$SHOTS/$1.png"; }
title() { xdotool getwindowname "$wid"; }

widget() { grep "^widget $1 " "$log" | tail -1 | awk '{ print $3, $4 }'; }
shot start
# A first start shows its card above the game: closed, the Play tab is as it was.
read -r x y <<<"$(widget welcome-close)"
[ -n "$x" ] && click "$x" "$y"
# The header may lie below the fold (the Play tab's rows above it): scroll to it first.
scroll_to_end() {
  xdotool mousemove 150 600
  for _ in $(seq 1 20); do xdotool click 5; sleep 0.2; done
  sleep 1
}
scroll_to_end
read -r x y <<<"$(widget board-editor)"
[ -n "$x" ] || fail "no 'Board editor' header was printed"
click "$x" "$y"                   # open "Board editor"
scroll_to_end                     # the editor's buttons at the panel's end
sleep 1
click 53 453                      # Clear
click 41 134; click 230 262       # K on g6
click 73 134; click 44 417        # Q on a1
click 232 134; click 261 200      # k on h8
click 105 134; click_square d4    # R on d4: placed by a click on the main flat view
shot edited
read -r x y <<<"$(widget play-from-here)"
click "$x" "$y"                   # Play from here
sleep 1
shot played
crop_changed() {
  read -r cx cy <<<"$(centre "$1")"
  local box="40x40+$((cx - 20))+$((cy - 20))"
  convert "$SHOTS/$2.png" -crop "$box" +repage "$SHOTS/crop-a.png"
  convert "$SHOTS/$3.png" -crop "$box" +repage "$SHOTS/crop-b.png"
  compare -metric AE -fuzz 8% "$SHOTS/crop-a.png" "$SHOTS/crop-b.png" null: 2>&1 | cut -d' ' -f1 || true
}
n=$(crop_changed d4 start edited)
[ "${n%.*}" -gt 100 ] 2>/dev/null || fail "a click on the main view placed nothing on d4 ($n pixels differ)"
echo "editor-window-test: the main view placed a rook on d4 ($n pixels differ)"
read -r ex ey <<<"$(centre e1)"
box="40x40+$((ex - 20))+$((ey - 20))"
convert "$SHOTS/start.png" -crop "$box" +repage "$SHOTS/crop-a.png"
convert "$SHOTS/played.png" -crop "$box" +repage "$SHOTS/crop-b.png"
n=$(compare -metric AE -fuzz 8% "$SHOTS/crop-a.png" "$SHOTS/crop-b.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${n%.*}" -gt 100 ] 2>/dev/null || fail "the board did not take the edited position (e1: $n pixels differ)"
echo "editor-window-test: the edited position is on the board (e1: $n pixels differ)"
click_square a1
click_square a8
for _ in $(seq 1 50); do
  case "$(title)" in *checkmate*) break;; esac
  sleep 0.2
done
shot mated
case "$(title)" in
  *"White wins by checkmate"*) echo "editor-window-test: title: $(title)";;
  *) fail "after Qa8 the title is: $(title)";;
esac
echo "editor-window-test: ok (screenshots in $SHOTS)"
