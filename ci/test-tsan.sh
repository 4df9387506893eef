#!/usr/bin/env bash
# ThreadSanitizer over omnir's concurrency stress tests:
#   1. the core (and Rust's std, rebuilt with -Zbuild-std so that its synchronization is
#      instrumented too) built as an instrumented staticlib with nightly -Zsanitizer=thread,
#      with the Rust stress test, into target/tsan (kept between runs: only what changed is
#      rebuilt; a change to the core costs about 2 minutes on two cores, nothing changed about
#      10 s, the very first build of std and every dependency about 6 minutes more);
#   2. the C stress test (tests/c/stress.c) compiled with -fsanitize=thread (clang when it is
#      installed, else gcc: both emit the same __tsan_* calls) and linked statically against
#      that staticlib and nightly Rust's own TSan runtime (the runtime has to be one copy, and
#      the newest: it matches the LLVM that instrumented the Rust code; gcc's libtsan is older
#      than nightly's LLVM);
#   3. the Rust stress test (core/tests/capi_threads.rs, std::thread through the C API), built
#      and run under the same flags.
# Any ThreadSanitizer report fails the run (halt_on_error). There are no suppressions: if one
# is ever needed, add it to a file passed through TSAN_OPTIONS=suppressions=... with a comment
# saying why the report is a false positive.
# usage: ci/test-tsan.sh [build]   `build` stops after step 1 (ci/test.sh runs it in the
#                                  background, niced, and the whole script at the end).
#        Env: OMNIR_STRESS_ITERS / OMNIR_STRESS_THREADS (the tests' own).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=x86_64-unknown-linux-gnu
export CARGO_TARGET_DIR=$root/target/tsan
out=$CARGO_TARGET_DIR/c
mkdir -p "$out"
start=$(date +%s)

# On a fresh machine: the nightly toolchain first (as ci/fuzz.sh does), then rust-src.
if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "== tsan: installing the nightly toolchain"
  rustup toolchain install nightly --profile minimal
fi
if ! rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^rust-src'; then
  echo "== tsan: adding rust-src to the nightly toolchain (for -Zbuild-std)"
  rustup component add rust-src --toolchain nightly
fi
# The same flags for every cargo command below, so that they share one build of std and deps.
export RUSTFLAGS="-Zsanitizer=thread"
# The shipped core is one codegen unit at opt-level 2 (for its size); instrumented, it only
# has to run the stress tests: many units at opt-level 1 build it in about half the time.
tsan_profile=(--config 'profile.release.package.omnir-core.codegen-units=16'
  --config 'profile.release.package.omnir-core.opt-level=1')
cargo_tsan() {
  nice cargo +nightly "$1" "${tsan_profile[@]}" --locked -Zbuild-std --target "$target" --release -p omnir-core "${@:2}"
}

echo "== tsan: instrumented libomnir_core.a and the Rust stress test (nightly $(rustc +nightly -V | cut -d' ' -f2-))"
# One cargo command builds both: a separate `cargo build --lib` would compile the core a second
# time (the test's dev-dependencies unify other features into the core's dependencies).
json=$(cargo_tsan test --test capi_threads --no-run --message-format=json-render-diagnostics)
staticlib=$(printf '%s\n' "$json" | sed -n 's/.*"filenames":\[[^]]*"\([^"]*\/libomnir_core-[^"]*\.a\)".*/\1/p' | tail -1)
test_bin=$(printf '%s\n' "$json" | sed -n 's/.*"executable":"\([^"]*\/capi_threads-[^"]*\)".*/\1/p' | tail -1)
[ -f "$staticlib" ] && [ -x "$test_bin" ] || { echo "tsan: built artifacts not found ($staticlib, $test_bin)" >&2; exit 1; }
[ "${1:-}" != build ] || exit 0
runtime=$(rustc +nightly --print sysroot)/lib/rustlib/$target/lib/librustc-nightly_rt.tsan.a
[ -f "$runtime" ] || { echo "tsan: nightly's TSan runtime not found at $runtime" >&2; exit 1; }

export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"

cc=$(command -v clang || command -v gcc)
echo "== tsan: C stress test ($(basename "$cc") -fsanitize=thread, static link)"
"$cc" -std=c11 -g -O1 -fsanitize=thread -pthread -Wall -Wextra -Werror -Wno-unused-parameter \
  -Wno-missing-field-initializers -Iinclude -c tests/c/stress.c -o "$out/stress.o"
# No -fsanitize=thread at link time: that would link the C compiler's runtime instead.
"$cc" -g -pthread "$out/stress.o" "$staticlib" -Wl,--whole-archive "$runtime" -Wl,--no-whole-archive \
  -lgcc_s -lpthread -ldl -lm -lrt -o "$out/stress"
"$out/stress" 2>&1 | tee "$out/stress.txt"
grep -qE '^[0-9]+ passed, 0 failed$' "$out/stress.txt"
if grep -q "ThreadSanitizer" "$out/stress.txt"; then
  echo "== tsan: ThreadSanitizer reported on the C stress test (above)" >&2
  exit 1
fi

echo "== tsan: Rust stress test (core/tests/capi_threads.rs)"
"$test_bin" --nocapture 2>&1 | tee "$out/capi_threads.txt"
if grep -q "ThreadSanitizer" "$out/capi_threads.txt"; then
  echo "== tsan: ThreadSanitizer reported on the Rust stress test (above)" >&2
  exit 1
fi
echo "== tsan: no ThreadSanitizer report ($(($(date +%s) - start)) s)"
