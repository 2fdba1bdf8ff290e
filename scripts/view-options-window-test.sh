#!/usr/bin/env bash
# The 4D view options in the real window under Xvfb: key 1 turns XW by 90° with an
# animation (a screenshot mid-turn and one at rest; the tesseract must differ between
# start, middle and rest), then the View tab (projection toggles, quarter-turn buttons)
# and the Variants tab's grouped picker searched for "raum" are photographed. Then the
# first ten minutes, for a person to look at: the full set's start in a 1280x800 and a
# 900x600 window, the last move of a game, a hint, YW at 90°, a quarter turn mid-way
# and XW at 115° typed into the View tab (7-... to 13-...).
#
#   scripts/view-options-window-test.sh     # builds the debug binary first
#   CHESS4D_BIN=path/to/chess4d SHOTS=dir scripts/view-options-window-test.sh
#
# Tabs, the search box and the angle boxes are found where the app prints them
# (`widget NAME X Y`), and each step waits for what its screenshot is to show (the View
# tab's angle box, the Variants tab's search box, the search's count of matches) to be
# printed after its click. With CI set, missing tools fail; otherwise they skip.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=view-options-window-test
# shellcheck source=scripts/lib/window.sh
. scripts/lib/window.sh
window_outer "$@"
window_inside
start_app app --variant full --white human --black human

shot() { import -window root "$SHOTS/$1.png"; }
widget() { grep "^widget $1 " "$log" | tail -1 | awk '{ print $3, $4 }'; }
click_widget() {
  local x y
  for _ in $(seq 1 25); do
    read -r x y <<<"$(widget "$1")"
    [ -n "$x" ] && break
    sleep 0.2
  done
  [ -n "$x" ] || fail "no widget '$1' was printed"
  # Hover first: a press in the frame the pointer arrives can be lost on a slow
  # (software-rendered) frame.
  xdotool mousemove --window "$wid" "$x" "$y"
  sleep 0.4
  xdotool click 1
  sleep 0.6
}
# Waits until the app prints widget $2 after line $1 of its log: what the last click
# was to bring up is on screen.
shown_since() {
  # The Variants tab's first frame builds every catalog variant's rules: slow in a
  # debug build on a busy machine.
  for _ in $(seq 1 300); do
    tail -n +"$(($1 + 1))" "$log" | grep -q "^widget $2 " && return 0
    sleep 0.2
  done
  import -window root "$SHOTS/no-$2.png"
  fail "$2 never appeared after the click ($3; the screen is in no-$2.png)"
}
lines() { wc -l <"$log"; }
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
n=$(lines)
click_widget tab-view
shown_since "$n" xw-angle "the View tab"
shot 4-view-tab
n=$(lines)
click_widget tab-variants
shown_since "$n" variant-search "the Variants tab"
sleep 0.5
shot 5-variants-tab
n=$(lines)
click_widget variant-search
xdotool type --delay 80 raum
shown_since "$n" variant-search-matches "a search for raum that finds variants"
sleep 0.8
shot 6-variants-search-raum
stop_app

# The viewer in a window of SIZE (the whole Xvfb screen or less).
start_sized() {
  local size=$1
  log="$SHOTS/$2.log"
  shift 2
  # Made before the viewer starts: the background job opens it only when it runs.
  : >"$log"
  "$CHESS4D_BIN" view --window-size "$size" --print-squares "$@" >"$log" 2>&1 &
  app=$!
  for _ in $(seq 1 120); do
    grep -q '^ready' "$log" && break
    kill -0 "$app" 2>/dev/null || fail "the viewer exited early: $(cat "$log")"
    sleep 0.5
  done
  grep -q '^ready' "$log" || fail "the viewer never drew a frame: $(tail -5 "$log")"
  wid=$(xdotool search --sync --limit 1 --name '^chess4d')
  xdotool windowfocus --sync "$wid"
  sleep 1
}
centre() { awk -v s="$1" '$1 == "square" && $2 == s { print $3, $4 }' "$log"; }
window_shot() { import -window "$wid" "$SHOTS/$1.png"; }

start_sized 900x600 small --variant full --white human --black human
window_shot 7-start-900x600
stop_app
start_sized 1280x800 large --variant full --white human --black human
window_shot 8-start-1280x800
for s in 'b2[0,0]' 'b3[0,0]'; do
  read -r x y <<<"$(centre "$s")"
  [ -n "$x" ] || fail "no position printed for $s"
  xdotool mousemove --window "$wid" "$x" "$y" click 1
  sleep 0.6
done
sleep 1
window_shot 9-last-move
expect_moved() {
  convert "$SHOTS/8-start-1280x800.png" "$SHOTS/9-last-move.png" -compose difference -composite \
    -threshold 10% -format '%[fx:mean*w*h]' info: 2>/dev/null
}
n=$(expect_moved)
[ "${n%.*}" -gt 500 ] 2>/dev/null || fail "the move did not change the picture ($n pixels)"
read -r x y <<<"$(widget hint)"
[ -n "$x" ] || fail "no Hint button was printed"
xdotool mousemove --window "$wid" "$x" "$y" click 1
sleep 4
window_shot 10-hint
# Keys reach the board once it has been clicked (an empty spot of it) after a button.
xdotool mousemove --window "$wid" 345 745 click 1
sleep 0.5
xdotool key 2
sleep 1.6
window_shot 11-yw-90
n=$(convert "$SHOTS/10-hint.png" "$SHOTS/11-yw-90.png" -compose difference -composite \
  -threshold 10% -format '%[fx:mean*w*h]' info: 2>/dev/null)
[ "${n%.*}" -gt 2000 ] 2>/dev/null || fail "key 2 did not turn YW ($n pixels)"
xdotool key 1
sleep 0.3
window_shot 12-xw-mid-turn
sleep 1.5
# XW at 115° (YW back to 0) typed into the View tab's angle boxes.
n=$(lines)
click_widget tab-view
shown_since "$n" xw-angle "the View tab"
type_angle() {
  local x y
  read -r x y <<<"$(widget "$1")"
  [ -n "$x" ] || fail "no angle box $1 was printed"
  xdotool mousemove --window "$wid" "$x" "$y" click 1
  sleep 0.4
  xdotool key ctrl+a
  xdotool type --delay 80 "$2"
  xdotool key Return
  sleep 0.4
}
type_angle yw-angle 0
type_angle xw-angle 115
sleep 2
window_shot 13-xw-115
n=$(convert "$SHOTS/12-xw-mid-turn.png" "$SHOTS/13-xw-115.png" -compose difference -composite \
  -threshold 10% -format '%[fx:mean*w*h]' info: 2>/dev/null)
[ "${n%.*}" -gt 2000 ] 2>/dev/null || fail "typing XW 115 did not turn the picture ($n pixels)"
echo "view-options-window-test: ok (screenshots in $SHOTS)"
