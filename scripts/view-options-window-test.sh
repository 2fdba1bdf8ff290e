#!/usr/bin/env bash
# The 4D view options in the real window under Xvfb: key 1 turns XW by 90° with an
# animation (a screenshot mid-turn and one at rest; the tesseract must differ between
# start, middle and rest), then the View tab (projection toggles, quarter-turn buttons)
# and the Variants tab's grouped picker searched for "raum" are photographed.
#
#   scripts/view-options-window-test.sh     # builds the debug binary first
#   CHESS4D_BIN=path/to/chess4d SHOTS=dir scripts/view-options-window-test.sh
#
# Tab positions are those of the side panel at 1200x760. With CI set, missing tools
# fail; otherwise they skip.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=view-options-window-test
# shellcheck source=scripts/lib/window.sh
. scripts/lib/window.sh
window_outer "$@"
window_inside
start_app app --variant full --white human --black human

shot() { import -window root "$SHOTS/$1.png"; }
click() { xdotool mousemove "$1" "$2" click 1; sleep 0.6; }
# Pixels that differ in the tesseract's part of the window (left of the flat boards).
differ() {
  convert "$SHOTS/$1.png" -crop 480x620+335+95 +repage "$SHOTS/crop-a.png"
  convert "$SHOTS/$2.png" -crop 480x620+335+95 +repage "$SHOTS/crop-b.png"
  compare -metric AE -fuzz 8% "$SHOTS/crop-a.png" "$SHOTS/crop-b.png" null: 2>&1 | cut -d' ' -f1 || true
}
expect_differ() {
  local n
  n=$(differ "$1" "$2")
  [ "${n%.*}" -gt 2000 ] 2>/dev/null || fail "$1 and $2 look the same ($n pixels differ)"
  echo "view-options-window-test: $1 -> $2: $n pixels differ"
}

shot 1-xw-start
xdotool key 1
sleep 0.25
shot 2-xw-mid-turn
sleep 1.5
shot 3-xw-at-rest
expect_differ 1-xw-start 2-xw-mid-turn
expect_differ 2-xw-mid-turn 3-xw-at-rest
expect_differ 1-xw-start 3-xw-at-rest
click 272 59                      # the View tab
shot 4-view-tab
click 43 88                       # the Variants tab
sleep 0.5
shot 5-variants-tab
click 150 160                     # the search box
xdotool type --delay 80 raum
sleep 0.8
shot 6-variants-search-raum
echo "view-options-window-test: ok (screenshots in $SHOTS)"
