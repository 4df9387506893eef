//! Links the extension against the one shared core, `libomnir.so.0`, and puts that library
//! into the Python package so the wheel carries it exactly once:
//!
//! 1. The library directory comes from omnir-sys (`DEP_OMNIR_LIBDIR`: `OMNIR_LIB_DIR`,
//!    pkg-config, or the repository's `target/omnir-install`). When omnir-sys found none — a
//!    fresh clone, `pip install ./python` with nothing installed — the core is built here with
//!    `ci/build-lib.sh`, in a target directory of its own (`target/omnir-python-core`) so the
//!    nested cargo never waits for the lock of the cargo that runs this script.
//! 2. The library is copied to `omnir/lib/libomnir.so.0` (under its SONAME, one regular
//!    file: wheels hold no symlinks) and the header to `omnir/include/omnir/omnir.h`; maturin
//!    packs the `omnir/` directory as it is.
//! 3. The extension (`omnir/_omnir.abi3.so` in the wheel) gets the RUNPATH `$ORIGIN/lib`, so
//!    it loads the copy beside it, by SONAME, wherever the package is installed.
//!
//! Nothing here links the core statically: the extension's DT_NEEDED is `libomnir.so.0`
//! (DESIGN.md, "The one-core rule"; `ci/check-abi.sh` checks it).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=DEP_OMNIR_LIBDIR");
    println!("cargo:rerun-if-env-changed=OMNIR_PYTHON_NO_CORE_BUILD");

    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let repo = manifest.parent().expect("python/ is inside the repository").to_path_buf();

    let libdir = match env::var_os("DEP_OMNIR_LIBDIR").map(PathBuf::from).filter(|d| soname_in(d).is_some()) {
        Some(dir) => dir,
        None => build_core(&repo),
    };
    let lib = soname_in(&libdir).expect("libomnir.so.0 in the library directory");
    println!("cargo:rustc-link-search=native={}", libdir.display());
    println!("cargo:rerun-if-changed={}", lib.display());

    // The extension sits at omnir/_omnir.abi3.so, the core at omnir/lib/libomnir.so.0.
    println!("cargo:rustc-cdylib-link-arg=-Wl,-rpath,$ORIGIN/lib");

    let package = manifest.join("omnir");
    copy_if_changed(&lib, &package.join("lib/libomnir.so.0"));
    let header =
        [libdir.join("../include/omnir/omnir.h"), repo.join("include/omnir/omnir.h")].into_iter().find(|h| h.is_file());
    if let Some(h) = header {
        println!("cargo:rerun-if-changed={}", h.display());
        copy_if_changed(&h, &package.join("include/omnir/omnir.h"));
    }
    write_sdk(&repo, &package);
}

/// What makes the installed package an SDK for C, C++ and Rust builds, as an install prefix
/// is: the dialect headers, `lib/libomnir.so` (the link-time name; wheels hold no symlinks,
/// so it is a GNU ld script naming `libomnir.so.0`, as glibc's `libc.so` is), and the
/// relocatable pkg-config and CMake files of `ci/install.sh`, which point into the package.
fn write_sdk(repo: &Path, package: &Path) {
    let dialects = repo.join("include/omnir/dialects");
    println!("cargo:rerun-if-changed={}", dialects.display());
    let mut headers: Vec<PathBuf> = fs::read_dir(&dialects)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dialects.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "h"))
        .collect();
    headers.sort();
    for h in &headers {
        copy_if_changed(h, &package.join("include/omnir/dialects").join(h.file_name().expect("a file")));
    }
    write_if_changed(
        &package.join("lib/libomnir.so"),
        b"/* The link-time name of libomnir.so.0 (a GNU ld script). */\nINPUT(libomnir.so.0)\n",
    );
    let version = env!("CARGO_PKG_VERSION");
    let major = version.split('.').next().expect("a version");
    for (template, dest) in [
        ("omnir.pc.in", "lib/pkgconfig/omnir.pc"),
        ("omnirConfig.cmake.in", "lib/cmake/omnir/omnirConfig.cmake"),
        ("omnirConfigVersion.cmake.in", "lib/cmake/omnir/omnirConfigVersion.cmake"),
    ] {
        let path = repo.join("pkgconfig").join(template);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        // The package holds the library under its SONAME only.
        let text = text
            .replace("@VERSION@", version)
            .replace("@MAJOR@", major)
            .replace("@REALNAME@", &format!("libomnir.so.{major}"))
            .replace("@SONAME@", &format!("libomnir.so.{major}"));
        write_if_changed(&package.join(dest), text.as_bytes());
    }
}

