//! Malformed inputs: MLIR's messages, rendered `file:line:col: error: message`, the source
//! line and a caret; several errors at once where MLIR reports several; no IR left behind;
//! and a deterministic batch of mutated corpus files that must never panic.

use std::path::{Path, PathBuf};

use omnir_core::asm::parser::{parse_source_range, split_source};
use omnir_core::asm::{parse_attribute, parse_source, parse_type, ParseError, ParseOptions};
use omnir_core::Context;

fn allow() -> ParseOptions {
    ParseOptions { allow_unregistered_dialects: true, ..ParseOptions::default() }
}

/// Parses `src` (expecting failure) and checks that the context is exactly as before.
fn fail_with(src: &str, options: &ParseOptions) -> ParseError {
    let mut ctx = Context::new();
    // Some IR already in the context must survive untouched.
    let keep = parse_source(&mut ctx, "\"test.keep\"() : () -> ()", "keep.mlir", &allow()).unwrap();
    let before = ctx.live_ir_counts();
    let err = match parse_source(&mut ctx, src, "t.mlir", options) {
        Ok(_) => panic!("expected a parse error for:\n{src}"),
        Err(e) => e,
    };
    assert_eq!(ctx.live_ir_counts(), before, "the failed parse left IR behind:\n{src}");
    assert!(ctx.is_op_live(keep));
    err
}

/// The full rendered output (all errors and notes).
fn rendered(src: &str) -> String {
    fail_with(src, &allow()).to_string()
}

fn rendered_strict(src: &str) -> String {
    fail_with(src, &ParseOptions::default()).to_string()
}

#[test]
fn undeclared_value() {
    assert_eq!(
        rendered("\"foo.bar\"(%0) : (i32) -> ()"),
        "t.mlir:1:11: error: use of undeclared SSA value name\n\"foo.bar\"(%0) : (i32) -> ()\n          ^"
    );
}

#[test]
fn all_undeclared_values_are_reported_in_order() {
    let e = fail_with("\"a.b\"(%y) : (i32) -> ()\n\"a.b\"(%x, %z) : (i32, i32) -> ()\n", &allow());
    let at: Vec<(u32, u32)> = e.diagnostics.iter().map(|d| (d.line, d.col)).collect();
    assert_eq!(at, vec![(1, 7), (2, 7), (2, 11)]);
    assert!(e.diagnostics.iter().all(|d| d.message == "use of undeclared SSA value name"));
}

#[test]
fn missing_paren_points_after_the_last_good_token() {
    assert_eq!(
        rendered("\"foo.bar\"(%0 : (i32) -> ()"),
        "t.mlir:1:13: error: expected ')' to end operand list\n\"foo.bar\"(%0 : (i32) -> ()\n            ^"
    );
    // Wrong-token errors back up over blank lines and `//` comments, as MLIR does.
    assert_eq!(
        rendered("\"a.b\"() : (i32 // a comment\n\n  -> i32"),
        "t.mlir:1:15: error: expected ')'\n\"a.b\"() : (i32 // a comment\n              ^"
    );
    // At the end of the file.
    assert_eq!(
        rendered("\"a.b\"() ({"),
        "t.mlir:1:10: error: expected operation name in quotes\n\"a.b\"() ({\n         ^"
    );
}

#[test]
fn redefinition_has_a_note() {
    assert_eq!(
        rendered("%0 = \"a.b\"() : () -> i32\n%0 = \"a.b\"() : () -> i32"),
        "t.mlir:2:1: error: redefinition of SSA value '%0'\n%0 = \"a.b\"() : () -> i32\n^\n\
         t.mlir:1:1: note: previously defined here\n%0 = \"a.b\"() : () -> i32\n^"
    );
}

