//! Compiles the C++ half of the bridge: the code cxx generates for `src/lib.rs` and the
//! hand-written sources in `src/*.cc`, against the INSTALLED omnir header (found through
//! omnir-sys, whose `links = "omnir"` hands its library directory to this script as
//! `DEP_OMNIR_LIBDIR`) and the bridge's own public headers in `include/`.
use std::env;
use std::path::PathBuf;

const SOURCES: &[&str] =
    &["src/error.cc", "src/asm.cc", "src/dialect.cc", "src/ir.cc", "src/pass.cc", "src/definitions.cc"];

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    // The header of the core the bridge links: PREFIX/include next to PREFIX/lib. Without an
    // installed core (cargo check in a fresh tree), fall back to the repository's header.
    let omnir_include = env::var_os("DEP_OMNIR_LIBDIR")
        .map(|d| PathBuf::from(d).join("../include"))
        .filter(|d| d.join("omnir/omnir.h").exists())
        .unwrap_or_else(|| manifest.join("../../include"));
    println!("cargo:rerun-if-changed={}", omnir_include.join("omnir/omnir.h").display());
    println!("cargo:rerun-if-changed=include");
    for s in SOURCES {
        println!("cargo:rerun-if-changed={s}");
    }
    println!("cargo:rerun-if-changed=src/bridge_internal.h");
    println!("cargo:rerun-if-env-changed=DEP_OMNIR_LIBDIR");
    // This crate's own unit-test binary finds libomnir.so.0 where omnir-sys found it (the
    // staticlib is not linked by rustc: ci/build-cxx.sh links it and sets its RUNPATH).
    if let Ok(dir) = env::var("DEP_OMNIR_LIBDIR") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }

    cxx_build::bridge("src/lib.rs")
        .files(SOURCES)
        // The bridge's own headers first: PREFIX/include may hold an older installed copy.
        .include(manifest.join("include"))
        .include(&omnir_include)
        .include(manifest.join("src"))
        .std("c++17")
        .flag_if_supported("-fPIC")
        // Only what the headers mark OMNIR_CXX_API is exported (ci/build-cxx.sh's version
        // script then keeps the omnir:: C++ symbols alone).
        .flag_if_supported("-fvisibility=hidden")
        .flag_if_supported("-fvisibility-inlines-hidden")
        .flag_if_supported("-Wall")
        .flag_if_supported("-Wextra")
        .flag_if_supported("-Wno-unused-parameter")
        .define("OMNIR_CXX_BUILDING", None)
        .compile("omnir_cxx_bridge");
}
