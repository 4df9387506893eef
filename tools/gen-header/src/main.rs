//! Generates, from the curated C API in `core/src/api`:
//!
//! - `include/omnir/omnir.h` — the C header, by cbindgen (configured by `core/cbindgen.toml`);
//! - `bindings/sys/src/generated.rs` — omnir-sys's `extern "C"` declarations and `#[repr(C)]`
//!   types, copied from the same Rust source (so they match the header by construction);
//! - `tests/c/misuse_generated.c` — the C misuse matrix: every function of the header called
//!   with NULL pointers, null/stale/forged/wrong-context handles, invalid UTF-8 and
//!   out-of-range indices.
//!
//! `gen-header` writes the files; `gen-header --check` writes nothing and fails when a
//! checked-in file differs from a fresh generation. Both fail when a function of the header
//! has no documentation comment.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use quote::{format_ident, quote};
use syn::visit_mut::VisitMut;

const HEADER: &str = "include/omnir/omnir.h";
const SYS: &str = "bindings/sys/src/generated.rs";
const MISUSE: &str = "tests/c/misuse_generated.c";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.iter().any(|a| a == "--check");
    if args.iter().any(|a| a == "--help" || a == "-h") {
        eprintln!("usage: gen-header [--check] [--list-functions]");
        return ExitCode::SUCCESS;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().expect("workspace root");

    let header = match generate_header(&root) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("gen-header: cbindgen failed: {e}");
            return ExitCode::FAILURE;
        }
    };
    let functions = parse_header_functions(&header);
    if args.iter().any(|a| a == "--list-functions") {
        for f in &functions {
            println!("{}", f.name);
        }
        return ExitCode::SUCCESS;
    }

    let mut problems = Vec::new();
    let undocumented = undocumented_functions(&header);
    for f in &undocumented {
        problems
            .push(format!("{HEADER}: function `{f}` has no documentation comment (add a `///` doc in core/src/api)"));
    }

    let api = match RustApi::load(&root.join("core/src/api/mod.rs")) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("gen-header: {e}");
            return ExitCode::FAILURE;
        }
    };
    let header_names: BTreeSet<&str> = functions.iter().map(|f| f.name.as_str()).collect();
    let rust_names: BTreeSet<&str> = api.functions.iter().map(|f| f.name.as_str()).collect();
    for n in header_names.difference(&rust_names) {
        problems
            .push(format!("`{n}` is in the header but not found as a #[no_mangle] extern \"C\" fn in core/src/api"));
    }
    for n in rust_names.difference(&header_names) {
        problems.push(format!("`{n}` is exported by core/src/api but cbindgen left it out of the header"));
    }

    let sys = match api.render_sys().and_then(|s| rustfmt(&root, &s)).and_then(|s| rustfmt(&root, &doc_comments(&s))) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gen-header: omnir-sys generation failed: {e}");
            return ExitCode::FAILURE;
        }
    };
    let misuse = render_misuse(&functions, &header);

    let outputs = [(HEADER, header), (SYS, sys), (MISUSE, misuse)];
    for (rel, text) in &outputs {
        let path = root.join(rel);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if check {
            if current != *text {
                problems.push(format!(
                    "{rel} is stale: regenerate with `cargo run -p omnir-gen-header` and commit it{}",
                    first_difference(&current, text)
                ));
            }
        } else if current != *text {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).expect("create output directory");
            }
            std::fs::write(&path, text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
            eprintln!("gen-header: wrote {rel}");
        }
    }
    eprintln!("gen-header: {} functions, {} undocumented", functions.len(), undocumented.len());
    if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        for p in &problems {
            eprintln!("error: {p}");
        }
        ExitCode::FAILURE
    }
}

fn first_difference(old: &str, new: &str) -> String {
    for (i, (a, b)) in old.lines().zip(new.lines()).enumerate() {
        if a != b {
            return format!("\n  line {}:\n  checked in: {a}\n  generated:  {b}", i + 1);
        }
    }
    format!("\n  ({} lines checked in, {} generated)", old.lines().count(), new.lines().count())
}

// ---------------------------------------------------------------------------------------
// The header (cbindgen) and what the other generators read from it.

