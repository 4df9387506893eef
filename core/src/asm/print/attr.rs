//! Types, attributes, locations, affine maps and dense elements in MLIR's spelling
//! (`AsmPrinter::Impl::printTypeImpl`, `printAttributeImpl`, `printLocationInternal`,
//! `printAffineExprInternal`, `printDenseElementsAttr` in MLIR's AsmPrinter.cpp).
//!
//! Everything nested is printed with an explicit task stack, never native recursion, so a
//! type or attribute nested a million levels deep prints without overflowing the stack.

use rustc_hash::{FxHashMap, FxHashSet};

use super::bigint::BigUint;
use super::float::write_float;
use crate::affine::AffineNode;
use crate::asm::custom::call_params_printer;
use crate::asm::PrintFlags;
use crate::attrs::{ApInt, AttrKind, Attribute, LocationKind, NamedAttribute};
use crate::context::{Context, Identifier};
use crate::dialect::TypeDef;
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// When the type of a typed attribute may be left out (MLIR's `AttrTypeElision`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Elision {
    Never,
    /// Elided when it is the parser's default (`i64` for integers, `f64` for floats).
    May,
    /// Always elided for integers and floats (MLIR's `printAttributeWithoutType`).
    Always,
}

/// Non-splat dense elements with more elements than this print as a hex blob (MLIR's
/// default `--mlir-print-elementsattrs-with-hex-if-larger`).
const HEX_ELEMENTS_LIMIT: u64 = 100;

/// Longer type spellings are not cached.
const MAX_CACHED_TYPE_LEN: usize = 512;

