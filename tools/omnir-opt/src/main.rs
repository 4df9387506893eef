//! `omnir-opt`: `mlir-opt` for what omnir supports. Reads MLIR text, runs the verifier and
//! prints the result in MLIR's generic form; `--help` lists the options.
//!
//! Like `mlir-opt`, each `--split-input-file` chunk is parsed into its own context, errors
//! count lines in the whole file, the outputs of the chunks are joined by `// -----` lines,
//! and the exit status is 1 when anything failed.

mod cli;
mod diagnostics;

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};

use omnir_core::asm::parser::parse_source_range;
use omnir_core::asm::{print_op, print_op_to, render_source_diagnostic, split_source_with, ParseOptions, PrintFlags};
use omnir_core::pass::{IrPrinting, PassManager, PassSelection};
use omnir_core::{Context, Diagnostic, Location, OpId, Severity, WalkOrder, WalkResult};
use rustc_hash::FxHashMap;

use cli::Options;
use diagnostics::{Diag, Source, Verifier};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(run(&args));
}

/// `io::Error` as LLVM words it: "No such file or directory", without Rust's "(os error 2)".
fn reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

fn run(args: &[String]) -> i32 {
    let opts = match cli::parse_args(args) {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("omnir-opt: {msg}");
            return 1;
        }
    };
    if opts.help {
        print!("{}", cli::HELP);
        return 0;
    }
    if opts.version {
        println!("omnir-opt {} (omnir-core {})", env!("CARGO_PKG_VERSION"), env!("CARGO_PKG_VERSION"));
        return 0;
    }
    let (name, bytes) = if opts.input == "-" {
        let mut buf = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut buf) {
            eprintln!("cannot open input file '-': {}", reason(&e));
            return 1;
        }
        ("<stdin>".to_string(), buf)
    } else {
        match std::fs::read(&opts.input) {
            Ok(b) => (opts.input.clone(), b),
            Err(e) => {
                eprintln!("cannot open input file '{}': {}", opts.input, reason(&e));
                return 1;
            }
        }
    };
    // Dialect definitions: read and checked once (each chunk's context loads them again).
    let mut definitions = Vec::new();
    for file in &opts.irdl_files {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("cannot open IRDL file '{file}': {}", reason(&e));
                return 1;
            }
        };
        if let Err(e) = omnir_core::irdl::load_definitions(&mut Context::new(), &text, file) {
            eprintln!("{e}");
            return 1;
        }
        definitions.push((file.clone(), text));
    }
    let opts = Options { irdl_texts: definitions, ..opts };
    // The output file is opened before any work, as mlir-opt does, and removed again when
    // the run fails. Output is written as it is printed.
    let to_file = opts.output != "-";
    let mut sink: Box<dyn Write> = if to_file {
        match std::fs::File::create(&opts.output) {
            Ok(f) => Box::new(std::io::BufWriter::with_capacity(1 << 16, f)),
            Err(e) => {
                eprintln!("cannot open output file '{}': {}", opts.output, reason(&e));
                return 1;
            }
        }
    } else {
        Box::new(std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock()))
    };
    let mut out = Output { w: &mut *sink, error: None };
    let ok = match std::str::from_utf8(&bytes) {
        Ok(text) => process(&opts, &name, text, &mut out),
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let col = valid.len() - valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
            eprintln!("{name}:{line}:{col}: error: the input is not valid UTF-8");
            false
        }
    };
    let flushed = out.w.flush();
    let error = out.error.take().or(flushed.err());
    drop(sink);
    if let Some(e) = error {
        // A closed pipe (`omnir-opt x | head`) needs no message.
        if to_file || e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("cannot write output file '{}': {}", opts.output, reason(&e));
        }
        if to_file {
            remove_output(&opts.output);
        }
        return 1;
    }
    if !ok {
        if to_file {
            remove_output(&opts.output);
        }
        return 1;
    }
    0
}

/// The output stream; the first write error is kept and later writes are skipped.
struct Output<'w> {
    w: &'w mut dyn Write,
    error: Option<std::io::Error>,
}

impl Output<'_> {
    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_none() {
            if let Err(e) = self.w.write_all(bytes) {
                self.error = Some(e);
            }
        }
    }
}

/// Removes the output of a failed run, as LLVM's `ToolOutputFile` does, but only a regular
/// file: `-o /dev/null` (or any other device, pipe or socket) is never removed.
fn remove_output(path: &str) {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file()) {
        let _ = std::fs::remove_file(path);
    }
}

