//! Attribute and type aliases (`#map = affine_map<...>`), as MLIR's `AliasInitializer`.
//!
//! MLIR walks the IR in the order its generic printer would print it (a dummy printer):
//! for each operation its location (debug info only, "deferrable"), then its regions (block
//! argument types and locations, nested operations), then operand types, result types and
//! attributes: the discardable ones, then (for ops upstream registers) the properties. Every
//! attribute and type met is visited once, depth first, recording the largest alias depth
//! below it. A memref's identity layout is not visited. Aliases come from the builtin
//! dialect's `getAlias` hooks: `map` (affine maps), `set` (integer sets), `loc` (locations),
//! `distinct` (distinct attributes not wrapping `unit`) and `tuple` (tuple types of more than
//! 16 elements). They are then sorted, stably, by (depth, type before attribute, name) and
//! numbered per name in that order (`#map`, `#map1`, ...). Aliases only reachable from
//! operation locations are "deferred": printed after the top-level operation.

use rustc_hash::FxHashMap;

use crate::arena::NONE;
use crate::attrs::{AttrKind, Attribute, LocationKind};
use crate::context::{Context, Identifier};
use crate::types::{Type, TypeKind};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Key {
    Attr(Attribute),
    Type(Type),
}

struct Info {
    key: Key,
    alias: Option<&'static str>,
    depth: u32,
    deferrable: bool,
    children: Vec<u32>,
}

/// One alias to define: what, its printed name, and whether it comes after the op.
pub(crate) struct AliasDef {
    pub(crate) key: Key,
    pub(crate) name: String,
    pub(crate) deferred: bool,
}

#[derive(Default)]
pub(crate) struct AliasInitializer {
    infos: Vec<Info>,
    attr_index: FxHashMap<u32, u32>,
    type_index: FxHashMap<u32, u32>,
    /// Printing the generic form (every block argument's location is printed).
    generic: bool,
}

/// Position of the walk inside one operation.
struct Cursor {
    op: u32,
    region: usize,
    block: u32,
    next: u32,
}

struct Frame {
    node: u32,
    children: Vec<Key>,
    pos: usize,
    max_depth: u32,
    child_indices: Vec<u32>,
}

/// In the custom form, the properties a registered op's format prints before its first
/// region (upstream's custom printers visit them before the nested ops).
fn header_attrs(ctx: &Context, op: u32) -> Vec<Identifier> {
    use crate::asm::format::{Elem, Ins};
    let Some(def) = ctx.registry.op(ctx.ir.ops.get(op).name) else { return Vec::new() };
    let Some(format) = def.format.as_ref() else { return Vec::new() };
    if ctx.ir.ops.get(op).regions().is_empty() {
        return Vec::new();
    }
    let mut names = Vec::new();
    let mut add = |e: &Elem| {
        if let Elem::Attr(i) | Elem::QualifiedAttr(i) = e {
            if let Some(a) = def.attributes.get(*i) {
                names.push(ctx.identifier(&a.name));
            }
        }
    };
    for ins in &format.program {
        let e = match ins {
            Ins::Elem(e) | Ins::Optional { anchor: e, .. } => e,
            _ => continue,
        };
        match e {
            Elem::Region(_) | Elem::Regions => break,
            Elem::Custom { args, refs, .. } => {
                for (a, r) in args.iter().zip(refs) {
                    if !r {
                        add(a);
                    }
                }
            }
            e => add(e),
        }
    }
    names
}

/// Whether the custom form can show property `na` of `op`: not a default it leaves out, nor
/// one the op's elision hook hides (its printer never visits those).
fn custom_form_shows(ctx: &Context, op: u32, na: &crate::attrs::NamedAttribute) -> bool {
    let d = ctx.ir.ops.get(op);
    let Some(def) = ctx.registry.op(d.name) else { return true };
    let name = ctx.ident_str(na.name);
    let default = def
        .attributes
        .iter()
        .position(|a| a.name == name)
        .and_then(|i| def.attribute_defaults.get(i).copied().flatten());
    if default == Some(na.value) {
        return false;
    }
    let id = crate::ir::OpId { index: op, generation: ctx.ir.ops.generation(op) };
    !ctx.registry.elided_attr_hooks.get(ctx.ident_str(d.name)).is_some_and(|hook| hook(ctx, id, name, na.value))
}

