//! Dialect definition files: loading never panics, a failed load registers nothing, and a
//! file that loads loads the same way again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    omnir_core::irdl::definitions_check(data);
});
