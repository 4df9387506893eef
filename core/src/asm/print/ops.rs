//! Value numbering and the generic operation form (MLIR's `SSANameState` and
//! `OperationPrinter::printGenericOp` / `print(Block *)` / `printRegion`).
//!
//! Numbering: the root's results first, then a stack of regions seeded with the root's
//! regions. Popping a region numbers all of its blocks (`^bbN` in region order; entry-block
//! arguments `%argN` from an argument counter, other block arguments and op results `%N`
//! from the value counter, one number per op whatever its result count), then pushes the
//! regions of the region's ops in order. Hence the last region pushed is numbered first.
//! With unique ids (the generic form, `--mlir-print-unique-ssa-ids`) the counters run on
//! across regions; otherwise each region starts from the counters its parent region had when
//! it was pushed, so sibling functions both start at `%arg0` and `%0`, as MLIR prints them.

use std::rc::Rc;

use rustc_hash::FxHashMap;

#[path = "custom_op.rs"]
mod custom_op;

use super::attr::{write_escaped_quoted_str, write_keyword_or_string, write_u64, Elision, Printer};
use crate::arena::NONE;
use crate::context::Context;
use crate::ir::ValueRef;
use crate::types::TypeKind;
use custom_op::{FmtCursor, FmtStep};

const ARG_BIT: u32 = 1 << 31;

/// Marks an entry block's argument base (printed `%argN`).
const ENTRY: u32 = 1 << 31;

/// Marks an op's result entry as an index into [`Numbering::names`] (a result-name hint).
const NAMED: u32 = 1 << 30;

/// With [`NAMED`]: each result has its own name, at consecutive indices.
const PER_RESULT: u32 = 1 << 29;

/// How much printed text [`Printer::print_op_tree`] lets accumulate before offering it to
/// its `flush` callback (streaming output keeps memory bounded).
pub(crate) const FLUSH_AT: usize = 1 << 16;

/// A map from arena index to number: a vector when most of the arena is printed, a hash map
/// when printing a small piece of a large context.
enum SideTable {
    Dense(Vec<u32>),
    Sparse(FxHashMap<u32, u32>),
}

impl SideTable {
    fn new(dense: bool, capacity: usize) -> SideTable {
        if dense {
            SideTable::Dense(vec![NONE; capacity])
        } else {
            SideTable::Sparse(FxHashMap::default())
        }
    }

    #[inline]
    fn get(&self, i: u32) -> u32 {
        match self {
            SideTable::Dense(v) => v.get(i as usize).copied().unwrap_or(NONE),
            SideTable::Sparse(m) => m.get(&i).copied().unwrap_or(NONE),
        }
    }

    #[inline]
    fn set(&mut self, i: u32, value: u32) {
        match self {
            SideTable::Dense(v) => {
                if (i as usize) >= v.len() {
                    v.resize(i as usize + 1, NONE);
                }
                v[i as usize] = value;
            }
            SideTable::Sparse(m) => {
                m.insert(i, value);
            }
        }
    }
}

pub(crate) struct Numbering {
    /// Op index -> number of its first result.
    results: SideTable,
    /// Block index -> number of its first argument (with `ENTRY` for `%argN`).
    args: SideTable,
    /// Block index -> position in its region (`^bbN`).
    labels: SideTable,
    /// Operations numbered (the root included), to size the output buffer.
    pub(crate) num_ops: usize,
    /// Whether some op has a location as a discardable attribute value (see `alias.rs`).
    pub(crate) location_attrs: bool,
    /// The results' names from hints (`%c0`, `%cst_1`), made unique as MLIR's `SSANameState`.
    names: Vec<Rc<str>>,
    /// Whether some numbered op has a custom form (computed with `hints` only).
    pub(crate) custom_forms: bool,
}

