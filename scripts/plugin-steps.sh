#!/usr/bin/env bash
# The guide's plugin steps (docs/src/plugins/writing.md), run as an author would, for both templates (the 1D line
# and the 8x8 board): a renamed copy outside the workspace (its own crate) and one
# inside it (a member), each built, then listed by `chess4d variants` and played by
# `chess4d perft` from its variant file (a bare file name, the library beside it); the
# inside copy's own `cargo test` is run with the library copied beside its file.
# Run by scripts/test-all.sh; a few seconds.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
chess4d="$root/target/debug/chess4d"
[ -x "$chess4d" ] || cargo build -q -p chess4d

work="$(mktemp -d)"
backup="$(mktemp -d)"
cp Cargo.toml Cargo.lock "$backup/"
cleanup() {
  cp "$backup/Cargo.toml" "$backup/Cargo.lock" "$root/"
  rm -rf "$root/plugins/ci-line" "$root/plugins/ci-board" "$work" "$backup"
  rmdir "$root/plugins" 2>/dev/null || true
}
trap cleanup EXIT

# listed DIR NAME: the catalog with DIR on its path lists NAME (a plugin variant is
# listed without loading its library).
listed() {
  local out
  out="$(CHESS4D_VARIANTS="$1" "$chess4d" variants)"
  echo "$out" | grep -q "^$2	" || { echo "$2 is not listed:"; echo "$out"; exit 1; }
}

# The trust the outside copies are given is kept in a data folder of this run's own.
export CHESS4D_DATA_DIR="$work/data"
mkdir -p "$CHESS4D_DATA_DIR"

# check NAME WANT GOT: the copy plays as its template does.
same() {
  [ "$2" = "$3" ] || { echo "$1: perft(3) = $3, its template's is $2"; exit 1; }
  echo "$1: listed, perft(3) = $3"
}

for t in line board; do
  if [ "$t" = line ]; then flag=(); file=examples/plugin-template/rifle.toml
  else flag=(--8x8); file=examples/plugin-template-8x8/rifle-board.toml; fi
  lib="ci_$t"
  want="$("$chess4d" perft --variant "$file" --depth 3)"

  echo "== the $t template, outside the workspace"
  scripts/new-plugin.sh "ci-$t" "$work/ci-$t" "${flag[@]}"
  (cd "$work/ci-$t" && cargo build -q)
  cp "$work/ci-$t/target/debug/lib$lib.so" "$work/ci-$t/" 2>/dev/null ||
    cp "$work/ci-$t/target/debug/"*"$lib".* "$work/ci-$t/"
  listed "$work/ci-$t" "ci-$t"
  # A library beside its variant file runs only once trusted: refused first, then
  # trusted on purpose, then kept.
  if (cd "$work/ci-$t" && "$chess4d" perft --variant "ci-$t.toml" --depth 1) 2>/dev/null; then
    echo "ci-$t (outside): an untrusted library was loaded"; exit 1
  fi
  (cd "$work/ci-$t" && "$chess4d" perft --variant "ci-$t.toml" --depth 1 --trust-plugin) >/dev/null
  same "ci-$t (outside)" "$want" "$(cd "$work/ci-$t" && "$chess4d" perft --variant "ci-$t.toml" --depth 3)"

  echo "== the $t template, inside the workspace"
  scripts/new-plugin.sh "ci-$t" "${flag[@]}"
  cargo build -q -p "ci-$t"
  listed "$root/plugins/ci-$t" "ci-$t"
  same "ci-$t (inside)" "$want" "$("$chess4d" perft --variant "plugins/ci-$t/ci-$t.toml" --depth 3)"
  # Step 4 puts a copy of the library beside the variant file; the copy's own tests
  # must still pass then (they load the library they build, never the untrusted copy).
  cp "$root/target/debug/lib$lib.so" "$root/plugins/ci-$t/" 2>/dev/null ||
    cp "$root/target/debug/"*"$lib".* "$root/plugins/ci-$t/"
  cargo test -q -p "ci-$t" >/dev/null || {
    echo "ci-$t (inside): cargo test fails once the library is beside its variant file"
    exit 1
  }
  echo "ci-$t (inside): cargo test passes with the library copied beside its variant file"
done
