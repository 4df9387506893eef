//! omnir-gen: the command over the core's bindings generator ([`omnir_core::gen`]).

use omnir_core::Context;

/// The bindings of `dialect` in `language` (see [`omnir_core::gen::LANGUAGES`]), after
/// loading `definition_files` (path, text) into a fresh context; `source` names where the
/// definition came from in the output's header.
pub fn bindings(
    language: &str,
    dialect: &str,
    definition_files: &[(String, String)],
    source: &str,
) -> Result<String, String> {
    let mut ctx = Context::new();
    for (path, text) in definition_files {
        omnir_core::irdl::load_definitions(&mut ctx, text, path).map_err(|e| e.to_string())?;
    }
    omnir_core::gen::generate(&mut ctx, dialect, language, source).map_err(|e| e.message)
}