#[test]
fn type_mismatches() {
    assert_eq!(
        rendered("%0 = \"a.b\"() : () -> i32\n\"a.c\"(%0) : (i64) -> ()"),
        "t.mlir:2:7: error: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'\n\"a.c\"(%0) : (i64) -> ()\n      ^\n\
         t.mlir:1:1: note: prior use here\n%0 = \"a.b\"() : () -> i32\n^"
    );
    let e = fail_with("\"a.c\"(%x) : (i32) -> ()\n%x = \"a.b\"() : () -> i64\n", &allow());
    assert_eq!(e.diagnostics[0].message, "definition of SSA value '%x#0' has type 'i64'");
    assert_eq!(e.diagnostics[0].notes[0].message, "previously used here with type 'i32'");
    assert_eq!((e.diagnostics[0].notes[0].line, e.diagnostics[0].notes[0].col), (1, 7));
    let e = fail_with("%0 = \"a\"() : () -> i32\n\"b\"(%0#1) : (i32) -> ()", &allow());
    assert_eq!(e.diagnostics[0].message, "reference to invalid result number");
}

#[test]
fn custom_operations() {
    assert_eq!(rendered("foo"), "t.mlir:1:1: error: custom op 'foo' is unknown (tried 'builtin.foo' as well)\nfoo\n^");
    let e = fail_with("  foo.func @f() {}", &allow());
    assert_eq!(e.diagnostics[0].message, "Dialect `foo' not found for custom op 'foo.func' ");
    assert_eq!((e.diagnostics[0].line, e.diagnostics[0].col), (1, 3));
    assert!(e.diagnostics[0].notes[0]
        .message
        .starts_with("Registered dialects: affine, arith, bufferization, builtin, cf, complex, func, gpu, linalg, llvm, math, memref, scf, tensor, ub, vector ; for more info"));
    // A function with no body is a declaration, which must not be public.
    let e = fail_with("func.func @f()", &ParseOptions { allow_unregistered_dialects: false, verify_after_parse: true });
    assert_eq!(e.diagnostics[0].message, "'func.func' op symbol declaration cannot have public visibility");
}

#[test]
fn unregistered_dialects_need_permission() {
    assert_eq!(
        rendered_strict("\"foo.bar\"() : () -> ()"),
        "t.mlir:1:10: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used\n\"foo.bar\"() : () -> ()\n         ^"
    );
    let e = fail_with("\"builtin.module\"() ({\n}) {a = !foo.bar<1>} : () -> ()", &ParseOptions::default());
    assert_eq!(
        e.diagnostics[0].message,
        "`!\"foo\"<\"bar<1>\">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
    );
    // As MLIR, a pretty dialect symbol's errors point at its data (after the dot).
    assert_eq!((e.diagnostics[0].line, e.diagnostics[0].col), (2, 14));
    let e = fail_with("\"builtin.module\"() ({\n}) {a = #foo<x>} : () -> ()", &ParseOptions::default());
    assert!(e.diagnostics[0]
        .message
        .starts_with("#\"foo\"<\"x\"> : none attribute created with unregistered dialect."));
    let e = fail_with("{-# dialect_resources: {foo: {}} #-}", &ParseOptions::default());
    assert_eq!(e.diagnostics[0].message, "dialect 'foo' is unknown");
}

#[test]
fn blocks() {
    assert_eq!(
        rendered("\"a.b\"() ({\n  \"a.br\"() [^bb1] : () -> ()\n}) : () -> ()"),
        "t.mlir:2:13: error: reference to an undefined block\n  \"a.br\"() [^bb1] : () -> ()\n            ^"
    );
    let e = fail_with(
        "\"a.b\"() ({\n^bb0:\n  \"a.c\"() : () -> ()\n^bb0:\n  \"a.c\"() : () -> ()\n}) : () -> ()",
        &allow(),
    );
    assert_eq!(e.diagnostics[0].message, "redefinition of block '^bb0'");
    assert_eq!(e.diagnostics[0].line, 4);
    let e = fail_with("\"builtin.module\"() [^bb1] ({\n}) : () -> ()", &allow());
    assert_eq!(e.diagnostics[0].message, "successors in non-terminator");
    let e = fail_with("\"a.b\"() (\"x\") : () -> ()", &allow());
    assert_eq!(e.diagnostics[0].message, "expected '{' to begin a region");
}

