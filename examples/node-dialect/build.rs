//! Links the example addon against the installed libomnir.so.0 (found by omnir-sys:
//! `OMNIR_LIB_DIR`, pkg-config, or the repository's target/omnir-install) by SONAME, and
//! sets its RUNPATH to, first, `$ORIGIN/../omnir` — the copy shipped in the `omnir` npm
//! package when both packages sit side by side in `node_modules` — then the installed
//! library's directory. Either way the process ends up with one libomnir: the loader reuses
//! an already loaded SONAME, and both paths name the same library.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=DEP_OMNIR_LIBDIR");
    let mut rpath = String::from("$ORIGIN/../omnir");
    if let Ok(dir) = std::env::var("DEP_OMNIR_LIBDIR") {
        rpath.push(':');
        rpath.push_str(&dir);
    }
    println!("cargo:rustc-cdylib-link-arg=-Wl,-rpath,{rpath}");
    napi_build::setup();
}