/// Processes the whole input, printing to `out`; whether everything succeeded. Diagnostics
/// go to stderr.
fn process(opts: &Options, name: &str, text: &str, out: &mut Output<'_>) -> bool {
    let source = Source { name, text };
    let chunks = match &opts.split_marker {
        None => std::iter::once(0..text.len()).collect(),
        Some(marker) => {
            let split = split_source_with(text, marker);
            for &pos in &split.near_misses {
                let line = text[..pos].matches('\n').count() as u32 + 1;
                let col = (pos - text[..pos].rfind('\n').map_or(0, |i| i + 1)) as u32 + 1;
                eprintln!(
                    "{}",
                    render_source_diagnostic(name, text, line, col, "warning", "near miss with file split marker", 0)
                );
            }
            split.chunks
        }
    };
    let mut verifier = opts.verify_diagnostics.map(|level| Verifier::new(Source { name, text }, level));
    let mut ok = true;
    for (i, chunk) in chunks.into_iter().enumerate() {
        if i > 0 {
            out.write(opts.output_split_marker.as_bytes());
            out.write(b"\n");
        }
        let (chunk_ok, diags) = process_chunk(opts, &source, chunk, out);
        match verifier.as_mut() {
            None => {
                for d in &diags {
                    eprintln!("{}", source.render_with_notes(d));
                }
                ok &= chunk_ok;
            }
            Some(v) => {
                for d in &diags {
                    v.process(d);
                }
                for line in v.out.drain(..) {
                    eprintln!("{line}");
                }
            }
        }
    }
    if let Some(v) = verifier.as_mut() {
        ok = v.finish();
        for line in v.out.drain(..) {
            eprintln!("{line}");
        }
    }
    ok
}

/// Parse, verify (unless disabled), print: whether that all succeeded, and the diagnostics.
fn process_chunk(
    opts: &Options,
    source: &Source<'_>,
    chunk: std::ops::Range<usize>,
    out: &mut Output<'_>,
) -> (bool, Vec<Diag>) {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(opts.allow_unregistered);
    for (name, text) in &opts.irdl_texts {
        // Checked when read: loading them again into a new context cannot fail.
        let _ = omnir_core::irdl::load_definitions(&mut ctx, text, name);
    }
    // Everything the core reports while parsing and verifying is collected here.
    let collected: Arc<Mutex<Vec<Diagnostic>>> = Arc::default();
    let sink = collected.clone();
    ctx.attach_diagnostic_handler(Box::new(move |_, d| {
        sink.lock().unwrap_or_else(|p| p.into_inner()).push(d.clone());
        true
    }));
    // Verification is this tool's own step: it honours --no-verify, and its diagnostics get
    // the "see current operation" note and are matched by --verify-diagnostics.
    let parse_options =
        ParseOptions { allow_unregistered_dialects: opts.allow_unregistered, verify_after_parse: false };
    let mut failed = false;
    let mut parse_errors = Vec::new();
    let module = match parse_source_range(&mut ctx, source.text, chunk.clone(), source.name, &parse_options) {
        Ok(m) => Some(m),
        Err(e) => {
            parse_errors = diagnostics::from_parse_error(&e);
            failed = true;
            None
        }
    };
    if let Some(m) = module {
        if opts.verify && ctx.verify(m).is_err() {
            failed = true;
        }
        if !failed && (opts.pass_pipeline.is_some() || !opts.pass_flags.is_empty()) {
            failed = !run_passes(opts, &mut ctx, m);
        }
    }
    let core_diags = std::mem::take(&mut *collected.lock().unwrap_or_else(|p| p.into_inner()));
    failed |= core_diags.iter().any(|d| d.severity == Severity::Error);
    // Like MLIR's `printOpOnDiagnostic` (on unless verifying diagnostics), an error about an
    // operation gets a note showing that operation.
    let ops_by_loc = match (module, opts.verify_diagnostics) {
        (Some(m), None) if failed => ops_by_location(&ctx, m),
        _ => Default::default(),
    };
    let mut diags: Vec<Diag> = core_diags
        .iter()
        .map(|d| {
            let mut diag = diagnostics::from_core(&ctx, d);
            // MLIR checks inherent attribute constraints while parsing the generic form
            // (`verifyInherentAttrs`), with a plain error: no note there.
            let parse_time =
                d.message.contains("' op attribute '") && d.message.contains("failed to satisfy constraint");
            if d.severity == Severity::Error && !parse_time {
                if let Some(note) = current_op_note(&ctx, &ops_by_loc, d.location, &opts.print) {
                    diag.notes.insert(
                        0,
                        Diag { severity: Severity::Note, at: diag.at.clone(), message: note, notes: vec![] },
                    );
                }
            }
            diag
        })
        .collect();
    diags.extend(parse_errors);
    if let (Some(m), false) = (module, failed) {
        // A module this run verified (after parsing and after each pass) is not verified
        // again by the printer: its check only picks the generic form for invalid IR.
        let verified_flags;
        let flags = if opts.verify {
            verified_flags = PrintFlags { assume_verified: true, ..opts.print.clone() };
            &verified_flags
        } else {
            &opts.print
        };
        if out.error.is_none() {
            match print_op_to(&ctx, m, flags, out.w) {
                Ok(()) => out.write(b"\n"),
                Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
                    eprintln!("{}: error: cannot print the module: {e}", source.name);
                    failed = true;
                }
                Err(e) => out.error = Some(e),
            }
        }
    }
    (!failed, diags)
}