#[test]
fn lexical_errors() {
    assert_eq!(
        rendered("\"a.b\"() : () -> i32 $"),
        "t.mlir:1:21: error: unexpected character\n\"a.b\"() : () -> i32 $\n                    ^"
    );
    assert_eq!(
        rendered("\"a.b\"() {s = \"abc} : () -> ()"),
        "t.mlir:1:30: error: expected '\"' in string literal\n\"a.b\"() {s = \"abc} : () -> ()\n                             ^"
    );
    let e = fail_with("\"a.b\"() {s = \"a\\qb\"} : () -> ()", &allow());
    assert_eq!(e.diagnostics[0].message, "unknown escape in string literal");
    let e = fail_with("\"a.b\"() {s = @1} : () -> ()", &allow());
    assert_eq!(e.diagnostics[0].message, "@ identifier expected to start with letter or '_'");
    // Tabs expand to 8 columns in the shown line and the caret line; columns count bytes.
    assert_eq!(
        rendered("\t\"a.b\"(%0) : (i32) -> ()"),
        "t.mlir:1:8: error: use of undeclared SSA value name\n        \"a.b\"(%0) : (i32) -> ()\n              ^"
    );
}

#[test]
fn attribute_and_type_errors() {
    let msg = |src: &str| fail_with(src, &allow()).diagnostics[0].message.clone();
    assert_eq!(
        rendered("\"a.b\"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()"),
        "t.mlir:1:14: error: inferred shape of elements literal ([2]) does not match type ([3])\n\"a.b\"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()\n             ^"
    );
    assert_eq!(
        rendered("\"a.b\"() {a = #foo} : () -> ()"),
        "t.mlir:1:18: error: undefined symbol alias id 'foo'\n\"a.b\"() {a = #foo} : () -> ()\n                 ^"
    );
    assert_eq!(msg("\"a.b\"() {a = 300 : i8} : () -> ()"), "integer constant out of range for attribute");
    assert_eq!(
        msg("\"a.b\"() {a = -1 : ui8} : () -> ()"),
        "negative integer literal not valid for unsigned integer type"
    );
    assert_eq!(msg("\"a.b\"() {a = 1.5 : i32} : () -> ()"), "floating point value not valid for specified type");
    assert_eq!(
        msg("\"a.b\"() {a = 2 : f32} : () -> ()"),
        "unexpected decimal integer literal for a floating point value"
    );
    assert_eq!(msg("\"a.b\"() {a = 0x1FFFFFFFF : f32} : () -> ()"), "hexadecimal float constant out of range for type");
    assert_eq!(
        msg("\"a.b\"() {a = affine_map<(d0) -> (d0 * d0)>} : () -> ()"),
        "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"
    );
    assert_eq!(msg("\"a.b\"() {a = affine_map<(d0) -> (d1)>} : () -> ()"), "use of undeclared identifier");
    assert_eq!(
        msg("\"a.b\"() {a = affine_map<(d0) -> (d0 floordiv d0)>} : () -> ()"),
        "non-affine expression: right operand of floordiv has to be either a constant or symbolic"
    );
    assert_eq!(
        msg("\"a.b\"() {a = affine_map<(d0) : (d0 >= 0)>} : () -> ()"),
        "expected AffineMap, but got IntegerSet"
    );
    assert_eq!(msg("\"a.b\"() {a = tensor<4xf32} : () -> ()"), "expected '>' in tensor type");
    assert_eq!(msg("\"a.b\"() {a = 1, a = 2} : () -> ()"), "duplicate key 'a' in dictionary attribute");
    assert_eq!(
        msg("\"a.b\"() {a = [distinct[0]<1>, distinct[0]<2>]} : () -> ()"),
        "referenced attribute does not match previous definition: '1 : i64'"
    );
    assert_eq!(
        msg("\"a.b\"() {a = dense<[[1], [2, 3]]> : tensor<2x2xi32>} : () -> ()"),
        "tensor literal is invalid; ranks are not consistent between elements"
    );
    assert_eq!(msg("\"a.b\"() : () -> tensor<4xmemref<2xf32>>"), "invalid tensor element type");
    assert_eq!(msg("\"a.b\"() : () -> vector<0xf32>"), "vector types must have positive constant sizes but got 0");
    assert_eq!(msg("\"a.b\"() : () -> complex<index>"), "invalid element type for complex");
    assert_eq!(msg("\"a.b\"() : () -> i16777216"), "integer bitwidth is limited to 16777215 bits");
    assert_eq!(msg("\"a.b\"() : () -> !foo.bar<(]>"), "unbalanced '(' character in pretty dialect name");
    assert_eq!(msg("\"a.b\"() : () -> !foo.bar<"), "unbalanced '<' character in pretty dialect name");
    assert_eq!(msg("\"a.b\"() {a = loc(callsite(\"a\" \"b\"))} : () -> ()"), "expected 'at' in callsite location");
}