/// In the custom form, the properties that custom directives take but none of them prints as
/// an attribute (see [`crate::asm::format::CustomDirective::printed_attributes`]): a property
/// several directives take (one reads it, another prints it) is hidden only when none prints
/// it.
fn directive_hidden_attrs(ctx: &Context, op: u32, props: Attribute) -> Vec<Identifier> {
    use crate::asm::format::{Elem, Ins};
    let Some(def) = ctx.registry.op(ctx.ir.ops.get(op).name) else { return Vec::new() };
    let Some(format) = def.format.as_ref() else { return Vec::new() };
    let dialect = crate::dialect::split_dialect(&def.name).unwrap_or("");
    let mut hidden: Vec<Identifier> = Vec::new();
    let mut printed_somewhere: Vec<Identifier> = Vec::new();
    for ins in &format.program {
        let Ins::Elem(Elem::Custom { name, args, .. }) = ins else { continue };
        let names: Vec<Option<&str>> = args
            .iter()
            .map(|a| match a {
                Elem::Attr(i) | Elem::QualifiedAttr(i) => def.attributes.get(*i).map(|s| s.name.as_str()),
                _ => None,
            })
            .collect();
        let values: Vec<Option<Attribute>> =
            names.iter().map(|n| n.and_then(|n| ctx.dictionary_get(props, n))).collect();
        let printed = ctx.custom_directive(dialect, name).and_then(|d| d.printed_attributes.clone());
        let shown = printed.map(|printed| printed(ctx, &values));
        for (n, v) in names.iter().zip(&values) {
            if let (Some(n), Some(v)) = (n, v) {
                let id = ctx.identifier(n);
                if shown.as_ref().is_some_and(|shown| !shown.contains(v)) {
                    hidden.push(id);
                } else {
                    printed_somewhere.push(id);
                }
            }
        }
    }
    hidden.retain(|n| !printed_somewhere.contains(n));
    hidden
}

/// In the custom form, whether the locations of region `index`'s entry arguments are printed:
/// not when a custom directive defines them and does not print them (`scf.for`'s header),
/// which MLIR's dummy printer then never visits.
fn entry_arg_locations_printed(ctx: &Context, op: u32, index: usize) -> bool {
    let Some(def) = ctx.registry.op(ctx.ir.ops.get(op).name) else { return true };
    let Some(format) = def.format.as_ref() else { return true };
    let Some(directive) = format.region_directive(index) else { return true };
    let dialect = crate::dialect::split_dialect(&def.name).unwrap_or("");
    ctx.custom_directive(dialect, directive).is_some_and(|d| d.prints_argument_locations)
}

/// In the custom form, whether region `index` of `op` is one its text leaves out (built
/// when the op is read: linalg's named ops), which MLIR's dummy printer never visits.
fn region_built(ctx: &Context, op: u32, index: usize) -> bool {
    let Some(def) = ctx.registry.op(ctx.ir.ops.get(op).name) else { return false };
    def.format.is_some() && def.region_names.get(index).is_some_and(|n| def.built_regions.contains(n))
}

impl AliasInitializer {
    /// Walks `root` as MLIR's dummy alias printer does and returns the aliases in definition
    /// order.
    /// `location_attrs`: whether some op has a location as a discardable attribute value.
    pub(crate) fn run(
        ctx: &Context,
        root: u32,
        debug_info: bool,
        location_attrs: bool,
        generic: bool,
    ) -> Vec<AliasDef> {
        // Without debug info only maps, sets, distinct attributes, large tuples and locations
        // used as attribute values can have aliases: when the context has none at all, there
        // is nothing to look for.
        if !debug_info && !location_attrs && !context_has_aliasable(ctx) {
            return Vec::new();
        }
        let mut init = AliasInitializer { generic, ..AliasInitializer::default() };
        init.walk_ops(ctx, root, debug_info);
        init.finish()
    }

