#!/usr/bin/env bash
# The README's plugin steps, run as an author would: a renamed copy of the template
# outside the workspace (its own crate) and one inside it (a member), each built, then
# listed by `chess4d variants` and played by `chess4d perft` from its variant file
# (a bare file name, the library beside it). Run by scripts/test-all.sh; a few seconds.
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
  rm -rf "$root/plugins/ci-inside" "$work" "$backup"
  rmdir "$root/plugins" 2>/dev/null || true
}
trap cleanup EXIT

# The figure the template's own tests hold for its rules.
want="$("$chess4d" perft --variant examples/plugin-template/rifle.toml --depth 4)"

echo "== plugin outside the workspace"
scripts/new-plugin.sh ci-outside "$work/ci-outside"
(cd "$work/ci-outside" && cargo build -q)
cp "$work/ci-outside/target/debug/"*ci_outside* "$work/ci-outside/" 2>/dev/null || true
listed="$(CHESS4D_VARIANTS="$work/ci-outside" "$chess4d" variants)"
echo "$listed" | grep -q "^ci-outside	8	" || { echo "ci-outside not listed:"; echo "$listed"; exit 1; }
got="$(cd "$work/ci-outside" && "$chess4d" perft --variant ci-outside.toml --depth 4)"
[ "$got" = "$want" ] || { echo "outside copy: perft(4) = $got, the template's is $want"; exit 1; }
echo "listed, perft(4) = $got"

echo "== plugin inside the workspace"
scripts/new-plugin.sh ci-inside
cargo build -q -p ci-inside
listed="$(CHESS4D_VARIANTS="$root/plugins/ci-inside" "$chess4d" variants)"
echo "$listed" | grep -q "^ci-inside	8	" || { echo "ci-inside not listed:"; echo "$listed"; exit 1; }
got="$("$chess4d" perft --variant plugins/ci-inside/ci-inside.toml --depth 4)"
[ "$got" = "$want" ] || { echo "inside copy: perft(4) = $got, the template's is $want"; exit 1; }
echo "listed, perft(4) = $got"
