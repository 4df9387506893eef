//! The custom form of operations that have a declarative assembly format: runs the format's
//! program (see `asm/format.rs`) with upstream's spacing rules (`OpFormatGen`'s
//! `shouldEmitSpaceBefore`), stopping at each region so that `print_op_tree` prints it with
//! its own explicit stack, then resuming after it.

use super::super::attr::{write_keyword_or_string, Elision};
use super::super::Printer;
use super::{Numbering, ARG_BIT};
use crate::arena::NONE;
use crate::asm::format::{
    attr_spelling, AttrSpelling, DirectivePrinter, Elem, Ins, OpFormat, PrintArg, PrintedBlock, PrintedValue, TypeVar,
};
use crate::attrs::{AttrKind, Attribute, NamedAttribute};
use crate::dialect::{OpDef, PrintTerminators, Traits};
use crate::ir::{OpId, ValueRef};
use crate::types::{Type, TypeKind};
use crate::verify::{segments, Kind, Segments};

/// Where the printer is in an op's format.
pub(crate) struct FmtCursor<'a> {
    // Borrowed from the context the printer holds: no reference count per printed op.
    pub(crate) def: &'a OpDef,
    format: &'a OpFormat,
    pc: usize,
    /// `shouldEmitSpace` and `lastWasPunctuation` of upstream's generated printers.
    space: bool,
    punct: bool,
    operands: Segments,
    results: Segments,
    /// The clause of the `oilist` being printed: (instruction, clause index).
    oilist: Option<(usize, usize)>,
    /// Inside `regions` (or a variadic `$region` group): the next region to print and the
    /// group's first.
    next_region: Option<(usize, usize)>,
    /// The indentation of the op's first line: a newline in its format (`` `\n` ``, MLIR's
    /// `printNewline`) starts the next line there.
    indent: usize,
}

/// What the format asks of the caller next.
pub(crate) enum FmtStep {
    /// Print region `index` (eliding its terminator if `elide_terminator`, and its entry
    /// block's header when a directive printed the arguments), then resume.
    Region {
        index: usize,
        elide_terminator: bool,
        entry_header: bool,
    },
    Done,
}

/// Upstream's rule for a space before a literal.
fn space_before(value: &str, last_was_punct: bool) -> bool {
    if value.len() != 1 && value != "->" {
        return true;
    }
    let c = value.as_bytes()[0];
    if last_was_punct {
        !b">)}],".contains(&c)
    } else {
        !b"<>(){}[],".contains(&c)
    }
}

/// The number of spaces that start the last line of `out`.
fn current_line_indent(out: &str) -> usize {
    let start = out.rfind('\n').map_or(0, |i| i + 1);
    out[start..].bytes().take_while(|&b| b == b' ').count()
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat(' ').take(n));
}