/// MLIR's `sanitizeIdentifier`: a hint becomes a valid SSA name; one starting with a digit
/// gets a `_` in front so that it cannot look like a number.
fn sanitize_name(name: &str) -> std::borrow::Cow<'_, str> {
    let valid = |c: char| c.is_ascii_alphanumeric() || "$._-".contains(c);
    let starts_with_digit = name.starts_with(|c: char| c.is_ascii_digit());
    if !starts_with_digit && name.chars().all(valid) {
        return std::borrow::Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 1);
    if starts_with_digit {
        out.push('_');
    }
    for b in name.bytes() {
        let c = b as char;
        if b.is_ascii() && valid(c) {
            out.push(c);
        } else if c == ' ' {
            out.push('_');
        } else {
            use std::fmt::Write as _;
            let _ = write!(out, "{b:X}");
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The names in use where a region is numbered: those of its ancestors' regions, not its
/// siblings' (MLIR's scoped `usedNames`). Names are logged in order so that leaving a region
/// drops exactly its own.
#[derive(Default)]
struct UsedNames {
    // One allocation per name, shared by the set, the log and the numbering.
    set: rustc_hash::FxHashSet<Rc<str>>,
    log: Vec<Rc<str>>,
}

impl UsedNames {
    fn truncate(&mut self, mark: usize) {
        for n in self.log.drain(mark.min(self.log.len())..) {
            self.set.remove(&n);
        }
    }

    /// `name`, or `name_N` with the next free conflict number when it is taken.
    fn unique(&mut self, name: &str, next_conflict: &mut u32) -> Rc<str> {
        let name = sanitize_name(name);
        let chosen: Rc<str> = if !self.set.contains(name.as_ref()) {
            name.as_ref().into()
        } else {
            loop {
                let probe = format!("{name}_{next_conflict}");
                *next_conflict += 1;
                if !self.set.contains(probe.as_str()) {
                    break probe.into();
                }
            }
        };
        self.set.insert(chosen.clone());
        self.log.push(chosen.clone());
        chosen
    }
}

/// Fixed names given per result group where groups and results differ (a variadic group):
/// each group's first value takes the name, the rest `name#k` (MLIR's `setNameFn` on a
/// group's first value: `%base_buffer, %offset, %sizes:2, %strides:2`). Empty groups have
/// no name.
fn result_name_groups(ctx: &Context, op: u32) -> Option<Vec<(String, usize)>> {
    let d = ctx.ir.ops.get(op);
    let def = ctx.registry.op(d.name)?;
    let crate::dialect::ResultNames::Fixed(names) = def.result_names.as_ref()? else { return None };
    let grouped = names.len() > 1
        && names.len() == def.results.len()
        && def.results.iter().any(|s| s.arity != crate::dialect::Arity::Single);
    if !grouped {
        return None;
    }
    let id = crate::ir::OpId { index: op, generation: ctx.ir.ops.generation(op) };
    let segments = crate::verify::segments(ctx, id, def, crate::verify::Kind::Result).ok()?;
    Some(names.iter().cloned().zip(segments.iter().map(|r| r.len())).filter(|(_, n)| *n > 0).collect())
}

/// The result-name hints of `op`: one name for all its results, or one per result.
fn result_name_hints(ctx: &Context, op: u32) -> Option<std::borrow::Cow<'_, [String]>> {
    use std::borrow::Cow;
    let d = ctx.ir.ops.get(op);
    let def = ctx.registry.op(d.name)?;
    // Fixed names are borrowed from the definition: most named ops print with no copy.
    let names: Cow<'_, [String]> = match def.result_names.as_ref()? {
        crate::dialect::ResultNames::Fixed(n) => Cow::Borrowed(n.as_slice()),
        crate::dialect::ResultNames::Hook(h) => {
            let id = crate::ir::OpId { index: op, generation: ctx.ir.ops.generation(op) };
            Cow::Owned(vec![h(ctx, id).filter(|n| !n.is_empty())?])
        }
    };
    if names.len() > 1 && names.len() > d.results.len() {
        // Optional results that are absent (`gpu.alloc` without its token) leave the
        // names of the results that are there.
        return Some(Cow::<[String]>::Owned(names[..d.results.len()].to_vec())).filter(|n| !n.is_empty());
    }
    (names.len() == 1 || names.len() == d.results.len()).then_some(names)
}

/// The custom form's names of the entry-block arguments of region `r`, from its op's hook
/// (one per argument).
fn entry_arg_names(ctx: &Context, r: u32, nargs: usize) -> Option<Vec<Option<String>>> {
    let hooks = &ctx.registry.block_arg_names_hooks;
    if hooks.is_empty() {
        return None;
    }
    let op = ctx.ir.regions.get(r).parent;
    if op == NONE {
        return None;
    }
    let d = ctx.ir.ops.get(op);
    let hook = hooks.get(ctx.ident_str(d.name))?;
    let index = d.regions().iter().position(|&x| x == r)?;
    let id = crate::ir::OpId { index: op, generation: ctx.ir.ops.generation(op) };
    let mut names = hook(ctx, id, index);
    if names.iter().all(Option::is_none) {
        return None;
    }
    names.resize(nargs, None);
    Some(names)
}

