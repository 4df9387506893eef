"""The installed package is an SDK: a C program and a CMake project build against the
header, pkg-config file, CMake package and link-time library name the wheel carries, and run
on the package's libomnir.so.0 — no omnir checkout or install prefix involved."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import omnir

PROGRAM = r"""
#include <stdio.h>
#include <omnir/omnir.h>
#include <omnir/dialects/arith.h>

int main(void) {
    omnir_context *ctx;
    omnir_type i32;
    omnir_string text;
    if (omnir_context_create(&ctx) != OMNIR_OK) return 1;
    if (omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32) != OMNIR_OK) return 2;
    if (omnir_type_print(ctx, i32, &text) != OMNIR_OK) return 3;
    printf("%.*s %u %lld\n", (int)text.len, text.data, omnir_version(), (long long)OMNIR_ARITH_CMPIPREDICATE_SLT);
    omnir_string_free(text);
    return omnir_context_destroy(ctx) == OMNIR_OK ? 0 : 4;
}
"""


def _expected_output() -> str:
    major, minor, patch = omnir.library_version()
    return f"i32 {major * 10000 + minor * 100 + patch} 2"


def _loaded_libomnir(binary: Path) -> str:
    out = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, check=True,
                         env={k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}).stdout
    (line,) = [ln for ln in out.splitlines() if "libomnir.so.0" in ln]
    return os.path.realpath(line.split("=>")[1].split("(")[0].strip())


def test_python_m_omnir_answers() -> None:
    run = [sys.executable, "-m", "omnir"]
    out = subprocess.run(run + ["--cflags", "--libs"], capture_output=True, text=True, check=True).stdout.split()
    assert out == [f"-I{omnir.get_include()}", f"-L{omnir.get_lib_dir()}", "-lomnir"]
    assert Path(omnir.get_include(), "omnir", "omnir.h").is_file()
    assert Path(omnir.get_include(), "omnir", "dialects", "arith.h").is_file()
    assert Path(omnir.get_pkgconfig_dir(), "omnir.pc").is_file()
    assert Path(omnir.get_cmake_dir(), "omnirConfig.cmake").is_file()
    cmake_dir = subprocess.run(run + ["--cmake-dir"], capture_output=True, text=True, check=True).stdout.strip()
    assert cmake_dir == omnir.get_cmake_dir()
    assert subprocess.run(run, capture_output=True).returncode == 2


@pytest.mark.skipif(shutil.which("cc") is None or shutil.which("pkg-config") is None, reason="no cc or pkg-config")
def test_c_program_with_pkg_config(tmp_path: Path) -> None:
    (tmp_path / "app.c").write_text(PROGRAM)
    env = dict(os.environ, PKG_CONFIG_PATH=omnir.get_pkgconfig_dir())
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "omnir"], capture_output=True, text=True,
                           env=env, check=True).stdout.split()
    assert f"-L{os.path.realpath(omnir.get_lib_dir())}" in [f"-L{os.path.realpath(f[2:])}" for f in flags
                                                              if f.startswith("-L")]
    # -lomnir finds the package's link-time name (libomnir.so, naming libomnir.so.0).
    subprocess.run(["cc", "-std=c11", str(tmp_path / "app.c"), "-o", str(tmp_path / "app"), *flags,
                    f"-Wl,-rpath,{omnir.get_lib_dir()}"], check=True)
    assert _loaded_libomnir(tmp_path / "app") == os.path.realpath(omnir.get_library_path())
    out = subprocess.run([str(tmp_path / "app")], capture_output=True, text=True, check=True).stdout
    assert out.strip() == _expected_output()


@pytest.mark.skipif(shutil.which("cmake") is None or shutil.which("cc") is None, reason="no cmake or cc")
def test_cmake_find_package(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "app.c").write_text(PROGRAM)
    (src / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.16)\nproject(app C)\nfind_package(omnir 0 REQUIRED)\n"
        "add_executable(app app.c)\ntarget_link_libraries(app PRIVATE omnir::omnir)\n"
    )
    build = tmp_path / "build"
    cmake_dir = subprocess.run([sys.executable, "-m", "omnir", "--cmake-dir"], capture_output=True, text=True,
                               check=True).stdout.strip()
    subprocess.run(["cmake", "-S", str(src), "-B", str(build), f"-DCMAKE_PREFIX_PATH={cmake_dir}"], check=True,
                   capture_output=True)
    subprocess.run(["cmake", "--build", str(build)], check=True, capture_output=True)
    # CMake gives the program a RUNPATH to the package's library directory.
    assert _loaded_libomnir(build / "app") == os.path.realpath(omnir.get_library_path())
    out = subprocess.run([str(build / "app")], capture_output=True, text=True, check=True).stdout
    assert out.strip() == _expected_output()
