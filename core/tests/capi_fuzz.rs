//! The C API fuzz driver (fuzz/capi_driver.rs) on stable Rust: every input the `c_api` fuzz
//! target ever failed on (fuzz/regressions-capi/), and a fixed set of random programs, so
//! that `cargo test` checks the driver's properties on every machine, nightly or not.

#[path = "../../fuzz/capi_driver.rs"]
mod capi_driver;

use std::path::Path;

#[test]
fn kept_c_api_fuzz_inputs_stay_fixed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions-capi");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/regressions-capi exists") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        capi_driver::run(&std::fs::read(&path).unwrap());
        count += 1;
    }
    eprintln!("replayed {count} C API fuzz inputs");
}

#[test]
fn random_c_api_programs_keep_every_property() {
    // xorshift64*: a fixed sequence, so a failure here is reproducible by its program number.
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    for program in 0..300 {
        let len = 64 + (next() % 1500) as usize;
        let data: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        let outcome = std::panic::catch_unwind(|| capi_driver::run(&data));
        assert!(outcome.is_ok(), "random C API program {program} fails");
    }
}
