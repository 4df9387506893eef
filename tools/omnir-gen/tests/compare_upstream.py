"""Compares omnir's generated Python op modules with upstream's (`mlir.dialects._<d>_ops_gen`
as shipped in iree-base-compiler), op by op: class name, builder parameters (positional
and keyword-only, in order) and the op function's name and parameters. Both sides are read
as source (`ast`), nothing is imported.

usage: compare_upstream.py OMNIR_DIR UPSTREAM_DIR DIALECT... [--max-mismatches N]
Prints each difference and a summary per dialect; exits 1 when there are more than N
(default 0) mismatching ops."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

Signature = Tuple[List[str], List[str]]


def signature(fn: ast.FunctionDef) -> Signature:
    positional = [a.arg for a in fn.args.args if a.arg != "self"]
    keyword = [a.arg for a in fn.args.kwonlyargs]
    return positional, keyword


def read(path: Path) -> Dict[str, Tuple[str, Optional[Signature], Optional[Tuple[str, Signature]]]]:
    """OPERATION_NAME -> (class name, builder signature, (function name, signature))."""
    tree = ast.parse(path.read_text())
    classes: Dict[str, Tuple[str, Optional[Signature]]] = {}
    by_class: Dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        name = None
        init = None
        for item in node.body:
            if isinstance(item, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "OPERATION_NAME"
                                                    for t in item.targets):
                if isinstance(item.value, ast.Constant):
                    name = item.value.value
            if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                init = signature(item)
        if isinstance(name, str) and not node.name.endswith("Adaptor"):
            classes[name] = (node.name, init)
            by_class[node.name] = name
    functions: Dict[str, Tuple[str, Signature]] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            # The function builds its class (`return AddIOp(...)...`) or, in omnir's modules,
            # creates the op itself (`return _create("arith.addi", ...).result`).
            for sub in ast.walk(node):
                if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in by_class:
                    functions[by_class[sub.func.id]] = (node.name, signature(node))
                    break
                if (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "_create"
                        and sub.args and isinstance(sub.args[0], ast.Constant) and sub.args[0].value in classes):
                    functions[str(sub.args[0].value)] = (node.name, signature(node))
                    break
    return {op: (cls, init, functions.get(op)) for op, (cls, init) in classes.items()}


def main() -> int:
    args = sys.argv[1:]
    limit = 0
    if "--max-mismatches" in args:
        i = args.index("--max-mismatches")
        limit = int(args[i + 1])
        del args[i:i + 2]
    ours_dir, theirs_dir, dialects = Path(args[0]), Path(args[1]), args[2:]
    total = bad = 0
    for d in dialects:
        theirs_path = theirs_dir / f"_{d}_ops_gen.py"
        if not theirs_path.exists():
            print(f"{d}: upstream has no module, skipped")
            continue
        ours = read(ours_dir / f"_{d}_ops_gen.py")
        theirs = read(theirs_path)
        d_total = d_bad = 0
        for op, (cls, init, fn) in sorted(theirs.items()):
            if op not in ours:
                continue
            d_total += 1
            ocls, oinit, ofn = ours[op]
            problems = []
            if ocls != cls:
                problems.append(f"class {ocls} (upstream {cls})")
            if init is not None and oinit != init:
                problems.append(f"builder {oinit} (upstream {init})")
            if fn is not None and ofn != fn:
                problems.append(f"function {ofn} (upstream {fn})")
            if problems:
                d_bad += 1
                print(f"{op}: " + "; ".join(problems))
        missing = sorted(set(theirs) - set(ours))
        print(f"== {d}: {d_total - d_bad}/{d_total} ops match upstream's Python API"
              + (f"; not in omnir: {len(missing)}" if missing else ""))
        total += d_total
        bad += d_bad
    print(f"== all: {total - bad}/{total} ops match")
    return 1 if bad > limit else 0


if __name__ == "__main__":
    sys.exit(main())