fn has_location_attr(ctx: &Context, attrs: &[crate::attrs::NamedAttribute]) -> bool {
    attrs.iter().any(|a| matches!(ctx.attr_kind(a.value), crate::attrs::AttrKind::Location(_)))
}

impl Numbering {
    /// Numbers the values under `root`. `unique`: counters run on across regions; `hints`:
    /// results take their definitions' name hints (the custom form).
    /// `op_ids`: ops without results take a number too (`--mlir-print-value-users` names
    /// them).
    pub(crate) fn compute(ctx: &Context, root: u32, unique: bool, hints: bool, op_ids: bool) -> Numbering {
        let ir = &ctx.ir;
        // Dense tables when the printed tree is a good part of the arenas.
        let op_cap = ir.ops.capacity_index();
        let block_cap = ir.blocks.capacity_index();
        let dense = op_cap < 4096 || ir.link(root).parent == NONE || subtree_is_large(ctx, root, op_cap / 4);
        let mut n = Numbering {
            results: SideTable::new(dense, op_cap),
            args: SideTable::new(dense, block_cap),
            labels: SideTable::new(dense, block_cap),
            num_ops: 0,
            location_attrs: false,
            names: Vec::new(),
            custom_forms: false,
        };
        let mut next_value: u32 = 0;
        let mut next_arg: u32 = 0;
        let mut next_conflict: u32 = 0;
        let mut used = UsedNames::default();
        let name_result = |n: &mut Numbering, used: &mut UsedNames, next_conflict: &mut u32, o: u32| -> bool {
            if !hints {
                return false;
            }
            if let Some(groups) = result_name_groups(ctx, o) {
                n.results.set(o, NAMED | PER_RESULT | n.names.len() as u32);
                for (hint, len) in groups {
                    let name = used.unique(&hint, next_conflict);
                    for k in 1..len {
                        n.names.push(format!("{name}#{k}").into());
                    }
                    n.names.insert(n.names.len() + 1 - len, name);
                }
                return true;
            }
            let Some(hints) = result_name_hints(ctx, o) else { return false };
            let per_result = if hints.len() > 1 || ctx.ir.ops.get(o).results.len() == 1 { PER_RESULT } else { 0 };
            n.results.set(o, NAMED | per_result | n.names.len() as u32);
            for hint in hints.iter() {
                let name = used.unique(hint, next_conflict);
                n.names.push(name);
            }
            true
        };
        let root_data = ir.ops.get(root);
        n.location_attrs = has_location_attr(ctx, root_data.attrs);
        let has_format = |o: u32| ctx.registry.op(ctx.ir.ops.get(o).name).is_some_and(|d| d.format.is_some());
        n.custom_forms = hints && has_format(root);
        // A root without results numbered for its users keeps the counter its regions start
        // from: upstream takes the regions' naming context before numbering the root.
        let regions_start = next_value;
        let numbered = if root_data.results.is_empty() {
            op_ids
        } else {
            !name_result(&mut n, &mut used, &mut next_conflict, root)
        };
        if numbered {
            n.results.set(root, next_value);
            next_value += 1;
        }
        let root_regions_start = if root_data.results.is_empty() { regions_start } else { next_value };
        let mut count = 1usize;
        // (region, value counter, argument counter, conflict counter, names in scope) as they
        // were when the region was pushed.
        let mut stack: Vec<(u32, u32, u32, u32, usize)> = root_data
            .regions()
            .iter()
            .map(|&r| (r, root_regions_start, next_arg, next_conflict, used.log.len()))
            .collect();
        while let Some((r, saved_value, saved_arg, saved_conflict, names_mark)) = stack.pop() {
            if !unique {
                next_value = saved_value;
                next_arg = saved_arg;
                next_conflict = saved_conflict;
            }
            used.truncate(names_mark);
            let first = ir.regions.get(r).first_block;
            let mut b = first;
            let mut ordering = 0u32;
            let pushed_from = stack.len();
            while b != NONE {
                let bd = ir.blocks.get(b);
                n.labels.set(b, ordering);
                ordering += 1;
                let nargs = bd.args.len() as u32;
                if nargs > 0 {
                    let names = if b == first && hints { entry_arg_names(ctx, r, nargs as usize) } else { None };
                    if let Some(names) = names {
                        // Named arguments take no `%argN` number (MLIR's SSANameState).
                        n.args.set(b, ENTRY | NAMED | n.names.len() as u32);
                        for name in names {
                            let name = name.unwrap_or_else(|| {
                                next_arg += 1;
                                format!("arg{}", next_arg - 1)
                            });
                            let name = used.unique(&name, &mut next_conflict);
                            n.names.push(name);
                        }
                    } else if b == first {
                        n.args.set(b, next_arg | ENTRY);
                        next_arg += nargs;
                    } else {
                        n.args.set(b, next_value);
                        next_value += nargs;
                    }
                }
                let mut o = bd.first_op;
                while o != NONE {
                    count += 1;
                    let od = ir.ops.get(o);
                    if !od.attrs.is_empty() && !n.location_attrs {
                        n.location_attrs = has_location_attr(ctx, od.attrs);
                    }
                    if hints && !n.custom_forms {
                        n.custom_forms = has_format(o);
                    }
                    let numbered = if od.results.is_empty() {
                        op_ids
                    } else {
                        !name_result(&mut n, &mut used, &mut next_conflict, o)
                    };
                    if numbered {
                        n.results.set(o, next_value);
                        next_value += 1;
                    }
                    // Pushed now, their counters fixed once the whole region is numbered.
                    stack.extend(od.regions().iter().map(|&r| (r, 0, 0, 0, 0)));
                    o = ir.link(o).next;
                }
                b = bd.next;
            }
            for entry in &mut stack[pushed_from..] {
                (entry.1, entry.2, entry.3, entry.4) = (next_value, next_arg, next_conflict, used.log.len());
            }
        }
        n.num_ops = count;
        n
    }
}

