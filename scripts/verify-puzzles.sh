#!/usr/bin/env bash
# Re-verifies the shipped puzzle sets deeper than the test suite does (which uses each
# variant's fast depth): every solution wins, no other first move wins as well, the
# themes are true. Then, where Fairy-Stockfish knows the variant, asks it too
# (scripts/verify-puzzles-fsf.py).
#
#   scripts/verify-puzzles.sh            # the chess4d engine, fast depth + 2
#   DEPTH=6 scripts/verify-puzzles.sh    # a fixed depth for every variant
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q -p chess4d
status=0
for f in puzzles/*.tsv; do
  v="$(basename "$f" .tsv)"
  echo "== $v"
  nice target/debug/chess4d puzzles verify --variant "$v" --file "$f" ${DEPTH:+--depth "$DEPTH"} || status=1
done
if [ -x /usr/games/fairy-stockfish ] && python3 -c 'import chess' 2>/dev/null; then
  python3 scripts/verify-puzzles-fsf.py || status=1
else
  echo "== Fairy-Stockfish or python-chess missing: the oracle's check is skipped"
  [ -z "${CI:-}" ] || status=1
fi
exit $status
