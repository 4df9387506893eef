"""``python -m omnir --cflags | --libs | --cmake-dir | ...``: where this package keeps what a C,
C++ or Rust build needs to link the one libomnir.so.0 it carries, as ``pybind11-config`` and
``numpy-config`` answer for theirs.

    cc app.c $(python -m omnir --cflags --libs) -Wl,-rpath,$(python -m omnir --libdir)
    cmake -S . -B build -DCMAKE_PREFIX_PATH=$(python -m omnir --cmake-dir)
    PKG_CONFIG_PATH=$(python -m omnir --pkgconfig-dir) pkg-config --libs omnir
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from omnir import get_cmake_dir, get_include, get_lib_dir, get_pkgconfig_dir, library_version


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m omnir", description="Where this package keeps the header, library, pkg-config and CMake files."
    )
    parser.add_argument("--cflags", action="store_true", help="the compiler flags (-I...)")
    parser.add_argument("--libs", action="store_true", help="the linker flags (-L... -lomnir)")
    parser.add_argument("--includedir", action="store_true", help="the directory of omnir/omnir.h")
    parser.add_argument("--libdir", action="store_true", help="the directory of libomnir.so.0")
    parser.add_argument("--pkgconfig-dir", action="store_true", help="the directory of omnir.pc")
    parser.add_argument("--cmake-dir", action="store_true", help="the directory of omnirConfig.cmake")
    parser.add_argument("--version", action="store_true", help="the version of the library")
    args = parser.parse_args(argv)
    answers = {
        "cflags": f"-I{get_include()}",
        "libs": f"-L{get_lib_dir()} -lomnir",
        "includedir": get_include(),
        "libdir": get_lib_dir(),
        "pkgconfig_dir": get_pkgconfig_dir(),
        "cmake_dir": get_cmake_dir(),
        "version": ".".join(map(str, library_version())),
    }
    asked = [value for key, value in answers.items() if getattr(args, key)]
    if not asked:
        parser.print_help()
        return 2
    print(" ".join(asked))
    return 0


if __name__ == "__main__":
    sys.exit(main())
