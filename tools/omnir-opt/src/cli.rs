//! Command-line options, spelled as `mlir-opt` spells them (LLVM `cl` conventions: one or
//! two leading dashes, `--name=value` or `--name value` for options that take a value, and
//! `--flag=true|false` for booleans).

use omnir_core::asm::{PrintFlags, DEFAULT_SPLIT_MARKER};

/// What `--verify-diagnostics` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyDiagnostics {
    /// Every diagnostic must be expected and every expectation met (`=all`, the default).
    All,
    /// Expectations must be met; diagnostics nobody expected are ignored (`=only-expected`).
    OnlyExpected,
}

#[derive(Clone, Debug)]
pub struct Options {
    /// Input file, `-` for stdin.
    pub input: String,
    /// Output file, `-` for stdout.
    pub output: String,
    /// `--split-input-file[=marker]`.
    pub split_marker: Option<String>,
    /// `--output-split-marker`: written between the outputs of split chunks.
    pub output_split_marker: String,
    pub allow_unregistered: bool,
    /// `--irdl-file=<filename>` (repeatable): dialect definitions loaded before parsing.
    pub irdl_files: Vec<String>,
    /// The contents of `irdl_files` (read by `main`), as (name, text).
    pub irdl_texts: Vec<(String, String)>,
    pub verify_diagnostics: Option<VerifyDiagnostics>,
    /// Run the verifier after parsing (`--no-verify` / `--verify-each=false` turn it off).
    pub verify: bool,
    pub print: PrintFlags,
    /// `--pass-pipeline=<text>`: MLIR's textual pipeline, e.g. `builtin.module(cse)`.
    pub pass_pipeline: Option<String>,
    /// Individual pass flags (`--cse`, `--canonicalize=max-iterations=3`), in order, as
    /// (pass argument, option text): run on the top-level module.
    pub pass_flags: Vec<(String, Option<String>)>,
    /// `--mlir-timing`, and `--mlir-timing-display=list|tree`.
    pub timing: bool,
    pub timing_list: bool,
    /// `--mlir-print-ir-*`.
    pub print_ir_before: Vec<String>,
    pub print_ir_after: Vec<String>,
    pub print_ir_before_all: bool,
    pub print_ir_after_all: bool,
    pub print_ir_after_failure: bool,
    pub print_ir_module_scope: bool,
    /// `--mlir-disable-threading`: run passes on the calling thread only.
    pub disable_threading: bool,
    pub help: bool,
    pub version: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            input: "-".into(),
            output: "-".into(),
            split_marker: None,
            output_split_marker: DEFAULT_SPLIT_MARKER.into(),
            allow_unregistered: false,
            irdl_files: Vec::new(),
            irdl_texts: Vec::new(),
            verify_diagnostics: None,
            verify: true,
            print: PrintFlags::default(),
            pass_pipeline: None,
            pass_flags: Vec::new(),
            timing: false,
            timing_list: false,
            print_ir_before: Vec::new(),
            print_ir_after: Vec::new(),
            print_ir_before_all: false,
            print_ir_after_all: false,
            print_ir_after_failure: false,
            print_ir_module_scope: false,
            disable_threading: false,
            help: false,
            version: false,
        }
    }
}

pub const HELP: &str = "\
OVERVIEW: omnir-opt: reads MLIR text, verifies it and prints it again

USAGE: omnir-opt [options] <input file>

  Reads <input file> (`-` or nothing: standard input), parses it (MLIR's generic operation
  syntax, the `module { ... }` form of builtin.module, and the custom form of operations
  whose definition has an assembly format), runs the verifier and prints the result as
  `mlir-opt` does: operations with an assembly format in their custom form, the others in
  the generic form (--mlir-print-op-generic: all of them). With --pass-pipeline or pass flags it runs passes in between (verifying after
  each one unless --no-verify). Errors go to standard error as
  `file:line:col: error: message`, with the source line and a caret.

  Exit status: 0 on success, 1 on any error (bad arguments, unreadable input, a parse or
  verification error, or with --verify-diagnostics a diagnostic that does not match).

