//! Parse → print → parse → print must be stable, and nothing may panic, on any input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    omnir_core::asm::roundtrip_check(data);
});
