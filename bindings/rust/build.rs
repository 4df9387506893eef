//! Gives this crate's own tests and examples a RUNPATH to the libomnir.so.0 that omnir-sys
//! found (omnir-sys's link arguments do not reach dependents; it passes the directory on as
//! `DEP_OMNIR_LIBDIR` because it has `links = "omnir"`).
//!
//! Crates that build on this one (the Python extension, the Node addon) set their own
//! RUNPATH the same way, from their own `build.rs`: `DEP_OMNIR_LIBDIR` reaches every crate
//! that depends on omnir-sys, directly or not, only through `links` metadata of a direct
//! dependency, so they depend on omnir-sys too.

fn main() {
    println!("cargo:rerun-if-env-changed=DEP_OMNIR_LIBDIR");
    if let Ok(dir) = std::env::var("DEP_OMNIR_LIBDIR") {
        println!("cargo:rustc-link-arg-tests=-Wl,-rpath,{dir}");
        println!("cargo:rustc-link-arg-examples=-Wl,-rpath,{dir}");
    }
}