enum Task<'a> {
    Str(&'static str),
    Type(Type),
    Attr(Attribute, Elision),
    /// `printLocationInternal` of a nested location: may use an alias.
    Loc(Attribute),
    Types(&'a [Type], usize),
    Attrs(&'a [Attribute], usize, Elision),
    Locs(&'a [Attribute], usize),
    Dict(&'a [NamedAttribute], usize),
    /// Store the text printed since `start` as the cached spelling of a type.
    CacheType(Type, usize),
}

/// Aliases assigned for this print (see `alias.rs`).
#[derive(Default)]
pub(crate) struct AliasTable {
    pub(crate) attrs: FxHashMap<u32, Box<str>>,
    /// Type aliases, and whether their definition has been printed yet (a type alias is
    /// only used after its definition, as MLIR's `isPrinted`).
    pub(crate) types: FxHashMap<u32, (Box<str>, bool)>,
}

pub(crate) struct Printer<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) out: String,
    pub(crate) flags: PrintFlags,
    pub(crate) aliases: AliasTable,
    distinct_ids: FxHashMap<u32, u64>,
    /// `dense_resource` keys referenced so far, in order of first reference.
    pub(crate) resources: Vec<Identifier>,
    resource_set: FxHashSet<Identifier>,
    tasks: Vec<Task<'a>>,
    type_cache: FxHashMap<u32, (u32, u32)>,
    cache_buf: String,
    /// Added to every indentation (a block's operations print two spaces in).
    pub(crate) base_indent: usize,
    /// The indentation of the op being printed (without `base_indent`).
    pub(crate) op_indent: usize,
    /// An `indent-newline` asks the op's next region to print one step deeper.
    pub(crate) pending_indent: bool,
}

impl<'a> Printer<'a> {
    pub(crate) fn new(ctx: &'a Context, flags: &PrintFlags) -> Printer<'a> {
        Printer {
            ctx,
            out: String::new(),
            flags: flags.clone(),
            aliases: AliasTable::default(),
            distinct_ids: FxHashMap::default(),
            resources: Vec::new(),
            resource_set: FxHashSet::default(),
            tasks: Vec::new(),
            type_cache: FxHashMap::default(),
            cache_buf: String::new(),
            base_indent: 0,
            op_indent: 0,
            pending_indent: false,
        }
    }

    /// Forgets cached type spellings (they may change once a type alias is defined).
    pub(crate) fn clear_caches(&mut self) {
        self.type_cache.clear();
        self.cache_buf.clear();
    }

    // ---- entry points ----

    pub(crate) fn print_type(&mut self, ty: Type) {
        if self.write_scalar_type(ty) || self.write_type_alias_or_cached(ty) {
            return;
        }
        // Only whole types printed from here are cached: caching every nested level would
        // copy quadratically on deep types.
        let base = self.tasks.len();
        self.tasks.push(Task::CacheType(ty, self.out.len()));
        self.type_impl(ty);
        self.run(base);
    }

    /// The type's own spelling, never its alias (an alias definition's right-hand side).
    pub(crate) fn print_type_impl(&mut self, ty: Type) {
        let base = self.tasks.len();
        self.type_impl(ty);
        self.run(base);
    }

    pub(crate) fn print_attribute(&mut self, attr: Attribute, elision: Elision) {
        let base = self.tasks.len();
        self.tasks.push(Task::Attr(attr, elision));
        self.run(base);
    }

    /// The attribute's own spelling, never its alias.
    pub(crate) fn print_attribute_impl(&mut self, attr: Attribute) {
        let base = self.tasks.len();
        self.attr_impl(attr, Elision::Never);
        self.run(base);
    }

    /// `loc(...)` (or the pretty form), as MLIR's `printLocation`.
    pub(crate) fn print_location(&mut self, loc: Attribute, allow_alias: bool) {
        let base = self.tasks.len();
        if self.flags.pretty_debug_info {
            self.loc_internal(loc, true);
        } else {
            self.out.push_str("loc(");
            self.tasks.push(Task::Str(")"));
            if !(allow_alias && self.write_attr_alias(loc)) {
                self.loc_internal(loc, false);
            }
        }
        self.run(base);
    }

    fn run(&mut self, base: usize) {
        while self.tasks.len() > base {
            let Some(task) = self.tasks.pop() else { break };
            match task {
                Task::Str(s) => self.out.push_str(s),
                Task::Type(ty) => self.type_task(ty),
                Task::Attr(a, e) => {
                    if !self.write_attr_alias(a) {
                        self.attr_impl(a, e);
                    }
                }
                Task::Loc(a) => {
                    if !self.write_attr_alias(a) {
                        self.loc_internal(a, self.flags.pretty_debug_info);
                    }
                }
                Task::Types(list, i) => {
                    if i < list.len() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.tasks.push(Task::Types(list, i + 1));
                        self.tasks.push(Task::Type(list[i]));
                    }
                }
                Task::Attrs(list, i, e) => {
                    if i < list.len() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.tasks.push(Task::Attrs(list, i + 1, e));
                        self.tasks.push(Task::Attr(list[i], e));
                    }
                }
                Task::Locs(list, i) => {
                    if i < list.len() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.tasks.push(Task::Locs(list, i + 1));
                        self.tasks.push(Task::Loc(list[i]));
                    }
                }
                Task::Dict(list, i) => {
                    if i < list.len() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.tasks.push(Task::Dict(list, i + 1));
                        let entry = list[i];
                        write_keyword_or_string(self.ctx.ident_str(entry.name), &mut self.out);
                        if !matches!(self.ctx.attr_kind(entry.value), AttrKind::Unit) {
                            self.out.push_str(" = ");
                            self.tasks.push(Task::Attr(entry.value, Elision::Never));
                        }
                    }
                }
                Task::CacheType(ty, start) => {
                    let text = &self.out[start..];
                    if text.len() > MAX_CACHED_TYPE_LEN {
                        continue;
                    }
                    let at = self.cache_buf.len() as u32;
                    self.cache_buf.push_str(text);
                    self.type_cache.insert(ty.index(), (at, text.len() as u32));
                }
            }
        }
    }

    // ---- types ----

    /// Writes builtin scalar types directly; false for anything else.
    fn write_scalar_type(&mut self, ty: Type) -> bool {
        match self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => {
                write_int_type(*width, *signedness, &mut self.out);
                true
            }
            TypeKind::Index => {
                self.out.push_str("index");
                true
            }
            TypeKind::Float(k) => {
                self.out.push_str(k.keyword());
                true
            }
            TypeKind::None => {
                self.out.push_str("none");
                true
            }
            _ => false,
        }
    }

    fn type_task(&mut self, ty: Type) {
        if self.write_scalar_type(ty) || self.write_type_alias_or_cached(ty) {
            return;
        }
        self.type_impl(ty);
    }

    /// Writes the type's alias (once defined) or its cached spelling.
    fn write_type_alias_or_cached(&mut self, ty: Type) -> bool {
        if !self.aliases.types.is_empty() {
            if let Some((name, true)) = self.aliases.types.get(&ty.index()) {
                self.out.push_str(name);
                return true;
            }
        }
        if let Some(&(at, len)) = self.type_cache.get(&ty.index()) {
            let (at, len) = (at as usize, len as usize);
            self.out.push_str(&self.cache_buf[at..at + len]);
            return true;
        }
        false
    }

    /// Writes the head of `ty` and pushes the tasks for the rest.
    fn type_impl(&mut self, ty: Type) {
        let ctx = self.ctx;
        let out = &mut self.out;
        match ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => write_int_type(*width, *signedness, out),
            TypeKind::Index => out.push_str("index"),
            TypeKind::Float(k) => out.push_str(k.keyword()),
            TypeKind::None => out.push_str("none"),
            TypeKind::Complex(e) => {
                out.push_str("complex<");
                self.tasks.push(Task::Str(">"));
                self.tasks.push(Task::Type(*e));
            }
            TypeKind::Function { inputs, results } => {
                out.push('(');
                if results.len() == 1 && !matches!(ctx.type_kind(results[0]), TypeKind::Function { .. }) {
                    self.tasks.push(Task::Type(results[0]));
                } else {
                    self.tasks.push(Task::Str(")"));
                    self.tasks.push(Task::Types(results, 0));
                    self.tasks.push(Task::Str("("));
                }
                self.tasks.push(Task::Str(") -> "));
                self.tasks.push(Task::Types(inputs, 0));
            }
            TypeKind::Tuple(elements) => {
                out.push_str("tuple<");
                self.tasks.push(Task::Str(">"));
                self.tasks.push(Task::Types(elements, 0));
            }
            TypeKind::Vector { shape, scalable, element } => {
                out.push_str("vector<");
                for (i, &d) in shape.iter().enumerate() {
                    let s = scalable.get(i).copied().unwrap_or(false);
                    if s {
                        out.push('[');
                    }
                    write_i64(d, out);
                    if s {
                        out.push(']');
                    }
                    out.push('x');
                }
                self.tasks.push(Task::Str(">"));
                self.tasks.push(Task::Type(*element));
            }
            TypeKind::RankedTensor { shape, element, encoding } => {
                out.push_str("tensor<");
                write_dims(shape, out);
                self.tasks.push(Task::Str(">"));
                if let Some(enc) = encoding {
                    self.tasks.push(Task::Attr(*enc, Elision::Never));
                    self.tasks.push(Task::Str(", "));
                }
                self.tasks.push(Task::Type(*element));
            }
            TypeKind::UnrankedTensor { element } => {
                out.push_str("tensor<*x");
                self.tasks.push(Task::Str(">"));
                self.tasks.push(Task::Type(*element));
            }
            TypeKind::MemRef { shape, element, layout, memory_space } => {
                out.push_str("memref<");
                write_dims(shape, out);
                self.tasks.push(Task::Str(">"));
                if let Some(ms) = memory_space {
                    self.tasks.push(Task::Attr(*ms, Elision::May));
                    self.tasks.push(Task::Str(", "));
                }
                if let Some(l) = layout {
                    self.tasks.push(Task::Attr(*l, Elision::May));
                    self.tasks.push(Task::Str(", "));
                }
                self.tasks.push(Task::Type(*element));
            }
            TypeKind::UnrankedMemRef { element, memory_space } => {
                out.push_str("memref<*x");
                self.tasks.push(Task::Str(">"));
                if let Some(ms) = memory_space {
                    self.tasks.push(Task::Attr(*ms, Elision::May));
                    self.tasks.push(Task::Str(", "));
                }
                self.tasks.push(Task::Type(*element));
            }
            TypeKind::Opaque { dialect, data } => {
                write_dialect_symbol(out, '!', ctx.ident_str(*dialect), ctx.ident_str(*data));
            }
            TypeKind::Dialect { def, params } => match ctx.type_def(*def) {
                Ok(d) => self.kind_symbol('!', d, params),
                Err(_) => out.push_str("!<<UNKNOWN TYPE>>"),
            },
        }
    }

    /// A dialect type or attribute (MLIR's `printDialectType` / `printDialectAttribute`):
    /// the kind's custom printer writes what follows the mnemonic, and the symbol takes
    /// MLIR's pretty form (`!dialect.mnemonic...`) when that text allows it, else the opaque
    /// form (`!dialect<mnemonic...>`). Without a custom printer (or when it fails, which is
    /// reported as an error diagnostic) the default form is printed: the mnemonic, then the
    /// parameters as attributes in `<...>`.
    fn kind_symbol(&mut self, sigil: char, def: &'a TypeDef, params: &'a [Attribute]) {
        let ctx = self.ctx;
        if let Some(asm) = &def.assembly {
            match call_params_printer(&asm.print, ctx, def, sigil, params) {
                Ok(text) => {
                    let mut data = String::with_capacity(def.name.len() + text.len());
                    data.push_str(&def.name);
                    data.push_str(&text);
                    write_dialect_symbol(&mut self.out, sigil, &def.dialect, &data);
                    return;
                }
                Err(message) => {
                    let what = format!("{sigil}{}", def.qualified_name);
                    ctx.emit_error(ctx.unknown_loc(), format!("failed to print '{what}': {message}"));
                }
            }
        }
        let pretty = simple_enough_for_pretty_form(def.name.as_bytes());
        let out = &mut self.out;
        out.push(sigil);
        out.push_str(&def.dialect);
        out.push(if pretty { '.' } else { '<' });
        out.push_str(&def.name);
        if !pretty {
            self.tasks.push(Task::Str(">"));
        }
        if !params.is_empty() {
            self.out.push('<');
            self.tasks.push(Task::Str(">"));
            self.tasks.push(Task::Attrs(params, 0, Elision::May));
        }
    }

    // ---- attributes ----

    /// Writes the alias of `attr` if it has one.
    fn write_attr_alias(&mut self, attr: Attribute) -> bool {
        if self.aliases.attrs.is_empty() {
            return false;
        }
        match self.aliases.attrs.get(&attr.index()) {
            Some(name) => {
                self.out.push_str(name);
                true
            }
            None => false,
        }
    }

    /// Pushes ` : type` after the attribute body (to be printed once the body is done).
    fn push_type_suffix(&mut self, ty: Type) {
        if !matches!(self.ctx.type_kind(ty), TypeKind::None) {
            self.tasks.push(Task::Type(ty));
            self.tasks.push(Task::Str(" : "));
        }
    }

    fn attr_impl(&mut self, attr: Attribute, elision: Elision) {
        let ctx = self.ctx;
        match ctx.attr_kind(attr) {
            AttrKind::Unit => self.out.push_str("unit"),
            AttrKind::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            AttrKind::Integer { ty, value } => {
                let (width, signedness, is_index) = match ctx.type_kind(*ty) {
                    TypeKind::Integer { width, signedness } => (*width, *signedness, false),
                    _ => (64, Signedness::Signless, true),
                };
                if !is_index && width == 1 && signedness == Signedness::Signless {
                    self.out.push_str(if value.bit(0) { "true" } else { "false" });
                    return;
                }
                write_apint(value, width, signedness != Signedness::Unsigned, &mut self.out);
                if elision == Elision::Always
                    || (elision == Elision::May && !is_index && width == 64 && signedness == Signedness::Signless)
                {
                    return;
                }
                self.push_type_suffix(*ty);
            }
            AttrKind::Float { ty, bits } => {
                let kind = match ctx.type_kind(*ty) {
                    TypeKind::Float(k) => *k,
                    _ => FloatKind::F64,
                };
                let hex = write_float(kind, *bits, &mut self.out);
                if elision == Elision::Always || (elision == Elision::May && kind == FloatKind::F64 && !hex) {
                    return;
                }
                self.push_type_suffix(*ty);
            }
            AttrKind::String { value, ty } => {
                write_escaped_quoted(value, &mut self.out);
                if let Some(t) = ty {
                    self.push_type_suffix(*t);
                }
            }
            AttrKind::Type(t) => self.tasks.push(Task::Type(*t)),
            AttrKind::Array(list) => {
                self.out.push('[');
                self.tasks.push(Task::Str("]"));
                self.tasks.push(Task::Attrs(list, 0, Elision::May));
            }
            AttrKind::Dictionary(entries) => {
                self.out.push('{');
                self.tasks.push(Task::Str("}"));
                self.tasks.push(Task::Dict(entries, 0));
            }
            AttrKind::SymbolRef { root, nested } => {
                write_symbol_ref(ctx.ident_str(*root), &mut self.out);
                for n in nested.iter() {
                    self.out.push_str("::");
                    write_symbol_ref(ctx.ident_str(*n), &mut self.out);
                }
            }
            AttrKind::DenseIntOrFloat { ty, data, splat } => {
                let count = num_elements(ctx, *ty);
                if self.should_elide(count, *splat) {
                    self.out.push_str("dense_resource<__elided__>");
                } else {
                    self.out.push_str("dense<");
                    self.write_dense_int_or_float(*ty, data, *splat, count, true);
                    self.out.push('>');
                }
                self.push_type_suffix(*ty);
            }
            AttrKind::DenseString { ty, values, splat } => {
                let count = num_elements(ctx, *ty);
                if self.should_elide(count, *splat) {
                    self.out.push_str("dense_resource<__elided__>");
                } else {
                    self.out.push_str("dense<");
                    let shape = ctx.shape(*ty).unwrap_or(&[]);
                    let out = &mut self.out;
                    print_elements(*splat, shape, count, out, |out, i| write_escaped_quoted(&values[i], out));
                    self.out.push('>');
                }
                self.push_type_suffix(*ty);
            }
            AttrKind::SparseElements { ty, indices, values } => {
                self.write_sparse(*indices, *values);
                self.push_type_suffix(*ty);
            }
            AttrKind::DenseArray { element, len, data } => {
                self.out.push_str("array<");
                self.write_scalar_type(*element);
                if *len > 0 {
                    self.out.push_str(": ");
                    self.write_dense_array(*element, *len, data);
                }
                self.out.push('>');
            }
            AttrKind::DenseResource { ty, handle } => {
                self.out.push_str("dense_resource<");
                write_keyword_or_string(ctx.ident_str(*handle), &mut self.out);
                self.out.push('>');
                if self.resource_set.insert(*handle) {
                    self.resources.push(*handle);
                }
                self.push_type_suffix(*ty);
            }
            AttrKind::AffineMap(map) => {
                self.out.push_str("affine_map<");
                write_dim_sym_list(map.num_dims, map.num_symbols, &mut self.out);
                self.out.push_str(" -> (");
                for (i, &r) in map.results.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    write_affine_expr(&map.nodes, r, &mut self.out);
                }
                self.out.push_str(")>");
            }
            AttrKind::IntegerSet(set) => {
                self.out.push_str("affine_set<");
                write_dim_sym_list(set.num_dims, set.num_symbols, &mut self.out);
                self.out.push_str(" : (");
                for (i, &(r, eq)) in set.constraints.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    write_affine_expr(&set.nodes, r, &mut self.out);
                    self.out.push_str(if eq { " == 0" } else { " >= 0" });
                }
                self.out.push_str(")>");
            }
            AttrKind::StridedLayout { offset, strides } => {
                self.out.push_str("strided<[");
                for (i, &s) in strides.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    write_dyn(s, &mut self.out);
                }
                self.out.push(']');
                if *offset != 0 {
                    self.out.push_str(", offset: ");
                    write_dyn(*offset, &mut self.out);
                }
                self.out.push('>');
            }
            AttrKind::Distinct { referenced, .. } => {
                let next = self.distinct_ids.len() as u64;
                let id = *self.distinct_ids.entry(attr.index()).or_insert(next);
                self.out.push_str("distinct[");
                write_u64(id, &mut self.out);
                self.out.push_str("]<");
                self.tasks.push(Task::Str(">"));
                if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) {
                    self.tasks.push(Task::Attr(*referenced, Elision::Never));
                }
            }
            AttrKind::Location(_) => {
                if self.flags.pretty_debug_info {
                    self.loc_internal(attr, true);
                } else {
                    self.out.push_str("loc(");
                    self.tasks.push(Task::Str(")"));
                    self.loc_internal(attr, false);
                }
            }
            AttrKind::Opaque { dialect, data, ty } => {
                write_dialect_symbol(&mut self.out, '#', ctx.ident_str(*dialect), ctx.ident_str(*data));
                if let Some(t) = ty {
                    self.push_type_suffix(*t);
                }
            }
            AttrKind::Dialect { def, params } => match ctx.attr_def(*def) {
                Ok(d) => self.kind_symbol('#', d, params),
                Err(_) => self.out.push_str("#<<UNKNOWN ATTRIBUTE>>"),
            },
        }
    }

    /// `sparse<indices, values>` (without the type), or the elided form when either part is
    /// elided; `sparse<>` when there are no indices.
    fn write_sparse(&mut self, indices: Attribute, values: Attribute) {
        let ctx = self.ctx;
        let dense = |a: Attribute| match ctx.attr_kind(a) {
            AttrKind::DenseIntOrFloat { ty, splat, .. } | AttrKind::DenseString { ty, splat, .. } => {
                (num_elements(ctx, *ty), *splat)
            }
            _ => (0, true),
        };
        let (n_indices, indices_splat) = dense(indices);
        let (n_values, values_splat) = dense(values);
        if self.should_elide(n_indices, indices_splat) || self.should_elide(n_values, values_splat) {
            self.out.push_str("dense_resource<__elided__>");
            return;
        }
        self.out.push_str("sparse<");
        if n_indices != 0 {
            if let AttrKind::DenseIntOrFloat { ty, data, splat } = ctx.attr_kind(indices) {
                self.write_dense_int_or_float(*ty, data, *splat, n_indices, false);
            }
            self.out.push_str(", ");
            match ctx.attr_kind(values) {
                AttrKind::DenseIntOrFloat { ty, data, splat } => {
                    self.write_dense_int_or_float(*ty, data, *splat, n_values, true)
                }
                AttrKind::DenseString { ty, values, splat } => {
                    let shape = ctx.shape(*ty).unwrap_or(&[]);
                    print_elements(*splat, shape, n_values, &mut self.out, |out, i| {
                        write_escaped_quoted(&values[i], out)
                    });
                }
                _ => {}
            }
        }
        self.out.push('>');
    }

    fn should_elide(&self, count: u64, splat: bool) -> bool {
        matches!(self.flags.elide_elements_larger_than, Some(limit) if limit < count && !splat)
    }

    // ---- locations ----

    /// `printLocationInternal` for a location the caller decided not to alias.
    fn loc_internal(&mut self, loc: Attribute, pretty: bool) {
        let ctx = self.ctx;
        if let Some((file, line, col)) = ctx.point_loc(loc) {
            // The parser's compact locations, printed without building their `AttrKind`.
            let name = ctx.ident_str(file);
            if pretty {
                self.out.push_str(name);
            } else {
                write_escaped_quoted_str(name, &mut self.out);
            }
            self.out.push(':');
            write_u64(line as u64, &mut self.out);
            self.out.push(':');
            write_u64(col as u64, &mut self.out);
            return;
        }
        let AttrKind::Location(kind) = ctx.attr_kind(loc) else {
            self.tasks.push(Task::Attr(loc, Elision::Never));
            return;
        };
        let out = &mut self.out;
        match kind {
            LocationKind::Unknown => out.push_str(if pretty { "[unknown]" } else { "unknown" }),
            LocationKind::FileLineCol { file, start_line, start_col, end_line, end_col } => {
                let name = ctx.ident_str(*file);
                if pretty {
                    out.push_str(name);
                } else {
                    write_escaped_quoted_str(name, out);
                }
                out.push(':');
                write_u64(*start_line as u64, out);
                out.push(':');
                write_u64(*start_col as u64, out);
                if end_col == start_col && start_line == end_line {
                    return;
                }
                if start_line == end_line {
                    out.push_str(" to :");
                    write_u64(*end_col as u64, out);
                    return;
                }
                out.push_str(" to ");
                write_u64(*end_line as u64, out);
                out.push(':');
                write_u64(*end_col as u64, out);
            }
            LocationKind::Name { name, child } => {
                write_escaped_quoted_str(ctx.ident_str(*name), out);
                if let Some(c) = child {
                    if !matches!(ctx.attr_kind(*c), AttrKind::Location(LocationKind::Unknown)) {
                        out.push('(');
                        self.tasks.push(Task::Str(")"));
                        self.tasks.push(Task::Loc(*c));
                    }
                }
            }
            LocationKind::CallSite { callee, caller } => {
                if !pretty {
                    out.push_str("callsite(");
                    self.tasks.push(Task::Str(")"));
                }
                self.tasks.push(Task::Loc(*caller));
                let at = if pretty {
                    let callee_is_name =
                        matches!(ctx.attr_kind(*callee), AttrKind::Location(LocationKind::Name { .. }));
                    let caller_is_file = ctx.is_point_loc(*caller)
                        || matches!(ctx.attr_kind(*caller), AttrKind::Location(LocationKind::FileLineCol { .. }));
                    if callee_is_name && caller_is_file {
                        " at "
                    } else {
                        "\n at "
                    }
                } else {
                    " at "
                };
                self.tasks.push(Task::Str(at));
                self.tasks.push(Task::Loc(*callee));
            }
            LocationKind::Fused { locations, metadata } => {
                if !pretty {
                    out.push_str("fused");
                }
                self.tasks.push(Task::Str("]"));
                self.tasks.push(Task::Locs(locations, 0));
                self.tasks.push(Task::Str("["));
                if let Some(m) = metadata {
                    out.push('<');
                    self.tasks.push(Task::Str(">"));
                    self.tasks.push(Task::Attr(*m, Elision::Never));
                }
            }
        }
    }

    // ---- dense elements ----

    fn write_dense_int_or_float(&mut self, ty: Type, data: &[u8], splat: bool, count: u64, allow_hex: bool) {
        let ctx = self.ctx;
        let Some(element) = ctx.element_type(ty) else { return };
        if allow_hex && !splat && count > HEX_ELEMENTS_LIMIT {
            self.out.push_str("\"0x");
            write_hex_upper(data, &mut self.out);
            self.out.push('"');
            return;
        }
        let shape = ctx.shape(ty).unwrap_or(&[]);
        let scalar = ScalarKind::of(ctx, element);
        let out = &mut self.out;
        match ctx.type_kind(element) {
            TypeKind::Complex(inner) => {
                let part = ScalarKind::of(ctx, *inner);
                let pb = part.bytes();
                print_elements(splat, shape, count, out, |out, i| {
                    let at = i * 2 * pb;
                    if at + 2 * pb > data.len() {
                        return;
                    }
                    out.push('(');
                    part.write(&data[at..at + pb], out);
                    out.push(',');
                    part.write(&data[at + pb..at + 2 * pb], out);
                    out.push(')');
                });
            }
            _ => {
                let b = scalar.bytes();
                print_elements(splat, shape, count, out, |out, i| {
                    let at = i * b;
                    if at + b <= data.len() {
                        scalar.write(&data[at..at + b], out);
                    }
                });
            }
        }
    }

    fn write_dense_array(&mut self, element: Type, len: usize, data: &[u8]) {
        let scalar = ScalarKind::of(self.ctx, element);
        let b = scalar.bytes();
        for i in 0..len {
            if i > 0 {
                self.out.push_str(", ");
            }
            if (i + 1) * b <= data.len() {
                scalar.write(&data[i * b..(i + 1) * b], &mut self.out);
            }
        }
    }
}

