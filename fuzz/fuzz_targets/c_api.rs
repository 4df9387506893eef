//! Random programs of C API calls, many of them with bad arguments on purpose: nothing may
//! crash, every error must explain itself and change nothing (see fuzz/capi_driver.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../capi_driver.rs"]
mod capi_driver;

fuzz_target!(|data: &[u8]| {
    capi_driver::run(data);
});
