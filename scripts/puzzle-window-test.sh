#!/usr/bin/env bash
# The Puzzles tab in the real viewer window under Xvfb, driven by the mouse:
#
# 1. `view --puzzle ID` opens a shipped 4D puzzle with a reply in its solution (taken
#    from `chess4d puzzles list --variant full`, so a regenerated set still works);
#    its moves are clicked square by square, the replies come by themselves, and the
#    attempt is rated (1-puzzle.png, 2-first-move.png, 3-solved.png).
# 2. The viewer is closed and opened again on another 4D puzzle: a wrong move (a legal
#    move of the solution's piece, from `chess4d moves`) is refuted in words ("Not
#    this: ... — it loses the ...") with the engine's answer on the board, then taken
#    back (4-refuted.png, 5-taken-back.png); Hint shows the piece, then the square
#    (6-hint-piece.png, 7-hint-square.png); Solution plays it out (8-solution.png).
# 3. The archive's rows are checked against Glicko-2 computed here, in Python, from
#    Glickman's paper: the player starts at 1500/350/0.06, each puzzle at its graded
#    rating/200/0.06; the solve is a win, the wrong move a loss; the second attempt
#    starts from the first one's result (the rating survived the restart); the
#    numbers the window said agree.
#
#   scripts/puzzle-window-test.sh             # builds the debug binary first
#   CHESS4D_BIN=path/to/chess4d scripts/puzzle-window-test.sh
#   SHOTS=dir scripts/puzzle-window-test.sh   # default target/puzzle-window-test
#
# With CI set, missing tools, no display or no adapter fail the run; without CI a
# missing tool is reported as SKIPPED.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=puzzle-window-test
WINDOW_TIMEOUT=240
# shellcheck source=scripts/lib/window.sh
. scripts/lib/window.sh
window_outer "$@"
window_inside
command -v python3 >/dev/null || fail "python3 is missing (it checks the archive's ratings)"

centre() { awk -v s="$1" '$1 == "square" && $2 == s { print $3, $4 }' "$log" | tail -1; }
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
# Waits until the window said something starting with $1 for the $2-th time (default 1).
wait_said() {
  local n="${2:-1}"
  for _ in $(seq 1 150); do
    [ "$(grep -c "^said $1" "$log")" -ge "$n" ] && return 0
    sleep 0.2
  done
  fail "never said '$1' ($n times): $(grep '^said' "$log" | tail -3)"
}
# A coordinate move's squares: a1[0,1]b2[1,1] -> "a1[0,1] b2[1,1]".
squares() { sed -E 's/^([a-z]+[0-9]+\[[0-9,]+\])([a-z]+[0-9]+\[[0-9,]+\]).*$/\1 \2/' <<<"$1"; }
# A full FEN's side to move, in words.
side_of() { case "$(awk '{ print $2 }' <<<"$1")" in w) echo White;; *) echo Black;; esac; }

list=$("$CHESS4D_BIN" puzzles list --variant full)
# A puzzle with a reply (three moves or more), no promotion (the chooser), no drop.
solve_line=$(awk -F'\t' 'split($3, m, " ") >= 3 && $3 !~ /[]][a-z]( |$)/ && $3 !~ /@/' <<<"$list" | sed -n 1p)
[ -n "$solve_line" ] || fail "no shipped full puzzle has a reply in its solution"
IFS=$'\t' read -r id1 fen1 sol1 _ graded1 <<<"$solve_line"
# Another puzzle, not a mate (so any other move is wrong), first move no promotion.
fail_line=$(awk -F'\t' -v a="$id1" '$1 != a && $4 !~ /(^|,)mate(,|$)/ && $3 !~ /^[^ ]*[]][a-z]( |$)/' <<<"$list" | sed -n 1p)
[ -n "$fail_line" ] || fail "no second full puzzle to get wrong"
IFS=$'\t' read -r id2 fen2 sol2 _ graded2 <<<"$fail_line"
echo "$NAME: solving $id1 ($sol1), then getting $id2 wrong"

