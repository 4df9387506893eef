#!/usr/bin/env python3
"""Checks the relative links of the repository's Markdown (README.md, ARCHITECTURE.md,
docs/*.md and each package's README): every `[text](path)` and `[text](path#anchor)` names
a file or folder that exists, and an anchor names a heading of that file. Exits 1 listing
the broken ones."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = ["README.md", "ARCHITECTURE.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md")),
         "python/README.md", "node/README.md"]
LINK = re.compile(r"\[[^\]\n]+\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*```")


def anchors(path: Path) -> set:
    """GitHub's anchors of a Markdown file's headings."""
    out = set()
    in_fence = False
    for line in path.read_text().splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
        if not in_fence and line.startswith("#"):
            text = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", text).replace(" ", "-"))
    return out


def main() -> int:
    broken = []
    for name in FILES:
        path = ROOT / name
        if not path.exists():
            continue
        in_fence = False
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if FENCE.match(line):
                in_fence = not in_fence
                continue
            if in_fence:
                continue
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue
                file, _, anchor = target.partition("#")
                dest = (path.parent / file).resolve() if file else path
                if not dest.exists():
                    broken.append(f"{name}:{number}: {target}: no such file")
                elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                    broken.append(f"{name}:{number}: {target}: no heading '{anchor}' in {file or name}")
    for b in broken:
        print(b, file=sys.stderr)
    print(f"check-links: {len(FILES)} files, {len(broken)} broken links")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
