#!/usr/bin/env bash
# Makes a new rule plugin from examples/plugin-template, renamed throughout.
#
#   scripts/new-plugin.sh NAME        # plugins/NAME, a member of this workspace
#   scripts/new-plugin.sh NAME DIR    # DIR anywhere else: a crate of its own
#
# NAME is the package and variant name (lower case, digits, '-'); the library is NAME
# with '_' for '-' (libNAME.so), the variant file NAME.toml. Then:
#   cargo build -p NAME                           (inside)   or   cd DIR && cargo build
#   chess4d perft --variant DIR/NAME.toml --depth 3  (the library is found beside it:
#   copy target/debug/libNAME.so there, or set CHESS4D_PLUGIN_PATH to target/debug)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
template="$root/examples/plugin-template"

name="${1:-}"
if [[ ! "$name" =~ ^[a-z][a-z0-9-]*$ ]]; then
  echo "usage: $0 NAME [DIR]   (NAME: lower-case letters, digits and '-', like my-variant)" >&2
  exit 2
fi
lib="${name//-/_}"
dest="${2:-$root/plugins/$name}"
if [ -e "$dest" ]; then
  echo "$dest already exists: choose another name or directory" >&2
  exit 1
fi

mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"
# The template without its build output.
(cd "$template" && find . -path ./target -prune -o -type f -print) | while read -r f; do
  mkdir -p "$dest/$(dirname "$f")"
  cp "$template/$f" "$dest/$f"
done
mv "$dest/rifle.toml" "$dest/$name.toml"
find "$dest" -type f \( -name '*.rs' -o -name '*.toml' -o -name '*.md' \) -print0 |
  xargs -0 sed -i \
    -e "s/chess4d-plugin-template/$name/g" \
    -e "s/rifle_line/$lib/g" \
    -e "s/rifle-line/$name/g" \
    -e "s/rifle\.toml/$name.toml/g"

case "$dest/" in
  "$root/plugins/"*)
    # Inside: a workspace member, with the template's relative paths.
    member="plugins/$name"
    if ! grep -q "\"$member\"" "$root/Cargo.toml"; then
      sed -i "0,/^members = \[/s|^members = \[|members = [\"$member\", |" "$root/Cargo.toml"
    fi
    echo "made $dest (a member of the workspace): cargo build -p $name"
    ;;
  *)
    # Outside: absolute paths to this checkout's crates, and a workspace of its own.
    sed -i "s|path = \"\.\./\.\./crates/|path = \"$root/crates/|g" "$dest/Cargo.toml"
    printf '\n# A crate of its own, not a member of any workspace above it.\n[workspace]\n' >>"$dest/Cargo.toml"
    # The workspace's versions of every dependency (and no registry needed to resolve).
    cp "$root/Cargo.lock" "$dest/Cargo.lock"
    echo "made $dest: cd $dest && cargo build"
    ;;
esac
echo "its variant file: $dest/$name.toml (library lib$lib.so / $lib.dll / lib$lib.dylib)"