# ---- 1. solve a puzzle by mouse -------------------------------------------------------
start_app solve --puzzle "$id1"
import -window root "$SHOTS/1-puzzle.png"
solver=$(side_of "$fen1")
opponent=$([ "$solver" = White ] && echo Black || echo White)
read -ra moves <<<"$sol1"
replies=0
for ((i = 0; i < ${#moves[@]}; i += 2)); do
  read -r from to <<<"$(squares "${moves[i]}")"
  click_square "$from"
  click_square "$to"
  [ "$i" -eq 0 ] && import -window root "$SHOTS/2-first-move.png"
  if ((i + 1 < ${#moves[@]})); then
    replies=$((replies + 1))
    wait_said "$opponent: " "$replies"
  fi
done
wait_said "Puzzle rating 1500 -> "
import -window root "$SHOTS/3-solved.png"
said1=$(grep '^said Puzzle rating' "$log" | tail -1)
echo "$NAME: solved by mouse: $said1"
stop_app

# ---- 2. a wrong move refuted, hints, the solution --------------------------------------
first2=${sol2%% *}
read -r from2 _ <<<"$(squares "$first2")"
# A legal move of the solution's piece that is not the solution's (else any other).
legal=$("$CHESS4D_BIN" moves --variant full --fen "$fen2")
wrong=$(grep -F "$from2" <<<"$legal" | grep -vxF "$first2" | grep -E '\]$' | sed -n 1p || true)
[ -n "$wrong" ] || wrong=$(grep -vxF "$first2" <<<"$legal" | grep -E '\]$' | sed -n 1p)
[ -n "$wrong" ] || fail "no other legal move in $id2"
start_app fail --puzzle "$id2"
read -r wf wt <<<"$(squares "$wrong")"
click_square "$wf"
click_square "$wt"
wait_said "Not this: .* — "
import -window root "$SHOTS/4-refuted.png"
refuted=$(grep '^said Not this' "$log" | tail -1)
echo "$NAME: $wrong refuted in words: $refuted"
wait_said "Puzzle rating "
sleep 3
import -window root "$SHOTS/5-taken-back.png"
grep "^position " "$log" | tail -1 | grep -qF "$(awk '{ print $1 }' <<<"$fen2")" ||
  fail "the wrong move and its refutation were not taken back: $(grep '^position' "$log" | tail -1)"
click_widget puzzle-hint
import -window root "$SHOTS/6-hint-piece.png"
click_widget puzzle-hint
import -window root "$SHOTS/7-hint-square.png"
n=$(compare -metric AE -fuzz 4% "$SHOTS/5-taken-back.png" "$SHOTS/6-hint-piece.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${n%.*}" -gt 200 ] 2>/dev/null || fail "the first hint changed nothing ($n pixels)"
click_widget puzzle-solution
sleep "$(awk -v n="$(wc -w <<<"$sol2")" 'BEGIN { print n * 0.7 + 1 }')"
import -window root "$SHOTS/8-solution.png"
said2=$(grep '^said Puzzle rating' "$log" | tail -1)
echo "$NAME: failed: $said2"
stop_app

# ---- 3. the archive's ratings are Glicko-2's ------------------------------------------
python3 - "$CHESS4D_DATA_DIR/archive.sqlite3" "$id1" "$graded1" "$id2" "$graded2" "$said1" "$said2" <<'EOF'
import math, re, sqlite3, sys

db, id1, g1, id2, g2, said1, said2 = sys.argv[1:]
SCALE, TAU, EPS = 173.7178, 0.5, 0.000001

def glicko2(r, rd, sigma, opp, score):
    """One game, Glickman's 'Example of the Glicko-2 system', steps 2 to 8."""
    mu, phi = (r - 1500) / SCALE, rd / SCALE
    mu_j, phi_j = (opp[0] - 1500) / SCALE, opp[1] / SCALE
    g = 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)
    e = 1 / (1 + math.exp(-g * (mu - mu_j)))
    v = 1 / (g * g * e * (1 - e))
    delta = v * g * (score - e)
    a = math.log(sigma ** 2)
    f = lambda x: (math.exp(x) * (delta ** 2 - phi ** 2 - v - math.exp(x))
                   / (2 * (phi ** 2 + v + math.exp(x)) ** 2) - (x - a) / TAU ** 2)
    A = a
    if delta ** 2 > phi ** 2 + v:
        B = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        B = a - k * TAU
    fa, fb = f(A), f(B)
    while abs(B - A) > EPS:
        C = A + (A - B) * fa / (fb - fa)
        fc = f(C)
        if fc * fb <= 0:
            A, fa = B, fb
        else:
            fa /= 2
        B, fb = C, fc
    sigma2 = math.exp(A / 2)
    phi_star = math.sqrt(phi ** 2 + sigma2 ** 2)
    phi2 = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    mu2 = mu + phi2 ** 2 * g * (score - e)
    return (mu2 * SCALE + 1500, min(phi2 * SCALE, 350.0), sigma2)

rows = sqlite3.connect(db).execute(
    "SELECT puzzle, result, player_rating, player_deviation, player_volatility,"
    " puzzle_rating, puzzle_deviation, puzzle_volatility,"
    " player_rating_after, player_deviation_after, player_volatility_after,"
    " puzzle_rating_after, puzzle_deviation_after, puzzle_volatility_after"
    " FROM puzzle_attempts ORDER BY id").fetchall()
assert [(r[0], r[1]) for r in rows] == [(id1, "solved"), (id2, "failed")], rows

def close(got, want, what):
    for x, y in zip(got, want):
        assert abs(x - y) < 1e-6, f"{what}: stored {got}, Glicko-2 gives {want}"

player = (1500.0, 350.0, 0.06)
for row, graded, score in [(rows[0], float(g1), 1.0), (rows[1], float(g2), 0.0)]:
    puzzle = (graded, 200.0, 0.06)
    close(row[2:5], player, f"{row[0]}: the player's rating before")
    close(row[5:8], puzzle, f"{row[0]}: the puzzle's rating before")
    want_player = glicko2(*player, puzzle, score)
    want_puzzle = glicko2(*puzzle, player, 1 - score)
    close(row[8:11], want_player, f"{row[0]}: the player's rating after")
    close(row[11:14], want_puzzle, f"{row[0]}: the puzzle's rating after")
    said = said1 if score == 1.0 else said2
    shown = re.search(r"Puzzle rating (\d+) -> (\d+)", said)
    assert shown and (int(shown[1]), int(shown[2])) == (round(player[0]), round(want_player[0])), said
    print(f"puzzle-window-test: {row[0]} {row[1]}: player {player[0]:.2f} -> {want_player[0]:.2f} "
          f"(RD {want_player[1]:.2f}), puzzle {graded:.0f} -> {want_puzzle[0]:.2f}: as Glicko-2 computes")
    player = want_player
stored = sqlite3.connect(db).execute("SELECT rating, attempts FROM puzzle_ratings").fetchall()
assert len(stored) == 1 and abs(stored[0][0] - player[0]) < 1e-6 and stored[0][1] == 2, stored
EOF

echo "$NAME: OK (screenshots in $SHOTS)"
