//! Links the addon against the one shared core, `libomnir.so.0`, by SONAME, and gives it
//! the RUNPATH `$ORIGIN`: in the npm package the addon (`omnir.linux-x64-gnu.node`) and
//! `libomnir.so.0` sit side by side, so the addon loads that copy wherever the package is
//! installed. `ci/test-node.sh` (and `npm run build`) copy the installed library next to the
//! addon.
//!
//! The library directory to link against comes from omnir-sys (`DEP_OMNIR_LIBDIR`:
//! `OMNIR_LIB_DIR`, pkg-config, or the repository's `target/omnir-install`); omnir-sys
//! already asks for `-lomnir`. Nothing here links the core statically: the addon's
//! DT_NEEDED is `libomnir.so.0` (DESIGN.md, "The one-core rule"; `ci/check-abi.sh` checks
//! it).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=DEP_OMNIR_LIBDIR");
    if std::env::var_os("DEP_OMNIR_LIBDIR").is_none() {
        println!(
            "cargo:warning=omnir-node: omnir-sys found no libomnir.so.0; install it (`bash ci/install.sh PREFIX`) \
             and set OMNIR_LIB_DIR=PREFIX/lib or PKG_CONFIG_PATH=PREFIX/lib/pkgconfig"
        );
    }
    // The addon and libomnir.so.0 are siblings in the package. Only $ORIGIN: a build
    // machine's path in the RUNPATH would silently pick up a library outside the package.
    println!("cargo:rustc-cdylib-link-arg=-Wl,-rpath,$ORIGIN");
    // napi-rs: N-API symbols stay undefined in the addon and are resolved against node.
    napi_build::setup();
}