impl<'a> Printer<'a> {
    /// The cursor for `op` if it prints in a custom form: registered with a format, the
    /// generic form not forced, and its operand/result groups well formed (otherwise the
    /// generic form, as MLIR falls back to it for ops that fail verification).
    pub(crate) fn custom_cursor(&self, op: u32) -> Option<Box<FmtCursor<'a>>> {
        if self.flags.generic {
            return None;
        }
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        let def = ctx.registry.op(d.name)?;
        let format = def.format.as_deref()?;
        let handle = OpId::from_raw(op, ctx.ir.ops.generation(op));
        let operands = segments(ctx, handle, def, Kind::Operand).ok()?;
        let results = segments(ctx, handle, def, Kind::Result).ok()?;
        if d.regions().len() < def.num_regions || d.successors().len() < def.num_successors {
            return None;
        }
        if let Some(hook) = ctx.registry.custom_form_hooks.get(def.name.as_str()) {
            if !hook(ctx, handle) {
                return None;
            }
        }
        Some(Box::new(FmtCursor {
            def,
            format,
            pc: 0,
            space: true,
            punct: false,
            operands,
            results,
            oilist: None,
            next_region: None,
            indent: current_line_indent(&self.out),
        }))
    }

    /// The op's name as the custom form writes it: without the enclosing default dialect.
    pub(crate) fn write_custom_name(&mut self, op: u32, default_dialect: &str) {
        let name = self.ctx.ident_str(self.ctx.ir.ops.get(op).name);
        let short = name
            .strip_prefix(default_dialect)
            .and_then(|rest| rest.strip_prefix('.'))
            .filter(|rest| !default_dialect.is_empty() && !rest.contains('.'));
        self.out.push_str(short.unwrap_or(name));
    }

    /// Runs the format from the cursor until a region must be printed or the format ends.
    pub(crate) fn run_format(&mut self, num: &Numbering, op: u32, cur: &mut FmtCursor<'a>) -> FmtStep {
        let format = cur.format;
        loop {
            if let Some((r, first)) = cur.next_region {
                let nregions = self.ctx.ir.ops.get(op).regions().len();
                if r < nregions {
                    if r > first {
                        self.out.push_str(", ");
                    }
                    cur.next_region = Some((r + 1, first));
                    return FmtStep::Region { index: r, elide_terminator: false, entry_header: true };
                }
                cur.next_region = None;
                cur.pc += 1;
                continue;
            }
            let Some(ins) = format.program.get(cur.pc) else { return FmtStep::Done };
            match ins {
                Ins::Jump(to) => cur.pc = *to,
                Ins::Optional { anchor, otherwise, .. } => {
                    if self.is_present(op, cur, anchor) {
                        cur.pc += 1;
                    } else {
                        cur.pc = *otherwise;
                    }
                }
                Ins::OiList { clauses, end } => {
                    let first = clauses.iter().position(|(_, _, shown)| self.is_present(op, cur, shown));
                    match first {
                        Some(k) => {
                            cur.oilist = Some((cur.pc, k));
                            self.print_literal(cur, &clauses[k].0);
                            cur.pc = clauses[k].1;
                        }
                        None => cur.pc = *end,
                    }
                }
                Ins::OiClauseEnd { list } => {
                    let Ins::OiList { clauses, end } = &format.program[*list] else { unreachable!("oilist") };
                    let (_, k) = cur.oilist.expect("inside an oilist");
                    let next = (k + 1..clauses.len()).find(|&i| self.is_present(op, cur, &clauses[i].2));
                    match next {
                        Some(i) => {
                            cur.oilist = Some((*list, i));
                            self.print_literal(cur, &clauses[i].0);
                            cur.pc = clauses[i].1;
                        }
                        None => {
                            cur.oilist = None;
                            cur.pc = *end;
                        }
                    }
                }
                Ins::Elem(e) => {
                    match e {
                        Elem::Region(i) if cur.def.is_variadic_region(*i) => {
                            if cur.space {
                                self.out.push(' ');
                            }
                            cur.punct = false;
                            cur.space = true;
                            cur.next_region = Some((*i, *i));
                            continue;
                        }
                        Elem::Region(i) => {
                            if cur.space {
                                self.out.push(' ');
                            }
                            cur.punct = false;
                            cur.space = true;
                            cur.pc += 1;
                            if cur.def.trait_names.iter().any(|t| t == "MaskingOpInterface") {
                                self.print_inline_region(num, op, *i);
                                continue;
                            }
                            let elide = self.elides_terminator(op, cur.def, *i);
                            let entry_header = !cur.format.directive_regions.get(*i).copied().unwrap_or(false);
                            return FmtStep::Region { index: *i, elide_terminator: elide, entry_header };
                        }
                        Elem::Regions => {
                            if cur.space {
                                self.out.push(' ');
                            }
                            cur.punct = false;
                            cur.space = true;
                            cur.next_region = Some((0, 0));
                            continue;
                        }
                        _ => self.print_elem(num, op, cur, e),
                    }
                    cur.pc += 1;
                }
            }
        }
    }

    /// Upstream elides a region's terminator in the custom form when the op has
    /// `SingleBlockImplicitTerminator` and the terminator carries nothing.
    /// `{ op }`: the first op of the region's entry block on the op's line, as
    /// `vector.mask` prints the op it masks (MLIR's `MaskOp::print`).
    fn print_inline_region(&mut self, num: &Numbering, op: u32, region: usize) {
        let ctx = self.ctx;
        self.out.push_str("{ ");
        let first = ctx
            .ir
            .ops
            .get(op)
            .regions()
            .get(region)
            .map(|&r| ctx.ir.regions.get(r).first_block)
            .filter(|&b| b != NONE)
            .map_or(NONE, |b| ctx.ir.blocks.get(b).first_op);
        if first != NONE {
            // Printed without its results' names (MLIR's `printCustomOrGenericOp`).
            let start = self.out.len();
            self.print_op_tree(num, first, &mut |_| {});
            if self.out[start..].starts_with('%') {
                if let Some(eq) = self.out[start..].find(" = ") {
                    self.out.replace_range(start..start + eq + 3, "");
                }
            }
            // Nor its location.
            if self.flags.debug_info {
                if let Some(at) = self.out[start..].rfind(" loc(") {
                    self.out.truncate(start + at);
                }
            }
        }
        self.out.push_str(" }");
    }

    fn elides_terminator(&self, op: u32, def: &OpDef, region: usize) -> bool {
        let ctx = self.ctx;
        let implicit = crate::verify::SingleBlockImplicitTerminator::interface_id();
        let printed = match def.prints_implicit_terminators {
            PrintTerminators::WhenTheyCarrySomething => false,
            PrintTerminators::Always => true,
            PrintTerminators::WithResults => !ctx.ir.ops.get(op).results.is_empty(),
        };
        if printed || ctx.op_interface(&def.name, implicit).is_none() {
            return false;
        }
        let Some(&r) = ctx.ir.ops.get(op).regions().get(region) else { return false };
        let entry = ctx.ir.regions.get(r).first_block;
        if entry == NONE {
            return false;
        }
        let last = ctx.ir.blocks.get(entry).last_op;
        if last == NONE {
            return false;
        }
        let t = ctx.ir.ops.get(last);
        let is_terminator = ctx.registry.op(t.name).is_some_and(|d| d.has_trait(Traits::IS_TERMINATOR));
        is_terminator
            && t.operands.is_empty()
            && t.results.is_empty()
            && t.attrs.is_empty()
            && t.properties.map_or(true, |p| ctx.dictionary_entries(p).is_empty())
    }

    fn print_literal(&mut self, cur: &mut FmtCursor<'a>, value: &str) {
        if cur.space && space_before(value, cur.punct) {
            self.out.push(' ');
        }
        self.out.push_str(value);
        let c = value.as_bytes()[0];
        cur.space = value.len() != 1 || !b"<({[".contains(&c);
        cur.punct = c != b'_' && !c.is_ascii_alphabetic();
    }

    fn inherent(&self, op: u32, name: &str) -> Option<Attribute> {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        if let Some(p) = d.properties {
            if let Some(na) = ctx.dictionary_entries(p).iter().find(|na| ctx.ident_str(na.name) == name) {
                return Some(na.value);
            }
        }
        d.attrs.iter().find(|na| ctx.ident_str(na.name) == name).map(|na| na.value)
    }

    fn group_values(&self, op: u32, cur: &FmtCursor<'a>, var: TypeVar) -> Vec<ValueOrType> {
        let d = self.ctx.ir.ops.get(op);
        match var {
            TypeVar::Operand(i) => cur.operands[i].clone().map(|k| ValueOrType::Operand(d.operands[k].value)).collect(),
            TypeVar::Operands => d.operands.iter().map(|s| ValueOrType::Operand(s.value)).collect(),
            TypeVar::Result(i) => cur.results[i].clone().map(|k| ValueOrType::Result(d.results[k].ty)).collect(),
            TypeVar::Results => d.results.iter().map(|r| ValueOrType::Result(r.ty)).collect(),
        }
    }

    fn is_present(&self, op: u32, cur: &FmtCursor<'a>, e: &Elem) -> bool {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        match e {
            Elem::Operand(i) => !cur.operands[*i].is_empty(),
            Elem::Operands => !d.operands.is_empty(),
            Elem::Attr(i) | Elem::QualifiedAttr(i) => {
                let spec = &cur.def.attributes[*i];
                match self.inherent(op, &spec.name) {
                    None => false,
                    Some(a) => cur.def.attribute_defaults.get(*i).and_then(|d| *d) != Some(a),
                }
            }
            Elem::Region(i) => d.regions().get(*i).is_some_and(|&r| ctx.ir.regions.get(r).first_block != NONE),
            Elem::Regions => !d.regions().is_empty(),
            Elem::Successor(i) => d.successors().get(*i).is_some(),
            Elem::Successors => !d.successors().is_empty(),
            Elem::Type { var, .. } => !self.group_values(op, cur, *var).is_empty(),
            Elem::Custom { name, args, .. } => {
                let dialect = crate::dialect::split_dialect(&cur.def.name).unwrap_or("");
                match ctx.custom_directive(dialect, name).and_then(|d| d.present.clone()) {
                    Some(present) => present(ctx, &self.directive_args(op, cur, args)),
                    None => args.first().is_some_and(|a| self.is_present(op, cur, a)),
                }
            }
            Elem::Literal(_) => true,
            _ => true,
        }
    }

    fn write_types(&mut self, items: &[ValueOrType]) {
        for (k, it) in items.iter().enumerate() {
            if k > 0 {
                self.out.push_str(", ");
            }
            match *it {
                ValueOrType::Operand(v) => {
                    if v.is_null() {
                        self.out.push_str("<<NULL TYPE>>");
                    } else {
                        self.print_type(self.ctx.value_type_ref(v));
                    }
                }
                ValueOrType::Result(t) => self.print_type(t),
            }
        }
    }

    fn print_elem(&mut self, num: &Numbering, op: u32, cur: &mut FmtCursor<'a>, e: &Elem) {
        let ctx = self.ctx;
        match e {
            Elem::Literal(s) => {
                self.print_literal(cur, s);
                return;
            }
            Elem::Space(true) => {
                self.out.push(' ');
                cur.punct = false;
                cur.space = false;
                return;
            }
            Elem::Space(false) => {
                cur.punct = true;
                cur.space = false;
                return;
            }
            Elem::Newline => {
                self.out.push('\n');
                push_spaces(&mut self.out, cur.indent);
                return;
            }
            Elem::IndentNewline => {
                self.out.push('\n');
                let n = self.base_indent + self.op_indent + 2;
                self.out.extend(std::iter::repeat(' ').take(n));
                self.pending_indent = true;
                cur.punct = false;
                cur.space = false;
                return;
            }
            Elem::AttrDict { keyword, attrs } => {
                self.print_attr_dict(
                    op,
                    cur,
                    if *attrs {
                        " attrs =  {"
                    } else if *keyword {
                        " attributes {"
                    } else {
                        " {"
                    },
                );
                cur.punct = false;
                return;
            }
            Elem::PropDict => {
                self.print_prop_dict(op, cur);
                cur.punct = false;
                return;
            }
            _ => {}
        }
        // Unit attributes print nothing: their presence is the optional group around them.
        if let Elem::Attr(i) = e {
            if matches!(attr_spelling(&cur.def.attributes[*i].constraint), AttrSpelling::Unit) {
                return;
            }
        }
        let (mark, had_space, had_punct) = (self.out.len(), cur.space, cur.punct);
        if cur.space {
            self.out.push(' ');
        }
        cur.punct = false;
        cur.space = true;
        let d = ctx.ir.ops.get(op);
        match e {
            Elem::Operand(i) => {
                for (k, idx) in cur.operands[*i].clone().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_value(num, d.operands[idx].value);
                }
            }
            Elem::Operands => {
                for (k, s) in d.operands.iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_value(num, s.value);
                }
            }
            Elem::Attr(i) | Elem::QualifiedAttr(i) => {
                let spec = &cur.def.attributes[*i];
                let Some(a) = self.inherent(op, &spec.name) else { return };
                let spelling = if matches!(e, Elem::QualifiedAttr(_)) {
                    AttrSpelling::Full
                } else {
                    attr_spelling(&spec.constraint)
                };
                self.print_attr_as(a, &spelling);
            }
            Elem::Successor(i) => {
                if let Some(s) = d.successors().get(*i) {
                    self.write_block_name(num, s.block);
                }
            }
            Elem::Successors => {
                for (k, s) in d.successors().iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_block_name(num, s.block);
                }
            }
            Elem::Type { var, .. } => {
                let items = self.group_values(op, cur, *var);
                self.write_types(&items);
            }
            Elem::FunctionalType(a, b) => {
                let ins = self.group_values(op, cur, *a);
                let outs = self.group_values(op, cur, *b);
                self.out.push('(');
                self.write_types(&ins);
                self.out.push_str(") -> ");
                let wrap = outs.len() != 1
                    || matches!(outs[0], ValueOrType::Result(t) if matches!(ctx.type_kind(t), TypeKind::Function { .. }));
                if wrap {
                    self.out.push('(');
                }
                self.write_types(&outs);
                if wrap {
                    self.out.push(')');
                }
            }
            Elem::Custom { name, args, .. } => {
                self.print_custom_directive(num, op, cur, name, args);
                let dialect = crate::dialect::split_dialect(&cur.def.name).unwrap_or("");
                let empty = self.out.len() == mark + usize::from(had_space);
                if empty && ctx.custom_directive(dialect, name).is_some_and(|d| d.no_space_when_empty) {
                    self.out.truncate(mark);
                    cur.space = had_space;
                    cur.punct = had_punct;
                }
            }
            _ => {}
        }
    }

    /// `custom<Name>(args)`: the dialect's hook prints the arguments.
    fn print_custom_directive(&mut self, num: &Numbering, op: u32, cur: &FmtCursor<'a>, name: &str, args: &[Elem]) {
        let ctx = self.ctx;
        let dialect = crate::dialect::split_dialect(&cur.def.name).unwrap_or("");
        let Some(hook) = ctx.custom_directive(dialect, name).map(|d| d.print.clone()) else {
            self.out.push_str("<<custom directive without hooks>>");
            return;
        };
        let values = self.directive_args(op, cur, args);
        let mut hp = HookPrinter { p: self, num, indent: cur.indent };
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| hook(&mut hp, &values))).is_err() {
            self.out.push_str("<<custom directive printer panicked>>");
        }
    }

    /// What a custom directive's hooks get for its arguments.
    fn directive_args(&self, op: u32, cur: &FmtCursor<'a>, args: &[Elem]) -> Vec<PrintArg> {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        args.iter()
            .map(|a| match a {
                Elem::Operand(i) => {
                    PrintArg::Operands(cur.operands[*i].clone().map(|k| PrintedValue(d.operands[k].value)).collect())
                }
                Elem::Type { var, .. } => PrintArg::Types(
                    self.group_values(op, cur, *var)
                        .into_iter()
                        .map(|v| match v {
                            ValueOrType::Operand(v) => ctx.value_type_ref(v),
                            ValueOrType::Result(t) => t,
                        })
                        .collect(),
                ),
                Elem::Attr(i) | Elem::QualifiedAttr(i) => {
                    PrintArg::Attr(self.inherent(op, &cur.def.attributes[*i].name))
                }
                Elem::Successor(i) => {
                    let variadic = cur.def.variadic_successors && *i == cur.def.num_successors;
                    let take = if variadic { usize::MAX } else { 1 };
                    PrintArg::Successors(
                        d.successors().iter().skip(*i).take(take).map(|s| PrintedBlock(s.block)).collect(),
                    )
                }
                Elem::Region(i) => {
                    let entry = d.regions().get(*i).map(|&r| ctx.ir.regions.get(r).first_block).filter(|&b| b != NONE);
                    PrintArg::RegionArgs(entry.map_or_else(Vec::new, |b| {
                        let n = ctx.ir.blocks.get(b).args.len() as u32;
                        (0..n).map(|k| PrintedValue(ValueRef::block_arg(b, k))).collect()
                    }))
                }
                _ => PrintArg::Other,
            })
            .collect()
    }

    pub(crate) fn print_attr_as(&mut self, a: Attribute, spelling: &AttrSpelling) {
        let ctx = self.ctx;
        match (spelling, ctx.attr_kind(a)) {
            (AttrSpelling::SymbolName, AttrKind::String { value, .. }) => {
                self.out.push('@');
                write_keyword_or_string(&String::from_utf8_lossy(value), &mut self.out);
            }
            (AttrSpelling::WithoutType(_), AttrKind::Integer { .. } | AttrKind::Float { .. }) => {
                self.print_attribute(a, Elision::Always)
            }
            (AttrSpelling::Type, AttrKind::Type(t)) => self.print_type(*t),
            (AttrSpelling::Enum(e), AttrKind::Integer { value, .. }) => {
                match value.to_i64(e.width).and_then(|v| e.stringify(v)) {
                    Some(k) => self.out.push_str(&k),
                    None => self.print_attribute(a, Elision::Never),
                }
            }
            (AttrSpelling::IntArray(_), AttrKind::DenseArray { .. }) => {
                // `array<i32: 30, 70>` without its `array<i32:` and `>`, in brackets.
                let full = crate::asm::print_attribute(ctx, a);
                let inner = full.split_once(':').map_or("", |(_, rest)| rest.trim_end_matches('>').trim());
                self.out.push('[');
                self.out.push_str(inner);
                self.out.push(']');
            }
            (AttrSpelling::Stripped(name), AttrKind::Dialect { def, params }) => {
                let body = ctx.attr_def(*def).ok().filter(|d| &d.qualified_name == name).and_then(|d| {
                    let asm = d.assembly.as_ref()?;
                    crate::asm::custom::call_params_printer(&asm.print, ctx, d, '#', params).ok()
                });
                match body {
                    Some(text) => self.out.push_str(&text),
                    None => self.print_attribute(a, Elision::Never),
                }
            }
            _ => self.print_attribute(a, Elision::Never),
        }
    }

    /// `attr-dict`: the op's attributes (inherent and discardable, sorted by name) except
    /// those the format prints elsewhere, segment sizes, and defaults left at their value.
    fn print_attr_dict(&mut self, op: u32, cur: &FmtCursor<'a>, open: &str) {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        let elided = ctx.registry.elided_attr_hooks.get(ctx.ident_str(d.name));
        let id = crate::ir::OpId { index: op, generation: ctx.ir.ops.generation(op) };
        let shows = |na: &NamedAttribute| {
            let n = ctx.ident_str(na.name);
            if elided.is_some_and(|hook| hook(ctx, id, n, na.value)) {
                return false;
            }
            match cur.def.attributes.iter().position(|s| s.name == n) {
                Some(i) => {
                    !cur.format.printed_attrs[i]
                        && (cur.def.attr_dict_shows_defaults
                            || cur.def.attribute_defaults.get(i).copied().flatten() != Some(na.value))
                }
                None => n != "operandSegmentSizes" && n != "resultSegmentSizes",
            }
        };
        // The common case (every inherent attribute printed by the format, nothing
        // discardable) allocates nothing.
        // With a `prop-dict` in the format, the properties print there, not here.
        let prop_dict = d.properties.is_some()
            && cur.format.program.iter().any(|ins| matches!(ins, crate::asm::format::Ins::Elem(Elem::PropDict)));
        let props_hidden =
            prop_dict || d.properties.map_or(true, |p| ctx.dictionary_entries(p).iter().all(|na| !shows(na)));
        if d.attrs.is_empty() && props_hidden {
            return;
        }
        // MLIR's `getAttrs()`: the discardable attributes, then the inherent ones (each
        // sorted), as `attributes {qux = "q", no_inline}` of a function.
        let mut all: Vec<NamedAttribute> = d.attrs.to_vec();
        all.sort_by(|a, b| ctx.ident_str(a.name).cmp(ctx.ident_str(b.name)));
        if let Some(p) = d.properties.filter(|_| !prop_dict) {
            let mut inherent = ctx.dictionary_entries(p).to_vec();
            inherent.sort_by(|a, b| ctx.ident_str(a.name).cmp(ctx.ident_str(b.name)));
            all.extend(inherent);
        }
        let shown: Vec<NamedAttribute> = all.into_iter().filter(|na| shows(na)).collect();
        if shown.is_empty() {
            return;
        }
        self.out.push_str(open);
        for (i, a) in shown.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            write_keyword_or_string(ctx.ident_str(a.name), &mut self.out);
            if !matches!(ctx.attr_kind(a.value), AttrKind::Unit) {
                self.out.push_str(" = ");
                self.print_attribute(a.value, Elision::Never);
            }
        }
        self.out.push('}');
    }

    /// `prop-dict`: the properties the format does not print elsewhere, as `<{...}>`.
    fn print_prop_dict(&mut self, op: u32, cur: &FmtCursor<'a>) {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        let Some(p) = d.properties else { return };
        let shown: Vec<NamedAttribute> = ctx
            .dictionary_entries(p)
            .iter()
            .copied()
            .filter(|na| {
                let n = ctx.ident_str(na.name);
                !cur.def.attributes.iter().enumerate().any(|(i, s)| s.name == n && cur.format.printed_attrs[i])
                    && n != "operandSegmentSizes"
                    && n != "resultSegmentSizes"
            })
            .collect();
        if shown.is_empty() {
            return;
        }
        self.out.push_str(" <{");
        for (i, a) in shown.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            write_keyword_or_string(ctx.ident_str(a.name), &mut self.out);
            self.out.push_str(" = ");
            self.print_attribute(a.value, Elision::Never);
        }
        self.out.push_str("}>");
    }
}