    fn walk_ops(&mut self, ctx: &Context, root: u32, debug_info: bool) {
        let ir = &ctx.ir;
        let mut stack: Vec<Cursor> = Vec::new();
        self.begin_op(ctx, root, debug_info, &mut stack);
        while let Some(top) = stack.last_mut() {
            if top.next != NONE {
                let op = top.next;
                top.next = ir.link(op).next;
                self.begin_op(ctx, op, debug_info, &mut stack);
                continue;
            }
            if top.block != NONE {
                let b = ir.blocks.get(top.block).next;
                if b != NONE {
                    top.block = b;
                    top.next = ir.blocks.get(b).first_op;
                    self.visit_block_args(ctx, b, debug_info);
                } else {
                    top.region += 1;
                    self.start_region(ctx, top, debug_info);
                }
                continue;
            }
            // All regions done: the op's own types and attributes.
            let done = stack.pop().expect("non-empty");
            self.visit_op_tail(ctx, done.op);
        }
    }

    /// Visits an op's location and positions a cursor on its first block.
    fn begin_op(&mut self, ctx: &Context, op: u32, debug_info: bool, stack: &mut Vec<Cursor>) {
        if debug_info {
            self.visit(ctx, Key::Attr(ctx.ir.ops.get(op).loc.attr()), true);
        }
        // A custom form prints the properties its format shows before the regions first
        // (`affine.for`'s bound maps), as MLIR's dummy printer meets them.
        if !self.generic {
            if let Some(props) = ctx.ir.ops.get(op).properties {
                let header = header_attrs(ctx, op);
                if !header.is_empty() {
                    let hidden = directive_hidden_attrs(ctx, op, props);
                    for na in ctx.dictionary_entries(props) {
                        if header.contains(&na.name) && !hidden.contains(&na.name) && custom_form_shows(ctx, op, na) {
                            self.visit(ctx, Key::Attr(na.value), false);
                        }
                    }
                }
            }
        }
        let mut c = Cursor { op, region: 0, block: NONE, next: NONE };
        self.start_region(ctx, &mut c, debug_info);
        stack.push(c);
    }

    /// Moves the cursor to the first block of its next non-empty region (visiting the
    /// block's arguments); leaves `block == NONE` when the op has no more regions.
    fn start_region(&mut self, ctx: &Context, c: &mut Cursor, debug_info: bool) {
        let regions = ctx.ir.ops.get(c.op).regions();
        while c.region < regions.len() {
            let b = ctx.ir.regions.get(regions[c.region]).first_block;
            if b != NONE && (self.generic || !region_built(ctx, c.op, c.region)) {
                c.block = b;
                c.next = ctx.ir.blocks.get(b).first_op;
                let printed = self.generic || entry_arg_locations_printed(ctx, c.op, c.region);
                self.visit_block_args(ctx, b, debug_info && printed);
                return;
            }
            c.region += 1;
        }
        c.block = NONE;
        c.next = NONE;
    }

    fn visit_block_args(&mut self, ctx: &Context, block: u32, debug_info: bool) {
        for arg in ctx.ir.blocks.get(block).args.iter() {
            self.visit(ctx, Key::Type(arg.ty), false);
            if debug_info {
                self.visit(ctx, Key::Attr(arg.loc.attr()), false);
            }
        }
    }

    fn visit_op_tail(&mut self, ctx: &Context, op: u32) {
        let d = ctx.ir.ops.get(op);
        for slot in d.operands.iter() {
            if !slot.value.is_null() {
                self.visit(ctx, Key::Type(ctx.value_type_ref(slot.value)), false);
            }
        }
        for r in d.results.iter() {
            self.visit(ctx, Key::Type(r.ty), false);
        }
        // MLIR visits `getAttrs()`: the discardable attributes, then the inherent ones a
        // registered op's properties hold (appended, not merged by name). An unregistered op's
        // properties are opaque to it and never visited, so the maps in them print inline
        // unless something else gave them an alias.
        let elided = if self.generic { None } else { ctx.registry.elided_attr_hooks.get(ctx.ident_str(d.name)) };
        for na in d.attrs.iter() {
            if let Some(hook) = elided {
                let id = crate::ir::OpId { index: op, generation: ctx.ir.ops.generation(op) };
                if hook(ctx, id, ctx.ident_str(na.name), na.value) {
                    continue;
                }
            }
            self.visit(ctx, Key::Attr(na.value), false);
        }
        if let Some(p) = d.properties {
            if upstream_registers(ctx, d.name) {
                let (mut hidden, header) = if self.generic {
                    (Vec::new(), Vec::new())
                } else {
                    (directive_hidden_attrs(ctx, op, p), header_attrs(ctx, op))
                };
                hidden.extend(header);
                for na in ctx.dictionary_entries(p) {
                    if hidden.contains(&na.name) || (!self.generic && !custom_form_shows(ctx, op, na)) {
                        continue;
                    }
                    self.visit(ctx, Key::Attr(na.value), false);
                }
            }
        }
    }

