//! Finds the installed shared library libomnir.so.0 and links it dynamically.
//!
//! Search order:
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
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-env-changed=OMNIR_LIB_DIR");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
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

fn has_lib(dir: &Path) -> bool {
    dir.join("libomnir.so").exists() || dir.join("libomnir.so.0").exists()
}

fn find_libdir() -> Option<(PathBuf, &'static str)> {
    if let Some(dir) = env::var_os("OMNIR_LIB_DIR") {
        let dir = PathBuf::from(dir);
        if has_lib(&dir) {
            return Some((dir, "OMNIR_LIB_DIR"));
        }
        println!("cargo:warning=omnir-sys: OMNIR_LIB_DIR={} holds no libomnir.so", dir.display());
    }
    // The same major version (the SONAME is libomnir.so.MAJOR), at least this minor: an
    // omnir 1.x found through pkg-config must not satisfy omnir-sys 0.x (SameMajorVersion, as
    // the CMake package).
    let major: u32 = env!("CARGO_PKG_VERSION_MAJOR").parse().unwrap_or(0);
    let minor = env!("CARGO_PKG_VERSION_MINOR");
    let wanted_low = format!("{major}.{minor}");
    let wanted_high = format!("{}", major + 1);
    let probe = pkg_config::Config::new()
        .range_version(wanted_low.as_str()..wanted_high.as_str())
        .cargo_metadata(false)
        .env_metadata(false)
        .probe("omnir");
    if let Err(pkg_config::Error::ProbeFailure { output, .. } | pkg_config::Error::Failure { output, .. }) = &probe {
        // Found, but of another version: say so rather than silently falling back.
        let text = String::from_utf8_lossy(&output.stderr);
        if text.contains("version") {
            println!(
                "cargo:warning=omnir-sys: pkg-config's omnir is not within >= {wanted_low}, < {wanted_high}: {}",
                text.trim().replace('\n', "; ")
            );
        }
    }
    if let Ok(lib) = probe {
        if let Some(dir) = lib.link_paths.iter().find(|d| has_lib(d)) {
            return Some((dir.clone(), "pkg-config"));
        }
        // No -L (a system prefix): ask for libdir.
        if let Ok(out) = std::process::Command::new(env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into()))
            .args(["--variable=libdir", "omnir"])
            .output()
        {
            let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
            if has_lib(&dir) {
                return Some((dir, "pkg-config"));
            }
        }
    }
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR")?);
    let dev = manifest.join("../../target/omnir-install/lib");
    if has_lib(&dev) {
        return Some((dev, "the workspace's target/omnir-install"));
    }
    None
}