/// Writes `to` (through a temporary file, so a reader never sees half of it) unless it holds
/// `bytes` already.
fn write_if_changed(to: &Path, bytes: &[u8]) {
    if fs::read(to).is_ok_and(|old| old == bytes) {
        return;
    }
    fs::create_dir_all(to.parent().expect("a file in a directory")).expect("creating the package's directories");
    let tmp = to.with_extension("tmp");
    fs::write(&tmp, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", tmp.display()));
    fs::rename(&tmp, to).unwrap_or_else(|e| panic!("renaming to {}: {e}", to.display()));
}

/// `dir/libomnir.so.0` resolved to the real file, if present.
fn soname_in(dir: &Path) -> Option<PathBuf> {
    let p = dir.join("libomnir.so.0");
    if p.exists() {
        Some(p.canonicalize().unwrap_or(p))
    } else {
        None
    }
}

/// Builds libomnir.so.0 from this repository with `ci/build-lib.sh` and returns its lib dir.
fn build_core(repo: &Path) -> PathBuf {
    let script = repo.join("ci/build-lib.sh");
    if env::var_os("OMNIR_PYTHON_NO_CORE_BUILD").is_some() || !script.is_file() {
        panic!(
            "libomnir.so.0 not found: install omnir (`bash ci/install.sh PREFIX`) and set OMNIR_LIB_DIR=PREFIX/lib \
             or PKG_CONFIG_PATH=PREFIX/lib/pkgconfig"
        );
    }
    let target = env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo.join("target"))
        .join("omnir-python-core");
    let out = target.join("omnir");
    println!(
        "cargo:warning=omnir-python: no installed libomnir.so.0 found; building it with ci/build-lib.sh into {}",
        out.display()
    );
    let mut cmd = Command::new("bash");
    cmd.arg(&script).current_dir(repo);
    // The nested cargo must not inherit this build's package-specific settings.
    for (k, _) in env::vars_os() {
        let k = k.to_string_lossy().into_owned();
        let keep = k == "CARGO_HOME"
            || k == "CARGO_MAKEFLAGS"
            || k.starts_with("CARGO_NET_")
            || k.starts_with("CARGO_HTTP_")
            || k.starts_with("CARGO_REGISTRIES_");
        if (k.starts_with("CARGO_") && !keep) || k == "RUSTC_WORKSPACE_WRAPPER" {
            cmd.env_remove(&k);
        }
    }
    for k in ["OUT_DIR", "TARGET", "HOST", "PROFILE", "OPT_LEVEL", "DEBUG", "NUM_JOBS", "RUSTFLAGS"] {
        cmd.env_remove(k);
    }
    cmd.env("CARGO_TARGET_DIR", &target).env("OMNIR_OUT", &out);
    let status = cmd.status().unwrap_or_else(|e| panic!("running {}: {e}", script.display()));
    assert!(status.success(), "ci/build-lib.sh failed ({status})");
    // Rebuild when the core changes.
    for d in ["core/src", "core/Cargo.toml", "include/omnir/omnir.h"] {
        println!("cargo:rerun-if-changed={}", repo.join(d).display());
    }
    out.join("lib")
}

fn copy_if_changed(from: &Path, to: &Path) {
    let bytes = fs::read(from).unwrap_or_else(|e| panic!("reading {}: {e}", from.display()));
    write_if_changed(to, &bytes);
}