/// Whether the op tree under `root` has more than `limit` ops (stops counting early).
fn subtree_is_large(ctx: &Context, root: u32, limit: usize) -> bool {
    let ir = &ctx.ir;
    let mut count = 0usize;
    let mut stack: Vec<u32> = vec![root];
    while let Some(op) = stack.pop() {
        count += 1;
        if count > limit {
            return true;
        }
        for &r in ir.ops.get(op).regions() {
            let mut b = ir.regions.get(r).first_block;
            while b != NONE {
                let mut o = ir.blocks.get(b).first_op;
                while o != NONE {
                    stack.push(o);
                    o = ir.link(o).next;
                }
                b = ir.blocks.get(b).next;
            }
        }
    }
    false
}

/// Position of the printer inside one operation's regions.
struct Frame<'a> {
    op: u32,
    region: usize,
    block: u32,
    next: u32,
    /// The op's custom form, when it prints in one (resumed after each region).
    fmt: Option<Box<FmtCursor<'a>>>,
    /// Leave out the block's last op (an implicit terminator in the custom form).
    skip_last: bool,
    /// Print the entry block's header when it has arguments (not when a custom directive
    /// printed them).
    entry_header: bool,
    /// The region prints one step deeper (after an `indent-newline`).
    extra_indent: bool,
}

/// How an op started printing.
enum Start<'a> {
    /// No region to print: the op is done but for its tail.
    Leaf { custom: bool },
    /// Print this region next (the frame is set up for it).
    Region(Frame<'a>),
}

impl<'a> Printer<'a> {
    fn indent(&mut self, n: usize) {
        const SPACES: &str = "                                                                ";
        let mut n = n + self.base_indent;
        while n > SPACES.len() {
            self.out.push_str(SPACES);
            n -= SPACES.len();
        }
        self.out.push_str(&SPACES[..n]);
    }