/// `sparse<...>`: MLIR's `SparseElementsAttr::verify` messages, at the `sparse` keyword;
/// literal errors at the literal.
#[test]
fn sparse_elements_errors() {
    let msg = |src: &str| fail_with(src, &allow()).diagnostics[0].message.clone();
    assert_eq!(
        rendered("\"a.b\"() {a = sparse<1, 10> : tensor<1x1xi16>} : () -> ()"),
        "t.mlir:1:14: error: sparse index #0 is not contained within the value shape, with index=[1, 1], and \
         type='tensor<1x1xi16>'\n\"a.b\"() {a = sparse<1, 10> : tensor<1x1xi16>} : () -> ()\n             ^"
    );
    assert_eq!(
        msg("\"a.b\"() {a = sparse<[[0, 0], [3, 1]], [1, 2]> : tensor<3x4xi32>} : () -> ()"),
        "sparse index #1 is not contained within the value shape, with index=[3, 1], and type='tensor<3x4xi32>'"
    );
    assert_eq!(
        msg("\"a.b\"() {a = sparse<[[0, 0, 0]], [1]> : tensor<3x4xi32>} : () -> ()"),
        "expected shape ([3, 4]); inferred shape of indices literal ([1, 3]); inferred shape of values literal ([1])"
    );
    assert_eq!(
        msg("\"a.b\"() {a = sparse<[[0, 0]], [1, 2]> : tensor<3x4xi32>} : () -> ()"),
        "expected shape ([3, 4]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])"
    );
    assert_eq!(
        msg("\"a.b\"() {a = sparse<[0], [[1]]> : tensor<3xi32>} : () -> ()"),
        "expected 1-d tensor for sparse element values"
    );
    // Indices of shape [N] only for rank 1.
    assert_eq!(
        msg("\"a.b\"() {a = sparse<[0], [1]> : tensor<3x3xi32>} : () -> ()"),
        "expected shape ([3, 3]); inferred shape of indices literal ([1]); inferred shape of values literal ([1])"
    );
    assert_eq!(
        msg("\"a.b\"() {a = sparse<0.5, 1> : tensor<1xi16>} : () -> ()"),
        "expected integer elements, but parsed floating-point"
    );
    assert_eq!(
        msg("\"a.b\"() {a = sparse<[[1, 1, 0], [0, 1, 0], [0,, [[0, 0, 0]], [-2.0]> : tensor<2x2x2xi16>} : () -> ()"),
        "expected element literal of primitive type"
    );
    assert_eq!(msg("\"a.b\"() {a = sparse<[0], [1]> : i32} : () -> ()"), "elements literal must be a shaped type");
    assert_eq!(
        msg("\"a.b\"() {a = sparse<[0], [1]> : tensor<?xi32>} : () -> ()"),
        "elements literal type must have static shape"
    );
    assert_eq!(msg("\"a.b\"() {a = sparse[0], [1]> : tensor<2xi32>} : () -> ()"), "Expected '<' after 'sparse'");
    assert_eq!(msg("\"a.b\"() {a = sparse<[0] [1]> : tensor<2xi32>} : () -> ()"), "expected ','");
    assert_eq!(msg("\"a.b\"() {a = sparse<[0], [1] : tensor<2xi32>} : () -> ()"), "expected '>'");
    assert_eq!(msg("\"a.b\"() {a = sparse<[0], [1]> tensor<2xi32>} : () -> ()"), "expected ':'");
}

