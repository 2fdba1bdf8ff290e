# The start-up the window scripts share, sourced by each after it sets NAME:
#
#   window_outer "$@"     outside Xvfb: checks the tools (with CI set a missing one
#                         fails, otherwise the script is SKIPPED), builds the debug
#                         binary unless CHESS4D_BIN names one, picks SHOTS (default
#                         target/$NAME) and runs the script again inside xvfb-run with
#                         --inside, for at most WINDOW_TIMEOUT seconds (150); inside,
#                         it returns.
#   window_inside         SHOTS made, a fresh CHESS4D_DATA_DIR so that a run never
#                         writes into the person's own archive; on exit the viewer is
#                         stopped (and waited for) before that folder goes.
#   start_app LOG ARGS    the viewer (`view --window-size 1200x760 --print-squares
#                         ARGS`) writing to $SHOTS/LOG.log, waited for until it has
#                         drawn its first frame and focused; sets app, log and wid.
#   stop_app              stops it.

fail() { echo "$NAME: FAIL: $*" >&2; exit 1; }

window_outer() {
  [ "${1:-}" = "--inside" ] && return 0
  local tool
  for tool in xvfb-run xdotool import compare; do
    if ! command -v "$tool" >/dev/null; then
      [ -n "${CI:-}" ] && fail "$tool is missing (apt-get install xvfb xauth xdotool imagemagick)"
      echo "$NAME: SKIPPED: $tool is missing (apt-get install xvfb xauth xdotool imagemagick)"
      exit 0
    fi
  done
  if [ -z "${CHESS4D_BIN:-}" ]; then
    cargo build -q -p chess4d --bin chess4d
    CHESS4D_BIN="${CARGO_TARGET_DIR:-target}/debug/chess4d"
  fi
  export CHESS4D_BIN
  export SHOTS="${SHOTS:-${CARGO_TARGET_DIR:-target}/$NAME}"
  export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
  chmod 700 "$XDG_RUNTIME_DIR"
  exec timeout "${WINDOW_TIMEOUT:-150}" xvfb-run -a -s "-screen 0 1280x800x24" "$0" --inside
}

app=
log=
wid=

window_inside() {
  mkdir -p "$SHOTS"
  CHESS4D_DATA_DIR=$(mktemp -d)
  export CHESS4D_DATA_DIR
  trap 'stop_app; rm -rf "$CHESS4D_DATA_DIR"' EXIT
}

stop_app() {
  if [ -n "$app" ]; then
    kill "$app" 2>/dev/null || true
    wait "$app" 2>/dev/null || true
    app=
  fi
}

start_app() {
  log="$SHOTS/$1.log"
  shift
  "$CHESS4D_BIN" view --window-size 1200x760 --print-squares "$@" >"$log" 2>&1 &
  app=$!
  # The app prints `ready` (after the square centres) once its first frame is laid out.
  for _ in $(seq 1 120); do
    grep -q '^ready' "$log" && break
    if ! kill -0 "$app" 2>/dev/null; then
      if grep -q "no graphics adapter" "$log" && [ -z "${CI:-}" ]; then
        echo "$NAME: SKIPPED: $(cat "$log")"
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
}
