"""The PEP 517 build backend of omnir-quant (standard library only, so that building needs no
index): a wheel of the ``omnir_quant`` package plus the native libraries it loads, copied into
``omnir_quant/lib/`` under their SONAMEs:

- ``libquant_dialect.so.0``, from ``$OMNIR_QUANT_PREFIX/lib`` (where
  ``examples/quant-dialect/build.sh`` installed it; default ``<repo>/target/quant-dialect``);
- ``libomnir_cxx.so.0``, the C++ bridge it links, from ``$OMNIR_CXX_LIB_DIR`` or else where
  the dynamic loader finds it for the dialect library (``ldd``).

The dialect library's RUNPATH starts with ``$ORIGIN``, so it finds the bundled bridge;
libomnir.so.0 is not bundled: the ``omnir`` package, imported first, has loaded it, and the
loader reuses a library already loaded under the same SONAME. The wheel is tagged
``py3-none-<platform>`` (pure Python, but carrying native code).

Config settings (``pip install --config-settings KEY=VALUE``) ``quant-prefix`` and
``cxx-lib-dir`` override the environment.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import sysconfig
import tarfile
import zipfile
from typing import Dict, List, Mapping, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "omnir_quant"
DIALECT = "libquant_dialect.so.0"
BRIDGE = "libomnir_cxx.so.0"


def _project() -> Dict[str, object]:
    """The [project] fields this backend uses, read from pyproject.toml (tomllib is 3.11+)."""
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    fields: Dict[str, object] = {}
    for key in ("name", "version", "description", "requires-python"):
        m = re.search(r'^%s\s*=\s*"([^"]*)"' % re.escape(key), text, re.M)
        if not m:
            raise RuntimeError(f"pyproject.toml: no {key}")
        fields[key] = m.group(1)
    m = re.search(r"^dependencies\s*=\s*\[([^\]]*)\]", text, re.M)
    fields["dependencies"] = re.findall(r'"([^"]+)"', m.group(1)) if m else []
    return fields


def _setting(config: Optional[Mapping[str, object]], key: str, env: str) -> Optional[str]:
    value = (config or {}).get(key) or os.environ.get(env)
    return str(value) if value else None


def _libraries(config: Optional[Mapping[str, object]]) -> List[Tuple[str, str]]:
    """(path, name in the wheel) of the native libraries to bundle."""
    prefix = _setting(config, "quant-prefix", "OMNIR_QUANT_PREFIX") or os.path.join(
        HERE, "..", "..", "..", "target", "quant-dialect"
    )
    dialect = os.path.realpath(os.path.join(prefix, "lib", DIALECT))
    if not os.path.isfile(dialect):
        raise RuntimeError(
            f"omnir-quant: {DIALECT} not found in {prefix}/lib: build the dialect first "
            "(examples/quant-dialect/build.sh PREFIX OUTDIR) and set OMNIR_QUANT_PREFIX=OUTDIR"
        )
    bridge_dir = _setting(config, "cxx-lib-dir", "OMNIR_CXX_LIB_DIR")
    if bridge_dir:
        bridge = os.path.join(bridge_dir, BRIDGE)
    else:
        # Where the loader resolves it for the dialect library (its RUNPATH): the bridge the
        # dialect was built against.
        out = subprocess.run(["ldd", dialect], check=True, capture_output=True, text=True).stdout
        m = re.search(r"^\s*%s => (\S+)" % re.escape(BRIDGE), out, re.M)
        if not m:
            raise RuntimeError(f"omnir-quant: ldd does not resolve {BRIDGE} for {dialect}; set OMNIR_CXX_LIB_DIR")
        bridge = m.group(1)
    bridge = os.path.realpath(bridge)
    if not os.path.isfile(bridge):
        raise RuntimeError(f"omnir-quant: {bridge} not found")
    return [(dialect, DIALECT), (bridge, BRIDGE)]


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _metadata(p: Mapping[str, object]) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {p['name']}",
        f"Version: {p['version']}",
        f"Summary: {p['description']}",
        "License: Apache-2.0",
        f"Requires-Python: {p['requires-python']}",
    ]
    lines += [f"Requires-Dist: {d}" for d in p["dependencies"]]  # type: ignore[attr-defined]
    return "\n".join(lines) + "\n"


def _dist_name(p: Mapping[str, object]) -> str:
    return re.sub(r"[-_.]+", "_", str(p["name"])).lower()


def get_requires_for_build_wheel(config_settings: Optional[Mapping[str, object]] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[Mapping[str, object]] = None) -> List[str]:
    return []


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Mapping[str, object]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    p = _project()
    dist = _dist_name(p)
    tag = "py3-none-" + re.sub(r"[-.]", "_", sysconfig.get_platform())
    filename = f"{dist}-{p['version']}-{tag}.whl"
    info = f"{dist}-{p['version']}.dist-info"
    files: List[Tuple[str, bytes, int]] = []  # (name in the wheel, data, mode)
    pkg = os.path.join(HERE, PACKAGE)
    for name in sorted(os.listdir(pkg)):
        if name.endswith((".py", ".pyi")) or name == "py.typed":
            with open(os.path.join(pkg, name), "rb") as f:
                files.append((f"{PACKAGE}/{name}", f.read(), 0o644))
    for path, name in _libraries(config_settings):
        with open(path, "rb") as f:
            files.append((f"{PACKAGE}/lib/{name}", f.read(), 0o755))
    files.append((f"{info}/METADATA", _metadata(p).encode(), 0o644))
    wheel_meta = f"Wheel-Version: 1.0\nGenerator: omnir-quant build_backend\nRoot-Is-Purelib: false\nTag: {tag}\n"
    files.append((f"{info}/WHEEL", wheel_meta.encode(), 0o644))
    files.append((f"{info}/top_level.txt", f"{PACKAGE}\n".encode(), 0o644))
    record = [_record_line(n, d) for n, d, _ in files] + [f"{info}/RECORD,,"]
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode(), 0o644))

    os.makedirs(wheel_directory, exist_ok=True)
    tmp = os.path.join(wheel_directory, filename + ".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data, mode in files:
            entry = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            entry.external_attr = (0o100000 | mode) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(entry, data)
    shutil.move(tmp, os.path.join(wheel_directory, filename))
    return filename


def build_sdist(sdist_directory: str, config_settings: Optional[Mapping[str, object]] = None) -> str:
    """The sources (the native libraries are not part of them: the wheel build bundles them)."""
    p = _project()
    base = f"{_dist_name(p)}-{p['version']}"
    names = ["pyproject.toml", "build_backend.py"]
    for d in (PACKAGE, "tests"):
        sources = [n for n in os.listdir(os.path.join(HERE, d)) if n.endswith((".py", ".pyi", ".typed"))]
        names += [os.path.join(d, n) for n in sources]
    pkg_info = _metadata(p).encode()
    os.makedirs(sdist_directory, exist_ok=True)
    filename = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as tar:
        for name in sorted(set(names)):
            tar.add(os.path.join(HERE, name), arcname=f"{base}/{name}")
        entry = tarfile.TarInfo(f"{base}/PKG-INFO")
        entry.size = len(pkg_info)
        tar.addfile(entry, io.BytesIO(pkg_info))
    return filename
