"""``python -m omnir.gen``: the typed Python module of a dialect, from its definition file,
for a package that ships a dialect of its own (a build step for maturin or setuptools).

    python -m omnir.gen DIALECT --irdl-file mine.irdl.mlir [--irdl-file ...] [-o _mine_ops_gen.py]

The module is what ``omnir.dialects`` has for MLIR's dialects (a class and a function per op,
typed accessors, the dialect's enums); it builds ops of a context that has the definition
loaded (``Context.load_dialect_definitions``). ``generate`` does the same from Python."""

from __future__ import annotations

import argparse
import os
import sys
from typing import List, Optional, Sequence

import omnir as _ir


def generate(dialect: str, definition_files: Sequence[str]) -> str:
    """The module of ``dialect`` defined in ``definition_files`` (paths), as text."""
    with _ir.Context() as ctx:
        for path in definition_files:
            with open(path, encoding="utf-8") as f:
                ctx.load_dialect_definitions(f.read(), filename=path)
        source = ", ".join(os.path.basename(p) for p in definition_files)
        return ctx.generate_bindings(dialect, "python", source)


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m omnir.gen", description=__doc__.split("\n\n")[0])
    ap.add_argument("dialect")
    ap.add_argument("--irdl-file", action="append", default=[], help="a definition file (repeatable)")
    ap.add_argument("-o", "--output", help="where to write the module (default: standard output)")
    args = ap.parse_args(argv)
    try:
        text = generate(args.dialect, args.irdl_file)
    except (_ir.MLIRError, ValueError, OSError) as e:
        print(f"omnir.gen: {e}", file=sys.stderr)
        return 1
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
