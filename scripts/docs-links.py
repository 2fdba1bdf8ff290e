#!/usr/bin/env python3
"""Checks every relative link and #anchor of README.md, CHANGELOG.md and the guide.

A link to a file must name one that exists (a folder is fine); a link with `#anchor`
into a Markdown file must name one of its headings, made into an id as mdBook and GitHub
do (lower case, spaces to `-`, other punctuation dropped, `-1`, `-2` for repeats).
Chapters that `{{#include}}` another file get that file's headings. Links to other sites
are not followed (CI has no reason to depend on them). Exit status 1 on any broken link.

    scripts/docs-links.py
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"(?<!!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")
INCLUDE = re.compile(r"\{\{#include\s+([^}\s]+)\s*\}\}")


def text_of(path):
    """The file's text with its {{#include}}s expanded."""
    text = path.read_text(encoding="utf-8")
    return INCLUDE.sub(lambda m: text_of((path.parent / m.group(1)).resolve()), text)


def strip_code(text):
    """The text without fenced blocks and inline code, where brackets are not links."""
    out, fence = [], None
    for line in text.splitlines():
        m = re.match(r"^\s*(`{3,}|~{3,})", line)
        if m and (fence is None or m.group(1).startswith(fence)):
            fence = None if fence else m.group(1)
            out.append("")
            continue
        out.append("" if fence else re.sub(r"`[^`]*`", "", line))
    return "\n".join(out)


def anchors(path):
    ids, seen = set(), {}
    body = strip_code_keep_headings(text_of(path))
    for line in body.splitlines():
        m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(2))
        slug = "".join(c for c in title.lower().replace(" ", "-") if c.isalnum() or c in "-_")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        ids.add(slug if n == 0 else f"{slug}-{n}")
    return ids


def strip_code_keep_headings(text):
    """Drops fenced blocks only (a heading may hold inline code)."""
    out, fence = [], None
    for line in text.splitlines():
        m = re.match(r"^\s*(`{3,}|~{3,})", line)
        if m and (fence is None or m.group(1).startswith(fence)):
            fence = None if fence else m.group(1)
            continue
        if not fence:
            out.append(line)
    return "\n".join(out)


def main():
    files = [ROOT / "README.md", ROOT / "CHANGELOG.md"] + sorted((ROOT / "docs" / "src").rglob("*.md"))
    problems, checked = [], 0
    for path in files:
        if not path.exists():
            continue
        # Links may wrap across lines: search the whole text, count lines for the place.
        text = strip_code(text_of(path))
        for m in LINK.finditer(text):
            target = m.group(1) or m.group(2)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("<"):
                continue
            checked += 1
            where = f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}"
            file_part, _, anchor = target.partition("#")
            dest = (path.parent / file_part).resolve() if file_part else path
            if not dest.exists():
                problems.append(f"{where}: {target}: no such file")
                continue
            if anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                problems.append(f"{where}: {target}: {dest.name} has no heading with the id `{anchor}`")
    for p in problems:
        print(p)
    print(f"docs-links: {checked} links checked, {len(problems)} broken")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
