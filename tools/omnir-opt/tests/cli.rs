//! omnir-opt end to end: the upstream corpus through the binary with each file's MANIFEST
//! flags (byte for byte, pass rate per folder), idempotence, `-o`, stdin, exit codes and
//! `--help`. (`fixtures.rs` compares whole runs with iree-opt's.)

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn omnir_opt(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_omnir-opt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("omnir-opt runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("OMNIR_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    dir.join("MANIFEST.tsv").exists().then_some(dir)
}

/// `roundtrip` entries of core/tests/corpus_exceptions.txt.
fn exceptions() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../core/tests/corpus_exceptions.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.strip_prefix("roundtrip\t"))
        .map(|l| l.split('\t').next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn corpus_through_omnir_opt_is_byte_exact() {
    let Some(dir) = corpus_dir() else {
        eprintln!("corpus not found (set OMNIR_CORPUS); skipped");
        return;
    };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let rows: Vec<(String, String)> = manifest
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (c[0].to_string(), c[4].to_string())
        })
        .collect();
    let exceptions = exceptions();
    // Two workers: a process per file.
    let results: Vec<(String, Result<(), String>)> = std::thread::scope(|s| {
        let half = rows.len().div_ceil(2);
        let workers: Vec<_> = rows
            .chunks(half.max(1))
            .map(|part| {
                let dir = &dir;
                s.spawn(move || {
                    part.iter()
                        .map(|(path, flags)| {
                            let file = dir.join(path);
                            let file_s = file.to_str().unwrap();
                            let mut args: Vec<&str> = flags.split(' ').collect();
                            args.push(file_s);
                            let out = omnir_opt(&args, b"");
                            let expected = std::fs::read(&file).unwrap();
                            let r = if !out.status.success() {
                                Err(format!("exit {:?}: {}", out.status.code(), text(&out.stderr)))
                            } else if out.stdout != expected {
                                Err("output differs".to_string())
                            } else {
                                // Idempotent through the tool too.
                                let again = omnir_opt(&[&args[..args.len() - 1], &["-"]].concat(), &out.stdout);
                                if again.stdout == out.stdout {
                                    Ok(())
                                } else {
                                    Err("not idempotent".to_string())
                                }
                            };
                            (path.clone(), r)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    });
    let mut per_folder: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (path, r) in &results {
        let e = per_folder.entry(path.split('/').next().unwrap_or("").to_string()).or_default();
        e.1 += 1;
        let excepted = exceptions.contains(path);
        match r {
            Ok(()) => {
                e.0 += 1;
                if excepted {
                    failures.push(format!("{path}: passes; remove it from corpus_exceptions.txt"));
                }
            }
            Err(msg) if !excepted => failures.push(format!("{path}: {msg}")),
            Err(_) => {}
        }
    }
    for (folder, (p, t)) in &per_folder {
        eprintln!("omnir-opt corpus {folder}: {p}/{t} byte-exact ({:.1}%)", 100.0 * *p as f64 / (*t).max(1) as f64);
    }
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} corpus files failed through omnir-opt", failures.len());
}

const SMALL: &str = "\"test.a\"() {v = 1 : i32} : () -> ()\n";
/// As iree-opt prints it: `builtin.module` in its custom form, the unregistered op generic.
const SMALL_OUT: &str = "module {\n  \"test.a\"() {v = 1 : i32} : () -> ()\n}\n\n";

#[test]
fn stdin_and_output_file() {
    // No input argument and `-` both read stdin.
    for args in [&["--allow-unregistered-dialect"][..], &["--allow-unregistered-dialect", "-"][..]] {
        let out = omnir_opt(args, SMALL.as_bytes());
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), SMALL_OUT);
        assert!(out.stderr.is_empty());
    }
    let dir = std::env::temp_dir().join(format!("omnir-opt-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_path = dir.join("out.mlir");
    let o = out_path.to_str().unwrap();
    let out = omnir_opt(&["--allow-unregistered-dialect", "-o", o, "-"], SMALL.as_bytes());
    assert!(out.status.success());
    assert!(out.stdout.is_empty(), "with -o nothing goes to stdout");
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), SMALL_OUT);
    // `-o=FILE` works too; a failed run leaves no output file behind (as mlir-opt).
    let out = omnir_opt(&[&format!("-o={o}"), "-"], SMALL.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(!out_path.exists(), "the output of a failed run is removed");
    // Only a regular file is removed: not a symbolic link (nor a device such as /dev/null).
    let target = dir.join("target.mlir");
    std::fs::write(&target, "keep").unwrap();
    let link = dir.join("link.mlir");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = omnir_opt(&["-o", link.to_str().unwrap(), "-"], SMALL.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(std::fs::symlink_metadata(&link).is_ok(), "a symbolic link output is not removed");
    // An output file that cannot be created.
    let bad = dir.join("no/such/dir/out.mlir");
    let out = omnir_opt(&["-o", bad.to_str().unwrap(), "-"], SMALL.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with(&format!("cannot open output file '{}': ", bad.display())));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn exit_codes_and_errors() {
    // Success.
    assert_eq!(omnir_opt(&["--allow-unregistered-dialect"], SMALL.as_bytes()).status.code(), Some(0));
    // A parse error: MLIR's format, source line and caret, exit 1.
    let out = omnir_opt(&["--allow-unregistered-dialect"], b"\"test.a\"(%x) : (i32) -> ()\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:1:10: error: use of undeclared SSA value name\n\"test.a\"(%x) : (i32) -> ()\n         ^\n"
    );
    assert!(out.stdout.is_empty());
    // A verifier error fails; --no-verify and --verify-each=false skip the verifier.
    let bad = b"%r = \"builtin.module\"() ({\n}) : () -> i32\n";
    let out = omnir_opt(&[], bad);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("<stdin>:1:6: error: 'builtin.module' op requires zero results\n"));
    for flag in ["--no-verify", "--verify-each=false", "-verify-each=0"] {
        let out = omnir_opt(&[flag], bad);
        assert_eq!(out.status.code(), Some(0), "{flag}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("%0 = \"builtin.module\"() ({"));
    }
    // Bad arguments and unreadable input.
    let out = omnir_opt(&["--no-such-flag"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "omnir-opt: Unknown command line argument '--no-such-flag'.  Try: 'omnir-opt --help'\n"
    );
    let out = omnir_opt(&["/no/such/file.mlir"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "cannot open input file '/no/such/file.mlir': No such file or directory\n");
    let out = omnir_opt(&[], b"\"test.a\"() : () -> () // \xff\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "<stdin>:1:26: error: the input is not valid UTF-8\n");
    // --split-input-file: one failed chunk fails the run, the others are still printed.
    let out = omnir_opt(
        &["--allow-unregistered-dialect", "--split-input-file"],
        b"\"test.a\"() : () -> ()\n// -----\n\"test.b\"(%x) : (i32) -> ()\n// -----\n\"test.c\"() : () -> ()\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "module {\n  \"test.a\"() : () -> ()\n}\n\n// -----\n// -----\nmodule {\n  \"test.c\"() : () -> ()\n}\n\n"
    );
    assert!(text(&out.stderr).starts_with("<stdin>:3:10: error: use of undeclared SSA value name"));
}

#[test]
fn verify_diagnostics_pass_and_fail() {
    let pass = b"// expected-error @+1 {{undeclared SSA value}}\n\"test.a\"(%x) : (i32) -> ()\n";
    let out = omnir_opt(&["--allow-unregistered-dialect", "--verify-diagnostics"], pass);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty() && out.stdout.is_empty());
    let fail = b"// expected-error @+1 {{something else}}\n\"test.a\"(%x) : (i32) -> ()\n";
    let out = omnir_opt(&["--allow-unregistered-dialect", "--verify-diagnostics"], fail);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:2:10: error: unexpected error: use of undeclared SSA value name\n\"test.a\"(%x) : (i32) -> ()\n         \
         ^\n<stdin>:1:4: error: expected error \"something else\" was not produced\n// expected-error @+1 \
         {{something else}}\n   ^~~~~~~~~~~~~~\n"
    );
    // A file without errors and without expectations passes and is printed.
    let out = omnir_opt(&["--allow-unregistered-dialect", "--verify-diagnostics"], SMALL.as_bytes());
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), SMALL_OUT.to_string()));
}

#[test]
fn help_and_version() {
    let out = omnir_opt(&["--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    assert!(help.starts_with("OVERVIEW: omnir-opt"));
    for flag in [
        "-o <filename>",
        "--split-input-file",
        "--output-split-marker",
        "--allow-unregistered-dialect",
        "--verify-diagnostics",
        "--no-verify",
        "--verify-each",
        "--mlir-print-op-generic",
        "--mlir-print-debuginfo",
        "--mlir-pretty-debuginfo",
        "--mlir-print-local-scope",
        "--mlir-elide-elementsattrs-if-larger",
        "--mlir-print-assume-verified",
        "Exit status",
    ] {
        assert!(help.contains(flag), "--help does not mention {flag}");
    }
    assert_eq!(text(&omnir_opt(&["-h"], b"").stdout), help);
    let out = omnir_opt(&["--version"], b"");
    assert!(out.status.success() && text(&out.stdout).starts_with("omnir-opt "));
}

const CASTS: &str = r#""builtin.module"() ({
  "test.func"() ({
  ^bb0(%a: i32):
    %0 = "builtin.unrealized_conversion_cast"(%a) : (i32) -> i64
    %1 = "builtin.unrealized_conversion_cast"(%a) : (i32) -> i64
    %2 = "builtin.unrealized_conversion_cast"(%a) : (i32) -> f32
    "test.use"(%0, %1) : (i64, i64) -> ()
  }) : () -> ()
}) : () -> ()
"#;

#[test]
fn pass_flags_and_pipelines_run_passes() {
    // cse merges the two identical pure casts; dce then removes the unused third.
    let out = omnir_opt(&["--allow-unregistered-dialect", "--cse", "--dce", "-"], CASTS.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    assert_eq!(printed.matches("unrealized_conversion_cast").count(), 1, "{printed}");
    assert!(printed.contains("\"test.use\"(%0, %0)"), "{printed}");
    // The same through --pass-pipeline gives the same output.
    let piped =
        omnir_opt(&["--allow-unregistered-dialect", "--pass-pipeline=builtin.module(cse,dce)", "-"], CASTS.as_bytes());
    assert_eq!(text(&piped.stdout), printed);
}

#[test]
fn pipeline_errors_name_the_pass_and_point_at_it() {
    let out = omnir_opt(
        &["--allow-unregistered-dialect", "--pass-pipeline=builtin.module(cse,bogus)", "-"],
        CASTS.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("'bogus' does not refer to a registered pass") && err.contains("cse"), "{err}");
    assert!(err.contains("\n                   ^"), "caret under the pass: {err}");
    assert!(out.stdout.is_empty());
    let out = omnir_opt(&["--pass-pipeline=builtin.module(cse)", "--dce", "-"], b"");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn timing_and_ir_printing_go_to_stderr() {
    let out = omnir_opt(
        &["--allow-unregistered-dialect", "--cse", "--mlir-timing", "--mlir-print-ir-after=cse", "-"],
        CASTS.as_bytes(),
    );
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("Execution time report") && err.contains("CSE") && err.contains("Total"), "{err}");
    assert!(err.contains("// -----// IR Dump After CSE (cse) //----- //"), "{err}");
}
