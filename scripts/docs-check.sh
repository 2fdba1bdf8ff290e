#!/usr/bin/env bash
# Checks the documentation as CI does (docs/src/dev/docs.md says what each step means):
# the pictures are drawn again, the command-line page matches `--help`, every runnable
# block of the README and the guide runs, every relative link and anchor resolves, the
# book builds and its Rust blocks pass with no warning, and `cargo doc` has no warning.
# The book is built from a copy of docs/ in target/docs-build whose pictures are the ones
# just drawn, so the working tree stays as it was (the committed pictures, which GitHub
# shows, are drawn again with scripts/docs-pictures.sh alone).
# Expects the workspace built (target/debug/chess4d and the plugins), as
# scripts/test-all.sh leaves it. Installs mdBook into target/mdbook when it is missing.
#
#   scripts/docs-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."

MDBOOK_VERSION=0.5.4
step() { echo "== docs: $*"; }
t0=$(date +%s)
elapsed() { echo "   ($(($(date +%s) - t0)) s so far)"; }

# mdBook at the version the book is checked with: on PATH, in target/mdbook, or
# installed there (the book needs only the HTML output and its search: no server, no
# file watcher). Sets $mdbook, empty when it cannot be had outside CI.
find_mdbook() {
  mdbook=""
  if command -v mdbook >/dev/null && mdbook --version | grep -q "v$MDBOOK_VERSION"; then
    mdbook=mdbook
  elif [ -x target/mdbook/bin/mdbook ]; then
    mdbook=target/mdbook/bin/mdbook
  else
    echo "   installing mdbook $MDBOOK_VERSION into target/mdbook (about 2 minutes on 2 cores)"
    if cargo install mdbook --version "$MDBOOK_VERSION" --locked --no-default-features \
      --features search --root target/mdbook -q; then
      mdbook=target/mdbook/bin/mdbook
    elif [ -n "${CI:-}" ]; then
      echo "docs-check: mdbook could not be installed (cargo install mdbook); CI needs it" >&2
      exit 1
    else
      echo "   mdbook could not be installed: the book is not built (CI builds it)"
    fi
  fi
}

# `--prepare`: only what the check builds and does not judge, ahead of time (mdBook and
# the API docs), for scripts/test-all.sh to run at low priority while the window tests
# wait on Xvfb. The check itself judges the same build again, from cargo's cache.
if [ "${1:-}" = "--prepare" ]; then
  find_mdbook
  RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace -q || true
  exit 0
fi

[ -x target/debug/chess4d ] || cargo build -q -p chess4d

step "pictures (scripts/docs-pictures.sh), drawn into the copy the book is built from"
build=target/docs-build
rm -rf "$build"
mkdir -p "$build"
cp -r docs "$build/docs"
rm -rf "$build/docs/book" "$build/docs/src/pictures"
scripts/docs-pictures.sh "$build/docs/src/pictures"
# Every picture a page shows must be one the script draws.
for png in docs/src/pictures/*.png; do
  [ -f "$build/docs/src/pictures/$(basename "$png")" ] || {
    echo "docs-check: $png is not drawn by scripts/docs-pictures.sh" >&2
    exit 1
  }
done
elapsed

step "the command-line page against --help (scripts/docs-cli.sh --check)"
scripts/docs-cli.sh --check

step "runnable blocks of README.md and the guide (scripts/docs-commands.py)"
python3 scripts/docs-commands.py
elapsed

step "links and anchors (scripts/docs-links.py)"
python3 scripts/docs-links.py

step "mdbook build and mdbook test"
find_mdbook
if [ -n "$mdbook" ]; then
  for verb in build test; do
    out=$("$mdbook" "$verb" "$build/docs" 2>&1) || { echo "$out"; echo "docs-check: mdbook $verb failed" >&2; exit 1; }
    if echo "$out" | grep -E "WARN|ERROR|warning" >/dev/null; then
      echo "$out"
      echo "docs-check: mdbook $verb printed warnings (above)" >&2
      exit 1
    fi
  done
  echo "   the book is in $build/docs/book/index.html"
fi
elapsed

step "cargo doc --no-deps --workspace, warnings denied"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace -q
elapsed
