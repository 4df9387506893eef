//! `omnir-gen`: writes typed bindings from dialect definitions.
//!
//! ```text
//! omnir-gen LANGUAGE DIALECT [--irdl-file FILE]... [-o OUT]
//!     the bindings of DIALECT (shipped, or defined in the files) to OUT or stdout; LANGUAGE:
//!     python (the `_<d>_ops_gen.py` module), javascript / typescript (the Node module and
//!     its `.d.ts`), cxx (the header of op classes over the C++ bridge), c (the header of
//!     static inline functions over the C API), rust (the module of op views over the
//!     `omnir` crate)
//! omnir-gen shipped [--python DIR] [--node DIR] [--cxx DIR] [--c DIR] [--rust DIR] [--check]
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
        "usage: omnir-gen python|javascript|typescript|cxx|c|rust DIALECT [--irdl-file FILE]... [-o OUT]\n       omnir-gen shipped [--python DIR] [--node DIR] [--cxx DIR] [--c DIR] [--rust DIR] [--check]\n       omnir-gen model DIALECT"
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
    let mut check = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--python" => python_dir = it.next().cloned(),
            "--node" => node_dir = it.next().cloned(),
            "--cxx" => cxx_dir = it.next().cloned(),
            "--c" => c_dir = it.next().cloned(),
            "--rust" => rust_dir = it.next().cloned(),
            "--check" => check = true,
            _ => return usage(),
        }
    }
    if [&python_dir, &node_dir, &cxx_dir, &c_dir, &rust_dir].iter().all(|d| d.is_none()) {
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
        for (path, language) in outputs {
            let written = omnir_core::gen::generate(&mut ctx, d, language, &source)
                .map_err(|e| format!("{d}: {}", e.message))
                .and_then(|text| put(&path, &text, check, &mut stale));
            if let Err(e) = written {
                eprintln!("omnir-gen: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if !stale.is_empty() {
        eprintln!(
            "omnir-gen: stale (run `cargo run -p omnir-gen -- shipped --python python/omnir/dialects --node node/lib/dialects --cxx bindings/cxx/include/omnir/cxx/dialects --c include/omnir/dialects`): {}",
            stale.join(", ")
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
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
