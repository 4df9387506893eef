//! Finds the installed shared library libomnir.so.0 and links it dynamically.
//!
//! Search order (the first two are omnir-build's, shared with users' build scripts):
//! 1. `OMNIR_LIB_DIR`: a directory holding `libomnir.so` (e.g. `$PREFIX/lib`);
//! 2. pkg-config: `omnir.pc` (set `PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig` for a non-system
//!    prefix);
//! 3. the workspace's own install prefix `target/omnir-install` (made by `ci/install.sh`),
//!    when this crate is built inside the omnir repository.
//!
//! Prints `cargo:libdir=DIR` (this crate has `links = "omnir"`), which dependents read as
//! `DEP_OMNIR_LIBDIR` in their build scripts to set their RUNPATH: link arguments printed
//! here do not reach them. This crate's own tests get `-Wl,-rpath,DIR`. The header's
//! directory (`PREFIX/include`) is passed on the same way as `DEP_OMNIR_INCLUDE`.
//!
//! pkg-config must report the same major version as this crate and at least its minor
//! (`>= MAJOR.MINOR, < MAJOR+1`, like the CMake package's SameMajorVersion); an omnir of
//! another major version is reported with a warning and not used.
//!
//! The core is never linked statically here: every binary in a process must share the one
//! `libomnir.so.0` (DESIGN.md, "The one-core rule").

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");

    match find_libdir() {
        Some((dir, how)) => {
            let dir = dir.canonicalize().unwrap_or(dir);
            let d = dir.display();
            println!("cargo:rustc-link-search=native={d}");
            println!("cargo:rustc-link-lib=dylib=omnir");
            println!("cargo:libdir={d}");
            // The header beside it (PREFIX/include), as DEP_OMNIR_INCLUDE, for dependents that
            // compile C or C++ against omnir.h (cc, cxx).
            if let Ok(include) = dir.join("../include").canonicalize() {
                if include.join("omnir/omnir.h").exists() {
                    println!("cargo:include={}", include.display());
                }
            }
            println!("cargo:rustc-link-arg-tests=-Wl,-rpath,{d}");
            println!("cargo:rerun-if-changed={d}/libomnir.so");
            if env::var_os("OMNIR_SYS_VERBOSE").is_some() {
                println!("cargo:warning=omnir-sys: linking libomnir.so.0 from {d} (found via {how})");
            }
        }
        None => {
            println!(
                "cargo:warning=omnir-sys: libomnir.so not found: set OMNIR_LIB_DIR or PKG_CONFIG_PATH \
                 (build and install it with `bash ci/install.sh PREFIX`)"
            );
            // Still ask for it, so that a final link fails with "unable to find -lomnir"
            // rather than with undefined symbols; `cargo check` and clippy keep working.
            println!("cargo:rustc-link-lib=dylib=omnir");
        }
    }
}

/// Where omnir-build finds it (OMNIR_LIB_DIR, pkg-config), else the workspace's own prefix
/// when this crate is built inside the omnir repository.
fn find_libdir() -> Option<(PathBuf, &'static str)> {
    if let Some(found) = omnir_build::find_libdir() {
        return Some(found);
    }
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR")?);
    let dev = manifest.join("../../target/omnir-install/lib");
    omnir_build::has_lib(&dev).then_some((dev, "the workspace's target/omnir-install"))
}