    fn lookup(&self, key: Key) -> Option<u32> {
        match key {
            Key::Attr(a) => self.attr_index.get(&a.index()).copied(),
            Key::Type(t) => self.type_index.get(&t.index()).copied(),
        }
    }

    fn create(&mut self, ctx: &Context, key: Key, deferrable: bool) -> u32 {
        let idx = self.infos.len() as u32;
        let alias = alias_name(ctx, key);
        self.infos.push(Info { key, alias, depth: alias.is_some() as u32, deferrable, children: Vec::new() });
        match key {
            Key::Attr(a) => self.attr_index.insert(a.index(), idx),
            Key::Type(t) => self.type_index.insert(t.index(), idx),
        };
        idx
    }

    fn mark_non_deferrable(&mut self, idx: u32) {
        let mut stack = vec![idx];
        while let Some(i) = stack.pop() {
            let info = &mut self.infos[i as usize];
            if !info.deferrable {
                continue;
            }
            info.deferrable = false;
            stack.extend(info.children.iter().copied());
        }
    }

    /// MLIR's `visitImpl`, iteratively. Returns nothing: depths are kept in `infos`.
    fn visit(&mut self, ctx: &Context, key: Key, deferrable: bool) {
        if is_trivial(ctx, key) {
            return;
        }
        if let Some(idx) = self.lookup(key) {
            if !deferrable {
                self.mark_non_deferrable(idx);
            }
            return;
        }
        let root = self.create(ctx, key, deferrable);
        let mut stack =
            vec![Frame { node: root, children: children(ctx, key), pos: 0, max_depth: 0, child_indices: Vec::new() }];
        while let Some(top) = stack.last_mut() {
            if top.pos < top.children.len() {
                let child = top.children[top.pos];
                top.pos += 1;
                if is_trivial(ctx, child) {
                    continue;
                }
                if let Some(idx) = self.lookup(child) {
                    if !deferrable {
                        self.mark_non_deferrable(idx);
                    }
                    let depth = self.infos[idx as usize].depth;
                    let top = stack.last_mut().expect("non-empty");
                    top.child_indices.push(idx);
                    top.max_depth = top.max_depth.max(depth);
                    continue;
                }
                let idx = self.create(ctx, child, deferrable);
                stack.push(Frame {
                    node: idx,
                    children: children(ctx, child),
                    pos: 0,
                    max_depth: 0,
                    child_indices: Vec::new(),
                });
                continue;
            }
            let done = stack.pop().expect("non-empty");
            let info = &mut self.infos[done.node as usize];
            info.children = done.child_indices;
            if done.max_depth > 0 {
                info.depth = done.max_depth + 1;
            }
            let depth = info.depth;
            if let Some(parent) = stack.last_mut() {
                parent.child_indices.push(done.node);
                parent.max_depth = parent.max_depth.max(depth);
            }
        }
    }

    fn finish(self) -> Vec<AliasDef> {
        let mut aliased: Vec<&Info> = self.infos.iter().filter(|i| i.alias.is_some()).collect();
        // Stable: equal keys keep their visiting order.
        aliased.sort_by(|a, b| {
            a.depth
                .cmp(&b.depth)
                .then_with(|| matches!(b.key, Key::Type(_)).cmp(&matches!(a.key, Key::Type(_))))
                .then_with(|| a.alias.cmp(&b.alias))
        });
        let mut counts: FxHashMap<&'static str, u32> = FxHashMap::default();
        aliased
            .into_iter()
            .map(|info| {
                let base = info.alias.expect("filtered");
                let n = counts.entry(base).or_insert(0);
                let sigil = if matches!(info.key, Key::Type(_)) { '!' } else { '#' };
                let name = if *n == 0 {
                    format!("{sigil}{base}")
                } else if base.ends_with(|c: char| c.is_ascii_digit()) {
                    format!("{sigil}{base}_{n}")
                } else {
                    format!("{sigil}{base}{n}")
                };
                *n += 1;
                AliasDef { key: info.key, name, deferred: info.deferrable }
            })
            .collect()
    }
}