/// How one scalar element of a dense attribute is stored and printed.
#[derive(Copy, Clone)]
enum ScalarKind {
    /// Integers and index; `bool_like` for width 1 (printed `true`/`false`).
    Int {
        width: u32,
        signed: bool,
    },
    Float(FloatKind),
    Unknown,
}

impl ScalarKind {
    fn of(ctx: &Context, ty: Type) -> ScalarKind {
        match ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => {
                ScalarKind::Int { width: *width, signed: *signedness != Signedness::Unsigned }
            }
            TypeKind::Index => ScalarKind::Int { width: 64, signed: true },
            TypeKind::Float(k) => ScalarKind::Float(*k),
            _ => ScalarKind::Unknown,
        }
    }

    fn bytes(self) -> usize {
        match self {
            ScalarKind::Int { width, .. } => width.max(1).div_ceil(8) as usize,
            ScalarKind::Float(k) => k.bit_width().div_ceil(8) as usize,
            ScalarKind::Unknown => 1,
        }
    }

    fn write(self, bytes: &[u8], out: &mut String) {
        match self {
            ScalarKind::Int { width: 1, .. } => {
                out.push_str(if bytes.first().is_some_and(|b| b & 1 == 1) { "true" } else { "false" })
            }
            ScalarKind::Int { width, signed } => write_int_le(bytes, width, signed, out),
            ScalarKind::Float(k) => {
                let mut bits: u128 = 0;
                for (i, &b) in bytes.iter().enumerate().take(16) {
                    bits |= (b as u128) << (8 * i);
                }
                write_float(k, bits, out);
            }
            ScalarKind::Unknown => out.push('?'),
        }
    }
}