fn generate_header(root: &Path) -> Result<String, String> {
    let config = cbindgen::Config::from_file(root.join("core/cbindgen.toml"))?;
    let bindings = cbindgen::Builder::new()
        .with_src(root.join("core/src/api/mod.rs"))
        .with_config(config)
        .generate()
        .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    bindings.write(&mut out);
    let text = String::from_utf8(out).map_err(|e| e.to_string())?;
    // cbindgen leaves runs of blank lines where filtered items were; keep at most one.
    let mut cleaned = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank += 1;
            if blank > 1 {
                continue;
            }
        } else {
            blank = 0;
        }
        cleaned.push_str(line.trim_end());
        cleaned.push('\n');
    }
    Ok(cleaned)
}

/// The header with comments and preprocessor lines removed.
fn strip_c_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            let end = text[i + 2..].find("*/").map(|e| i + 2 + e + 2).unwrap_or(b.len());
            out.push(' ');
            i = end;
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'"' {
            // string literals only appear in `extern "C"`; copy verbatim
            let end = text[i + 1..].find('"').map(|e| i + 1 + e + 1).unwrap_or(b.len());
            out.push_str(&text[i..end]);
            i = end;
        } else {
            let ch = text[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out.lines().filter(|l| !l.trim_start().starts_with('#')).collect::<Vec<_>>().join("\n")
}

#[derive(Debug, Clone)]
struct CParam {
    ty: String,
    name: String,
}

#[derive(Debug, Clone)]
struct CFunction {
    ret: String,
    name: String,
    params: Vec<CParam>,
}

/// Splits `s` at top-level occurrences of `sep` (outside (), {}, []).
fn split_top(s: &str, sep: char) -> Vec<String> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for ch in s.chars() {
        match ch {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            _ => {}
        }
        if ch == sep && depth == 0 {
            parts.push(std::mem::take(&mut cur));
        } else {
            cur.push(ch);
        }
    }
    parts.push(cur);
    parts
}

fn squash(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" *", "*")
        .replace('*', " *")
        .replace("* *", "**")
        .replace("( *", "(*")
}

/// Removes `static inline` function definitions (compiled into the caller, not exported by
/// libomnir): from `static inline` to the first `}` that starts a line.
fn strip_static_inline(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(start) = rest.find("static inline") {
        out.push_str(&rest[..start]);
        match rest[start..].find("\n}") {
            Some(end) => rest = &rest[start + end + 2..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Function declarations of a cbindgen header (its regular shape, not arbitrary C).
fn parse_header_functions(header: &str) -> Vec<CFunction> {
    let code = strip_static_inline(&strip_c_comments(header)).replace("extern \"C\" {", "");
    let mut out = Vec::new();
    for decl in split_top(&code, ';') {
        let decl = decl.trim().trim_start_matches('}').trim();
        let decl = squash(decl);
        if decl.is_empty() || decl.starts_with("typedef") || !decl.ends_with(')') {
            continue;
        }
        let Some(open) = decl.find('(') else { continue };
        let head = decl[..open].trim();
        let Some(name_start) = head.rfind(|c: char| !(c.is_alphanumeric() || c == '_')) else { continue };
        let name = head[name_start + 1..].to_string();
        if !name.starts_with("omnir_") {
            continue;
        }
        let ret = head[..name_start + 1].trim().to_string();
        let inner = &decl[open + 1..decl.len() - 1];
        let mut params = Vec::new();
        if inner.trim() != "void" && !inner.trim().is_empty() {
            for (i, p) in split_top(inner, ',').into_iter().enumerate() {
                let p = p.trim().to_string();
                params.push(split_param(&p, i));
            }
        }
        out.push(CFunction { ret, name, params });
    }
    out
}

fn split_param(p: &str, i: usize) -> CParam {
    if let Some(star) = p.find("(*") {
        // function pointer: RET (*name)(ARGS)
        let close = p[star..].find(')').map(|c| star + c).unwrap_or(p.len());
        let name = p[star + 2..close].trim().to_string();
        let ty = format!("{}(*){}", &p[..star], &p[close + 1..]);
        return CParam { ty: squash(&ty), name };
    }
    let cut = p.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map(|c| c + 1).unwrap_or(0);
    let (ty, name) = (p[..cut].trim(), p[cut..].trim());
    if ty.is_empty() {
        CParam { ty: name.to_string(), name: format!("arg{i}") }
    } else {
        CParam { ty: squash(ty), name: name.to_string() }
    }
}

/// Names of functions whose declaration is not directly preceded by a doc comment.
fn undocumented_functions(header: &str) -> Vec<String> {
    let lines: Vec<&str> = header.lines().collect();
    let mut missing = Vec::new();
    let mut in_comment = false;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.starts_with("/*") {
            in_comment = !t.contains("*/");
            continue;
        }
        if in_comment {
            in_comment = !t.contains("*/");
            continue;
        }
        if t.starts_with('#') || t.starts_with("typedef") || line.starts_with(' ') || t.is_empty() {
            continue;
        }
        let Some(open) = t.find('(') else { continue };
        let head = &t[..open];
        let Some(pos) = head.rfind(|c: char| !(c.is_alphanumeric() || c == '_')) else { continue };
        let name = &head[pos + 1..];
        if !name.starts_with("omnir_") {
            continue;
        }
        let prev = if i > 0 { lines[i - 1].trim() } else { "" };
        if !prev.ends_with("*/") {
            missing.push(name.to_string());
        }
    }
    missing
}

/// Typedef names that are function pointers (`typedef R (*name)(...)`).
fn fn_pointer_typedefs(header: &str) -> BTreeSet<String> {
    let code = strip_c_comments(header);
    let mut names = BTreeSet::new();
    for decl in split_top(&code, ';') {
        let d = squash(decl.trim());
        if let Some(rest) = d.strip_prefix("typedef ") {
            if let Some(star) = rest.find("(*") {
                if let Some(close) = rest[star..].find(')') {
                    names.insert(rest[star + 2..star + close].trim().to_string());
                }
            }
        }
    }
    names
}

// ---------------------------------------------------------------------------------------
// omnir-sys: the Rust declarations, copied from core/src/api with types normalized.

struct RustFn {
    name: String,
    item: syn::ForeignItemFn,
}

#[derive(Default)]
struct RustApi {
    items: Vec<proc_macro2::TokenStream>,
    functions: Vec<RustFn>,
    seen_types: BTreeSet<String>,
}

fn docs(attrs: &[syn::Attribute]) -> Vec<syn::Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("doc")).cloned().collect()
}

fn has_attr(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs.iter().any(|a| {
        if a.path().is_ident(name) {
            return true;
        }
        // #[unsafe(no_mangle)]
        if a.path().is_ident("unsafe") {
            if let syn::Meta::List(l) = &a.meta {
                return l.tokens.to_string().trim() == name;
            }
        }
        false
    })
}

fn repr_of(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find(|a| a.path().is_ident("repr")).map(|a| match &a.meta {
        syn::Meta::List(l) => l.tokens.to_string().replace(' ', ""),
        _ => String::new(),
    })
}

fn derives(attrs: &[syn::Attribute]) -> Vec<syn::Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("derive")).cloned().collect()
}

