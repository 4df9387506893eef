//! The upstream corpus (`../shared/corpus`, see its README): every file is upstream MLIR's
//! own generic print, so parsing it and printing it again with the flags it was made with
//! (MANIFEST.tsv) must give the same bytes, and printing must be idempotent:
//! print(parse(print(parse(x)))) == print(parse(x)). Prints the pass rate per folder.
//! Files that cannot match are listed, with a reason, in `corpus_exceptions.txt`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use omnir_core::asm::parser::parse_source_split;
use omnir_core::asm::{print_op, ParseOptions, PrintFlags};
use omnir_core::Context;

fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("OMNIR_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    dir.join("MANIFEST.tsv").exists().then_some(dir)
}

struct Row {
    path: String,
    flags: PrintFlags,
}

fn rows(dir: &Path) -> Vec<Row> {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    manifest
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            let flags = cols[4];
            Row {
                path: cols[0].to_string(),
                flags: PrintFlags {
                    debug_info: flags.contains("--mlir-print-debuginfo"),
                    local_scope: flags.contains("--mlir-print-local-scope"),
                    generic: true,
                    ..PrintFlags::default()
                },
            }
        })
        .collect()
}

/// `roundtrip` entries of `corpus_exceptions.txt`: path -> reason.
fn exceptions() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus_exceptions.txt"))
        .expect("core/tests/corpus_exceptions.txt");
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        assert!(
            cols.len() == 3 && matches!(cols[0], "roundtrip" | "differential") && !cols[2].trim().is_empty(),
            "malformed exception (want <check> TAB <path> TAB <reason>): {line}"
        );
        if cols[0] == "roundtrip" {
            out.insert(cols[1].to_string(), cols[2].to_string());
        }
    }
    out
}

/// What `mlir-opt --split-input-file` with `flags` prints for `source`: each chunk's module
/// followed by a newline, chunks joined by `// -----\n`.
fn reprint(source: &str, name: &str, flags: &PrintFlags) -> Result<String, String> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let options = ParseOptions { allow_unregistered_dialects: true, ..ParseOptions::default() };
    let mut out = String::new();
    for (i, chunk) in parse_source_split(&mut ctx, source, name, &options).into_iter().enumerate() {
        let module = chunk.map_err(|e| format!("chunk {i}: parse error: {e}"))?;
        ctx.verify(module).map_err(|e| format!("chunk {i}: verifier: {e}"))?;
        if i > 0 {
            out.push_str("// -----\n");
        }
        out.push_str(&print_op(&ctx, module, flags).map_err(|e| format!("chunk {i}: {e:?}"))?);
        out.push('\n');
    }
    Ok(out)
}

fn first_difference(expected: &str, actual: &str) -> String {
    for (n, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        if e != a {
            return format!("line {}:\n  expected: {e}\n  actual:   {a}", n + 1);
        }
    }
    format!("lengths differ: expected {} lines, got {}", expected.lines().count(), actual.lines().count())
}

#[test]
fn corpus_round_trip_is_byte_exact_and_idempotent() {
    let Some(dir) = corpus_dir() else {
        eprintln!("corpus not found (set OMNIR_CORPUS); skipped");
        return;
    };
    let exceptions = exceptions();
    let mut per_folder: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for row in rows(&dir) {
        let expected = std::fs::read_to_string(dir.join(&row.path)).unwrap();
        let folder = row.path.split('/').next().unwrap_or("").to_string();
        let (name, flags, src) = (row.path.clone(), row.flags.clone(), expected.clone());
        let result = std::panic::catch_unwind(move || reprint(&src, &name, &flags)).unwrap_or_else(|p| {
            let msg = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
            Err(format!("panic: {}", msg.unwrap_or_default()))
        });
        // print(parse(print(parse(x)))) == print(parse(x)), whether or not x itself matched.
        if let Ok(first) = &result {
            match reprint(first, &row.path, &row.flags) {
                Ok(second) if second == *first => {}
                Ok(second) => {
                    failures.push(format!("{}: not idempotent: {}", row.path, first_difference(first, &second)))
                }
                Err(e) => failures.push(format!("{}: its own print does not parse: {e}", row.path)),
            }
        }
        let ok = matches!(&result, Ok(actual) if *actual == expected);
        let entry = per_folder.entry(folder).or_default();
        entry.1 += 1;
        match (ok, exceptions.get(&row.path)) {
            (true, None) => entry.0 += 1,
            (true, Some(_)) => {
                entry.0 += 1;
                failures.push(format!("{}: passes now; remove it from corpus_exceptions.txt", row.path));
            }
            (false, Some(reason)) => eprintln!("EXCEPTION {}: {reason}", row.path),
            (false, None) => failures.push(format!(
                "{}: {}",
                row.path,
                match result {
                    Ok(actual) => first_difference(&expected, &actual),
                    Err(e) => e,
                }
            )),
        }
    }
    let (pass, total) = per_folder.values().fold((0, 0), |(p, t), (a, b)| (p + a, t + b));
    for (folder, (p, t)) in &per_folder {
        eprintln!("corpus {folder}: {p}/{t} byte-exact ({:.1}%)", 100.0 * *p as f64 / (*t).max(1) as f64);
    }
    eprintln!("corpus total: {pass}/{total}");
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} corpus failures (see above)", failures.len());
}
