#!/usr/bin/env python3
"""Which language packages expose each function of the curated C API.

Reads include/omnir/omnir.h for the functions, then each package's sources:
  - Rust (`omnir`, bindings/rust/src): the functions its code calls.
  - C++ (the bridge, bindings/cxx): the functions its C++ and Rust sources call, directly or
    through a client method.
  - Python (python/src) and Node (node/src): glue over the Rust client, so a function counts
    when the glue calls it directly or calls a client function that reaches it (by name:
    a name several client types share counts for each; the table is a map, not a proof).
  - Swift (swift/Sources): the functions its code calls.
Gaps that are meant are listed with their reason in tools/api-coverage/gaps.txt
(`PATTERN PACKAGES REASON`; `*` in a pattern matches any run of characters, PACKAGES is a
comma-separated list or `*`).

  coverage.py            print the table (docs/c-api-coverage.md's text)
  coverage.py --write    write docs/c-api-coverage.md
  coverage.py --check    fail when the file is stale, or when a function is exposed by no
                         package and no reason in gaps.txt covers it
"""
import fnmatch
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADER = ROOT / "include/omnir/omnir.h"
OUTPUT = ROOT / "docs/c-api-coverage.md"
GAPS = ROOT / "tools/api-coverage/gaps.txt"
PACKAGES = ["Rust", "C++", "Python", "Node", "Swift"]

DECLARATION = re.compile(r"^[a-z].*?\b(omnir_[a-z0-9_]+)\(")
C_NAME = re.compile(r"\b(omnir_[a-z0-9_]+)\b")
RUST_FN = re.compile(r"^\s*(?:pub(?:\([a-z]+\))?\s+)?(?:unsafe\s+)?(?:extern\s+\"C\"\s+)?fn\s+([a-z_][a-z0-9_]*)")
CALLED = re.compile(r"(?:\.|::|\b)([a-z_][a-z0-9_]*)(?:::<[^>]*>)?\(")


def functions():
    names = []
    for line in HEADER.read_text().splitlines():
        m = DECLARATION.match(line)
        if m and m.group(1) not in names:
            names.append(m.group(1))
    return names


def files(*globs):
    for pattern in globs:
        yield from sorted(ROOT.glob(pattern))


def direct(paths, api):
    found = set()
    for p in paths:
        found.update(n for n in C_NAME.findall(p.read_text(errors="replace")) if n in api)
    return found


def rust_functions(paths, api):
    """Each Rust function's name -> the C functions it calls and the names it calls."""
    reaches, calls = {}, {}
    for p in paths:
        current = None
        for line in p.read_text(errors="replace").splitlines():
            m = RUST_FN.match(line)
            if m:
                current = m.group(1)
                reaches.setdefault(current, set())
                calls.setdefault(current, set())
                continue
            if current is None:
                continue
            reaches[current].update(n for n in C_NAME.findall(line) if n in api)
            calls[current].update(CALLED.findall(line))
    # What a function reaches through the client's other functions, to a fixed point.
    changed = True
    while changed:
        changed = False
        for name, called in calls.items():
            before = len(reaches[name])
            for c in called:
                if c != name and c in reaches:
                    reaches[name] |= reaches[c]
            changed |= len(reaches[name]) != before
    return reaches


def through_client(paths, api, client):
    found = direct(paths, api)
    for p in paths:
        for name in CALLED.findall(p.read_text(errors="replace")):
            found |= client.get(name, set())
    return found


def gaps():
    rules = []
    for line in GAPS.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        pattern, packages, reason = line.split(None, 2)
        rules.append((pattern, PACKAGES if packages == "*" else packages.split(","), reason))
    return rules


def reason_for(rules, function, package):
    for pattern, packages, reason in rules:
        if package in packages and fnmatch.fnmatchcase(function, pattern):
            return reason
    return None


def table():
    api = functions()
    names = set(api)
    rust_src = list(files("bindings/rust/src/*.rs"))
    client = rust_functions(rust_src, names)
    exposed = {
        "Rust": direct(rust_src, names),
        "C++": direct(files("bindings/cxx/src/*.cc", "bindings/cxx/src/*.h", "bindings/cxx/include/omnir/cxx/*.h"), names)
        | through_client(list(files("bindings/cxx/src/*.rs")), names, client),
        "Python": through_client(list(files("python/src/*.rs", "python/src/**/*.rs")), names, client),
        "Node": through_client(list(files("node/src/*.rs", "node/src/**/*.rs")), names, client),
        "Swift": direct(files("swift/Sources/Omnir/*.swift", "swift/Sources/Omnir/**/*.swift"), names),
    }
    rules = gaps()
    rows, nowhere, counts = [], [], {p: 0 for p in PACKAGES}
    for f in api:
        cells, notes = [], []
        for p in PACKAGES:
            if f in exposed[p]:
                cells.append("yes")
                counts[p] += 1
            else:
                why = reason_for(rules, f, p)
                cells.append("—" if why else "**gap**")
                if why and why not in notes:
                    notes.append(why)
        if not any(f in exposed[p] for p in PACKAGES) and not all(reason_for(rules, f, p) for p in PACKAGES):
            nowhere.append(f)
        rows.append(f"| `{f}` | " + " | ".join(cells) + " | " + "; ".join(notes) + " |")
    open_gaps = sum(r.count("**gap**") for r in rows)
    head = [
        "# The C API in each language package",
        "",
        "Generated by `python3 tools/api-coverage/coverage.py --write` from `include/omnir/omnir.h` and",
        "the packages' sources; CI fails when it is stale or when a function is exposed by no",
        "package without a reason. **gap**: not exposed and no reason given yet; —: not exposed, for",
        "the reason in the last column (`tools/api-coverage/gaps.txt`). Python and Node reach the",
        "C API through the Rust client, C++ partly through it: a function counts for them when",
        "their glue calls it or a client function that reaches it.",
        "",
        f"{len(api)} functions. Exposed: "
        + ", ".join(f"{p} {counts[p]}" for p in PACKAGES)
        + f". Open gaps: {open_gaps}.",
        "",
        "| function | " + " | ".join(PACKAGES) + " | why not |",
        "|---|" + "---|" * len(PACKAGES) + "---|",
    ]
    return "\n".join(head + rows) + "\n", nowhere


def main():
    text, nowhere = table()
    if "--write" in sys.argv:
        OUTPUT.parent.mkdir(exist_ok=True)
        OUTPUT.write_text(text)
    elif "--check" in sys.argv:
        ok = True
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            print(f"{OUTPUT.relative_to(ROOT)} is stale: run python3 tools/api-coverage/coverage.py --write", file=sys.stderr)
            ok = False
        for f in nowhere:
            print(f"{f}: exposed by no language package (expose it, or give the reason in {GAPS.relative_to(ROOT)})", file=sys.stderr)
            ok = False
        if not ok:
            sys.exit(1)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
