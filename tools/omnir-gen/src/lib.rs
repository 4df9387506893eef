//! omnir-gen: dialect definitions to typed bindings. The model ([`model`]) is read from the
//! registry after a definition loads, so a shipped dialect, a user's definition file and a
//! dialect registered from code all generate the same way; each language is one emitter.

pub mod model;
pub mod python;

use omnir_core::Context;

/// The Python module of `dialect`, after loading `definition_files` (path, text) into a
/// fresh context; `source` names where the definition came from in the module's header.
pub fn python_module(dialect: &str, definition_files: &[(String, String)], source: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    for (path, text) in definition_files {
        omnir_core::irdl::load_definitions(&mut ctx, text, path).map_err(|e| e.to_string())?;
    }
    let model = model::Dialect::from_context(&mut ctx, dialect)?;
    Ok(python::module(&model, source))
}