    pub(crate) fn write_value(&mut self, num: &Numbering, v: ValueRef) {
        if v.is_null() {
            self.out.push_str("<<NULL VALUE>>");
            return;
        }
        let n = v.number & !ARG_BIT;
        if v.is_arg() {
            let base = num.args.get(v.owner);
            if base == NONE {
                self.out.push_str("<<UNKNOWN SSA VALUE>>");
                return;
            }
            if base & (ENTRY | NAMED) == ENTRY | NAMED {
                self.out.push('%');
                self.out.push_str(&num.names[((base & !(ENTRY | NAMED)) + n) as usize]);
            } else if base & ENTRY != 0 {
                self.out.push_str("%arg");
                write_u64(((base & !ENTRY) + n) as u64, &mut self.out);
            } else {
                self.out.push('%');
                write_u64((base + n) as u64, &mut self.out);
            }
        } else {
            let first = num.results.get(v.owner);
            if first == NONE {
                self.out.push_str("<<UNKNOWN SSA VALUE>>");
                return;
            }
            if first & (NAMED | PER_RESULT) == NAMED | PER_RESULT {
                let index = ((first & !(NAMED | PER_RESULT)) + n) as usize;
                let name = &num.names[index];
                self.out.push('%');
                self.out.push_str(name);
                // The head of a `%name:N` group is `%name#0` where it is used (its other
                // members are stored as `name#k`).
                if n + 1 < self.ctx.ir.ops.get(v.owner).results.len() as u32
                    && num.names.get(index + 1).is_some_and(|next| {
                        next.strip_prefix(name.as_ref()).and_then(|r| r.strip_prefix('#')) == Some("1")
                    })
                {
                    self.out.push_str("#0");
                }
                return;
            }
            self.write_result_base(num, first);
            if self.ctx.ir.ops.get(v.owner).results.len() != 1 {
                self.out.push('#');
                write_u64(n as u64, &mut self.out);
            }
        }
    }

    /// `%N` or `%name` for an op's results.
    fn write_result_base(&mut self, num: &Numbering, first: u32) {
        self.out.push('%');
        if first & NAMED != 0 {
            self.out.push_str(&num.names[(first & !(NAMED | PER_RESULT)) as usize]);
        } else {
            write_u64(first as u64, &mut self.out);
        }
    }

    fn write_block_name(&mut self, num: &Numbering, block: u32) {
        let ord = num.labels.get(block);
        if ord == NONE {
            self.out.push_str("INVALIDBLOCK");
        } else {
            self.out.push_str("^bb");
            write_u64(ord as u64, &mut self.out);
        }
    }

    /// Prints `op` and everything nested in it at indentation 0 (MLIR's
    /// `printFullOpWithIndentAndLoc`), without a trailing newline.
    /// Prints `root` and everything nested in it. `flush` is offered the output after each
    /// complete line of an op once it holds at least [`FLUSH_AT`] bytes (and may drain it).
    pub(crate) fn print_op_tree(&mut self, num: &Numbering, root: u32, flush: &mut dyn FnMut(&mut String)) {
        let ctx = self.ctx;
        let ir = &ctx.ir;
        let mut frames: Vec<Frame<'a>> = Vec::new();
        match self.print_op_start(num, root, "builtin") {
            Start::Region(mut f) => {
                self.begin_region(num, &mut f, 0);
                frames.push(f);
            }
            Start::Leaf { custom } => self.print_op_end(num, root, custom),
        }
        while !frames.is_empty() {
            let depth = frames.len();
            let top = frames.last_mut().expect("non-empty");
            if top.next != NONE {
                let op = top.next;
                top.next = ir.link(op).next;
                if top.skip_last && top.next == NONE {
                    continue;
                }
                let default_dialect = self.default_dialect_of(top.op);
                self.indent(2 * depth);
                self.op_indent = 2 * depth;
                match self.print_op_start(num, op, default_dialect) {
                    Start::Region(mut f) => {
                        self.begin_region(num, &mut f, 2 * depth);
                        frames.push(f);
                    }
                    Start::Leaf { custom } => {
                        self.print_op_end(num, op, custom);
                        self.out.push('\n');
                        if self.out.len() >= FLUSH_AT {
                            flush(&mut self.out);
                        }
                    }
                }
                continue;
            }
            let top = frames.last_mut().expect("non-empty");
            if top.block != NONE {
                let b = ir.blocks.get(top.block).next;
                if b != NONE {
                    top.block = b;
                    top.next = ir.blocks.get(b).first_op;
                    self.print_block_header(num, b, 2 * (depth - 1));
                    if self.flags.value_users {
                        self.print_block_arg_users(num, b, 2 * depth);
                    }
                    continue;
                }
            }
            // The region is done.
            let op_indent = 2 * (depth - 1);
            self.indent(op_indent);
            self.out.push('}');
            let mut f = frames.pop().expect("non-empty");
            if f.extra_indent {
                self.base_indent -= 2;
                f.extra_indent = false;
            }
            if let Some(mut cur) = f.fmt.take() {
                self.op_indent = op_indent;
                match self.run_format(num, f.op, &mut cur) {
                    FmtStep::Region { index, elide_terminator, entry_header } => {
                        f.region = index;
                        f.skip_last = elide_terminator;
                        f.entry_header = entry_header;
                        f.fmt = Some(cur);
                        self.begin_region(num, &mut f, op_indent);
                        frames.push(f);
                        continue;
                    }
                    FmtStep::Done => self.print_op_end(num, f.op, true),
                }
            } else {
                f.region += 1;
                let nregions = ir.ops.get(f.op).regions().len();
                if f.region < nregions {
                    self.out.push_str(", ");
                    self.begin_region(num, &mut f, op_indent);
                    frames.push(f);
                    continue;
                }
                self.out.push(')');
                self.print_op_end(num, f.op, false);
            }
            if !frames.is_empty() {
                self.out.push('\n');
                if self.out.len() >= FLUSH_AT {
                    flush(&mut self.out);
                }
            }
        }
    }