pub(crate) fn num_elements(ctx: &Context, ty: Type) -> u64 {
    ctx.shape(ty).map_or(1, |s| s.iter().fold(1u64, |n, &d| n.saturating_mul(d.max(0) as u64)))
}

/// MLIR's `printDenseElementsAttrImpl`: a splat prints one element, otherwise nested
/// brackets by shape (a mixed-radix counter over the dimensions).
fn print_elements(splat: bool, shape: &[i64], count: u64, out: &mut String, mut elem: impl FnMut(&mut String, usize)) {
    if splat {
        elem(out, 0);
        return;
    }
    if count == 0 {
        return;
    }
    let rank = shape.len();
    let mut counter = vec![0i64; rank];
    let mut open = 0usize;
    for idx in 0..count as usize {
        if idx != 0 {
            out.push_str(", ");
        }
        while open < rank {
            out.push('[');
            open += 1;
        }
        elem(out, idx);
        if rank == 0 {
            continue;
        }
        counter[rank - 1] += 1;
        let mut i = rank - 1;
        while i > 0 {
            if counter[i] >= shape[i] {
                counter[i] = 0;
                counter[i - 1] += 1;
                open -= 1;
                out.push(']');
            }
            i -= 1;
        }
    }
    while open > 0 {
        out.push(']');
        open -= 1;
    }
}

