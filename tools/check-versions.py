#!/usr/bin/env python3
"""One version for every omnir package: the workspace's `version` in Cargo.toml is the source
(the library, its SONAME's minor version, the crates, the wheel through maturin, the `.pc` and
CMake files through ci/install.sh and python/build.rs all take it from there). The files that
must spell it themselves are checked here; CI fails on any difference.

usage: python3 tools/check-versions.py
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def workspace_version() -> str:
    text = (ROOT / "Cargo.toml").read_text()
    section = text.split("[workspace.package]", 1)[1].split("\n[", 1)[0]
    match = re.search(r'^version\s*=\s*"([^"]+)"', section, re.M)
    if not match:
        sys.exit("check-versions: no [workspace.package] version in Cargo.toml")
    return match.group(1)


def spelled() -> list[tuple[str, str]]:
    """(where, the version it spells) for each place that cannot take it from Cargo."""
    out = []
    node = json.loads((ROOT / "node/package.json").read_text())
    out.append(("node/package.json version", node["version"]))
    init = (ROOT / "python/omnir/__init__.py").read_text()
    match = re.search(r'^__version__ = "([^"]+)"', init, re.M)
    out.append(("python/omnir/__init__.py __version__", match.group(1) if match else "<missing>"))
    pyproject = (ROOT / "python/pyproject.toml").read_text()
    if not re.search(r'^dynamic = \[[^]]*"version"', pyproject, re.M):
        out.append(("python/pyproject.toml (version must be dynamic, from Cargo.toml)", "<static>"))
    # Packages built on omnir pin the omnir they were built against.
    for manifest in sorted(ROOT.glob("examples/**/package.json")):
        if "node_modules" in manifest.parts:
            continue
        deps = json.loads(manifest.read_text())
        for key in ("dependencies", "peerDependencies"):
            if "omnir" in deps.get(key, {}):
                out.append((f"{manifest.relative_to(ROOT)} {key}.omnir", deps[key]["omnir"]))
    return out


def main() -> int:
    want = workspace_version()
    wrong = [(where, v) for where, v in spelled() if v != want]
    for where, v in wrong:
        print(f"check-versions: {where} is {v}, the workspace's version is {want}", file=sys.stderr)
    if wrong:
        return 1
    print(f"check-versions: every package is at {want}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
