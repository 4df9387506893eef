//! `omnir-build`: what a crate's `build.rs` needs to use its own dialect from Rust.
//!
//! ```no_run
//! // build.rs
//! fn main() -> Result<(), omnir_build::Error> {
//!     omnir_build::Dialect::new("cmath").definition("cmath.irdl.mlir").generate()?;
//!     omnir_build::link_runpath()?; // the crate's binaries and tests find libomnir.so.0
//!     Ok(())
//! }
//! ```
//! ```ignore
//! // src/lib.rs: typed views of the dialect's ops (`cmath::MulOp::create(...)`), generated
//! // from the same definition file the context loads at run time.
//! pub mod cmath {
//!     include!(concat!(env!("OUT_DIR"), "/cmath.rs"));
//! }
//! ```
//!
//! The generator is the core's (`omnir_dialect_generate_bindings`), reached through the
//! installed `omnir-gen` command, found in this order: `OMNIR_GEN` (its path); `bin/` of the
//! omnir prefix whose library [`find_libdir`] finds (`OMNIR_LIB_DIR`, else pkg-config: set
//! `PKG_CONFIG_PATH` to `PREFIX/lib/pkgconfig` for a prefix of your own); `omnir-gen` on
//! `PATH`. omnir-sys links the library [`find_libdir`] finds, so the bindings, the tool and
//! the linked core are one install.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What went wrong, with the command's own message when it ran.
#[derive(Clone, PartialEq, Eq)]
pub struct Error(pub String);

/// The message alone: a build script's `main` returning `Err` prints it with `{:?}`.
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// One dialect's bindings, generated from its definition files.
#[derive(Debug, Clone)]
pub struct Dialect {
    name: String,
    definitions: Vec<PathBuf>,
    language: String,
}

impl Dialect {
    /// The dialect `name` (as its definition's `irdl.dialect @name` says); without a
    /// definition file, a dialect shipped with omnir.
    pub fn new(name: &str) -> Dialect {
        Dialect { name: name.to_string(), definitions: Vec::new(), language: "rust".to_string() }
    }

    /// A definition file to load (relative paths are from the crate's root, as cargo runs
    /// build scripts there); several may be given (a dialect using another's types).
    pub fn definition(mut self, path: impl AsRef<Path>) -> Dialect {
        self.definitions.push(path.as_ref().to_path_buf());
        self
    }

    /// Another language than Rust (`c`, `cxx`, `python`, `javascript`, `typescript`), for a
    /// crate that builds C or C++ against the dialect too.
    pub fn language(mut self, language: &str) -> Dialect {
        self.language = language.to_string();
        self
    }

    /// Writes the bindings to `OUT_DIR/<dialect>.rs` (`.h`, `.py`, `.js`, `.d.ts` for the
    /// other languages) and returns the path; cargo reruns the script when a definition
    /// changes.
    pub fn generate(&self) -> Result<PathBuf, Error> {
        let out_dir =
            std::env::var_os("OUT_DIR").ok_or_else(|| Error("OUT_DIR is not set: call this from build.rs".into()))?;
        let extension = match self.language.as_str() {
            "rust" => "rs",
            "c" | "cxx" => "h",
            "python" => "py",
            "javascript" => "js",
            "typescript" => "d.ts",
            other => return Err(Error(format!("omnir-build: no bindings for language '{other}'"))),
        };
        let out = PathBuf::from(out_dir).join(format!("{}.{extension}", self.name));
        self.generate_to(&out)?;
        Ok(out)
    }

    /// Writes the bindings to `out`.
    pub fn generate_to(&self, out: &Path) -> Result<(), Error> {
        let tool = omnir_gen()?;
        let mut command = Command::new(&tool);
        command.arg(&self.language).arg(&self.name);
        for d in &self.definitions {
            println!("cargo:rerun-if-changed={}", d.display());
            command.arg("--irdl-file").arg(d);
        }
        command.arg("-o").arg(out);
        let output = command.output().map_err(|e| Error(format!("omnir-build: cannot run {}: {e}", tool.display())))?;
        if !output.status.success() {
            return Err(Error(format!(
                "omnir-build: {} failed: {}",
                tool.display(),
                String::from_utf8_lossy(&output.stderr).trim()
            )));
        }
        Ok(())
    }
}

/// The `omnir-gen` command this build uses (see the crate's docs for the search order).
pub fn omnir_gen() -> Result<PathBuf, Error> {
    println!("cargo:rerun-if-env-changed=OMNIR_GEN");
    if let Some(path) = std::env::var_os("OMNIR_GEN") {
        return Ok(PathBuf::from(path));
    }
    let from_prefix = find_libdir().and_then(|(lib, _)| lib.join("../bin/omnir-gen").canonicalize().ok());
    if let Some(path) = from_prefix {
        return Ok(path);
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join("omnir-gen"))
        .find(|p| p.is_file());
    on_path.ok_or_else(|| {
        Error(
            "omnir-build: omnir-gen not found: set OMNIR_GEN, OMNIR_LIB_DIR or PKG_CONFIG_PATH to an omnir \
             install (`bash ci/install.sh PREFIX` makes one)"
                .into(),
        )
    })
}

/// Gives the crate's binaries, tests and examples a RUNPATH to the directory of
/// libomnir.so.0 (omnir-sys links it; its link arguments do not reach other crates).
pub fn link_runpath() -> Result<PathBuf, Error> {
    let (dir, _) = find_libdir().ok_or_else(|| {
        Error("omnir-build: libomnir.so not found: set OMNIR_LIB_DIR or PKG_CONFIG_PATH to an omnir install".into())
    })?;
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    Ok(dir)
}

/// Whether `dir` holds the shared library.
pub fn has_lib(dir: &Path) -> bool {
    dir.join("libomnir.so").exists() || dir.join("libomnir.so.0").exists()
}

/// The directory of libomnir.so and how it was found: `OMNIR_LIB_DIR`, else pkg-config's
/// `omnir` of this crate's major version and at least its minor (`>= MAJOR.MINOR, <
/// MAJOR+1`, as the CMake package's SameMajorVersion; another major version is reported
/// with a warning and not used). omnir-sys links what this finds.
pub fn find_libdir() -> Option<(PathBuf, &'static str)> {
    println!("cargo:rerun-if-env-changed=OMNIR_LIB_DIR");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    if let Some(dir) = std::env::var_os("OMNIR_LIB_DIR") {
        let dir = PathBuf::from(dir);
        if has_lib(&dir) {
            return Some((dir, "OMNIR_LIB_DIR"));
        }
        println!("cargo:warning=omnir: OMNIR_LIB_DIR={} holds no libomnir.so", dir.display());
    }
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
                "cargo:warning=omnir: pkg-config's omnir is not within >= {wanted_low}, < {wanted_high}: {}",
                text.trim().replace('\n', "; ")
            );
        }
    }
    let lib = probe.ok()?;
    if let Some(dir) = lib.link_paths.iter().find(|d| has_lib(d)) {
        return Some((dir.clone(), "pkg-config"));
    }
    // No -L (a system prefix): ask for libdir.
    let out = Command::new(std::env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into()))
        .args(["--variable=libdir", "omnir"])
        .output()
        .ok()?;
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    has_lib(&dir).then_some((dir, "pkg-config"))
}
