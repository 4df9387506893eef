//! omnir-gen: the command over the core's bindings generator ([`omnir_core::gen`]).

use omnir_core::Context;

/// The Python module of `dialect`, after loading `definition_files` (path, text) into a
/// fresh context; `source` names where the definition came from in the module's header.
pub fn python_module(dialect: &str, definition_files: &[(String, String)], source: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    for (path, text) in definition_files {
        omnir_core::irdl::load_definitions(&mut ctx, text, path).map_err(|e| e.to_string())?;
    }
    omnir_core::gen::generate(&mut ctx, dialect, "python", source).map_err(|e| e.message)
}
