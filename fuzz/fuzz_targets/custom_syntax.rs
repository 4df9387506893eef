//! Custom syntax (assembly formats of the test dialect): parse → print → parse → print is
//! stable, the generic form reads back to the same custom print, and nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

const DEFINITIONS: &str = include_str!("../../tests/definitions/fmtest.irdl.mlir");

fuzz_target!(|data: &[u8]| {
    omnir_core::asm::custom_roundtrip_check(data, DEFINITIONS);
});