#[derive(Copy, Clone)]
enum ValueOrType {
    Operand(ValueRef),
    Result(Type),
}

/// [`DirectivePrinter`] over the printer.
struct HookPrinter<'p, 'a, 'n> {
    p: &'p mut Printer<'a>,
    num: &'n Numbering,
    /// The op's indentation, for [`DirectivePrinter::print_newline`].
    indent: usize,
}

impl DirectivePrinter for HookPrinter<'_, '_, '_> {
    fn context(&self) -> &crate::Context {
        self.p.ctx
    }
    fn write(&mut self, text: &str) {
        self.p.out.push_str(text);
    }
    fn print_value(&mut self, value: PrintedValue) {
        self.p.write_value(self.num, value.0);
    }
    fn print_optional_location(&mut self, value: PrintedValue) {
        if self.p.flags.debug_info && value.0.is_arg() {
            let v = value.0;
            let loc = self.p.ctx.ir.blocks.get(v.owner).args.get((v.number & !ARG_BIT) as usize).map(|a| a.loc.attr());
            if let Some(l) = loc {
                self.p.out.push(' ');
                self.p.print_location(l, false);
            }
        }
    }
    fn print_type(&mut self, ty: Type) {
        self.p.print_type(ty);
    }
    fn print_attribute(&mut self, attr: Attribute) {
        self.p.print_attribute(attr, Elision::Never);
    }
    fn print_successor(&mut self, block: PrintedBlock) {
        self.p.write_block_name(self.num, block.0);
    }
    fn print_newline(&mut self) {
        self.p.out.push('\n');
        push_spaces(&mut self.p.out, self.indent);
    }
    fn print_attribute_without_type(&mut self, attr: Attribute) {
        let start = self.p.out.len();
        self.p.print_attribute(attr, Elision::Always);
        let ty = match self.p.ctx.attr_kind(attr) {
            crate::attrs::AttrKind::DenseIntOrFloat { ty, .. }
            | crate::attrs::AttrKind::DenseString { ty, .. }
            | crate::attrs::AttrKind::DenseResource { ty, .. }
            | crate::attrs::AttrKind::SparseElements { ty, .. } => *ty,
            _ => return,
        };
        let suffix = format!(" : {}", crate::asm::print_type(self.p.ctx, ty));
        if self.p.out[start..].ends_with(&suffix) {
            let end = self.p.out.len() - suffix.len();
            self.p.out.truncate(end);
        }
    }
}