// ---- small writers ----

fn write_int_type(width: u32, signedness: Signedness, out: &mut String) {
    if signedness == Signedness::Signless {
        let common = match width {
            1 => "i1",
            8 => "i8",
            16 => "i16",
            32 => "i32",
            64 => "i64",
            _ => "",
        };
        if !common.is_empty() {
            out.push_str(common);
            return;
        }
    }
    match signedness {
        Signedness::Signed => out.push_str("si"),
        Signedness::Unsigned => out.push_str("ui"),
        Signedness::Signless => out.push('i'),
    }
    write_u64(width as u64, out);
}

pub(crate) fn write_u64(v: u64, out: &mut String) {
    if v < 10 {
        out.push((b'0' + v as u8) as char);
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut v = v;
    while v > 0 {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
    }
    out.reserve(buf.len() - i);
    for &d in &buf[i..] {
        out.push(d as char);
    }
}

pub(crate) fn write_i64(v: i64, out: &mut String) {
    if v < 0 {
        out.push('-');
    }
    write_u64(v.unsigned_abs(), out);
}

fn write_dyn(v: i64, out: &mut String) {
    if v == DYNAMIC {
        out.push('?');
    } else {
        write_i64(v, out);
    }
}

fn write_dims(shape: &[i64], out: &mut String) {
    for &d in shape {
        write_dyn(d, out);
        out.push('x');
    }
}

fn write_hex_upper(data: &[u8], out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.reserve(data.len() * 2);
    for &b in data {
        out.push(HEX[(b >> 4) as usize] as char);
        out.push(HEX[(b & 15) as usize] as char);
    }
}

pub(crate) fn write_hex_bytes(data: &[u8], out: &mut String) {
    write_hex_upper(data, out)
}

/// `value` (a `width`-bit two's complement number) in decimal.
fn write_apint(value: &ApInt, width: u32, signed: bool, out: &mut String) {
    let words = value.words();
    if width <= 64 {
        let w = words.first().copied().unwrap_or(0);
        if signed && width > 0 {
            let shift = 64 - width;
            write_i64(((w << shift) as i64) >> shift, out);
        } else {
            write_u64(w, out);
        }
        return;
    }
    write_wide(words, width, signed, out);
}

/// A little-endian integer of `width` bits stored in `ceil(width / 8)` bytes.
fn write_int_le(bytes: &[u8], width: u32, signed: bool, out: &mut String) {
    if width <= 64 {
        let mut w: u64 = 0;
        for (i, &b) in bytes.iter().enumerate().take(8) {
            w |= (b as u64) << (8 * i);
        }
        if width < 64 {
            w &= (1u64 << width) - 1;
        }
        if signed && width > 0 {
            let shift = 64 - width;
            write_i64(((w << shift) as i64) >> shift, out);
        } else {
            write_u64(w, out);
        }
        return;
    }
    let mut words = vec![0u64; width.div_ceil(64) as usize];
    for (i, &b) in bytes.iter().enumerate() {
        if i / 8 < words.len() {
            words[i / 8] |= (b as u64) << (8 * (i % 8));
        }
    }
    write_wide(&words, width, signed, out);
}

fn write_wide(words: &[u64], width: u32, signed: bool, out: &mut String) {
    let n = width.div_ceil(64) as usize;
    let mut w: Vec<u64> = words.iter().copied().chain(std::iter::repeat(0)).take(n).collect();
    let rem = width % 64;
    if rem != 0 {
        w[n - 1] &= (1u64 << rem) - 1;
    }
    let negative = signed && (w[(width as usize - 1) / 64] >> ((width - 1) % 64)) & 1 == 1;
    if negative {
        // Two's complement magnitude within `width` bits.
        let mut carry = true;
        for x in w.iter_mut() {
            let (v, c) = (!*x).overflowing_add(carry as u64);
            *x = v;
            carry = c;
        }
        if rem != 0 {
            w[n - 1] &= (1u64 << rem) - 1;
        }
        out.push('-');
    }
    BigUint::from_limbs(&w).write_decimal(out);
}

/// `"..."` with MLIR's escaping (llvm::printEscapedString): `\\` for backslash, the byte
/// itself when printable and not `"`, otherwise `\XX` in upper-case hex.
pub(crate) fn write_escaped_quoted(s: &[u8], out: &mut String) {
    out.push('"');
    write_escaped(s, out);
    out.push('"');
}

/// As [`write_escaped_quoted`] for text already known to be UTF-8.
pub(crate) fn write_escaped_quoted_str(s: &str, out: &mut String) {
    out.push('"');
    if s.bytes().all(|c| (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\') {
        out.push_str(s);
    } else {
        write_escaped(s.as_bytes(), out);
    }
    out.push('"');
}

pub(crate) fn write_escaped(s: &[u8], out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    if s.iter().all(|&c| (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\') {
        out.push_str(std::str::from_utf8(s).unwrap_or(""));
        return;
    }
    let mut start = 0;
    for (i, &c) in s.iter().enumerate() {
        let plain = (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\';
        if plain {
            continue;
        }
        if start < i {
            out.push_str(std::str::from_utf8(&s[start..i]).unwrap_or(""));
        }
        if c == b'\\' {
            out.push_str("\\\\");
        } else {
            out.push('\\');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
        }
        start = i + 1;
    }
    if start < s.len() {
        out.push_str(std::str::from_utf8(&s[start..]).unwrap_or(""));
    }
}

fn is_bare_identifier(s: &[u8]) -> bool {
    match s.first() {
        Some(&c) if c.is_ascii_alphabetic() || c == b'_' => {}
        _ => return false,
    }
    s[1..].iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.')
}

/// A bare identifier as is, anything else quoted and escaped.
pub(crate) fn write_keyword_or_string(s: &str, out: &mut String) {
    if is_bare_identifier(s.as_bytes()) {
        out.push_str(s);
    } else {
        write_escaped_quoted_str(s, out);
    }
}

fn write_symbol_ref(s: &str, out: &mut String) {
    if s.is_empty() {
        out.push_str("@<<INVALID EMPTY SYMBOL>>");
        return;
    }
    out.push('@');
    write_keyword_or_string(s, out);
}

/// `!dialect.body` when the body is `identifier(<...>)?`, else `!dialect<body>`.
fn write_dialect_symbol(out: &mut String, prefix: char, dialect: &str, data: &str) {
    out.push(prefix);
    out.push_str(dialect);
    if simple_enough_for_pretty_form(data.as_bytes()) {
        out.push('.');
        out.push_str(data);
    } else {
        out.push('<');
        out.push_str(data);
        out.push('>');
    }
}

fn simple_enough_for_pretty_form(s: &[u8]) -> bool {
    match s.first() {
        Some(c) if c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    let rest = match s.iter().position(|&c| !(c.is_ascii_alphanumeric() || c == b'.' || c == b'_')) {
        None => return true,
        Some(i) => &s[i..],
    };
    rest.first() == Some(&b'<') && rest.last() == Some(&b'>')
}

fn write_dim_sym_list(dims: u32, syms: u32, out: &mut String) {
    out.push('(');
    for i in 0..dims {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('d');
        write_u64(i as u64, out);
    }
    out.push(')');
    if syms != 0 {
        out.push('[');
        for i in 0..syms {
            if i > 0 {
                out.push_str(", ");
            }
            out.push('s');
            write_u64(i as u64, out);
        }
        out.push(']');
    }
}

/// MLIR's `printAffineExprInternal` (see [`crate::affine::affine_expr_pieces`]).
pub(crate) fn write_affine_expr(nodes: &[AffineNode], root: u32, out: &mut String) {
    use crate::affine::AffineExprPiece;
    crate::affine::affine_expr_pieces(nodes, root, |piece| match piece {
        AffineExprPiece::Text(t) => out.push_str(t),
        AffineExprPiece::Int(v) => write_i64(v, out),
        AffineExprPiece::Dim(d) => {
            out.push('d');
            write_u64(d as u64, out);
        }
        AffineExprPiece::Symbol(s) => {
            out.push('s');
            write_u64(s as u64, out);
        }
    });
}