/// Rewrites type paths: `omnir_*` types to their bare name, C types to `core::ffi`, `std` to
/// `core`; anything else from the core crate is an error (it would not be FFI-safe anyway).
struct Normalize {
    errors: Vec<String>,
}

const PRIMITIVES: &[&str] =
    &["u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize", "f32", "f64", "bool", "Option"];
const C_TYPES: &[&str] = &[
    "c_char",
    "c_void",
    "c_int",
    "c_uint",
    "c_long",
    "c_ulong",
    "c_short",
    "c_ushort",
    "c_schar",
    "c_uchar",
    "c_double",
    "c_float",
    "c_longlong",
    "c_ulonglong",
];

impl VisitMut for Normalize {
    fn visit_type_path_mut(&mut self, tp: &mut syn::TypePath) {
        syn::visit_mut::visit_type_path_mut(self, tp);
        if tp.qself.is_some() {
            self.errors.push(format!("qualified path type `{}`", quote!(#tp)));
            return;
        }
        let last = tp.path.segments.last().cloned().expect("non-empty path");
        let name = last.ident.to_string();
        if name.starts_with("omnir_") || name.starts_with("OMNIR_") {
            tp.path = syn::Path::from(last);
        } else if C_TYPES.contains(&name.as_str()) {
            let ident = last.ident;
            tp.path = syn::parse_quote!(core::ffi::#ident);
        } else if name == "NonNull" || name == "PhantomData" {
            let seg = last;
            tp.path = syn::parse_quote!(core::ptr::#seg);
        } else if tp.path.segments.len() == 1 && PRIMITIVES.contains(&name.as_str()) {
        } else {
            self.errors.push(format!("type `{}` is not an omnir_* or C type", quote!(#tp)));
        }
    }
}

impl RustApi {
    fn load(mod_rs: &Path) -> Result<RustApi, String> {
        let mut api = RustApi::default();
        let mut files = vec![mod_rs.to_path_buf()];
        let mut i = 0;
        while i < files.len() {
            let path = files[i].clone();
            i += 1;
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("gen-header: warning: skipping module {}: {e}", path.display());
                    continue;
                }
            };
            let file = syn::parse_file(&text).map_err(|e| format!("parse {}: {e}", path.display()))?;
            let dir = if path.file_name().is_some_and(|n| n == "mod.rs") {
                path.parent().unwrap().to_path_buf()
            } else {
                path.with_extension("")
            };
            for item in &file.items {
                if let syn::Item::Mod(m) = item {
                    if m.content.is_none() {
                        let name = m.ident.to_string();
                        let a = dir.join(format!("{name}.rs"));
                        let b = dir.join(&name).join("mod.rs");
                        files.push(if a.exists() { a } else { b });
                    }
                    continue;
                }
                api.add_item(item, &path)?;
            }
        }
        Ok(api)
    }

    fn normalize<T>(&self, node: &mut T, at: &Path) -> Result<(), String>
    where
        Normalize: NormalizeNode<T>,
    {
        let mut n = Normalize { errors: Vec::new() };
        n.apply(node);
        if n.errors.is_empty() {
            Ok(())
        } else {
            Err(format!("{}: {}", at.display(), n.errors.join("; ")))
        }
    }

    fn add_item(&mut self, item: &syn::Item, at: &Path) -> Result<(), String> {
        match item {
            syn::Item::Fn(f) => {
                let abi_c = f.sig.abi.as_ref().is_some_and(|a| a.name.as_ref().map_or(true, |n| n.value() == "C"));
                if !(abi_c && has_attr(&f.attrs, "no_mangle")) {
                    return Ok(());
                }
                let mut sig = f.sig.clone();
                sig.abi = None;
                sig.unsafety = None;
                for (i, input) in sig.inputs.iter_mut().enumerate() {
                    if let syn::FnArg::Typed(pt) = input {
                        let name = match &*pt.pat {
                            syn::Pat::Ident(id) => {
                                let s = id.ident.to_string();
                                let s = s.trim_start_matches('_').to_string();
                                if s.is_empty() {
                                    format!("arg{i}")
                                } else {
                                    s
                                }
                            }
                            _ => format!("arg{i}"),
                        };
                        let ident = format_ident!("{}", name);
                        *pt.pat = syn::parse_quote!(#ident);
                        pt.attrs.clear();
                    }
                }
                let doc = docs(&f.attrs);
                let mut item: syn::ForeignItemFn = syn::parse_quote! { #(#doc)* pub #sig; };
                self.normalize(&mut item, at)?;
                self.functions.push(RustFn { name: f.sig.ident.to_string(), item });
            }
            syn::Item::Struct(s) => {
                let name = s.ident.to_string();
                if !name.starts_with("omnir_") || !matches!(s.vis, syn::Visibility::Public(_)) {
                    return Ok(());
                }
                self.seen_types.insert(name);
                let doc = docs(&s.attrs);
                let ident = &s.ident;
                match repr_of(&s.attrs).as_deref() {
                    Some(r) if r.contains('C') || r.contains("transparent") => {
                        let mut s = s.clone();
                        let repr: syn::Attribute =
                            s.attrs.iter().find(|a| a.path().is_ident("repr")).cloned().expect("repr");
                        let derive = derives(&s.attrs);
                        s.attrs = doc;
                        s.attrs.push(repr);
                        s.attrs.extend(derive);
                        for field in s.fields.iter_mut() {
                            field.vis = syn::parse_quote!(pub);
                            field.attrs = docs(&field.attrs);
                        }
                        self.normalize(&mut s, at)?;
                        self.items.push(quote!(#s));
                    }
                    _ => {
                        self.items.push(quote! {
                            #(#doc)*
                            ///
                            /// Opaque: only ever used behind a pointer that omnir hands out.
                            #[repr(C)]
                            pub struct #ident {
                                _private: [u8; 0],
                                _not_send_sync: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
                            }
                        });
                    }
                }
            }
            syn::Item::Union(u) => {
                let name = u.ident.to_string();
                if !name.starts_with("omnir_") || !matches!(u.vis, syn::Visibility::Public(_)) {
                    return Ok(());
                }
                self.seen_types.insert(name);
                let mut u = u.clone();
                let keep: Vec<_> = u
                    .attrs
                    .iter()
                    .filter(|a| a.path().is_ident("doc") || a.path().is_ident("repr") || a.path().is_ident("derive"))
                    .cloned()
                    .collect();
                u.attrs = keep;
                for field in u.fields.named.iter_mut() {
                    field.vis = syn::parse_quote!(pub);
                    field.attrs = docs(&field.attrs);
                }
                self.normalize(&mut u, at)?;
                self.items.push(quote!(#u));
            }
            syn::Item::Enum(e) => {
                let name = e.ident.to_string();
                if !name.starts_with("omnir_") || !matches!(e.vis, syn::Visibility::Public(_)) {
                    return Ok(());
                }
                if repr_of(&e.attrs).is_none() {
                    return Err(format!("{}: enum {name} is public but has no #[repr]", at.display()));
                }
                self.seen_types.insert(name);
                let mut e = e.clone();
                let keep: Vec<_> = e
                    .attrs
                    .iter()
                    .filter(|a| a.path().is_ident("doc") || a.path().is_ident("repr") || a.path().is_ident("derive"))
                    .cloned()
                    .collect();
                e.attrs = keep;
                for v in e.variants.iter_mut() {
                    v.attrs = docs(&v.attrs);
                }
                self.items.push(quote!(#e));
            }
            syn::Item::Type(t) => {
                let name = t.ident.to_string();
                if !name.starts_with("omnir_") || !matches!(t.vis, syn::Visibility::Public(_)) {
                    return Ok(());
                }
                self.seen_types.insert(name);
                let mut t = t.clone();
                t.attrs = docs(&t.attrs);
                self.normalize(&mut t, at)?;
                self.items.push(quote!(#t));
            }
            syn::Item::Const(c) => {
                let name = c.ident.to_string();
                if !name.starts_with("OMNIR_") || !matches!(c.vis, syn::Visibility::Public(_)) {
                    return Ok(());
                }
                let mut c = c.clone();
                c.attrs = docs(&c.attrs);
                self.normalize(&mut c, at)?;
                self.items.push(quote!(#c));
            }
            _ => {}
        }
        Ok(())
    }

    fn render_sys(&self) -> Result<String, String> {
        let items = &self.items;
        let fns = self.functions.iter().map(|f| &f.item);
        let tokens = quote! {
            #(#items)*
            extern "C" {
                #(#fns)*
            }
        };
        let mut out = String::new();
        out.push_str("// Generated by tools/gen-header from core/src/api. Do not edit: run\n");
        out.push_str("// `cargo run -p omnir-gen-header` (CI checks it with `-- --check`).\n\n");
        out.push_str(&tokens.to_string());
        out.push('\n');
        Ok(out)
    }
}

trait NormalizeNode<T> {
    fn apply(&mut self, node: &mut T);
}
impl NormalizeNode<syn::ForeignItemFn> for Normalize {
    fn apply(&mut self, node: &mut syn::ForeignItemFn) {
        self.visit_foreign_item_fn_mut(node)
    }
}
impl NormalizeNode<syn::ItemStruct> for Normalize {
    fn apply(&mut self, node: &mut syn::ItemStruct) {
        self.visit_item_struct_mut(node)
    }
}
impl NormalizeNode<syn::ItemUnion> for Normalize {
    fn apply(&mut self, node: &mut syn::ItemUnion) {
        self.visit_item_union_mut(node)
    }
}
impl NormalizeNode<syn::ItemType> for Normalize {
    fn apply(&mut self, node: &mut syn::ItemType) {
        self.visit_item_type_mut(node)
    }
}
impl NormalizeNode<syn::ItemConst> for Normalize {
    fn apply(&mut self, node: &mut syn::ItemConst) {
        self.visit_item_const_mut(node)
    }
}

/// Turns rustfmt'd `#[doc = "..."]` attributes into `///` comments and separates top-level
/// items with a blank line.
fn doc_comments(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut prev = "";
    for line in code.lines() {
        let t = line.trim_start();
        let indent = &line[..line.len() - t.len()];
        let mut text = line.to_string();
        if let Some(lit) = t.strip_prefix("#[doc = ").and_then(|r| r.strip_suffix(']')) {
            if let Ok(s) = syn::parse_str::<syn::LitStr>(lit) {
                text = format!("{indent}///{}", s.value()).trim_end().to_string();
            }
        }
        let top_level_start =
            indent.is_empty() && (t.starts_with("#[") || t.starts_with("pub ") || t.starts_with("extern"));
        if top_level_start && (prev == "}" || prev.ends_with(';')) {
            out.push('\n');
        }
        out.push_str(&text);
        out.push('\n');
        prev = line;
    }
    out
}

fn rustfmt(root: &Path, code: &str) -> Result<String, String> {
    use std::io::Write;
    let rustfmt = std::env::var_os("RUSTFMT").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("rustfmt"));
    let mut child = Command::new(rustfmt)
        .args(["--edition", "2021", "--emit", "stdout", "--config-path"])
        .arg(root.join("rustfmt.toml"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("run rustfmt: {e} (install it with `rustup component add rustfmt`)"))?;
    child.stdin.take().unwrap().write_all(code.as_bytes()).map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("rustfmt failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    String::from_utf8(out.stdout).map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------------------
// The C misuse matrix.

#[derive(Clone, PartialEq, Eq, Debug)]
enum Kind {
    Context,
    ContextOut,
    /// A pointer to an opaque omnir object (`omnir_operation_state *`...): the fixture
    /// provides a live one.
    Object(String),
    Handle(&'static str),
    /// Text: `const char *` (UTF-8 is checked).
    Str,
    /// Binary data: `const uint8_t *` (any bytes).
    Bytes,
    Pointer,
    VoidPointer,
    FnPointer,
    Struct,
    Scalar,
}

const HANDLES: &[&str] = &["op", "block", "region", "value", "type", "attribute", "location", "identifier"];

fn classify(ty: &str, fn_ptrs: &BTreeSet<String>, opaque: &BTreeSet<String>) -> Kind {
    let t = ty.replace("const ", "").replace("struct ", "");
    let t = t.trim();
    if let Some(base) = t.strip_suffix(" *") {
        let input_struct = ty.starts_with("const ") && base.starts_with("omnir_") && !base.contains('*');
        if (opaque.contains(base) || input_struct) && base != "omnir_context" {
            return Kind::Object(base.to_string());
        }
    }
    if ty.contains("(*)") || fn_ptrs.contains(t) {
        return Kind::FnPointer;
    }
    if t == "omnir_context *" {
        return Kind::Context;
    }
    if t == "omnir_context **" {
        return Kind::ContextOut;
    }
    if t.contains('*') {
        let base = t.trim_end_matches('*').trim();
        if t == "void *" {
            return Kind::VoidPointer;
        }
        if ty.starts_with("const") && t.matches('*').count() == 1 {
            if base == "char" {
                return Kind::Str;
            }
            if base == "uint8_t" {
                return Kind::Bytes;
            }
        }
        return Kind::Pointer;
    }
    for h in HANDLES {
        if t == format!("omnir_{h}") {
            return Kind::Handle(h);
        }
    }
    if ty.starts_with("struct ") || ty.starts_with("const struct ") {
        return Kind::Struct;
    }
    Kind::Scalar
}

fn is_size(ty: &str) -> bool {
    matches!(ty.trim(), "size_t" | "uintptr_t" | "uint32_t" | "uint64_t" | "intptr_t" | "int64_t" | "int32_t")
}

fn is_index_name(name: &str) -> bool {
    name == "index" || name == "pos" || name == "position" || name == "idx" || name.ends_with("_index")
}

/// Opaque struct names (`typedef struct X X;` without a body).
fn opaque_types(header: &str) -> BTreeSet<String> {
    let code = strip_c_comments(header);
    let mut names = BTreeSet::new();
    for decl in split_top(&code, ';') {
        let d = squash(decl.trim());
        let words: Vec<&str> = d.split(' ').collect();
        if words.len() == 4 && words[0] == "typedef" && words[1] == "struct" && !d.contains('{') {
            names.insert(words[2].to_string());
        }
    }
    names
}

/// The default ("as valid as the fixture allows") argument for a parameter.
fn default_arg(f: &CFunction, i: usize, p: &CParam, kind: &Kind, next: Option<&CParam>) -> String {
    match kind {
        Kind::Context => "fx->ctx".into(),
        Kind::Object(name) => format!("({})misuse_object(fx, \"{name}\")", p.ty),
        Kind::ContextOut => format!("({})misuse_scratch({i})", p.ty),
        // The fixture picks a handle that suits the function (an array attribute for
        // `omnir_array_attr_*`, a function type for `omnir_function_type_*`...).
        Kind::Handle(h) => format!("misuse_{h}(fx, \"{}\", false)", f.name),
        Kind::Str | Kind::Bytes => {
            if next.is_some_and(|n| is_size(&n.ty)) {
                format!("({})\"x\"", p.ty)
            } else {
                format!("({})misuse_scratch({i})", p.ty)
            }
        }
        Kind::Pointer => format!("({})misuse_scratch({i})", p.ty),
        Kind::VoidPointer => "NULL".into(),
        // A callback of the right type when the fixture has one, else NULL.
        Kind::FnPointer if !p.ty.contains("(*)") => format!("({})misuse_callback(fx, \"{}\")", p.ty, p.ty),
        Kind::FnPointer => "NULL".into(),
        Kind::Struct => format!("({}){{0}}", p.ty.trim_start_matches("const ")),
        Kind::Scalar => format!("({})0", p.ty),
    }
}

fn c_string(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

fn render_misuse(functions: &[CFunction], header: &str) -> String {
    let fn_ptrs = fn_pointer_typedefs(header);
    let opaque = opaque_types(header);
    let mut out = String::new();
    out.push_str(
        "/* Generated by tools/gen-header from include/omnir/omnir.h. Do not edit: run\n \
         * `cargo run -p omnir-gen-header`. Every function of the header is called with each bad\n \
         * argument in turn (NULL pointer, null/stale/forged/wrong-context handle, invalid UTF-8,\n \
         * out-of-range index); the rest of the arguments come from the fixture\n \
         * (misuse_fixture.c). misuse_call_* assert the error and that the IR is unchanged. */\n\n",
    );
    out.push_str("#include \"misuse.h\"\n\n");
    let mut total = 0usize;
    let mut bodies = Vec::new();
    for f in functions {
        let kinds: Vec<Kind> = f.params.iter().map(|p| classify(&p.ty, &fn_ptrs, &opaque)).collect();
        let defaults: Vec<String> =
            f.params.iter().enumerate().map(|(i, p)| default_arg(f, i, p, &kinds[i], f.params.get(i + 1))).collect();
        let has_handle = kinds.iter().any(|k| matches!(k, Kind::Handle(_)));
        let mut cases: Vec<(String, String, Vec<String>)> = Vec::new(); // (param, dim, args)
        for (i, p) in f.params.iter().enumerate() {
            let mut push = |dim: &str, value: String, next_len: Option<&str>| {
                let mut args = defaults.clone();
                args[i] = value;
                // A NULL array or string with a zero count is valid: give the count (the first
                // size_t parameter after it) a nonzero value.
                if let Some(len) = next_len {
                    if let Some(j) = (i + 1..args.len()).find(|&j| f.params[j].ty.trim() == "size_t") {
                        args[j] = len.to_string();
                    }
                }
                cases.push((p.name.clone(), dim.to_string(), args));
            };
            match &kinds[i] {
                Kind::Context => {
                    push("null", "NULL".into(), None);
                    if has_handle {
                        push("wrong_context", "fx->ctx2".into(), None);
                    }
                }
                Kind::ContextOut | Kind::Pointer | Kind::Object(_) => push("null", "NULL".into(), Some("1")),
                Kind::Bytes => push("null", "NULL".into(), Some("1")),
                Kind::Str => {
                    push("null", "NULL".into(), Some("1"));
                    if f.params.get(i + 1).is_some_and(|n| is_size(&n.ty)) {
                        push("invalid_utf8", format!("({})\"\\xff\\xfe\"", p.ty), Some("2"));
                    }
                }
                Kind::Handle(h) => {
                    push("null_handle", format!("(struct omnir_{h}){{0}}"), None);
                    // IR handles go stale when their IR is erased; uniqued handles cannot, but
                    // an id that names nothing can be forged.
                    let dim =
                        if matches!(*h, "type" | "attribute" | "location" | "identifier") { "forged" } else { "stale" };
                    push(dim, format!("fx->stale_{h}"), None);
                    push("wrong_context", format!("misuse_{h}(fx, \"{}\", true)", f.name), None);
                    // A handle of the wrong kind (an integer type for a function-type
                    // accessor...), where the fixture knows what the function expects.
                    if matches!(*h, "type" | "attribute" | "location" | "op") {
                        push("wrong_kind", format!("misuse_wrong_{h}(fx, \"{}\")", f.name), None);
                    }
                }
                Kind::Scalar if is_size(&p.ty) && is_index_name(&p.name) => {
                    push("out_of_range", format!("({})0x7fffffff", p.ty), None);
                }
                _ => {}
            }
        }
        if cases.is_empty() {
            continue;
        }
        let mut body = String::new();
        let _ = writeln!(body, "static void misuse_{}(misuse_fixture *fx) {{", f.name);
        let ret = f.ret.replace("struct ", "").replace("enum ", "");
        for (param, dim, args) in &cases {
            total += 1;
            let call = format!("{}({})", f.name, args.join(", "));
            let (fname, pname, dname) = (c_string(&f.name), c_string(param), c_string(dim));
            if dim == "wrong_kind" {
                let h = match f.params.iter().find(|p| &p.name == param).map(|p| classify(&p.ty, &fn_ptrs, &opaque)) {
                    Some(Kind::Handle(h)) => h,
                    _ => "",
                };
                let _ = writeln!(
                    body,
                    "    if (misuse_applies(fx, misuse_wrong_kind_applies({fname}, {pname}, \"{h}\")) &&\n        misuse_begin(fx, {fname}, {pname}, {dname})) {{"
                );
            } else {
                let _ = writeln!(body, "    if (misuse_begin(fx, {fname}, {pname}, {dname})) {{");
            }
            match ret.trim() {
                "omnir_status" => {
                    let _ = writeln!(body, "        omnir_status st = {call};");
                    // A documented success may have produced owned outputs: release them.
                    for (j, a) in args.iter().enumerate() {
                        if a.contains(&format!("misuse_scratch({j})")) && !f.params[j].ty.starts_with("const") {
                            let ty = f.params[j].ty.replace("struct ", "");
                            let _ = writeln!(
                                body,
                                "        if (st == OMNIR_OK) misuse_release(\"{}\", misuse_scratch({j}));",
                                ty.trim()
                            );
                        }
                    }
                    let _ = writeln!(body, "        misuse_end_status(fx, st);");
                }
                "omnir_string" => {
                    let _ = writeln!(body, "        omnir_string s = {call};");
                    let _ = writeln!(body, "        omnir_string_free(s);");
                    let _ = writeln!(body, "        misuse_end_other(fx);");
                }
                "void" => {
                    let _ = writeln!(body, "        {call};");
                    let _ = writeln!(body, "        misuse_end_other(fx);");
                }
                _ => {
                    let _ = writeln!(body, "        (void){call};");
                    let _ = writeln!(body, "        misuse_end_other(fx);");
                }
            }
            let _ = writeln!(body, "    }}");
        }
        body.push_str("}\n\n");
        bodies.push((f.name.clone(), body));
    }
    for (_, b) in &bodies {
        out.push_str(b);
    }
    out.push_str("void misuse_run_generated(misuse_fixture *fx) {\n");
    for (name, _) in &bodies {
        let _ = writeln!(out, "    misuse_{name}(fx);");
    }
    out.push_str("}\n\n");
    let _ = writeln!(out, "const size_t misuse_generated_case_count = {total};");
    let _ = writeln!(out, "const size_t misuse_generated_function_count = {};", functions.len());
    let _ = writeln!(out, "const size_t misuse_generated_covered_count = {};", bodies.len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
typedef bool (*omnir_cb)(void *user_data,
                         struct omnir_context *ctx);
/**
 * Documented.
 */
enum omnir_status omnir_a(const struct omnir_context *ctx,
                          const char *name,
                          size_t name_len,
                          omnir_cb callback,
                          void (*inline_cb)(void *p),
                          struct omnir_op op,
                          struct omnir_string *out);

uint32_t omnir_b(void);
"#;

    #[test]
    fn parses_cbindgen_declarations() {
        let fns = parse_header_functions(SAMPLE);
        assert_eq!(fns.len(), 2);
        let a = &fns[0];
        assert_eq!(a.name, "omnir_a");
        assert_eq!(a.ret, "enum omnir_status");
        let names: Vec<&str> = a.params.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["ctx", "name", "name_len", "callback", "inline_cb", "op", "out"]);
        assert_eq!(a.params[1].ty, "const char *");
        assert!(fns[1].params.is_empty());
        let fn_ptrs = fn_pointer_typedefs(SAMPLE);
        assert!(fn_ptrs.contains("omnir_cb"));
        let opaque = BTreeSet::new();
        assert_eq!(classify(&a.params[0].ty, &fn_ptrs, &opaque), Kind::Context);
        assert_eq!(classify(&a.params[1].ty, &fn_ptrs, &opaque), Kind::Str);
        assert_eq!(classify(&a.params[3].ty, &fn_ptrs, &opaque), Kind::FnPointer);
        assert_eq!(classify(&a.params[4].ty, &fn_ptrs, &opaque), Kind::FnPointer);
        assert_eq!(classify(&a.params[5].ty, &fn_ptrs, &opaque), Kind::Handle("op"));
        assert_eq!(classify(&a.params[6].ty, &fn_ptrs, &opaque), Kind::Pointer);
    }

    #[test]
    fn finds_undocumented_functions() {
        assert_eq!(undocumented_functions(SAMPLE), ["omnir_b"]);
    }
}
