#!/usr/bin/env bash
# Writes the guide's command-line reference (docs/src/cli/reference.md) from the
# program's own `--help`, every verb included, so the page lists exactly the verbs and
# options the program has. With --check it writes nothing and fails when the page is
# stale (CI runs that), saying how to bring it up to date.
#
#   scripts/docs-cli.sh [--check]
#
# CHESS4D names the program to use (default target/debug/chess4d).
set -euo pipefail
cd "$(dirname "$0")/.."

page=docs/src/cli/reference.md
bin="${CHESS4D:-target/debug/chess4d}"
if [ ! -x "$bin" ]; then
  echo "docs-cli: $bin is missing: run \`cargo build -p chess4d\` first" >&2
  exit 1
fi

# The verbs, as the top-level help lists them (between "Commands:" and the next blank).
verbs=$("$bin" --help | awk '/^Commands:/{on=1; next} on && /^$/{exit} on {print $1}' | grep -v '^help$')

generate() {
  echo "# Every verb"
  echo
  echo "<!-- Written by scripts/docs-cli.sh from \`chess4d --help\`; do not edit by hand. -->"
  echo
  echo "This page is the program's own help, verb by verb. CI fails when it differs from"
  echo "what the program prints; \`scripts/docs-cli.sh\` writes it again."
  echo
  echo '```text'
  echo '$ chess4d --help'
  "$bin" --help
  echo '```'
  for verb in $verbs; do
    echo
    echo "## \`chess4d $verb\`"
    echo
    echo '```text'
    echo "\$ chess4d $verb --help"
    "$bin" "$verb" --help
    echo '```'
    # Verbs with verbs of their own (`puzzles generate`, ...) get theirs too.
    local subs
    subs=$("$bin" "$verb" --help | awk '/^Commands:/{on=1; next} on && /^$/{exit} on {print $1}' | grep -v '^help$' || true)
    for sub in $subs; do
      echo
      echo "### \`chess4d $verb $sub\`"
      echo
      echo '```text'
      echo "\$ chess4d $verb $sub --help"
      "$bin" "$verb" "$sub" --help
      echo '```'
    done
  done
}

if [ "${1:-}" = "--check" ]; then
  if ! diff -u "$page" <(generate) >/dev/null; then
    diff -u "$page" <(generate) | head -40 >&2 || true
    echo "docs-cli: $page is not what \`chess4d --help\` prints now: run scripts/docs-cli.sh and commit it" >&2
    exit 1
  fi
  echo "docs-cli: $page matches the program's help ($(echo $verbs | wc -w) verbs)"
else
  generate >"$page"
  echo "docs-cli: wrote $page ($(echo $verbs | wc -w) verbs)"
fi