#[test]
fn operation_shape_errors() {
    let msg = |src: &str| fail_with(src, &allow()).diagnostics[0].message.clone();
    assert_eq!(msg("%a:3 = \"a.b\"() : () -> (i32, i32)"), "operation defines 2 results but was provided 3 to bind");
    assert_eq!(msg("%a = \"a.b\"() : () -> ()"), "cannot name an operation with no results");
    assert_eq!(msg("\"a.b\"() : (i32) -> ()"), "expected 0 operand types but had 1");
    assert_eq!(msg("\"a.b\"() : i32"), "expected function type");
    assert_eq!(msg("\"\"() : () -> ()"), "empty operation name is invalid");
    assert_eq!(msg("\"a.b\"() : () -> () loc(#loc9)"), "operation location alias was never defined");
    assert_eq!(msg("#l = 1\n\"a.b\"() : () -> () loc(#l)"), "expected location, but found '1 : i64'");
    assert_eq!(msg("#a = 1\n#a = 2"), "redefinition of attribute alias id 'a'");
    assert_eq!(msg("!a.b = i32"), "type names with a '.' are reserved for dialect-defined names");
    assert_eq!(msg("{-# foo: {} #-}"), "unknown key 'foo' in file metadata dictionary");
    assert_eq!(
        msg("{-# dialect_resources: {builtin: {k: \"0x01\"}} #-}"),
        "expected hex string blob for key 'k' to encode alignment in first 4 bytes"
    );
    assert_eq!(msg("{-# dialect_resources: {builtin: {k: true}} #-}"), "expected hex string blob for key 'k'");
}

#[test]
fn standalone_types_and_attributes_name_the_input() {
    let ctx = Context::new();
    let e = parse_type(&ctx, "i32 x").unwrap_err();
    assert_eq!(e.to_string(), "i32 x:1:5: error: found trailing characters: 'x'\ni32 x\n    ^");
    let e = parse_attribute(&ctx, "[1, ").unwrap_err();
    assert_eq!(e.diagnostics[0].message, "expected attribute value");
    assert!(parse_type(&ctx, "").is_err());
    assert!(parse_attribute(&ctx, "").is_err());
    let e = parse_type(&ctx, "!foo.bar").unwrap_err();
    assert!(e.diagnostics[0].message.contains("type created with unregistered dialect"));
}

// ---- robustness ----

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const FRAGMENTS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "<",
    ">",
    ",",
    ":",
    "=",
    "->",
    "%0",
    "%1#2",
    "^bb1",
    "#map",
    "!t",
    "@s",
    "\"",
    "\\",
    "dense<",
    "loc(",
    "affine_map<(d0) -> (",
    "{-#",
    "#-}",
    "0x",
    "-",
    "1.5e",
    "tensor<?x",
    "\n",
    " ",
    "// -----\n",
];

fn mutate(rng: &mut Rng, src: &[u8]) -> Vec<u8> {
    let mut s = src.to_vec();
    for _ in 0..=rng.below(3) {
        let n = s.len();
        match rng.below(5) {
            0 if n > 0 => {
                let a = rng.below(n);
                let b = (a + 1 + rng.below(64)).min(n);
                s.drain(a..b);
            }
            1 if n > 0 => {
                let a = rng.below(n);
                let b = (a + 1 + rng.below(64)).min(n);
                let piece = s[a..b].to_vec();
                let at = rng.below(n);
                s.splice(at..at, piece);
            }
            2 if n > 2 => {
                let a = rng.below(n / 2);
                let b = n / 2 + rng.below(n / 2);
                let len = (1 + rng.below(32)).min(b - a).min(n - b);
                let x = s[a..a + len].to_vec();
                let y = s[b..b + len].to_vec();
                s.splice(b..b + len, x);
                s.splice(a..a + len, y);
            }
            3 => {
                let at = rng.below(n + 1);
                let f = FRAGMENTS[rng.below(FRAGMENTS.len())];
                s.splice(at..at, f.bytes());
            }
            _ => {
                s.truncate(rng.below(n + 1));
            }
        }
    }
    s
}

