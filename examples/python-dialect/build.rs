//! Links this extension against the libomnir.so.0 of the INSTALLED `omnir` Python package
//! (never a copy of its own), and sets its RUNPATH to find that file at run time:
//!
//! - the package's library directory is `omnir.get_lib_dir()`, asked of the Python this
//!   extension is built for (`PYO3_PYTHON`, set by maturin; else `python3`) — build with
//!   `pip install --no-build-isolation` so that `omnir` is importable while building;
//! - omnir-sys must have found that same directory: build with
//!   `OMNIR_LIB_DIR=$(python -c "import omnir; print(omnir.get_lib_dir())")` (checked here);
//! - the link name `libomnir.so` is the package's own (a linker script naming `libomnir.so.0`:
//!   wheels hold no symlinks);
//! - RUNPATH `$ORIGIN/../omnir/lib`: both packages live side by side in site-packages. (At
//!   import, `omnir_pixels` imports `omnir` first, so the library is already loaded and the
//!   loader reuses it by SONAME; the RUNPATH names the same file for a bare import.)

use std::env;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=PYO3_PYTHON");
    println!("cargo:rerun-if-env-changed=DEP_OMNIR_LIBDIR");
    let python = env::var("PYO3_PYTHON").unwrap_or_else(|_| "python3".to_string());
    let out = Command::new(&python)
        .args(["-c", "import omnir; print(omnir.get_lib_dir())"])
        .output()
        .unwrap_or_else(|e| panic!("running {python}: {e}"));
    if !out.status.success() {
        panic!(
            "the `omnir` package is not importable by {python}: install it first, and build this package with \
             `pip install --no-build-isolation` ({})",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let libdir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    let lib = libdir.join("libomnir.so.0");
    assert!(lib.is_file(), "{} not found", lib.display());
    let libdir = libdir.canonicalize().expect("the omnir package's lib directory");

    // omnir-sys (whose declarations we use) must have found the same library.
    let sys_dir = env::var("DEP_OMNIR_LIBDIR").map(PathBuf::from).ok().and_then(|d| d.canonicalize().ok());
    if sys_dir.as_deref() != Some(libdir.as_path()) {
        panic!(
            "omnir-sys found libomnir in {:?}, not in the installed omnir package ({}): build with \
             OMNIR_LIB_DIR={}",
            sys_dir,
            libdir.display(),
            libdir.display()
        );
    }

    // `-lomnir` finds the package's `lib/libomnir.so`, a linker script naming `libomnir.so.0`
    // (omnir-sys adds the directory to the search path).
    println!("cargo:rustc-cdylib-link-arg=-Wl,-rpath,$ORIGIN/../omnir/lib");
    println!("cargo:rerun-if-changed={}", libdir.join("libomnir.so.0").display());
}
