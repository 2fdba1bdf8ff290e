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

fail() { echo "view-options-window-test: FAIL: $*" >&2; exit 1; }

if [ "${1:-}" != "--inside" ]; then
  for tool in xvfb-run xdotool import compare; do
    if ! command -v "$tool" >/dev/null; then
      [ -n "${CI:-}" ] && fail "$tool is missing (apt-get install xvfb xauth xdotool imagemagick)"
      echo "view-options-window-test: SKIPPED: $tool is missing"
      exit 0
    fi
  done
  if [ -z "${CHESS4D_BIN:-}" ]; then
    cargo build -q -p chess4d --bin chess4d
    CHESS4D_BIN="${CARGO_TARGET_DIR:-target}/debug/chess4d"
  fi
  export CHESS4D_BIN
  export SHOTS="${SHOTS:-${CARGO_TARGET_DIR:-target}/view-options-window-test}"
  export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
  chmod 700 "$XDG_RUNTIME_DIR"
  exec timeout 150 xvfb-run -a -s "-screen 0 1280x800x24" "$0" --inside
fi

mkdir -p "$SHOTS"
log="$SHOTS/app.log"
CHESS4D_DATA_DIR=$(mktemp -d)
export CHESS4D_DATA_DIR
app=
cleanup() {
  if [ -n "$app" ]; then
    kill "$app" 2>/dev/null || true
    wait "$app" 2>/dev/null || true
  fi
  rm -rf "$CHESS4D_DATA_DIR"
}
trap cleanup EXIT
"$CHESS4D_BIN" view --variant full --white human --black human --window-size 1200x760 \
  --print-squares >"$log" 2>&1 &
app=$!
for _ in $(seq 1 120); do
  grep -q '^ready' "$log" && break
  if ! kill -0 $app 2>/dev/null; then
    if grep -q "no graphics adapter" "$log" && [ -z "${CI:-}" ]; then
      echo "view-options-window-test: SKIPPED: $(cat "$log")"
      exit 0
    fi
    fail "the viewer exited early: $(cat "$log")"
  fi
  sleep 0.5
done
grep -q '^ready' "$log" || fail "the viewer never drew a frame: $(tail -5 "$log")"
wid=$(xdotool search --sync --limit 1 --name '^chess4d')
xdotool windowfocus --sync "$wid"
sleep 1

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