    /// The dialect whose prefix ops directly inside `op`'s regions leave out.
    fn default_dialect_of(&self, op: u32) -> &'a str {
        let ctx = self.ctx;
        if self.flags.generic {
            return "";
        }
        ctx.registry.op(ctx.ir.ops.get(op).name).and_then(|d| d.default_dialect.as_deref()).unwrap_or("")
    }

    /// Prints the op up to its first region (or all of it but its tail).
    fn print_op_start(&mut self, num: &Numbering, op: u32, default_dialect: &str) -> Start<'a> {
        self.pending_indent = false;
        let Some(mut cur) = self.custom_cursor(op) else {
            if self.print_op_head(num, op) {
                return Start::Region(Frame {
                    op,
                    region: 0,
                    block: NONE,
                    next: NONE,
                    fmt: None,
                    skip_last: false,
                    entry_header: true,
                    extra_indent: false,
                });
            }
            return Start::Leaf { custom: false };
        };
        self.print_result_names(num, op);
        self.write_custom_name(op, default_dialect);
        match self.run_format(num, op, &mut cur) {
            FmtStep::Region { index, elide_terminator, entry_header } => Start::Region(Frame {
                op,
                region: index,
                block: NONE,
                next: NONE,
                fmt: Some(cur),
                skip_last: elide_terminator,
                entry_header,
                extra_indent: false,
            }),
            FmtStep::Done => Start::Leaf { custom: true },
        }
    }

    /// What follows an op's last region: the generic form's attributes and signature, and
    /// the location in both forms.
    fn print_op_end(&mut self, num: &Numbering, op: u32, custom: bool) {
        if !custom {
            self.print_op_tail(num, op);
        } else if self.flags.debug_info {
            self.out.push(' ');
            self.print_location(self.ctx.ir.ops.get(op).loc.attr(), true);
        }
        if self.flags.value_users {
            self.print_users_comment(num, op);
        }
    }

    /// The users of a value, each user op once, most recent use first (MLIR's use-list
    /// order).
    fn value_users(&self, v: ValueRef) -> Vec<u32> {
        let ctx = self.ctx;
        let mut users: Vec<u32> = Vec::new();
        let mut u = ctx.first_use(v);
        while u != NONE {
            let (user, _) = ctx.use_position(u);
            if !users.contains(&user) {
                users.push(user);
            }
            u = ctx.use_slot(u).next;
        }
        users
    }

    /// A user as `--mlir-print-value-users` names it: its results, or its own number.
    fn write_user_ids(&mut self, num: &Numbering, user: u32) {
        let nres = self.ctx.ir.ops.get(user).results.len();
        if nres == 0 {
            let id = num.results.get(user);
            if id == NONE {
                self.out.push_str("<<UNKNOWN OPERATION>>");
            } else {
                self.out.push('%');
                write_u64(id as u64, &mut self.out);
            }
            return;
        }
        for i in 0..nres {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.write_value(num, ValueRef { owner: user, number: i as u32 });
        }
    }

    fn write_value_users(&mut self, num: &Numbering, v: ValueRef) {
        let users = self.value_users(v);
        if users.is_empty() {
            self.out.push_str("unused");
        }
        for (i, user) in users.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.write_user_ids(num, user);
        }
    }

    /// ` // id: %N`, ` // unused` or ` // user(s): ...` after an op (MLIR's
    /// `printUsersComment`).
    fn print_users_comment(&mut self, num: &Numbering, op: u32) {
        let d = self.ctx.ir.ops.get(op);
        let nres = d.results.len();
        if nres == 0 {
            if !d.operands.is_empty() {
                self.out.push_str(" // id: ");
                self.write_user_ids(num, op);
            }
            return;
        }
        let results: Vec<ValueRef> = (0..nres as u32).map(|i| ValueRef { owner: op, number: i }).collect();
        let mut all_users: Vec<u32> = Vec::new();
        for &r in &results {
            for u in self.value_users(r) {
                if !all_users.contains(&u) {
                    all_users.push(u);
                }
            }
        }
        if all_users.is_empty() {
            self.out.push_str(" // unused");
            return;
        }
        let used_in_results: usize = all_users.iter().map(|&u| self.ctx.ir.ops.get(u).results.len()).sum();
        let one_use = used_in_results <= 1 && all_users.len() <= 1 && nres == 1;
        self.out.push_str(if one_use { " // user: " } else { " // users: " });
        for (i, &r) in results.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if nres > 1 {
                self.out.push('(');
            }
            self.write_value_users(num, r);
            if nres > 1 {
                self.out.push(')');
            }
        }
    }

    /// `// %x is used by ...` for each argument of `block`, at `indent` (MLIR prints them
    /// at the start of the block with `--mlir-print-value-users`).
    fn print_block_arg_users(&mut self, num: &Numbering, block: u32, indent: usize) {
        let nargs = self.ctx.ir.blocks.get(block).args.len();
        for i in 0..nargs {
            let arg = ValueRef { owner: block, number: i as u32 | ARG_BIT };
            self.indent(indent);
            self.out.push_str("// ");
            self.write_value(num, arg);
            if self.ctx.first_use(arg) == NONE {
                self.out.push_str(" is unused");
            } else {
                self.out.push_str(" is used by ");
                self.write_value_users(num, arg);
            }
            self.out.push('\n');
        }
    }

    fn print_result_names(&mut self, num: &Numbering, op: u32) {
        let nres = self.ctx.ir.ops.get(op).results.len();
        if nres > 0 {
            let first = num.results.get(op);
            if first == NONE {
                self.out.push_str("<<UNKNOWN SSA VALUE>>");
            } else if first & (NAMED | PER_RESULT) == NAMED | PER_RESULT {
                let base = (first & !(NAMED | PER_RESULT)) as usize;
                // `name#k` entries are the rest of a named group: `%name:N` (see
                // `result_name_groups`).
                let names = &num.names[base..base + nres];
                let mut i = 0;
                while i < names.len() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.out.push('%');
                    self.out.push_str(&names[i]);
                    let rest = names[i + 1..].iter().take_while(|n| n.contains('#')).count();
                    if rest > 0 {
                        self.out.push(':');
                        write_u64((rest + 1) as u64, &mut self.out);
                    }
                    i += rest + 1;
                }
                self.out.push_str(" = ");
                return;
            } else {
                self.write_result_base(num, first);
            }
            if nres > 1 {
                self.out.push(':');
                write_u64(nres as u64, &mut self.out);
            }
            self.out.push_str(" = ");
        }
    }

    /// `block` as MLIR's `Block::print` prints it: its header line, then each operation
    /// (and what it holds) two spaces in, one per line.
    pub(crate) fn print_block(&mut self, num: &Numbering, block: u32) {
        let ir = &self.ctx.ir;
        self.print_block_header(num, block, 0);
        let mut op = ir.blocks.get(block).first_op;
        self.base_indent += 2;
        while op != NONE {
            self.indent(0);
            self.print_op_tree(num, op, &mut |_| {});
            self.out.push('\n');
            op = ir.link(op).next;
        }
        self.base_indent -= 2;
    }

    /// `{` and the entry block's header if needed; positions the frame on the first op.
    fn begin_region(&mut self, num: &Numbering, f: &mut Frame<'a>, op_indent: usize) {
        let ctx = self.ctx;
        let ir = &ctx.ir;
        if std::mem::take(&mut self.pending_indent) {
            self.base_indent += 2;
            f.extra_indent = true;
        }
        self.out.push_str("{\n");
        let Some(&region) = ir.ops.get(f.op).regions().get(f.region) else {
            f.block = NONE;
            f.next = NONE;
            return;
        };
        let entry = ir.regions.get(region).first_block;
        f.block = entry;
        f.next = NONE;
        if entry != NONE {
            let bd = ir.blocks.get(entry);
            f.next = bd.first_op;
            // Generic printing passes printEmptyBlock: an empty entry block keeps its label;
            // the custom form prints it only for its arguments.
            if (bd.first_op == NONE && f.fmt.is_none()) || (!bd.args.is_empty() && f.entry_header) {
                self.print_block_header(num, entry, op_indent);
            }
            if self.flags.value_users {
                self.print_block_arg_users(num, entry, op_indent + 2);
            }
        }
    }

    fn print_block_header(&mut self, num: &Numbering, block: u32, indent: usize) {
        let ctx = self.ctx;
        let ir = &ctx.ir;
        self.indent(indent);
        self.write_block_name(num, block);
        let bd = ir.blocks.get(block);
        if !bd.args.is_empty() {
            self.out.push('(');
            for (i, arg) in bd.args.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.write_value(num, ValueRef { owner: block, number: i as u32 | ARG_BIT });
                self.out.push_str(": ");
                self.print_type(arg.ty);
                if self.flags.debug_info {
                    self.out.push(' ');
                    self.print_location(arg.loc.attr(), false);
                }
            }
            self.out.push(')');
        }
        self.out.push(':');
        let handle = ctx.block_handle(block);
        let preds = ctx.block_predecessors(handle).unwrap_or_default();
        let region = bd.parent;
        let is_entry = region != NONE && ir.regions.get(region).first_block == block;
        if region == NONE {
            self.out.push_str("  // block is not in a region!");
        } else if preds.is_empty() {
            if !is_entry {
                self.out.push_str("  // no predecessors");
            }
        } else {
            let mut ids: Vec<(u32, u32)> = preds
                .iter()
                .map(|p| {
                    let b = ir.link(p.op.to_raw().0).parent;
                    (num.labels.get(b), b)
                })
                .collect();
            if ids.len() == 1 {
                self.out.push_str("  // pred: ");
                self.write_block_name(num, ids[0].1);
            } else {
                // Unnumbered blocks (ordering -1 in MLIR) sort first.
                ids.sort_by_key(|&(o, _)| if o == NONE { -1i64 } else { o as i64 });
                self.out.push_str("  // ");
                write_u64(ids.len() as u64, &mut self.out);
                self.out.push_str(" preds: ");
                for (i, &(_, b)) in ids.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_block_name(num, b);
                }
            }
        }
        self.out.push('\n');
    }

    /// Results, name, operands, successors, properties and ` (` if the op has regions
    /// (returning true), otherwise nothing more.
    fn print_op_head(&mut self, num: &Numbering, op: u32) -> bool {
        let ctx = self.ctx;
        self.print_result_names(num, op);
        let d = ctx.ir.ops.get(op);
        write_escaped_quoted_str(ctx.ident_str(d.name), &mut self.out);
        self.out.push('(');
        for (i, slot) in d.operands.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.write_value(num, slot.value);
        }
        self.out.push(')');
        let succs = d.successors();
        if !succs.is_empty() {
            self.out.push('[');
            for (i, s) in succs.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.write_block_name(num, s.block);
            }
            self.out.push(']');
        }
        if let Some(p) = d.properties {
            self.out.push_str(" <");
            self.print_attribute(p, Elision::Never);
            self.out.push('>');
        }
        if !d.regions().is_empty() {
            self.out.push_str(" (");
            return true;
        }
        false
    }

    /// Attribute dictionary, type signature and location.
    fn print_op_tail(&mut self, _num: &Numbering, op: u32) {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        if !d.attrs.is_empty() {
            self.out.push_str(" {");
            for (i, a) in d.attrs.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                write_keyword_or_string(ctx.ident_str(a.name), &mut self.out);
                if !matches!(ctx.attr_kind(a.value), crate::attrs::AttrKind::Unit) {
                    self.out.push_str(" = ");
                    self.print_attribute(a.value, Elision::Never);
                }
            }
            self.out.push('}');
        }
        self.out.push_str(" : (");
        for (i, slot) in d.operands.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if slot.value.is_null() {
                self.out.push_str("<<NULL TYPE>>");
            } else {
                self.print_type(ctx.value_type_ref(slot.value));
            }
        }
        self.out.push_str(") -> ");
        let wrapped = d.results.len() != 1 || matches!(ctx.type_kind(d.results[0].ty), TypeKind::Function { .. });
        if wrapped {
            self.out.push('(');
        }
        for (i, r) in d.results.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(r.ty);
        }
        if wrapped {
            self.out.push(')');
        }
        if self.flags.debug_info {
            self.out.push(' ');
            self.print_location(d.loc.attr(), true);
        }
    }
}
