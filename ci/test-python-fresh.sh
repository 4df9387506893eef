#!/usr/bin/env bash
# `pip install ./python` from a fresh copy of the repository with nothing installed: the
# extension's build.rs builds libomnir.so.0 itself (ci/build-lib.sh) and packs it.
#
# ci/test.sh runs it in the background from the start; its core build waits for the
# foreground's (cargo's lock on target/release) and reuses it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
py=${PYTHON:-python3}
venvs=$root/target/python-venv

echo "== test-python: \`pip install ./python\` from a fresh copy of the repository, nothing installed"
fresh=$root/target/python-fresh
mkdir -p "$fresh/src"
# The files a clone would have (tracked and new, not ignored), into a copy whose own
# target/ is kept between runs as a build cache.
find "$fresh/src" -mindepth 1 -maxdepth 1 ! -name target -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard \
  | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
  | tar --null -T - -cf - | tar -xf - -C "$fresh/src"
rm -rf "$venvs/fresh"
"$py" -m venv "$venvs/fresh"
empty=$fresh/no-pkgconfig
mkdir -p "$empty"
# Nothing to find: no OMNIR_LIB_DIR, no pkg-config path, no target/omnir-install in the copy.
rm -rf "$fresh/src/target/omnir-install"
# The core's release build is the checkout's (the same sources: cargo reuses it when it is
# there, ci/build-lib.sh's OMNIR_CORE_TARGET_DIR); everything else builds in the copy.
(cd "$fresh/src" && env -u OMNIR_LIB_DIR -u CARGO_TARGET_DIR OMNIR_CORE_TARGET_DIR="$root/target" \
  PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR="$empty" \
  "$venvs/fresh/bin/pip" install -q --disable-pip-version-check ./python)
"$venvs/fresh/bin/python" - <<'PYEOF'
import os
import omnir as ir
with ir.Context(), ir.Location.unknown():
  m = ir.Module.parse('"t.x"() : () -> ()')
  assert m.operation.verify() and '"t.x"' in str(m)
  assert ir.MemRefType.get([4], ir.F32Type.get()).element_type == ir.F32Type.get()
lib = ir.get_library_path()
assert os.path.isfile(lib)
print(f"fresh install: ok ({lib}, {os.path.getsize(lib)} bytes)")
PYEOF
