//! omnir-opt against upstream MLIR's own behaviour: each case of `fixtures/cases.tsv` was run
//! through iree-opt (LLVM 24-dev; `fixtures/regen.sh`), which recorded its stdout, stderr and
//! exit status. omnir-opt must give the same bytes: split-input-file joining and its marker
//! quirks, parse and verifier errors with their notes, `--verify-diagnostics` passing and
//! failing, stdin, locations and the print flags.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn same_output_as_iree_opt() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let cases = std::fs::read_to_string(dir.join("cases.tsv")).unwrap();
    let mut failures = Vec::new();
    let mut count = 0;
    for line in cases.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (name, args) = (cols[0], cols[1]);
        let stdin_file = cols.get(2).copied().filter(|s| !s.is_empty());
        let mut child = Command::new(env!("CARGO_BIN_EXE_omnir-opt"))
            .args(args.split(' '))
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let input = stdin_file.map(|f| std::fs::read(dir.join(f)).unwrap()).unwrap_or_default();
        child.stdin.take().unwrap().write_all(&input).unwrap();
        let out = child.wait_with_output().unwrap();
        let want = |ext: &str| std::fs::read_to_string(dir.join(format!("{name}.{ext}"))).unwrap();
        let rc = out.status.code().unwrap_or(-1).to_string();
        count += 1;
        for (what, got, expected) in [
            ("exit status", rc, want("rc").trim().to_string()),
            ("stdout", String::from_utf8_lossy(&out.stdout).into_owned(), want("stdout")),
            ("stderr", String::from_utf8_lossy(&out.stderr).into_owned(), want("stderr")),
        ] {
            if got != expected {
                failures.push(format!("{name}: {what} differs\n--- iree-opt\n{expected}\n--- omnir-opt\n{got}"));
            }
        }
    }
    for f in &failures {
        eprintln!("{f}\n");
    }
    assert!(failures.is_empty(), "{} of {count} cases differ from iree-opt", failures.len());
    eprintln!("{count} cases identical to iree-opt");
}
