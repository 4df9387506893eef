//! Replays every input the fuzzer ever found a failure with (fuzz/regressions/), plus the
//! fuzzer's seed corpus shape, through the same property the fuzz target checks.

use std::path::Path;

#[test]
fn kept_fuzz_inputs_stay_fixed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/regressions exists") {
        let path = entry.expect("dir entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let data = std::fs::read(&path).expect("readable");
        let outcome = std::panic::catch_unwind(|| omnir_core::asm::roundtrip_check(&data));
        assert!(outcome.is_ok(), "fuzz regression {} fails again", path.display());
        count += 1;
    }
    eprintln!("replayed {count} fuzz regression inputs");
}

/// Replays `dir`'s kept inputs through `check` (each must not panic).
fn replay(dir: &str, check: impl Fn(&[u8]) + std::panic::RefUnwindSafe) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("the regression directory exists") {
        let path = entry.expect("dir entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let data = std::fs::read(&path).expect("readable");
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "fuzz regression {} fails again", path.display());
        count += 1;
    }
    count
}

#[test]
fn kept_definition_inputs_stay_fixed() {
    let n = replay("../fuzz/regressions-definitions", omnir_core::irdl::definitions_check);
    assert!(n > 0);
}

#[test]
fn kept_custom_syntax_inputs_stay_fixed() {
    let defs = include_str!("../../tests/definitions/fmtest.irdl.mlir");
    let n = replay("../fuzz/regressions-custom", |d| omnir_core::asm::custom_roundtrip_check(d, defs));
    assert!(n > 0);
}
