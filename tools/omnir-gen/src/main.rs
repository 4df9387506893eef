//! `omnir-gen`: writes typed bindings from dialect definitions.
//!
//! ```text
//! omnir-gen LANGUAGE DIALECT [--irdl-file FILE]... [-o OUT]
//!     the bindings of DIALECT (shipped, or defined in the files) to OUT or stdout; LANGUAGE:
//!     python (the `_<d>_ops_gen.py` module), javascript / typescript (the Node module and
//!     its `.d.ts`), cxx (the header of op classes over the C++ bridge), c (the header of
//!     static inline functions over the C API), rust (the module of op views over the
//!     `omnir` crate), swift (the file of op views over the `Omnir` package)
//! omnir-gen shipped [--python DIR] [--node DIR] [--cxx DIR] [--c DIR] [--rust DIR] [--swift DIR]
//!                   [--check]
//!     for builtin and every shipped dialect: DIR/_<d>_ops_gen.py (Python), DIR/<d>.js and
//!     DIR/<d>.d.ts (Node), DIR/<d>.h (C++ and C; not builtin, which the bridge and the C
//!     API have by hand);
//!     --check fails if any differs
//! omnir-gen model DIALECT
//!     the model the emitters see, an op per line (for tools and reviews)
//! ```

use std::process::ExitCode;

fn usage() -> ExitCode {
    eprintln!(
        "usage: omnir-gen python|javascript|typescript|cxx|c|rust|swift DIALECT [--irdl-file FILE]... [-o OUT]\n       omnir-gen shipped [--python DIR] [--node DIR] [--cxx DIR] [--c DIR] [--rust DIR] [--swift DIR] [--check]\n       omnir-gen model DIALECT"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some(language) if omnir_core::gen::LANGUAGES.contains(&language) => one(language, &args[1..]),
        Some("shipped") => shipped(&args[1..]),
        Some("model") if args.len() == 2 => model(&args[1]),
        _ => usage(),
    }
}