/// The pipeline the options ask for: `--pass-pipeline` text, or the pass flags nested
/// under the top-level `builtin.module`.
fn pipeline_text(opts: &Options) -> String {
    if let Some(p) = &opts.pass_pipeline {
        return p.clone();
    }
    let passes: Vec<String> = opts
        .pass_flags
        .iter()
        .map(|(name, options)| match options {
            Some(o) if !o.is_empty() => format!("{name}{{{o}}}"),
            _ => name.clone(),
        })
        .collect();
    format!("builtin.module({})", passes.join(","))
}

/// Runs the requested passes; reports problems on stderr. Whether they succeeded.
fn run_passes(opts: &Options, ctx: &mut Context, module: OpId) -> bool {
    let text = pipeline_text(opts);
    let mut pm = match PassManager::parse(ctx, &text) {
        Ok(pm) => pm,
        Err(e) => {
            eprintln!("{e}");
            return false;
        }
    };
    pm.enable_verifier(opts.verify).enable_multithreading(!opts.disable_threading).enable_timing(opts.timing);
    let select = |all: bool, names: &[String]| {
        if all {
            PassSelection::All
        } else if names.is_empty() {
            PassSelection::None
        } else {
            PassSelection::Only(names.to_vec())
        }
    };
    let printing = IrPrinting {
        before: select(opts.print_ir_before_all, &opts.print_ir_before),
        after: select(opts.print_ir_after_all, &opts.print_ir_after),
        after_failure: opts.print_ir_after_failure,
        module_scope: opts.print_ir_module_scope,
        flags: opts.print.clone(),
    };
    if printing.before != PassSelection::None || printing.after != PassSelection::None || printing.after_failure {
        pm.enable_ir_printing(printing);
        // MLIR writes IR dumps to stderr.
        pm.set_output(Box::new(|text| eprint!("{text}")));
    }
    let ok = match pm.run(ctx, module) {
        Ok(()) => true,
        // The verifier's diagnostics went to the handlers already; anything else would
        // otherwise fail without a word.
        Err(e) if e.kind == omnir_core::ErrorKind::VerificationFailed => false,
        Err(e) => {
            eprintln!("error: {}", e.message);
            false
        }
    };
    if opts.timing {
        let report = if opts.timing_list { pm.timing().map(|t| t.report_list()) } else { pm.timing_report() };
        if let Some(r) = report {
            eprint!("{r}");
        }
    }
    ok
}

/// The ops of `module` by location (only locations held by exactly one op are useful).
fn ops_by_location(ctx: &Context, module: OpId) -> FxHashMap<Location, Vec<OpId>> {
    let mut map: FxHashMap<Location, Vec<OpId>> = FxHashMap::default();
    let _ = ctx.walk(module, WalkOrder::PreOrder, |op| {
        if let Ok(loc) = ctx.op_location(op) {
            map.entry(loc).or_default().push(op);
        }
        WalkResult::Advance
    });
    map
}

/// MLIR's "see current operation: ..." note: the op printed generically with local scope
/// and large elements elided (`Diagnostic::appendOp`), on a new line when it spans several.
/// Only when exactly one op sits at the diagnostic's location.
fn current_op_note(
    ctx: &Context,
    ops: &FxHashMap<Location, Vec<OpId>>,
    loc: Location,
    flags: &omnir_core::asm::PrintFlags,
) -> Option<String> {
    let [op] = ops.get(&loc)?.as_slice() else { return None };
    let flags =
        omnir_core::asm::PrintFlags { local_scope: true, elide_elements_larger_than: Some(16), ..flags.clone() };
    let text = print_op(ctx, *op, &flags).ok()?;
    let sep = if text.contains('\n') { "\n" } else { "" };
    Some(format!("see current operation: {sep}{text}"))
}
