#!/usr/bin/env bash
# Makes a new rule plugin from a template, renamed throughout.
#
#   scripts/new-plugin.sh NAME [--8x8]        # plugins/NAME, a member of this workspace
#   scripts/new-plugin.sh NAME DIR [--8x8]    # DIR anywhere else: a crate of its own
#
# The template is examples/plugin-template (rifle chess on a line, 1D), or with --8x8
# examples/plugin-template-8x8 (rifle chess on an 8x8 board, 2D). NAME is the package
# and variant name (lower case, digits, '-'); the library is NAME with '_' for '-'
# (libNAME.so), the variant file NAME.toml. Then:
#   cargo build -p NAME                           (inside)   or   cd DIR && cargo build
#   chess4d perft --variant DIR/NAME.toml --depth 3  (the library is found beside it:
#   copy target/debug/libNAME.so there, or set CHESS4D_PLUGIN_PATH to target/debug)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
template="$root/examples/plugin-template"
args=()
for a in "$@"; do
  case "$a" in
    --8x8) template="$root/examples/plugin-template-8x8" ;;
    *) args+=("$a") ;;
  esac
done

name="${args[0]:-}"
if [[ ! "$name" =~ ^[a-z][a-z0-9-]*$ ]]; then
  echo "usage: $0 NAME [DIR] [--8x8]   (NAME: lower-case letters, digits and '-', like my-variant)" >&2
  exit 2
fi
lib="${name//-/_}"
dest="${args[1]:-$root/plugins/$name}"
if [ -e "$dest" ]; then
  echo "$dest already exists: choose another name or directory" >&2
  exit 1
fi

# The template's own names: its package, its library, its variant file and name.
old_package="$(sed -n 's/^name = "\(.*\)"$/\1/p' "$template/Cargo.toml" | sed -n 1p)"
old_lib="$(sed -n 's/^name = "\(.*\)"$/\1/p' "$template/Cargo.toml" | sed -n 2p)"
old_file="$(cd "$template" && ls -- *.toml | grep -v '^Cargo.toml$' | head -n 1)"
old_variant="$(sed -n 's/^name = "\(.*\)"$/\1/p' "$template/$old_file" | head -n 1)"

mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"
# The template without its build output.
(cd "$template" && find . -path ./target -prune -o -type f -print) | while read -r f; do
  mkdir -p "$dest/$(dirname "$f")"
  cp "$template/$f" "$dest/$f"
done
mv "$dest/$old_file" "$dest/$name.toml"
find "$dest" -type f \( -name '*.rs' -o -name '*.toml' -o -name '*.md' \) -print0 |
  xargs -0 sed -i \
    -e "s/$old_package/$name/g" \
    -e "s/$old_lib/$lib/g" \
    -e "s/$old_variant/$name/g" \
    -e "s/${old_file//./\\.}/$name.toml/g"

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