fn one(language: &str, args: &[String]) -> ExitCode {
    let mut dialect = None;
    let mut files = Vec::new();
    let mut out = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--irdl-file" => match it.next() {
                Some(f) => files.push(f.clone()),
                None => return usage(),
            },
            "-o" => match it.next() {
                Some(f) => out = Some(f.clone()),
                None => return usage(),
            },
            _ if dialect.is_none() && !a.starts_with('-') => dialect = Some(a.clone()),
            _ => return usage(),
        }
    }
    let Some(dialect) = dialect else { return usage() };
    let mut definitions = Vec::new();
    for f in &files {
        match std::fs::read_to_string(f) {
            Ok(text) => definitions.push((f.clone(), text)),
            Err(e) => {
                eprintln!("omnir-gen: {f}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let source = if files.is_empty() { format!("the shipped {dialect} dialect") } else { files.join(", ") };
    let text = match omnir_gen::bindings(language, &dialect, &definitions, &source) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("omnir-gen: {e}");
            return ExitCode::FAILURE;
        }
    };
    match out {
        Some(path) => {
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("omnir-gen: {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
        None => print!("{text}"),
    }
    ExitCode::SUCCESS
}

/// Writes (or with `check`, compares) `path`; records a stale file.
fn put(path: &str, text: &str, check: bool, stale: &mut Vec<String>) -> Result<(), String> {
    if std::fs::read_to_string(path).ok().as_deref() == Some(text) {
        return Ok(());
    }
    if check {
        stale.push(path.to_string());
        return Ok(());
    }
    std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))?;
    eprintln!("omnir-gen: wrote {path}");
    Ok(())
}

fn shipped(args: &[String]) -> ExitCode {
    let mut python_dir = None;
    let mut node_dir = None;
    let mut cxx_dir = None;
    let mut c_dir = None;
    let mut rust_dir = None;
    let mut swift_dir = None;
    let mut check = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--python" => python_dir = it.next().cloned(),
            "--node" => node_dir = it.next().cloned(),
            "--cxx" => cxx_dir = it.next().cloned(),
            "--c" => c_dir = it.next().cloned(),
            "--rust" => rust_dir = it.next().cloned(),
            "--swift" => swift_dir = it.next().cloned(),
            "--check" => check = true,
            _ => return usage(),
        }
    }
    if [&python_dir, &node_dir, &cxx_dir, &c_dir, &rust_dir, &swift_dir].iter().all(|d| d.is_none()) {
        return usage();
    }
    let mut stale = Vec::new();
    // builtin is registered by the core itself (core/src/builtin.rs), the others load from
    // their definition files.
    for d in std::iter::once("builtin").chain(omnir_core::dialects::shipped_names()) {
        let source =
            if d == "builtin" { "core/src/builtin.rs".to_string() } else { format!("dialects/{d}/{d}.irdl.mlir") };
        let mut ctx = omnir_core::Context::new();
        let mut outputs = Vec::new();
        if let Some(dir) = &python_dir {
            outputs.push((format!("{dir}/_{d}_ops_gen.py"), "python"));
        }
        if let Some(dir) = &node_dir {
            outputs.push((format!("{dir}/{d}.js"), "javascript"));
            outputs.push((format!("{dir}/{d}.d.ts"), "typescript"));
        }
        if let Some(dir) = cxx_dir.as_ref().filter(|_| d != "builtin") {
            outputs.push((format!("{dir}/{d}.h"), "cxx"));
        }
        if let Some(dir) = c_dir.as_ref().filter(|_| d != "builtin") {
            outputs.push((format!("{dir}/{d}.h"), "c"));
        }
        if let Some(dir) = rust_dir.as_ref().filter(|_| d != "builtin") {
            outputs.push((format!("{dir}/{d}.rs"), "rust"));
        }
        if let Some(dir) = swift_dir.as_ref().filter(|_| d != "builtin") {
            outputs.push((format!("{dir}/{d}.swift"), "swift"));
        }
        for (path, language) in outputs {
            let written = omnir_core::gen::generate(&mut ctx, d, language, &source)
                .map_err(|e| format!("{d}: {}", e.message))
                .and_then(|text| {
                    put(&path, &text, check, &mut stale)?;
                    match (language, &python_dir) {
                        ("python", Some(dir)) => reexports(dir, d, &text, check, &mut stale),
                        _ => Ok(()),
                    }
                });
            if let Err(e) = written {
                eprintln!("omnir-gen: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if !stale.is_empty() {
        eprintln!(
            "omnir-gen: stale (run `cargo run -p omnir-gen -- shipped --python python/omnir/dialects --node node/lib/dialects --cxx bindings/cxx/include/omnir/cxx/dialects --c include/omnir/dialects --rust bindings/dialects/src --swift swift/Sources/OmnirDialects`): {}",
            stale.join(", ")
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

const REEXPORTS_BEGIN: &str = "# omnir-gen re-exports: begin";
const REEXPORTS_END: &str = "# omnir-gen re-exports: end";

/// The public top-level names a Python module defines (classes, functions, assignments).
fn python_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in text.lines() {
        let name = if let Some(rest) = line.strip_prefix("class ").or_else(|| line.strip_prefix("def ")) {
            rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).next()
        } else {
            line.split_once(" = ").map(|(n, _)| n).filter(|n| n.chars().all(|c| c.is_alphanumeric() || c == '_'))
        };
        if let Some(n) = name.filter(|n| !n.is_empty() && !n.starts_with('_')) {
            if !names.iter().any(|x| x == n) {
                names.push(n.to_string());
            }
        }
    }
    names
}

/// The block of `DIR/<d>.py` (the hand-written module over `_<d>_ops_gen.py`) between the
/// re-export markers: type checkers see the generated names it re-exports one by one, minus
/// those the module defines itself (`arith.ConstantOp`), so that its own definitions are
/// the ones they see; at run time the star import stays. A module without the markers is
/// left alone.
fn reexports(dir: &str, dialect: &str, generated: &str, check: bool, stale: &mut Vec<String>) -> Result<(), String> {
    let path = format!("{dir}/{dialect}.py");
    let Ok(text) = std::fs::read_to_string(&path) else { return Ok(()) };
    let (Some(begin), Some(end)) = (text.find(REEXPORTS_BEGIN), text.find(REEXPORTS_END)) else { return Ok(()) };
    let block_start = begin + text[begin..].find('\n').map_or(text.len() - begin, |i| i + 1);
    let outside = format!("{}{}", &text[..begin], &text[end..]);
    let own = python_names(&outside);
    let module = format!("omnir.dialects._{dialect}_ops_gen");
    let mut block = String::from("if TYPE_CHECKING:\n");
    block.push_str(&format!("    from {module} import (  # noqa: F401\n"));
    for name in python_names(generated).iter().filter(|n| !own.contains(n)) {
        block.push_str(&format!("        {name} as {name},\n"));
    }
    block.push_str(&format!("    )\nelse:\n    from {module} import *  # noqa: F401,F403\n"));
    let updated = format!("{}{block}{}", &text[..block_start], &text[end..]);
    put(&path, &updated, check, stale)
}

fn model(dialect: &str) -> ExitCode {
    use omnir_core::gen::model::Argument;
    let mut ctx = omnir_core::Context::new();
    let d = match omnir_core::gen::model::Dialect::from_context(&mut ctx, dialect) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("omnir-gen: {e}");
            return ExitCode::FAILURE;
        }
    };
    for op in &d.ops {
        let args: Vec<String> = op
            .arguments
            .iter()
            .map(|a| match a {
                Argument::Operand(g) => format!("%{}{:?}", g.name, g.arity),
                Argument::Attribute(at) => format!("{}{}:{:?}", at.name, if at.optional { "?" } else { "" }, at.kind),
            })
            .collect();
        let results: Vec<String> = op.results.iter().map(|r| format!("{}{:?}", r.name, r.arity)).collect();
        println!(
            "{}\t{}\t{}\t{}\t{}",
            op.name,
            op.class_name,
            args.join(" | "),
            results.join(" | "),
            if op.infers_results { "infers" } else { "-" }
        );
    }
    ExitCode::SUCCESS
}