/// The dialects MLIR itself ships (llvm-project's `mlir/include/mlir/Dialect`). Upstream
/// tools register them, so their ops are registered ops there even where omnir has no
/// definition yet, and whether an op is registered decides whether its properties are looked
/// into for aliases. Once omnir ships these dialects (issue 17), its registry answers and
/// this list can go.
const UPSTREAM_DIALECTS: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "builtin",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "mesh",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "polynomial",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "shard",
    "smt",
    "sparse_tensor",
    "spirv",
    "tensor",
    "tosa",
    "transform",
    "ub",
    "vcix",
    "vector",
    "wasmssa",
    "x86vector",
    "xegpu",
    "xevm",
];

fn upstream_registers(ctx: &Context, name: Identifier) -> bool {
    ctx.registry.op(name).is_some()
        || crate::dialect::split_dialect(ctx.ident_str(name)).is_some_and(|d| UPSTREAM_DIALECTS.contains(&d))
}

/// Whether any attribute or type uniqued in the context could get an alias: maps, sets,
/// distinct attributes, large tuples, and locations held inside other attributes or types
/// (without debug info, locations are only printed where they are attribute values).
/// Cheaper than walking a large module when the answer is no.
fn context_has_aliasable(ctx: &Context) -> bool {
    let is_loc = |a: &Attribute| ctx.as_location(*a).is_some();
    let attrs = &ctx.uniq.attrs;
    let mut i = 0u32;
    while let Some(kind) = attrs.try_get(i) {
        let found = match kind {
            AttrKind::AffineMap(_) | AttrKind::IntegerSet(_) | AttrKind::Distinct { .. } => true,
            AttrKind::Array(list) | AttrKind::Dialect { params: list, .. } => list.iter().any(is_loc),
            AttrKind::Dictionary(entries) => entries.iter().any(|e| is_loc(&e.value)),
            _ => false,
        };
        if found {
            return true;
        }
        i += 1;
    }
    let types = &ctx.uniq.types;
    let mut i = 0u32;
    while let Some(kind) = types.try_get(i) {
        let found = match kind {
            TypeKind::Tuple(elements) => elements.len() > 16,
            TypeKind::RankedTensor { encoding: Some(a), .. } => is_loc(a),
            TypeKind::MemRef { layout, memory_space, .. } => layout.iter().chain(memory_space.iter()).any(is_loc),
            TypeKind::UnrankedMemRef { memory_space: Some(a), .. } => is_loc(a),
            TypeKind::Dialect { params, .. } => params.iter().any(is_loc),
            _ => false,
        };
        if found {
            return true;
        }
        i += 1;
    }
    false
}

/// The builtin dialect's alias name for an attribute or type, if any.
fn alias_name(ctx: &Context, key: Key) -> Option<&'static str> {
    match key {
        Key::Attr(a) if ctx.is_point_loc(a) => Some("loc"),
        Key::Attr(a) => match ctx.attr_kind(a) {
            AttrKind::AffineMap(_) => Some("map"),
            AttrKind::IntegerSet(_) => Some("set"),
            AttrKind::Location(_) => Some("loc"),
            AttrKind::Distinct { referenced, .. } if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) => {
                Some("distinct")
            }
            _ => None,
        },
        Key::Type(t) => match ctx.type_kind(t) {
            TypeKind::Tuple(elements) if elements.len() > 16 => Some("tuple"),
            _ => None,
        },
    }
}

/// Attributes and types that can neither have an alias nor contain one.
fn is_trivial(ctx: &Context, key: Key) -> bool {
    match key {
        // Point locations (kept compactly, see `PointLocs`) get aliases.
        Key::Attr(a) if ctx.is_point_loc(a) => false,
        Key::Attr(a) => match ctx.attr_kind(a) {
            AttrKind::Unit
            | AttrKind::Bool(_)
            | AttrKind::Integer { .. }
            | AttrKind::Float { .. }
            | AttrKind::SymbolRef { .. }
            | AttrKind::DenseArray { .. }
            | AttrKind::StridedLayout { .. } => true,
            AttrKind::String { ty, .. } | AttrKind::Opaque { ty, .. } => ty.map_or(true, |t| type_is_trivial(ctx, t)),
            AttrKind::Type(t) => type_is_trivial(ctx, *t),
            _ => false,
        },
        Key::Type(t) => type_is_trivial(ctx, t),
    }
}