OPTIONS:
  -o <filename>                        Output file (default `-`: standard output). Not kept
                                       when the run fails
  --split-input-file[=<marker>]        Split the input at lines `// -----` (or <marker>) and
                                       process each chunk independently; line numbers stay
                                       those of the whole file
  --output-split-marker=<string>       Written (plus a newline) between the outputs of
                                       chunks (default `// -----`)
  --allow-unregistered-dialect         Accept operations, types and attributes of dialects
                                       that are not registered (kept as they are)
  --verify-diagnostics[=<level>]       Check the diagnostics against `expected-error`,
                                       `expected-warning`, `expected-note` and
                                       `expected-remark` comments ({{substring}}, `-re` for
                                       {{regex}} parts; @+N, @-N, @above, @below, @unknown)
                                       instead of printing them
      =all                             Unexpected diagnostics are errors too (default)
      =only-expected                   Only unmet expectations are errors
  --no-verify                          Do not run the verifier after parsing
  --verify-each=<bool>                 mlir-opt's spelling: --verify-each=false is --no-verify

  Printing (MLIR's --mlir-print-* flags):
  --irdl-file=<filename>               Load the dialects defined in <filename> (IRDL, with
                                       omnir's `omnir.*` attributes) before parsing; may be
                                       given more than once
  --mlir-print-op-generic              Print every operation in the generic form
  --mlir-print-unique-ssa-ids          Number values uniquely across regions (as the generic
                                       form always does)
  --mlir-print-value-users             After each op, a comment naming the users of its
                                       results; after each block header, those of its
                                       arguments
  --mlir-print-debuginfo               Print a `loc(...)` for every operation and block
                                       argument
  --mlir-pretty-debuginfo              Print those locations in MLIR's pretty form
  --mlir-print-local-scope             Print without alias definitions, values numbered
                                       locally
  --mlir-elide-elementsattrs-if-larger=<n>
                                       Print elements attributes with more than <n>
                                       elements as `dense_resource<__elided__>`
  --mlir-print-assume-verified         Accepted; the generic form never needs the verifier

  Passes:
  --pass-pipeline=<pipeline>           Run MLIR's textual pipeline, e.g.
                                       'builtin.module(func.func(cse),symbol-dce)'
  --cse, --canonicalize[=<options>], --dce, --symbol-dce, --strip-debuginfo
                                       Run that built-in pass on the top-level module (in
                                       the order given; not with --pass-pipeline)
  --mlir-timing                        Print a wall-time report of the passes to stderr
  --mlir-timing-display=<list|tree>    How to show it (default tree)
  --mlir-print-ir-before=<passes>      Print the IR before these passes (comma-separated)
  --mlir-print-ir-after=<passes>       Print the IR after these passes
  --mlir-print-ir-before-all           Print the IR before every pass
  --mlir-print-ir-after-all            Print the IR after every pass
  --mlir-print-ir-after-failure        Print the IR after a pass that failed
  --mlir-print-ir-module-scope         Print the whole module, not just the op a pass ran on
  --mlir-disable-threading             Run passes on one thread

  -h, --help                           Display this help
  --version                            Display the version
";

fn parse_bool(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value {
        None => Ok(true),
        Some("true" | "TRUE" | "True" | "1") => Ok(true),
        Some("false" | "FALSE" | "False" | "0") => Ok(false),
        Some(v) => Err(format!("for the --{name} option: '{v}' is invalid value for boolean argument! Try 0 or 1")),
    }
}

/// Parses the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut positional: Vec<String> = Vec::new();
    let mut i = 0;
    let mut only_positional = false;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if only_positional || arg == "-" || !arg.starts_with('-') {
            positional.push(arg.clone());
            continue;
        }
        if arg == "--" {
            only_positional = true;
            continue;
        }
        let body = arg.strip_prefix("--").unwrap_or(&arg[1..]);
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        // The value of an option that requires one: inline or the next argument.
        let mut value = |what: &str| -> Result<String, String> {
            if let Some(v) = inline {
                return Ok(v.to_string());
            }
            match args.get(i) {
                Some(v) => {
                    i += 1;
                    Ok(v.clone())
                }
                None => Err(format!("for the -{name} option: requires a value! ({what})")),
            }
        };
        match name {
            "o" => o.output = value("filename")?,
            "split-input-file" => {
                o.split_marker = Some(match inline {
                    None | Some("") => DEFAULT_SPLIT_MARKER.to_string(),
                    Some(m) => m.to_string(),
                })
            }
            "output-split-marker" => o.output_split_marker = value("marker")?,
            "allow-unregistered-dialect" => o.allow_unregistered = parse_bool(name, inline)?,
            "verify-diagnostics" => {
                o.verify_diagnostics = match inline {
                    None | Some("" | "all") => Some(VerifyDiagnostics::All),
                    Some("only-expected") => Some(VerifyDiagnostics::OnlyExpected),
                    Some(v) => {
                        return Err(format!(
                            "for the --verify-diagnostics option: Cannot find option named '{v}'! (use all or \
                             only-expected)"
                        ))
                    }
                }
            }
            "no-verify" => o.verify = !parse_bool(name, inline)?,
            "verify-each" => o.verify = parse_bool(name, inline)?,
            "mlir-print-op-generic" => o.print.generic = parse_bool(name, inline)?,
            "mlir-print-unique-ssa-ids" => o.print.unique_ssa_ids = parse_bool(name, inline)?,
            "mlir-print-value-users" => o.print.value_users = parse_bool(name, inline)?,
            "irdl-file" => o.irdl_files.push(value("filename")?),
            "mlir-print-assume-verified" => o.print.assume_verified = parse_bool(name, inline)?,
            "mlir-print-debuginfo" => o.print.debug_info = parse_bool(name, inline)?,
            "mlir-pretty-debuginfo" => o.print.pretty_debug_info = parse_bool(name, inline)?,
            "mlir-print-local-scope" => o.print.local_scope = parse_bool(name, inline)?,
            "mlir-elide-elementsattrs-if-larger" => {
                let v = value("number")?;
                let n = v
                    .parse::<u64>()
                    .map_err(|_| format!("for the --{name} option: '{v}' value invalid for uint argument!"))?;
                o.print.elide_elements_larger_than = Some(n);
            }
            "pass-pipeline" => o.pass_pipeline = Some(value("pipeline")?),
            "cse" | "canonicalize" | "dce" | "symbol-dce" | "strip-debuginfo" => {
                o.pass_flags.push((name.to_string(), inline.map(str::to_string)))
            }
            "mlir-timing" => o.timing = parse_bool(name, inline)?,
            "mlir-timing-display" => {
                o.timing_list = match value("list or tree")?.as_str() {
                    "list" => true,
                    "tree" => false,
                    v => {
                        return Err(format!(
                            "for the --{name} option: Cannot find option named '{v}'! (use list or tree)"
                        ))
                    }
                }
            }
            "mlir-print-ir-before" => o.print_ir_before.extend(value("passes")?.split(',').map(str::to_string)),
            "mlir-print-ir-after" => o.print_ir_after.extend(value("passes")?.split(',').map(str::to_string)),
            "mlir-print-ir-before-all" => o.print_ir_before_all = parse_bool(name, inline)?,
            "mlir-print-ir-after-all" => o.print_ir_after_all = parse_bool(name, inline)?,
            "mlir-print-ir-after-failure" => o.print_ir_after_failure = parse_bool(name, inline)?,
            "mlir-print-ir-module-scope" => o.print_ir_module_scope = parse_bool(name, inline)?,
            "mlir-disable-threading" => o.disable_threading = parse_bool(name, inline)?,
            "h" | "help" => o.help = true,
            "version" => o.version = true,
            _ => return Err(format!("Unknown command line argument '{arg}'.  Try: 'omnir-opt --help'")),
        }
    }
    if o.pass_pipeline.is_some() && !o.pass_flags.is_empty() {
        return Err("'-pass-pipeline' option can't be used with individual pass options".to_string());
    }
    match positional.len() {
        0 => {}
        1 => o.input = positional.pop().expect("one"),
        _ => {
            return Err(format!(
                "Too many positional arguments specified! Can specify at most 1 (the input file), got: {}",
                positional.join(" ")
            ))
        }
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, String> {
        parse_args(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn mlir_opt_spellings() {
        let o = parse(&[
            "-allow-unregistered-dialect",
            "--split-input-file",
            "--mlir-print-op-generic",
            "-mlir-print-local-scope",
            "--mlir-print-debuginfo=true",
            "--mlir-elide-elementsattrs-if-larger",
            "16",
            "in.mlir",
            "-o",
            "out.mlir",
        ])
        .unwrap();
        assert!(o.allow_unregistered && o.print.local_scope && o.print.debug_info);
        assert_eq!(o.split_marker.as_deref(), Some("// -----"));
        assert_eq!(o.print.elide_elements_larger_than, Some(16));
        assert_eq!((o.input.as_str(), o.output.as_str()), ("in.mlir", "out.mlir"));
        let o =
            parse(&["--verify-each=false", "--split-input-file=%%--", "-o=x", "--verify-diagnostics=only-expected"])
                .unwrap();
        assert!(!o.verify);
        assert_eq!(o.split_marker.as_deref(), Some("%%--"));
        assert_eq!(o.output, "x");
        assert_eq!(o.input, "-");
        assert_eq!(o.verify_diagnostics, Some(VerifyDiagnostics::OnlyExpected));
        assert!(!parse(&["--no-verify"]).unwrap().verify);
        assert!(parse(&["--mlir-print-debuginfo=2"]).is_err());
        assert!(parse(&["--bogus"]).unwrap_err().starts_with("Unknown command line argument '--bogus'"));
        assert!(parse(&["a", "b"]).is_err());
        assert!(parse(&["-o"]).is_err());
        assert_eq!(parse(&["--", "-weird-name"]).unwrap().input, "-weird-name");
        let o = parse(&["--cse", "--canonicalize=max-iterations=3", "--mlir-timing", "--mlir-print-ir-after=cse,dce"])
            .unwrap();
        assert_eq!(o.pass_flags, vec![("cse".into(), None), ("canonicalize".into(), Some("max-iterations=3".into()))]);
        assert!(o.timing);
        assert_eq!(o.print_ir_after, vec!["cse", "dce"]);
        assert!(parse(&["--pass-pipeline=builtin.module(cse)", "--cse"]).is_err());
    }
}