fn corpus_files() -> Vec<PathBuf> {
    let root = match std::env::var_os("OMNIR_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    let mut out = Vec::new();
    let mut stack = vec![root];
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

/// Mutated corpus files: parsing never panics, and a failed parse leaves nothing behind.
/// A few mutations per file keep the debug-build test short; the fuzz targets go deeper, and
/// OMNIR_MUTATIONS_PER_FILE raises the count for a longer local run.
#[test]
fn mutated_corpus_never_panics_or_leaks() {
    let files = corpus_files();
    let per_file: usize = std::env::var("OMNIR_MUTATIONS_PER_FILE").ok().and_then(|v| v.parse().ok()).unwrap_or(4);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut failures = 0;
    let mut runs = 0;
    for f in &files {
        let src = std::fs::read(f).unwrap();
        for _ in 0..per_file {
            let mutated = mutate(&mut rng, &src);
            let text = String::from_utf8_lossy(&mutated).into_owned();
            for strict in [false, true] {
                let opts = ParseOptions { allow_unregistered_dialects: !strict, ..ParseOptions::default() };
                let mut ctx = Context::new();
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let mut errors = 0;
                    for range in split_source(&text) {
                        let before = ctx.live_ir_counts();
                        if parse_source_range(&mut ctx, &text, range, "m.mlir", &opts).is_err() {
                            errors += 1;
                            assert_eq!(ctx.live_ir_counts(), before, "a failed chunk left IR behind");
                        }
                    }
                    errors
                }));
                runs += 1;
                match r {
                    Err(_) => panic!("parser panicked (or leaked) on a mutation of {}:\n{text}", f.display()),
                    Ok(errors) => failures += errors,
                }
            }
        }
    }
    eprintln!("{runs} mutated parses, {failures} with errors");
    // Random fragments parsed as standalone types and attributes.
    let ctx = Context::new();
    for _ in 0..5000 {
        let mut s = String::new();
        for _ in 0..rng.below(12) {
            s.push_str(FRAGMENTS[rng.below(FRAGMENTS.len())]);
            if rng.below(3) == 0 {
                s.push_str(["i32", "f32", "x", "4", "1", "\"a\"", "unit", "d0"][rng.below(8)]);
            }
        }
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = parse_type(&ctx, &s);
            let _ = parse_attribute(&ctx, &s);
        }));
        assert!(r.is_ok(), "panicked on {s:?}");
    }
}

/// Unbalanced deep nesting is an error, not a crash.
#[test]
fn deep_garbage_is_a_clean_error() {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let ctx = Context::new();
            for s in [
                "[".repeat(100_000),
                "tuple<".repeat(100_000),
                "loc(".to_string() + &"fused[".repeat(100_000),
                "{a = ".repeat(100_000),
            ] {
                assert!(parse_attribute(&ctx, &s).is_err());
            }
            let m = format!("affine_map<(d0) -> ({}>", "(".repeat(100_000));
            assert!(parse_attribute(&ctx, &m).is_err());
            let mut c = Context::new();
            let src = "\"a.b\"() ({\n".repeat(100_000);
            assert!(parse_source(&mut c, &src, "d.mlir", &allow()).is_err());
            assert_eq!(c.live_ir_counts(), (0, 0, 0));
        })
        .unwrap()
        .join()
        .unwrap();
}

