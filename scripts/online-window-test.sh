#!/usr/bin/env bash
# Online play in two real viewer windows under Xvfb, driven by mouse, against a real
# `chess4d serve` on loopback:
#
# 1. ann and bob start the viewer with --server and --user (accounts made with
#    --sign-up), each in a display of its own so neither window hides the other's
#    squares (1-signed-in-{ann,bob}.png).
# 2. ann asks for White and creates a seek (5+3); bob clicks Accept in his lobby; both
#    boards show the game, bob's turned to Black (2-game-{ann,bob}.png).
# 3. White's mate in 4 on the full set (the guided game's line), by mouse, each move
#    seen on the other board only once the server confirmed it; after three moves the
#    clocks run in both windows (3-clocks-{ann,bob}.png).
# 4. bob's viewer is killed (kill -9) mid-game and started again: it signs in with the
#    session kept in its data folder and gets the game back (4-killed-ann.png,
#    5-back-{ann,bob}.png).
# 5. The mate ends it in both windows (6-mate-{ann,bob}.png).
# 6. ann challenges `chess4d bot` (an account "robot") by name; the bot accepts and
#    answers her move through the server; she resigns (7-bot-ann.png, 8-resigned-ann.png).
# 7. A viewer started with no server clicks "Start a local server" and "Play as a
#    guest": signed in on 127.0.0.1:8080; killed, its server stops with it
#    (9-local-carl.png). Skipped when something else listens on 8080.
#
#   scripts/online-window-test.sh             # builds the debug binary first
#   CHESS4D_BIN=path/to/chess4d scripts/online-window-test.sh
#   SHOTS=dir scripts/online-window-test.sh   # default target/online-window-test
#
# With CI set, missing tools, no display or no adapter fail the run; without CI a
# missing tool is reported as SKIPPED.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=online-window-test
WINDOW_TIMEOUT=240
# shellcheck source=scripts/lib/window.sh
. scripts/lib/window.sh
window_outer "$@"
window_inside
CHESS4D_BIN=$(realpath "$CHESS4D_BIN")
SHOTS=$(realpath "$SHOTS")
# The viewers' logs grow across a restart within a run (start counts their `ready`
# lines), so a run starts them empty: an earlier run's lines would be read as this one's.
rm -f "$SHOTS"/*.log
work=$(mktemp -d)
declare -A pid disp logf wid
server=
xvfb2=
bot=

cleanup() {
  local who
  for who in "${!pid[@]}"; do
    kill "${pid[$who]}" 2>/dev/null || true
    wait "${pid[$who]}" 2>/dev/null || true
  done
  [ -n "$bot" ] && { kill "$bot" 2>/dev/null || true; wait "$bot" 2>/dev/null || true; }
  [ -n "$server" ] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
  [ -n "$xvfb2" ] && { kill "$xvfb2" 2>/dev/null || true; wait "$xvfb2" 2>/dev/null || true; }
  rm -rf "$work" "$CHESS4D_DATA_DIR"
}
trap cleanup EXIT

# ---- the server, and a second display for bob ------------------------------------------
mkdir -p "$work/server" "$work/ann" "$work/bob"
CHESS4D_DATA_DIR="$work/server" "$CHESS4D_BIN" serve --listen 127.0.0.1:0 \
  >"$SHOTS/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  grep -q '^listening on ' "$SHOTS/server.log" && break
  sleep 0.1
done
addr=$(awk '/^listening on / { print $3; exit }' "$SHOTS/server.log")
[ -n "$addr" ] || fail "chess4d serve never said where it listens: $(cat "$SHOTS/server.log")"
echo "$NAME: chess4d serve on $addr"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" 2>/dev/null &
xvfb2=$!
for _ in $(seq 1 50); do
  [ -s "$work/display" ] && break
  sleep 0.1
done
[ -s "$work/display" ] || fail "a second Xvfb did not start"
disp[ann]=$DISPLAY
disp[bob]=":$(tr -d '\n' <"$work/display")"

on() { local who=$1; shift; DISPLAY=${disp[$who]} "$@"; }

# start WHO ARGS: the viewer of WHO on its display with its own data folder.
start() {
  local who=$1
  shift
  logf[$who]="$SHOTS/$who.log"
  DISPLAY=${disp[$who]} CHESS4D_DATA_DIR="$work/$who" "$CHESS4D_BIN" view \
    --window-size 1200x760 --print-squares "$@" >>"${logf[$who]}" 2>&1 &
  pid[$who]=$!
  for _ in $(seq 1 120); do
    [ "$(grep -c '^ready' "${logf[$who]}")" -ge "${ready[$who]:-1}" ] && break
    kill -0 "${pid[$who]}" 2>/dev/null || fail "$who's viewer exited: $(tail -5 "${logf[$who]}")"
    sleep 0.5
  done
  wid[$who]=$(on "$who" xdotool search --sync --limit 1 --name '^chess4d')
  on "$who" xdotool windowfocus --sync "${wid[$who]}"
  sleep 0.5
}
declare -A ready
shot() { on "$1" import -window root "$SHOTS/$2-$1.png"; }
title() { on "$1" xdotool getwindowname "${wid[$1]}"; }
wait_title() {
  for _ in $(seq 1 150); do
    case "$(title "$1")" in *"$2"*) return 0;; esac
    sleep 0.2
  done
  fail "$1's title never said '$2': $(title "$1")"
}
wait_said() {
  for _ in $(seq 1 150); do
    grep -q "^said $2" "${logf[$1]}" && return 0
    sleep 0.2
  done
  fail "$1's viewer never said '$2': $(grep '^said' "${logf[$1]}" | tail -3)"
}
# The latest position printed for a name (the board turns for Black, and comes back).
at() { awk -v k="$2" -v s="$3" '$1 == k && $2 == s { x = $3; y = $4 } END { if (x != "") print x, y }' "${logf[$1]}"; }
click_at() {
  local x y
  for _ in $(seq 1 50); do
    read -r x y <<<"$(at "$1" "$2" "$3")"
    [ -n "$x" ] && break
    sleep 0.2
  done
  [ -n "$x" ] || fail "$1: no $2 '$3' was printed"
  on "$1" xdotool mousemove --window "${wid[$1]}" "$x" "$y" click 1
  sleep 0.6
}
# move WHO FROM TO NEXT: WHO moves by mouse; both titles then say NEXT to move.
move() {
  click_at "$1" square "$2"
  click_at "$1" square "$3"
  wait_title ann "$4"
  wait_title bob "$4"
}

# ---- 1. two players signed in ----------------------------------------------------------
start ann --server "$addr" --user ann --password ann-secret-1 --sign-up
start bob --server "$addr" --user bob --password bob-secret-1 --sign-up
wait_said ann "Signed in as ann"
wait_said bob "Signed in as bob"
shot ann 1-signed-in
shot bob 1-signed-in

# ---- 2. ann's seek, accepted by bob -----------------------------------------------------
click_at ann widget online-color-white
click_at ann widget online-seek
click_at bob widget online-accept
wait_said ann "Online game [0-9]*: you play White against bob"
wait_said bob "Online game [0-9]*: you play Black against ann"
wait_title ann "White to move"
sleep 1
shot ann 2-game
shot bob 2-game

# ---- 3. the mate in 4, by mouse, with the server's clocks running ----------------------
move ann 'a2[1,0]' 'a3[1,0]' "Black to move"
move bob 'a4[1,1]' 'b4[0,0]' "White to move"
move ann 'c2[0,0]' 'c3[0,0]' "Black to move"
sleep 1.5
shot ann 3-clocks
shot bob 3-clocks

# ---- 4. bob's viewer killed mid-game, and back ------------------------------------------
kill -9 "${pid[bob]}"
wait "${pid[bob]}" 2>/dev/null || true
unset 'pid[bob]'
grep -q . "$work/bob/online-session.txt" || fail "bob's session was not kept in his data folder"
sleep 1
shot ann 4-killed
ready[bob]=$(($(grep -c '^ready' "${logf[bob]}") + 1))
start bob --server "$addr" --user bob --password bob-secret-1
wait_said bob "Online game [0-9]*: you play Black against ann, back at move 2"
wait_title bob "Black to move"
sleep 1
shot ann 5-back
shot bob 5-back

# ---- 5. the mate ends it in both windows -------------------------------------------------
move bob 'd4[0,1]' 'c3[0,0]' "White to move"
move ann 'b2[0,0]' 'c3[0,0]' "Black to move"
move bob 'b4[0,0]' 'c4[0,0]' "White to move"
click_at ann square 'd2[0,0]'
click_at ann square 'd3[0,0]'
wait_title ann "White wins by checkmate"
wait_title bob "White wins by checkmate"
sleep 0.5
shot ann 6-mate
shot bob 6-mate
echo "$NAME: ann's window: $(title ann)"
echo "$NAME: bob's window: $(title bob)"
echo "$NAME: bob came back: $(grep '^said Online game' "${logf[bob]}" | tail -1)"

# ---- 6. ann against chess4d bot through the server --------------------------------------
# The bot's account, made over plain HTTP (no curl needed): its answer holds the token.
body='{"name":"robot","password":"robot-secret-1"}'
exec 5<>"/dev/tcp/${addr%:*}/${addr##*:}"
printf 'POST /api/signup HTTP/1.1\r\nHost: %s\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: %s\r\n\r\n%s' \
  "$addr" "${#body}" "$body" >&5
answer=$(cat <&5)
exec 5<&-
token=$(grep -o '"token":"[^"]*"' <<<"$answer" | cut -d'"' -f4)
[ -n "$token" ] || fail "the bot's account was refused: $answer"
"$CHESS4D_BIN" bot --server "$addr" --token "$token" --level 1 >"$SHOTS/bot.log" 2>&1 &
bot=$!
sleep 1
click_at ann widget online-opponent
on ann xdotool type --delay 120 robot
sleep 1
click_at ann widget online-challenge
wait_said ann "Online game [0-9]*: you play White against robot"
click_at ann square 'a2[1,0]'
click_at ann square 'a3[1,0]'
# The bot answers at once: White to move at move 2 of this game is the sign it did.
answered() {
  sed -n '/^said Online game [0-9]*: you play White against robot/,$p' "${logf[ann]}" |
    grep -qE '^position \S+ w \S+ \S+ [0-9]+ 2$'
}
for _ in $(seq 1 150); do
  answered && break
  sleep 0.2
done
answered || fail "the bot never answered: $(tail -3 "$SHOTS/bot.log")"
sleep 0.5
shot ann 7-bot
click_at ann widget online-resign
wait_title ann "Black wins by resignation"
shot ann 8-resigned
echo "$NAME: against the bot: $(title ann)"

# ---- 7. "Start a local server", on bob's display --------------------------------------
listening() { (exec 6<>/dev/tcp/127.0.0.1/8080) 2>/dev/null; }
if listening; then
  echo "$NAME: something listens on 127.0.0.1:8080: the local server step is skipped"
else
  kill "${pid[bob]}"
  wait "${pid[bob]}" 2>/dev/null || true
  unset 'pid[bob]'
  mkdir -p "$work/carl"
  disp[carl]=${disp[bob]}
  start carl
  click_at carl widget tab-online
  click_at carl widget online-local
  for _ in $(seq 1 50); do listening && break; sleep 0.2; done
  listening || fail "the local server never listened on 127.0.0.1:8080"
  click_at carl widget online-guest
  wait_said carl "Signed in as guest-[0-9a-f]* on 127.0.0.1:8080"
  shot carl 9-local
  kill -9 "${pid[carl]}"
  wait "${pid[carl]}" 2>/dev/null || true
  unset 'pid[carl]'
  for _ in $(seq 1 50); do listening || break; sleep 0.2; done
  listening && fail "the local server outlived its viewer"
  echo "$NAME: the local server ran, and stopped with its viewer"
fi
echo "$NAME: PASS (screenshots in $SHOTS)"