fn type_is_trivial(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) | TypeKind::None | TypeKind::Opaque { .. }
    )
}

/// What MLIR's dummy printer visits inside an attribute or type, in order.
fn children(ctx: &Context, key: Key) -> Vec<Key> {
    let mut c = Vec::new();
    match key {
        // A point location has no sub-elements.
        Key::Attr(a) if ctx.is_point_loc(a) => {}
        Key::Attr(a) => {
            let kind = ctx.attr_kind(a);
            match kind {
                AttrKind::Distinct { referenced, .. } => c.push(Key::Attr(*referenced)),
                AttrKind::Dictionary(entries) => c.extend(entries.iter().map(|e| Key::Attr(e.value))),
                AttrKind::Array(list) => c.extend(list.iter().map(|&e| Key::Attr(e))),
                AttrKind::Type(t) => c.push(Key::Type(*t)),
                AttrKind::Location(LocationKind::Name { child: Some(ch), .. })
                    if !matches!(ctx.attr_kind(*ch), AttrKind::Location(LocationKind::Unknown)) =>
                {
                    c.push(Key::Attr(*ch));
                }
                AttrKind::Location(LocationKind::CallSite { callee, caller }) => {
                    c.push(Key::Attr(*callee));
                    c.push(Key::Attr(*caller));
                }
                AttrKind::Location(LocationKind::Fused { locations, metadata }) => {
                    if let Some(m) = metadata {
                        c.push(Key::Attr(*m));
                    }
                    c.extend(locations.iter().map(|&l| Key::Attr(l)));
                }
                // A custom printer prints its parameters itself, without aliases.
                AttrKind::Dialect { def, params } if ctx.attr_def(*def).is_ok_and(|d| d.assembly.is_none()) => {
                    c.extend(params.iter().map(|&p| Key::Attr(p)))
                }
                // `walkImmediateSubElements`: the type, then the indices and values.
                AttrKind::SparseElements { ty, indices, values } => {
                    c.extend([Key::Type(*ty), Key::Attr(*indices), Key::Attr(*values)]);
                }
                _ => {}
            }
            // The type of a typed attribute (unless `none`).
            let ty = match kind {
                AttrKind::String { ty, .. } | AttrKind::Opaque { ty, .. } => *ty,
                AttrKind::DenseIntOrFloat { ty, .. }
                | AttrKind::DenseString { ty, .. }
                | AttrKind::DenseResource { ty, .. } => Some(*ty),
                _ => None,
            };
            if let Some(t) = ty {
                if !matches!(ctx.type_kind(t), TypeKind::None) {
                    c.push(Key::Type(t));
                }
            }
        }
        Key::Type(t) => match ctx.type_kind(t) {
            TypeKind::Complex(e) => c.push(Key::Type(*e)),
            TypeKind::Function { inputs, results } => {
                c.extend(inputs.iter().map(|&t| Key::Type(t)));
                c.extend(results.iter().map(|&t| Key::Type(t)));
            }
            TypeKind::Tuple(elements) => c.extend(elements.iter().map(|&t| Key::Type(t))),
            TypeKind::Vector { element, .. } | TypeKind::UnrankedTensor { element } => c.push(Key::Type(*element)),
            TypeKind::RankedTensor { element, encoding, .. } => {
                c.push(Key::Type(*element));
                if let Some(e) = encoding {
                    c.push(Key::Attr(*e));
                }
            }
            TypeKind::MemRef { element, layout, memory_space, .. } => {
                c.push(Key::Type(*element));
                if let Some(l) = layout {
                    c.push(Key::Attr(*l));
                }
                if let Some(m) = memory_space {
                    c.push(Key::Attr(*m));
                }
            }
            TypeKind::UnrankedMemRef { element, memory_space } => {
                c.push(Key::Type(*element));
                if let Some(m) = memory_space {
                    c.push(Key::Attr(*m));
                }
            }
            TypeKind::Dialect { def, params } if ctx.type_def(*def).is_ok_and(|d| d.assembly.is_none()) => {
                c.extend(params.iter().map(|&p| Key::Attr(p)))
            }
            _ => {}
        },
    }
    c
}