/// Inputs that would take minutes if any step were quadratic in their size.
#[test]
fn large_inputs_stay_linear() {
    let n = 50_000;
    let start = std::time::Instant::now();
    // A huge attribute dictionary in reverse order.
    let attrs: Vec<String> = (0..n).rev().map(|i| format!("k{i:06} = {i} : i32")).collect();
    let src = format!("\"t.a\"() {{{}}} : () -> ()", attrs.join(", "));
    let mut ctx = Context::new();
    parse_source(&mut ctx, &src, "big.mlir", &allow()).unwrap();
    // Many distinct resources, and a long fused location.
    let res: Vec<String> = (0..n).map(|i| format!("r{i} = dense_resource<k{i}> : tensor<1xi8>")).collect();
    let locs: Vec<String> = (0..n).map(|i| format!("\"l{i}\"")).collect();
    let src = format!("\"t.a\"() {{{}}} : () -> () loc(fused[{}])", res.join(", "), locs.join(", "));
    parse_source(&mut ctx, &src, "big.mlir", &allow()).unwrap();
    // Many forward references, each resolved later.
    let mut src = String::from("\"t.g\"() ({\n");
    for i in 0..n {
        src.push_str(&format!("  \"t.use\"(%v{i}) : (i32) -> ()\n"));
    }
    for i in 0..n {
        src.push_str(&format!("  %v{i} = \"t.def\"() : () -> i32\n"));
    }
    src.push_str("}) : () -> ()\n");
    parse_source(&mut ctx, &src, "big.mlir", &allow()).unwrap();
    // Many errors on one long line.
    let uses: Vec<String> = (0..10_000).map(|i| format!("%u{i}")).collect();
    let src = format!("\"t.a\"({}) : ({}) -> ()", uses.join(", "), vec!["i32"; 10_000].join(", "));
    let e = parse_source(&mut ctx, &src, "big.mlir", &allow()).unwrap_err();
    assert_eq!(e.diagnostics.len(), 10_000);
    assert!(e.diagnostics.iter().all(|d| d.rendered.len() < 2048));
    assert!(start.elapsed().as_secs() < 60, "took {:?}", start.elapsed());
}

// ---------------------------------------------------------------------------------------
// verification after parsing (`ParseOptions::verify_after_parse`)

fn verified() -> ParseOptions {
    ParseOptions { allow_unregistered_dialects: true, verify_after_parse: true }
}

/// As [`fail_with`] with verification, in a context that allows unregistered dialects (the
/// verifier asks the context, not the parse options).
fn fail_verified(src: &str) -> ParseError {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let keep = parse_source(&mut ctx, "\"test.keep\"() : () -> ()", "keep.mlir", &allow()).unwrap();
    let before = ctx.live_ir_counts();
    let err = parse_source(&mut ctx, src, "t.mlir", &verified()).expect_err(src);
    assert_eq!(ctx.live_ir_counts(), before, "the failed parse left IR behind:\n{src}");
    assert!(ctx.is_op_live(keep));
    err
}

const TWO_BLOCKS: &str =
    "\"builtin.module\"() ({\n^bb0:\n  \"t.a\"() : () -> ()\n^bb1:\n  \"t.b\"() : () -> ()\n}) : () -> ()\n";

#[test]
fn verify_after_parse_is_opt_in_for_rust_callers() {
    assert!(!ParseOptions::default().verify_after_parse);
    let mut ctx = Context::new();
    assert!(parse_source(&mut ctx, TWO_BLOCKS, "t.mlir", &allow()).is_ok());
    // The context's setting is for the C API only.
    assert!(ctx.verify_after_parse());
}

#[test]
fn verifier_errors_fail_the_parse_rendered_as_parse_errors() {
    let e = fail_verified(TWO_BLOCKS);
    assert_eq!(
        e.to_string(),
        "t.mlir:1:1: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks\n\
         \"builtin.module\"() ({\n\
         ^"
    );
    let d = &e.diagnostics[0];
    assert_eq!((d.file.as_str(), d.line, d.col), ("t.mlir", 1, 1));
    assert!(d.location.is_some(), "a verifier error keeps the op's location");

    // Every failure, in the verifier's order, with notes, in the text's coordinates.
    let src = "\"builtin.module\"() ({\n  %0 = \"t.def\"() : () -> i32\n  \"builtin.module\"(%0) ({\n  ^bb0:\n  }) : (i32) -> ()\n  \"t.sym\"() {sym_name = \"a\"} : () -> ()\n  \"t.sym\"() {sym_name = \"a\"} : () -> ()\n}) : () -> ()\n";
    let e = fail_verified(src);
    let rendered = e.to_string();
    assert!(rendered.starts_with("t.mlir:7:3: error: redefinition of symbol named 'a'\n"), "{rendered}");
    assert!(
        rendered.ends_with(
            "\nt.mlir:3:3: error: 'builtin.module' op requires zero operands\n  \"builtin.module\"(%0) ({\n  ^"
        ),
        "{rendered}"
    );
    let redef = e.diagnostics.iter().find(|d| d.message.starts_with("redefinition")).unwrap();
    assert_eq!(redef.notes.len(), 1);
    assert_eq!((redef.notes[0].file.as_str(), redef.notes[0].line, redef.notes[0].col), ("t.mlir", 6, 3));
    assert!(redef.notes[0].rendered.starts_with("t.mlir:6:3: note: see existing symbol definition here\n"));
}

#[test]
fn verifier_errors_at_other_locations() {
    // A name location without a file position is shown as MLIR shows it; a file position
    // elsewhere has no source line.
    let src = "\"builtin.module\"() ({\n^bb0:\n^bb1:\n}) : () -> () loc(\"named\")\n";
    let e = fail_verified(src);
    assert_eq!(e.to_string(), "error: loc(\"named\"): 'builtin.module' op expects region #0 to have 0 or 1 blocks");
    assert_eq!((e.diagnostics[0].file.as_str(), e.diagnostics[0].line), ("", 0));
    let src = "\"builtin.module\"() ({\n^bb0:\n^bb1:\n}) : () -> () loc(\"other.mlir\":40:2)\n";
    let e = fail_verified(src);
    assert_eq!(e.to_string(), "other.mlir:40:2: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks");
    // The implicit module is at "file":0:0.
    let src = "\"t.sym\"() {sym_name = \"a\"} : () -> ()\n\"t.sym\"() {sym_name = \"a\"} : () -> ()\n";
    let e = fail_verified(src);
    assert!(e.to_string().starts_with("t.mlir:2:1: error: redefinition of symbol named 'a'\n"), "{e}");
}

#[test]
fn failed_verification_keeps_nothing_and_emits_nothing() {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let emitted = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = emitted.clone();
    ctx.attach_diagnostic_handler(Box::new(move |_, _| {
        counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        true
    }));
    let src = format!("{TWO_BLOCKS}{{-#\n  dialect_resources: {{\n    builtin: {{\n      blob: \"0x0100000001\"\n    }}\n  }}\n#-}}\n");
    let before = ctx.live_ir_counts();
    assert!(parse_source(&mut ctx, &src, "t.mlir", &verified()).is_err());
    assert!(omnir_core::asm::parse_single_operation(&mut ctx, &src, "t.mlir", &verified()).is_err());
    assert_eq!(ctx.live_ir_counts(), before);
    assert!(ctx.resource_keys().is_empty(), "{:?}", ctx.resource_keys());
    assert_eq!(emitted.load(std::sync::atomic::Ordering::Relaxed), 0, "the caller reports the errors");
    // Valid text parses as before.
    let m = parse_source(&mut ctx, "\"t.a\"() : () -> ()\n", "ok.mlir", &verified()).unwrap();
    assert!(ctx.verify(m).is_ok());
}

#[test]
fn verified_chunks_point_into_the_whole_file() {
    let src = format!("\"t.a\"() : () -> ()\n// -----\n{TWO_BLOCKS}");
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let results: Vec<_> =
        split_source(&src).into_iter().map(|r| parse_source_range(&mut ctx, &src, r, "s.mlir", &verified())).collect();
    assert!(results[0].is_ok());
    let e = results[1].as_ref().unwrap_err();
    assert!(e.to_string().starts_with("s.mlir:3:1: error: 'builtin.module' op expects region #0"), "{e}");
}
